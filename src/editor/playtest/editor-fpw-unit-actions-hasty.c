/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The FPW Standard Game's hasty attack from the card: the enemy hex picked
 * on the map, the points allocated (and what they count for, halved), the
 * die, the owners' Losses step where the result leaves one, and what it
 * did — read from the engine's SandAttackResult and the game's state. */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-fpw-unit-actions-private.h"
#include "editor-game-sentence.h"

#define SECTION(self) EDITOR_UNIT_ACTIONS (self)
#define PLAYTEST(self) editor_unit_actions_get_playtest (EDITOR_UNIT_ACTIONS (self))

/* Whether an enemy of @side stands on @hex. */
static gboolean
enemy_on (SandGame *game,
          int       hex,
          int       side,
          GArray   *scratch)
{
  g_array_set_size (scratch, 0);
  sand_game_units_at (game, hex, scratch);
  for (guint i = 0; i < scratch->len; i++)
    if (sand_game_get_unit (game, g_array_index (scratch, int, i))->side != side)
      return TRUE;
  return FALSE;
}

void
_editor_fpw_unit_actions_enemy_hexes (SandGame *game,
                                      int       from,
                                      int       range,
                                      int       side,
                                      GArray   *out)
{
  const SandGrid *grid = sand_game_get_grid (game);
  g_autoptr(GArray) scratch = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint u = 0; u < sand_game_n_units (game); u++)
    {
      const SandUnitState *st = sand_game_get_unit (game, u);
      gboolean listed = FALSE;

      if (st->status != SAND_UNIT_ON_MAP || st->side == side || st->hex == from)
        continue;
      if (sand_grid_distance (grid, from, st->hex) > range)
        continue;
      for (guint i = 0; i < out->len && !listed; i++)
        listed = g_array_index (out, int, i) == st->hex;
      if (!listed && enemy_on (game, st->hex, side, scratch))
        g_array_append_val (out, st->hex);
    }
}

/* Quarter points in words: 6 → "1½". */
static char *
format_quarters (int q)
{
  static const char *const parts[] = { "", "¼", "½", "¾" };

  if (q < 4)
    return g_strdup (q == 0 ? "0" : parts[q]);
  return g_strdup_printf ("%d%s", q / 4, parts[q % 4]);
}

/* The halved strength a hasty attack would bring, from what the rules
 * halve: always (P), again unsupplied, again extended (Formation
 * Status (C)). */
static void
update_halved (EditorFpwUnitActions *self)
{
  SandGame *game = editor_playtest_get_game (PLAYTEST (self));
  int points = gtk_spin_button_get_value_as_int (self->points_spin);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *value = NULL;
  int q = points * 4 / 2;
  const char *formation;

  if (game == NULL || self->hasty_unit < 0)
    return;
  formation = sand_game_unit_formation_for (game, self->hasty_unit,
                                            sand_game_get_unit (game, self->hasty_unit)->side);
  if (sand_game_unit_supply (game, self->hasty_unit) != SAND_SUPPLY_SUPPLIED)
    q /= 2;
  if (g_strcmp0 (formation, "extended") == 0)
    q /= 2;
  value = format_quarters (q);
  /* Translators: the points allocated to a hasty attack and what they
   * count for, e.g. "3 points attack as 1½ (halved, Hasty Attacks (P))". */
  g_string_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                      "%d point attacks as %s (halved, Hasty Attacks (P))",
                                      "%d points attack as %s (halved, Hasty Attacks (P))",
                                      points),
                   points, value);
  if (sand_game_unit_supply (game, self->hasty_unit) != SAND_SUPPLY_SUPPLIED)
    g_string_append_printf (text, "\n%s", _("Halved again: the unit is out of supply."));
  if (g_strcmp0 (formation, "extended") == 0)
    g_string_append_printf (text, "\n%s",
                            _("Halved again: the unit is extended (Formation Status (C))."));
  gtk_label_set_label (self->halved_label, text->str);
}

void
_editor_fpw_unit_actions_end_hasty (EditorFpwUnitActions *self)
{
  self->hasty_unit = -1;
  self->hasty_hex = -1;
  gtk_widget_set_visible (GTK_WIDGET (self->hasty_box), FALSE);
}

