/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "editor-playtest-computer-bar.h"
#include "sand-ruleset-labels.h"

struct _EditorPlaytestComputerBar
{
  GtkWidget parent_instance;

  EditorPlaytest *playtest;   /* weak: the playtest owns the bar */
  EditorPlaytestComputer *players[SAND_MAX_SIDES];
  EditorComputerPace pace;
  gboolean busy;

  GtkWidget *spinner;
  GtkWidget *label;
  GtkWidget *pace_dropdown;
  GtkWidget *skip_button;
  GtkWidget *stop_button;
};

G_DEFINE_FINAL_TYPE (EditorPlaytestComputerBar, editor_playtest_computer_bar, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_BUSY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const guint pace_ms[] = { 1500, 600, 200, 0 };

static EditorPlaytestComputer *
busy_player (EditorPlaytestComputerBar *self)
{
  for (guint s = 0; s < SAND_MAX_SIDES; s++)
    if (self->players[s] != NULL &&
        editor_playtest_computer_get_state (self->players[s]) != EDITOR_COMPUTER_IDLE)
      return self->players[s];
  return NULL;
}

static const char *
side_label (EditorPlaytestComputerBar *self,
            int                        side)
{
  SandGame *game = self->playtest ? editor_playtest_get_game (self->playtest) : NULL;
  SandRuleset *ruleset;

  if (game == NULL)
    return "";
  ruleset = sand_scenario_get_ruleset (sand_game_get_scenario (game));
  return side >= 0 && (guint) side < sand_ruleset_n_sides (ruleset)
         ? sand_ruleset_side_label (ruleset, side) : "";
}

/* The level as the set-up dialog's Players menu names it, not the
 * console's word: a French designer picked "Ordinateur · rapide". */
static const char *
level_label (SandAiLevel level)
{
  switch (level)
    {
    case SAND_AI_RANDOM:
      return C_("computer level", "random");
    case SAND_AI_STRONG:
      return C_("computer level", "strong");
    case SAND_AI_FAST:
    default:
      return C_("computer level", "fast");
    }
}

static void
update (EditorPlaytestComputerBar *self)
{
  EditorPlaytestComputer *busy = busy_player (self);
  g_autofree char *text = NULL;
  gboolean any = editor_playtest_computer_bar_any (self);

  gtk_widget_set_visible (GTK_WIDGET (self), any && self->playtest != NULL &&
                          editor_playtest_get_active (self->playtest));
  gtk_spinner_set_spinning (GTK_SPINNER (self->spinner), busy != NULL);
  gtk_widget_set_visible (self->spinner, busy != NULL);
  gtk_widget_set_sensitive (self->skip_button, busy != NULL);
  gtk_widget_set_sensitive (self->stop_button, busy != NULL);
  if (busy == NULL)
    {
      GString *sides = g_string_new (NULL);

      for (guint s = 0; s < SAND_MAX_SIDES; s++)
        if (self->players[s] != NULL)
          {
            const SandAiOptions *o = editor_playtest_computer_get_options (self->players[s]);

            if (sides->len > 0)
              g_string_append (sides, ", ");
            /* Translators: who the computer plays, e.g. "German (fast)";
             * the level is the word the set-up dialog's Players menu
             * gives it ("Computer · Fast"), in lower case. */
            g_string_append_printf (sides, _("%s (%s)"), side_label (self, (int) s),
                                    level_label (o->level));
          }
      /* Translators: the computer's strip while it waits for its turn;
       * %s lists the sides it plays, e.g. "Computer: German (fast)". */
      text = g_strdup_printf (_("Computer: %s"), sides->str);
      g_string_free (sides, TRUE);
    }
  else
    {
      int side = editor_playtest_computer_get_side (busy);
      const char *last = editor_playtest_computer_get_last (busy);

      if (editor_playtest_computer_get_state (busy) == EDITOR_COMPUTER_THINKING)
        /* Translators: the computer searches its phase; %s is its side. */
        text = g_strdup_printf (_("%s: thinking…"), side_label (self, side));
      else if (last != NULL)
        /* Translators: the computer's last action as the game log reads
         * it ("III Korps moves 1207 → 1107 — Toward the objective at
         * 1107…"); the first %s is its side. */
        text = g_strdup_printf (_("%s: %s"), side_label (self, side), last);
      else
        /* Translators: the computer plays its phase; %s is its side. */
        text = g_strdup_printf (_("%s: playing…"), side_label (self, side));
    }
  gtk_label_set_text (GTK_LABEL (self->label), text);
  /* the reason may run past the strip's end: whole in the tooltip */
  gtk_widget_set_tooltip_text (self->label, text);
  if (self->busy != (busy != NULL))
    {
      self->busy = busy != NULL;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
    }
}

static void
player_stopped_cb (EditorPlaytestComputerBar *self,
                   EditorPlaytestComputer    *player)
{
  int side = editor_playtest_computer_get_side (player);
  const char *name = side_label (self, side);
  g_autofree char *text = NULL;

  editor_playtest_computer_bar_set_player (self, side, NULL);
  /* Translators: Stop was pressed; %s is the side the user now plays. */
  text = g_strdup_printf (_("The computer stopped: you play %s"), name);
  if (self->playtest != NULL)
    g_signal_emit_by_name (self->playtest, "message", text);
}

void
editor_playtest_computer_bar_set_player (EditorPlaytestComputerBar *self,
                                         int                        side,
                                         const SandAiOptions       *options)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST_COMPUTER_BAR (self));
  g_return_if_fail (side >= 0 && side < SAND_MAX_SIDES);

  if (self->players[side] != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->players[side], self);
      editor_playtest_computer_cancel (self->players[side]);
      g_clear_object (&self->players[side]);
    }
  if (options != NULL && self->playtest != NULL)
    {
      self->players[side] = editor_playtest_computer_new (self->playtest, side, options);
      editor_playtest_computer_set_pace (self->players[side], pace_ms[self->pace]);
      g_signal_connect_object (self->players[side], "notify::state", G_CALLBACK (update), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (self->players[side], "stopped", G_CALLBACK (player_stopped_cb),
                               self, G_CONNECT_SWAPPED);
    }
  update (self);
}

