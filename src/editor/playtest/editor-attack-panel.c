/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "editor-attack-panel.h"
#include "editor-combat-choices.h"
#include "editor-game-sentence.h"

struct _EditorAttackPanel
{
  GtkWidget parent_instance;

  EditorPlaytest *playtest;
  /* LFAF 8.4: the batteries offered and those the player chose; until a
   * check is toggled the rules' default stands. */
  GArray *support_ready;
  GArray *support;
  gboolean choose_support;
  gboolean building;
  int support_hex;
  /* The game and log length the shown result belongs to: once the game
   * moves on (undo, a new phase, a loaded game) the result is stale. */
  SandGame *result_game;
  guint result_log_len;

  /* Template children */
  GtkLabel *attackers_label;
  GtkButton *bombard_button;
  EditorCombatChoices *choices;
  GtkCheckButton *decline_flank_check;
  GtkLabel *defender_label;
  GtkLabel *notes_label;
  GtkLabel *odds_label;
  GtkButton *resolve_button;
  GtkLabel *result_label;
  GtkBox *support_box;
};

G_DEFINE_FINAL_TYPE (EditorAttackPanel, editor_attack_panel, GTK_TYPE_WIDGET)

/* ", AK (de6-2)": the unit after @i others, as the screen's side reads it
 * (hot-seat hides the other side's identities), as the log names it. */
static void
append_unit (GString  *text,
             guint     i,
             SandGame *game,
             int       unit,
             int       viewer)
{
  g_autofree char *name = editor_game_unit_label (game, unit, viewer);

  g_string_append_printf (text, "%s %s", i ? "," : "", name);
}

static void update (EditorAttackPanel *self);

/* Empty labels still take a line each; hiding them keeps the result next
 * to the attack it reports instead of at the bottom of an empty box. */
static void
sync_label_visibility (EditorAttackPanel *self)
{
  GtkLabel *labels[] = { self->defender_label, self->attackers_label, self->odds_label,
                         self->notes_label, self->result_label };
  SandGame *game = editor_playtest_get_game (self->playtest);
  gboolean pending = game != NULL && sand_game_get_pending_attack (game) != NULL;

  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    {
      gboolean hidden_in_step = pending && (labels[i] == self->notes_label
                                            || labels[i] == self->attackers_label);

      gtk_widget_set_visible (GTK_WIDGET (labels[i]),
                              !hidden_in_step && *gtk_label_get_label (labels[i]) != '\0');
    }
}

static void
set_result (EditorAttackPanel *self,
            const char        *text)
{
  self->result_game = editor_playtest_get_game (self->playtest);
  self->result_log_len = editor_playtest_log_length (self->playtest);
  gtk_label_set_label (self->result_label, text);
  sync_label_visibility (self);
}

static void
support_toggled (EditorAttackPanel *self)
{
  GtkWidget *child;

  if (self->building)
    return;
  self->choose_support = TRUE;
  g_array_set_size (self->support, 0);
  for (child = gtk_widget_get_first_child (GTK_WIDGET (self->support_box)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_CHECK_BUTTON (child) && gtk_check_button_get_active (GTK_CHECK_BUTTON (child)))
      {
        int unit = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (child), "unit"));
        g_array_append_val (self->support, unit);
      }
  update (self);
}

/* A check per battery that may support the assault (LFAF 8.4), ticked
 * for those that do; rebuilt only when the batteries offered change. */
