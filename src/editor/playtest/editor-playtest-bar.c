/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "editor-game-sentence.h"
#include "editor-playtest-bar.h"
#include "sand-action.h"
#include "sand-ruleset-labels.h"

struct _EditorPlaytestBar
{
  GtkWidget parent_instance;

  EditorPlaytest *playtest;
  gboolean updating;
  GtkFileChooserNative *chooser;

  /* Template children */
  GtkToggleButton *attack_button;
  GtkCheckButton *command_check;
  GtkButton *end_phase_button;
  GtkMenuButton *game_menu_button;
  GtkCheckButton *interdiction_check;
  GtkButton *load_button;
  GtkToggleButton *log_button;
  GtkButton *save_button;
  GtkLabel *segment_label;
  GtkLabel *status_label;
  GtkWidget *status_row;
  GtkCheckButton *supply_check;
  GtkLabel *turn_label;
  GtkButton *undo_button;
  GtkCheckButton *victory_check;
  GtkCheckButton *zoc_check;
};

G_DEFINE_FINAL_TYPE (EditorPlaytestBar, editor_playtest_bar, GTK_TYPE_WIDGET)

static void
report (EditorPlaytestBar *self,
        const GError      *error)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  const char *rule = NULL;
  SandGame *game = editor_playtest_get_game (self->playtest);
  g_autofree char *text = NULL;

  if (game != NULL && error->domain == SAND_GAME_ERROR && error->code == SAND_GAME_ERROR_REFUSED)
    rule = sand_game_get_refusal_rule (game);
  text = rule ? g_strdup_printf (_("%s (%s)"), error->message, rule) : g_strdup (error->message);
  if (EDITOR_IS_WINDOW (root))
    editor_window_add_toast (EDITOR_WINDOW (root), text);
}

/* Standard Game: the Movement Segment of the unit in motion, e.g.
 * "First movement — II Corps" (FPW Sequence of Play). */
static char *
describe_segment (EditorPlaytestBar *self,
                  SandGame          *game)
{
  int unit = sand_game_unit_in_motion (game);
  int viewer = editor_playtest_get_viewer (self->playtest);
  g_autofree char *name = NULL;
  const char *segment;

  switch (sand_game_get_segment (game))
    {
    case 1:
      segment = C_("movement segment", "First movement");
      break;
    case 2:
      segment = C_("movement segment", "Probe");
      break;
    case 3:
      segment = C_("movement segment", "Second movement");
      break;
    default:
      return NULL;
    }
  if (unit < 0)
    return g_strdup (segment);
  /* as the log names it: a face-down counter by its face-down name, not
   * the console's "german-?18" */
  name = editor_game_unit_label (game, unit, viewer);
  /* Translators: the Movement Segment and the unit in motion, e.g.
   * "First movement — II Corps". */
  return g_strdup_printf (_("%s — %s"), segment, name);
}

/* Set-up, before play (How to Set Up and Play the Game): the side setting
 * up places its units in its zones by clicking, then says it is done; the
 * other side sets up next. The clock already stands at the first phase,
 * whose commands the bar does not offer then: no Attack, and the end
 * button says what it does — Set-Up Done (a `ready`: the next side sets
 * up, or play begins), on End Phase's access key, its tooltip saying whose
 * set-up it is. A computer's set-up is its own: no button for the person.
 * Returns the side setting up, or -1. */
