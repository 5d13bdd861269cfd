#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Every language of po/LINGUAS is complete and well-formed against the
# messages the sources hold today: the template is extracted afresh as
# meson's glib preset extracts it (into a temporary folder, so the source
# tree is left alone), then for each language
#   - msgfmt --check (formats, plurals, header) passes,
#   - no message is fuzzy or untranslated (msgfmt --statistics), and
#   - every message of the template has a translation (msgmerge, then
#     msgattrib --untranslated), so a string
#     added to the sources without its translations fails here.
top=${1:?source directory}
cd "$top" || exit 1
command -v xgettext >/dev/null 2>&1 || { echo "xgettext is missing (package gettext)"; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# po/its/ holds the rules for the ruleset files (as meson's data_dirs).
GETTEXTDATADIRS="$PWD/po" xgettext --package-name=sandtable -p "$tmp" -f po/POTFILES.in -D "$top" -o sandtable.pot \
  --from-code=UTF-8 --add-comments \
  -k_ -kN_ -kC_:1c,2 -kNC_:1c,2 -kg_dcgettext:2 -kg_dngettext:2,3 -kg_dpgettext2:2c,3 \
  -kngettext:1,2 \
  --flag=N_:1:pass-c-format --flag=C_:2:pass-c-format --flag=NC_:2:pass-c-format \
  --flag=g_dngettext:2:pass-c-format --flag=g_strdup_printf:1:c-format \
  --flag=g_string_printf:2:c-format --flag=g_string_append_printf:2:c-format \
  --flag=g_error_new:3:c-format --flag=g_set_error:4:c-format \
  || { echo "xgettext failed"; exit 1; }

status=0
langs=$(grep -v '^#' po/LINGUAS | tr -s ' \t' '\n\n' | sed '/^$/d')
[ -n "$langs" ] || { echo "po/LINGUAS lists no language"; exit 1; }
for l in $langs; do
  po=po/$l.po
  [ -f "$po" ] || { echo "$po is missing"; status=1; continue; }
  if ! stats=$(LC_ALL=C msgfmt --check --statistics -o /dev/null "$po" 2>&1); then
    echo "$po: msgfmt --check failed:"; echo "$stats"; status=1; continue
  fi
  echo "$l: $stats"
  case "$stats" in
    *fuzzy*|*untranslated*) echo "$po has fuzzy or untranslated messages"; status=1 ;;
  esac
  # The language's catalogue brought up to today's template: whatever is
  # untranslated or fuzzy there is a message the sources hold without its
  # translation (or with a stale one).
  LC_ALL=C msgmerge -q --no-fuzzy-matching "$po" "$tmp/sandtable.pot" -o "$tmp/$l.po" \
    || { echo "msgmerge failed on $po"; status=1; continue; }
  case $(LC_ALL=C msgfmt --statistics -o /dev/null "$tmp/$l.po" 2>&1) in
    *fuzzy*|*untranslated*)
      echo "$po lacks translations of messages the sources hold:"
      LC_ALL=C msgattrib --untranslated --no-obsolete --no-wrap "$tmp/$l.po" \
        | grep -E '^(#: |msgid )' | grep -v '^msgid ""$' | head -40
      status=1 ;;
  esac
done
exit $status
