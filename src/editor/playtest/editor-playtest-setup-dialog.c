/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-playtest-setup-dialog.h"
#include "editor-playtest-players.h"
#include "editor-rule-option.h"
#include "sand-ruleset-labels.h"

struct _EditorPlaytestSetupDialog
{
  AdwWindow parent_instance;

  SandScenario *scenario;
  GPtrArray *oob_rows;      /* AdwComboRow per side */
  GPtrArray *oob_ids;       /* GPtrArray of char* per side */
  GPtrArray *option_names;  /* char* */
  GPtrArray *option_switches;
  GPtrArray *option_rows;      /* AdwActionRow per option */
  GPtrArray *option_subtitles; /* char*: each row's own subtitle */
  gboolean syncing_options; /* setting switches to what a requirement asks */
  gboolean choosing_oobs;   /* the Standard Game's switch picks each side's */
  gboolean responded;

  /* Template children */
  GtkButton *cancel_button;
  AdwPreferencesGroup *oob_group;
  AdwPreferencesGroup *options_group;
  EditorPlaytestPlayers *players_group;
  AdwEntryRow *seed_row;
  GtkButton *start_button;
};

G_DEFINE_FINAL_TYPE (EditorPlaytestSetupDialog, editor_playtest_setup_dialog, ADW_TYPE_WINDOW)

enum {
  RESPONSE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
respond (EditorPlaytestSetupDialog *self,
         gboolean                   start)
{
  if (self->responded)
    return;
  self->responded = TRUE;
  g_signal_emit (self, signals[RESPONSE], 0, start);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
start_cb (EditorPlaytestSetupDialog *self)
{
  respond (self, TRUE);
}

static void
cancel_cb (EditorPlaytestSetupDialog *self)
{
  respond (self, FALSE);
}

static gboolean
close_request_cb (EditorPlaytestSetupDialog *self)
{
  if (!self->responded)
    {
      self->responded = TRUE;
      g_signal_emit (self, signals[RESPONSE], 0, FALSE);
    }
  return FALSE;
}

guint64
editor_playtest_setup_dialog_get_seed (EditorPlaytestSetupDialog *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST_SETUP_DIALOG (self), 0);
  return g_ascii_strtoull (gtk_editable_get_text (GTK_EDITABLE (self->seed_row)), NULL, 10);
}

gboolean
editor_playtest_setup_dialog_get_player (EditorPlaytestSetupDialog *self,
                                         int                        side,
                                         SandAiOptions             *options)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST_SETUP_DIALOG (self), FALSE);
  return editor_playtest_players_get (self->players_group, side,
                                      editor_playtest_setup_dialog_get_seed (self), options);
}

EditorPlaytestPlayers *
editor_playtest_setup_dialog_get_players (EditorPlaytestSetupDialog *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST_SETUP_DIALOG (self), NULL);
  return self->players_group;
}

char **
editor_playtest_setup_dialog_get_oobs (EditorPlaytestSetupDialog *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GRand) rand = NULL;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST_SETUP_DIALOG (self), NULL);

  rand = g_rand_new_with_seed ((guint32) editor_playtest_setup_dialog_get_seed (self) ^ 0x5eed);
  for (guint s = 0; s < self->oob_rows->len; s++)
    {
      GPtrArray *ids = g_ptr_array_index (self->oob_ids, s);
      guint pick = adw_combo_row_get_selected (g_ptr_array_index (self->oob_rows, s));

      if (ids->len == 0)
        {
          g_strv_builder_add (builder, "");
          continue;
        }
      if (pick >= ids->len)
        {
          /* The secret draw: a die roll picks the plan numbered with it. */
          int roll = g_rand_int_range (rand, 1, 7);

          pick = g_rand_int_range (rand, 0, ids->len);
          for (guint i = 0; i < ids->len; i++)
            {
              int o = sand_scenario_find_oob (self->scenario, g_ptr_array_index (ids, i));
              if (o >= 0 && sand_scenario_get_oob (self->scenario, o)->die_number == roll)
                pick = i;
            }
        }
      g_strv_builder_add (builder, g_ptr_array_index (ids, pick));
    }
  return g_strv_builder_end (builder);
}

char **
editor_playtest_setup_dialog_get_options (EditorPlaytestSetupDialog *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  g_return_val_if_fail (EDITOR_IS_PLAYTEST_SETUP_DIALOG (self), NULL);

  for (guint i = 0; i < self->option_names->len; i++)
    if (gtk_switch_get_active (g_ptr_array_index (self->option_switches, i)))
      g_strv_builder_add (builder, g_ptr_array_index (self->option_names, i));
  return g_strv_builder_end (builder);
}

