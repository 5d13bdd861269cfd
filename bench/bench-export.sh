#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Map export side by side with Tiled's tmxrasterizer, in one run: writes a
# COLS × ROWS-hex La fleur au fusil map (hex size 30, four terrains in a
# fixed scatter) through the console, converts it to the equivalent TMX
# (sandtable-cli convert: one tile per terrain), then times
#   sandtable-cli render MAP.xml -o OUT.png --scale S
#   tmxrasterizer [-s S] MAP.tmx OUT.png
# at 1:1 and at a quarter scale, and the PDF export at 1:1, with wall time
# and peak RSS (/usr/bin/time -v). Figures go to docs/performance.md.
#
#   bench/bench-export.sh [BUILD_DIR] [COLS] [ROWS] [RUNS]
# Needs /usr/bin/time; tmxrasterizer (Debian package tiled) is optional.
set -eu

build=${1:-build}
cols=${2:-200}
rows=${3:-200}
runs=${4:-3}
cli="$build/src/cli/sandtable-cli"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sandtable-bench-export.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# The map: clear, forest, village and hill by a fixed hash of the hex.
awk -v cols="$cols" -v rows="$rows" -v out="$tmp/map.xml" 'BEGIN {
  printf "new lfaf1914 %dx%d\n", cols, rows
  split("clear forest village hill", names, " ")
  for (t = 2; t <= 4; t++) {
    line = "terrain " names[t]; n = 0
    for (c = 1; c <= cols; c++)
      for (r = 1; r <= rows; r++) {
        h = (c * 7919 + r * 104729 + c * r * 31) % 97
        if (h % 4 == t - 1) {
          fmt = (cols > 99 || rows > 99) ? "%03d%03d" : "%02d%02d"
          if (cols > 999 || rows > 999) fmt = "%04d%04d"
          line = line " " sprintf(fmt, c, r); n++
          if (n == 500) { print line; line = "terrain " names[t]; n = 0 }
        }
      }
    if (n > 0) print line
  }
  print "save " out
}' | "$cli" play >/dev/null
sed -i 's/hex-size="[0-9.]*"/hex-size="30"/' "$tmp/map.xml"
"$cli" convert "$tmp/map.xml" "$tmp/map.tmx" >/dev/null

measure () { # LABEL COMMAND… → "LABEL wall s cpu s rss MiB" (medians of $runs)
  label=$1; shift
  : >"$tmp/times"
  for i in $(seq "$runs"); do
    /usr/bin/time -v "$@" >/dev/null 2>"$tmp/time" || { cat "$tmp/time"; exit 1; }
    wall=$(sed -n 's/.*Elapsed (wall clock) time.*: //p' "$tmp/time" |
           awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }')
    cpu=$(sed -n 's/.*\(User\|System\) time (seconds): //p' "$tmp/time" |
          awk '{ s += $1 } END { print s }')
    rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$tmp/time")
    echo "$wall $cpu $rss" >>"$tmp/times"
  done
  for k in 1 2 3; do sort -n -k$k "$tmp/times" | awk -v k=$k '{ v[NR] = $k }
      END { print v[int((NR + 1) / 2)] }'; done | tr '\n' ' ' |
    awk -v label="$label" '{ printf "%-30s %7.2f s wall %7.2f s cpu %8.1f MiB\n", label, $1, $2,
                             $3 / 1024 }'
}

echo "map: ${cols}×${rows} hexes, $(nproc) cores, median of $runs"
measure "sandtable-cli render 1:1" "$cli" render "$tmp/map.xml" -o "$tmp/a.png" --scale 1 |
  tee "$tmp/r1"
if command -v tmxrasterizer >/dev/null 2>&1; then
  QT_QPA_PLATFORM=offscreen measure "tmxrasterizer 1:1" \
    tmxrasterizer "$tmp/map.tmx" "$tmp/b.png" | tee "$tmp/t1"
fi
measure "sandtable-cli render 1:4" "$cli" render "$tmp/map.xml" -o "$tmp/c.png" --scale 0.25 |
  tee "$tmp/r4"
if command -v tmxrasterizer >/dev/null 2>&1; then
  QT_QPA_PLATFORM=offscreen measure "tmxrasterizer 1:4" \
    tmxrasterizer -s 0.25 "$tmp/map.tmx" "$tmp/d.png" | tee "$tmp/t4"
  # Wall-time ratios, then CPU-time ratios (the steadier on a busy machine).
  for f in r1 t1 r4 t4; do awk '{ print $(NF - 7), $(NF - 4) }' "$tmp/$f"; done | tr '\n' ' ' |
    awk '{ printf "tmxrasterizer / sandtable-cli, wall: %.2f× at 1:1, %.2f× at 1:4; " \
                  "cpu: %.2f× at 1:1, %.2f× at 1:4\n", $3 / $1, $7 / $5, $4 / $2, $8 / $6 }'
fi
measure "sandtable-cli render 1:1 PDF" "$cli" render "$tmp/map.xml" -o "$tmp/e.pdf" --scale 1
ls -l "$tmp"/*.png "$tmp"/*.pdf | awk '{ printf "%s %.1f MB\n", $NF, $5 / 1e6 }' | sed "s|$tmp/||"
