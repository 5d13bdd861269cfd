/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The game log's lines as sentences (editor-game-sentence.h). */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "editor-game-sentence.h"
#include "sand-ruleset-labels.h"

/* Whether another counter of the scenario has @unit's name: the variable
 * orders of battle's counters are generic ("AK", "Corps"), and ten lines
 * of "AK moves" would not say which. */
static gboolean
name_shared (SandGame *game,
             int       unit)
{
  SandScenario *scenario = sand_game_get_scenario (game);
  const SandCounter *c = sand_scenario_get_counter (scenario, (guint) unit);

  if (c->name == NULL || c->name[0] == '\0')
    return FALSE;
  for (guint i = 0; i < sand_scenario_n_counters (scenario); i++)
    if (i != (guint) unit
        && g_strcmp0 (sand_scenario_get_counter (scenario, i)->name, c->name) == 0)
      return TRUE;
  return FALSE;
}

char *
editor_game_unit_label (SandGame *game,
                        int       unit,
                        int       viewer)
{
  if (unit < 0)
    return g_strdup ("?");
  return sand_game_unit_label_for (game, unit, viewer,
                                   sand_game_unit_visible (game, unit, viewer)
                                   && name_shared (game, unit)
                                   ? SAND_UNIT_LABEL_WITH_ID : SAND_UNIT_LABEL_NAME);
}

static char *
hex_label (SandGame *game,
           int       hex)
{
  return sand_grid_dup_id (sand_game_get_grid (game), hex);
}

/* "III Korps, II Korps": the units of @units (int) as @viewer names them. */
static char *
units_label (SandGame     *game,
             const GArray *units,
             int           viewer)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; units != NULL && i < units->len; i++)
    {
      g_autofree char *name = editor_game_unit_label (game, g_array_index (units, int, i), viewer);

      /* Translators: between two units of a list, e.g. "III Korps, II Korps". */
      g_string_append_printf (text, "%s%s", i > 0 ? _(", ") : "", name);
    }
  return g_string_free (text, FALSE);
}

/* "1207 → 1107 → 1007": where a move started (when known) and the hexes
 * it entered, in order. */
static char *
path_label (SandGame     *game,
            int           from,
            const GArray *path)
{
  GString *text = g_string_new (NULL);

  if (from != SAND_HEX_NONE)
    {
      g_autofree char *hex = hex_label (game, from);

      g_string_append (text, hex);
    }

  for (guint i = 0; path != NULL && i < path->len; i++)
    {
      g_autofree char *hex = hex_label (game, g_array_index (path, int, i));

      g_string_append_printf (text, "%s%s", text->len > 0 ? " → " : "", hex);
    }
  return g_string_free (text, FALSE);
}

/* A rules module's own actions, by their command word. Only what any
 * viewer may read goes in: the unit by the name @viewer knows it by, the
 * hex; a hasty attack's points, a formation chosen and which counter a
 * returned dummy is are left to the umpire's reading (@viewer -1). */
