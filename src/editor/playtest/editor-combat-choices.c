/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Losses step of an attack: the losses each side owes, the advance,
 * and Apply; the retreats are in editor-combat-choices-retreat.c. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "editor-combat-choices-private.h"

G_DEFINE_FINAL_TYPE (EditorCombatChoices, editor_combat_choices, GTK_TYPE_WIDGET)

enum {
  SIGNAL_SETTLED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static int
spin_total (EditorCombatChoices *self,
            int                  owner)
{
  int sum = 0;

  for (guint i = 0; i < self->spins[owner]->len; i++)
    sum += gtk_spin_button_get_value_as_int (g_ptr_array_index (self->spins[owner], i));
  if (owner == 1 && self->fort_spin != NULL)
    sum += gtk_spin_button_get_value_as_int (self->fort_spin);
  return sum;
}

/* What is left to allocate, and Apply only when every side's losses add
 * up to what the result says (Unit Reduction (A): "equivalent to the
 * total"). */
void
_editor_combat_choices_update_totals (EditorCombatChoices *self)
{
  const SandPendingAttack *p = self->shown;
  gboolean complete = p != NULL;

  for (int s = 0; p != NULL && s < 2; s++)
    {
      int owed = p->loss[s].owed;
      int left = owed - spin_total (self, s);
      g_autofree char *text = NULL;

      if (self->remaining[s] == NULL)
        continue;
      if (left > 0)
        text = g_strdup_printf (ngettext ("%d left to allocate", "%d left to allocate",
                                          (gulong) left), left);
      else if (left < 0)
        text = g_strdup_printf (ngettext ("%d too many: the result is %d",
                                          "%d too many: the result is %d", (gulong) -left),
                                -left, owed);
      else
        text = g_strdup (_("All allocated"));
      gtk_label_set_label (self->remaining[s], text);
      if (left == 0)
        gtk_widget_remove_css_class (GTK_WIDGET (self->remaining[s]), "error");
      else
        gtk_widget_add_css_class (GTK_WIDGET (self->remaining[s]), "error");
      g_free (self->remaining_text[s]);
      self->remaining_text[s] = g_strdup (text);
      complete &= left == 0;
    }
  gtk_widget_set_sensitive (self->apply_button, complete);
}

static void
clear_sections (EditorCombatChoices *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->sections))) != NULL)
    gtk_box_remove (self->sections, child);
  for (int s = 0; s < 2; s++)
    {
      g_ptr_array_set_size (self->spins[s], 0);
      self->remaining[s] = NULL;
      g_clear_pointer (&self->remaining_text[s], g_free);
    }
  self->fort_spin = NULL;
  g_array_set_size (self->retreats, 0);
  g_ptr_array_set_size (self->retreat_labels, 0);
  g_ptr_array_set_size (self->advance_checks, 0);
  g_array_set_size (self->room, 0);
  self->room_box = NULL;
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
}

static GtkSpinButton *
loss_row (EditorCombatChoices *self,
          GtkWidget           *list,
          const char          *title,
          const char          *subtitle,
          int                  limit,
          int                  value)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new_with_range (0, limit, 1);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, title,
                                  -1);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  gtk_list_box_append (GTK_LIST_BOX (list), row);
  g_signal_connect_swapped (spin, "value-changed",
                            G_CALLBACK (_editor_combat_choices_update_totals), self);
  return GTK_SPIN_BUTTON (spin);
}

/* The losses one side owes: a row per unit that may take them. Units the
 * players picked with a secondary click take theirs first, and a side
 * with one way to take them has it filled in. */