static void
hasty_picked (EditorPlaytest *playtest,
              int             hex,
              gpointer        data)
{
  EditorFpwUnitActions *self = data;
  SandGame *game = editor_playtest_get_game (playtest);
  int unit = editor_playtest_get_selected (playtest);
  int viewer = editor_playtest_get_viewer (playtest);
  g_autofree char *id = NULL;
  g_autofree char *title = NULL;
  g_autoptr(GString) names = g_string_new (NULL);
  g_autoptr(GArray) units = g_array_new (FALSE, FALSE, sizeof (int));
  int strength;

  if (game == NULL || unit < 0)
    return;
  id = sand_grid_dup_id (sand_game_get_grid (game), hex);
  sand_game_units_at (game, hex, units);
  for (guint i = 0; i < units->len; i++)
    {
      int u = g_array_index (units, int, i);
      g_autofree char *name = NULL;

      if (sand_game_get_unit (game, u)->side == sand_game_get_unit (game, unit)->side)
        continue;
      name = editor_game_unit_label (game, u, viewer);
      g_string_append_printf (names, "%s%s", names->len ? ", " : "", name);
    }
  if (names->len == 0 && sand_game_fort_strength (game, hex) <= 0)
    {
      /* Nothing to set points against: say so at once, not after. */
      g_autoptr(GError) error = NULL;

      /* Translators: a hasty attack aimed at a hex without enemies. */
      g_set_error (&error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID,
                   _("There is no enemy unit on %s to attack."), id);
      editor_unit_actions_refused (SECTION (self), error);
      return;
    }
  self->hasty_unit = unit;
  self->hasty_hex = hex;
  /* Translators: the hex a hasty attack goes to and, on the next line,
   * who holds it. */
  title = names->len ? g_strdup_printf (_("Hasty attack on %s\n%s"), id, names->str)
                     : g_strdup_printf (_("Hasty attack on %s"), id);
  gtk_label_set_label (self->hasty_label, title);
  strength = MAX (1, sand_game_get_unit (game, unit)->strength);
  gtk_adjustment_configure (self->points_adjustment, strength, 1, strength, 1, 2, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->hasty_box), TRUE);
  /* While a hasty attack is set up, its own controls are all there is. */
  gtk_widget_set_visible (GTK_WIDGET (self->buttons_box), FALSE);
  editor_unit_actions_show_result (SECTION (self), NULL);
  update_halved (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->points_spin));
}

void
_editor_fpw_unit_actions_hasty_cb (EditorFpwUnitActions *self)
{
  EditorPlaytest *playtest = PLAYTEST (self);
  SandGame *game = editor_playtest_get_game (playtest);
  int unit = editor_playtest_get_selected (playtest);
  g_autoptr(GArray) adjacent = g_array_new (FALSE, FALSE, sizeof (int));
  g_autofree char *name = NULL;
  g_autofree char *prompt = NULL;
  const SandUnitState *st;

  if (game == NULL || unit < 0)
    return;
  st = sand_game_get_unit (game, unit);
  _editor_fpw_unit_actions_enemy_hexes (game, st->hex, 1, st->side, adjacent);
  name = editor_game_unit_label (game, unit, editor_playtest_get_viewer (playtest));
  /* Translators: picking the target of a hasty attack on the map. */
  prompt = g_strdup_printf (_("Click the enemy hex next to %s to attack"), name);
  _editor_fpw_unit_actions_end_hasty (self);
  editor_unit_actions_show_result (SECTION (self), NULL);
  editor_playtest_begin_pick (playtest, prompt, (const int *) (gpointer) adjacent->data,
                              adjacent->len, hasty_picked, self, NULL);
}

/* What a hasty attack did: the die and the table's cell from the engine's
 * result (@result; NULL when the owners settled it, @settled then says
 * what the Losses step did), the losses from the state before and after. */
