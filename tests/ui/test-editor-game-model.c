/* SPDX-License-Identifier: GPL-3.0-or-later */
/* EditorGameModel: after a move, an attack, an undo and a redo, an
 * end-phase, a load and a rewind, its one "changed" signal names exactly
 * the units and hexes that changed, whether the clock moved, and from
 * which line the log differs — tested on the model alone; then a playtest
 * whose game is changed through its model alone: its selection, its game
 * log and the canvas's cells follow. */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "editor-game-log.h"
#include "editor-game-model.h"
#include "editor-map-canvas-private.h"
#include "editor-playtest.h"
#include "sand-console.h"
#include "ui-test-lib.h"

typedef struct {
  EditorGameModel *model;
  GPtrArray *changes;       /* EditorGameChange *, as emitted */
  SandGame *game;           /* the model's, for reading */
  int fr, de;               /* fr1 on 0505 (2 points), de1 on 0605 (6 points) */
} Fixture;

static void
changed_cb (EditorGameModel        *model,
            const EditorGameChange *change,
            Fixture                *f)
{
  g_ptr_array_add (f->changes, editor_game_change_copy (change));
  f->game = editor_game_model_get_game (model);
}

static int
hex (Fixture    *f,
     const char *id)
{
  return game_hex (f->game, id);
}

/* The one change the last call emitted. */
static const EditorGameChange *
only_change (Fixture *f)
{
  g_assert_cmpuint (f->changes->len, ==, 1);
  return g_ptr_array_index (f->changes, 0);
}

static void
assert_ints (GArray    *array,
             const int *expected,
             guint      n)
{
  g_assert_cmpuint (array->len, ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpint (g_array_index (array, int, i), ==, expected[i]);
}

static void
perform (Fixture    *f,
         const char *line)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (editor_game_model_perform (f->model, line, &error));
  g_assert_no_error (error);
}

static SandScenario *
battle_scenario (void)
{
  g_autoptr(SandConsole) con = sand_console_new (NULL, 1);
  static const char * const lines[] = {
    "new fpw1870 10x10",
    "marker supply 0101 german name=S",
    "marker supply 0110 french name=F",
    "unit fr1 french combat 0505 strength=2 ma=6",
    "unit de1 german combat 0605 strength=6 ma=6",
    "unit de2 german combat 0909 strength=3 ma=6",
  };

  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      g_autofree char *answer = sand_console_execute (con, lines[i]);
      g_assert_true (g_str_has_prefix (answer, "{\"ok\":true"));
    }
  return g_object_ref (sand_console_get_scenario (con));
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  SandScenario *scenario = battle_scenario ();
  SandGame *game = sand_game_new (scenario, NULL, 1, &error);

  g_assert_no_error (error);
  f->changes = g_ptr_array_new_with_free_func ((GDestroyNotify) editor_game_change_free);
  f->model = editor_game_model_new ();
  g_signal_connect (f->model, "changed", G_CALLBACK (changed_cb), f);
  editor_game_model_set_game (f->model, scenario, game);
  f->fr = sand_game_find_unit (f->game, "fr1");
  f->de = sand_game_find_unit (f->game, "de1");
  g_assert_cmpint (f->fr, >=, 0);
  g_assert_cmpint (f->de, >=, 0);
  perform (f, "at 1 german movement");
  g_ptr_array_set_size (f->changes, 0);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_clear_object (&f->model);
  g_clear_pointer (&f->changes, g_ptr_array_unref);
}

/* A new game: everything of it changed, pointers into the last game go. */
static void
test_new_game_changes_everything (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(EditorGameModel) model = editor_game_model_new ();
  Fixture f = { model, g_ptr_array_new_with_free_func ((GDestroyNotify) editor_game_change_free) };
  SandScenario *scenario = battle_scenario ();
  SandGame *game = sand_game_new (scenario, NULL, 1, &error);
  const EditorGameChange *change;

  g_assert_no_error (error);
  g_signal_connect (model, "changed", G_CALLBACK (changed_cb), &f);
  editor_game_model_set_game (model, scenario, game);
  change = only_change (&f);
  g_assert_true (change->flags & EDITOR_GAME_CHANGE_GAME);
  g_assert_true (change->flags & EDITOR_GAME_CHANGE_CLOCK);
  g_assert_true (change->flags & EDITOR_GAME_CHANGE_LOG);
  g_assert_cmpuint (change->units->len, ==, sand_game_n_units (game));
  g_assert_cmpuint (change->hexes->len, ==, 100);
  g_assert_cmpuint (change->log_from, ==, 0);

  /* Stopping: no game, nothing left to list. */
  g_ptr_array_set_size (f.changes, 0);
  editor_game_model_set_game (model, NULL, NULL);
  change = only_change (&f);
  g_assert_true (change->flags & EDITOR_GAME_CHANGE_GAME);
  g_assert_null (f.game);
  g_assert_cmpuint (change->units->len, ==, 0);
  g_ptr_array_unref (f.changes);
}

