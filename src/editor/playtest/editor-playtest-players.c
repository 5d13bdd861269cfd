/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-playtest-players.h"
#include "sand-ruleset-labels.h"

/* A row's choices: a person, then the computer at each level. */
enum {
  CHOICE_HUMAN,
  CHOICE_RANDOM,
  CHOICE_FAST,
  CHOICE_STRONG,
};

struct _EditorPlaytestPlayers
{
  AdwPreferencesGroup parent_instance;

  GPtrArray *who_rows;        /* AdwComboRow per side */
  GPtrArray *time_rows;       /* AdwActionRow per side: the strong level's budget */
  GPtrArray *time_spins;      /* GtkSpinButton per side, seconds */
};

G_DEFINE_FINAL_TYPE (EditorPlaytestPlayers, editor_playtest_players, ADW_TYPE_PREFERENCES_GROUP)

static void
who_changed_cb (EditorPlaytestPlayers *self)
{
  for (guint s = 0; s < self->who_rows->len; s++)
    gtk_widget_set_visible (g_ptr_array_index (self->time_rows, s),
                            adw_combo_row_get_selected (g_ptr_array_index (self->who_rows, s))
                            == CHOICE_STRONG);
}

void
editor_playtest_players_set_ruleset (EditorPlaytestPlayers *self,
                                     SandRuleset           *ruleset)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST_PLAYERS (self));

  for (guint s = 0; s < self->who_rows->len; s++)
    {
      adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self),
                                    g_ptr_array_index (self->who_rows, s));
      adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self),
                                    g_ptr_array_index (self->time_rows, s));
    }
  g_ptr_array_set_size (self->who_rows, 0);
  g_ptr_array_set_size (self->time_rows, 0);
  g_ptr_array_set_size (self->time_spins, 0);

  for (guint s = 0; ruleset != NULL && s < sand_ruleset_n_sides (ruleset); s++)
    {
      const char *who[] = {
        _("Human"),
        /* Translators: the computer's levels (docs/ai.md): random moves,
         * a quick heuristic, a search within a thinking time. */
        _("Computer · Random"), _("Computer · Fast"), _("Computer · Strong"), NULL
      };
      g_autoptr(GtkStringList) names = gtk_string_list_new (who);
      GtkWidget *row = adw_combo_row_new ();
      GtkWidget *time_row = adw_action_row_new ();
      GtkWidget *spin = gtk_spin_button_new_with_range (0.5, 30, 0.5);
      g_autofree char *time_title = NULL;

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                     sand_ruleset_side_label (ruleset, s));
      adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (names));
      g_signal_connect_object (row, "notify::selected", G_CALLBACK (who_changed_cb), self,
                               G_CONNECT_SWAPPED);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), row);

      /* Translators: the strong level's time to search each phase; %s is
       * the side it plays. */
      time_title = g_strdup_printf (_("%s · Thinking Time"), sand_ruleset_side_label (ruleset, s));
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (time_row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (time_row), time_title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (time_row), _("Seconds a phase"));
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 2);
      gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
      gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      time_title, -1);
      adw_action_row_add_suffix (ADW_ACTION_ROW (time_row), spin);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (time_row), spin);
      gtk_widget_set_visible (time_row, FALSE);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), time_row);

      g_ptr_array_add (self->who_rows, row);
      g_ptr_array_add (self->time_rows, time_row);
      g_ptr_array_add (self->time_spins, spin);
    }
}

gboolean
editor_playtest_players_get (EditorPlaytestPlayers *self,
                             int                    side,
                             guint64                seed,
                             SandAiOptions         *options)
{
  guint choice;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST_PLAYERS (self), FALSE);
  g_return_val_if_fail (options != NULL, FALSE);

  if (side < 0 || (guint) side >= self->who_rows->len)
    return FALSE;
  choice = adw_combo_row_get_selected (g_ptr_array_index (self->who_rows, side));
  if (choice == CHOICE_HUMAN || choice == GTK_INVALID_LIST_POSITION)
    return FALSE;
  sand_ai_options_init (options);
  options->level = choice == CHOICE_RANDOM ? SAND_AI_RANDOM
                   : choice == CHOICE_STRONG ? SAND_AI_STRONG : SAND_AI_FAST;
  /* The game's seed plays the same game again; each side its own stream. */
  options->seed = seed * 2u + (guint64) side;
  options->budget_ms = (int) (gtk_spin_button_get_value (g_ptr_array_index (self->time_spins,
                                                                           side)) * 1000);
  return TRUE;
}

void
editor_playtest_players_set (EditorPlaytestPlayers *self,
                             int                    side,
                             const SandAiOptions   *options)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST_PLAYERS (self));

  if (side < 0 || (guint) side >= self->who_rows->len)
    return;
  adw_combo_row_set_selected (g_ptr_array_index (self->who_rows, side),
                              options == NULL ? CHOICE_HUMAN
                              : options->level == SAND_AI_RANDOM ? CHOICE_RANDOM
                              : options->level == SAND_AI_STRONG ? CHOICE_STRONG : CHOICE_FAST);
  if (options != NULL && options->budget_ms > 0)
    gtk_spin_button_set_value (g_ptr_array_index (self->time_spins, side),
                               options->budget_ms / 1000.0);
}

GtkWidget *
editor_playtest_players_new (void)
{
  return g_object_new (EDITOR_TYPE_PLAYTEST_PLAYERS, NULL);
}

static void
editor_playtest_players_finalize (GObject *object)
{
  EditorPlaytestPlayers *self = EDITOR_PLAYTEST_PLAYERS (object);

  g_clear_pointer (&self->who_rows, g_ptr_array_unref);
  g_clear_pointer (&self->time_rows, g_ptr_array_unref);
  g_clear_pointer (&self->time_spins, g_ptr_array_unref);
  G_OBJECT_CLASS (editor_playtest_players_parent_class)->finalize (object);
}

static void
editor_playtest_players_class_init (EditorPlaytestPlayersClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = editor_playtest_players_finalize;
}

static void
editor_playtest_players_init (EditorPlaytestPlayers *self)
{
  self->who_rows = g_ptr_array_new ();
  self->time_rows = g_ptr_array_new ();
  self->time_spins = g_ptr_array_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (self), _("Players"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (self),
                                         _("The computer plays its side's turns on the map; "
                                           "Stop gives the side back to you."));
}
