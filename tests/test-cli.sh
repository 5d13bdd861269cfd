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

# validate speaks the user's language (the build tree's catalogues, which
# sand_locale_init() binds when run from there); the error|warning keyword
# stays English for the tools that read it.
fr_locale=$(locale -a 2>/dev/null | grep -i -m1 '^fr_FR\.utf-\?8$')
if [ -z "$fr_locale" ]; then
  skip "validate speaks French under LC_ALL=fr_FR.UTF-8" "no fr_FR.UTF-8 locale"
  skip "the console's refusals speak French under LC_ALL=fr_FR.UTF-8" "no fr_FR.UTF-8 locale"
elif [ ! -s "$tmp/problems.xml" ]; then
  skip "validate speaks French under LC_ALL=fr_FR.UTF-8" "could not build a file with problems"
else
  LC_ALL=$fr_locale LANGUAGE= "$cli" validate "$tmp/problems.xml" >"$tmp/out" 2>"$tmp/err"
  if grep -E -q "^$tmp/problems.xml:[0-9]+: (error|warning): Le renfort late arrive au tour 99" \
       "$tmp/out"; then
    ok "validate speaks French under LC_ALL=fr_FR.UTF-8"
  else
    not_ok "validate speaks French under LC_ALL=fr_FR.UTF-8" "$(cat "$tmp/out" "$tmp/err")"
  fi
  LC_ALL=$fr_locale LANGUAGE= "$cli" validate --help >"$tmp/out" 2>"$tmp/err"
  if contains "$tmp/out" "une ligne par problème"; then
    ok "validate --help speaks French under LC_ALL=fr_FR.UTF-8"
  else
    not_ok "validate --help speaks French under LC_ALL=fr_FR.UTF-8" "$(cat "$tmp/out")"
  fi
  # A loader error (the editor's banner shows the same message after a
  # failed open) and the console's refusals, whose JSON keys stay English.
  LC_ALL=$fr_locale LANGUAGE= "$cli" validate "$baddir/duplicate-hex.xml" >"$tmp/out" 2>"$tmp/err"
  if grep -q "duplicate-hex.xml:[0-9]*: error: l’hexagone 0101 figure deux fois (d’abord à la ligne" \
       "$tmp/out" "$tmp/err"; then
    ok "a loader error speaks French under LC_ALL=fr_FR.UTF-8"
  else
    not_ok "a loader error speaks French under LC_ALL=fr_FR.UTF-8" "$(cat "$tmp/out" "$tmp/err")"
  fi
  printf '%s\n' 'new fpw1870 10x8' 'terrain swamp 0101' 'unit a french combat 0101 strength=-2' \
    'place 0101 "Metz' >"$tmp/refusals.txt"
  LC_ALL=$fr_locale LANGUAGE= "$cli" play --script "$tmp/refusals.txt" >"$tmp/out" 2>"$tmp/err"
  # French puts a no-break space inside « ».
  refused='{"ok":false,"error":'
  if [ "$(sed -n 2p "$tmp/out")" \
         = "$refused\"Terrain inconnu « swamp » (les terrains sont clear, rough).\"}" ] \
     && [ "$(sed -n 3p "$tmp/out")" \
            = "$refused\"Le champ « force » doit valoir au moins 0, pas -2.\"}" ] \
     && [ "$(sed -n 4p "$tmp/out")" = "$refused\"Un guillemet double n’est pas fermé.\"}" ]; then
    ok "the console's refusals speak French under LC_ALL=fr_FR.UTF-8"
  else
    not_ok "the console's refusals speak French under LC_ALL=fr_FR.UTF-8" \
      "$(cat "$tmp/out" "$tmp/err")"
  fi
fi

# validate checks a ruleset file as well: the loader's message, with the
# file's line, and the file's own words (<terrain>) kept as written.
cat >"$tmp/ruleset.xml" <<'EOF'
<?xml version="1.0"?>
<ruleset xmlns="https://sandtable.github.io/ns/1" version="1" id="broken">
<sides><side id="a"/><side id="b"/></sides>
<terrains><terrain id="clear"/>
<terrain id="clear"/></terrains>
</ruleset>
EOF
check_status "validate of a broken ruleset exits 2" 2 "$cli" validate "$tmp/ruleset.xml"
if grep -q -F "ruleset.xml:5: error: <terrain> “clear” is defined twice" "$tmp/out"; then
  ok "validate says where a ruleset is broken and why"
