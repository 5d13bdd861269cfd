/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-scenario-load.c: libFuzzer target for the scenario loader.
 *
 * Any bytes must either give a whole scenario or NULL and an error that
 * names a line; whatever loads must also save and load again, since the
 * editor saves what it opened. Build and run: docs/fuzzing.md. */
#include <stddef.h>
#include <stdint.h>

#include <glib.h>

#include "sand-scenario-io.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) scenario = NULL;

  scenario = sand_scenario_load_data ((const char *) data, size, "fuzz.xml", &error);
  if (scenario == NULL)
    {
      /* A failed load always says why. */
      g_assert (error != NULL);
      g_assert (error->message != NULL && error->message[0] != '\0');
      return 0;
    }
  g_assert (error == NULL);

  {
    gsize length = 0;
    g_autofree char *saved = sand_scenario_to_data (scenario, &length);
    g_autoptr(GError) reload_error = NULL;
    g_autoptr(SandScenario) again = NULL;

    again = sand_scenario_load_data (saved, length, "fuzz-saved.xml", &reload_error);
    if (again == NULL)
      g_error ("a loaded scenario saved to a file that does not load: %s",
               reload_error->message);
  }
  return 0;
}