static void
describe_hasty (EditorFpwUnitActions   *self,
                const SandAttackResult *result,
                const char             *settled)
{
  EditorPlaytest *playtest = PLAYTEST (self);
  SandGame *game = editor_playtest_get_game (playtest);
  int viewer = editor_playtest_get_viewer (playtest);
  int unit = self->rolled_unit;
  const SandUnitState *st = sand_game_get_unit (game, unit);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *name = editor_game_unit_label (game, unit, viewer);
  g_autofree char *hex_id = sand_grid_dup_id (sand_game_get_grid (game), self->rolled_hex);
  gboolean only_dummies = self->rolled_defenders->len > 0;
  int lost;

  for (guint i = 0; i < self->rolled_defenders->len; i++)
    {
      const SandUnitState *d = sand_game_get_unit (game,
                                                   g_array_index (self->rolled_defenders,
                                                                  int, i));
      only_dummies &= (d->flags & SAND_UNIT_DUMMY) && d->status == SAND_UNIT_ELIMINATED;
    }
  /* The rules roll no die when only dummies (and no fortification) held
   * the hex (Sequence of Play (2)). */
  if (only_dummies && sand_game_fort_strength (game, self->rolled_hex) <= 0)
    {
      /* Translators: a hasty attack found only dummy counters. */
      g_string_printf (text, _("Only dummies held %s: they are removed."), hex_id);
      if (st->status == SAND_UNIT_ON_MAP && !(st->flags & SAND_UNIT_STOPPED))
        g_string_append_printf (text, " %s", _("The unit may move on (Sequence of Play (3))."));
      else
        g_string_append_printf (text, " %s",
                                _("Real enemy units still control its hex: it stays."));
      editor_unit_actions_show_result (SECTION (self), text->str);
      return;
    }
  if (result != NULL && result->roll > 0)
    /* Translators: a hasty attack's odds, die and table result, e.g.
     * "Odds 1-3, die 2: 2/0." */
    g_string_append_printf (text, _("Odds %s, die %d: %s."), result->odds.odds, result->roll,
                            result->result);
  else if (settled != NULL && *settled != '\0')
    g_string_append (text, settled);
  else
    g_string_append (text, _("The hasty attack is made."));
  lost = self->rolled_strength - (st->status == SAND_UNIT_ON_MAP ? st->strength : 0);
  if (lost > 0)
    {
      g_string_append_c (text, ' ');
      /* Translators: what the unit that made a hasty attack lost. */
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                                 "%s loses %d Combat Point.",
                                                 "%s loses %d Combat Points.", lost),
                              name, lost);
    }
  for (guint i = 0; i < self->rolled_defenders->len; i++)
    {
      int d = g_array_index (self->rolled_defenders, int, i);
      g_autofree char *dname = NULL;

      if (sand_game_get_unit (game, d)->status != SAND_UNIT_ELIMINATED)
        continue;
      dname = editor_game_unit_label (game, d, viewer);
      g_string_append_c (text, ' ');
      g_string_append_printf (text, (sand_game_get_unit (game, d)->flags & SAND_UNIT_DUMMY)
                                    /* Translators: a defender a hasty attack removed. */
                                    ? _("%s was a dummy.") : _("%s is eliminated."), dname);
    }
  if (st->status != SAND_UNIT_ON_MAP)
    g_string_append_printf (text, "\n%s", _("The attacking unit is eliminated."));
  else
    {
      g_string_append_c (text, '\n');
      /* Translators: the unit that made a hasty attack on real units. */
      g_string_append_printf (text, _("%s stops (Sequence of Play (2))."), name);
      if (st->flags & SAND_UNIT_NO_COMBAT)
        g_string_append_printf (text, " %s",
                                _("It may not attack in the Combat Phase (errata)."));
    }
  editor_unit_actions_show_result (SECTION (self), text->str);
}

/* Whether a rolled attack leaves a loss to spread: a side owing some
 * with more than one way to take it (Unit Reduction (A)). */
static gboolean
loss_to_choose (const SandPendingAttack *p)
{
  for (int s = 0; s < 2; s++)
    if (p->loss[s].owed > 0
        && p->loss[s].units->len + (p->loss[s].fort_limit > 0 ? 1 : 0) > 1)
      return TRUE;
  return FALSE;
}

/* The owners settled the Losses step: say what the attack did. */
static void
choices_settled_cb (EditorFpwUnitActions *self,
                    const char           *description)
{
  if (self->rolled_unit >= 0 && editor_playtest_get_game (PLAYTEST (self)) != NULL)
    describe_hasty (self, NULL, description);
  self->rolled_unit = -1;
}

/* Rolls the die; where the result leaves the owners a loss to spread the
 * Losses step shows (EditorCombatChoices), else it settles at once. */