static void
build_losses (EditorCombatChoices *self,
              SandGame            *game,
              int                  owner)
{
  const SandLossOwed *o = &self->shown->loss[owner];
  GArray *first = editor_playtest_get_loss_first (self->playtest);
  g_autofree char *heading = NULL;
  g_autofree int *prefill = g_new0 (int, o->units->len + 1);
  int left = o->owed;
  GtkWidget *list, *remaining;

  if (o->owed <= 0 || o->units->len + (o->fort_limit > 0 ? 1 : 0) == 0)
    return;
  for (guint k = 0; k < first->len && left > 0; k++)
    for (guint i = 0; i < o->units->len; i++)
      {
        const SandLossOption *opt = &g_array_index (o->units, SandLossOption, i);
        if (opt->unit == g_array_index (first, int, k))
          {
            prefill[i] = MIN (opt->limit, left);
            left -= prefill[i];
          }
      }
  if (left > 0 && o->units->len == 1 && o->fort_limit <= 0)
    prefill[0] += MIN (left, g_array_index (o->units, SandLossOption, 0).limit - prefill[0]);

  /* Translators: e.g. "The defender loses 2 — Unit Reduction (A)"; the
   * last part is the rule case that lets the owner choose. */
  heading = g_strdup_printf (owner == 0 ? _("The attacker loses %d — %s")
                                        : _("The defender loses %d — %s"), o->owed, o->rule);
  gtk_box_append (self->sections, section_heading (heading));
  list = boxed_list ();
  for (guint i = 0; i < o->units->len; i++)
    {
      const SandLossOption *opt = &g_array_index (o->units, SandLossOption, i);
      /* Translators: a unit's strength now, the most it can lose; a hasty
       * attacker loses at most the points it allocated (FPW Hasty Attacks (O)). */
      g_autofree char *sub = owner == 0 && self->shown->hasty_points > 0
                             ? g_strdup_printf (_("%d allocated to the hasty attack"), opt->limit)
                             : g_strdup_printf (_("Strength %d"), opt->limit);
      g_autofree char *name = unit_name (game, opt->unit);
      GtkSpinButton *spin = loss_row (self, list, name, sub, opt->limit, prefill[i]);

      g_object_set_data (G_OBJECT (spin), "unit", GINT_TO_POINTER (opt->unit));
      g_ptr_array_add (self->spins[owner], spin);
    }
  if (o->fort_limit > 0)
    {
      g_autofree char *sub = g_strdup_printf (_("Strength %d"), o->fort_limit);
      self->fort_spin = loss_row (self, list, _("Fortification"), sub, o->fort_limit, 0);
    }
  gtk_box_append (self->sections, list);
  remaining = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (remaining), 0);
  gtk_widget_add_css_class (remaining, "caption");
  gtk_box_append (self->sections, remaining);
  self->remaining[owner] = GTK_LABEL (remaining);
}

static void
build_advance (EditorCombatChoices *self,
               SandGame            *game)
{
  const SandPendingAttack *p = self->shown;
  g_autofree char *heading = NULL;
  GtkWidget *list;

  if (p->advance->len == 0)
    return;
  /* Translators: the rule case that lets the attacker advance. */
  heading = g_strdup_printf (_("Advance into the emptied hex — %s"), p->advance_rule);
  gtk_box_append (self->sections, section_heading (heading));
  list = boxed_list ();
  for (guint i = 0; i < p->advance->len; i++)
    {
      int unit = g_array_index (p->advance, int, i);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *check = gtk_check_button_new ();
      g_autofree char *name = unit_name (game, unit);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
      g_object_set_data (G_OBJECT (check), "unit", GINT_TO_POINTER (unit));
      gtk_list_box_append (GTK_LIST_BOX (list), row);
      g_ptr_array_add (self->advance_checks, check);
    }
  gtk_box_append (self->sections, list);
}

static void
rebuild (EditorCombatChoices *self,
         SandGame            *game)
{
  const SandPendingAttack *p = self->shown;
  g_autofree char *roll = NULL;

  clear_sections (self);
  if (p->roll > 0 && p->modified_roll != p->roll)
    /* Translators: the die, the die with its modifiers, the table's result. */
    roll = g_strdup_printf (_("Die %d, modified %d: %s"), p->roll, p->modified_roll, p->result);
  else if (p->roll > 0)
    roll = g_strdup_printf (_("Die %d: %s"), p->roll, p->result);
  else
    roll = g_strdup (_("Only dummies defended: no die"));
  gtk_label_set_label (self->roll_label, roll);
  gtk_label_set_label (self->explain_label,
                       _("The rules leave these to the owners. Undo takes the attack back."));
  build_losses (self, game, 0);
  build_losses (self, game, 1);
  _editor_combat_choices_build_retreats (self, game);
  build_advance (self, game);
  _editor_combat_choices_update_totals (self);
  /* The first retreat with a choice is picked on the map at once: its
   * legal hexes are highlighted for a click. */
  for (guint i = 0; i < p->retreats->len; i++)
    if (g_array_index (p->retreats, SandRetreatOwed, i).ends->len > 1)
      {
        _editor_combat_choices_start_pick (self, i);
        break;
      }
}

void
editor_combat_choices_refresh (EditorCombatChoices *self)
{
  SandGame *game;
  const SandPendingAttack *p;

  g_return_if_fail (EDITOR_IS_COMBAT_CHOICES (self));

  game = game_of (self);
  p = game ? sand_game_get_pending_attack (game) : NULL;
  gtk_widget_set_visible (GTK_WIDGET (self), p != NULL);
  if (p == NULL)
    {
      self->shown = NULL;
      return;
    }
  /* The same waiting attack keeps what the players set so far. */
  if (p == self->shown && p->roll == self->shown_roll && p->hex == self->shown_hex)
    return;
  self->shown = p;
  self->shown_roll = p->roll;
  self->shown_hex = p->hex;
  rebuild (self, game);
}

