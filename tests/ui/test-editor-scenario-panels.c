/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The scenario panels, driven through the real widgets: a counter added in
 * the counter mix, dropped on a hex through the canvas's drop target,
 * scheduled as a reinforcement and saved; an overstack that shows in the
 * problem list and goes on undo; and the problem list agreeing with the
 * engine's validation (what `sandtable-cli validate` prints) on every
 * shipped scenario. */
#include "config.h"

#include <glib/gstdio.h>

#include "editor-counter-mix.h"
#include "editor-oob-panel.h"
#include "editor-problems-panel.h"
#include "editor-scenario-panels.h"
#include "editor-tool-setup.h"
#include "editor-window-private.h"
#include "sand-scenario-io.h"
#include "sand-validate.h"
#include "ui-test-lib.h"

static EditorWindow *
present_window (EditorDocument *document)
{
  EditorWindow *window = editor_window_new (GTK_APPLICATION (app));

  gtk_window_present (GTK_WINDOW (window));
  editor_window_set_document (window, document);
  flush_events ();
  return window;
}

static EditorDocument *
new_document (const char *ruleset_id,
              int         cols,
              int         rows)
{
  g_autoptr(SandScenario) scenario = blank_scenario (ruleset_id, cols, rows);

  sand_scenario_set_turns (scenario, 6);
  return editor_document_new (scenario);
}

static int
hex_of (EditorDocument *doc,
        const char     *id)
{
  int hex = -1;

  g_assert_true (sand_grid_parse_id (sand_map_get_grid (editor_document_get_map (doc)), id,
                                     &hex));
  return hex;
}

/* Drops @counter on @hex through the drop target on the canvas, at the
 * widget point where the canvas shows that hex. */
static gboolean
drop_counter (EditorWindow *window,
              const char   *counter,
              int           hex)
{
  EditorScenarioPanels *panels = editor_scenario_panels_get (window);
  SandMap *map = editor_document_get_map (window->document);
  SandPoint centre = sand_grid_hex_center (sand_map_get_grid (map), sand_map_get_hex_size (map),
                                           hex);
  GValue value = G_VALUE_INIT;
  gboolean accepted = FALSE;
  double wx, wy;

  editor_map_canvas_show_hex (window->canvas, hex);
  flush_events ();
  editor_map_canvas_map_to_widget (window->canvas, centre.x, centre.y, &wx, &wy);
  g_assert_cmpint (editor_map_canvas_hex_at (window->canvas, wx, wy), ==, hex);
  g_value_init (&value, G_TYPE_STRING);
  g_value_set_string (&value, counter);
  g_signal_emit_by_name (editor_scenario_panels_get_drop_target (panels), "drop", &value, wx, wy,
                         &accepted);
  g_value_unset (&value);
  flush_events ();
  return accepted;
}

static const SandPlacement *
find_placement (SandScenario *scenario,
                const char   *counter,
                guint        *oob_index)
{
  for (guint o = 0; o < sand_scenario_n_oobs (scenario); o++)
    {
      SandOob *oob = sand_scenario_get_oob (scenario, o);

      for (guint i = 0; i < oob->placements->len; i++)
        {
          const SandPlacement *p = g_ptr_array_index (oob->placements, i);
          if (g_strcmp0 (p->counter, counter) == 0)
            {
              if (oob_index != NULL)
                *oob_index = o;
              return p;
            }
        }
    }
  return NULL;
}

static gboolean
has_problem (EditorWindow *window,
             const char   *code,
             int           hex)
{
  EditorScenarioPanels *panels = editor_scenario_panels_get (window);
  EditorProblemsPanel *list = EDITOR_PROBLEMS_PANEL (editor_scenario_panels_get_problems (panels));
  GPtrArray *problems;

  flush_events ();
  editor_problems_panel_flush (list);
  problems = editor_problems_panel_get_problems (list);
  for (guint i = 0; i < problems->len; i++)
    {
      const SandProblem *p = g_ptr_array_index (problems, i);
      if (g_str_equal (p->code, code) && (hex < 0 || p->hex == hex))
        return TRUE;
    }
  return FALSE;
}