static int
update_setup (EditorPlaytestBar *self,
              SandGame          *game,
              SandRuleset       *ruleset)
{
  int side = sand_game_is_over (game) ? -1 : sand_game_setup_side (game);
  GtkWidget *end = GTK_WIDGET (self->end_phase_button);
  g_autofree char *tip = NULL;
  /* Translators: the turn bar's end button while a side sets up; give it
   * the access key (the letter after "_") of "End _Phase", so that one key
   * ends a set-up and a phase. */
  const char *label = side >= 0 ? _("Set-U_p Done") : _("End _Phase");

  gtk_widget_set_visible (GTK_WIDGET (self->attack_button), side < 0);
  gtk_widget_set_visible (end,
                          side < 0 || !editor_playtest_computer_plays (self->playtest, side));
  if (g_strcmp0 (gtk_button_get_label (self->end_phase_button), label) != 0)
    gtk_button_set_label (self->end_phase_button, label);
  if (side >= 0 && (guint) side < sand_ruleset_n_sides (ruleset))
    /* Translators: the tooltip of Set-Up Done; %s is the side setting up,
     * its ruleset name (msgctxt "side"). */
    tip = g_strdup_printf (_("Set-up · %s: move your units within their zones, then Set-Up "
                             "Done"), sand_ruleset_side_label (ruleset, side));
  gtk_widget_set_tooltip_text (end, tip);
  return side;
}

