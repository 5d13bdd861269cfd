/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ai-mask.c: the fast level masks an enemy fortress whose Zone of
 * Interdiction cuts its side's own supply (issue 15, FPW's Germans on the
 * variable OOB; sand-ai-mask.c). A small FPW map — France to column 14,
 * Germany beyond — with a rail line along row 8 from a German rail source
 * at 2008 west to 0208; a French fortress at 1111, three hexes from the
 * line, whose zone (three hexes, FPW Fortification (E)) stops the rail as
 * a source where it meets the line, so that a German unit far west on it
 * is out of supply. A German unit standing on the line next to the zone's
 * hexes on it masks them, and the whole line west becomes a source again.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "sand-console.h"
#include "sand-scenario.h"

#include "ai-console-map.h"

static SandConsole *
fortress_on_the_line (void)
{
  SandConsole *c = small_fpw_map (1, 20, 15);
  g_autoptr(GString) rail = g_string_new ("rail");
  for (int col = 20; col >= 2; col--)
    g_string_append_printf (rail, " %02d08", col);
  g_free (run (c, rail->str));
  const char *setup[] = {
    "marker supply 2008 german source=rail", "marker supply 0115 french source=hex",
    "fort 1111 french 4 Fort capacity=-1",
    "unit de-west german combat 0208 strength=10", "unit de-free german combat 1608 strength=2",
    "unit fr-far french combat 0114 strength=1", "turns 5 first=german",
  };
  for (guint i = 0; i < G_N_ELEMENTS (setup); i++)
    g_free (run (c, setup[i]));
  return c;
}

/* The German unit of 10 far west on the line is unsupplied: the fortress's
 * zone cuts the rail. The player before this moved the free German unit
 * (1608, in Germany) after the enemy or the objective; now it goes to mask
 * the fortress, says why, and the unit in the west is supplied. */
static void
test_masks_the_fortress_that_cuts_its_supply (void)
{
  g_autoptr(SandConsole) c = fortress_on_the_line ();
  g_free (run (c, "at 2 german movement"));
  g_autofree char *before = run (c, "supply de-west");
  g_test_message ("before: %s", before);
  g_assert_null (strstr (before, "\"supplied\""));
  g_autofree char *a = run (c, "ai fast");
  g_test_message ("%s", a);
  g_assert_nonnull (strstr (a, "Masking the fortress at 1111"));
  g_autofree char *after = run (c, "supply de-west");
  g_test_message ("after: %s", after);
  g_assert_nonnull (strstr (after, "\"supplied\""));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ai/mask/masks-the-fortress-that-cuts-its-supply",
                   test_masks_the_fortress_that_cuts_its_supply);
  return g_test_run ();
}