static GtkWidget *
find_field (GtkWidget  *widget,
            const char *field)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (g_strcmp0 (g_object_get_data (G_OBJECT (child), "field"), field) == 0)
        return child;
      if ((found = find_field (child, field)) != NULL)
        return found;
    }
  return NULL;
}

static void
test_counter_added_dropped_scheduled_and_saved (void)
{
  g_autoptr(EditorDocument) doc = new_document ("fpw1870", 12, 10);
  SandScenario *scenario = editor_document_get_scenario (doc);
  SandRuleset *rs = sand_scenario_get_ruleset (scenario);
  int german = sand_ruleset_find_side (rs, "german");
  EditorWindow *window;
  EditorScenarioPanels *panels;
  EditorCounterMix *mix;
  EditorOobPanel *oob_panel;
  g_autofree char *placed = NULL;
  g_autofree char *arriving = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) saved = NULL;
  SandMarker *flag;
  const SandPlacement *p;
  guint oob_index = 0;
  int hex = hex_of (doc, "0304");
  SandOob *oob;
  const SandReinforcement *r;

  flag = sand_marker_new (SAND_MARKER_ENTRY, hex_of (doc, "1205"));
  flag->side = german;
  flag->group = g_strdup ("east");
  editor_document_add_marker (doc, flag);

  window = present_window (doc);
  panels = editor_scenario_panels_get (window);
  mix = EDITOR_COUNTER_MIX (editor_scenario_panels_get_counter_mix (panels));
  oob_panel = EDITOR_OOB_PANEL (editor_scenario_panels_get_oob_panel (panels));

  /* Added in the mix: a German counter, since German counters are shown. */
  editor_counter_mix_set_filter (mix, german, -1, NULL, NULL);
  placed = editor_counter_mix_add (mix);
  flush_events ();
  g_assert_nonnull (placed);
  g_assert_cmpint (sand_scenario_find_counter (scenario, placed), >=, 0);
  g_assert_cmpint (sand_scenario_get_counter (scenario,
                                              sand_scenario_find_counter (scenario, placed))->side,
                   ==, german);
  g_assert_cmpuint (g_list_model_get_n_items (editor_counter_mix_get_model (mix)), ==, 1);

  /* Dropped on 0304: the side has no OOB yet, so one is made for it. */
  g_assert_true (drop_counter (window, placed, hex));
  p = find_placement (scenario, placed, &oob_index);
  g_assert_nonnull (p);
  g_assert_cmpint (p->hex, ==, hex);
  g_assert_null (p->zone);
  g_assert_cmpint (sand_scenario_get_oob (scenario, oob_index)->side, ==, german);

  /* One undo step takes the placement and the new OOB back. */
  editor_document_undo (doc);
  flush_events ();
  g_assert_null (find_placement (scenario, placed, NULL));
  g_assert_cmpuint (sand_scenario_n_oobs (scenario), ==, 0);
  editor_document_redo (doc);
  flush_events ();
  g_assert_nonnull (find_placement (scenario, placed, NULL));

  /* Dropped again elsewhere: moved, not set up twice. */
  g_assert_true (drop_counter (window, placed, hex_of (doc, "0505")));
  g_assert_cmpint (find_placement (scenario, placed, NULL)->hex, ==, hex_of (doc, "0505"));
  g_assert_cmpuint (sand_scenario_get_oob (scenario, 0)->placements->len, ==, 1);

  /* A second counter, scheduled for turn 3 at the "east" flag. */
  arriving = editor_counter_mix_add (mix);
  editor_oob_panel_set_oob (oob_panel, 0);
  editor_oob_panel_schedule (oob_panel, arriving, 0, 3);
  flush_events ();
  oob = sand_scenario_get_oob (scenario, 0);
  g_assert_cmpuint (oob->reinforcements->len, ==, 1);
  r = g_ptr_array_index (oob->reinforcements, 0);
  g_assert_cmpstr (r->counter, ==, arriving);
  g_assert_cmpint (r->turn, ==, 3);
  g_assert_cmpstr (r->entry, ==, "east");
  g_assert_false (has_problem (window, "reinforcement-no-entry", -1));
  g_assert_false (has_problem (window, "counter-unused", -1));

  /* In the schedule's row: entering at a hex instead of the flag. */
  {
    GtkWidget *panel = editor_scenario_panels_get_oob_panel (panels);
    GtkWidget *entry, *hex_entry;

    editor_scenario_panels_show (panels, "oobs");
    flush_events ();
    entry = find_field (panel, "entry");
    g_assert_nonnull (entry);
    gtk_drop_down_set_selected (GTK_DROP_DOWN (entry),
                                g_list_model_get_n_items (
                                  gtk_drop_down_get_model (GTK_DROP_DOWN (entry))) - 1);
    flush_events ();
    r = g_ptr_array_index (sand_scenario_get_oob (scenario, 0)->reinforcements, 0);
    g_assert_null (r->entry);
    g_assert_true (has_problem (window, "reinforcement-no-entry", -1));
    hex_entry = find_field (panel, "hex");
    g_assert_true (gtk_widget_get_visible (hex_entry));
    gtk_editable_set_text (GTK_EDITABLE (hex_entry), "1205");
    g_signal_emit_by_name (hex_entry, "activate");
    flush_events ();
    r = g_ptr_array_index (sand_scenario_get_oob (scenario, 0)->reinforcements, 0);
    g_assert_cmpint (r->hex, ==, hex_of (doc, "1205"));
    g_assert_false (has_problem (window, "reinforcement-no-entry", -1));
    editor_document_undo (doc);
    editor_document_undo (doc);
    flush_events ();
    r = g_ptr_array_index (sand_scenario_get_oob (scenario, 0)->reinforcements, 0);
    g_assert_cmpstr (r->entry, ==, "east");
  }

  /* Saved in the same file as the map, and read back the same. */
  dir = g_dir_make_tmp ("sandtable-scened-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "scenario.xml", NULL);
  file = g_file_new_for_path (path);
  g_assert_true (editor_document_save (doc, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  {
    g_autofree char *placement = g_strdup_printf ("counter=\"%s\" hex=\"0505\"", placed);
    g_autofree char *arrival = g_strdup_printf ("turn=\"3\" counter=\"%s\" entry=\"east\"",
                                                arriving);
    g_assert_nonnull (strstr (text, placement));
    g_assert_nonnull (strstr (text, arrival));
  }
  saved = sand_scenario_load_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (find_placement (saved, placed, NULL)->hex, ==, hex_of (doc, "0505"));
  g_assert_cmpstr (((SandReinforcement *) g_ptr_array_index (
                      sand_scenario_get_oob (saved, 0)->reinforcements, 0))->counter, ==,
                   arriving);

  g_unlink (path);
  g_rmdir (dir);
  destroy_window (window);
}

static void
test_overstack_appears_and_vanishes_on_undo (void)
{
  g_autoptr(EditorDocument) doc = new_document ("lfaf1914", 10, 8);
  SandScenario *scenario = editor_document_get_scenario (doc);
  SandRuleset *rs = sand_scenario_get_ruleset (scenario);
  int french = sand_ruleset_find_side (rs, "french");
  int infantry = sand_ruleset_find_unit_type (rs, "infantry");
  int limit = sand_ruleset_param_int (rs, "stack-limit-steps", 0);
  EditorWindow *window = present_window (doc);
  EditorScenarioPanels *panels = editor_scenario_panels_get (window);
  EditorCounterMix *mix = EDITOR_COUNTER_MIX (editor_scenario_panels_get_counter_mix (panels));
  GtkWidget *button = editor_scenario_panels_get_problems_button (panels);
  int hex = hex_of (doc, "0404");
  int steps = 0;

  g_assert_cmpint (limit, ==, 6);
  editor_counter_mix_set_filter (mix, french, infantry, NULL, NULL);

  /* Up to the limit: no problem. */
  while (steps + 2 <= limit)
    {
      g_autofree char *id = editor_counter_mix_add (mix);
      const SandCounter *c = sand_scenario_get_counter (scenario,
                                                        sand_scenario_find_counter (scenario, id));
      g_assert_cmpint (c->steps, ==, 2);
      g_assert_true (drop_counter (window, id, hex));
      steps += c->steps;
      g_assert_false (has_problem (window, "setup-overstacked", hex));
    }

  /* One more counter on the hex: the problem shows, and the header bar
   * counts it. */
  {
    g_autofree char *id = editor_counter_mix_add (mix);
    const char *tip;

    g_assert_true (drop_counter (window, id, hex));
    g_assert_true (has_problem (window, "setup-overstacked", hex));
    tip = gtk_widget_get_tooltip_text (button);
    g_assert_nonnull (strstr (tip, "1 warning"));
  }

  /* Undo the drop: it goes. Redo: it is back. */
  editor_document_undo (doc);
  g_assert_false (has_problem (window, "setup-overstacked", hex));
  editor_document_redo (doc);
  g_assert_true (has_problem (window, "setup-overstacked", hex));

  /* Clicking it shows its hex. */
  {
    GtkWidget *canvas = GTK_WIDGET (window->canvas);
    EditorProblemsPanel *list =
      EDITOR_PROBLEMS_PANEL (editor_scenario_panels_get_problems (panels));
    GPtrArray *problems = editor_problems_panel_get_problems (list);

    for (guint i = 0; i < problems->len; i++)
      if (g_str_equal (((SandProblem *) g_ptr_array_index (problems, i))->code,
                       "setup-overstacked"))
        editor_problems_panel_activate (list, i);
    flush_events ();
    g_assert_cmpint (editor_map_canvas_hex_at (window->canvas, gtk_widget_get_width (canvas) / 2.0,
                                               gtk_widget_get_height (canvas) / 2.0),
                     ==, hex);
  }

  /* Back to where it started. */
  while (editor_document_can_undo (doc))
    editor_document_undo (doc);
  destroy_window (window);
}

/* The cell of counter @id in the mix showing @text, found among the
 * table's bound cells. */
static GtkWidget *
find_cell (GtkWidget  *widget,
           const char *id,
           const char *text)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_TEXT (child)
          && g_strcmp0 (g_object_get_data (G_OBJECT (child), "counter-id"), id) == 0
          && g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (child)), text) == 0)
        return child;
      if ((found = find_cell (child, id, text)) != NULL)
        return found;
    }
  return NULL;
}

