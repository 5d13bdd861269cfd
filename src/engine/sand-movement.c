/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-movement.c: not written yet. */
typedef int sand_movement_placeholder;
