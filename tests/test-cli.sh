#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# sandtable-cli end to end: validate's exit codes, info, render, and play
# driven through a pipe one line at a time. Prints TAP; exits non-zero when a
# check fails. Needs SANDTABLE_CLI (and SANDTABLE_DATADIR, SANDTABLE_SRCDIR),
# which tests/meson.build sets.

cli=${SANDTABLE_CLI:?SANDTABLE_CLI is not set}
datadir=${SANDTABLE_DATADIR:-$(dirname "$0")/../data}
srcdir=${SANDTABLE_SRCDIR:-$(dirname "$0")/..}
baddir="$srcdir/tests/data/bad"
demo="$datadir/scenarios/demo.xml"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/sandtable-cli-test.XXXXXX") || exit 99
cli_pid=
watchdog_pid=
cleanup () {
  [ -n "$cli_pid" ] && kill "$cli_pid" 2>/dev/null
  [ -n "$watchdog_pid" ] && kill "$watchdog_pid" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

n=0
failed=0
ok () {
  n=$((n + 1))
  echo "ok $n - $1"
}
not_ok () {
  n=$((n + 1))
  failed=$((failed + 1))
  echo "not ok $n - $1"
  shift
  for line in "$@"; do
    echo "# $line"
  done
}
skip () {
  n=$((n + 1))
  echo "ok $n - $1 # SKIP $2"
}
# check NAME EXPECTED_STATUS COMMAND…: runs the command, output in $tmp/out.
check_status () {
  name=$1
  want=$2
  shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"
  got=$?
  if [ "$got" -eq "$want" ]; then
    ok "$name"
  else
    not_ok "$name" "exit status $got, expected $want" "$(head -c 2000 "$tmp/out" "$tmp/err")"
  fi
}
contains () {
  grep -F -q -- "$2" "$1"
}

# {{{ Generic options

check_status "--help exits 0" 0 "$cli" --help
if contains "$tmp/out" "validate" && contains "$tmp/out" "play"; then
  ok "--help lists the commands"
else
  not_ok "--help lists the commands" "$(cat "$tmp/out")"
fi
check_status "--version exits 0" 0 "$cli" --version
if contains "$tmp/out" "sandtable-cli "; then ok "--version names the program"
else not_ok "--version names the program" "$(cat "$tmp/out")"; fi
check_status "an unknown command exits 2" 2 "$cli" frobnicate
check_status "no command exits 2" 2 "$cli"
check_status "play --help exits 0" 0 "$cli" play --help

# }}}
# {{{ play: a script, a round trip through a file, and a pipe

cat >"$tmp/build.txt" <<EOF
# A small map built line by line.
new fpw1870 10x8
title "Cli test"

turns 3 first=german
terrain rough 0404 0405
hexside 0505 n river,bridge
rail 0101 0102 0202
road 0707 0708
country germany 1001 1002
fort 0405 french 6 "Metz" capacity=2
marker supply 1001 german name=S
marker entry 1005 german group=2
unit fr-2 french combat 0405 strength=6 name="II Corps"
unit de-1 german combat 1005 strength=5 arrive=2 entry=2
terrain swamp 0101
save $tmp/built.xml
EOF
check_status "play --script exits 0" 0 "$cli" play --seed 3 --script "$tmp/build.txt"
lines=$(wc -l <"$tmp/out")
if [ "$lines" -eq 15 ]; then
  ok "play answers each command with one line, comments and blank lines with none"
else
  not_ok "play answers each command with one line, comments and blank lines with none" \
    "$lines lines:" "$(cat "$tmp/out")"
fi
if [ "$(sed -n 1p "$tmp/out")" = '{"ok":true,"ruleset":"fpw1870","size":"10x8"}' ] \
   && [ "$(sed -n 2p "$tmp/out")" = '{"ok":true}' ]; then
  ok "play answers new and terrain"
else
  not_ok "play answers new and terrain" "$(head -2 "$tmp/out")"
fi
if sed -n 14p "$tmp/out" | grep -q '^{"ok":false,"error":"Unknown terrain .swamp.'; then
  ok "play refuses an unknown terrain with a sentence naming it"
else
  not_ok "play refuses an unknown terrain with a sentence naming it" "$(sed -n 14p "$tmp/out")"
fi
if [ "$(sed -n 15p "$tmp/out")" = "{\"ok\":true,\"path\":\"$tmp/built.xml\"}" ] \
   && [ -s "$tmp/built.xml" ]; then
  ok "play saves the scenario it built"
else
  not_ok "play saves the scenario it built" "$(sed -n 15p "$tmp/out")"
fi

# The same script from stdin gives the same answers (and the same seed does).
cp "$tmp/out" "$tmp/first"
"$cli" play --seed 3 <"$tmp/build.txt" >"$tmp/second" 2>"$tmp/err"
if cmp -s "$tmp/first" "$tmp/second"; then
  ok "play answers the same from stdin as from a script"
else
  not_ok "play answers the same from stdin as from a script" "$(diff "$tmp/first" "$tmp/second")"
fi

check_status "play of a missing script exits 2" 2 "$cli" play --script "$tmp/none.txt"
check_status "play of an unreadable scenario exits 2" 2 "$cli" play "$tmp/none.xml"

if [ -s "$tmp/built.xml" ]; then
  printf 'state\n' | "$cli" play "$tmp/built.xml" >"$tmp/out" 2>"$tmp/err"
  if contains "$tmp/out" '"id":"fr-2"' && contains "$tmp/out" '"hex":"0405"'; then
    ok "play FILE starts from the saved scenario"
  else
    not_ok "play FILE starts from the saved scenario" "$(cat "$tmp/out" "$tmp/err")"
  fi
else
  skip "play FILE starts from the saved scenario" "no saved scenario"
fi

# Through a pipe: send one line, read its answer, only then send the next.
# If the answers were not flushed line by line, the first read would wait
# for the end of input and the watchdog would end the test.
mkfifo "$tmp/to_cli" "$tmp/from_cli" || exit 99
"$cli" play --seed 1 <"$tmp/to_cli" >"$tmp/from_cli" 2>"$tmp/pipe_err" &
cli_pid=$!
( sleep 60; kill "$cli_pid" 2>/dev/null ) >/dev/null 2>&1 &
watchdog_pid=$!
exec 3>"$tmp/to_cli" 4<"$tmp/from_cli"
pipe_ok=yes
ask () {
  printf '%s\n' "$1" >&3
  if ! IFS= read -r answer <&4; then
    not_ok "play through a pipe answers '$1'" "no answer (not flushed, or it died)"
    pipe_ok=no
    return 1
  fi
  if [ "$answer" != "$2" ]; then
    not_ok "play through a pipe answers '$1'" "got:      $answer" "expected: $2"
    pipe_ok=no
    return 1
  fi
  return 0
}
ask 'new lfaf1914 6x5' '{"ok":true,"ruleset":"lfaf1914","size":"6x5"}' \
  && ask 'terrain forest 0303' '{"ok":true}' \
  && printf '# a comment gets no answer\n\n' >&3 \
  && ask 'fly 0101' '{"ok":false,"error":"unknown command '"'fly'"'"}' \
  && ask 'unit a french infantry 0202 steps=4' '{"ok":true}' \
  && ask 'turns 4' '{"ok":true}' \
  && ask 'info' '{"ok":true,"title":null,"ruleset":"lfaf1914","size":"6x5",'\
'"orientation":"flat","stagger":"even","turns":4,"counters":1,"markers":0,"oobs":1}'
exec 3>&-
wait "$cli_pid"
status=$?
cli_pid=
exec 4<&-
kill "$watchdog_pid" 2>/dev/null
watchdog_pid=
if [ "$pipe_ok" = yes ]; then
  ok "play through a pipe answers each line before the next is sent"
fi
if [ "$status" -eq 0 ]; then
  ok "play exits 0 at the end of its input"
else
  not_ok "play exits 0 at the end of its input" "status $status" "$(cat "$tmp/pipe_err")"
fi

# }}}
# {{{ validate

if [ -s "$tmp/built.xml" ]; then
  check_status "validate exits 0 on a clean file" 0 "$cli" validate "$tmp/built.xml"
  if [ ! -s "$tmp/out" ]; then ok "validate prints nothing for a clean file"
  else not_ok "validate prints nothing for a clean file" "$(cat "$tmp/out")"; fi
else
  skip "validate exits 0 on a clean file" "no saved scenario"
fi

if [ -f "$demo" ]; then
  check_status "validate exits 0 on the shipped demo" 0 "$cli" validate "$demo"
  check_status "info exits 0 on the demo" 0 "$cli" info "$demo"
  if grep -E -q '^Map: [0-9]+x[0-9]+' "$tmp/out"; then ok "info shows the map size as COLSxROWS"
  else not_ok "info shows the map size as COLSxROWS" "$(cat "$tmp/out")"; fi
else
  skip "validate exits 0 on the shipped demo" "no $demo yet"
fi

if [ -s "$tmp/built.xml" ]; then
  check_status "info exits 0" 0 "$cli" info "$tmp/built.xml"
  if contains "$tmp/out" "Map: 10x8" && contains "$tmp/out" "Ruleset: fpw1870" \
     && grep -E -q 'rough +2$' "$tmp/out" && grep -E -q 'french +combat +1$' "$tmp/out"; then
    ok "info shows ruleset, COLSxROWS, terrain histogram and counters per side and type"
  else
    not_ok "info shows ruleset, COLSxROWS, terrain histogram and counters per side and type" \
      "$(cat "$tmp/out")"
  fi
fi
check_status "info of a missing file exits 2" 2 "$cli" info "$tmp/none.xml"

# A file that loads but breaks a rule of the format: a problem, exit 1.
cat >"$tmp/problems.txt" <<EOF
new fpw1870 6x6
unit late german combat 0606 strength=3 arrive=99
save $tmp/problems.xml
EOF
"$cli" play --script "$tmp/problems.txt" >/dev/null 2>&1
if [ -s "$tmp/problems.xml" ]; then
  check_status "validate exits 1 on a file with problems" 1 "$cli" validate "$tmp/problems.xml"
  if grep -E -q "^$tmp/problems.xml:[0-9]+: (error|warning): " "$tmp/out"; then
    ok "validate prints FILE:LINE: error|warning: message"
  else
    not_ok "validate prints FILE:LINE: error|warning: message" "$(cat "$tmp/out" "$tmp/err")"
  fi
else
  skip "validate exits 1 on a file with problems" "could not build one"
fi

check_status "validate of a missing file exits 2" 2 "$cli" validate "$tmp/none.xml"
if grep -q "none.xml" "$tmp/out" "$tmp/err"; then ok "validate names the unreadable file"
else not_ok "validate names the unreadable file" "$(cat "$tmp/out" "$tmp/err")"; fi

printf 'not xml at all\n' >"$tmp/garbage.xml"
check_status "validate of a file that is not XML exits 2" 2 "$cli" validate "$tmp/garbage.xml"
if grep -E -q "garbage.xml:[0-9]+:" "$tmp/out" "$tmp/err"; then
  ok "validate prints the load error as FILE:LINE"
else
  not_ok "validate prints the load error as FILE:LINE" "$(cat "$tmp/out" "$tmp/err")"
fi

found_bad=no
for bad in "$baddir"/*.xml; do
  [ -f "$bad" ] || continue
  found_bad=yes
  "$cli" validate "$bad" >"$tmp/out" 2>"$tmp/err"
  status=$?
  name=$(basename "$bad")
  if [ "$status" -eq 1 ] || [ "$status" -eq 2 ]; then
    ok "validate refuses tests/data/bad/$name (exit $status)"
  else
    not_ok "validate refuses tests/data/bad/$name" "exit status $status" "$(cat "$tmp/out")"
  fi
done
[ "$found_bad" = yes ] || skip "validate refuses the bad-input corpus" "no tests/data/bad/*.xml yet"

# Several files: the worst status wins.
if [ -s "$tmp/built.xml" ]; then
  check_status "validate of a good and a missing file exits 2" 2 \
    "$cli" validate "$tmp/built.xml" "$tmp/none.xml"
fi

# }}}
# {{{ render

if [ -s "$tmp/built.xml" ]; then
  "$cli" render "$tmp/built.xml" -o "$tmp/map.png" >"$tmp/out" 2>"$tmp/err"
  status=$?
  if [ "$status" -eq 0 ] && [ -s "$tmp/map.png" ] \
     && [ "$(head -c 4 "$tmp/map.png" | od -An -c | tr -d ' ')" = '211PNG' ]; then
    ok "render writes a PNG"
  else
    not_ok "render writes a PNG" "exit status $status" "$(cat "$tmp/err")"
  fi
else
  skip "render writes a PNG" "no saved scenario"
fi

# }}}

# {{{ play a game saved by the editor

# The editor's Save Game: the log ("seed", actions), "%%scenario", the XML.
# Played on, it stands where the same actions leave a fresh game of the
# scenario with that seed.
{
  printf 'seed 5\nend-phase\nend-phase\n%%%%scenario\n'
  cat "$demo"
} >"$tmp/saved.sandgame"
printf 'state\n' | "$cli" play "$tmp/saved.sandgame" >"$tmp/saved.out" 2>"$tmp/err"
status=$?
printf 'end-phase\nend-phase\nstate\n' | "$cli" play --seed 5 "$demo" 2>/dev/null \
  | tail -n 1 >"$tmp/fresh.out"
if [ "$status" -eq 0 ] && contains "$tmp/saved.out" '"ok":true' \
   && cmp -s "$tmp/saved.out" "$tmp/fresh.out"; then
  ok "play goes on from a game saved by the editor"
else
  not_ok "play goes on from a game saved by the editor" "exit status $status" \
    "$(head -c 600 "$tmp/saved.out" "$tmp/fresh.out" "$tmp/err")"
fi
{
  printf 'seed 5\nmove nobody 0101\n%%%%scenario\n'
  cat "$demo"
} >"$tmp/broken.sandgame"
check_status "play of a saved game that does not replay exits 2" 2 \
  "$cli" play "$tmp/broken.sandgame"
if contains "$tmp/err" "line 2"; then
  ok "a saved game that does not replay names its line"
else
  not_ok "a saved game that does not replay names its line" "$(cat "$tmp/err")"
fi

# }}}

# convert {{{

check_status "convert a scenario to a Tiled map exits 0" 0 "$cli" convert "$demo" "$tmp/demo.tmx"
if [ -s "$tmp/demo.tmx" ] && [ -s "$tmp/demo-tiles.png" ]; then
  ok "convert writes the TMX and its tileset image beside it"
else
  not_ok "convert writes the TMX and its tileset image beside it"
fi
check_status "convert the Tiled map back to a scenario exits 0" 0 \
  "$cli" convert "$tmp/demo.tmx" "$tmp/demo-back.xml"
"$cli" info "$demo" | grep -v '^Counters\|^  \|^Orders' >"$tmp/info-a"
"$cli" info "$tmp/demo-back.xml" | grep -v '^Counters\|^  \|^Orders' >"$tmp/info-b"
if cmp -s "$tmp/info-a" "$tmp/info-b"; then
  ok "the map survives scenario -> TMX -> scenario"
else
  not_ok "the map survives scenario -> TMX -> scenario" "$(diff "$tmp/info-a" "$tmp/info-b")"
fi
check_status "convert to a VASSAL module exits 0" 0 "$cli" convert "$demo" "$tmp/demo.vmod"
check_status "convert to an unknown format exits 2" 2 "$cli" convert "$demo" "$tmp/demo.docx"
if contains "$tmp/err" ".vmod"; then
  ok "an unknown output format names the ones there are"
else
  not_ok "an unknown output format names the ones there are" "$(cat "$tmp/err")"
fi
printf '<?xml version="1.0"?>\n<map orientation="orthogonal" width="2" height="2" tilewidth="8" tileheight="8"/>\n' \
  >"$tmp/square.tmx"
check_status "convert of an orthogonal Tiled map exits 2" 2 \
  "$cli" convert "$tmp/square.tmx" "$tmp/square.xml"
if contains "$tmp/err" "square.tmx:2:" && [ ! -e "$tmp/square.xml" ]; then
  ok "a refused Tiled map names file and line and writes nothing"
else
  not_ok "a refused Tiled map names file and line and writes nothing" "$(cat "$tmp/err")"
fi

# }}}

# balance (issue 16) {{{
lfaf1="$datadir/scenarios/lfaf1914-1-rossignol.xml"
check_status "balance on one thread exits 0" 0 \
  "$cli" balance "$lfaf1" --games 6 --seed 11 --french random --jobs 1 -o "$tmp/bal-j1.json" \
  --csv "$tmp/bal-j1.csv"
check_status "balance on two threads exits 0" 0 \
  "$cli" balance "$lfaf1" --games 6 --seed 11 --french random --jobs 2 -o "$tmp/bal-j2.json" \
  --csv "$tmp/bal-j2.csv"
if cmp -s "$tmp/bal-j1.json" "$tmp/bal-j2.json" && cmp -s "$tmp/bal-j1.csv" "$tmp/bal-j2.csv"; then
  ok "balance --jobs 1 and --jobs 2 write the same bytes"
else
  not_ok "balance --jobs 1 and --jobs 2 write the same bytes" \
    "$(cmp "$tmp/bal-j1.json" "$tmp/bal-j2.json")"
fi
if [ "$(wc -l <"$tmp/bal-j1.csv")" -eq 7 ] && contains "$tmp/bal-j1.json" '"games":6'; then
  ok "balance writes one CSV row a game and the games in the JSON"
else
  not_ok "balance writes one CSV row a game and the games in the JSON" "$(cat "$tmp/bal-j1.csv")"
fi
for i in 1 2; do
  "$cli" balance "$lfaf1" --games 6 --seed 11 --french random --shard $i/2 \
    -o "$tmp/bal-s$i.json" 2>/dev/null
done
check_status "balance --merge of the two shards exits 0" 0 \
  "$cli" balance --merge "$tmp/bal-s2.json" "$tmp/bal-s1.json" -o "$tmp/bal-merged.json"
if cmp -s "$tmp/bal-merged.json" "$tmp/bal-j1.json"; then
  ok "shards 1/2 and 2/2 merged are the whole run's report"
else
  not_ok "shards 1/2 and 2/2 merged are the whole run's report" \
    "$(cmp "$tmp/bal-merged.json" "$tmp/bal-j1.json")"
fi
check_status "balance --merge of one shard of two exits 1" 1 \
  "$cli" balance --merge "$tmp/bal-s2.json" -o "$tmp/bal-part.json"
if contains "$tmp/err" "No shard holds games 0 to 2"; then
  ok "a merge with games missing says which"
else
  not_ok "a merge with games missing says which" "$(cat "$tmp/err")"
fi
check_status "balance with an unknown player exits 2" 2 \
  "$cli" balance "$lfaf1" --games 1 --german clever
check_status "balance with an order of battle the scenario lacks exits 2" 2 \
  "$cli" balance "$lfaf1" --games 1 --oob fr-1,nope
# }}}

echo "1..$n"
[ "$failed" -eq 0 ]