static void
update_support (EditorAttackPanel *self,
                SandGame          *game,
                const SandOdds    *odds)
{
  GtkWidget *child, *next;
  gboolean same;

  if (odds->support_ready == NULL || odds->support_ready->len == 0)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->support_box), FALSE);
      g_array_set_size (self->support_ready, 0);
      return;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->support_box), TRUE);
  same = odds->support_ready->len == self->support_ready->len
    && memcmp (odds->support_ready->data, self->support_ready->data,
               sizeof (int) * self->support_ready->len) == 0;
  self->building = TRUE;
  if (!same)
    {
      for (child = gtk_widget_get_first_child (GTK_WIDGET (self->support_box)); child != NULL;
           child = next)
        {
          next = gtk_widget_get_next_sibling (child);
          if (GTK_IS_CHECK_BUTTON (child))
            gtk_box_remove (self->support_box, child);
        }
      g_array_set_size (self->support_ready, 0);
      g_array_append_vals (self->support_ready, odds->support_ready->data,
                           odds->support_ready->len);
      for (guint i = 0; i < odds->support_ready->len; i++)
        {
          int unit = g_array_index (odds->support_ready, int, i);
          g_autofree char *name =
            editor_game_unit_label (game, unit, editor_playtest_get_viewer (self->playtest));
          GtkWidget *check = gtk_check_button_new_with_label (name);

          g_object_set_data (G_OBJECT (check), "unit", GINT_TO_POINTER (unit));
          g_signal_connect_swapped (check, "toggled", G_CALLBACK (support_toggled), self);
          gtk_box_append (self->support_box, check);
        }
    }
  for (child = gtk_widget_get_first_child (GTK_WIDGET (self->support_box)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_CHECK_BUTTON (child))
      {
        int unit = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (child), "unit"));
        gboolean on = FALSE;
        for (guint i = 0; odds->support != NULL && i < odds->support->len; i++)
          on |= g_array_index (odds->support, int, i) == unit;
        gtk_check_button_set_active (GTK_CHECK_BUTTON (child), on);
      }
  self->building = FALSE;
}

static void update_labels (EditorAttackPanel *self);

static void
update (EditorAttackPanel *self)
{
  SandGame *game = editor_playtest_get_game (self->playtest);

  if (game != self->result_game
      || editor_playtest_log_length (self->playtest) != self->result_log_len)
    gtk_label_set_label (self->result_label, "");
  update_labels (self);
  sync_label_visibility (self);
}