/* The row's details: what the table has no room for is edited in its
 * popover as in the table, each edit one undo step; the row's form follows
 * its counter through a rename. */
static void
test_mix_details_edit_id_and_side (void)
{
  g_autoptr(EditorDocument) doc = new_document ("fpw1870", 12, 10);
  SandScenario *scenario = editor_document_get_scenario (doc);
  EditorWindow *window = present_window (doc);
  EditorScenarioPanels *panels = editor_scenario_panels_get (window);
  GtkWidget *mix = editor_scenario_panels_get_counter_mix (panels);
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  g_autofree char *id = NULL;
  GtkMenuButton *details = NULL;
  GtkWidget *popover, *cell, *side;
  int k;

  editor_scenario_panels_show (panels, "counters");
  id = editor_counter_mix_add (EDITOR_COUNTER_MIX (mix));
  flush_events ();
  k = sand_scenario_find_counter (scenario, id);
  g_assert_cmpint (sand_scenario_get_counter (scenario, k)->side, ==, 0);

  find_all (mix, GTK_TYPE_MENU_BUTTON, buttons);
  for (guint i = 0; i < buttons->len && details == NULL; i++)
    if (g_strcmp0 (g_object_get_data (buttons->pdata[i], "counter-id"), id) == 0)
      details = buttons->pdata[i];
  g_assert_nonnull (details);
  gtk_menu_button_popup (details);
  flush_events ();
  popover = GTK_WIDGET (gtk_menu_button_get_popover (details));
  g_assert_nonnull (popover);
  g_assert_true (gtk_widget_get_visible (popover));

  /* The id, typed over in the form. */
  cell = find_cell (popover, id, id);
  g_assert_nonnull (cell);
  gtk_editable_set_text (GTK_EDITABLE (cell), "fr-renamed");
  g_signal_emit_by_name (cell, "activate");
  flush_events ();
  g_assert_cmpint (sand_scenario_find_counter (scenario, id), <, 0);
  k = sand_scenario_find_counter (scenario, "fr-renamed");
  g_assert_cmpint (k, >=, 0);

  /* The row now shows the renamed counter; its side, from its form. */
  g_ptr_array_set_size (buttons, 0);
  find_all (mix, GTK_TYPE_MENU_BUTTON, buttons);
  details = NULL;
  for (guint i = 0; i < buttons->len && details == NULL; i++)
    if (g_strcmp0 (g_object_get_data (buttons->pdata[i], "counter-id"), "fr-renamed") == 0)
      details = buttons->pdata[i];
  g_assert_nonnull (details);
  gtk_menu_button_popup (details);
  flush_events ();
  popover = GTK_WIDGET (gtk_menu_button_get_popover (details));
  g_assert_nonnull (find_cell (popover, "fr-renamed", "fr-renamed"));
  side = find_widget (popover, GTK_TYPE_DROP_DOWN);
  g_assert_nonnull (side);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (side), 1);
  flush_events ();
  g_assert_cmpint (sand_scenario_get_counter (scenario, k)->side, ==, 1);
  g_assert_cmpstr (editor_document_get_undo_label (doc), ==, "Edit Counter");

  gtk_menu_button_popdown (details);
  editor_document_undo (doc);
  editor_document_undo (doc);
  flush_events ();
  k = sand_scenario_find_counter (scenario, id);
  g_assert_cmpint (k, >=, 0);
  g_assert_cmpint (sand_scenario_get_counter (scenario, k)->side, ==, 0);
  destroy_window (window);
}