/* A move: the unit, the hex it left and the hex it entered; one log line
 * more; the clock as it was. */
static void
test_move_changes_unit_and_two_hexes (Fixture       *f,
                                      gconstpointer  data)
{
  g_autoptr(SandAction) move = sand_action_new_kind (SAND_ACTION_MOVE);
  g_autoptr(GError) error = NULL;
  const EditorGameChange *change;
  guint len = sand_game_log_length (f->game);
  int hexes[2];

  move->unit = f->de;
  move->path = g_array_new (FALSE, FALSE, sizeof (int));
  hexes[0] = hex (f, "0605");
  hexes[1] = hex (f, "0606");
  g_array_append_val (move->path, hexes[1]);
  g_assert_true (editor_game_model_apply (f->model, move, NULL, &error));
  g_assert_no_error (error);

  change = only_change (f);
  g_assert_cmpint (change->flags, ==, EDITOR_GAME_CHANGE_UNITS | EDITOR_GAME_CHANGE_HEXES |
                                      EDITOR_GAME_CHANGE_LOG);
  assert_ints (change->units, &f->de, 1);
  assert_ints (change->hexes, hexes, 2);
  g_assert_cmpuint (change->log_from, ==, len);
  g_assert_true (editor_game_change_has_unit (change, f->de));
  g_assert_false (editor_game_change_has_unit (change, f->fr));
  g_assert_true (editor_game_change_has_hex (change, hexes[1]));
}

/* A refused move changes nothing and says nothing. */
static void
test_refused_move_emits_nothing (Fixture       *f,
                                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  g_assert_false (editor_game_model_perform (f->model, "move fr1 0506", &error));
  g_assert_nonnull (error);
  g_assert_cmpuint (f->changes->len, ==, 0);
}

/* An undo gives the same units and hexes back, the log one line shorter;
 * a redo plays the line again. */
static void
test_undo_and_redo_change_the_same_unit (Fixture       *f,
                                         gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  const EditorGameChange *change;
  guint len;
  int hexes[2];

  perform (f, "move de1 0606");
  len = sand_game_log_length (f->game);
  hexes[0] = hex (f, "0605");
  hexes[1] = hex (f, "0606");
  g_ptr_array_set_size (f->changes, 0);

  g_assert_true (editor_game_model_undo (f->model, &error));
  g_assert_no_error (error);
  change = only_change (f);
  g_assert_cmpint (change->flags, ==, EDITOR_GAME_CHANGE_UNITS | EDITOR_GAME_CHANGE_HEXES |
                                      EDITOR_GAME_CHANGE_LOG);
  assert_ints (change->units, &f->de, 1);
  assert_ints (change->hexes, hexes, 2);
  g_assert_cmpuint (change->log_from, ==, len - 1);
  g_assert_cmpint (sand_game_get_unit (f->game, f->de)->hex, ==, hexes[0]);

  g_ptr_array_set_size (f->changes, 0);
  g_assert_true (editor_game_model_can_redo (f->model));
  g_assert_true (editor_game_model_redo (f->model, &error));
  g_assert_no_error (error);
  change = only_change (f);
  assert_ints (change->units, &f->de, 1);
  assert_ints (change->hexes, hexes, 2);
  g_assert_cmpuint (change->log_from, ==, len - 1);
  g_assert_cmpint (sand_game_get_unit (f->game, f->de)->hex, ==, hexes[1]);
  g_assert_false (editor_game_model_can_redo (f->model));
}

/* An attack that eliminates the defender: the defender and its hex
 * change, the attacker's place does not, and the log's line is noted with
 * the die. */