static void
hasty_attack_cb (EditorFpwUnitActions *self)
{
  EditorPlaytest *playtest = PLAYTEST (self);
  SandGame *game = editor_playtest_get_game (playtest);
  g_autoptr(GError) error = NULL;
  const SandPendingAttack *p;
  SandAttackResult result = { 0 };
  int unit = self->hasty_unit;
  int target = self->hasty_hex;

  if (game == NULL || unit < 0 || target < 0)
    return;
  g_array_set_size (self->rolled_defenders, 0);
  sand_game_units_at (game, target, self->rolled_defenders);
  self->rolled_strength = sand_game_get_unit (game, unit)->strength;
  self->rolled_hex = target;
  self->rolled_unit = unit;
  if (!editor_playtest_roll_hasty (playtest, target, unit,
                                   gtk_spin_button_get_value_as_int (self->points_spin), &error))
    {
      self->rolled_unit = -1;
      editor_unit_actions_refused (SECTION (self), error);
      return;
    }
  _editor_fpw_unit_actions_end_hasty (self);
  p = sand_game_get_pending_attack (game);
  if (p != NULL && loss_to_choose (p))
    {
      editor_unit_actions_show_result (SECTION (self), NULL);
      editor_combat_choices_refresh (self->choices);
      return;
    }
  if (!editor_playtest_settle_attack (playtest, NULL, &result, &error))
    {
      self->rolled_unit = -1;
      editor_unit_actions_refused (SECTION (self), error);
      return;
    }
  describe_hasty (self, &result, NULL);
  self->rolled_unit = -1;
  sand_attack_result_clear (&result);
}

static void
hasty_cancel_cb (EditorFpwUnitActions *self)
{
  _editor_fpw_unit_actions_end_hasty (self);
  editor_unit_actions_refresh (SECTION (self));
}

gboolean
_editor_fpw_unit_actions_hasty_update (EditorFpwUnitActions *self,
                                       SandGame             *game,
                                       int                   selected)
{
  const SandPendingAttack *p = sand_game_get_pending_attack (game);
  gboolean rolled = p != NULL && p->hasty_points > 0;

  /* A hasty attack set up for another unit, or after the game moved on,
   * is given up. */
  if (self->hasty_unit >= 0 &&
      (self->hasty_unit != selected ||
       g_strcmp0 (sand_game_get_phase_id (game), "movement") != 0 ||
       sand_game_get_unit (game, self->hasty_unit)->status != SAND_UNIT_ON_MAP))
    _editor_fpw_unit_actions_end_hasty (self);
  if (self->hasty_unit >= 0)
    update_halved (self);
  /* A rolled hasty attack's Losses step (a Combat Phase attack's is the
   * attack panel's). */
  if (rolled)
    editor_combat_choices_refresh (self->choices);
  else
    gtk_widget_set_visible (GTK_WIDGET (self->choices), FALSE);
  return rolled || self->hasty_unit >= 0;
}

void
_editor_fpw_unit_actions_hasty_init (EditorFpwUnitActions *self)
{
  self->hasty_unit = self->hasty_hex = -1;
  self->rolled_unit = -1;
  self->rolled_defenders = g_array_new (FALSE, FALSE, sizeof (int));
  g_signal_connect_swapped (self->choices, "settled", G_CALLBACK (choices_settled_cb), self);
  g_signal_connect_swapped (self->hasty_button, "clicked",
                            G_CALLBACK (_editor_fpw_unit_actions_hasty_cb), self);
  g_signal_connect_swapped (self->hasty_attack_button, "clicked",
                            G_CALLBACK (hasty_attack_cb), self);
  g_signal_connect_swapped (self->hasty_cancel_button, "clicked",
                            G_CALLBACK (hasty_cancel_cb), self);
  g_signal_connect_swapped (self->points_spin, "value-changed", G_CALLBACK (update_halved), self);
  /* Enter in the points rolls the attack, as the keyboard player expects
   * (GTK 4.8's spin button has no "activate" of its own: its text does). */
  {
    GtkEditable *text = gtk_editable_get_delegate (GTK_EDITABLE (self->points_spin));

    if (GTK_IS_TEXT (text))
      g_signal_connect_swapped (text, "activate", G_CALLBACK (hasty_attack_cb), self);
  }
}
