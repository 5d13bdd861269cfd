/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-zoc.c: not written yet. */
typedef int sand_zoc_placeholder;
