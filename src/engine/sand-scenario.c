/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-scenario.c: not written yet. */
typedef int sand_scenario_placeholder;
