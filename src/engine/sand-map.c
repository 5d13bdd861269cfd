/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-map.c: not written yet. */
typedef int sand_map_placeholder;