static void
update_labels (EditorAttackPanel *self)
{
  SandGame *game = editor_playtest_get_game (self->playtest);
  int viewer = editor_playtest_get_viewer (self->playtest);
  int defender = editor_playtest_get_defender (self->playtest);
  GArray *attackers = editor_playtest_get_attackers (self->playtest);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  SandOdds odds = { 0 };
  char id[SAND_HEX_ID_MAX];

  gtk_widget_set_sensitive (GTK_WIDGET (self), game != NULL &&
                            (editor_playtest_get_attack_mode (self->playtest)
                             || sand_game_get_pending_attack (game) != NULL));
  if (game == NULL)
    return;
  /* After the die: the Losses step replaces the attack being built. */
  editor_combat_choices_refresh (self->choices);
  if (sand_game_get_pending_attack (game) != NULL)
    {
      /* The odds stay in sight; their every contribution makes room for
       * the step. */
      gtk_label_set_label (self->result_label, "");
      gtk_widget_set_visible (GTK_WIDGET (self->resolve_button), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->bombard_button), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->decline_flank_check), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->support_box), FALSE);
      return;
    }

  if (defender < 0)
    {
      gtk_label_set_label (self->defender_label, _("Click the enemy hex to attack."));
      gtk_label_set_label (self->attackers_label, "");
      gtk_label_set_label (self->odds_label, "");
      gtk_label_set_label (self->notes_label, "");
      gtk_widget_set_sensitive (GTK_WIDGET (self->resolve_button), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->resolve_button), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->decline_flank_check), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->bombard_button), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->support_box), FALSE);
      self->support_hex = -1;
      return;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->bombard_button),
                          editor_playtest_has_command (self->playtest, "bombard"));
  gtk_widget_set_sensitive (GTK_WIDGET (self->bombard_button), attackers->len > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->resolve_button), TRUE);

  {
    g_autoptr(GArray) units = g_array_new (FALSE, FALSE, sizeof (int));

    sand_game_units_at (game, defender, units);
    sand_grid_format_id (sand_game_get_grid (game), defender, id);
    /* Translators: the hex attacked, e.g. "Defending 1207:". */
    g_string_printf (text, _("Defending %s:"), id);
    for (guint i = 0; i < units->len; i++)
      append_unit (text, i, game, g_array_index (units, int, i), viewer);
  }
  gtk_label_set_label (self->defender_label, text->str);

  g_string_assign (text, _("Attacking:"));
  for (guint i = 0; i < attackers->len; i++)
    append_unit (text, i, game, g_array_index (attackers, int, i), viewer);
  if (attackers->len == 0)
    g_string_append_printf (text, " %s", _("click your units beside it"));
  {
    GArray *first = editor_playtest_get_loss_first (self->playtest);

    if (first->len > 0)
      {
        g_string_append_printf (text, "\n%s", _("Losses first:"));
        for (guint i = 0; i < first->len; i++)
          append_unit (text, i, game, g_array_index (first, int, i), viewer);
      }
    else
      g_string_append_printf (text, "\n%s",
                              _("After the die each side spreads its losses unit by unit; "
                                "right-click a stack to have it take them first."));
  }
  gtk_label_set_label (self->attackers_label, text->str);

  if (defender != self->support_hex)
    {
      /* another hex, another choice */
      self->support_hex = defender;
      self->choose_support = FALSE;
      g_array_set_size (self->support, 0);
    }
  SandAttackChoices pre = { .fort_loss = -1 };
  pre.decline_flank = gtk_check_button_get_active (self->decline_flank_check);
  pre.choose_support = self->choose_support;
  pre.support = (const int *) (gpointer) self->support->data;
  pre.n_support = self->support->len;
  if (attackers->len > 0 &&
      sand_game_odds_with (game, defender, (const int *) (gpointer) attackers->data,
                           attackers->len, &pre, &odds, &error))
    {
      update_support (self, game, &odds);
      g_autofree char *line = NULL;

      if (odds.odds[0] != '\0')
        /* Translators: attack strength, defence strength, odds column and
         * die modifier, e.g. "12 against 5: 2-1, +1". */
        line = g_strdup_printf (_("%g against %g: %s, %+d"), odds.attack_q / 4.0,
                                odds.defense_q / 4.0, odds.odds, odds.drm);
      else
        /* Translators: a die-modifier attack (no odds columns). */
        line = g_strdup_printf (_("Die modifier %+d"), odds.drm);
      gtk_label_set_label (self->odds_label, line);
      g_string_truncate (text, 0);
      for (guint i = 0; odds.notes && i < odds.notes->len; i++)
        g_string_append_printf (text, "%s• %s", i ? "\n" : "",
                                (const char *) g_ptr_array_index (odds.notes, i));
      gtk_label_set_label (self->notes_label, text->str);
      gtk_widget_set_visible (GTK_WIDGET (self->decline_flank_check),
                              odds.flank_possible);
      gtk_widget_set_sensitive (GTK_WIDGET (self->resolve_button), TRUE);
    }
  else
    {
      gtk_label_set_label (self->odds_label, "");
      gtk_label_set_label (self->notes_label, error ? error->message : "");
      gtk_widget_set_visible (GTK_WIDGET (self->decline_flank_check), FALSE);
      gtk_widget_set_sensitive (GTK_WIDGET (self->resolve_button), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->support_box), FALSE);
    }
  sand_odds_clear (&odds);
}

static void
show_refusal (EditorAttackPanel *self,
              SandGame          *game,
              const GError      *error)
{
  const char *rule = sand_game_get_refusal_rule (game);
  g_autofree char *msg = rule && error->code == SAND_GAME_ERROR_REFUSED
                         ? g_strdup_printf (_("%s (%s)"), error->message, rule)
                         : g_strdup (error->message);
  set_result (self, msg);
}

/* What the Losses step showed when it settled the attack. */
static void
settled_cb (EditorAttackPanel *self,
            const char        *text)
{
  set_result (self, text);
}

