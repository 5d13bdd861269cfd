/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-console.c: libFuzzer target for the text console (DESIGN.md §4).
 *
 * The first byte picks the starting scenario and the dice seed; the rest
 * is fed to sand_console_execute one line at a time. Every command must
 * answer one JSON object whatever the line, including the rules commands
 * of both games. `save` and `load` are skipped: they would let the fuzzer
 * write and read arbitrary paths. Build and run: docs/fuzzing.md. */
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

static gboolean
touches_files (const char *line)
{
  g_auto(GStrv) tokens = sand_console_tokenize (line, NULL);

  return tokens != NULL && tokens[0] != NULL
         && (strcmp (tokens[0], "save") == 0 || strcmp (tokens[0], "load") == 0);
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

      if (touches_files (lines[i]))
        continue;
      answer = sand_console_execute (console, lines[i]);
      if (answer != NULL)
        g_assert (answer[0] == '{' && answer[strlen (answer) - 1] == '}');
    }
  return 0;
}
