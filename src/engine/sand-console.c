/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-console.c: not written yet. */
typedef int sand_console_placeholder;
