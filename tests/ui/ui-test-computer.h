/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-test-computer.h: a playtest against the computer as the ui tests
 * drive it: who plays, the main loop turned until the person's turn (or
 * the computer's state), the person's phases ended, a move by hand, the
 * strip's buttons as a player finds them. Included once by each program,
 * after ui-test-window.h. */
#pragma once

#include <string.h>

#include "editor-playtest.h"
#include "editor-playtest-computer-bar.h"
#include "ui-test-window.h"

/* Enough main-loop iterations for any of these games; a stuck computer
 * fails the test instead of hanging it. */
#define MAX_ITERATIONS 2000000

G_GNUC_UNUSED static AdwMessageDialog *
find_message_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (item) && gtk_widget_get_visible (GTK_WIDGET (item)))
        return ADW_MESSAGE_DIALOG (item);
    }
  return NULL;
}

G_GNUC_UNUSED static EditorPlaytestComputerBar *
computer_bar (EditorPlaytest *playtest)
{
  return EDITOR_PLAYTEST_COMPUTER_BAR (editor_playtest_get_computer_bar (playtest));
}

G_GNUC_UNUSED static int
doc_side (EditorDocument *doc,
          const char     *side_id)
{
  return sand_ruleset_find_side (sand_scenario_get_ruleset (editor_document_get_scenario (doc)),
                                 side_id);
}

G_GNUC_UNUSED static void
set_computer (EditorPlaytest *playtest,
              int             side,
              SandAiLevel     level,
              int             budget_ms)
{
  SandAiOptions options;

  sand_ai_options_init (&options);
  options.level = level;
  options.seed = 7;
  options.budget_ms = budget_ms;
  editor_playtest_set_computer (playtest, side, &options);
}

/* Whose turn it is, set-up included. */
G_GNUC_UNUSED static int
side_to_act (SandGame *game)
{
  int setting_up = sand_game_setup_side (game);

  return setting_up >= 0 ? setting_up : sand_game_get_side (game);
}

/* Iterates the main loop until @done says so (or the game is over). */
typedef gboolean (*DoneFunc) (EditorPlaytest *playtest,
                              gpointer        data);

G_GNUC_UNUSED static void
run_until (EditorPlaytest *playtest,
           DoneFunc        done,
           gpointer        data)
{
  for (guint i = 0; i < MAX_ITERATIONS; i++)
    {
      SandGame *game = editor_playtest_get_game (playtest);

      if (game != NULL && (sand_game_is_over (game) || done (playtest, data)))
        return;
      g_main_context_iteration (NULL, TRUE);
    }
  g_assert_not_reached ();
}

/* The person's turn: the computer is idle and the side to act is @data. */
G_GNUC_UNUSED static gboolean
persons_turn (EditorPlaytest *playtest,
              gpointer        data)
{
  SandGame *game = editor_playtest_get_game (playtest);

  return !editor_playtest_computer_bar_busy (computer_bar (playtest)) &&
         side_to_act (game) == GPOINTER_TO_INT (data);
}

G_GNUC_UNUSED static gboolean
never (EditorPlaytest *playtest,
       gpointer        data)
{
  return FALSE;
}

G_GNUC_UNUSED static gboolean
computer_state_is (EditorPlaytest *playtest,
                   gpointer        data)
{
  EditorPlaytestComputerBar *bar = computer_bar (playtest);

  for (int s = 0; s < SAND_MAX_SIDES; s++)
    {
      EditorPlaytestComputer *c = editor_playtest_computer_bar_get_player (bar, s);

      if (c != NULL && editor_playtest_computer_get_state (c) == (EditorComputerState)
          GPOINTER_TO_INT (data))
        return TRUE;
    }
  return FALSE;
}

/* The person ends each of their phases (set-up included) at once. */
G_GNUC_UNUSED static void
end_persons_phase (EditorPlaytest *playtest)
{
  g_autoptr(GError) error = NULL;
  SandGame *game = editor_playtest_get_game (playtest);

  if (sand_game_setup_side (game) >= 0)
    {
      g_autoptr(SandAction) ready = sand_action_new_kind (SAND_ACTION_READY);

      g_assert_true (editor_playtest_apply (playtest, ready, &error));
    }
  else
    g_assert_true (editor_playtest_end_phase (playtest, &error));
  g_assert_no_error (error);
}

G_GNUC_UNUSED static void
assert_victory_screen (SandGame *game)
{
  AdwMessageDialog *dialog;

  flush_events ();
  g_assert_true (sand_game_is_over (game));
  dialog = find_message_dialog ();
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "Net"));
  g_test_message ("%s / %s", adw_message_dialog_get_heading (dialog),
                  adw_message_dialog_get_body (dialog));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* The log lines the computer played carry its reason. */
G_GNUC_UNUSED static guint
count_explained (EditorPlaytest *playtest)
{
  guint n = 0;

  for (guint i = 0; i < editor_playtest_log_length (playtest); i++)
    {
      g_autofree char *entry = editor_playtest_log_entry (playtest, i);

      n += strstr (entry, " — ") != NULL;
    }
  return n;
}

G_GNUC_UNUSED static GtkWidget *
find_button (GtkWidget  *widget,
             const char *label)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

typedef struct {
  guint from;
  guint more;
} LogGrowth;

G_GNUC_UNUSED static gboolean
log_grew (EditorPlaytest *playtest,
          gpointer        data)
{
  LogGrowth *growth = data;

  return editor_playtest_log_length (playtest) >= growth->from + growth->more;
}

/* A unit of @side on the map that may move now, and a hex it reaches. */
G_GNUC_UNUSED static int
movable_unit (SandGame *game,
              int       side,
              int      *to)
{
  for (guint u = 0; u < sand_game_n_units (game); u++)
    {
      const SandUnitState *st = sand_game_get_unit (game, u);
      g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
      const SandReach *reach;

      if (st->side != side || st->status != SAND_UNIT_ON_MAP)
        continue;
      reach = sand_game_reach (game, (int) u, NULL);
      if (reach == NULL)
        continue;
      sand_reach_hexes (reach, hexes);
      if (hexes->len == 0)
        continue;
      *to = g_array_index (hexes, int, hexes->len - 1);
      return (int) u;
    }
  g_assert_not_reached ();
  return -1;
}

G_GNUC_UNUSED static void
move_unit (EditorPlaytest *playtest,
           int             unit,
           int             to)
{
  SandGame *game = editor_playtest_get_game (playtest);
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  char id[SAND_HEX_ID_MAX];

  sand_grid_format_id (sand_game_get_grid (game), to, id);
  line = g_strdup_printf ("move %s %s", sand_game_get_counter (game, unit)->id, id);
  g_assert_true (editor_playtest_perform (playtest, line, &error));
  g_assert_no_error (error);
  g_assert_cmpint (sand_game_get_unit (editor_playtest_get_game (playtest), unit)->hex, ==, to);
}

G_GNUC_UNUSED static void
message_cb (EditorPlaytest *playtest,
            const char     *text,
            char          **told)
{
  g_free (*told);
  *told = g_strdup (text);
}
