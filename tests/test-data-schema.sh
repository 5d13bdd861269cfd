#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Every XML file shipped under data/ validates against its RELAX NG schema,
# checked with xmllint so that the schema itself is proven usable by a tool
# other than our loader. Usage: test-data-schema.sh DATADIR
data=${1:?data directory}
status=0
n=0
check () {
  schema=$1; shift
  for f in "$@"; do
    [ -e "$f" ] || continue
    n=$((n + 1))
    if out=$(xmllint --noout --nonet --relaxng "$schema" "$f" 2>&1); then
      echo "ok $n - $(basename "$f") validates against $(basename "$schema")"
    else
      echo "not ok $n - $(basename "$f") validates against $(basename "$schema")"
      echo "$out" | sed 's/^/# /'
      status=1
    fi
  done
}
if ! command -v xmllint >/dev/null 2>&1; then
  echo "1..0 # SKIP xmllint is not installed (Debian package libxml2-utils)"
  exit 0
fi
check "$data/schema/scenario.rng" "$data"/scenarios/*.xml
check "$data/schema/ruleset.rng" "$data"/rulesets/*.xml
echo "1..$n"
exit $status
