/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-validate.c: not written yet. */
typedef int sand_validate_placeholder;
