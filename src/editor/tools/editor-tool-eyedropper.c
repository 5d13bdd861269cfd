/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-tool-eyedropper.c: picks the terrain and country of a hex.
 *
 * It edits nothing, so it opens no undo step; the palette decides where
 * the picked values go and returns to the tool the designer came from.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-tool-chooser.h"
#include "editor-tool-eyedropper.h"

struct _EditorToolEyedropper
{
  EditorTool parent_instance;

  GtkWidget *options;
};

G_DEFINE_FINAL_TYPE (EditorToolEyedropper, editor_tool_eyedropper, EDITOR_TYPE_TOOL)

enum {
  SIGNAL_PICKED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
editor_tool_eyedropper_begin (EditorTool     *tool,
                              EditorDocument *document,
                              int             hex,
                              double          map_x,
                              double          map_y,
                              guint           button)
{
  SandMap *map = editor_document_get_map (document);

  if (hex < 0)
    return;
  g_signal_emit (tool, signals[SIGNAL_PICKED], 0, hex, (int) sand_map_get_terrain (map, hex),
                 sand_map_get_country (map, hex));
}

static GtkWidget *
editor_tool_eyedropper_get_options (EditorTool *tool)
{
  EditorToolEyedropper *self = EDITOR_TOOL_EYEDROPPER (tool);
  GtkWidget *hint;

  if (self->options != NULL)
    return self->options;

  hint = editor_tool_options_hint (_("Click a hex to take its terrain for the brush and fill, "
                                     "and its country for the country tool. The palette then "
                                     "returns to the tool you came from."));
  self->options = g_object_ref_sink (hint);
  return self->options;
}

static void
editor_tool_eyedropper_dispose (GObject *object)
{
  EditorToolEyedropper *self = EDITOR_TOOL_EYEDROPPER (object);

  g_clear_object (&self->options);

  G_OBJECT_CLASS (editor_tool_eyedropper_parent_class)->dispose (object);
}

static void
editor_tool_eyedropper_class_init (EditorToolEyedropperClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  EditorToolClass *tool_class = EDITOR_TOOL_CLASS (klass);

  object_class->dispose = editor_tool_eyedropper_dispose;
  tool_class->begin = editor_tool_eyedropper_begin;
  tool_class->get_options = editor_tool_eyedropper_get_options;

  signals[SIGNAL_PICKED] =
    g_signal_new ("picked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, G_TYPE_INT, G_TYPE_INT, G_TYPE_INT);
}

static void
editor_tool_eyedropper_init (EditorToolEyedropper *self)
{
}

EditorTool *
editor_tool_eyedropper_new (void)
{
  return g_object_new (EDITOR_TYPE_TOOL_EYEDROPPER,
                       "id", "eyedropper",
                       "name", _("Eyedropper"),
                       "icon-name", "color-select-symbolic",
                       "accel", "i",
                       "cursor-name", "copy",
                       "hint", _("Click a hex to pick its terrain and country"),
                       NULL);
}