static void
test_attack_changes_defender_and_notes_the_die (Fixture       *f,
                                                gconstpointer  data)
{
  g_autoptr(SandAction) attack = sand_action_new_kind (SAND_ACTION_ATTACK);
  g_autoptr(GError) error = NULL;
  const EditorGameChange *change;
  SandResult result;
  guint len;

  perform (f, "at 1 german combat");
  perform (f, "roll 1");
  len = sand_game_log_length (f->game);
  g_ptr_array_set_size (f->changes, 0);

  attack->hex = hex (f, "0505");
  sand_action_set_units (attack, &f->de, 1);
  g_assert_true (editor_game_model_apply (f->model, attack, &result, &error));
  g_assert_no_error (error);
  /* A 1 at 6-1 is 0/4: the defender's 2 points go. */
  g_assert_true (result.has_attack);
  g_assert_cmpstr (result.attack.result, ==, "0/4");
  sand_result_clear (&result);

  change = only_change (f);
  g_assert_true (change->flags & EDITOR_GAME_CHANGE_UNITS);
  g_assert_true (change->flags & EDITOR_GAME_CHANGE_HEXES);
  g_assert_true (change->flags & EDITOR_GAME_CHANGE_LOG);
  g_assert_false (change->flags & EDITOR_GAME_CHANGE_GAME);
  g_assert_cmpint (sand_game_get_unit (f->game, f->fr)->status, ==, SAND_UNIT_ELIMINATED);
  g_assert_true (editor_game_change_has_unit (change, f->fr));
  g_assert_true (editor_game_change_has_hex (change, hex (f, "0505")));
  /* Only the units that took part. */
  for (guint i = 0; i < change->units->len; i++)
    {
      int u = g_array_index (change->units, int, i);
      g_assert_true (u == f->fr || u == f->de);
    }
  g_assert_false (editor_game_change_has_hex (change, hex (f, "0909")));
  g_assert_cmpuint (change->log_from, ==, len);
  g_assert_nonnull (strstr (editor_game_model_get_note (f->model, len), "die 1"));
}

/* End of phase: the clock moves and the log grows; units that did nothing
 * are not listed. */