static void
test_mix_cells_edit_in_place (void)
{
  g_autoptr(EditorDocument) doc = new_document ("fpw1870", 12, 10);
  SandScenario *scenario = editor_document_get_scenario (doc);
  EditorWindow *window = present_window (doc);
  EditorScenarioPanels *panels = editor_scenario_panels_get (window);
  GtkWidget *mix = editor_scenario_panels_get_counter_mix (panels);
  g_autofree char *id = NULL;
  GtkWidget *cell;
  int k;

  editor_scenario_panels_show (panels, "counters");
  id = editor_counter_mix_add (EDITOR_COUNTER_MIX (mix));
  flush_events ();
  k = sand_scenario_find_counter (scenario, id);

  /* The name, typed over and committed with Enter. */
  cell = find_cell (mix, id, sand_scenario_get_counter (scenario, k)->name);
  g_assert_nonnull (cell);
  gtk_editable_set_text (GTK_EDITABLE (cell), "I Corps");
  g_signal_emit_by_name (cell, "activate");
  flush_events ();
  g_assert_cmpstr (sand_scenario_get_counter (scenario, k)->name, ==, "I Corps");
  g_assert_cmpstr (editor_document_get_undo_label (doc), ==, "Edit Counter");

  /* Strength: a number is taken, anything else refused and shown back. */
  cell = find_cell (mix, id, "1");
  g_assert_nonnull (cell);
  gtk_editable_set_text (GTK_EDITABLE (cell), "six");
  g_signal_emit_by_name (cell, "activate");
  flush_events ();
  g_assert_cmpint (sand_scenario_get_counter (scenario, k)->strength, ==, 1);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (cell)), ==, "1");
  gtk_editable_set_text (GTK_EDITABLE (cell), "6");
  g_signal_emit_by_name (cell, "activate");
  flush_events ();
  g_assert_cmpint (sand_scenario_get_counter (scenario, k)->strength, ==, 6);

  editor_document_undo (doc);
  editor_document_undo (doc);
  flush_events ();
  g_assert_cmpint (sand_scenario_get_counter (scenario, k)->strength, ==, 1);
  g_assert_cmpstr (sand_scenario_get_counter (scenario, k)->name, !=, "I Corps");
  destroy_window (window);
}