else
  not_ok "validate says where a ruleset is broken and why" "$(cat "$tmp/out" "$tmp/err")"
fi
check_status "validate of a shipped ruleset exits 0" 0 "$cli" validate \
  "$srcdir/data/rulesets/fpw1870.xml" "$srcdir/data/rulesets/lfaf1914.xml"

# Every subcommand's help and the ruleset loader speak the user's
# language under LANGUAGE=fr LANG=fr_FR.UTF-8, as a French desktop sets them.
fr_locale=$(locale -a 2>/dev/null | grep -i -m1 '^fr_FR\.utf-\?8$')
if [ -z "$fr_locale" ]; then
  skip "every subcommand's --help speaks French" "no fr_FR.UTF-8 locale"
  skip "validate of a broken ruleset speaks French" "no fr_FR.UTF-8 locale"
else
  english=
  for sub in validate info render print-kit play balance convert; do
    LC_ALL= LANGUAGE=fr LANG=$fr_locale "$cli" $sub --help >"$tmp/out" 2>&1
    # Our summary and options, in French: no English option text left.
    english_words='^  -.*  (Write|Read|Play|Games|Threads|Switch|Merge|Every|The) '
    if grep -q -E "\\((default|Default)|$english_words" "$tmp/out" \
       || ! grep -q -E '[éèàçù]' "$tmp/out"; then
      english="$english $sub"
    fi
  done
  LC_ALL= LANGUAGE=fr LANG=$fr_locale "$cli" balance --help >"$tmp/out" 2>&1
  if [ -z "$english" ] && contains "$tmp/out" "Parties par appariement (100 par défaut)" \
     && contains "$tmp/out" "La partie i sur N se joue avec la graine S+i"; then
    ok "every subcommand's --help speaks French"
  else
    not_ok "every subcommand's --help speaks French" "English in:$english" "$(cat "$tmp/out")"
  fi
  LC_ALL= LANGUAGE=fr LANG=$fr_locale "$cli" validate "$tmp/ruleset.xml" >"$tmp/out" 2>&1
  if grep -q -F "ruleset.xml:5: error: <terrain> « clear » est défini deux fois" "$tmp/out"; then
    ok "validate of a broken ruleset speaks French"
  else
    not_ok "validate of a broken ruleset speaks French" "$(cat "$tmp/out")"
  fi
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

{
  printf 'seed 5\nend-phase\n%%%%scenario\n'
  cat "$baddir/unknown-terrain.xml"
} >"$tmp/bad-xml.sandgame"
check_status "play of a saved game with a bad scenario exits 2" 2 \
  "$cli" play "$tmp/bad-xml.sandgame"
# The XML's line 5 is the file's line 8, after the log and the separator.
if contains "$tmp/err" "bad-xml.sandgame:8: "; then
  ok "a saved game's XML error names the file's line"
else
  not_ok "a saved game's XML error names the file's line" "$(cat "$tmp/err")"
fi
for seed in -1 18446744073709551616 five; do
  check_status "play --seed $seed exits 2" 2 "$cli" play --seed "$seed" "$demo"
  if contains "$tmp/err" "the seed “$seed” is not a whole number from 0 to 18446744073709551615"; then
    ok "play --seed $seed says what a seed may be"
  else
    not_ok "play --seed $seed says what a seed may be" "$(cat "$tmp/err")"
  fi
done
printf 'ai fast seed=-1\n' | "$cli" play "$demo" >"$tmp/out" 2>"$tmp/err"
if contains "$tmp/out" '"ok":false' && contains "$tmp/out" "The seed cannot be negative."; then
  ok "the console's ai refuses a negative seed"
else
  not_ok "the console's ai refuses a negative seed" "$(cat "$tmp/out" "$tmp/err")"
fi
printf 'vp\n' >"$tmp/vp.txt"
check_status "play --seed 18446744073709551615 exits 0" 0 \
  "$cli" play --seed 18446744073709551615 --script "$tmp/vp.txt" "$demo"
{
  printf 'seed -5\n%%%%scenario\n'
  cat "$demo"
} >"$tmp/negative-seed.sandgame"
check_status "play of a saved game with a negative seed exits 2" 2 \
  "$cli" play "$tmp/negative-seed.sandgame"
if contains "$tmp/err" "line 1: the seed “-5” is not a whole number"; then
  ok "a saved game's negative seed is refused with its line"
