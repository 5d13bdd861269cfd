#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Every file with a translatable string is listed in po/POTFILES.in, every
# listed file exists, and xgettext can extract them all.
top=${1:?source directory}
cd "$top" || exit 1
status=0
listed=$(grep -v '^#' po/POTFILES.in | sed '/^$/d')

for f in $listed; do
  [ -f "$f" ] || { echo "po/POTFILES.in lists $f, which does not exist"; status=1; }
done

for f in $(grep -rlE '(^|[^A-Za-z0-9_])(_|N_|C_|NC_)\(|translatable="yes"' \
             src data/ui data/editor 2>/dev/null | sort); do
  case "$f" in
    *.in|*.xml|*.ui|*.c) ;;
    *) continue ;;
  esac
  echo "$listed" | grep -qxF "$f" || { echo "$f has translatable strings but is not in po/POTFILES.in"; status=1; }
done

if command -v xgettext >/dev/null 2>&1; then
  out=$(mktemp)
  if ! GETTEXTDATADIRS="$PWD/po" xgettext --from-code=UTF-8 -k_ -kN_ -kC_:1c,2 -kNC_:1c,2 --files-from=po/POTFILES.in \
         --directory="$top" -o "$out" 2>"$out.err"; then
    cat "$out.err"
    status=1
  fi
  rm -f "$out" "$out.err"
fi
exit $status