static void
update (EditorPlaytestBar *self)
{
  SandGame *game = editor_playtest_get_game (self->playtest);
  SandRuleset *ruleset;
  g_autofree char *turn = NULL;
  g_autofree char *segment = NULL;
  g_autofree char *status = NULL;
  const char *prompt;
  int selected, side, phase, setting_up;
  guint overlays;
  SandVictory vp = { 0 };

  if (game == NULL)
    return;
  self->updating = TRUE;
  ruleset = sand_scenario_get_ruleset (sand_game_get_scenario (game));
  side = sand_game_get_side (game);
  phase = sand_game_get_phase (game);

  if (sand_game_is_over (game))
    turn = g_strdup (_("Game over"));
  else
    {
      const char *side_name = side >= 0 && (guint) side < sand_ruleset_n_sides (ruleset)
                              ? sand_ruleset_side_label (ruleset, side) : "";
      const char *phase_name = phase >= 0 && (guint) phase < sand_ruleset_n_phases (ruleset)
                               ? sand_ruleset_phase_label (ruleset, phase) : "";

      setting_up = sand_game_setup_side (game);
      if (setting_up >= 0 && (guint) setting_up < sand_ruleset_n_sides (ruleset))
        /* Before play the side to move is not the one setting up: the
         * heading names the set-up, not turn 1's first phase (a designer
         * read "German: Movement" while the French were to set up). */
        /* Translators: the heading while a side sets up, before play;
         * %s is the side (msgctxt "side"), then the game's first turn and
         * its last, e.g. "Set-up · French, before turn 1 of 6". */
        turn = g_strdup_printf (_("Set-up · %s, before turn %d of %d"),
                                sand_ruleset_side_label (ruleset, setting_up),
                                sand_game_get_turn (game), sand_game_get_n_turns (game));
      else
        /* Translators: game-turn, last turn, side and phase, e.g.
         * "Turn 3 of 11 · German: Movement"; the side and phase are the
         * ruleset's names (msgctxt "side" and "phase"). */
        turn = g_strdup_printf (_("Turn %d of %d · %s: %s"), sand_game_get_turn (game),
                                sand_game_get_n_turns (game),
                                side_name, phase_name);
      segment = describe_segment (self, game);
    }
  setting_up = update_setup (self, game, ruleset);
  gtk_label_set_label (self->turn_label, turn);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->turn_label), turn);
  gtk_label_set_label (self->segment_label, segment ? segment : "");
  gtk_widget_set_visible (GTK_WIDGET (self->segment_label), segment != NULL);

  selected = editor_playtest_get_selected (self->playtest);
  sand_game_victory (game, &vp);
  prompt = editor_playtest_get_pick_prompt (self->playtest);
  if (sand_game_is_over (game))
    /* the game's result, not an invitation to attack in a phase that
     * will not come */
    status = g_strdup_printf (_("Net victory points %d%s%s"), vp.net,
                              vp.level ? " · " : "", vp.level ? vp.level : "");
  else if (prompt != NULL)
    /* Translators: what a click on the map picks now, and how to give up. */
    status = g_strdup_printf (_("%s (Escape to cancel)"), prompt);
  else if (editor_playtest_get_attack_mode (self->playtest))
    status = g_strdup (_("Click an enemy hex to attack, then your units beside it"));
  /* During set-up a selected unit's movement points mean nothing yet: the
   * prompt says what a click does. */
  else if (setting_up >= 0 && editor_playtest_computer_plays (self->playtest, setting_up))
    status = g_strdup (_("The computer is setting up"));
  else if (setting_up >= 0)
    status = g_strdup (_("Click a unit, then a hex of its set-up zone; Set-Up Done when you "
                         "are ready"));
  else if (selected >= 0)
    {
      int viewer = editor_playtest_get_viewer (self->playtest);
      g_autofree char *who = editor_game_unit_label (game, selected, viewer);

      if (sand_game_unit_visible (game, selected, viewer))
        /* Translators: the selected unit, its movement points left and its
         * allowance. */
        status = g_strdup_printf (_("%s: %d of %d MP left"), who,
                                  sand_game_unit_mp_left (game, selected),
                                  sand_game_unit_allowance (game, selected));
      else
        /* "Face-down unit ?3": the label says all the viewer knows */
        status = g_steal_pointer (&who);
      if (editor_playtest_get_probe (self->playtest) &&
          sand_game_get_unit (game, selected)->side == sand_game_get_side (game))
        {
          /* Translators: appended to the selected unit's status while its
           * moves are probes (FPW Standard Game). */
          char *probing = g_strdup_printf (_("%s · probing: enemy control costs no +3, a hasty "
                                             "attack is owed"), status);
          g_free (status);
          status = probing;
        }
    }
  else if (editor_playtest_get_overlays (self->playtest) & EDITOR_PLAYTEST_OVERLAY_VICTORY)
    /* Translators: victory points so far and the level they give. */
    status = g_strdup_printf (_("Net victory points %d%s%s"), vp.net,
                              vp.level ? " · " : "", vp.level ? vp.level : "");
  else
    status = g_strdup (_("Click a unit to see where it may move"));
  {
    int hover = editor_playtest_get_hover (self->playtest);

    /* The window's status bar rests while playing: say here what the
     * pointer is over. */
    if (hover >= 0)
      {
        SandMap *map = sand_scenario_get_map (sand_game_get_scenario (game));
        guint terrain = sand_map_get_terrain (map, hover);
        const char *place = sand_map_get_place (map, hover);
        char id[SAND_HEX_ID_MAX];
        char *full;

        sand_grid_format_id (sand_game_get_grid (game), hover, id);
        full = g_strdup_printf ("%s · %s%s%s — %s", id,
                                terrain < sand_ruleset_n_terrains (ruleset)
                                ? sand_ruleset_terrain_label (ruleset, terrain) : "",
                                place ? " · " : "", place ? place : "", status);
        g_free (status);
        status = full;
      }
  }
  gtk_label_set_label (self->status_label, status);

  gtk_toggle_button_set_active (self->attack_button,
                                editor_playtest_get_attack_mode (self->playtest));
  gtk_widget_set_sensitive (GTK_WIDGET (self->attack_button), !sand_game_is_over (game));
  gtk_widget_set_sensitive (GTK_WIDGET (self->undo_button), sand_game_can_undo (game));
  gtk_widget_set_sensitive (GTK_WIDGET (self->end_phase_button), !sand_game_is_over (game));

  overlays = editor_playtest_get_overlays (self->playtest);
  gtk_check_button_set_active (self->supply_check, overlays & EDITOR_PLAYTEST_OVERLAY_SUPPLY);
  gtk_check_button_set_active (self->zoc_check, overlays & EDITOR_PLAYTEST_OVERLAY_ZOC);
  gtk_check_button_set_active (self->interdiction_check,
                               overlays & EDITOR_PLAYTEST_OVERLAY_INTERDICTION);
  gtk_check_button_set_active (self->command_check, overlays & EDITOR_PLAYTEST_OVERLAY_COMMAND);
  gtk_check_button_set_active (self->victory_check, overlays & EDITOR_PLAYTEST_OVERLAY_VICTORY);
  self->updating = FALSE;
}

