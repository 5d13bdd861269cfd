/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-console.c: libFuzzer target for the text console (DESIGN.md §4).
 *
 * The first byte picks the starting scenario and the dice seed; the rest
 * is fed to sand_console_execute one line at a time. Every command must
 * answer one JSON object whatever the line, including the rules commands
 * of both games. `save`, `load` and the slow `ai` levels are skipped
 * (skipped() says why). Build and run: docs/fuzzing.md. */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <glib.h>

#include "sand-console.h"
#include "sand-scenario-io.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#define MAX_LINES 64

/* Loaded once: a fresh deep copy per input keeps inputs independent. */
static const char * const start_files[] = {
  "scenarios/demo.xml",
  "scenarios/lfaf1914-1-rossignol.xml",
  "scenarios/fpw1870.xml",
};
static SandScenario *starts[G_N_ELEMENTS (start_files)];

static void
load_starts (void)
{
  const char *datadir = g_getenv ("SANDTABLE_DATADIR");

  if (datadir == NULL)
    datadir = SOURCE_DATADIR;
  for (guint i = 0; i < G_N_ELEMENTS (start_files); i++)
    {
      g_autofree char *path = g_build_filename (datadir, start_files[i], NULL);
      g_autoptr(GError) error = NULL;

      starts[i] = sand_scenario_load_file (path, &error);
      if (starts[i] == NULL)
        g_error ("fuzz-console needs the shipped scenarios: %s", error->message);
    }
}

/* Lines the fuzzer must not run: `save` and `load` would write and read
 * arbitrary paths; the computer player's `strong` level and its `budget=`
 * and `iterations=` think for a time measured by the clock (2 s a phase by
 * default), which would only make slow, irreproducible runs. `ai`, `ai
 * fast` and `ai random` are fuzzed. */
static gboolean
skipped (const char *line)
{
  g_auto(GStrv) tokens = sand_console_tokenize (line, NULL);

  if (tokens == NULL || tokens[0] == NULL)
    return FALSE;
  if (strcmp (tokens[0], "save") == 0 || strcmp (tokens[0], "load") == 0)
    return TRUE;
  if (strcmp (tokens[0], "ai") == 0)
    for (guint i = 1; tokens[i] != NULL; i++)
      if (strcmp (tokens[i], "fast") != 0 && strcmp (tokens[i], "random") != 0)
        return TRUE;
  return FALSE;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static gboolean initialised = FALSE;
  g_autoptr(SandConsole) console = NULL;
  g_autoptr(SandScenario) scenario = NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  guint pick;

  if (!initialised)
    {
      load_starts ();
      initialised = TRUE;
    }
  if (size == 0)
    return 0;

  /* 0: no scenario (the input must start with `new`), else a shipped one. */
  pick = data[0] % (G_N_ELEMENTS (starts) + 1);
  if (pick > 0)
    scenario = sand_scenario_copy (starts[pick - 1]);
  console = sand_console_new (scenario, data[0] >> 2);

  text = g_strndup ((const char *) data + 1, size - 1);
  lines = g_strsplit (text, "\n", MAX_LINES + 1);
  for (guint i = 0; lines[i] != NULL && i < MAX_LINES; i++)
    {
      g_autofree char *answer = NULL;

      if (skipped (lines[i]))
        continue;
      answer = sand_console_execute (console, lines[i]);
      if (answer != NULL)
        g_assert (answer[0] == '{' && answer[strlen (answer) - 1] == '}');
    }
  return 0;
}
