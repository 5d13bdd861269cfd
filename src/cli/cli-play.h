/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

int sand_cli_play (int argc, char **argv);

#include <stdio.h>

#include "sand-console.h"

/* --french/--german: players for each side (ai, fast, strong, random or
 * human); the computer's phases are played between a person's lines. */
int sand_cli_play_players (SandConsole *console, FILE *in, const char *french,
                           const char *german, int budget_ms, gboolean quiet);
