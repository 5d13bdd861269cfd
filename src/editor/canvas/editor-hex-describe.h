/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-hex-describe.h: one hex told in words, for a screen reader: its
 * id, terrain and country, place name, hexside features, roads and rails,
 * markers and what stands on it. */
#pragma once

#include "sand-scenario.h"
#include "sand-game.h"

G_BEGIN_DECLS

/* With a @game, the units are the game's as @viewer may know them (-1:
 * all); without, the set-up placements of each side's default order of
 * battle. Free with g_free. */
char *editor_hex_describe (SandScenario *scenario,
                           SandGame     *game,
                           int           viewer,
                           int           hex);

/* The direction's name in words ("north-east"), translated. */
const char *editor_hex_describe_direction (const SandGrid *grid,
                                           int             dir);

G_END_DECLS