static void
overlay_toggled_cb (EditorPlaytestBar *self)
{
  guint overlays = 0;

  if (self->updating)
    return;
  if (gtk_check_button_get_active (self->supply_check))
    overlays |= EDITOR_PLAYTEST_OVERLAY_SUPPLY;
  if (gtk_check_button_get_active (self->zoc_check))
    overlays |= EDITOR_PLAYTEST_OVERLAY_ZOC;
  if (gtk_check_button_get_active (self->interdiction_check))
    overlays |= EDITOR_PLAYTEST_OVERLAY_INTERDICTION;
  if (gtk_check_button_get_active (self->command_check))
    overlays |= EDITOR_PLAYTEST_OVERLAY_COMMAND;
  if (gtk_check_button_get_active (self->victory_check))
    overlays |= EDITOR_PLAYTEST_OVERLAY_VICTORY;
  editor_playtest_set_overlays (self->playtest, overlays);
}

static void
attack_toggled_cb (EditorPlaytestBar *self)
{
  if (!self->updating)
    editor_playtest_set_attack_mode (self->playtest,
                                     gtk_toggle_button_get_active (self->attack_button));
}

/* End Phase, or Set-Up Done while a side sets up: its set-up is over
 * (`ready`), not the first phase, which the end of the phase would end
 * too. */
static void
end_phase_cb (EditorPlaytestBar *self)
{
  SandGame *game = editor_playtest_get_game (self->playtest);
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (game != NULL && !sand_game_is_over (game) && sand_game_setup_side (game) >= 0)
    {
      g_autoptr(SandAction) ready = sand_action_new_kind (SAND_ACTION_READY);

      ok = editor_playtest_apply (self->playtest, ready, &error);
    }
  else
    ok = editor_playtest_end_phase (self->playtest, &error);
  if (!ok)
    report (self, error);
}

static void
undo_cb (EditorPlaytestBar *self)
{
  g_autoptr(GError) error = NULL;

  if (!editor_playtest_undo (self->playtest, &error))
    report (self, error);
}

static void
log_toggled_cb (EditorPlaytestBar *self)
{
  editor_playtest_set_panel_visible (self->playtest,
                                     gtk_toggle_button_get_active (self->log_button));
}

static void
chooser_response_cb (EditorPlaytestBar    *self,
                     int                   response,
                     GtkFileChooserNative *chooser)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  gboolean saving = gtk_file_chooser_get_action (GTK_FILE_CHOOSER (chooser)) ==
                    GTK_FILE_CHOOSER_ACTION_SAVE;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      if (saving ? !editor_playtest_save_game (self->playtest, file, &error)
                 : !editor_playtest_load_game (self->playtest, file, &error))
        report (self, error);
      else if (saving)
        {
          GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
          if (EDITOR_IS_WINDOW (root))
            editor_window_add_toast (EDITOR_WINDOW (root), _("Game saved"));
        }
    }
  g_clear_object (&self->chooser);
}

static GFile *
document_file (EditorPlaytestBar *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  EditorDocument *doc = EDITOR_IS_WINDOW (root)
                        ? editor_window_get_document (EDITOR_WINDOW (root)) : NULL;

  return doc != NULL ? editor_document_get_file (doc) : NULL;
}

GFile *
editor_playtest_bar_propose_folder (EditorPlaytestBar *self)
{
  GFile *file;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST_BAR (self), NULL);
  file = document_file (self);
  return file != NULL ? g_file_get_parent (file) : NULL;
}

