/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "editor-fpw-unit-actions.h"
#include "editor-lfaf-unit-actions.h"
#include "editor-unit-sections.h"

EditorUnitActions *
editor_unit_sections_new_for_game (EditorPlaytest *playtest,
                                   SandGame       *game)
{
  /* A new game with actions of its own adds one line here. */
  static const struct { const char *ruleset; GType (*get_type) (void); } sections[] = {
    { "fpw1870", editor_fpw_unit_actions_get_type },
    { "lfaf1914", editor_lfaf_unit_actions_get_type },
  };
  const char *id;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (playtest), NULL);
  g_return_val_if_fail (game != NULL, NULL);

  id = sand_ruleset_get_id (sand_scenario_get_ruleset (sand_game_get_scenario (game)));
  for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
    if (g_strcmp0 (sections[i].ruleset, id) == 0)
      return g_object_new (sections[i].get_type (), "playtest", playtest, NULL);
  return NULL;
}
