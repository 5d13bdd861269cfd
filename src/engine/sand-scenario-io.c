/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-scenario-io.c: not written yet. */
typedef int sand_scenario_io_placeholder;