static void
test_setup_tool_moves_stacks_and_removes (void)
{
  g_autoptr(EditorDocument) doc = new_document ("fpw1870", 12, 10);
  SandScenario *scenario = editor_document_get_scenario (doc);
  int german = sand_ruleset_find_side (sand_scenario_get_ruleset (scenario), "german");
  EditorWindow *window = present_window (doc);
  EditorScenarioPanels *panels = editor_scenario_panels_get (window);
  EditorCounterMix *mix = EDITOR_COUNTER_MIX (editor_scenario_panels_get_counter_mix (panels));
  g_autoptr(EditorTool) tool = editor_tool_setup_new ();
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  int from = hex_of (doc, "0303"), to = hex_of (doc, "0606");

  editor_counter_mix_set_filter (mix, german, -1, NULL, NULL);
  a = editor_counter_mix_add (mix);
  b = editor_counter_mix_add (mix);
  g_assert_true (drop_counter (window, a, from));
  g_assert_true (drop_counter (window, b, to));

  /* Dragged from 0303 onto 0606: stacked there with the other. */
  editor_tool_begin (tool, doc, from, 0, 0, GDK_BUTTON_PRIMARY);
  editor_tool_update (tool, doc, to, 0, 0);
  editor_tool_end (tool, doc, to, 0, 0);
  g_assert_cmpint (find_placement (scenario, a, NULL)->hex, ==, to);
  g_assert_cmpint (find_placement (scenario, b, NULL)->hex, ==, to);
  g_assert_cmpstr (editor_document_get_undo_label (doc), ==, "Move Counter");

  /* Right-click takes the top one (the last moved) out of the set-up. */
  editor_tool_begin (tool, doc, to, 0, 0, GDK_BUTTON_SECONDARY);
  editor_tool_end (tool, doc, to, 0, 0);
  g_assert_null (find_placement (scenario, a, NULL));
  g_assert_nonnull (find_placement (scenario, b, NULL));
  editor_document_undo (doc);
  g_assert_cmpint (find_placement (scenario, a, NULL)->hex, ==, to);

  destroy_window (window);
}