/* Whether a rolled attack leaves the owners anything to choose. */
static gboolean
has_choices (const SandPendingAttack *p)
{
  for (int s = 0; s < 2; s++)
    if (p->loss[s].owed > 0
        && p->loss[s].units->len + (p->loss[s].fort_limit > 0 ? 1 : 0) > 1)
      return TRUE;
  for (guint i = 0; i < p->retreats->len; i++)
    {
      const SandRetreatOwed *r = &g_array_index (p->retreats, SandRetreatOwed, i);
      /* where to go, or who makes room there (LFAF 4.3) */
      if (r->ends->len > 1 || (r->room != NULL && r->room->len > 0))
        return TRUE;
    }
  return p->advance->len > 0;
}

/* Resolve rolls the die; what the rules then leave to the owners is the
 * Losses step (EditorCombatChoices), unless there is nothing to choose. */
static void
resolve_cb (EditorAttackPanel *self)
{
  SandGame *game = editor_playtest_get_game (self->playtest);
  g_autoptr(GError) error = NULL;
  const SandPendingAttack *p;
  SandAttackResult result = { 0 };
  g_autoptr(GString) text = g_string_new (NULL);
  guint n;

  if (game == NULL)
    return;
  SandAttackChoices pre = { .fort_loss = -1 };
  pre.decline_flank = gtk_check_button_get_active (self->decline_flank_check);
  pre.choose_support = self->choose_support;
  pre.support = (const int *) (gpointer) self->support->data;
  pre.n_support = self->support->len;
  if (!editor_playtest_roll_attack (self->playtest, &pre, &error))
    {
      show_refusal (self, game, error);
      return;
    }
  p = sand_game_get_pending_attack (game);
  if (p != NULL && has_choices (p))
    return;
  if (!editor_playtest_settle_attack (self->playtest, NULL, &result, &error))
    {
      show_refusal (self, game, error);
      return;
    }
  n = editor_playtest_log_length (self->playtest);
  if (n > 0)
    {
      g_autofree char *entry = editor_playtest_log_entry (self->playtest, n - 1);
      const char *dash = strstr (entry, " — ");
      g_string_append (text, dash ? dash + strlen (" — ") : entry);
    }
  for (guint i = 0; result.losses && i < result.losses->len; i++)
    {
      SandLoss *l = &g_array_index (result.losses, SandLoss, i);
      int viewer = editor_playtest_get_viewer (self->playtest);
      g_autofree char *name = editor_game_unit_label (game, l->unit, viewer);

      g_string_append_printf (text, _("\n%s loses %d"), name, l->loss);
    }
  if (result.fort_loss > 0)
    g_string_append_printf (text, _("\nThe fortification loses %d"), result.fort_loss);
  set_result (self, text->str);
  sand_attack_result_clear (&result);
}

static void
bombard_cb (EditorAttackPanel *self)
{
  SandGame *game = editor_playtest_get_game (self->playtest);
  GArray *attackers = editor_playtest_get_attackers (self->playtest);
  int defender = editor_playtest_get_defender (self->playtest);
  g_autoptr(SandAction) action = NULL;
  g_autoptr(GError) error = NULL;
  const SandActionSpec *spec;
  guint n;

  if (game == NULL || defender < 0 || (spec = sand_game_find_action (game, "bombard")) == NULL)
    return;
  /* the batteries firing on the hex, as a typed action */
  action = sand_action_new (spec);
  action->hex = defender;
  sand_action_set_units (action, (const int *) (void *) attackers->data, attackers->len);
  if (!editor_playtest_apply (self->playtest, action, &error))
    {
      const char *rule = sand_game_get_refusal_rule (game);
      g_autofree char *msg = rule && error->code == SAND_GAME_ERROR_REFUSED
                             ? g_strdup_printf (_("%s (%s)"), error->message, rule)
                             : g_strdup (error->message);
      set_result (self, msg);
      return;
    }
  n = editor_playtest_log_length (self->playtest);
  if (n > 0)
    {
      g_autofree char *entry = editor_playtest_log_entry (self->playtest, n - 1);
      set_result (self, entry);
    }
}