static char *
module_sentence (SandGame         *game,
                 const SandAction *a,
                 int               viewer,
                 const char       *unit,
                 const char       *hex)
{
  const char *name = a->spec->name;

  if (g_str_equal (name, "hasty") && unit != NULL && hex != NULL)
    /* Translators: a log line (FPW); the hex attacked and the unit making
     * the hasty attack, e.g. "Hasty attack on 1007 by III Korps". */
    return g_strdup_printf (_("Hasty attack on %s by %s"), hex, unit);
  if (g_str_equal (name, "challenge") && unit != NULL && hex != NULL)
    /* Translators: a log line (FPW Formation Status): the units on the
     * hex show their formation to the moving unit. */
    return g_strdup_printf (_("%s challenges the units on %s"), unit, hex);
  if (g_str_equal (name, "formation") && unit != NULL)
    {
      if (viewer >= 0 || a->word == NULL)
        /* Translators: a log line (FPW); the formation taken stays secret. */
        return g_strdup_printf (_("%s changes formation"), unit);
      return g_strdup_printf (a->word[0] == 'c'
                              /* Translators: a log line (FPW Formation Status). */
                              ? _("%s takes up concentrated formation")
                              /* Translators: a log line (FPW Formation Status). */
                              : _("%s takes up extended formation"), unit);
    }
  if (g_str_equal (name, "dummy") && hex != NULL)
    /* Translators: a log line (FPW Standard Game): a dummy counter comes
     * back on the map; which one stays secret. */
    return g_strdup_printf (_("A dummy returns at %s"), hex);
  if (g_str_equal (name, "withhold") && unit != NULL)
    /* Translators: a log line (FPW Variable Orders of Battle). */
    return g_strdup_printf (_("%s is withheld for a later turn"), unit);
  if (g_str_equal (name, "remove") && unit != NULL)
    /* Translators: a log line (FPW Variable Orders of Battle, plan J). */
    return g_strdup_printf (_("%s is removed from play"), unit);
  if (g_str_equal (name, "bombard") && hex != NULL)
    {
      g_autofree char *units = units_label (game, a->units, viewer);

      /* Translators: a log line (LFAF); the hex and the guns firing. */
      return g_strdup_printf (_("Bombardment of %s by %s"), hex, units);
    }
  if (g_str_equal (name, "rally") && unit != NULL)
    /* Translators: a log line (LFAF). */
    return g_strdup_printf (_("%s rallies"), unit);
  if (g_str_equal (name, "recon") && hex != NULL)
    /* Translators: a log line (LFAF). */
    return g_strdup_printf (_("Reconnaissance of %s"), hex);
  if (g_str_equal (name, "surplus") && unit != NULL)
    /* Translators: a log line (LFAF 4.4): a unit over the stacking limit
     * is eliminated, its owner's choice. */
    return g_strdup_printf (_("%s is eliminated as surplus to stacking"), unit);
  return NULL;
}

static char *
sentence_of (SandGame         *game,
             const SandAction *a,
             int               viewer,
             int               from,
             int               setting_up)
{
  SandRuleset *rs = sand_scenario_get_ruleset (sand_game_get_scenario (game));
  g_autofree char *unit = a->unit >= 0 ? editor_game_unit_label (game, a->unit, viewer) : NULL;
  g_autofree char *hex = a->hex != SAND_HEX_NONE ? hex_label (game, a->hex) : NULL;

  switch (a->spec->kind)
    {
    case SAND_ACTION_MOVE:
      {
        g_autofree char *path = path_label (game, from, a->path);

        if (from != SAND_HEX_NONE)
          /* Translators: a log line; a unit, the hex it left and the hexes
           * it entered, e.g. "III Korps moves 1207 → 1107 → 1007". */
          return g_strdup_printf (_("%s moves %s"), unit, path);
        /* Translators: a log line; a unit and the hexes it entered (where
         * it came from is not known), e.g. "III Korps moves to 1107 → 1007". */
        return g_strdup_printf (_("%s moves to %s"), unit, path);
      }
    case SAND_ACTION_ATTACK:
      {
        g_autofree char *units = units_label (game, a->units, viewer);

        /* Translators: a log line; the hex attacked and the attackers,
         * e.g. "Attack on 1007 by III Korps, II Korps". */
        return g_strdup_printf (_("Attack on %s by %s"), hex, units);
      }
    case SAND_ACTION_SETTLE:
      return g_strdup (_("Attack settled"));
    case SAND_ACTION_END_PHASE:
      return g_strdup (_("End of phase"));
    case SAND_ACTION_AT:
      /* Translators: a log line; the clock set by hand: the turn, the
       * side's and the phase's names, e.g. "Turn 2, French: Movement". */
      return g_strdup_printf (_("Clock set to turn %d, %s: %s"), a->number,
                              a->side >= 0 ? sand_ruleset_side_label (rs, a->side) : "",
                              a->phase >= 0 ? sand_ruleset_phase_label (rs, a->phase) : "");
    case SAND_ACTION_ROLL:
      {
        g_autoptr(GString) dice = g_string_new (NULL);

        for (guint i = 0; a->numbers != NULL && i < a->numbers->len; i++)
          g_string_append_printf (dice, "%s%d", i > 0 ? " " : "",
                                  g_array_index (a->numbers, int, i));
        /* Translators: a log line; the die rolls fixed for the next attacks. */
        return g_strdup_printf (_("Next die rolls: %s"), dice->str);
      }
    case SAND_ACTION_ENTRAIN:
      /* Translators: a log line, e.g. "III Korps entrains". */
      return g_strdup_printf (_("%s entrains"), unit);
    case SAND_ACTION_DETRAIN:
      /* Translators: a log line, e.g. "III Korps detrains". */
      return g_strdup_printf (_("%s detrains"), unit);
    case SAND_ACTION_RESERVE:
      /* Translators: a log line; a new reserve unit placed on a hex. */
      return g_strdup_printf (_("Reserve brought in at %s"), hex);
    case SAND_ACTION_SETUP:
      /* Translators: a log line; a unit moved within its set-up zone. */
      return g_strdup_printf (_("%s set up at %s"), unit, hex);
    case SAND_ACTION_DONE:
      /* Translators: a log line; the unit's movement is over for the phase. */
      return g_strdup_printf (_("%s ends its move"), unit);
    case SAND_ACTION_EXIT:
      /* Translators: a log line; the unit left the map by its edge. */
      return g_strdup_printf (_("%s leaves the map"), unit);
    case SAND_ACTION_READY:
      if (setting_up >= 0)
        /* Translators: a log line; the side whose set-up is over, e.g.
         * "French: set-up done". */
        return g_strdup_printf (_("%s: set-up done"), sand_ruleset_side_label (rs, setting_up));
      return g_strdup (_("Set-up done"));
    case SAND_ACTION_MODULE:
      return module_sentence (game, a, viewer, unit, hex);
    default:
      return NULL;
    }
}