EditorPlaytestComputer *
editor_playtest_computer_bar_get_player (EditorPlaytestComputerBar *self,
                                         int                        side)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST_COMPUTER_BAR (self), NULL);
  return side >= 0 && side < SAND_MAX_SIDES ? self->players[side] : NULL;
}

gboolean
editor_playtest_computer_bar_any (EditorPlaytestComputerBar *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST_COMPUTER_BAR (self), FALSE);
  for (guint s = 0; s < SAND_MAX_SIDES; s++)
    if (self->players[s] != NULL)
      return TRUE;
  return FALSE;
}

gboolean
editor_playtest_computer_bar_busy (EditorPlaytestComputerBar *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST_COMPUTER_BAR (self), FALSE);
  return busy_player (self) != NULL;
}

void
editor_playtest_computer_bar_set_pace (EditorPlaytestComputerBar *self,
                                       EditorComputerPace         pace)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST_COMPUTER_BAR (self));
  g_return_if_fail (pace <= EDITOR_COMPUTER_PACE_NO_PAUSE);

  self->pace = pace;
  for (guint s = 0; s < SAND_MAX_SIDES; s++)
    if (self->players[s] != NULL)
      editor_playtest_computer_set_pace (self->players[s], pace_ms[pace]);
  if (gtk_drop_down_get_selected (GTK_DROP_DOWN (self->pace_dropdown)) != pace)
    gtk_drop_down_set_selected (GTK_DROP_DOWN (self->pace_dropdown), pace);
}

