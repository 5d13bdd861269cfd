/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-reference.c: wiring the reference image into a window: its layer
 * on the canvas, the panel's action, and the edits (each one undo step). */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-map-canvas-private.h"
#include "editor-reference.h"
#include "sand-reference.h"

#define PANEL_KEY "editor-reference-panel"

static void
layer_changed_cb (EditorReferenceLayer *layer,
                  EditorMapCanvas      *canvas)
{
  /* The scan is drawn into the tiles: all of them change. */
  editor_tile_cache_clear (editor_map_canvas_get_tile_cache (canvas));
  gtk_widget_queue_draw (GTK_WIDGET (canvas));
}

EditorReferenceLayer *
editor_reference_get_layer (EditorWindow *window)
{
  return g_object_get_data (G_OBJECT (window), EDITOR_REFERENCE_LAYER_KEY);
}

static void
panel_action (GSimpleAction *action,
              GVariant      *param,
              gpointer       user_data)
{
  EditorWindow *window = user_data;
  EditorDocument *document = editor_window_get_document (window);
  GtkWindow *panel = g_object_get_data (G_OBJECT (window), PANEL_KEY);

  if (document == NULL)
    return;
  if (panel == NULL)
    {
      panel = editor_reference_window_new (window, document, editor_reference_get_layer (window));
      /* Closing hides it; another document destroys it. */
      gtk_window_set_hide_on_close (panel, TRUE);
      g_object_set_data_full (G_OBJECT (window), PANEL_KEY, panel,
                              (GDestroyNotify) gtk_window_destroy);
    }
  gtk_window_present (panel);
}

void
editor_reference_install (EditorWindow    *window,
                          EditorMapCanvas *canvas)
{
  static const GActionEntry entries[] = {
    { "reference-image", panel_action },
  };
  EditorReferenceLayer *layer = editor_reference_layer_new ();

  g_object_set_data_full (G_OBJECT (window), EDITOR_REFERENCE_LAYER_KEY, layer, g_object_unref);
  g_object_set_data (G_OBJECT (canvas), EDITOR_REFERENCE_LAYER_KEY, layer);
  g_signal_connect_object (layer, "changed", G_CALLBACK (layer_changed_cb), canvas, 0);
  g_action_map_add_action_entries (G_ACTION_MAP (window), entries, G_N_ELEMENTS (entries),
                                   window);
}

void
editor_reference_set_document (EditorWindow   *window,
                               EditorDocument *document)
{
  EditorReferenceLayer *layer = editor_reference_get_layer (window);
  GtkWindow *panel = g_object_get_data (G_OBJECT (window), PANEL_KEY);

  /* The panel edits one document; another document closes it. */
  if (panel != NULL && g_object_get_data (G_OBJECT (panel), "editor-document") != document)
    g_object_set_data (G_OBJECT (window), PANEL_KEY, NULL);
  if (layer != NULL)
    editor_reference_layer_set_document (layer, document);
}

typedef struct {
  SandReference *before, *after;
} Change;

static void
change_free (Change *c)
{
  sand_reference_free (c->before);
  sand_reference_free (c->after);
  g_free (c);
}

static void
change_apply (SandScenario *scenario,
              gpointer      data,
              gboolean      forward)
{
  Change *c = data;

  sand_scenario_set_reference (scenario, sand_reference_copy (forward ? c->after : c->before));
}

void
editor_reference_apply (EditorDocument      *document,
                        const SandReference *ref,
                        const char          *label)
{
  SandScenario *scenario;
  Change *c;

  g_return_if_fail (EDITOR_IS_DOCUMENT (document));

  scenario = editor_document_get_scenario (document);
  if (sand_reference_equal (sand_scenario_get_reference (scenario), ref))
    return;
  c = g_new0 (Change, 1);
  c->before = sand_reference_copy (sand_scenario_get_reference (scenario));
  c->after = sand_reference_copy (ref);
  editor_document_record_change (document, label, change_apply, c, (GDestroyNotify) change_free);
}

char *
editor_reference_path_for (EditorDocument *document,
                           GFile          *file)
{
  GFile *doc = editor_document_get_file (document);
  g_autoptr (GFile) dir = doc != NULL ? g_file_get_parent (doc) : NULL;
  char *relative = dir != NULL ? g_file_get_relative_path (dir, file) : NULL;

  return relative != NULL ? relative : g_file_get_path (file);
}

gboolean
editor_reference_fit (EditorDocument *document,
                      SandPoint       p1,
                      int             hex1,
                      SandPoint       p2,
                      int             hex2)
{
  SandScenario *scenario = editor_document_get_scenario (document);
  SandMap *map = sand_scenario_get_map (scenario);
  const SandReference *ref = sand_scenario_get_reference (scenario);
  g_autoptr (SandReference) fitted = NULL;
  SandPoint m1, m2;

  if (ref == NULL)
    return FALSE;
  m1 = sand_grid_hex_center (sand_map_get_grid (map), sand_map_get_hex_size (map), hex1);
  m2 = sand_grid_hex_center (sand_map_get_grid (map), sand_map_get_hex_size (map), hex2);
  fitted = sand_reference_copy (ref);
  if (!sand_reference_fit_two_points (fitted, p1, p2, m1, m2))
    return FALSE;
  editor_reference_apply (document, fitted, _("Fit Reference Image"));
  return TRUE;
}