static void
apply_clicked (EditorCombatChoices *self)
{
  SandGame *game = game_of (self);
  g_autoptr(GArray) losses = g_array_new (FALSE, FALSE, sizeof (SandLoss));
  g_autoptr(GArray) advance = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) retreats = g_array_new (FALSE, FALSE, sizeof (SandRetreat));
  g_autoptr(GError) error = NULL;
  SandAttackChoices choices = { .fort_loss = -1 };
  SandAttackResult result = { 0 };
  g_autoptr(GString) text = g_string_new (NULL);

  if (game == NULL || self->shown == NULL)
    return;
  for (int s = 0; s < 2; s++)
    for (guint i = 0; i < self->spins[s]->len; i++)
      {
        GtkSpinButton *spin = g_ptr_array_index (self->spins[s], i);
        SandLoss l = { GPOINTER_TO_INT (g_object_get_data (G_OBJECT (spin), "unit")),
                       gtk_spin_button_get_value_as_int (spin) };
        if (l.loss > 0)
          g_array_append_val (losses, l);
      }
  if (self->fort_spin != NULL)
    choices.fort_loss = gtk_spin_button_get_value_as_int (self->fort_spin);
  for (guint i = 0; i < self->retreats->len; i++)
    if (g_array_index (self->retreats, SandRetreat, i).n_hexes > 0)
      g_array_append_val (retreats, g_array_index (self->retreats, SandRetreat, i));
  /* units sent on to make room, while still on the hex their stack's
   * retreat ends on */
  for (guint i = 0; i < self->room->len; i++)
    {
      const SandRetreat *r = &g_array_index (self->room, SandRetreat, i);
      gboolean wanted = FALSE;

      for (guint k = 0; k < self->shown->retreats->len; k++)
        wanted |= _editor_combat_choices_retreat_end (self, k) ==
                  sand_game_get_unit (game, r->unit)->hex;
      if (wanted && r->n_hexes == 1)
        g_array_append_val (retreats, *r);
    }
  for (guint i = 0; i < self->advance_checks->len; i++)
    {
      GtkCheckButton *check = g_ptr_array_index (self->advance_checks, i);
      int unit = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (check), "unit"));
      if (gtk_check_button_get_active (check))
        g_array_append_val (advance, unit);
    }
  choices.losses = (const SandLoss *) (gpointer) losses->data;
  choices.n_losses = losses->len;
  choices.retreats = (const SandRetreat *) (gpointer) retreats->data;
  choices.n_retreats = retreats->len;
  choices.advance = (const int *) (gpointer) advance->data;
  choices.n_advance = advance->len;
  editor_playtest_cancel_pick (self->playtest);
  if (!editor_playtest_settle_attack (self->playtest, &choices, &result, &error))
    {
      const char *rule = sand_game_get_refusal_rule (game);
      g_autofree char *msg = rule && error->code == SAND_GAME_ERROR_REFUSED
                             ? g_strdup_printf (_("%s (%s)"), error->message, rule)
                             : g_strdup (error->message);
      gtk_label_set_label (self->error_label, msg);
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
      return;
    }
  /* Translators: the die and the table's result, e.g. "Die 4: 1/2". */
  g_string_append_printf (text, _("Die %d: %s"), result.roll, result.result);
  for (guint i = 0; result.losses && i < result.losses->len; i++)
    {
      SandLoss *l = &g_array_index (result.losses, SandLoss, i);
      g_autofree char *name = unit_name (game, l->unit);
      g_string_append_c (text, '\n');
      g_string_append_printf (text, _("%s loses %d"), name, l->loss);
    }
  if (result.fort_loss > 0)
    {
      g_string_append_c (text, '\n');
      g_string_append_printf (text, _("The fortification loses %d"), result.fort_loss);
    }
  for (guint i = 0; result.eliminated && i < result.eliminated->len; i++)
    {
      g_autofree char *name = unit_name (game, g_array_index (result.eliminated, int, i));
      g_string_append_c (text, '\n');
      g_string_append_printf (text, _("%s is eliminated"), name);
    }
  for (guint i = 0; result.advanced && i < result.advanced->len; i++)
    {
      g_autofree char *name = unit_name (game, g_array_index (result.advanced, int, i));
      g_string_append_c (text, '\n');
      g_string_append_printf (text, _("%s advances"), name);
    }
  sand_attack_result_clear (&result);
  self->shown = NULL;
  g_signal_emit (self, signals[SIGNAL_SETTLED], 0, text->str);
  editor_combat_choices_refresh (self);
}