void
editor_playtest_computer_bar_skip (EditorPlaytestComputerBar *self)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST_COMPUTER_BAR (self));
  for (guint s = 0; s < SAND_MAX_SIDES; s++)
    if (self->players[s] != NULL)
      editor_playtest_computer_skip (self->players[s]);
}

void
editor_playtest_computer_bar_stop (EditorPlaytestComputerBar *self)
{
  EditorPlaytestComputer *busy;

  g_return_if_fail (EDITOR_IS_PLAYTEST_COMPUTER_BAR (self));

  busy = busy_player (self);
  if (busy != NULL)
    editor_playtest_computer_stop (busy);
}

void
editor_playtest_computer_bar_cancel (EditorPlaytestComputerBar *self)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST_COMPUTER_BAR (self));
  for (guint s = 0; s < SAND_MAX_SIDES; s++)
    if (self->players[s] != NULL)
      editor_playtest_computer_cancel (self->players[s]);
  update (self);
}

static gboolean
is_end_phase (const char *line)
{
  return strcmp (line, "end-phase") == 0 || g_str_has_prefix (line, "end-phase ");
}

gboolean
editor_playtest_computer_bar_undo_target (EditorPlaytestComputerBar *self,
                                          SandGame                  *game,
                                          guint                     *n_actions)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST_COMPUTER_BAR (self), FALSE);
  g_return_val_if_fail (game != NULL && n_actions != NULL, FALSE);

  if (!editor_playtest_computer_bar_any (self))
    return FALSE;
  for (guint i = sand_game_log_length (game); i-- > 0;)
    {
      gboolean computer = FALSE;

      for (guint s = 0; s < SAND_MAX_SIDES && !computer; s++)
        computer = self->players[s] != NULL &&
                   editor_playtest_computer_played (self->players[s], game, i);
      if (computer || is_end_phase (sand_game_log_line (game, i)))
        continue;
      *n_actions = i;
      return TRUE;
    }
  return FALSE;
}

static void
pace_selected_cb (EditorPlaytestComputerBar *self)
{
  guint pace = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->pace_dropdown));

  if (pace <= EDITOR_COMPUTER_PACE_NO_PAUSE && pace != self->pace)
    editor_playtest_computer_bar_set_pace (self, pace);
}

static void
playtest_changed_cb (EditorPlaytestComputerBar *self)
{
  update (self);
}

