/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-supply.c: not written yet. */
typedef int sand_supply_placeholder;
