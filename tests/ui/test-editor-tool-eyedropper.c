/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The eyedropper: a click on a hex sets the terrain brush's terrain.
 * Driven as a designer drives it, through the real canvas's drag gesture
 * (lib/ui-test-tools.h). */
#include "config.h"

#include <adwaita.h>

#include "editor-document.h"
#include "ui-test-tools.h"

static void
test_eyedropper_sets_brush_terrain (Fixture       *f,
                                    gconstpointer  data)
{
  int rough = sand_ruleset_find_terrain (f->ruleset, "rough");
  int france = sand_ruleset_find_country (f->ruleset, "france");
  int hex = sand_grid_index (f->grid, 4, 7);
  EditorTool *brush = editor_tool_palette_get_tool (f->palette, "terrain");
  EditorTool *country = editor_tool_palette_get_tool (f->palette, "country");
  EditorTool *fill = editor_tool_palette_get_tool (f->palette, "fill");
  int value;

  editor_document_set_terrain (f->document, hex, rough);
  editor_document_set_country (f->document, hex, france);
  g_object_get (brush, "terrain", &value, NULL);
  g_assert_cmpint (value, !=, rough);

  select_tool (f, "terrain");
  select_tool (f, "eyedropper");
  fixture_click_hex (f, hex);
  g_object_get (brush, "terrain", &value, NULL);
  g_assert_cmpint (value, ==, rough);
  g_object_get (fill, "terrain", &value, NULL);
  g_assert_cmpint (value, ==, rough);
  g_object_get (country, "country", &value, NULL);
  g_assert_cmpint (value, ==, france);
  /* Back to the brush the designer came from; nothing to undo. */
  g_assert_cmpstr (editor_tool_get_id (active_tool (f)), ==, "terrain");
  g_assert_cmpstr (editor_document_get_undo_label (f->document), !=, "Paint Terrain");
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

#define ADD(path, func) \
  g_test_add ("/editor-tool-eyedropper/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("eyedropper_sets_brush_terrain", test_eyedropper_sets_brush_terrain);
#undef ADD

  return g_test_run ();
}
