#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# seed-corpus.sh TARGET DIR: fills DIR (a working corpus, outside the source
# tree, e.g. build-fuzz/corpus-scenario) with the seed inputs of a fuzzer.
# The seeds are the repository's own files, referenced here rather than
# copied into fuzz/: TARGET is scenario, ruleset or console.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
target=$1
dir=$2
mkdir -p "$dir"
case $target in
  scenario)
    cp "$top/data/scenarios/demo.xml" "$top/tests/data/good/"*.xml "$dir/"
    cp "$top/tests/data/bad/"* "$dir/"
    ;;
  ruleset)
    cp "$top/data/rulesets/"*.xml "$dir/"
    # The bad scenarios are bad rulesets too (wrong root, DOCTYPE, entities…).
    cp "$top/tests/data/bad/"* "$dir/"
    ;;
  console)
    cp "$top/fuzz/corpus/console/"* "$dir/"
    ;;
  *)
    echo "usage: $0 scenario|ruleset|console DIR" >&2
    exit 2
    ;;
esac