/* The Standard Game plays with the dummies: where a scenario has an
 * order of battle per game ("basic-…", "standard-…"), follow the switch. */
static void
standard_toggled_cb (EditorPlaytestSetupDialog *self,
                     GParamSpec                *pspec,
                     GtkSwitch                 *sw)
{
  const char *prefix = gtk_switch_get_active (sw) ? "standard" : "basic";

  /* one side's pick alone would judge the options on a mixed pair: the
   * switch's settled handler judges the pair once both are picked */
  self->choosing_oobs = TRUE;
  for (guint s = 0; s < self->oob_rows->len; s++)
    {
      GPtrArray *ids = g_ptr_array_index (self->oob_ids, s);

      for (guint i = 0; i < ids->len; i++)
        if (g_str_has_prefix (g_ptr_array_index (ids, i), prefix))
          {
            adw_combo_row_set_selected (g_ptr_array_index (self->oob_rows, s), i);
            break;
          }
    }
  self->choosing_oobs = FALSE;
}

/* A requirement is the ruleset's to say (Formation Status needs the
 * Standard Game): switching one option brings the others with it, as the
 * engine answers. */
static void
option_toggled_cb (EditorPlaytestSetupDialog *self,
                   GParamSpec                *pspec,
                   GtkSwitch                 *sw)
{
  SandRuleset *ruleset = sand_scenario_get_ruleset (self->scenario);
  g_auto(GStrv) on_now = NULL;
  g_auto(GStrv) on = NULL;
  guint i;

  if (self->syncing_options)
    return;
  for (i = 0; i < self->option_switches->len; i++)
    if (g_ptr_array_index (self->option_switches, i) == sw)
      break;
  if (i == self->option_switches->len)
    return;
  on_now = editor_playtest_setup_dialog_get_options (self);
  on = sand_ruleset_switch_option (ruleset, (const char * const *) on_now,
                                   g_ptr_array_index (self->option_names, i),
                                   gtk_switch_get_active (sw));
  self->syncing_options = TRUE;
  for (guint k = 0; k < self->option_switches->len; k++)
    gtk_switch_set_active (g_ptr_array_index (self->option_switches, k),
                           g_strv_contains ((const char * const *) on,
                                            g_ptr_array_index (self->option_names, k)));
  self->syncing_options = FALSE;
}

/* An option the chosen orders of battle play whatever the switch says
 * (the demo's, which place dummies, play the Standard Game) is shown on
 * and fixed, with why, so the dialog never says off for what will be
 * played. The rules answer (sand_game_options_played); a secret draw is
 * not known until play, so nothing is fixed then. */
static void
sync_forced_options (EditorPlaytestSetupDialog *self)
{
  g_auto(GStrv) oobs = NULL;
  g_auto(GStrv) forced = NULL;

  gboolean drawn = FALSE, choice = FALSE;

  if (self->option_names == NULL || self->option_names->len == 0)
    return;
  for (guint s = 0; s < self->oob_rows->len; s++)
    {
      GPtrArray *ids = g_ptr_array_index (self->oob_ids, s);

      drawn |= ids->len > 0
               && adw_combo_row_get_selected (g_ptr_array_index (self->oob_rows, s)) >= ids->len;
      choice |= ids->len > 1;
    }
  if (!drawn)
    {
      oobs = editor_playtest_setup_dialog_get_oobs (self);
      /* orders of battle that cannot be played force nothing: Play says why */
      forced = sand_game_options_played (self->scenario, (const char * const *) oobs, NULL, NULL);
    }
  self->syncing_options = TRUE;
  for (guint i = 0; i < self->option_names->len; i++)
    {
      const char *name = g_ptr_array_index (self->option_names, i);
      GtkWidget *row = g_ptr_array_index (self->option_rows, i);
      GtkSwitch *sw = g_ptr_array_index (self->option_switches, i);
      gboolean on = forced != NULL && g_strv_contains ((const char * const *) forced, name);

      if (on)
        {
          /* Translators: under a rule option the chosen orders of battle
           * play whatever its switch says; %s is the option's own
           * description. */
          g_autofree char *why = g_strdup_printf (_("%s\nOn: the chosen orders of battle play it"),
                                                  (const char *) g_ptr_array_index (self->option_subtitles, i));
          adw_action_row_set_subtitle (ADW_ACTION_ROW (row), why);
          gtk_switch_set_active (sw, TRUE);
        }
      else
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                                     g_ptr_array_index (self->option_subtitles, i));
      /* Fixed when no other order of battle could be chosen (the demo);
       * otherwise switching it off picks others where the rules name them
       * (standard_toggled_cb), and the switch comes back on if they too
       * play it. */
      gtk_widget_set_sensitive (GTK_WIDGET (sw), !on || choice);
    }
  self->syncing_options = FALSE;
}