static void
test_end_phase_moves_the_clock (Fixture       *f,
                                gconstpointer  data)
{
  g_autoptr(SandAction) end = sand_action_new_kind (SAND_ACTION_END_PHASE);
  g_autoptr(GError) error = NULL;
  const EditorGameChange *change;
  int phase = sand_game_get_phase (f->game);
  guint len = sand_game_log_length (f->game);

  g_assert_true (editor_game_model_apply (f->model, end, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (sand_game_get_phase (f->game), !=, phase);

  change = only_change (f);
  g_assert_true (change->flags & EDITOR_GAME_CHANGE_CLOCK);
  g_assert_true (change->flags & EDITOR_GAME_CHANGE_LOG);
  g_assert_false (change->flags & EDITOR_GAME_CHANGE_GAME);
  g_assert_cmpuint (change->log_from, ==, len);
  g_assert_cmpuint (change->units->len, <, sand_game_n_units (f->game));
}

/* A saved game loaded: another game, everything changed, the attack's
 * note read back from the replay. */
static void
test_load_is_another_game (Fixture       *f,
                           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *log = NULL;
  g_autoptr(SandScenario) scenario = battle_scenario ();
  const EditorGameChange *change;
  guint len;

  perform (f, "at 1 german combat");
  perform (f, "roll 1");
  perform (f, "attack 0505 de1");
  log = sand_game_save_log (f->game);
  len = sand_game_log_length (f->game);
  g_ptr_array_set_size (f->changes, 0);

  g_assert_true (editor_game_model_load (f->model, scenario, log, &error));
  g_assert_no_error (error);
  change = only_change (f);
  g_assert_true (change->flags & EDITOR_GAME_CHANGE_GAME);
  g_assert_true (change->flags & EDITOR_GAME_CHANGE_LOG);
  g_assert_true (change->flags & EDITOR_GAME_CHANGE_CLOCK);
  g_assert_cmpuint (change->units->len, ==, sand_game_n_units (f->game));
  g_assert_cmpuint (change->hexes->len, ==, 100);
  g_assert_cmpuint (change->log_from, ==, 0);
  g_assert_true (editor_game_model_get_scenario (f->model) == scenario);
  g_assert_cmpuint (sand_game_log_length (f->game), ==, len);
  g_assert_nonnull (strstr (editor_game_model_get_note (f->model, len - 1), "die 1"));

  /* A log that does not replay changes nothing. */
  g_ptr_array_set_size (f->changes, 0);
  g_assert_false (editor_game_model_load (f->model, scenario, "seed 1\nmove nobody 0101\n",
                                          &error));
  g_assert_nonnull (error);
  g_assert_cmpuint (f->changes->len, ==, 0);
  g_assert_cmpuint (sand_game_log_length (f->game), ==, len);
}

/* A rewind replays the same counters: only what differs is listed, and
 * the rest waits to be stepped through. */
static void
test_rewind_lists_what_differs (Fixture       *f,
                                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  const EditorGameChange *change;
  guint len;

  len = sand_game_log_length (f->game);
  perform (f, "move de1 0606");
  perform (f, "move de2 0908");
  g_ptr_array_set_size (f->changes, 0);

  g_assert_true (editor_game_model_rewind (f->model, len + 1, &error));
  g_assert_no_error (error);
  change = only_change (f);
  g_assert_true (change->flags & EDITOR_GAME_CHANGE_GAME);
  g_assert_true (change->flags & EDITOR_GAME_CHANGE_LOG);
  g_assert_cmpuint (change->log_from, ==, len + 1);
  g_assert_cmpuint (change->units->len, ==, 1);
  g_assert_true (editor_game_change_has_hex (change, hex (f, "0909")));
  g_assert_true (editor_game_change_has_hex (change, hex (f, "0908")));
  g_assert_false (editor_game_change_has_hex (change, hex (f, "0606")));
  g_assert_cmpuint (editor_game_model_n_future (f->model), ==, 1);

  g_ptr_array_set_size (f->changes, 0);
  g_assert_true (editor_game_model_step (f->model, &error));
  g_assert_no_error (error);
  change = only_change (f);
  g_assert_false (change->flags & EDITOR_GAME_CHANGE_GAME);
  g_assert_cmpuint (change->units->len, ==, 1);
  g_assert_cmpuint (editor_game_model_n_future (f->model), ==, 0);
}

/* The playtest observes its model: an action applied through the model
 * alone, not the playtest, still drops the selection of a unit it
 * eliminates and adds the log's rows. */
static void
test_playtest_follows_its_model (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) scenario = battle_scenario ();
  g_autoptr(EditorDocument) doc = editor_document_new (scenario);
  EditorWindow *window = new_window_sized (doc, 1280, 720);
  EditorPlaytest *playtest = editor_playtest_get_for_window (window);
  EditorGameModel *model = editor_playtest_get_model (playtest);
  EditorGameLog *log;
  SandGame *game;
  int fr;

  game = start_playtest (playtest, 1);
  g_assert_true (editor_game_model_get_game (model) == game);
  log = EDITOR_GAME_LOG (find_widget (GTK_WIDGET (window), EDITOR_TYPE_GAME_LOG));
  g_assert_nonnull (log);
  fr = sand_game_find_unit (game, "fr1");
  editor_playtest_select_unit (playtest, fr);
  g_assert_cmpint (editor_playtest_get_selected (playtest), ==, fr);

  /* The canvas is told the cells that changed, and only those: none for
   * the clock or the dice, the defender's for the attack. */
  wait_for_layout (window);
  g_assert_true (editor_game_model_perform (model, "at 1 german combat", &error));
  g_assert_true (editor_game_model_perform (model, "roll 1", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (editor_map_canvas_get_last_told (window->canvas), ==, 0);
  g_assert_true (editor_game_model_perform (model, "attack 0505 de1", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (editor_map_canvas_get_last_told (window->canvas), >, 0);
  flush_events ();

  g_assert_cmpint (sand_game_get_unit (game, fr)->status, ==, SAND_UNIT_ELIMINATED);
  g_assert_cmpint (editor_playtest_get_selected (playtest), ==, -1);
  g_assert_cmpuint (editor_game_log_n_rows (log), ==, editor_playtest_log_length (playtest));
  g_assert_cmpuint (editor_playtest_log_length (playtest), >=, 2);

  /* Stopping goes through the model too: no game is left to point into. */
  editor_playtest_stop (playtest);
  g_assert_null (editor_game_model_get_game (model));
  destroy_window (window);
}

int
main (int    argc,
      char **argv)
{
  int ret;

  if (!ui_test_init (&argc, &argv, "sandtable-game-model-XXXXXX"))
    return 0;
  g_test_add_func ("/game-model/new-game/changes-everything", test_new_game_changes_everything);
  g_test_add_func ("/game-model/playtest/follows-its-model", test_playtest_follows_its_model);
#define ADD(path, func) \
  g_test_add ((path), Fixture, NULL, fixture_set_up, (func), fixture_tear_down)
  ADD ("/game-model/move/unit-and-two-hexes", test_move_changes_unit_and_two_hexes);
  ADD ("/game-model/move/refused-emits-nothing", test_refused_move_emits_nothing);
  ADD ("/game-model/undo/same-unit-back-then-redo", test_undo_and_redo_change_the_same_unit);
  ADD ("/game-model/attack/defender-and-note", test_attack_changes_defender_and_notes_the_die);
  ADD ("/game-model/end-phase/clock-moves", test_end_phase_moves_the_clock);
  ADD ("/game-model/load/another-game", test_load_is_another_game);
  ADD ("/game-model/rewind/what-differs", test_rewind_lists_what_differs);
#undef ADD
  ret = g_test_run ();
  g_clear_object (&app);
  return ret;
}
