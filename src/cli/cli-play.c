/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sandtable-cli play: the console of DESIGN.md §4 on stdin/stdout. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "cli-play.h"
#include "cli-scenario.h"
#include "sand-console.h"
#include "sand-game.h"
#include "sand-scenario-io.h"

/* Reads and answers lines until end of input. Each answer is flushed at
 * once so that a program driving us through a pipe can read the answer to
 * one command before it sends the next. */
static void
run (SandConsole *console,
     FILE        *in)
{
  char *line = NULL;
  size_t cap = 0;
  ssize_t len;

  while ((len = getline (&line, &cap, in)) >= 0)
    {
      g_autofree char *answer = NULL;

      while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
        line[--len] = '\0';
      /* An embedded NUL would silently cut the command short. */
      if (strlen (line) != (size_t) len)
        answer = g_strdup ("{\"ok\":false,\"error\":\"The line contains a NUL byte.\"}");
      else
        answer = sand_console_execute (console, line);
      if (answer == NULL)
        continue;
      fputs (answer, stdout);
      fputc ('\n', stdout);
      fflush (stdout);
    }
  free (line);
}

/* The editor's Save Game writes the game's log ("seed N", "oob SIDE ID",
 * one action a line), this line, then the scenario's XML. */
#define SAVED_GAME_SEPARATOR "%%scenario\n"

/* Loads a game saved by the editor's playtest into a new console, the game
 * replayed to where it was saved and its seed the console's, so a designer
 * can go on from a playtest in a script. NULL with @error set when @data is
 * no saved game or does not replay. */
static SandConsole *
load_saved_game (const char  *path,
                 const char  *data,
                 gsize        length,
                 GError     **error)
{
  const char *sep = g_strstr_len (data, length, SAVED_GAME_SEPARATOR);
  const char *xml;
  g_autofree char *log = NULL;
  g_autoptr(SandScenario) scenario = NULL;
  SandGame *game;
  SandConsole *console;

  g_return_val_if_fail (sep != NULL, NULL);
  log = g_strndup (data, sep - data);
  xml = sep + strlen (SAVED_GAME_SEPARATOR);
  scenario = sand_scenario_load_data (xml, length - (xml - data), path, error);
  if (scenario == NULL)
    return NULL;
  game = sand_game_load_log (scenario, log, error);
  if (game == NULL)
    {
      g_prefix_error (error, "%s: ", path);
      return NULL;
    }
  console = sand_console_new (scenario, sand_game_get_seed (game));
  /* The rules side keeps its SandGame as the console's game. */
  sand_console_set_game (console, game, (GDestroyNotify) sand_game_free);
  return console;
}

/* A saved game starts with its log, never with XML's "<". */
static gboolean
is_saved_game (const char *data,
               gsize       length)
{
  return g_str_has_prefix (data, "seed ")
         && g_strstr_len (data, length, "\n" SAVED_GAME_SEPARATOR) != NULL;
}

int
sand_cli_play (int    argc,
               char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) scenario = NULL;
  g_autoptr(SandConsole) console = NULL;
  g_autofree char *script = NULL;
  gint64 seed = 0;
  g_autofree char *french = NULL, *german = NULL;
  int budget = -1;
  gboolean phases = FALSE;
  FILE *in = stdin;
  const GOptionEntry entries[] = {
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "Seed of the dice (default 0)", "N" },
    { "script", 0, 0, G_OPTION_ARG_FILENAME, &script,
      "Read commands from F instead of standard input", "F" },
    { "french", 0, 0, G_OPTION_ARG_STRING, &french,
      "Who plays the French: ai, fast, strong, random or human", "P" },
    { "german", 0, 0, G_OPTION_ARG_STRING, &german,
      "Who plays the Germans: ai, fast, strong, random or human", "P" },
    { "budget", 0, 0, G_OPTION_ARG_INT, &budget,
      "Time the strong computer player takes a phase, in ms (default 2000)", "MS" },
    { "phases", 0, 0, G_OPTION_ARG_NONE, &phases,
      "Without a human player: answer each computer phase too, not only the result", NULL },
    { NULL }
  };

  g_set_prgname ("sandtable-cli play");
  context = g_option_context_new ("[FILE] — answer console commands with one JSON line each");
  g_option_context_set_summary (context,
                                "Reads commands (one per line, # starts a comment) from the "
                                "script or standard input\nand writes one JSON object per "
                                "command on standard output, flushed line by line.\nFILE is "
                                "a scenario, or a game saved by the editor's playtest, which "
                                "goes on\nwhere it was saved (with its own seed). Without "
                                "FILE, start with 'new RULESET COLSxROWS'.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "sandtable-cli play: %s\n", error->message);
      return 2;
    }
  if (argc > 2)
    {
      fprintf (stderr, "sandtable-cli play: at most one scenario file\n");
      return 2;
    }

  if (argc == 2)
    {
      g_autofree char *data = NULL;
      gsize length = 0;

      /* A saved game goes on where it was saved, with its own seed. */
      if (g_file_get_contents (argv[1], &data, &length, NULL) && is_saved_game (data, length))
        {
          console = load_saved_game (argv[1], data, length, &error);
          if (console == NULL)
            {
              fprintf (stderr, "%s\n", error->message);
              return 2;
            }
        }
      else
        {
          scenario = sand_cli_load_scenario (argv[1], &error);
          if (scenario == NULL)
            {
              fprintf (stderr, "%s\n", error->message);
              return 2;
            }
        }
    }
  if (script != NULL)
    {
      in = fopen (script, "r");
      if (in == NULL)
        {
          fprintf (stderr, "sandtable-cli play: %s: %s\n", script, g_strerror (errno));
          return 2;
        }
    }

  if (console == NULL)
    console = sand_console_new (scenario, (guint64) seed);
  if (french != NULL || german != NULL)
    {
      int status = sand_cli_play_players (console, in, french, german, budget, !phases);
      if (in != stdin)
        fclose (in);
      return status;
    }
  run (console, in);
  if (in != stdin)
    fclose (in);
  return 0;
}
