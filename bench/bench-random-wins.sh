#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# How often each side wins when both play the random policy: GAMES seeded
# games (seeds 1…GAMES) of every shipped scenario, one bench-ai match line
# each (wins, draws, Wilson 95% intervals). A smoke test that every
# scenario plays to its end, not a verdict on balance (docs/scenarios.md).
# Usage: bench-random-wins.sh BUILDDIR [GAMES]
build=${1:?build directory}
games=${2:-200}
root=$(cd "$(dirname "$0")/.." && pwd)
for f in "$root"/data/scenarios/*.xml; do
  SANDTABLE_DATADIR="$root/data" nice "$build/bench/bench-ai" match "$f" random random \
    "$games" 8 1 || echo "{\"scenario\":\"$f\",\"failed\":true}"
done
