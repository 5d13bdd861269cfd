/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The editor from the keyboard alone (issue 20, items 3 and 4): the hex
 * cursor's keys reach all six neighbours on flat and pointy maps, Enter
 * paints with the active tool and Ctrl+arrows drag it (a brush trail, a
 * road, a set-up counter), Enter puts a river on the side the cursor just
 * crossed, Shift+Enter takes a counter out of the set-up, and a playtest is
 * played with keys only — select, move, attack, resolve, end the phase —
 * while the canvas's accessible description says what lies under the
 * cursor and what each action did. Keys go through the cursor's own key
 * controller on the canvas, as GTK delivers them. */
#include "config.h"

#include "editor-hex-cursor.h"
#include "editor-playtest.h"
#include "editor-tool-palette.h"
#include "sand-console.h"
#include "ui-test-lib.h"

/* A button activated from the keyboard is pressed for a moment (GTK
 * animates it) before it clicks: wait for what the click does, bounded. */
#define WAIT_UNTIL(expr) \
  G_STMT_START { \
    for (int wait_i_ = 0; !(expr) && wait_i_ < 300; wait_i_++) \
      { \
        g_usleep (10000); \
        flush_events (); \
      } \
  } G_STMT_END

static GtkEventController *
cursor_keys (EditorWindow *window)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (window->canvas));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (g_strcmp0 (gtk_event_controller_get_name (c), "editor-hex-cursor-keys") == 0)
        return c;
    }
  g_assert_not_reached ();
}

static gboolean
press (EditorWindow    *window,
       guint            keyval,
       GdkModifierType  state)
{
  GtkEventController *keys = cursor_keys (window);
  gboolean handled = FALSE;

  g_signal_emit_by_name (keys, "key-pressed", keyval, 0, state, &handled);
  g_signal_emit_by_name (keys, "key-released", keyval, 0, state);
  flush_events ();
  return handled;
}

static EditorHexCursor *
focus_canvas (EditorWindow *window)
{
  EditorHexCursor *cursor = editor_hex_cursor_get_for_canvas (window->canvas);

  g_assert_nonnull (cursor);
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (window->canvas)));
  gtk_window_set_focus_visible (GTK_WINDOW (window), TRUE);
  flush_events ();
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (window->canvas)));
  return cursor;
}

static const guint walk_keys[] = {
  GDK_KEY_Up, GDK_KEY_Down, GDK_KEY_Left, GDK_KEY_Right, GDK_KEY_Home, GDK_KEY_End,
  GDK_KEY_Page_Up, GDK_KEY_Page_Down,
};

/* Walks the cursor to @target with direction keys only, each step one
 * that brings it nearer (a step that does not is taken back). */
static void
walk_to (EditorWindow    *window,
         EditorHexCursor *cursor,
         int              target)
{
  const SandGrid *grid = sand_map_get_grid (editor_document_get_map (
                                              editor_window_get_document (window)));

  for (int steps = 0; editor_hex_cursor_get_hex (cursor) != target; steps++)
    {
      int here = editor_hex_cursor_get_hex (cursor);
      int d = sand_grid_distance (grid, here, target);
      gboolean moved = FALSE;

      g_assert_cmpint (steps, <, 200);
      for (guint i = 0; i < G_N_ELEMENTS (walk_keys) * 2 && !moved; i++)
        {
          GdkModifierType shift = i >= G_N_ELEMENTS (walk_keys) ? GDK_SHIFT_MASK : 0;

          g_assert_true (press (window, walk_keys[i % G_N_ELEMENTS (walk_keys)], shift));
          if (sand_grid_distance (grid, editor_hex_cursor_get_hex (cursor), target) < d)
            moved = TRUE;
          else
            editor_hex_cursor_set_hex (cursor, here);
        }
      g_assert_true (moved);
    }
}

