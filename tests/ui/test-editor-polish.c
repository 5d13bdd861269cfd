/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Editor polish: the tool palette gives its room to the map while playing
 * and comes back as it was; a loaded game's log names its attacks as when
 * they were played; LFAF's command overlay outlines each HQ's range. */
#include "config.h"

#include <glib/gstdio.h>

#include "editor-counter-mix.h"
#include "editor-game-log.h"
#include "editor-playtest.h"
#include "editor-scenario-panels.h"
#include "sand-console.h"
#include "ui-test-lib.h"

/* Playing puts the game panel in the palette's place, at its width, the
 * map widening into the inspector's room; leaving brings the palette back
 * at the same width, and a palette the designer had hidden (F9) stays
 * hidden. */
static void
test_palette_hidden_while_playing (void)
{
  EditorPlaytest *playtest;
  EditorWindow *window = open_shipped ("fpw1870.xml", 0, 0, &playtest);
  GtkWidget *palette_box = GTK_WIDGET (window->palette_box);
  int canvas_width, position;

  g_assert_true (gtk_widget_get_visible (palette_box));
  wait_for_layout (window);
  canvas_width = gtk_widget_get_width (GTK_WIDGET (window->canvas));
  position = gtk_paned_get_position (window->outer_paned);

  start_playtest (playtest, 7);
  wait_for_layout (window);
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (window->side_stack), ==, "game");
  g_assert_cmpint (gtk_paned_get_position (window->outer_paned), ==, position);
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "show-palette"));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window->canvas)), >, canvas_width);

  editor_playtest_stop (playtest);
  wait_for_layout (window);
  g_assert_true (gtk_widget_get_visible (palette_box));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "show-palette"));
  g_assert_cmpint (gtk_paned_get_position (window->outer_paned), ==, position);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window->canvas)), ==, canvas_width);

  /* Hidden by the designer: still hidden after playing. */
  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-palette",
                                      g_variant_new_boolean (FALSE));
  g_assert_false (gtk_widget_get_visible (palette_box));
  start_playtest (playtest, 7);
  editor_playtest_stop (playtest);
  g_assert_false (gtk_widget_get_visible (palette_box));
  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-palette",
                                      g_variant_new_boolean (TRUE));
  g_assert_true (gtk_widget_get_visible (palette_box));

  destroy_window (window);
}

/* An attack played in the window, saved and loaded back: the log line of
 * the loaded game tells the odds, the die, the result and the losses, as
 * the live one did. */