GtkSpinButton *
editor_combat_choices_get_spin (EditorCombatChoices *self,
                                int                  unit)
{
  g_return_val_if_fail (EDITOR_IS_COMBAT_CHOICES (self), NULL);

  if (unit < 0)
    return self->fort_spin;
  for (int s = 0; s < 2; s++)
    for (guint i = 0; i < self->spins[s]->len; i++)
      {
        GtkSpinButton *spin = g_ptr_array_index (self->spins[s], i);
        if (GPOINTER_TO_INT (g_object_get_data (G_OBJECT (spin), "unit")) == unit)
          return spin;
      }
  return NULL;
}

GtkWidget *
editor_combat_choices_get_apply (EditorCombatChoices *self)
{
  g_return_val_if_fail (EDITOR_IS_COMBAT_CHOICES (self), NULL);
  return self->apply_button;
}

const char *
editor_combat_choices_get_remaining (EditorCombatChoices *self,
                                     int                  owner)
{
  g_return_val_if_fail (EDITOR_IS_COMBAT_CHOICES (self), NULL);
  g_return_val_if_fail (owner == 0 || owner == 1, NULL);
  return self->remaining_text[owner];
}

GtkCheckButton *
editor_combat_choices_get_advance (EditorCombatChoices *self,
                                   int                  unit)
{
  g_return_val_if_fail (EDITOR_IS_COMBAT_CHOICES (self), NULL);

  for (guint i = 0; i < self->advance_checks->len; i++)
    {
      GtkCheckButton *check = g_ptr_array_index (self->advance_checks, i);
      if (GPOINTER_TO_INT (g_object_get_data (G_OBJECT (check), "unit")) == unit)
        return check;
    }
  return NULL;
}

void
editor_combat_choices_set_playtest (EditorCombatChoices *self,
                                    EditorPlaytest      *playtest)
{
  g_return_if_fail (EDITOR_IS_COMBAT_CHOICES (self));
  self->playtest = playtest;
  self->shown = NULL;
  editor_combat_choices_refresh (self);
}

GtkWidget *
editor_combat_choices_new (void)
{
  return g_object_new (EDITOR_TYPE_COMBAT_CHOICES, NULL);
}

static void
editor_combat_choices_dispose (GObject *object)
{
  EditorCombatChoices *self = EDITOR_COMBAT_CHOICES (object);

  gtk_widget_dispose_template (GTK_WIDGET (object), EDITOR_TYPE_COMBAT_CHOICES);
  for (int s = 0; s < 2; s++)
    {
      g_clear_pointer (&self->spins[s], g_ptr_array_unref);
      g_clear_pointer (&self->remaining_text[s], g_free);
    }
  g_clear_pointer (&self->retreats, g_array_unref);
  g_clear_pointer (&self->retreat_labels, g_ptr_array_unref);
  g_clear_pointer (&self->advance_checks, g_ptr_array_unref);
  g_clear_pointer (&self->room, g_array_unref);
  G_OBJECT_CLASS (editor_combat_choices_parent_class)->dispose (object);
}

static void
editor_combat_choices_class_init (EditorCombatChoicesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = editor_combat_choices_dispose;

  /* The attack settled: a description of what happened, for the panel. */
  signals[SIGNAL_SETTLED] = g_signal_new ("settled", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                          G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/sandtable/Sandtable/"
                                               "ui/editor-combat-choices.ui");
  gtk_widget_class_bind_template_child (widget_class, EditorCombatChoices, apply_button);
  gtk_widget_class_bind_template_child (widget_class, EditorCombatChoices, box);
  gtk_widget_class_bind_template_child (widget_class, EditorCombatChoices, error_label);
  gtk_widget_class_bind_template_child (widget_class, EditorCombatChoices, explain_label);
  gtk_widget_class_bind_template_child (widget_class, EditorCombatChoices, roll_label);
  gtk_widget_class_bind_template_child (widget_class, EditorCombatChoices, sections);
}

static void
editor_combat_choices_init (EditorCombatChoices *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  for (int s = 0; s < 2; s++)
    self->spins[s] = g_ptr_array_new ();
  self->retreats = g_array_new (FALSE, FALSE, sizeof (SandRetreat));
  self->retreat_labels = g_ptr_array_new ();
  self->advance_checks = g_ptr_array_new ();
  self->room = g_array_new (FALSE, FALSE, sizeof (SandRetreat));
  g_signal_connect_swapped (self->apply_button, "clicked", G_CALLBACK (apply_clicked), self);
}