static gboolean
validation_has (SandScenario *scenario,
                const char   *code)
{
  g_autoptr(GPtrArray) problems = sand_scenario_validate (scenario);

  for (guint i = 0; i < problems->len; i++)
    if (g_str_equal (((SandProblem *) g_ptr_array_index (problems, i))->code, code))
      return TRUE;
  return FALSE;
}

/* The other rules-level checks, each made and mended through the
 * document's undoable edits. */
static void
test_rules_checks_follow_edits (void)
{
  g_autoptr(EditorDocument) doc = new_document ("fpw1870", 12, 10);
  SandScenario *scenario = editor_document_get_scenario (doc);
  SandRuleset *rs = sand_scenario_get_ruleset (scenario);
  int french = sand_ruleset_find_side (rs, "french");
  int german = sand_ruleset_find_side (rs, "german");
  int eb = sand_ruleset_find_unit_type (rs, "eb");
  int declared = sand_ruleset_param_int (rs, "french-eb-units", -1);
  g_autoptr(GPtrArray) levels = g_ptr_array_new_with_free_func (
    (GDestroyNotify) sand_victory_level_free);
  SandMarker *flag;
  guint oob;

  /* A German entry flag under a French counter at the start. */
  flag = sand_marker_new (SAND_MARKER_ENTRY, hex_of (doc, "1205"));
  flag->side = german;
  flag->group = g_strdup ("east");
  editor_document_add_marker (doc, flag);
  {
    SandCounter *c = sand_counter_new ();
    c->id = g_strdup ("fr-1");
    c->side = french;
    c->strength = 3;
    c->ma = 6;
    editor_document_add_counter (doc, c);
  }
  oob = editor_document_add_oob (doc, sand_oob_new ("A", french));
  g_assert_false (validation_has (scenario, "entry-flag-blocked"));
  editor_document_place_counter (doc, oob, "fr-1", hex_of (doc, "1205"), NULL);
  g_assert_true (validation_has (scenario, "entry-flag-blocked"));
  editor_document_undo (doc);
  g_assert_false (validation_has (scenario, "entry-flag-blocked"));

  /* A flag walled in by impassable hexes. */
  {
    int flag_hex = hex_of (doc, "0606");
    int neutral = -1;
    SandMarker *walled = sand_marker_new (SAND_MARKER_ENTRY, flag_hex);
    const SandGrid *grid = sand_map_get_grid (editor_document_get_map (doc));

    /* FPW's neutral countries may never be entered. */
    for (guint k = 0; k < sand_ruleset_n_countries (rs); k++)
      if (!sand_ruleset_get_country (rs, k)->passable)
        neutral = k;
    g_assert_cmpint (neutral, >=, 0);
    walled->side = french;
    walled->group = g_strdup ("west");
    editor_document_add_marker (doc, walled);
    g_assert_false (validation_has (scenario, "entry-flag-unreachable"));
    editor_document_begin_edit (doc, "Wall in");
    for (int dir = 0; dir < SAND_N_DIRS; dir++)
      editor_document_set_country (doc, sand_grid_neighbour (grid, flag_hex, dir), neutral);
    editor_document_end_edit (doc);
    g_assert_true (validation_has (scenario, "entry-flag-unreachable"));
    editor_document_undo (doc);
    g_assert_false (validation_has (scenario, "entry-flag-unreachable"));
  }

  /* More French EB counters than the game has. */
  g_assert_cmpint (declared, >, 0);
  editor_document_begin_edit (doc, "Add EB units");
  for (int i = 0; i <= declared; i++)
    {
      SandCounter *c = sand_counter_new ();
      c->id = g_strdup_printf ("fr-eb-%d", i);
      c->side = french;
      c->type = eb;
      editor_document_add_counter (doc, c);
      g_assert_false (i < declared && validation_has (scenario, "counter-mix-count"));
    }
  editor_document_end_edit (doc);
  g_assert_true (validation_has (scenario, "counter-mix-count"));
  editor_document_undo (doc);
  g_assert_false (validation_has (scenario, "counter-mix-count"));

  /* Victory levels with nothing on the map to score them. */
  g_ptr_array_add (levels, sand_victory_level_new (G_MININT, 0, "French Victory", french));
  g_ptr_array_add (levels, sand_victory_level_new (1, G_MAXINT, "German Victory", german));
  editor_document_set_victory_levels (doc, levels);
  g_assert_true (validation_has (scenario, "victory-hexes-missing"));
  editor_document_add_marker (doc, sand_marker_new (SAND_MARKER_VICTORY, hex_of (doc, "0606")));
  g_assert_false (validation_has (scenario, "victory-hexes-missing"));
  editor_document_undo (doc);
  editor_document_undo (doc);
  g_assert_cmpuint (sand_scenario_n_victory_levels (scenario), ==, 0);
  g_assert_false (validation_has (scenario, "victory-hexes-missing"));
}

