/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The tool palette: every tool offered with its key, the keys working while
 * the palette is hidden, and the options following the document's ruleset.
 * Driven as a designer drives it, through the real canvas's drag gesture
 * (lib/ui-test-tools.h). */
#include "config.h"

#include <adwaita.h>

#include "editor-document.h"
#include "editor-tool-terrain.h"
#include "editor-tool-marker.h"
#include "ui-test-tools.h"

static void
test_palette_offers_every_tool_with_a_key (Fixture       *f,
                                           gconstpointer  data)
{
  static const char *const ids[] = {
    "terrain", "fill", "eyedropper", "country", "eraser", "hexside", "road", "rail", "marker",
    "select", "setup",
  };
  GPtrArray *tools = editor_tool_palette_get_tools (f->palette);
  g_autoptr (GHashTable) keys = g_hash_table_new (g_str_hash, g_str_equal);
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gtk_widget_get_display (f->window));

  /* The map tools first, in this order; other parts of the editor may add
   * their own tools after them. */
  g_assert_cmpuint (tools->len, >=, G_N_ELEMENTS (ids));
  for (guint i = 0; i < tools->len; i++)
    {
      EditorTool *tool = g_ptr_array_index (tools, i);

      if (i < G_N_ELEMENTS (ids))
        {
          g_assert_cmpstr (editor_tool_get_id (tool), ==, ids[i]);
          g_assert_cmpint (editor_tool_get_uses_hexsides (tool), ==,
                           g_str_equal (ids[i], "hexside") || g_str_equal (ids[i], "select"));
        }
      g_assert_nonnull (editor_tool_get_name (tool));
      g_assert_nonnull (editor_tool_get_hint (tool));
      g_assert_nonnull (editor_tool_get_cursor_name (tool));
      g_assert_true (gtk_icon_theme_has_icon (theme, editor_tool_get_icon_name (tool)));
      /* One key per tool. */
      g_assert_true (g_hash_table_add (keys, (gpointer) editor_tool_get_accel (tool)));
      g_assert_true (editor_tool_palette_select_tool (f->palette, editor_tool_get_id (tool)));
      g_assert_true (active_tool (f) == tool);
    }

  /* Number keys choose what the active tool paints. */
  select_tool (f, "terrain");
  gtk_widget_activate_action (GTK_WIDGET (f->palette), "palette.choose", "i", 2);
  g_assert_cmpint (editor_tool_terrain_get_terrain (EDITOR_TOOL_TERRAIN (active_tool (f))), ==,
                   sand_ruleset_find_terrain (f->ruleset, "rough"));
  select_tool (f, "hexside");
  gtk_widget_activate_action (GTK_WIDGET (f->palette), "palette.choose", "i", 3);
  {
    int feature;

    g_object_get (active_tool (f), "feature", &feature, NULL);
    g_assert_cmpint (feature, ==, sand_ruleset_find_side_feature (f->ruleset, "ridge"));
  }
  select_tool (f, "marker");
  gtk_widget_activate_action (GTK_WIDGET (f->palette), "palette.choose", "i", 5);
  {
    int kind;

    g_object_get (active_tool (f), "kind", &kind, NULL);
    g_assert_cmpint (kind, ==, EDITOR_MARKER_ZONE);
  }

  /* [ and ] step the brush through 1, 7 and 19 hexes. */
  select_tool (f, "terrain");
  gtk_widget_activate_action (GTK_WIDGET (f->palette), "palette.brush-larger", NULL);
  g_assert_cmpint (editor_tool_terrain_get_radius (EDITOR_TOOL_TERRAIN (active_tool (f))), ==, 1);
  gtk_widget_activate_action (GTK_WIDGET (f->palette), "palette.brush-larger", NULL);
  gtk_widget_activate_action (GTK_WIDGET (f->palette), "palette.brush-larger", NULL);
  g_assert_cmpint (editor_tool_terrain_get_radius (EDITOR_TOOL_TERRAIN (active_tool (f))), ==, 2);
  gtk_widget_activate_action (GTK_WIDGET (f->palette), "palette.brush-smaller", NULL);
  g_assert_cmpint (editor_tool_terrain_get_radius (EDITOR_TOOL_TERRAIN (active_tool (f))), ==, 1);
}

static guint
count_chooser_rows (GtkWidget *widget)
{
  guint n = 0;

  if (GTK_IS_LIST_BOX_ROW (widget))
    return 1;
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_chooser_rows (child);
  return n;
}

