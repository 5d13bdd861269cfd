/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "editor-game-log.h"
#include "editor-game-sentence.h"
#include "editor-playtest-queries.h"
#include "sand-ruleset-labels.h"

struct _EditorGameLog
{
  GtkWidget parent_instance;

  EditorPlaytest *playtest;
  GtkWidget *box;
  GtkListBox *list;
  GtkScrolledWindow *scroller;
  GtkFileChooserNative *chooser;
  GtkWidget *step_button;
  GtkWidget *entry;
  GtkWidget *answer;        /* a question's answer, or why a command was refused */
  GtkWidget *menu;          /* a row's context menu */
  guint n_rows;
  /* Per log index, the heading an end-phase row reads as: the phase it
   * opened and the reinforcements that arrived, worked out when the row
   * was played (the engine logs only "end-phase"). The line it belongs to
   * is kept too, so that a loaded game's different log drops it. */
  GPtrArray *headings;
  GPtrArray *heading_lines;
  /* Per log index, the hex a move started from (SAND_HEX_NONE: not
   * known), noted like the headings: the engine logs only the hexes
   * entered. */
  GArray *from;
  /* Units on the map after the last update, to tell the arrivals, and
   * their hexes, to tell where a move started. */
  GArray *on_map;
  GArray *hexes;
  guint seen_n;
  /* Follow the newest line unless the reader scrolled up. */
  gboolean follow;
  gboolean scrolling;
  double last_value;
  guint scroll_tick;
};

G_DEFINE_FINAL_TYPE (EditorGameLog, editor_game_log, GTK_TYPE_WIDGET)

static int from_for (EditorGameLog *self,
                     SandGame      *game,
                     guint          i);

static gboolean
is_end_phase (const char *line)
{
  return line != NULL && (strcmp (line, "end-phase") == 0 || g_str_has_prefix (line, "end-phase "));
}

/* The heading of the phase the game is now in, and the units of @side
 * (-1: any) that came on the map since @self->on_map was taken. */
static char *
phase_heading (EditorGameLog *self,
               SandGame      *game)
{
  SandRuleset *ruleset = sand_scenario_get_ruleset (sand_game_get_scenario (game));
  int side = sand_game_get_side (game);
  int phase = sand_game_get_phase (game);
  int viewer = editor_playtest_get_viewer (self->playtest);
  const char *side_name = side >= 0 && (guint) side < sand_ruleset_n_sides (ruleset)
                          ? sand_ruleset_side_label (ruleset, side) : "";
  const char *phase_name = phase >= 0 && (guint) phase < sand_ruleset_n_phases (ruleset)
                           ? sand_ruleset_phase_label (ruleset, phase) : "";
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GString) hexes = g_string_new (NULL);
  guint arrived = 0;

  /* The last phase's end opens no phase: the clock stays on it, and its
   * heading would repeat the one above it. */
  if (sand_game_is_over (game))
    return g_strdup (_("Game over"));
  /* Translators: a log heading, the turn, the side to play and the phase
   * it opens, e.g. "Turn 2 · German: Movement"; the side and phase are the
   * ruleset's names (msgctxt "side" and "phase"). */
  g_string_printf (text, _("Turn %d · %s: %s"), sand_game_get_turn (game), side_name,
                   phase_name);
  if (self->on_map->len != sand_game_n_units (game))
    return g_string_free (g_steal_pointer (&text), FALSE);
  for (guint u = 0; u < sand_game_n_units (game); u++)
    {
      const SandUnitState *unit = sand_game_get_unit (game, u);
      char id[SAND_HEX_ID_MAX];

      if (unit->status != SAND_UNIT_ON_MAP || g_array_index (self->on_map, guint8, u))
        continue;
      /* Hot-seat, the other side's arrivals are its own business. */
      if (viewer >= 0 && unit->side != viewer)
        continue;
      arrived++;
      sand_grid_format_id (sand_game_get_grid (game), unit->hex, id);
      if (strstr (hexes->str, id) == NULL)
        {
          /* the town's name too, where the map gives one: "1839" alone
           * says little to a designer reading the log */
          const char *place = sand_map_get_place (sand_scenario_get_map (
                                                    sand_game_get_scenario (game)), unit->hex);
          g_string_append_printf (hexes, "%s%s", hexes->len ? ", " : "", id);
          if (place != NULL)
            g_string_append_printf (hexes, " %s", place);
        }
    }
  if (arrived > 0)
    {
      g_string_append_c (text, '\n');
      /* Translators: reinforcements placed at their entry hexes, e.g.
       * "3 units arrived at 1418 Saarbrücken" (each hex with its town
       * where the map names one). */
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u unit arrived at %s",
                                                 "%u units arrived at %s", arrived),
                              arrived, hexes->str);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