char *
editor_playtest_bar_propose_name (EditorPlaytestBar *self)
{
  SandGame *game;
  GFile *file;
  g_autofree char *base = NULL;
  char *dot;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST_BAR (self), NULL);
  game = editor_playtest_get_game (self->playtest);
  file = document_file (self);
  base = file != NULL ? g_file_get_basename (file) : NULL;
  if (base == NULL && game != NULL)
    base = g_strdup (sand_ruleset_get_id (sand_scenario_get_ruleset (
                                            sand_game_get_scenario (game))));
  if (base == NULL || *base == '\0')
    {
      g_free (base);
      base = g_strdup ("game");
    }
  if ((dot = strrchr (base, '.')) != NULL && dot != base)
    *dot = '\0';
  if (game == NULL)
    return g_strconcat (base, ".sandgame", NULL);
  /* Several saves of one game sort by turn and read as where it stood. */
  return g_strdup_printf ("%s-T%d-%s-%s.sandgame", base, sand_game_get_turn (game),
                          sand_ruleset_get_side (sand_scenario_get_ruleset (
                                                   sand_game_get_scenario (game)),
                                                 sand_game_get_side (game))->id,
                          sand_game_get_phase_id (game));
}

static void
choose_file (EditorPlaytestBar *self,
             gboolean           save)
{
  g_autoptr(GFile) folder = editor_playtest_bar_propose_folder (self);

  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  g_clear_object (&self->chooser);
  self->chooser = gtk_file_chooser_native_new (save ? _("Save Game") : _("Load Game"),
                                               GTK_WINDOW (root),
                                               save ? GTK_FILE_CHOOSER_ACTION_SAVE
                                                    : GTK_FILE_CHOOSER_ACTION_OPEN,
                                               save ? _("_Save") : _("_Open"), _("_Cancel"));
  gtk_file_filter_set_name (filter, _("Saved games"));
  gtk_file_filter_add_pattern (filter, "*.sandgame");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  /* Saved games live beside the scenario they play, and are looked for
   * there; not in whatever folder the editor was started from. */
  if (folder != NULL)
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (self->chooser), folder, NULL);
  if (save)
    {
      g_autofree char *name = editor_playtest_bar_propose_name (self);

      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);
    }
  g_signal_connect_object (self->chooser, "response", G_CALLBACK (chooser_response_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
save_cb (EditorPlaytestBar *self)
{
  gtk_menu_button_popdown (self->game_menu_button);
  choose_file (self, TRUE);
}

static void
load_cb (EditorPlaytestBar *self)
{
  gtk_menu_button_popdown (self->game_menu_button);
  choose_file (self, FALSE);
}

const char *
editor_playtest_bar_get_title (EditorPlaytestBar *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST_BAR (self), NULL);
  return gtk_label_get_label (self->turn_label);
}

const char *
editor_playtest_bar_get_segment (EditorPlaytestBar *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST_BAR (self), NULL);
  return gtk_label_get_label (self->segment_label);
}

const char *
editor_playtest_bar_get_status (EditorPlaytestBar *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST_BAR (self), NULL);
  return gtk_label_get_label (self->status_label);
}

GtkWidget *
editor_playtest_bar_new (EditorPlaytest *playtest)
{
  EditorPlaytestBar *self;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (playtest), NULL);

  self = g_object_new (EDITOR_TYPE_PLAYTEST_BAR, NULL);
  editor_playtest_bar_set_playtest (self, playtest);
  return GTK_WIDGET (self);
}

