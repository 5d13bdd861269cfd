/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-validate.h: semantic checks of a scenario, apart from the schema.
 *
 * The loader already refuses what cannot be modelled (unknown terrain,
 * hexes off the map, duplicate ids…); validation finds what can be
 * modelled but is wrong or suspicious for a designer: a bridge with no
 * water under it, a unit set up where it may not go, a reinforcement after
 * the last turn… Each finding is a SandProblem with a stable code (the
 * list is in docs/file-format.md, "Validation").
 *
 * A rules module adds its own checks with its validate hook (sand-rules.h);
 * they run after the generic ones, for scenarios of its ruleset.
 */
#pragma once

#include "sand-scenario.h"

G_BEGIN_DECLS

/* Every problem, errors and warnings, ordered by line, then hex, then
 * message. The array frees its problems. Never NULL. */
GPtrArray  *sand_scenario_validate     (SandScenario      *scenario);

/* Whether any problem in @problems is an error (not a warning). */
gboolean    sand_problems_have_errors  (GPtrArray         *problems);

/* For checks (a module's validate hook): adds a problem, filling in its line from the scenario's
 * source lines (counter line when @counter is set, else hex line). */
SandProblem *sand_validate_add         (GPtrArray         *problems,
                                        SandScenario      *scenario,
                                        SandSeverity       severity,
                                        int                hex,
                                        const char        *counter,
                                        const char        *code,
                                        const char        *format,
                                        ...) G_GNUC_PRINTF (7, 8);


G_END_DECLS