const char *
editor_attack_panel_get_odds (EditorAttackPanel *self)
{
  g_return_val_if_fail (EDITOR_IS_ATTACK_PANEL (self), NULL);
  return gtk_label_get_label (self->odds_label);
}

const char *
editor_attack_panel_get_result (EditorAttackPanel *self)
{
  g_return_val_if_fail (EDITOR_IS_ATTACK_PANEL (self), NULL);
  return gtk_label_get_label (self->result_label);
}

GtkWidget *
editor_attack_panel_get_choices (EditorAttackPanel *self)
{
  g_return_val_if_fail (EDITOR_IS_ATTACK_PANEL (self), NULL);
  return GTK_WIDGET (self->choices);
}

GtkWidget *
editor_attack_panel_get_resolve (EditorAttackPanel *self)
{
  g_return_val_if_fail (EDITOR_IS_ATTACK_PANEL (self), NULL);
  return GTK_WIDGET (self->resolve_button);
}

GtkWidget *
editor_attack_panel_new (EditorPlaytest *playtest)
{
  EditorAttackPanel *self;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (playtest), NULL);

  self = g_object_new (EDITOR_TYPE_ATTACK_PANEL, NULL);
  self->playtest = playtest;
  editor_combat_choices_set_playtest (self->choices, playtest);
  g_signal_connect_object (playtest, "changed", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
  return GTK_WIDGET (self);
}

static void
editor_attack_panel_dispose (GObject *object)
{
  EditorAttackPanel *self = EDITOR_ATTACK_PANEL (object);

  g_clear_pointer (&self->support_ready, g_array_unref);
  g_clear_pointer (&self->support, g_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (object), EDITOR_TYPE_ATTACK_PANEL);
  /* The template's root has no id, so dispose_template leaves it. */
  {
    GtkWidget *child;

    while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
      gtk_widget_unparent (child);
  }
  G_OBJECT_CLASS (editor_attack_panel_parent_class)->dispose (object);
}

static void
editor_attack_panel_class_init (EditorAttackPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = editor_attack_panel_dispose;

  g_type_ensure (EDITOR_TYPE_COMBAT_CHOICES);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/sandtable/Sandtable/"
                                               "ui/editor-attack-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, EditorAttackPanel, attackers_label);
  gtk_widget_class_bind_template_child (widget_class, EditorAttackPanel, bombard_button);
  gtk_widget_class_bind_template_child (widget_class, EditorAttackPanel, choices);
  gtk_widget_class_bind_template_child (widget_class, EditorAttackPanel, decline_flank_check);
  gtk_widget_class_bind_template_child (widget_class, EditorAttackPanel, defender_label);
  gtk_widget_class_bind_template_child (widget_class, EditorAttackPanel, notes_label);
  gtk_widget_class_bind_template_child (widget_class, EditorAttackPanel, odds_label);
  gtk_widget_class_bind_template_child (widget_class, EditorAttackPanel, resolve_button);
  gtk_widget_class_bind_template_child (widget_class, EditorAttackPanel, result_label);
  gtk_widget_class_bind_template_child (widget_class, EditorAttackPanel, support_box);
}

static void
editor_attack_panel_init (EditorAttackPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->support_ready = g_array_new (FALSE, FALSE, sizeof (int));
  self->support = g_array_new (FALSE, FALSE, sizeof (int));
  self->support_hex = -1;
  g_signal_connect_swapped (self->resolve_button, "clicked", G_CALLBACK (resolve_cb), self);
  g_signal_connect_swapped (self->bombard_button, "clicked", G_CALLBACK (bombard_cb), self);
  g_signal_connect_swapped (self->decline_flank_check, "toggled", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->choices, "settled", G_CALLBACK (settled_cb), self);
}