void
editor_playtest_bar_set_playtest (EditorPlaytestBar *self,
                                  EditorPlaytest    *playtest)
{
  g_return_if_fail (EDITOR_IS_PLAYTEST_BAR (self));
  g_return_if_fail (EDITOR_IS_PLAYTEST (playtest));
  g_return_if_fail (self->playtest == NULL);

  self->playtest = playtest;
  g_signal_connect_object (playtest, "changed", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
}

/* Layout.
 *
 * GTK 4.8 draws nothing of a widget allocated less than its minimum width,
 * and the canvas column may be narrow (a small window, a wide game panel):
 * the bar's minimum is its widest single child. The title and the commands
 * share a row when they fit; the commands that do not wrap onto rows of
 * their own, right-aligned as on the first row; the status row goes below. */

#define BAR_MARGIN_X 6
#define BAR_MARGIN_Y 4
#define BAR_SPACING 6

static gboolean
is_command (EditorPlaytestBar *self,
            GtkWidget         *child)
{
  return child != GTK_WIDGET (self->turn_label) && child != self->status_row &&
         gtk_widget_should_layout (child);
}

/* Lays out the title and the commands in @width; allocates them when
 * @allocate. Returns the height they take, margins included. */
static int
flow (EditorPlaytestBar *self,
      int                width,
      gboolean           allocate)
{
  GtkWidget *title = GTK_WIDGET (self->turn_label);
  int avail = MAX (width - 2 * BAR_MARGIN_X, 0);
  int title_min, title_nat, title_h;
  int y = BAR_MARGIN_Y;
  GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self));
  gboolean first = TRUE;

  gtk_widget_measure (title, GTK_ORIENTATION_HORIZONTAL, -1, &title_min, &title_nat, NULL, NULL);
  gtk_widget_measure (title, GTK_ORIENTATION_VERTICAL, -1, NULL, &title_h, NULL, NULL);
  /* The turn, side and phase read whole before commands share their row. */
  title_min = MAX (title_min, MIN (title_nat, avail));
  while (row != NULL)
    {
      GtkWidget *child, *end = row;
      int used = first ? title_min : 0, height = first ? title_h : 0, x;
      gboolean any = first;

      /* The row: as many commands as fit, at least one. */
      for (child = row; child != NULL; child = gtk_widget_get_next_sibling (child))
        {
          int w, h;

          if (!is_command (self, child))
            {
              end = gtk_widget_get_next_sibling (child);
              continue;
            }
          gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &w, NULL, NULL);
          gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, -1, NULL, &h, NULL, NULL);
          if (any && used + BAR_SPACING + w > avail)
            break;
          used += (any ? BAR_SPACING : 0) + w;
          height = MAX (height, h);
          any = TRUE;
          end = gtk_widget_get_next_sibling (child);
        }
      if (!any)
        break;
      if (allocate)
        {
          x = BAR_MARGIN_X + MAX (avail - used, 0);
          if (first)
            {
              /* The title takes what the commands leave. */
              int title_w = MAX (avail - (used - title_min), title_min);

              gtk_widget_size_allocate (title, &(GtkAllocation) { BAR_MARGIN_X, y, title_w,
                                                                   height }, -1);
              x = BAR_MARGIN_X + title_w + BAR_SPACING;
            }
          for (child = row; child != end; child = gtk_widget_get_next_sibling (child))
            {
              int w, h;

              if (!is_command (self, child))
                continue;
              gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &w, NULL, NULL);
              gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, -1, NULL, &h, NULL, NULL);
              gtk_widget_size_allocate (child, &(GtkAllocation) { x, y + (height - h) / 2, w, h },
                                        -1);
              x += w + BAR_SPACING;
            }
        }
      y += height + BAR_MARGIN_Y;
      first = FALSE;
      row = end;
    }
  return y;
}

static GtkSizeRequestMode
editor_playtest_bar_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
editor_playtest_bar_measure (GtkWidget      *widget,
                             GtkOrientation  orientation,
                             int             for_size,
                             int            *minimum,
                             int            *natural,
                             int            *minimum_baseline,
                             int            *natural_baseline)
{
  EditorPlaytestBar *self = EDITOR_PLAYTEST_BAR (widget);
  int status_min, status_nat;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      int min, nat;

      gtk_widget_measure (GTK_WIDGET (self->turn_label), orientation, -1, &min, &nat, NULL, NULL);
      for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
           child = gtk_widget_get_next_sibling (child))
        if (is_command (self, child))
          {
            int w;

            gtk_widget_measure (child, orientation, -1, NULL, &w, NULL, NULL);
            min = MAX (min, w);
            nat += BAR_SPACING + w;
          }
      gtk_widget_measure (self->status_row, orientation, -1, &status_min, &status_nat,
                          NULL, NULL);
      *minimum = MAX (min + 2 * BAR_MARGIN_X, status_min);
      *natural = MAX (nat + 2 * BAR_MARGIN_X, status_nat);
    }
  else
    {
      int width = for_size;

      if (width < 0)
        gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &width, NULL, NULL);
      gtk_widget_measure (self->status_row, orientation, width, &status_min, &status_nat,
                          NULL, NULL);
      *minimum = flow (self, width, FALSE) + status_min;
      *natural = flow (self, width, FALSE) + status_nat;
    }
  *minimum_baseline = *natural_baseline = -1;
}