else
  not_ok "a saved game's negative seed is refused with its line" "$(cat "$tmp/err")"
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

# {{{ play --french/--german: the computer player (docs/ai.md)

neuf="$datadir/scenarios/lfaf1914-2-neufchateau.xml"
check_status "play with two computer players exits 0" 0 \
  "$cli" play "$neuf" --seed 1 --french fast --german random
if [ "$(wc -l <"$tmp/out")" -eq 1 ] && contains "$tmp/out" '"over":true' \
   && contains "$tmp/out" '"winner":"french"'; then
  ok "a headless game prints its result, the fast French beating random Germans"
else
  not_ok "a headless game prints its result, the fast French beating random Germans" \
    "$(cat "$tmp/out")"
fi
"$cli" play "$neuf" --seed 1 --french fast --german random >"$tmp/again" 2>&1
if cmp -s "$tmp/out" "$tmp/again"; then
  ok "the same seed plays the same game"
else
  not_ok "the same seed plays the same game" "$(cat "$tmp/out" "$tmp/again")"
fi
check_status "play --phases answers every computer phase" 0 \
  "$cli" play "$neuf" --seed 2 --french fast --german fast --phases
if contains "$tmp/out" '"player":"german","level":"fast","actions":[' \
   && tail -n 1 "$tmp/out" | grep -F -q '"over":true'; then
  ok "each phase answers the actions the computer took, the result comes last"
else
  not_ok "each phase answers the actions the computer took, the result comes last" \
    "$(head -c 1500 "$tmp/out")"
fi
# The computer sides set themselves up, and each side makes its own
# owners' choices, phase by phase as headless: the same seed is the same game.
tail -n 1 "$tmp/out" >"$tmp/phased"
"$cli" play "$neuf" --seed 2 --french fast --german fast >"$tmp/headless" 2>&1
if head -n 1 "$tmp/out" | grep -F -q '"actions":["setup ' \
   && cmp -s "$tmp/phased" "$tmp/headless"; then
  ok "play --phases sets the computer sides up and ends as the headless game of its seed"
else
  not_ok "play --phases sets the computer sides up and ends as the headless game of its seed" \
    "$(head -n 1 "$tmp/out" | head -c 500)" "$(cat "$tmp/phased" "$tmp/headless")"
fi
printf 'state french\nend-phase\nend-phase\n' \
  | "$cli" play "$neuf" --seed 3 --french human --german fast >"$tmp/out" 2>"$tmp/err"
if [ "$(sed -n 1p "$tmp/out" | grep -c '"units"')" -eq 1 ] \
   && sed -n 3p "$tmp/out" | grep -F -q '"side":"german","phase":"movement"' \
   && sed -n 4p "$tmp/out" | grep -F -q '"player":"german"'; then
  ok "a person plays French at the console, the computer answers with the German phases"
else
  not_ok "a person plays French at the console, the computer answers with the German phases" \
    "$(head -c 1500 "$tmp/out")"
fi
check_status "an unknown player is refused with exit 2" 2 \
  "$cli" play "$neuf" --french wizard --german fast
if contains "$tmp/err" "wizard"; then
  ok "the refusal names the player it does not know"
else
  not_ok "the refusal names the player it does not know" "$(cat "$tmp/err")"
fi

# }}}

# {{{ hostile input: special files, lying sizes, endless lines (issue 19)

# Each must end at once with a sentence naming the file; `timeout` turns a
# hang (a FIFO opened for reading waits for a writer) into a failure.
mkfifo "$tmp/pipe.xml"
check_status "play of a FIFO exits 2 without waiting" 2 timeout 30 "$cli" play "$tmp/pipe.xml"
if contains "$tmp/err" "$tmp/pipe.xml: this is a named pipe (FIFO), not a file"; then
  ok "play names the FIFO and says what it is"
else
  not_ok "play names the FIFO and says what it is" "$(cat "$tmp/err")"
fi
check_status "validate of a FIFO exits 2 without waiting" 2 timeout 30 "$cli" validate "$tmp/pipe.xml"
check_status "play of /dev/zero exits 2" 2 timeout 30 "$cli" play /dev/zero
if contains "$tmp/err" "/dev/zero: this is a character device, not a file"; then
  ok "play names /dev/zero and says what it is"
else
  not_ok "play names /dev/zero and says what it is" "$(cat "$tmp/err")"