take_on_map (EditorGameLog *self,
             SandGame      *game)
{
  g_array_set_size (self->on_map, game ? sand_game_n_units (game) : 0);
  g_array_set_size (self->hexes, self->on_map->len);
  for (guint u = 0; game != NULL && u < sand_game_n_units (game); u++)
    {
      g_array_index (self->on_map, guint8, u) =
        sand_game_get_unit (game, u)->status == SAND_UNIT_ON_MAP;
      g_array_index (self->hexes, int, u) = sand_game_get_unit (game, u)->hex;
    }
}

/* Headings for the rows played since the last update: worked out only for
 * a row played on its own (live or replayed a step at a time), when the
 * game's state is the state right after it. */
static void
note_headings (EditorGameLog *self,
               SandGame      *game,
               guint          n,
               guint          total)
{
  const char *line = game != NULL && n > 0 ? sand_game_log_line (game, n - 1) : NULL;
  int from = SAND_HEX_NONE;

  if (self->headings->len > total)
    {
      g_ptr_array_set_size (self->headings, total);
      g_ptr_array_set_size (self->heading_lines, total);
      g_array_set_size (self->from, total);
    }
  if (game != NULL && n == self->seen_n + 1 && g_str_has_prefix (line, "move ")
      && self->hexes->len == sand_game_n_units (game))
    {
      g_autoptr(SandAction) move = sand_game_parse_line (game, line, NULL);

      if (move != NULL && move->unit >= 0)
        from = g_array_index (self->hexes, int, move->unit);
    }
  if (game != NULL && n == self->seen_n + 1 && (is_end_phase (line) || from != SAND_HEX_NONE))
    {
      if (self->headings->len < n)
        {
          guint was = self->from->len;

          g_ptr_array_set_size (self->headings, n);
          g_ptr_array_set_size (self->heading_lines, n);
          g_array_set_size (self->from, n);
          for (guint k = was; k < n; k++)
            g_array_index (self->from, int, k) = SAND_HEX_NONE;
        }
      g_free (g_ptr_array_index (self->headings, n - 1));
      g_ptr_array_index (self->headings, n - 1) = is_end_phase (line)
                                                  ? phase_heading (self, game) : NULL;
      g_array_index (self->from, int, n - 1) = from;
      g_free (g_ptr_array_index (self->heading_lines, n - 1));
      g_ptr_array_index (self->heading_lines, n - 1) = g_strdup (line);
    }
  if (n > self->seen_n)
    self->follow = TRUE;
  self->seen_n = n;
  take_on_map (self, game);
}

/* Where the move of row @i started, when it was seen played. */
static int
from_for (EditorGameLog *self,
          SandGame      *game,
          guint          i)
{
  if (game == NULL || i >= self->from->len || i >= sand_game_log_length (game))
    return SAND_HEX_NONE;
  if (g_strcmp0 (g_ptr_array_index (self->heading_lines, i), sand_game_log_line (game, i)) != 0)
    return SAND_HEX_NONE;
  return g_array_index (self->from, int, i);
}

static const char *
heading_for (EditorGameLog *self,
             SandGame      *game,
             guint          i)
{
  if (game == NULL || i >= self->headings->len || i >= sand_game_log_length (game))
    return NULL;
  if (g_strcmp0 (g_ptr_array_index (self->heading_lines, i), sand_game_log_line (game, i)) != 0)
    return NULL;
  return g_ptr_array_index (self->headings, i);
}