static char *
sentence (SandGame   *game,
          const char *line,
          int         viewer,
          int         from,
          int         setting_up)
{
  g_autoptr(SandAction) action = NULL;

  if (line == NULL)
    return NULL;
  action = sand_game_parse_line (game, line, NULL);
  if (action == NULL)
    return NULL;
  /* What a module keeps secret from the enemy, it words itself; its own
   * actions' sentences leave the secrets out. */
  if (viewer >= 0 && action->spec->line_for != NULL
      && action->spec->kind != SAND_ACTION_MODULE)
    return NULL;
  return sentence_of (game, action, viewer, from, setting_up);
}

char *
editor_game_sentence (SandGame   *game,
                      const char *line,
                      int         viewer,
                      int         from)
{
  g_return_val_if_fail (game != NULL, NULL);

  return sentence (game, line, viewer, from, -1);
}

gboolean
editor_game_line_is_ready (const char *line)
{
  return line != NULL && (strcmp (line, "ready") == 0 || g_str_has_prefix (line, "ready "));
}

/* The log holds a bare `ready`; whose it was follows from the set-up
 * order and the `ready`s before it, which holds for a game loaded or
 * replayed as well as one played here — noting the side when the line is
 * played (as the headings are) would lose it on loading. */
char *
editor_game_sentence_after (SandGame   *game,
                            const char *line,
                            guint       n_ready,
                            int         viewer,
                            int         from)
{
  g_return_val_if_fail (game != NULL, NULL);

  if (!editor_game_line_is_ready (line))
    return sentence (game, line, viewer, from, -1);
  return sentence (game, line, viewer, from, sand_game_setup_side_nth (game, n_ready));
}

guint
editor_game_n_ready (SandGame *game,
                     guint     i)
{
  guint n = 0;

  g_return_val_if_fail (game != NULL, 0);

  for (guint k = 0; k < i && k < sand_game_log_length (game); k++)
    n += editor_game_line_is_ready (sand_game_log_line (game, k));
  return n;
}
