#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The engine must never include GTK, GDK, cairo, pango or libadwaita.
dir=${1:?engine source directory}
bad=$(grep -lE '#[[:space:]]*include[[:space:]]*[<"](gtk/|gdk/|cairo|pango|adwaita|adw)' "$dir"/*.c "$dir"/*.h 2>/dev/null)
if [ -n "$bad" ]; then
  echo "engine sources include GUI or drawing headers: $bad" >&2
  exit 1
fi
exit 0