static void
set_to_bottom (EditorGameLog *self)
{
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (self->scroller);

  self->scrolling = TRUE;
  gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj)
                            - gtk_adjustment_get_page_size (adj));
  self->scrolling = FALSE;
}

static gboolean
scroll_tick_cb (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  EditorGameLog *self = EDITOR_GAME_LOG (widget);

  self->scroll_tick = 0;
  if (self->follow)
    set_to_bottom (self);
  return G_SOURCE_REMOVE;
}

/* On the next frame: the adjustment changes while the viewport is being
 * allocated, and a value set then moves the adjustment but not the rows
 * (GTK drops the viewport's re-allocation it queues). */
static void
scroll_to_newest (EditorGameLog *self)
{
  if (!self->follow)
    return;
  if (self->scroll_tick == 0)
    self->scroll_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), scroll_tick_cb,
                                                      NULL, NULL);
}

/* The reader scrolling up stops the list following the newest line;
 * scrolling back to the bottom resumes it. Only a move up counts: the
 * list getting shorter (the attack panel opening above it) leaves the
 * value where it was, short of the new bottom. */
static void
value_changed_cb (EditorGameLog *self,
                  GtkAdjustment *adj)
{
  double value = gtk_adjustment_get_value (adj);

  if (!self->scrolling)
    {
      if (value < self->last_value - 1)
        self->follow = FALSE;
      else if (value + gtk_adjustment_get_page_size (adj) >= gtk_adjustment_get_upper (adj) - 1)
        self->follow = TRUE;
    }
  self->last_value = value;
}

static void
update (EditorGameLog *self)
{
  SandGame *game = editor_playtest_get_game (self->playtest);
  guint n = editor_playtest_log_length (self->playtest);
  guint n_future = editor_playtest_get_game (self->playtest)
                   ? editor_playtest_n_future (self->playtest) : 0;
  guint total = n + n_future;
  gboolean hot_seat = editor_playtest_get_viewer (self->playtest) >= 0;
  guint n_ready_future = G_MAXUINT;
  GtkWidget *child;

  gtk_widget_set_visible (self->step_button, n_future > 0);
  note_headings (self, game, n, total);
  while (self->n_rows > total)
    {
      child = GTK_WIDGET (gtk_list_box_get_row_at_index (self->list, self->n_rows - 1));
      gtk_list_box_remove (self->list, child);
      self->n_rows--;
    }
  for (; self->n_rows < total; self->n_rows++)
    {
      GtkWidget *label = gtk_label_new (NULL);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_widget_set_margin_start (label, 6);
      gtk_widget_set_margin_end (label, 6);
      gtk_list_box_append (self->list, label);
    }
  /* Actions played, then (after a rewind) those still to be replayed,
   * dimmed. Rows stay one per action, so that a click replays up to the
   * right one: what the viewer may not read is a hidden row. The actions
   * still to be replayed are the umpire's words, not shown hot-seat. */
  for (guint i = 0; i < total; i++)
    {
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->list, i);
      GtkWidget *label = gtk_list_box_row_get_child (row);
      g_autofree char *command = NULL;
      g_autofree char *entry = i < n ? editor_playtest_log_row (self->playtest, i,
                                                                from_for (self, game, i),
                                                                &command)
                                     : hot_seat ? NULL
                                     : editor_playtest_get_future (self->playtest, i - n);
      gboolean end_phase = i < n && is_end_phase (sand_game_log_line (game, i));

      gtk_widget_set_visible (GTK_WIDGET (row), entry != NULL);
      if (entry == NULL)
        continue;
      if (i >= n)
        {
          g_autofree char *sentence = NULL;

          /* Rows still to be replayed follow the played ones: their
           * `ready`s count on from the played log's. */
          if (editor_game_line_is_ready (entry))
            {
              if (n_ready_future == G_MAXUINT)
                n_ready_future = editor_game_n_ready (game, n);
              sentence = editor_game_sentence_after (game, entry, n_ready_future++, -1,
                                                     SAND_HEX_NONE);
            }
          else
            sentence = editor_game_sentence (game, entry, -1, SAND_HEX_NONE);

          command = g_steal_pointer (&entry);
          entry = sentence != NULL ? g_steal_pointer (&sentence) : g_strdup (command);
        }
      /* The exact command stays at hand: the tooltip, and a copy of the row. */
      if (g_strcmp0 (g_object_get_data (G_OBJECT (row), "command"), command) != 0)
        {
          gtk_widget_set_tooltip_text (GTK_WIDGET (row), command);
          g_object_set_data_full (G_OBJECT (row), "command", g_steal_pointer (&command), g_free);
        }
      /* An end-phase row reads as the heading of the phase it opened. */
      if (end_phase)
        {
          const char *heading = heading_for (self, game, i);

          g_free (entry);
          entry = g_strdup (heading ? heading : _("End of phase"));
          gtk_widget_add_css_class (label, "heading");
          gtk_widget_set_margin_top (label, 6);
        }
      else
        {
          gtk_widget_remove_css_class (label, "heading");
          gtk_widget_set_margin_top (label, 0);
        }
      if (g_strcmp0 (gtk_label_get_label (GTK_LABEL (label)), entry) != 0)
        gtk_label_set_label (GTK_LABEL (label), entry);
      if (i < n)
        gtk_widget_remove_css_class (label, "dim-label");
      else
        gtk_widget_add_css_class (label, "dim-label");
    }
  scroll_to_newest (self);
}

