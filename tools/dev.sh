#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Sandtable's set-up in one place.
#   tools/dev.sh editor [FILE]  install what is missing, build, open the editor
#   tools/dev.sh test           install what is missing, build, run every test
#                               (UI tests under Xvfb; engine and CLI tests
#                               again under ASan/UBSan; each fuzzer for
#                               SANDTABLE_FUZZ_SECONDS, default 40), then a
#                               summary
#   tools/dev.sh deps           only install the Debian packages
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"

packages=(
  gcc pkg-config meson ninja-build gettext
  libglib2.0-dev libgtk-4-dev libadwaita-1-dev libxml2-dev libxml2-utils
  libcairo2-dev libpango1.0-dev zlib1g-dev libzip-dev
  appstream desktop-file-utils
  xvfb xauth dbus dbus-x11 fonts-dejavu-core python3 locales
  at-spi2-core python3-pyatspi xdotool
  clang-14 libclang-rt-14-dev
  qpdf poppler-utils
)

# The translation tests run the editor in these (po/LINGUAS).
locales=(fr_FR de_DE)

deps() {
  local missing=()
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "Installing: ${missing[*]}"
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
  for l in "${locales[@]}"; do
    if ! locale -a 2>/dev/null | grep -qx "$l.utf8"; then
      echo "Generating the locale $l.UTF-8"
      local sudo=""
      [ "$(id -u)" -eq 0 ] || sudo="sudo"
      $sudo localedef -i "$l" -f UTF-8 "$l.UTF-8"
    fi
  done
}

build() {
  local dir=$1; shift
  if [ ! -f "$dir/build.ninja" ]; then
    meson setup "$dir" "$@"
  fi
  meson compile -C "$dir"
}

# Prints meson's per-test lines and returns the counts in $passed/$failed.
run_suite() {
  local dir=$1; shift
  local log
  log=$(mktemp)
  set +e
  GSK_RENDERER=cairo GTK_A11Y=test NO_AT_BRIDGE=1 \
    dbus-run-session -- xvfb-run -a -s "-screen 0 1280x1024x24 -noreset" \
    meson test -C "$dir" --print-errorlogs "$@" 2>&1 | tee "$log"
  set -e
  local ok fail
  ok=$(grep -E '^Ok:' "$log" | awk '{print $2}' | tail -1)
  fail=$(grep -E '^(Fail|Unexpected Pass|Timeout):' "$log" | awk '{s += $2} END {print s + 0}')
  passed=$((passed + ${ok:-0}))
  failed=$((failed + ${fail:-0}))
  if ! grep -qE '^Ok:' "$log"; then
    failed=$((failed + 1)) # the run itself broke
  fi
  rm -f "$log"
}

# Runs each libFuzzer target (docs/fuzzing.md) for a bounded time from a
# fresh copy of its seed corpus, under ASan and UBSan that stop at the first
# report: a crash, leak, timeout or undefined behaviour fails the run and
# leaves its input in build-fuzz/fuzz-artifacts/.
run_fuzzers() {
  local dir=build-fuzz seconds=${SANDTABLE_FUZZ_SECONDS:-40}
  if [ ! -f "$dir/build.ninja" ]; then
    CC=clang-14 meson setup "$dir" -Dfuzzers=true -Deditor=false \
      -Db_sanitize=address,undefined -Db_lundef=false
  fi
  meson compile -C "$dir" fuzz/fuzz-scenario-load fuzz/fuzz-ruleset-load fuzz/fuzz-console
  mkdir -p "$dir/fuzz-artifacts"
  local target corpus log args
  for target in scenario-load ruleset-load console; do
    corpus="$dir/fuzz-corpus-$target"
    log="$dir/fuzz-artifacts/$target.log"
    rm -rf "$corpus"
    fuzz/seed-corpus.sh "${target%-load}" "$corpus"
    args=(-max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048
          -artifact_prefix="$dir/fuzz-artifacts/$target-")
    [ "$target" = console ] || args+=(-dict=fuzz/xml.dict)
    set +e
    ASAN_OPTIONS=halt_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
      SANDTABLE_DATADIR="$top/data" "$dir/fuzz/fuzz-$target" "${args[@]}" "$corpus" >"$log" 2>&1
    local status=$?
    set -e
    if [ "$status" -eq 0 ]; then
      echo "fuzz-$target: $(grep -E '^Done' "$log" | tail -1), nothing found"
      passed=$((passed + 1))
    else
      echo "fuzz-$target: FAILED (exit status $status); input and log in $dir/fuzz-artifacts/"
      grep -E 'ERROR|SUMMARY|runtime error|Test unit written' "$log" | head -20
      failed=$((failed + 1))
    fi
  done
}

cmd=${1:-help}
shift || true
case "$cmd" in
  deps)
    deps
    ;;
  editor)
    deps
    build build
    file=${1:-data/scenarios/demo.xml}
    exec build/src/editor/sandtable "$file"
    ;;
  test)
    deps
    passed=0
    failed=0
    build build
    run_suite build
    echo "== again under AddressSanitizer and UndefinedBehaviorSanitizer (engine and cli suites)"
    build build-asan -Db_sanitize=address,undefined -Dbuildtype=debug -Deditor=false
    ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
      run_suite build-asan --suite engine --suite cli
    echo "== fuzzing, each target ${SANDTABLE_FUZZ_SECONDS:-40} s from its seeds (ASan, UBSan)"
    run_fuzzers
    echo
    echo "sandtable: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
    ;;
  *)
    sed -n '3,11p' "$0"
    exit 2
    ;;
esac
