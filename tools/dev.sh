#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Sandtable's set-up in one place.
#   tools/dev.sh editor [FILE]  install what is missing, build, open the editor
#   tools/dev.sh test           install what is missing, build, run every test
#                               (UI tests under Xvfb; engine and CLI tests
#                               again under ASan/UBSan), then a summary
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
    build build-asan -Db_sanitize=address,undefined -Dbuildtype=debug
    ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
      run_suite build-asan --suite engine --suite cli
    echo
    echo "sandtable: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
    ;;
  *)
    sed -n '3,9p' "$0"
    exit 2
    ;;
esac