char *
editor_game_log_row_command (EditorGameLog *self,
                             guint          i)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (EDITOR_IS_GAME_LOG (self), NULL);

  row = gtk_list_box_get_row_at_index (self->list, i);
  if (row == NULL || !gtk_widget_get_visible (GTK_WIDGET (row)))
    return NULL;
  return g_strdup (g_object_get_data (G_OBJECT (row), "command"));
}

const char *
editor_game_log_row_text (EditorGameLog *self,
                          guint          i)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (EDITOR_IS_GAME_LOG (self), NULL);

  row = gtk_list_box_get_row_at_index (self->list, i);
  if (row == NULL || !gtk_widget_get_visible (GTK_WIDGET (row)))
    return NULL;
  return gtk_label_get_label (GTK_LABEL (gtk_list_box_row_get_child (row)));
}

gboolean
editor_game_log_copy_row (EditorGameLog *self,
                          guint          i)
{
  g_autofree char *command = NULL;

  g_return_val_if_fail (EDITOR_IS_GAME_LOG (self), FALSE);

  command = editor_game_log_row_command (self, i);
  if (command == NULL)
    return FALSE;
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), command);
  return TRUE;
}

const char *
editor_game_log_get_answer (EditorGameLog *self)
{
  g_return_val_if_fail (EDITOR_IS_GAME_LOG (self), NULL);
  return gtk_widget_get_visible (self->answer)
         ? gtk_label_get_label (GTK_LABEL (self->answer)) : NULL;
}

static void
copy_command_action (GtkWidget  *widget,
                     const char *name,
                     GVariant   *param)
{
  editor_game_log_copy_row (EDITOR_GAME_LOG (widget), g_variant_get_int32 (param));
}

/* Ctrl+C on a row copies its command. */
static gboolean
copy_focus_cb (GtkWidget *widget,
               GVariant  *args,
               gpointer   user_data)
{
  EditorGameLog *self = EDITOR_GAME_LOG (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  GtkWidget *row = focus != NULL ? gtk_widget_get_ancestor (focus, GTK_TYPE_LIST_BOX_ROW) : NULL;

  if (row == NULL || gtk_widget_get_parent (row) != GTK_WIDGET (self->list))
    return FALSE;
  return editor_game_log_copy_row (self, gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (row)));
}