static void
editor_playtest_bar_size_allocate (GtkWidget *widget,
                                   int        width,
                                   int        height,
                                   int        baseline)
{
  EditorPlaytestBar *self = EDITOR_PLAYTEST_BAR (widget);
  int y = flow (self, width, TRUE);

  gtk_widget_size_allocate (self->status_row,
                            &(GtkAllocation) { 0, y, width, MAX (height - y, 0) }, -1);
}

static void
editor_playtest_bar_dispose (GObject *object)
{
  EditorPlaytestBar *self = (EditorPlaytestBar *) object;

  g_clear_object (&self->chooser);
  gtk_widget_dispose_template (GTK_WIDGET (self), EDITOR_TYPE_PLAYTEST_BAR);
  /* The template's root has no id, so dispose_template leaves it. */
  {
    GtkWidget *child;

    while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
      gtk_widget_unparent (child);
  }
  G_OBJECT_CLASS (editor_playtest_bar_parent_class)->dispose (object);
}

static void
editor_playtest_bar_class_init (EditorPlaytestBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = editor_playtest_bar_dispose;

  widget_class->get_request_mode = editor_playtest_bar_get_request_mode;
  widget_class->measure = editor_playtest_bar_measure;
  widget_class->size_allocate = editor_playtest_bar_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "playtestbar");
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/sandtable/Sandtable/"
                                               "ui/editor-playtest-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestBar, attack_button);
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestBar, command_check);
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestBar, end_phase_button);
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestBar, game_menu_button);
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestBar, interdiction_check);
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestBar, load_button);
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestBar, log_button);
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestBar, save_button);
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestBar, segment_label);
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestBar, status_label);
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestBar, status_row);
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestBar, supply_check);
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestBar, turn_label);
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestBar, undo_button);
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestBar, victory_check);
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestBar, zoc_check);
}

static void
editor_playtest_bar_init (EditorPlaytestBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_connect_swapped (self->attack_button, "toggled", G_CALLBACK (attack_toggled_cb), self);
  g_signal_connect_swapped (self->end_phase_button, "clicked", G_CALLBACK (end_phase_cb), self);
  g_signal_connect_swapped (self->undo_button, "clicked", G_CALLBACK (undo_cb), self);
  g_signal_connect_swapped (self->log_button, "toggled", G_CALLBACK (log_toggled_cb), self);
  g_signal_connect_swapped (self->save_button, "clicked", G_CALLBACK (save_cb), self);
  g_signal_connect_swapped (self->load_button, "clicked", G_CALLBACK (load_cb), self);
  g_signal_connect_swapped (self->supply_check, "toggled", G_CALLBACK (overlay_toggled_cb), self);
  g_signal_connect_swapped (self->zoc_check, "toggled", G_CALLBACK (overlay_toggled_cb), self);
  g_signal_connect_swapped (self->interdiction_check, "toggled",
                            G_CALLBACK (overlay_toggled_cb), self);
  g_signal_connect_swapped (self->command_check, "toggled", G_CALLBACK (overlay_toggled_cb), self);
  g_signal_connect_swapped (self->victory_check, "toggled", G_CALLBACK (overlay_toggled_cb), self);
}