static void
test_loaded_game_log_names_attack (void)
{
  static const char * const lines[] = {
    "new fpw1870 10x10",
    "marker supply 0101 german name=S",
    "marker supply 0110 french name=F",
    "unit fr1 french combat 0505 strength=2 ma=6",
    "unit de1 german combat 0605 strength=6 ma=6",
  };
  g_autoptr(EditorDocument) doc = document_from_console (lines, G_N_ELEMENTS (lines));
  EditorWindow *window = new_window (doc);
  EditorPlaytest *playtest = editor_playtest_get_for_window (window);
  g_autoptr(GError) error = NULL;
  g_autofree char *live = NULL, *loaded = NULL, *replayed = NULL, *saved = NULL;
  SandGame *game;
  SandRuleset *rs;
  int rolls[1] = { 1 }, hex;
  guint last;

  game = start_playtest (playtest, 1);
  rs = sand_scenario_get_ruleset (sand_game_get_scenario (game));
  g_assert_true (sand_game_set_clock (game, 1, sand_ruleset_find_side (rs, "german"),
                                      sand_ruleset_find_phase (rs, "combat"), &error));
  g_assert_no_error (error);
  g_assert_true (sand_game_force_rolls (game, rolls, 1, &error));
  g_assert_no_error (error);
  g_assert_true (sand_grid_parse_id (sand_game_get_grid (game), "0505", &hex));
  editor_playtest_set_attack_mode (playtest, TRUE);
  editor_playtest_set_defender (playtest, hex);
  editor_playtest_toggle_attacker (playtest, sand_game_find_unit (game, "de1"));
  g_assert_true (editor_playtest_resolve (playtest, NULL, NULL, &error));
  g_assert_no_error (error);
  last = editor_playtest_log_length (playtest) - 1;
  live = editor_playtest_log_entry (playtest, last);
  g_test_message ("live: %s", live);

  saved = editor_playtest_save_game_data (playtest);
  editor_playtest_stop (playtest);
  g_assert_true (editor_playtest_load_game_data (playtest, saved, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (editor_playtest_log_length (playtest), ==, last + 1);
  loaded = editor_playtest_log_entry (playtest, last);
  g_test_message ("loaded: %s", loaded);
  g_assert_cmpstr (loaded, ==, live);
  g_assert_true (g_str_has_prefix (loaded, "attack 0505 de1"));
  g_assert_nonnull (strstr (loaded, "odds 6-1"));
  g_assert_nonnull (strstr (loaded, "die 1"));
  g_assert_nonnull (strstr (loaded, "0/4"));
  g_assert_nonnull (strstr (loaded, "defender loses 4"));
  g_assert_nonnull (strstr (loaded, "fr1 eliminated"));

  /* Replayed from the start, action by action: the same words. */
  g_assert_true (editor_playtest_rewind (playtest, 0, &error));
  g_assert_no_error (error);
  while (editor_playtest_n_future (playtest) > 0)
    {
      g_assert_true (editor_playtest_step (playtest, &error));
      g_assert_no_error (error);
    }
  replayed = editor_playtest_log_entry (playtest, last);
  g_assert_cmpstr (replayed, ==, live);

  close_playtest (window);
}

/* LFAF's command overlay: one area per HQ on the map, in its side's
 * colour, holding exactly the hexes the engine says it commands, its own
 * hex among them and none beyond the command radius. */
static void
test_command_overlay_outlines_hq_ranges (void)
{
  EditorPlaytest *playtest;
  EditorWindow *window = open_shipped ("lfaf1914-1-rossignol.xml", 0, 0, &playtest);
  const SandOverlay *overlay;
  SandGame *game;
  SandRuleset *rs;
  guint n_hqs = 0, area = 0;
  int radius;

  game = start_playtest (playtest, 3);
  rs = sand_scenario_get_ruleset (sand_game_get_scenario (game));
  radius = sand_params_int (sand_ruleset_get_unit_type (
                              rs, (guint) sand_ruleset_find_unit_type (rs, "hq"))->params,
                            "command-radius", -1);
  g_assert_cmpint (radius, >, 0);

  editor_playtest_set_overlays (playtest, 0);
  overlay = editor_map_canvas_get_overlay (window->canvas);
  g_assert_true (overlay == NULL || overlay->n_areas == 0);

  editor_playtest_set_overlays (playtest, EDITOR_PLAYTEST_OVERLAY_COMMAND);
  overlay = editor_map_canvas_get_overlay (window->canvas);
  g_assert_nonnull (overlay);
  for (guint u = 0; u < sand_game_n_units (game); u++)
    {
      const SandUnitState *st = sand_game_get_unit (game, u);
      g_autoptr(GArray) range = g_array_new (FALSE, FALSE, sizeof (int));
      const SandOverlayArea *a;
      gboolean own = FALSE;

      if (!sand_game_command_range (game, u, range))
        continue;
      g_assert_cmpint (st->status, ==, SAND_UNIT_ON_MAP);
      n_hqs++;
      g_assert_cmpuint (area, <, overlay->n_areas);
      a = &overlay->areas[area++];
      g_assert_cmpint (a->side, ==, st->side);
      g_assert_cmpuint (a->n_hexes, ==, range->len);
      g_assert_cmpuint (a->n_hexes, >, 1);
      for (guint i = 0; i < a->n_hexes; i++)
        {
          g_assert_cmpint (a->hexes[i], ==, g_array_index (range, int, i));
          g_assert_cmpint (sand_grid_distance (sand_game_get_grid (game), st->hex, a->hexes[i]),
                           <=, radius);
          own |= a->hexes[i] == st->hex;
        }
      g_assert_true (own);
    }
  g_assert_cmpuint (n_hqs, >, 0);
  g_assert_cmpuint (overlay->n_areas, ==, n_hqs);

  /* A unit of a formation whose HQ is on the map is in command exactly
   * when it stands in that HQ's range (or a superior's). */
  for (guint u = 0; u < sand_game_n_units (game); u++)
    {
      int hq = sand_game_unit_commander (game, u);
      g_autoptr(GArray) range = g_array_new (FALSE, FALSE, sizeof (int));
      gboolean inside = FALSE;

      if (hq < 0)
        continue;
      g_assert_true (sand_game_command_range (game, hq, range));
      for (guint i = 0; i < range->len; i++)
        inside |= g_array_index (range, int, i) == sand_game_get_unit (game, u)->hex;
      g_assert_true (inside);
    }

  close_playtest (window);
}

/* Row @i of the game log in the console's words (what a copy of it
 * gives; it reads as a sentence, test-editor-game-log), or NULL when it is
 * hidden. */
static const char *
log_row (EditorWindow *window,
         guint         i)
{
  GtkWidget *log = find_widget (GTK_WIDGET (window->game_box), EDITOR_TYPE_GAME_LOG);
  GtkListBox *list = GTK_LIST_BOX (find_widget (log, GTK_TYPE_LIST_BOX));
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (list, (int) i);

  g_assert_nonnull (row);
  if (!gtk_widget_get_visible (GTK_WIDGET (row)))
    return NULL;
  return gtk_widget_get_tooltip_text (GTK_WIDGET (row));
}

/* The sentence row @i of the game log reads as. */
static const char *
log_sentence (EditorWindow *window,
              guint         i)
{
  GtkWidget *log = find_widget (GTK_WIDGET (window->game_box), EDITOR_TYPE_GAME_LOG);

  return editor_game_log_row_text (EDITOR_GAME_LOG (log), i);
}

/* The first unit of the side to move with a hex to move to. */
static int
find_mover (SandGame *game,
            int      *target)
{
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint u = 0; u < sand_game_n_units (game); u++)
    {
      const SandUnitState *st = sand_game_get_unit (game, u);
      const SandReach *reach;

      if (st->status != SAND_UNIT_ON_MAP || st->side != sand_game_get_side (game))
        continue;
      reach = sand_game_reach (game, u, NULL);
      if (reach == NULL)
        continue;
      g_array_set_size (hexes, 0);
      sand_reach_hexes (reach, hexes);
      for (guint i = 0; i < hexes->len; i++)
        {
          g_autoptr(GArray) here = g_array_new (FALSE, FALSE, sizeof (int));
          int h = g_array_index (hexes, int, i);

          sand_game_units_at (game, h, here);
          if (here->len == 0 && h != st->hex)
            {
              *target = h;
              return (int) u;
            }
        }
    }
  return -1;
}

/* Hot-seat, the log shows each action as the side at the screen may read
 * it (sand_game_log_line_for): the other side's move names the unit only
 * as it was known then. Without hot-seat, the umpire's log shows every
 * line whole. */
static void
test_hot_seat_log_shows_viewers_lines (void)
{
  EditorPlaytest *playtest;
  EditorWindow *window = open_shipped ("fpw1870.xml", 0, 0, &playtest);
  const char *options[] = { "standard", NULL };
  g_autoptr(GError) error = NULL;
  SandGame *game;
  int unit, target = -1, mover;
  g_autofree char *move = NULL;
  guint hidden_or_changed = 0, first;

  g_assert_true (editor_playtest_start (playtest, NULL, options, 3, &error));
  g_assert_no_error (error);
  game = editor_playtest_get_game (playtest);
  mover = sand_game_get_side (game);
  /* (the screen is the side setting up's until both have set up) */
  finish_setup (playtest);
  first = sand_game_log_length (game);
  g_assert_cmpint (editor_playtest_get_viewer (playtest), ==, mover);
  unit = find_mover (game, &target);
  g_assert_cmpint (unit, >=, 0);
  {
    g_autofree char *hex = sand_grid_dup_id (sand_game_get_grid (game), target);
    g_autofree char *line = g_strdup_printf ("move %s %s", sand_game_get_counter (game, unit)->id,
                                             hex);

    g_assert_true (editor_playtest_perform (playtest, line, &error));
    move = g_strdup_printf ("move %s ", sand_game_get_counter (game, unit)->id);
  }
  g_assert_no_error (error);
  flush_events ();
  /* The mover reads its own move whole. */
  g_assert_cmpstr (log_row (window, first), ==, sand_game_log_line (game, first));
  g_assert_true (g_str_has_prefix (log_row (window, first), move));

  while (sand_game_get_side (game) == mover)
    {
      g_assert_true (editor_playtest_end_phase (playtest, &error));
      g_assert_no_error (error);
    }
  editor_playtest_show_screen (playtest);
  flush_events ();
  g_assert_cmpint (editor_playtest_get_viewer (playtest), ==, sand_game_get_side (game));
  for (guint i = 0; i < sand_game_log_length (game); i++)
    {
      const char *mine = sand_game_log_line_for (game, i, sand_game_get_side (game));
      const char *row = log_row (window, i);

      if (mine == NULL)
        {
          g_assert_null (row);
          hidden_or_changed++;
          continue;
        }
      g_assert_nonnull (row);
      if (g_strcmp0 (mine, sand_game_log_line (game, i)) != 0)
        {
          g_assert_cmpstr (row, ==, mine);
          hidden_or_changed++;
        }
    }
  /* The other side's move does not name the unit it has not seen. */
  if (!sand_game_unit_visible (game, unit, sand_game_get_side (game)))
    {
      g_test_message ("the other side reads: %s", log_row (window, 0));
      g_assert_null (strstr (log_row (window, 0), sand_game_get_counter (game, unit)->id));
      g_assert_null (strstr (log_sentence (window, 0), sand_game_get_counter (game, unit)->id));
      g_assert_cmpuint (hidden_or_changed, >, 0);
    }
  editor_playtest_stop (playtest);

  /* The umpire's view: every line whole. */
  game = start_playtest (playtest, 3);
  g_assert_cmpint (editor_playtest_get_viewer (playtest), ==, -1);
  unit = find_mover (game, &target);
  {
    g_autofree char *hex = sand_grid_dup_id (sand_game_get_grid (game), target);
    g_autofree char *line = g_strdup_printf ("move %s %s", sand_game_get_counter (game, unit)->id,
                                             hex);

    g_assert_true (editor_playtest_perform (playtest, line, &error));
    g_free (move);
    move = g_strdup_printf ("move %s ", sand_game_get_counter (game, unit)->id);
  }
  g_assert_no_error (error);
  g_assert_true (editor_playtest_end_phase (playtest, &error));
  g_assert_no_error (error);
  flush_events ();
  for (guint i = 0; i < sand_game_log_length (game); i++)
    {
      g_assert_cmpstr (log_row (window, i), ==, sand_game_log_line (game, i));
    }
  g_assert_true (g_str_has_prefix (log_row (window, 0), move));

  close_playtest (window);
}

static void
collect_widgets (GtkWidget *root,
                 GType      type,
                 GPtrArray *out)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    g_ptr_array_add (out, root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_widgets (child, type, out);
}

/* The side, type and quality of a counter (LFAF's names are long), in its
 * row's details: every one reads whole up to sixteen letters (before,
 * "Head…", "Infan…", "supe…"), and what is longer still names itself in a
 * tooltip. */
static void
test_counter_table_columns_readable (void)
{
  EditorWindow *window = open_shipped ("lfaf1914-1-rossignol.xml", 0, 0, NULL);
  EditorScenarioPanels *panels = editor_scenario_panels_get (window);
  GtkWidget *mix = editor_scenario_panels_get_counter_mix (panels);
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  guint checked = 0, cut = 0, opened = 0;

  editor_scenario_panels_show (panels, "counters");
  wait_for_layout (window);
  collect_widgets (mix, GTK_TYPE_MENU_BUTTON, buttons);
  for (guint b = 0; b < buttons->len && opened < 6; b++)
    {
      GtkMenuButton *button = g_ptr_array_index (buttons, b);
      g_autoptr(GPtrArray) dropdowns = g_ptr_array_new ();
      GtkPopover *popover;

      if (!gtk_widget_get_mapped (GTK_WIDGET (button)))
        continue;
      gtk_menu_button_popup (button);
      wait_for_layout (window);
      popover = gtk_menu_button_get_popover (button);
      g_assert_nonnull (popover);
      opened++;
      collect_widgets (GTK_WIDGET (popover), GTK_TYPE_DROP_DOWN, dropdowns);
      for (guint i = 0; i < dropdowns->len; i++)
        {
          GtkWidget *dropdown = g_ptr_array_index (dropdowns, i);
          g_autoptr(GPtrArray) labels = g_ptr_array_new ();
          GtkLabel *label = NULL;
          const char *text;

          if (!gtk_widget_get_mapped (dropdown))
            continue;
          /* The button shows the choice in a label of ours; the others are
           * the drop-down's own (its "(None)", the popup list). */
          collect_widgets (dropdown, GTK_TYPE_LABEL, labels);
          for (guint k = 0; k < labels->len && label == NULL; k++)
            if (gtk_widget_get_mapped (g_ptr_array_index (labels, k)))
              label = g_ptr_array_index (labels, k);
          if (label == NULL)
            continue;
          text = gtk_label_get_text (label);
          checked++;
          if (pango_layout_is_ellipsized (gtk_label_get_layout (label)))
            {
              if (g_utf8_strlen (text, -1) <= 16)
                g_error ("\"%s\" is cut in the details", text);
              g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (label)), ==, text);
              cut++;
            }
          else
            g_assert_null (gtk_widget_get_tooltip_text (GTK_WIDGET (label)));
        }
      gtk_menu_button_popdown (button);
      wait_for_layout (window);
    }
  g_test_message ("%u drop-downs checked, %u long names cut with a tooltip", checked, cut);
  /* Side, type and quality in each of the six rows opened. */
  g_assert_cmpuint (opened, ==, 6);
  g_assert_cmpuint (checked, ==, 18);

  destroy_window (window);
}

int
main (int    argc,
      char **argv)
{
  if (!ui_test_init (&argc, &argv, "sandtable-test-polish-XXXXXX"))
    return 0;

  g_test_add_func ("/polish/playtest/palette-hidden-while-playing",
                   test_palette_hidden_while_playing);
  g_test_add_func ("/polish/log/loaded-game-names-attack", test_loaded_game_log_names_attack);
  g_test_add_func ("/polish/overlay/command-outlines-hq-ranges",
                   test_command_overlay_outlines_hq_ranges);
  g_test_add_func ("/polish/log/hot-seat-shows-viewers-lines",
                   test_hot_seat_log_shows_viewers_lines);
  g_test_add_func ("/polish/counters/columns-readable", test_counter_table_columns_readable);
  return g_test_run ();
}
