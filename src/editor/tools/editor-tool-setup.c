/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-tool-chooser.h"
#include "editor-tool-setup.h"

struct _EditorToolSetup
{
  EditorTool parent_instance;

  GtkWidget *options;
  char *picked;      /* counter being dragged, or NULL */
  int picked_oob;
  int from_hex;
};

G_DEFINE_FINAL_TYPE (EditorToolSetup, editor_tool_setup, EDITOR_TYPE_TOOL)

/* The top counter the map shows on @hex: the last fixed-hex placement
 * there among the sides' first OOBs. */
static const char *
top_counter (SandScenario *scenario,
             int           hex,
             int          *oob_index)
{
  SandRuleset *rs = sand_scenario_get_ruleset (scenario);
  const char *found = NULL;

  for (guint s = 0; s < sand_ruleset_n_sides (rs); s++)
    {
      SandOob *oob = sand_scenario_default_oob (scenario, s);

      if (oob == NULL)
        continue;
      for (guint i = 0; i < oob->placements->len; i++)
        {
          const SandPlacement *p = g_ptr_array_index (oob->placements, i);

          if (p->zone == NULL && p->hex == hex)
            {
              found = p->counter;
              for (guint o = 0; o < sand_scenario_n_oobs (scenario); o++)
                if (sand_scenario_get_oob (scenario, o) == oob)
                  *oob_index = o;
            }
        }
    }
  return found;
}

static void
editor_tool_setup_begin (EditorTool     *tool,
                         EditorDocument *document,
                         int             hex,
                         double          map_x,
                         double          map_y,
                         guint           button)
{
  EditorToolSetup *self = EDITOR_TOOL_SETUP (tool);
  SandScenario *scenario = editor_document_get_scenario (document);
  const char *id;
  int oob = -1;

  g_clear_pointer (&self->picked, g_free);
  if (hex < 0 || (id = top_counter (scenario, hex, &oob)) == NULL)
    return;
  if (button == GDK_BUTTON_SECONDARY)
    {
      g_autofree char *copy = g_strdup (id);
      editor_document_unplace_counter (document, oob, copy);
      return;
    }
  self->picked = g_strdup (id);
  self->picked_oob = oob;
  self->from_hex = hex;
}

static void
editor_tool_setup_end (EditorTool     *tool,
                       EditorDocument *document,
                       int             hex,
                       double          map_x,
                       double          map_y)
{
  EditorToolSetup *self = EDITOR_TOOL_SETUP (tool);
  g_autofree char *id = g_steal_pointer (&self->picked);

  if (id == NULL || hex < 0 || hex == self->from_hex)
    return;
  editor_document_place_counter (document, self->picked_oob, id, hex, NULL);
}

static void
editor_tool_setup_preview (EditorTool     *tool,
                           EditorDocument *document,
                           int             hex,
                           double          map_x,
                           double          map_y,
                           GArray         *hexes)
{
  int oob;

  /* Outline what a press would pick up. */
  if (hex >= 0 && top_counter (editor_document_get_scenario (document), hex, &oob) != NULL)
    g_array_append_val (hexes, hex);
}

static GtkWidget *
editor_tool_setup_get_options (EditorTool *tool)
{
  EditorToolSetup *self = EDITOR_TOOL_SETUP (tool);
  GtkWidget *hint;

  if (self->options != NULL)
    return self->options;

  hint = editor_tool_options_hint (_("Drag a counter to another hex to move it; drop it on "
                                     "other counters to stack it. Right-click takes the top "
                                     "counter of a hex out of the set-up.\n\nTo set up new "
                                     "counters, drag them from the Counters or OOB pages onto "
                                     "the map."));
  self->options = g_object_ref_sink (hint);
  return self->options;
}

static void
editor_tool_setup_dispose (GObject *object)
{
  EditorToolSetup *self = EDITOR_TOOL_SETUP (object);

  g_clear_object (&self->options);
  g_clear_pointer (&self->picked, g_free);

  G_OBJECT_CLASS (editor_tool_setup_parent_class)->dispose (object);
}

static void
editor_tool_setup_class_init (EditorToolSetupClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  EditorToolClass *tool_class = EDITOR_TOOL_CLASS (klass);

  object_class->dispose = editor_tool_setup_dispose;
  tool_class->begin = editor_tool_setup_begin;
  tool_class->end = editor_tool_setup_end;
  tool_class->preview = editor_tool_setup_preview;
  tool_class->get_options = editor_tool_setup_get_options;
}

static void
editor_tool_setup_init (EditorToolSetup *self)
{
  self->from_hex = -1;
}

EditorTool *
editor_tool_setup_new (void)
{
  return g_object_new (EDITOR_TYPE_TOOL_SETUP,
                       "id", "setup",
                       "name", _("Set-Up Counters"),
                       "icon-name", "view-grid-symbolic",
                       "accel", "u",
                       "cursor-name", "grab",
                       "hint", _("Drag counters to move or stack them; right-click removes one"),
                       NULL);
}
