#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The shipped scenarios are exactly what tools/build-scenarios.py makes of
# their sources in data/scenarios/src/: rebuild them into a temporary folder
# and compare byte for byte, so a hand edit of a generated file (or a source
# edit without a rebuild) fails here. With SANDTABLE_CLI set (meson does),
# every rebuilt scenario must also validate without a single problem.
# Usage: test-scenarios-build.sh SRCROOT
root=${1:?source root}
if ! command -v python3 >/dev/null 2>&1; then
  echo "python3 is not installed: skipped" >&2
  exit 77
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
if ! python3 "$root/tools/build-scenarios.py" --src "$root/data/scenarios/src" --out "$tmp" \
     >"$tmp/list" 2>"$tmp/err"; then
  echo "build-scenarios.py failed:" >&2
  cat "$tmp/err" >&2
  exit 1
fi
status=0
n=0
for f in "$tmp"/*.xml; do
  [ -e "$f" ] || continue
  n=$((n + 1))
  name=$(basename "$f")
  if ! cmp -s "$f" "$root/data/scenarios/$name"; then
    echo "data/scenarios/$name differs from what tools/build-scenarios.py builds:" >&2
    diff -u "$root/data/scenarios/$name" "$f" | head -40 >&2
    status=1
  fi
  if [ -n "$SANDTABLE_CLI" ] && [ -x "$SANDTABLE_CLI" ]; then
    if ! out=$("$SANDTABLE_CLI" validate "$f" 2>&1) || [ -n "$out" ]; then
      echo "$name does not validate cleanly:" >&2
      echo "$out" >&2
      status=1
    fi
  fi
done
if [ "$n" -eq 0 ]; then
  echo "build-scenarios.py built no scenario" >&2
  exit 1
fi
[ "$status" -eq 0 ] && echo "$n scenarios rebuilt identically"
exit $status
