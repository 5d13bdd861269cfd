/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

int sand_cli_play (int argc, char **argv);

#include <stdio.h>

#include "sand-console.h"

/* --french/--german: players for each side (ai, fast, strong, random or
 * human); the computer's phases are played between a person's lines. */
/* Reads one line of @in into @line, without its end. Keeps at most
 * SAND_CONSOLE_MAX_LINE + 1 bytes, so that an endless line (a pipe from
 * /dev/zero, a file of one line of gigabytes) costs bounded memory: the
 * rest is read and dropped, and *@too_long set. FALSE at the end of the
 * input with nothing read. */
gboolean sand_cli_read_line (FILE *in, GString *line, gboolean *too_long);
/* The console's answer to a line sand_cli_read_line() read (NULL for none),
 * refusing a line too long or holding a NUL byte. */
char *sand_cli_execute_line (SandConsole *console, const GString *line, gboolean too_long);

int sand_cli_play_players (SandConsole *console, FILE *in, const char *french,
                           const char *german, int budget_ms, gboolean quiet);