fi
if [ -r /proc/self/pagemap ]; then
  check_status "play of a procfs file that says 0 bytes exits 2" 2 \
    timeout 60 "$cli" play /proc/self/pagemap
  if contains "$tmp/err" "more than 64 MiB"; then
    ok "a procfs file is refused on the bytes read, not its size"
  else
    not_ok "a procfs file is refused on the bytes read, not its size" "$(cat "$tmp/err")"
  fi
else
  skip "play of a procfs file that says 0 bytes exits 2" "no /proc/self/pagemap"
  skip "a procfs file is refused on the bytes read, not its size" "no /proc/self/pagemap"
fi
: >"$tmp/sparse.xml"
if truncate -s 1G "$tmp/sparse.xml" 2>/dev/null; then
  check_status "play of a sparse gigabyte exits 2" 2 timeout 30 "$cli" play "$tmp/sparse.xml"
  if contains "$tmp/err" "1024.0 MiB; Sandtable reads files up to 64 MiB"; then
    ok "a sparse gigabyte is refused from its size"
  else
    not_ok "a sparse gigabyte is refused from its size" "$(cat "$tmp/err")"
  fi
else
  skip "play of a sparse gigabyte exits 2" "no truncate"
  skip "a sparse gigabyte is refused from its size" "no truncate"
fi
rm -f "$tmp/sparse.xml"

# An 8 MiB line is refused (read in bounded memory); the next line is answered.
{
  printf 'new fpw1870 4x4\nterrain rough'
  head -c 8388608 /dev/zero | tr '\000' ' '
  printf '0101\nstate\n'
} | timeout 60 "$cli" play >"$tmp/out" 2>"$tmp/err"
if [ "$(wc -l <"$tmp/out")" -eq 3 ] && sed -n 2p "$tmp/out" | grep -q 'longer than 1048576 bytes' \
   && sed -n 3p "$tmp/out" | grep -q '"ok":true'; then
  ok "play refuses a line over 1 MiB and goes on with the next"
else
  not_ok "play refuses a line over 1 MiB and goes on with the next" \
    "$(cut -c1-200 "$tmp/out" "$tmp/err")"
fi

# }}}

# {{{ print-kit

# Every shipped scenario's kit is a well-formed PDF (qpdf --check), in each
# way of printing the counter backs; bad options exit 2 and write nothing.
if command -v qpdf >/dev/null 2>&1; then
  for scenario in "$datadir"/scenarios/*.xml; do
    name=$(basename "$scenario" .xml)
    for duplex in long short fold; do
      if "$cli" print-kit "$scenario" -o "$tmp/kit.pdf" --duplex "$duplex" \
           >"$tmp/out" 2>"$tmp/err" &&
         qpdf --check "$tmp/kit.pdf" >"$tmp/qpdf" 2>&1; then
        ok "print-kit $name --duplex $duplex passes qpdf --check"
      else
        not_ok "print-kit $name --duplex $duplex passes qpdf --check" \
          "$(cat "$tmp/err")" "$(tail -3 "$tmp/qpdf")"
      fi
    done
  done
else
  skip "print-kit kits pass qpdf --check" "qpdf is not installed"
fi
if "$cli" print-kit "$demo" -o "$tmp/parts.pdf" --paper letter --hex-size 19 \
     --counter-size 15 --bleed 1 --back-offset 0.5,-0.5 --only counters >"$tmp/out" 2>"$tmp/err" &&
   contains "$tmp/out" "counters 15.0 mm" && contains "$tmp/out" "2 pages"; then
  ok "print-kit --only counters takes every option"
else
  not_ok "print-kit --only counters takes every option" "$(cat "$tmp/out" "$tmp/err")"
fi
rm -f "$tmp/none.pdf"
check_status "print-kit with an unknown paper exits 2" 2 \
  "$cli" print-kit "$demo" -o "$tmp/none.pdf" --paper a5
check_status "print-kit with a malformed back offset exits 2" 2 \
  "$cli" print-kit "$demo" -o "$tmp/none.pdf" --back-offset 1
check_status "print-kit with a counter too large to print exits 2" 2 \
  "$cli" print-kit "$demo" -o "$tmp/none.pdf" --counter-size 150
if [ ! -e "$tmp/none.pdf" ]; then
  ok "a refused print-kit writes nothing"
else
  not_ok "a refused print-kit writes nothing"
fi

# }}}

echo "1..$n"
[ "$failed" -eq 0 ]
