#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The engine must never include GTK, GDK, cairo, pango or libadwaita, in any
# of its folders; no rules module includes the game's private struct.
dir=${1:?engine source directory}
n=$(find "$dir" -name '*.[ch]' | wc -l)
if [ "$n" -eq 0 ]; then
  echo "no engine sources under $dir" >&2
  exit 1
fi
bad=$(find "$dir" -name '*.[ch]' -exec grep -lE '#[[:space:]]*include[[:space:]]*[<"](gtk/|gdk/|cairo|pango|adwaita|adw)' {} + 2>/dev/null)
if [ -n "$bad" ]; then
  echo "engine sources include GUI or drawing headers: $bad" >&2
  exit 1
fi
# Rules modules reach the game through sand-game-module.h only, never its
# private struct (issue 13: accessors keep occupancy, zones of control and
# caches right).
if [ -d "$dir/rules" ]; then
  bad=$(find "$dir/rules" -name '*.[ch]' -exec grep -lE '#[[:space:]]*include[[:space:]]*[<"]([^">]*/)?sand-game-private\.h' {} + 2>/dev/null)
  if [ -n "$bad" ]; then
    echo "rules modules include the game's private header: $bad" >&2
    exit 1
  fi
fi
exit 0