/* A right click (or a long press) on a row offers to copy its command. */
static void
row_menu_cb (GtkGestureClick *gesture,
             int              n_press,
             double           x,
             double           y,
             EditorGameLog   *self)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_y (self->list, (int) y);
  g_autoptr(GMenu) menu = NULL;
  g_autoptr(GMenuItem) item = NULL;
  graphene_point_t at;

  if (row == NULL)
    return;
  menu = g_menu_new ();
  item = g_menu_item_new (_("_Copy Command"), NULL);
  g_menu_item_set_action_and_target_value (item, "log.copy-command",
                                           g_variant_new_int32 (gtk_list_box_row_get_index (row)));
  g_menu_append_item (menu, item);
  gtk_popover_menu_set_menu_model (GTK_POPOVER_MENU (self->menu), G_MENU_MODEL (menu));
  if (!gtk_widget_compute_point (GTK_WIDGET (self->list), GTK_WIDGET (self),
                                 &GRAPHENE_POINT_INIT (x, y), &at))
    at = GRAPHENE_POINT_INIT (x, y);
  gtk_popover_set_pointing_to (GTK_POPOVER (self->menu),
                               &(GdkRectangle) { (int) at.x, (int) at.y, 1, 1 });
  gtk_popover_popup (GTK_POPOVER (self->menu));
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
show_answer (EditorGameLog *self,
             const char    *text,
             gboolean       refusal)
{
  gtk_label_set_label (GTK_LABEL (self->answer), text);
  gtk_widget_set_visible (self->answer, text != NULL);
  if (refusal)
    gtk_widget_add_css_class (self->answer, "error");
  else
    gtk_widget_remove_css_class (self->answer, "error");
}

static void
report (EditorGameLog *self,
        const GError  *error)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (EDITOR_IS_WINDOW (root))
    editor_window_add_toast (EDITOR_WINDOW (root), error->message);
}

/* A click on a row replays the game up to and including that action. */
static void
row_activated_cb (EditorGameLog *self,
                  GtkListBoxRow *row)
{
  guint index = gtk_list_box_row_get_index (row);
  guint n = editor_playtest_log_length (self->playtest);
  g_autoptr(GError) error = NULL;

  if (index < n)
    {
      if (!editor_playtest_rewind (self->playtest, index + 1, &error))
        report (self, error);
      return;
    }
  for (guint i = n; i <= index; i++)
    if (!editor_playtest_step (self->playtest, &error))
      {
        report (self, error);
        return;
      }
}

static void
entry_activate_cb (EditorGameLog *self,
                   GtkEntry      *entry)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *line = g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry)));
  SandGame *game = editor_playtest_get_game (self->playtest);

  g_autofree char *reason = NULL;
  g_autofree char *answer = NULL;

  /* A question (supply, vp, reach…) is answered, an action played. */
  if (editor_playtest_query (self->playtest, line, &answer, &error) && answer != NULL)
    {
      show_answer (self, answer, FALSE);
      gtk_editable_set_text (GTK_EDITABLE (entry), "");
      gtk_widget_remove_css_class (GTK_WIDGET (entry), "error");
      gtk_widget_set_tooltip_text (GTK_WIDGET (entry), NULL);
      return;
    }
  if (error == NULL && editor_playtest_perform (self->playtest, line, &error))
    {
      show_answer (self, NULL, FALSE);
      gtk_editable_set_text (GTK_EDITABLE (entry), "");
      gtk_widget_remove_css_class (GTK_WIDGET (entry), "error");
      gtk_widget_set_tooltip_text (GTK_WIDGET (entry), NULL);
      return;
    }
  if (game != NULL && error->domain == SAND_GAME_ERROR &&
      error->code == SAND_GAME_ERROR_REFUSED && sand_game_get_refusal_rule (game) != NULL)
    reason = g_strdup_printf (_("%s (%s)"), error->message, sand_game_get_refusal_rule (game));
  else
    reason = g_strdup (error->message);
  /* The reason stays under the field (a toast would cover it and go),
   * and the command is selected: the next one typed replaces it (issue 17). */
  show_answer (self, reason, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (entry), "error");
  gtk_widget_set_tooltip_text (GTK_WIDGET (entry), reason);
  gtk_widget_grab_focus (GTK_WIDGET (entry));
  gtk_editable_select_region (GTK_EDITABLE (entry), 0, -1);
}

static void
step_cb (EditorGameLog *self)
{
  g_autoptr(GError) error = NULL;

  if (!editor_playtest_step (self->playtest, &error))
    report (self, error);
}

static void
rewind_cb (EditorGameLog *self)
{
  g_autoptr(GError) error = NULL;

  if (!editor_playtest_rewind (self->playtest, 0, &error))
    report (self, error);
}