/* The mapped button with this (mnemonic) label: the one a key reaches. */
static GtkWidget *
find_button (GtkWidget  *widget,
             const char *label)
{
  if (!gtk_widget_get_mapped (widget))
    return NULL;
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    {
      g_assert_true (gtk_button_get_use_underline (GTK_BUTTON (widget)));
      return widget;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_button (c, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static int
hex_id (EditorWindow *window,
        const char   *id)
{
  int hex = -1;

  g_assert_true (sand_grid_parse_id (sand_map_get_grid (editor_document_get_map (
                                       editor_window_get_document (window))), id, &hex));
  return hex;
}

/* On flat-topped maps: Up/Down north and south, Home/Page Up/End/Page
 * Down the four diagonals, Left/Right the neighbour on the same row and
 * Shift the other; together all six, from both column parities. */
static void
check_six_neighbours (EditorWindow *window,
                      const char   *from_id)
{
  EditorHexCursor *cursor = editor_hex_cursor_get_for_canvas (window->canvas);
  SandMap *map = editor_document_get_map (editor_window_get_document (window));
  const SandGrid *grid = sand_map_get_grid (map);
  gboolean flat = grid->orientation == SAND_ORIENTATION_FLAT;
  int from = hex_id (window, from_id);
  static const struct {
    guint key;
    GdkModifierType state;
  } keys[] = {
    { GDK_KEY_Up, 0 }, { GDK_KEY_Down, 0 }, { GDK_KEY_Left, 0 }, { GDK_KEY_Right, 0 },
    { GDK_KEY_Up, GDK_SHIFT_MASK }, { GDK_KEY_Down, GDK_SHIFT_MASK },
    { GDK_KEY_Left, GDK_SHIFT_MASK }, { GDK_KEY_Right, GDK_SHIFT_MASK },
    { GDK_KEY_Home, 0 }, { GDK_KEY_Page_Up, 0 }, { GDK_KEY_End, 0 }, { GDK_KEY_Page_Down, 0 },
    { GDK_KEY_KP_7, 0 }, { GDK_KEY_KP_9, 0 }, { GDK_KEY_KP_1, 0 }, { GDK_KEY_KP_3, 0 },
  };
  int reached[G_N_ELEMENTS (keys)];
  gboolean seen[SAND_N_DIRS] = { FALSE };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      int dir;

      editor_hex_cursor_set_hex (cursor, from);
      g_assert_true (press (window, keys[i].key, keys[i].state));
      reached[i] = editor_hex_cursor_get_hex (cursor);
      dir = sand_grid_direction_to (grid, from, reached[i]);
      g_assert_cmpint (dir, >=, 0);
      seen[dir] = TRUE;
    }
  for (int d = 0; d < SAND_N_DIRS; d++)
    g_assert_true (seen[d]);

  /* The keypad's corners are Home, Page Up, End, Page Down. */
  for (guint i = 8; i < 12; i++)
    g_assert_cmpint (reached[i], ==, reached[i + 4]);
  if (flat)
    {
      g_assert_cmpstr (sand_grid_direction_name (grid, sand_grid_direction_to (grid, from,
                                                                                reached[0])),
                       ==, "n");
      g_assert_cmpstr (sand_grid_direction_name (grid, sand_grid_direction_to (grid, from,
                                                                                reached[1])),
                       ==, "s");
      /* Left and Right stay on the row; Shift takes the other diagonal. */
      g_assert_cmpint (sand_grid_row (grid, reached[2]), ==, sand_grid_row (grid, from));
      g_assert_cmpint (sand_grid_row (grid, reached[3]), ==, sand_grid_row (grid, from));
      g_assert_cmpint (reached[6], !=, reached[2]);
      g_assert_cmpint (reached[7], !=, reached[3]);
      g_assert_cmpstr (sand_grid_direction_name (grid, sand_grid_direction_to (grid, from,
                                                                                reached[8])),
                       ==, "nw");
      g_assert_cmpstr (sand_grid_direction_name (grid, sand_grid_direction_to (grid, from,
                                                                                reached[11])),
                       ==, "se");
    }
  else
    {
      g_assert_cmpstr (sand_grid_direction_name (grid, sand_grid_direction_to (grid, from,
                                                                                reached[2])),
                       ==, "w");
      g_assert_cmpstr (sand_grid_direction_name (grid, sand_grid_direction_to (grid, from,
                                                                                reached[3])),
                       ==, "e");
      g_assert_cmpint (sand_grid_col (grid, reached[0]), ==, sand_grid_col (grid, from));
      g_assert_cmpint (reached[4], !=, reached[0]);
    }
}

static void
test_cursor_reaches_six_neighbours (void)
{
  static const char * const lines[] = { "new fpw1870 10x10" };
  g_autoptr(EditorDocument) doc = document_from_console (lines, G_N_ELEMENTS (lines));
  EditorWindow *window = new_window (doc);

  focus_canvas (window);
  check_six_neighbours (window, "0505");
  check_six_neighbours (window, "0404");

  /* Up from the top row goes nowhere, and says so with the bell only. */
  editor_hex_cursor_set_hex (editor_hex_cursor_get_for_canvas (window->canvas),
                             hex_id (window, "0301"));
  g_assert_true (press (window, GDK_KEY_Up, 0));
  g_assert_cmpint (editor_hex_cursor_get_hex (editor_hex_cursor_get_for_canvas (window->canvas)),
                   ==, hex_id (window, "0301"));
  destroy_window (window);

  /* A pointy-topped map. */
  {
    SandRuleset *ruleset = sand_scenario_get_ruleset (editor_document_get_scenario (doc));
    g_autoptr(SandMap) map = sand_map_new (ruleset, 10, 10, SAND_ORIENTATION_POINTY,
                                           SAND_STAGGER_EVEN);
    g_autoptr(SandScenario) scenario = sand_scenario_new (map);
    g_autoptr(EditorDocument) pointy = editor_document_new (scenario);

    window = new_window (pointy);
    focus_canvas (window);
    check_six_neighbours (window, "0505");
    check_six_neighbours (window, "0404");
    destroy_window (window);
  }
}

/* Also moves and removes a set-up counter with the keys. */
static void
test_keyboard_paints (void)
{
  static const char * const lines[] = {
    "new fpw1870 12x10",
    "unit de1 german combat 0606 strength=6 ma=6",
  };
  g_autoptr(EditorDocument) doc = document_from_console (lines, G_N_ELEMENTS (lines));
  EditorWindow *window = new_window (doc);
  SandMap *map = editor_document_get_map (doc);
  SandRuleset *ruleset = sand_map_get_ruleset (map);
  int rough = sand_ruleset_find_terrain (ruleset, "rough");
  EditorTool *brush;
  EditorHexCursor *cursor;
  g_autofree char *before = NULL;
  int target = hex_id (window, "0404");

  /* The tool by its key ("b"), the terrain in its options. */
  g_assert_true (gtk_widget_activate_action (window->palette, "palette.select-tool", "s",
                                             "terrain"));
  brush = editor_tool_palette_get_tool (EDITOR_TOOL_PALETTE (window->palette), "terrain");
  g_object_set (brush, "terrain", rough, "radius", 0, NULL);

  cursor = focus_canvas (window);
  g_assert_true (editor_hex_cursor_get_visible (cursor));
  walk_to (window, cursor, target);
  before = g_strdup (editor_hex_cursor_get_description (cursor));
  g_assert_nonnull (strstr (before, "Hex 0404"));
  g_test_message ("%s", before);
  g_assert_nonnull (strstr (before, "Clear"));

  g_assert_true (press (window, GDK_KEY_Return, 0));
  g_assert_cmpint (sand_map_get_terrain (map, target), ==, rough);
  /* The description follows the edit. */
  g_assert_nonnull (strstr (editor_hex_cursor_get_description (cursor), "Rough"));
  /* One undo step per application. */
  g_assert_true (editor_document_can_undo (doc));

  /* Space applies too when it reaches the map (the window's pan handler
   * keeps it while the pointer is over the map). */
  g_assert_true (press (window, GDK_KEY_Right, 0));
  g_assert_true (press (window, GDK_KEY_space, 0));
  g_assert_cmpint (sand_map_get_terrain (map, editor_hex_cursor_get_hex (cursor)), ==, rough);
  g_assert_true (press (window, GDK_KEY_Left, 0));
  g_assert_cmpint (editor_hex_cursor_get_hex (cursor), ==, target);

  /* Ctrl+arrows drag the brush: three hexes down the column, one stroke. */
  g_assert_true (press (window, GDK_KEY_Down, GDK_CONTROL_MASK));
  g_assert_true (press (window, GDK_KEY_Down, GDK_CONTROL_MASK));
  {
    GtkEventController *keys = cursor_keys (window);

    g_signal_emit_by_name (keys, "key-released", GDK_KEY_Control_L, 0, GDK_CONTROL_MASK);
    flush_events ();
  }
  g_assert_cmpint (sand_map_get_terrain (map, hex_id (window, "0405")), ==, rough);
  g_assert_cmpint (sand_map_get_terrain (map, hex_id (window, "0406")), ==, rough);
  editor_document_undo (doc);
  g_assert_cmpint (sand_map_get_terrain (map, hex_id (window, "0405")), !=, rough);
  g_assert_cmpint (sand_map_get_terrain (map, target), ==, rough);

  /* A road: Ctrl+Right from 0404 draws it into the next hex of the row. */
  {
    int road = sand_ruleset_find_side_feature (ruleset, "road");
    int river = sand_ruleset_find_side_feature (ruleset, "river");
    int dir;

    g_assert_true (gtk_widget_activate_action (window->palette, "palette.select-tool", "s",
                                               "road"));
    editor_hex_cursor_set_hex (cursor, target);
    g_assert_true (press (window, GDK_KEY_Right, GDK_CONTROL_MASK));
    g_signal_emit_by_name (cursor_keys (window), "key-released", GDK_KEY_Control_L, 0,
                           GDK_CONTROL_MASK);
    flush_events ();
    dir = sand_grid_direction_to (sand_map_get_grid (map), target,
                                  editor_hex_cursor_get_hex (cursor));
    g_assert_cmpint (dir, >=, 0);
    g_assert_true (sand_map_side_has (map, target, dir, road));

    /* The hexside tool, with Enter, takes the side the cursor last crossed. */
    g_assert_true (gtk_widget_activate_action (window->palette, "palette.select-tool", "s",
                                               "hexside"));
    g_object_set (editor_tool_palette_get_tool (EDITOR_TOOL_PALETTE (window->palette),
                                                "hexside"), "feature", river, NULL);
    g_assert_true (press (window, GDK_KEY_Down, 0));
    g_assert_true (press (window, GDK_KEY_Return, 0));
    g_assert_true (sand_map_side_has (map, editor_hex_cursor_get_hex (cursor), 0, river));
    g_assert_nonnull (strstr (editor_hex_cursor_get_description (cursor), "on the north side"));
    g_assert_true (gtk_widget_activate_action (window->palette, "palette.select-tool", "s",
                                               "terrain"));
  }

  /* What stands on a hex is read too. */
  walk_to (window, cursor, hex_id (window, "0606"));
  g_assert_nonnull (strstr (editor_hex_cursor_get_description (cursor), "de1"));

  /* Set-up counters: Ctrl+Down drags the counter a hex down, Shift+Enter
   * (the secondary click) takes it out of the set-up. */
  g_assert_true (gtk_widget_activate_action (window->palette, "palette.select-tool", "s",
                                             "setup"));
  g_assert_true (press (window, GDK_KEY_Down, GDK_CONTROL_MASK));
  {
    GtkEventController *keys = cursor_keys (window);

    g_signal_emit_by_name (keys, "key-released", GDK_KEY_Control_R, 0, GDK_CONTROL_MASK);
    flush_events ();
  }
  g_assert_cmpint (editor_hex_cursor_get_hex (cursor), ==, hex_id (window, "0607"));
  g_assert_nonnull (strstr (editor_hex_cursor_get_description (cursor), "de1"));
  g_assert_true (press (window, GDK_KEY_Up, 0));
  g_assert_null (strstr (editor_hex_cursor_get_description (cursor), "de1"));
  g_assert_true (press (window, GDK_KEY_Down, 0));
  g_assert_true (press (window, GDK_KEY_Return, GDK_SHIFT_MASK));
  g_assert_null (strstr (editor_hex_cursor_get_description (cursor), "de1"));

  destroy_window (window);
}

static void
test_keyboard_plays (void)
{
  static const char * const lines[] = {
    "new fpw1870 10x10",
    "marker supply 0101 german name=S",
    "marker supply 0110 french name=F",
    "unit fr1 french combat 0505 strength=2 ma=6",
    "unit de1 german combat 0805 strength=6 ma=6",
  };
  g_autoptr(EditorDocument) doc = document_from_console (lines, G_N_ELEMENTS (lines));
  EditorWindow *window = new_window (doc);
  EditorPlaytest *playtest = editor_playtest_get_for_window (window);
  g_autoptr(GError) error = NULL;
  EditorHexCursor *cursor;
  SandGame *game;
  SandRuleset *ruleset;
  GtkWidget *button;
  int fr, de, rolls[1] = { 1 };
  int phase;

  game = start_playtest (playtest, 1);
  ruleset = sand_scenario_get_ruleset (sand_game_get_scenario (game));
  fr = sand_game_find_unit (game, "fr1");
  de = sand_game_find_unit (game, "de1");
  g_assert_true (sand_game_set_clock (game, 1, sand_ruleset_find_side (ruleset, "german"),
                                      sand_ruleset_find_phase (ruleset, "movement"), &error));
  g_assert_no_error (error);

  cursor = focus_canvas (window);

  /* Select: the cursor onto the unit, Enter. */
  walk_to (window, cursor, hex_id (window, "0805"));
  g_assert_nonnull (strstr (editor_hex_cursor_get_description (cursor), "de1"));
  g_assert_true (press (window, GDK_KEY_Return, 0));
  g_assert_cmpint (editor_playtest_get_selected (playtest), ==, de);
  g_assert_true (g_str_has_prefix (editor_hex_cursor_get_description (cursor), "Selected"));

  /* Move: the cursor to the target, Enter; the reader hears the move. */
  walk_to (window, cursor, hex_id (window, "0605"));
  g_assert_nonnull (strstr (editor_hex_cursor_get_description (cursor), "No units"));
  g_assert_true (press (window, GDK_KEY_Return, 0));
  g_assert_cmpint (sand_game_get_unit (game, de)->hex, ==, hex_id (window, "0605"));
  g_assert_true (g_str_has_prefix (editor_hex_cursor_get_description (cursor), "Moved"));
  g_assert_nonnull (strstr (editor_hex_cursor_get_description (cursor), "de1"));

  /* A refusal is read out: a hex far beyond its movement points. */
  walk_to (window, cursor, hex_id (window, "0110"));
  g_assert_true (press (window, GDK_KEY_Return, 0));
  g_assert_cmpint (sand_game_get_unit (game, de)->hex, ==, hex_id (window, "0605"));
  g_assert_nonnull (editor_playtest_get_message (playtest));
  g_assert_true (g_str_has_prefix (editor_hex_cursor_get_description (cursor),
                                   editor_playtest_get_message (playtest)));

  /* End the phase with its button's mnemonic (Alt+P): combat. */
  button = find_button (GTK_WIDGET (window), "End _Phase");
  g_assert_nonnull (button);
  phase = sand_game_get_phase (game);
  g_assert_true (gtk_widget_mnemonic_activate (button, FALSE));
  WAIT_UNTIL (sand_game_get_phase (game) != phase);
  g_assert_cmpint (sand_game_get_phase (game), !=, phase);
  g_assert_cmpstr (sand_game_get_phase_id (game), ==, "combat");

  /* Attack: the combat phase begins in attack mode (else Alt+A); Enter
   * on the enemy, Enter on the attacker, then Resolve (Alt+R) with a
   * forced die. */
  button = find_button (GTK_WIDGET (window), "_Attack");
  g_assert_nonnull (button);
  if (!editor_playtest_get_attack_mode (playtest))
    {
      g_assert_true (gtk_widget_mnemonic_activate (button, FALSE));
      WAIT_UNTIL (editor_playtest_get_attack_mode (playtest));
    }
  g_assert_true (editor_playtest_get_attack_mode (playtest));
  g_assert_true (focus_canvas (window) == cursor);
  walk_to (window, cursor, hex_id (window, "0505"));
  g_assert_true (press (window, GDK_KEY_Return, 0));
  g_assert_cmpint (editor_playtest_get_defender (playtest), ==, hex_id (window, "0505"));
  walk_to (window, cursor, hex_id (window, "0605"));
  g_assert_true (press (window, GDK_KEY_Return, 0));
  g_assert_cmpuint (editor_playtest_get_attackers (playtest)->len, ==, 1);
  g_assert_true (sand_game_force_rolls (game, rolls, 1, &error));
  g_assert_no_error (error);
  button = find_button (GTK_WIDGET (window), "_Resolve");
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_is_sensitive (button));
  g_assert_true (gtk_widget_mnemonic_activate (button, FALSE));
  WAIT_UNTIL (sand_game_get_pending_attack (game) != NULL
              || sand_game_get_unit (game, fr)->status == SAND_UNIT_ELIMINATED);
  /* The winner may advance: the choices wait for Apply. */
  if (sand_game_get_pending_attack (game) != NULL)
    {
      button = find_button (GTK_WIDGET (window), "_Apply");
      g_assert_nonnull (button);
      g_assert_true (gtk_widget_mnemonic_activate (button, FALSE));
      WAIT_UNTIL (sand_game_get_unit (game, fr)->status == SAND_UNIT_ELIMINATED);
    }
  g_assert_cmpint (sand_game_get_unit (game, fr)->status, ==, SAND_UNIT_ELIMINATED);

  close_playtest (window);
}

static char *
describe_focus (GtkWidget *w)
{
  const char *tip = w != NULL ? gtk_widget_get_tooltip_text (w) : NULL;

  if (w == NULL)
    return g_strdup ("(none)");
  return g_strdup_printf ("%s %s", G_OBJECT_TYPE_NAME (w),
                          GTK_IS_BUTTON (w) && gtk_button_get_label (GTK_BUTTON (w))
                          ? gtk_button_get_label (GTK_BUTTON (w)) : tip ? tip : "");
}

/* Tab from the map comes back to it after the header bar, the page tabs
 * and the active tool's options: the tools are one stop (their arrows
 * choose among them), not eleven. */
static void
test_tab_reaches_the_map (void)
{
  EditorWindow *window = open_shipped ("fpw1870.xml", 0, 0, NULL);
  GtkWidget *canvas = GTK_WIDGET (window->canvas);
  int stops = -1;

  g_assert_true (gtk_widget_grab_focus (canvas));
  for (int i = 1; i < 200; i++)
    {
      GtkWidget *focus;
      g_autofree char *what = NULL;

      if (!gtk_widget_child_focus (GTK_WIDGET (window), GTK_DIR_TAB_FORWARD))
        gtk_widget_child_focus (GTK_WIDGET (window), GTK_DIR_TAB_FORWARD);
      focus = gtk_root_get_focus (GTK_ROOT (window));
      what = describe_focus (focus);
      g_test_message ("tab %d: %s", i, what);
      if (focus == canvas)
        {
          stops = i;
          break;
        }
    }
  g_assert_cmpint (stops, >, 0);
  g_assert_cmpint (stops, <=, 24);

  /* In the palette, the arrows choose the tool and keep the one stop. */
  {
    EditorToolPalette *palette = EDITOR_TOOL_PALETTE (window->palette);
    GtkWidget *focus;
    GtkEventController *keys = NULL;
    g_autoptr(GListModel) controllers = NULL;
    GtkWidget *tool_box;
    gboolean handled = FALSE;

    g_assert_true (editor_tool_palette_select_tool (palette, "terrain"));
    for (int i = 0; i < 200; i++)
      {
        gtk_widget_child_focus (GTK_WIDGET (window), GTK_DIR_TAB_FORWARD);
        focus = gtk_root_get_focus (GTK_ROOT (window));
        if (focus != NULL && gtk_widget_is_ancestor (focus, window->palette))
          break;
      }
    g_assert_true (gtk_widget_is_ancestor (focus, window->palette));
    tool_box = gtk_widget_get_parent (focus);
    controllers = gtk_widget_observe_controllers (tool_box);
    for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
      {
        g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

        if (GTK_IS_EVENT_CONTROLLER_KEY (c))
          keys = c;
      }
    g_assert_nonnull (keys);
    g_signal_emit_by_name (keys, "key-pressed", GDK_KEY_Down, 0, 0, &handled);
    g_assert_true (handled);
    g_assert_cmpstr (editor_tool_get_id (editor_tool_palette_get_active_tool (palette)), ==,
                     "fill");
    focus = gtk_root_get_focus (GTK_ROOT (window));
    g_assert_true (gtk_widget_get_focusable (focus));
    g_assert_false (gtk_widget_get_focusable (gtk_widget_get_prev_sibling (focus)));
  }
  destroy_window (window);
}

int
main (int    argc,
      char **argv)
{
  int ret;

  if (!ui_test_init (&argc, &argv, "sandtable-test-keyboard-XXXXXX"))
    return 0;
  g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);

  g_test_add_func ("/keyboard/cursor/six-neighbours", test_cursor_reaches_six_neighbours);
  g_test_add_func ("/keyboard/paint/enter-and-ctrl-arrows-paint-and-set-up", test_keyboard_paints);
  g_test_add_func ("/keyboard/playtest/select-move-attack-end-phase", test_keyboard_plays);
  g_test_add_func ("/keyboard/focus/tab-reaches-the-map", test_tab_reaches_the_map);

  ret = g_test_run ();
  g_clear_object (&app);
  return ret;
}
