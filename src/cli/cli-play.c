/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sandtable-cli play: the console of DESIGN.md §4 on stdin/stdout. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <glib/gi18n.h>

#include "cli-play.h"
#include "sand-console.h"
#include "sand-game.h"
#include "sand-json.h"
#include "sand-scenario-io.h"
#include "sand-xml-safe.h"

gboolean
sand_cli_read_line (FILE     *in,
                    GString  *line,
                    gboolean *too_long)
{
  gboolean any = FALSE;
  int c;

  g_string_truncate (line, 0);
  *too_long = FALSE;
  while ((c = getc_unlocked (in)) != EOF)
    {
      any = TRUE;
      if (c == '\n')
        break;
      if (line->len <= SAND_CONSOLE_MAX_LINE)
        g_string_append_c (line, (char) c);
      else
        *too_long = TRUE;
    }
  if (line->len > 0 && line->str[line->len - 1] == '\r')
    g_string_truncate (line, line->len - 1);
  if (line->len > SAND_CONSOLE_MAX_LINE)
    *too_long = TRUE;
  return any;
}

/* The console's refusal answer, its message in the user's language (the
 * keys stay English, as the console's own refusals). */
static char *
refusal (const char *message)
{
  GString *out = g_string_new ("{\"ok\":false,\"error\":");

  sand_json_escape (out, message);
  g_string_append_c (out, '}');
  return g_string_free (out, FALSE);
}

char *
sand_cli_execute_line (SandConsole   *console,
                       const GString *line,
                       gboolean       too_long)
{
  if (too_long)
    {
      g_autofree char *message =
        g_strdup_printf (_("The line is longer than %lu bytes, the most the console takes; "
                           "split the command into several."),
                         (unsigned long) SAND_CONSOLE_MAX_LINE);
      return refusal (message);
    }
  /* An embedded NUL would silently cut the command short. */
  if (strlen (line->str) != line->len)
    return refusal (_("The line contains a NUL byte."));
  return sand_console_execute (console, line->str);
}

/* Reads and answers lines until end of input. Each answer is flushed at
 * once so that a program driving us through a pipe can read the answer to
 * one command before it sends the next. */
static void
run (SandConsole *console,
     FILE        *in)
{
  g_autoptr(GString) line = g_string_new (NULL);
  gboolean too_long;

  while (sand_cli_read_line (in, line, &too_long))
    {
      g_autofree char *answer = sand_cli_execute_line (console, line, too_long);

      if (answer == NULL)
        continue;
      fputs (answer, stdout);
      fputc ('\n', stdout);
      fflush (stdout);
    }
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
  int first_line;

  g_return_val_if_fail (sep != NULL, NULL);
  log = g_strndup (data, sep - data);
  xml = sep + strlen (SAVED_GAME_SEPARATOR);
  /* Its errors name the file's lines, not the lines after the separator. */
  first_line = 1;
  for (const char *p = data; p < xml; p++)
    first_line += *p == '\n';
  scenario = sand_scenario_load_data_at (xml, length - (xml - data), path, first_line, error);
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
  g_autofree char *seed_text = NULL;
  guint64 seed = 0;
  g_autofree char *french = NULL, *german = NULL;
  int budget = -1;
  gboolean phases = FALSE;
  FILE *in = stdin;
  const GOptionEntry entries[] = {
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_text,
      N_("Seed of the dice, 0 to 18446744073709551615 (default 0)"), "N" },
    { "script", 0, 0, G_OPTION_ARG_FILENAME, &script,
      N_("Read commands from F instead of standard input"), "F" },
    { "french", 0, 0, G_OPTION_ARG_STRING, &french,
      N_("Who plays the French: ai, fast, strong, random or human"), "P" },
    { "german", 0, 0, G_OPTION_ARG_STRING, &german,
      N_("Who plays the Germans: ai, fast, strong, random or human"), "P" },
    { "budget", 0, 0, G_OPTION_ARG_INT, &budget,
      N_("Time the strong computer player takes a phase, in ms (default 2000)"), "MS" },
    { "phases", 0, 0, G_OPTION_ARG_NONE, &phases,
      N_("Without a human player: answer each computer phase too, not only the result"), NULL },
    { NULL }
  };

  g_set_prgname ("sandtable-cli play");
  context = g_option_context_new (_("[FILE] — answer console commands with one JSON line each"));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Reads commands (one per line, # starts a comment) from the "
                                  "script or standard input\nand writes one JSON object per "
                                  "command on standard output, flushed line by line.\nFILE is "
                                  "a scenario, or a game saved by the editor's playtest, which "
                                  "goes on\nwhere it was saved (with its own seed). Without "
                                  "FILE, start with 'new RULESET COLSxROWS'."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "sandtable-cli play: %s\n", error->message);
      return 2;
    }
  /* Read by hand: GOption's INT64 takes "-1" and wraps it silently. */
  if (seed_text != NULL
      && !g_ascii_string_to_unsigned (seed_text, 10, 0, G_MAXUINT64, &seed, NULL))
    {
      g_autofree char *most = g_strdup_printf ("%" G_GUINT64_FORMAT, G_MAXUINT64);

      /* Translators: the seed given, then the largest seed */
      fprintf (stderr,
               _("sandtable-cli play: the seed “%s” is not a whole number from 0 to %s\n"),
               seed_text, most);
      return 2;
    }
  if (argc > 2)
    {
      fprintf (stderr, "sandtable-cli play: %s\n", _("at most one scenario file"));
      return 2;
    }

  if (argc == 2)
    {
      g_autofree char *data = NULL;
      gsize length = 0;

      /* Read once, through the safe reader: a pipe, a device or a file
       * that never ends is refused before anything else looks at it. */
      data = sand_xml_read_file (argv[1], &length, &error);
      if (data == NULL)
        {
          fprintf (stderr, "%s\n", error->message);
          return 2;
        }
      /* A saved game goes on where it was saved, with its own seed. */
      if (is_saved_game (data, length))
        console = load_saved_game (argv[1], data, length, &error);
      else
        scenario = sand_scenario_load_data (data, length, argv[1], &error);
      if (console == NULL && scenario == NULL)
        {
          fprintf (stderr, "%s\n", error->message);
          return 2;
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
    console = sand_console_new (scenario, seed);
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