guint
editor_game_log_n_rows (EditorGameLog *self)
{
  g_return_val_if_fail (EDITOR_IS_GAME_LOG (self), 0);
  return self->n_rows;
}

static void
chooser_response_cb (EditorGameLog        *self,
                     int                   response,
                     GtkFileChooserNative *chooser)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *text = editor_playtest_log_text (self->playtest);
      g_autoptr(GError) error = NULL;
      GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

      if (!g_file_replace_contents (file, text, strlen (text), NULL, TRUE,
                                    G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, &error))
        {
          if (EDITOR_IS_WINDOW (root))
            editor_window_show_error (EDITOR_WINDOW (root), _("Could not save the log"),
                                      error->message);
        }
      else if (EDITOR_IS_WINDOW (root))
        editor_window_add_toast (EDITOR_WINDOW (root), _("Log saved"));
    }
  g_clear_object (&self->chooser);
}

static void
save_cb (EditorGameLog *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  g_clear_object (&self->chooser);
  self->chooser = gtk_file_chooser_native_new (_("Save Log"), GTK_WINDOW (root),
                                               GTK_FILE_CHOOSER_ACTION_SAVE,
                                               _("_Save"), _("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), _("game-log.txt"));
  g_signal_connect_object (self->chooser, "response", G_CALLBACK (chooser_response_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* Only the log, and who may read it (hot-seat: the side to move), make
 * its rows change: not a selection, a hover or the attack being built. */
static void
model_changed_cb (EditorGameLog          *self,
                  const EditorGameChange *change)
{
  if (change->flags & (EDITOR_GAME_CHANGE_LOG | EDITOR_GAME_CHANGE_CLOCK |
                       EDITOR_GAME_CHANGE_GAME))
    update (self);
}

GtkWidget *
editor_game_log_new (EditorPlaytest *playtest)
{
  EditorGameLog *self;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (playtest), NULL);

  self = g_object_new (EDITOR_TYPE_GAME_LOG, NULL);
  self->playtest = playtest;
  g_signal_connect_object (editor_playtest_get_model (playtest), "changed",
                           G_CALLBACK (model_changed_cb), self, G_CONNECT_SWAPPED);
  return GTK_WIDGET (self);
}

static void
editor_game_log_dispose (GObject *object)
{
  EditorGameLog *self = (EditorGameLog *) object;

  g_clear_object (&self->chooser);
  if (self->scroll_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->scroll_tick);
  self->scroll_tick = 0;
  g_clear_pointer (&self->headings, g_ptr_array_unref);
  g_clear_pointer (&self->heading_lines, g_ptr_array_unref);
  g_clear_pointer (&self->on_map, g_array_unref);
  g_clear_pointer (&self->hexes, g_array_unref);
  g_clear_pointer (&self->from, g_array_unref);
  g_clear_pointer (&self->menu, gtk_widget_unparent);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  G_OBJECT_CLASS (editor_game_log_parent_class)->dispose (object);
}

static void
editor_game_log_class_init (EditorGameLogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = editor_game_log_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_install_action (widget_class, "log.copy-command", "i", copy_command_action);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_c, GDK_CONTROL_MASK, copy_focus_cb, NULL);
}

static void
editor_game_log_init (EditorGameLog *self)
{
  GtkWidget *header, *title, *save, *rewind;
  GtkAdjustment *adj;

  self->headings = g_ptr_array_new_with_free_func (g_free);
  self->heading_lines = g_ptr_array_new_with_free_func (g_free);
  self->on_map = g_array_new (FALSE, TRUE, sizeof (guint8));
  self->hexes = g_array_new (FALSE, TRUE, sizeof (int));
  self->from = g_array_new (FALSE, TRUE, sizeof (int));
  self->follow = TRUE;

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_margin_start (header, 12);
  gtk_widget_set_margin_end (header, 6);
  gtk_widget_set_margin_top (header, 6);
  gtk_widget_set_margin_bottom (header, 6);
  title = gtk_label_new (_("Log"));
  gtk_widget_add_css_class (title, "heading");
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_set_hexpand (title, TRUE);
  save = gtk_button_new_from_icon_name ("document-save-as-symbolic");
  gtk_widget_set_tooltip_text (save, _("Save the log as text"));
  gtk_widget_add_css_class (save, "flat");
  g_signal_connect_swapped (save, "clicked", G_CALLBACK (save_cb), self);
  rewind = gtk_button_new_from_icon_name ("media-skip-backward-symbolic");
  gtk_widget_set_tooltip_text (rewind, _("Replay from the start"));
  gtk_widget_add_css_class (rewind, "flat");
  g_signal_connect_swapped (rewind, "clicked", G_CALLBACK (rewind_cb), self);
  self->step_button = gtk_button_new_from_icon_name ("media-seek-forward-symbolic");
  gtk_widget_set_tooltip_text (self->step_button, _("Replay the next action"));
  gtk_widget_add_css_class (self->step_button, "flat");
  gtk_widget_set_visible (self->step_button, FALSE);
  g_signal_connect_swapped (self->step_button, "clicked", G_CALLBACK (step_cb), self);
  gtk_box_append (GTK_BOX (header), title);
  gtk_box_append (GTK_BOX (header), rewind);
  gtk_box_append (GTK_BOX (header), self->step_button);
  gtk_box_append (GTK_BOX (header), save);
  gtk_box_append (GTK_BOX (self->box), header);

  self->scroller = GTK_SCROLLED_WINDOW (gtk_scrolled_window_new ());
  gtk_scrolled_window_set_policy (self->scroller, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (GTK_WIDGET (self->scroller), TRUE);
  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_NONE);
  gtk_list_box_set_activate_on_single_click (self->list, TRUE);
  g_signal_connect_swapped (self->list, "row-activated", G_CALLBACK (row_activated_cb), self);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "navigation-sidebar");
  gtk_scrolled_window_set_child (self->scroller, GTK_WIDGET (self->list));
  /* New rows change the adjustment's upper bound after layout: follow
   * them then. */
  adj = gtk_scrolled_window_get_vadjustment (self->scroller);
  g_signal_connect_swapped (adj, "changed", G_CALLBACK (scroll_to_newest), self);
  g_signal_connect_swapped (adj, "value-changed", G_CALLBACK (value_changed_cb), self);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->scroller));

  /* Any action the rules know, typed as in the console: the commands a
   * rules module adds (hasty attacks, formations, challenges, dummies)
   * are played here before they get buttons of their own. */
  {
    GtkWidget *entry = self->entry = gtk_entry_new ();

    gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _("Console command, e.g. move ID HEX"));
    gtk_widget_set_tooltip_text (entry, _("An action, or a question (vp, odds, supply, zoc, reach), in the console's words"));
    gtk_widget_set_margin_start (entry, 6);
    gtk_widget_set_margin_end (entry, 6);
    gtk_widget_set_margin_top (entry, 6);
    gtk_widget_set_margin_bottom (entry, 6);
    g_signal_connect_swapped (entry, "activate", G_CALLBACK (entry_activate_cb), self);
    gtk_box_append (GTK_BOX (self->box), entry);
  }
  self->answer = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->answer), 0);
  gtk_label_set_wrap (GTK_LABEL (self->answer), TRUE);
  gtk_label_set_selectable (GTK_LABEL (self->answer), TRUE);
  gtk_widget_set_margin_start (self->answer, 12);
  gtk_widget_set_margin_end (self->answer, 12);
  gtk_widget_set_margin_bottom (self->answer, 6);
  gtk_widget_set_visible (self->answer, FALSE);
  gtk_box_append (GTK_BOX (self->box), self->answer);
  {
    GtkGesture *click = gtk_gesture_click_new ();

    gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
    g_signal_connect (click, "pressed", G_CALLBACK (row_menu_cb), self);
    gtk_widget_add_controller (GTK_WIDGET (self->list), GTK_EVENT_CONTROLLER (click));
  }
  self->menu = gtk_popover_menu_new_from_model (NULL);
  gtk_popover_set_has_arrow (GTK_POPOVER (self->menu), FALSE);
  gtk_widget_set_halign (self->menu, GTK_ALIGN_START);
  gtk_widget_set_parent (self->menu, GTK_WIDGET (self));
}