static void
oob_selected_cb (EditorPlaytestSetupDialog *self)
{
  if (!self->choosing_oobs)
    sync_forced_options (self);
}

static void
option_settled_cb (EditorPlaytestSetupDialog *self)
{
  if (!self->syncing_options)
    sync_forced_options (self);
}

/* One row per option: @def is the ruleset's, or NULL for an option the
 * scenario holds that the ruleset does not know. */
static void
add_option (EditorPlaytestSetupDialog *self,
            const char                *option,
            const SandOptionDef       *def)
{
  SandRuleset *ruleset = sand_scenario_get_ruleset (self->scenario);
  g_autofree char *subtitle = NULL;
  GtkWidget *row, *sw;

  for (guint i = 0; i < self->option_names->len; i++)
    if (g_strcmp0 (g_ptr_array_index (self->option_names, i), option) == 0)
      return;
  if (def != NULL)
    subtitle = editor_rule_option_subtitle (ruleset, def);
  else
    subtitle = g_strdup_printf (_("Not a rule option of %s: the rules ignore it"),
                                sand_ruleset_get_label (ruleset));
  row = adw_action_row_new ();
  /* Ruleset text is data: no markup. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                 def != NULL ? sand_ruleset_label ("option", def->name) : option);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  sw = gtk_switch_new ();
  gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
  gtk_switch_set_active (GTK_SWITCH (sw), sand_scenario_has_option (self->scenario, option));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), sw);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), sw);
  adw_preferences_group_add (self->options_group, row);
  g_ptr_array_add (self->option_names, g_strdup (option));
  g_ptr_array_add (self->option_switches, sw);
  g_ptr_array_add (self->option_rows, row);
  g_ptr_array_add (self->option_subtitles, g_strdup (subtitle));
  g_signal_connect_object (sw, "notify::active", G_CALLBACK (option_toggled_cb), self,
                           G_CONNECT_SWAPPED);
  if (g_strcmp0 (option, "standard") == 0)
    g_signal_connect_object (sw, "notify::active", G_CALLBACK (standard_toggled_cb), self,
                             G_CONNECT_SWAPPED);
  g_signal_connect_object (sw, "notify::active", G_CALLBACK (option_settled_cb), self,
                           G_CONNECT_SWAPPED | G_CONNECT_AFTER);
}

static void
whole_name_setup_cb (GtkSignalListItemFactory *factory,
                     GtkListItem              *item)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_list_item_set_child (item, label);
}

static void
whole_name_bind_cb (GtkSignalListItemFactory *factory,
                    GtkListItem              *item)
{
  GtkStringObject *name = gtk_list_item_get_item (item);

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)),
                      gtk_string_object_get_string (name));
}

static GtkListItemFactory *
whole_name_factory (void)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (whole_name_setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (whole_name_bind_cb), NULL);
  return factory;
}

static void
fill (EditorPlaytestSetupDialog *self)
{
  SandRuleset *ruleset = sand_scenario_get_ruleset (self->scenario);
  g_auto(GStrv) options = sand_scenario_list_options (self->scenario);
  g_autofree char *seed = g_strdup_printf ("%u", g_random_int_range (1, 1000000));

  editor_playtest_players_set_ruleset (self->players_group, ruleset);

  for (guint s = 0; s < sand_ruleset_n_sides (ruleset); s++)
    {
      GtkStringList *names = gtk_string_list_new (NULL);
      GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
      SandOob *def = sand_scenario_default_oob (self->scenario, s);
      guint selected = 0;
      GtkWidget *row = adw_combo_row_new ();

      for (guint i = 0; i < sand_scenario_n_oobs (self->scenario); i++)
        {
          SandOob *oob = sand_scenario_get_oob (self->scenario, i);

          if (oob->side != (int) s)
            continue;
          if (oob == def)
            selected = ids->len;
          g_ptr_array_add (ids, g_strdup (oob->id));
          gtk_string_list_append (names, oob->name && *oob->name ? oob->name : oob->id);
        }
      if (ids->len > 1)
        gtk_string_list_append (names, _("Secret random draw"));
      if (ids->len > 1 && sand_scenario_has_option (self->scenario, "variable-oob"))
        selected = ids->len;
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                     sand_ruleset_side_label (ruleset, s));
      adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (names));
      /* Order-of-battle names are long ("French forces, Standard Game"):
       * the chosen one reads in full under the side, and the list shows
       * every one whole, so the designer can tell them apart. */
      adw_combo_row_set_use_subtitle (ADW_COMBO_ROW (row), TRUE);
      {
        g_autoptr(GtkListItemFactory) factory = whole_name_factory ();

        adw_combo_row_set_list_factory (ADW_COMBO_ROW (row), factory);
      }
      adw_combo_row_set_selected (ADW_COMBO_ROW (row), selected);
      gtk_widget_set_sensitive (row, ids->len > 0);
      /* A greyed row with nothing in it does not say why. */
      if (ids->len == 0)
        {
          adw_combo_row_set_use_subtitle (ADW_COMBO_ROW (row), FALSE);
          adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                                       _("No order of battle: the side starts with no units"));
        }
      g_object_unref (names);
      adw_preferences_group_add (self->oob_group, row);
      g_ptr_array_add (self->oob_rows, row);
      g_ptr_array_add (self->oob_ids, ids);
      g_signal_connect_object (row, "notify::selected", G_CALLBACK (oob_selected_cb), self,
                               G_CONNECT_SWAPPED);
    }

  {
    gboolean any_draw = FALSE;

    for (guint s = 0; s < self->oob_ids->len; s++)
      any_draw |= ((GPtrArray *) g_ptr_array_index (self->oob_ids, s))->len > 1;
    if (!any_draw)
      adw_preferences_group_set_description (self->oob_group, NULL);
  }

  for (guint i = 0; i < sand_ruleset_get_n_options (ruleset); i++)
    {
      const SandOptionDef *def = sand_ruleset_get_option (ruleset, i);

      add_option (self, def->id, def);
    }
  for (guint i = 0; options[i] != NULL; i++)
    add_option (self, options[i], NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->options_group), self->option_names->len > 0);
  sync_forced_options (self);

  gtk_editable_set_text (GTK_EDITABLE (self->seed_row), seed);
}

