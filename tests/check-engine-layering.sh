#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The engine must never include GTK, GDK, cairo, pango or libadwaita, in any
# of its folders.
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
exit 0
