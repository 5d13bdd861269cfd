/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-ruleset-load.c: libFuzzer target for the ruleset loader.
 *
 * Rulesets are data a designer may write by hand, so any bytes must give a
 * ruleset or NULL and an error. Build and run: docs/fuzzing.md. */
#include <stddef.h>
#include <stdint.h>

#include <glib.h>

#include "sand-ruleset.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SandRuleset) ruleset = NULL;

  ruleset = sand_ruleset_load_data ((const char *) data, size, "fuzz.xml", &error);
  if (ruleset == NULL)
    {
      g_assert (error != NULL);
      g_assert (error->message != NULL && error->message[0] != '\0');
      return 0;
    }
  g_assert (error == NULL);

  /* Touch what the loader built, so that a dangling pointer shows. */
  for (guint i = 0; i < sand_ruleset_n_sides (ruleset); i++)
    g_assert (sand_ruleset_get_side (ruleset, i) != NULL);
  (void) sand_ruleset_get_id (ruleset);
  (void) sand_ruleset_get_name (ruleset);
  (void) sand_ruleset_get_description (ruleset);
  return 0;
}