GtkWidget *
editor_playtest_setup_dialog_new (GtkWindow    *parent,
                                  SandScenario *scenario)
{
  EditorPlaytestSetupDialog *self;

  g_return_val_if_fail (SAND_IS_SCENARIO (scenario), NULL);

  self = g_object_new (EDITOR_TYPE_PLAYTEST_SETUP_DIALOG, "transient-for", parent, NULL);
  self->scenario = g_object_ref (scenario);
  fill (self);
  return GTK_WIDGET (self);
}

static void
editor_playtest_setup_dialog_finalize (GObject *object)
{
  EditorPlaytestSetupDialog *self = (EditorPlaytestSetupDialog *) object;

  g_clear_object (&self->scenario);
  g_clear_pointer (&self->oob_rows, g_ptr_array_unref);
  g_clear_pointer (&self->oob_ids, g_ptr_array_unref);
  g_clear_pointer (&self->option_names, g_ptr_array_unref);
  g_clear_pointer (&self->option_switches, g_ptr_array_unref);
  g_clear_pointer (&self->option_rows, g_ptr_array_unref);
  g_clear_pointer (&self->option_subtitles, g_ptr_array_unref);
  G_OBJECT_CLASS (editor_playtest_setup_dialog_parent_class)->finalize (object);
}

static void
editor_playtest_setup_dialog_class_init (EditorPlaytestSetupDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = editor_playtest_setup_dialog_finalize;
  g_type_ensure (EDITOR_TYPE_PLAYTEST_PLAYERS);

  signals[RESPONSE] = g_signal_new ("response", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/sandtable/Sandtable/"
                                               "ui/editor-playtest-setup-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestSetupDialog, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestSetupDialog, oob_group);
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestSetupDialog, options_group);
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestSetupDialog, players_group);
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestSetupDialog, seed_row);
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestSetupDialog, start_button);
}

static void
editor_playtest_setup_dialog_init (EditorPlaytestSetupDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->oob_rows = g_ptr_array_new ();
  self->oob_ids = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  self->option_names = g_ptr_array_new_with_free_func (g_free);
  self->option_switches = g_ptr_array_new ();
  self->option_rows = g_ptr_array_new ();
  self->option_subtitles = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect_swapped (self->start_button, "clicked", G_CALLBACK (start_cb), self);
  g_signal_connect_swapped (self->cancel_button, "clicked", G_CALLBACK (cancel_cb), self);
  g_signal_connect (self, "close-request", G_CALLBACK (close_request_cb), NULL);
}