static gboolean
same_problem (const SandProblem *a,
              const SandProblem *b,
              gboolean           lines)
{
  return a->severity == b->severity && a->hex == b->hex && g_strcmp0 (a->code, b->code) == 0
    && g_strcmp0 (a->counter, b->counter) == 0 && g_strcmp0 (a->message, b->message) == 0
    && (!lines || a->line == b->line);
}

/* Whatever the panel lists for a scenario is what the engine's validation
 * (and so `sandtable-cli validate`) finds in its file. */
static void
test_panel_agrees_with_validation (void)
{
  g_autofree char *dir_path = g_build_filename (g_getenv ("SANDTABLE_DATADIR"), "scenarios",
                                                NULL);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;
  guint n_files = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir_path, name, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;
      g_autoptr(EditorDocument) doc = NULL;
      g_autoptr(SandScenario) fresh = NULL;
      g_autoptr(GPtrArray) expected = NULL;
      EditorWindow *window;
      EditorProblemsPanel *list;
      GPtrArray *shown;

      if (!g_str_has_suffix (name, ".xml"))
        continue;
      n_files++;
      doc = editor_document_load (file, &error);
      g_assert_no_error (error);
      window = present_window (doc);
      list = EDITOR_PROBLEMS_PANEL (editor_scenario_panels_get_problems (
                                      editor_scenario_panels_get (window)));
      editor_problems_panel_flush (list);
      shown = editor_problems_panel_get_problems (list);

      fresh = sand_scenario_load_file (path, &error);
      g_assert_no_error (error);
      expected = sand_scenario_validate (fresh);
      g_test_message ("%s: %u problems", name, expected->len);
      g_assert_cmpuint (shown->len, ==, expected->len);
      for (guint i = 0; i < expected->len; i++)
        g_assert_true (same_problem (g_ptr_array_index (shown, i),
                                     g_ptr_array_index (expected, i), TRUE));

      /* After edits that make problems (the game cut to one turn, a
       * counter added and left unused), the panel lists what validation
       * of the saved file finds. */
      {
        g_autofree char *tmp_dir = g_dir_make_tmp ("sandtable-scened-XXXXXX", NULL);
        g_autofree char *tmp = g_build_filename (tmp_dir, name, NULL);
        g_autoptr(GFile) tmp_file = g_file_new_for_path (tmp);
        g_autoptr(SandScenario) reloaded = NULL;
        g_autoptr(GPtrArray) after = NULL;
        EditorCounterMix *mix = EDITOR_COUNTER_MIX (editor_scenario_panels_get_counter_mix (
                                                      editor_scenario_panels_get (window)));
        g_autofree char *id = NULL;

        editor_document_set_turns (doc, 1);
        id = editor_counter_mix_add (mix);
        editor_problems_panel_flush (list);
        flush_events ();
        editor_problems_panel_flush (list);
        shown = editor_problems_panel_get_problems (list);
        g_assert_true (editor_document_save (doc, tmp_file, &error));
        g_assert_no_error (error);
        reloaded = sand_scenario_load_file (tmp, &error);
        g_assert_no_error (error);
        after = sand_scenario_validate (reloaded);
        g_assert_cmpuint (shown->len, ==, after->len);
        g_assert_cmpuint (after->len, >, 0);
        /* Lines differ (the file was rewritten): compare all else, in any
         * order. */
        for (guint i = 0; i < after->len; i++)
          {
            gboolean found = FALSE;
            for (guint j = 0; j < shown->len && !found; j++)
              found = same_problem (g_ptr_array_index (shown, j), g_ptr_array_index (after, i),
                                    FALSE);
            g_assert_true (found);
          }
        g_unlink (tmp);
        g_rmdir (tmp_dir);
      }
      destroy_window (window);
    }
  g_assert_cmpuint (n_files, >, 0);
}

int
main (int    argc,
      char **argv)
{
  int ret;

  if (!ui_test_init (&argc, &argv, "sandtable-test-scened-XXXXXX"))
    return 0;

  g_test_add_func ("/scenario-editor/counter/added-dropped-scheduled-saved",
                   test_counter_added_dropped_scheduled_and_saved);
  g_test_add_func ("/scenario-editor/counter/mix-details-edit-id-and-side",
                   test_mix_details_edit_id_and_side);
  g_test_add_func ("/scenario-editor/counter/mix-cells-edit-in-place",
                   test_mix_cells_edit_in_place);
  g_test_add_func ("/scenario-editor/setup-tool/moves-stacks-and-removes",
                   test_setup_tool_moves_stacks_and_removes);
  g_test_add_func ("/scenario-editor/problems/overstack-appears-and-vanishes-on-undo",
                   test_overstack_appears_and_vanishes_on_undo);
  g_test_add_func ("/scenario-editor/problems/rules-checks-follow-edits",
                   test_rules_checks_follow_edits);
  g_test_add_func ("/scenario-editor/problems/panel-agrees-with-validation",
                   test_panel_agrees_with_validation);

  ret = g_test_run ();
  g_clear_object (&app);
  return ret;
}