GtkWidget *
editor_playtest_computer_bar_new (EditorPlaytest *playtest)
{
  EditorPlaytestComputerBar *self;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (playtest), NULL);

  self = g_object_new (EDITOR_TYPE_PLAYTEST_COMPUTER_BAR, NULL);
  self->playtest = playtest;
  g_object_add_weak_pointer (G_OBJECT (playtest), (gpointer *) &self->playtest);
  g_signal_connect_object (playtest, "changed", G_CALLBACK (playtest_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (playtest, "notify::active", G_CALLBACK (playtest_changed_cb), self,
                           G_CONNECT_SWAPPED);
  update (self);
  return GTK_WIDGET (self);
}

static void
editor_playtest_computer_bar_dispose (GObject *object)
{
  EditorPlaytestComputerBar *self = EDITOR_PLAYTEST_COMPUTER_BAR (object);
  GtkWidget *child;

  for (guint s = 0; s < SAND_MAX_SIDES; s++)
    if (self->players[s] != NULL)
      {
        g_signal_handlers_disconnect_by_data (self->players[s], self);
        editor_playtest_computer_cancel (self->players[s]);
        g_clear_object (&self->players[s]);
      }
  if (self->playtest != NULL)
    {
      g_object_remove_weak_pointer (G_OBJECT (self->playtest), (gpointer *) &self->playtest);
      self->playtest = NULL;
    }
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (editor_playtest_computer_bar_parent_class)->dispose (object);
}

static void
editor_playtest_computer_bar_get_property (GObject    *object,
                                           guint       prop_id,
                                           GValue     *value,
                                           GParamSpec *pspec)
{
  EditorPlaytestComputerBar *self = EDITOR_PLAYTEST_COMPUTER_BAR (object);

  switch (prop_id)
    {
    case PROP_BUSY:
      g_value_set_boolean (value, self->busy);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
editor_playtest_computer_bar_class_init (EditorPlaytestComputerBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = editor_playtest_computer_bar_dispose;
  object_class->get_property = editor_playtest_computer_bar_get_property;

  /* The computer is searching or playing: the user's commands wait. */
  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "computerbar");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_TOOLBAR);
}

static void
editor_playtest_computer_bar_init (EditorPlaytestComputerBar *self)
{
  static const char * const paces[] = {
    /* Translators: the pace of the computer's moves on the map. */
    N_("Slow"), N_("Normal"), N_("Fast"), N_("No Pause"), NULL
  };
  g_autoptr(GtkStringList) pace_names = gtk_string_list_new (NULL);
  GtkWidget *pace_label;

  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                              6);
  gtk_widget_add_css_class (GTK_WIDGET (self), "toolbar");
  gtk_widget_set_margin_start (GTK_WIDGET (self), 6);
  gtk_widget_set_margin_end (GTK_WIDGET (self), 6);

  self->spinner = gtk_spinner_new ();
  gtk_widget_set_parent (self->spinner, GTK_WIDGET (self));

  self->label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->label), 0);
  /* An action's sentence may be long (a path of many hexes, then its
   * reason): two lines fit beside the strip's buttons, so it keeps its
   * height, and the end gives way past them (whole in the tooltip). */
  gtk_label_set_ellipsize (GTK_LABEL (self->label), PANGO_ELLIPSIZE_END);
  gtk_label_set_wrap (GTK_LABEL (self->label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (self->label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_lines (GTK_LABEL (self->label), 2);
  gtk_label_set_width_chars (GTK_LABEL (self->label), 12);
  gtk_widget_set_hexpand (self->label, TRUE);
  gtk_widget_set_parent (self->label, GTK_WIDGET (self));

  pace_label = gtk_label_new_with_mnemonic (_("Pa_ce"));
  gtk_widget_add_css_class (pace_label, "dim-label");
  gtk_widget_set_parent (pace_label, GTK_WIDGET (self));
  for (guint i = 0; paces[i] != NULL; i++)
    gtk_string_list_append (pace_names, _(paces[i]));
  self->pace_dropdown = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (pace_names)), NULL);
  gtk_label_set_mnemonic_widget (GTK_LABEL (pace_label), self->pace_dropdown);
  gtk_widget_set_tooltip_text (self->pace_dropdown,
                               _("How long the computer's moves stay in view before the next"));
  gtk_widget_set_parent (self->pace_dropdown, GTK_WIDGET (self));
  self->pace = EDITOR_COMPUTER_PACE_NORMAL;
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->pace_dropdown), self->pace);
  g_signal_connect_swapped (self->pace_dropdown, "notify::selected",
                            G_CALLBACK (pace_selected_cb), self);

  self->skip_button = gtk_button_new_with_mnemonic (_("S_kip to My Turn"));
  gtk_widget_set_tooltip_text (self->skip_button,
                               _("Play the computer's moves without pausing until your turn"));
  gtk_widget_set_parent (self->skip_button, GTK_WIDGET (self));
  g_signal_connect_swapped (self->skip_button, "clicked",
                            G_CALLBACK (editor_playtest_computer_bar_skip), self);

  self->stop_button = gtk_button_new_with_mnemonic (_("_Stop"));
  gtk_widget_add_css_class (self->stop_button, "destructive-action");
  gtk_widget_set_tooltip_text (self->stop_button,
                               _("Stop the computer: you play its side from here"));
  gtk_widget_set_parent (self->stop_button, GTK_WIDGET (self));
  g_signal_connect_swapped (self->stop_button, "clicked",
                            G_CALLBACK (editor_playtest_computer_bar_stop), self);
}