/* Runs the window's shortcut for a key as a key press would. */
static gboolean
press_key (Fixture *f,
           guint    keyval)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (f->window);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GtkEventController) c = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (c)
          || g_strcmp0 (gtk_event_controller_get_name (c), "editor-tool-palette-shortcuts") != 0)
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (c)); j++)
        {
          g_autoptr (GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (c), j);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

          if (GTK_IS_ALTERNATIVE_TRIGGER (trigger))
            trigger = gtk_alternative_trigger_get_first (GTK_ALTERNATIVE_TRIGGER (trigger));
          if (GTK_IS_KEYVAL_TRIGGER (trigger)
              && gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval)
            return gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0,
                                                 f->window, gtk_shortcut_get_arguments (shortcut));
        }
    }
  return FALSE;
}

static void
test_keys_work_while_the_palette_is_hidden (Fixture       *f,
                                            gconstpointer  data)
{
  EditorTool *brush = editor_tool_palette_get_tool (f->palette, "terrain");

  gtk_widget_set_visible (GTK_WIDGET (f->palette), FALSE);
  g_assert_true (press_key (f, GDK_KEY_h));
  g_assert_cmpstr (editor_tool_get_id (active_tool (f)), ==, "hexside");
  g_assert_true (press_key (f, GDK_KEY_b));
  g_assert_true (active_tool (f) == brush);
  g_assert_true (press_key (f, GDK_KEY_bracketright));
  g_assert_cmpint (editor_tool_terrain_get_radius (EDITOR_TOOL_TERRAIN (brush)), ==, 1);
  g_assert_true (press_key (f, GDK_KEY_2));
  g_assert_cmpint (editor_tool_terrain_get_terrain (EDITOR_TOOL_TERRAIN (brush)), ==, 1);

  /* A palette taken out of its window takes its keys with it. */
  g_object_ref (f->palette);
  gtk_box_remove (GTK_BOX (gtk_widget_get_parent (GTK_WIDGET (f->palette))),
                  GTK_WIDGET (f->palette));
  g_assert_false (press_key (f, GDK_KEY_h));
  g_object_unref (f->palette);
}

static void
test_options_follow_the_document_ruleset (Fixture       *f,
                                          gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  SandRuleset *lfaf = sand_ruleset_lookup ("lfaf1914", &error);
  g_autoptr (SandMap) map = NULL;
  g_autoptr (SandScenario) scenario = NULL;
  g_autoptr (EditorDocument) document = NULL;
  EditorTool *brush = editor_tool_palette_get_tool (f->palette, "terrain");
  GtkWidget *options = editor_tool_get_options (brush);
  int forest;

  g_assert_no_error (error);
  g_assert_cmpuint (count_chooser_rows (options), ==, sand_ruleset_n_terrains (f->ruleset));

  map = sand_map_new (lfaf, 6, 6, SAND_ORIENTATION_POINTY, SAND_STAGGER_ODD);
  scenario = sand_scenario_new (map);
  document = editor_document_new (scenario);
  editor_tool_palette_set_document (f->palette, document);
  g_assert_cmpuint (count_chooser_rows (options), ==, sand_ruleset_n_terrains (lfaf));

  /* The brush paints the new ruleset's terrain into the new document. */
  forest = sand_ruleset_find_terrain (lfaf, "forest");
  g_object_set (brush, "terrain", forest, "radius", 1, NULL);
  editor_tool_begin (brush, document, 14, 0, 0, GDK_BUTTON_PRIMARY);
  editor_tool_end (brush, document, 14, 0, 0);
  g_assert_cmpint (sand_map_get_terrain (map, 14), ==, forest);
  g_assert_true (editor_document_can_undo (document));
  g_assert_false (editor_document_can_undo (f->document));

  editor_tool_palette_set_document (f->palette, NULL);
  g_assert_cmpuint (count_chooser_rows (options), ==, 0);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

#define ADD(path, func) \
  g_test_add ("/editor-tool-palette/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("palette_offers_every_tool_with_a_key", test_palette_offers_every_tool_with_a_key);
  ADD ("options_follow_the_document_ruleset", test_options_follow_the_document_ruleset);
  ADD ("keys_work_while_the_palette_is_hidden", test_keys_work_while_the_palette_is_hidden);
#undef ADD

  return g_test_run ();
}
