/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-counter-mix.h"
#include "editor-setup-panel.h"

struct _EditorSetupPanel
{
  GtkWidget parent_instance;

  EditorDocument *document;
  SandScenario *scenario;
  SandRenderer *renderer;
  gulong changed_id;
  guint refresh_id;
  int oob;

  GtkWidget *box;
  GtkWidget *title;
  GtkWidget *flow;
  GtkWidget *zone_title;
  GtkWidget *zone_flow;
};

G_DEFINE_FINAL_TYPE (EditorSetupPanel, editor_setup_panel, GTK_TYPE_WIDGET)

static gboolean
oob_uses (const SandOob *oob,
          const char    *id,
          gboolean      *by_zone)
{
  *by_zone = FALSE;
  for (guint i = 0; i < oob->placements->len; i++)
    {
      const SandPlacement *p = g_ptr_array_index (oob->placements, i);

      if (g_strcmp0 (p->counter, id) == 0)
        {
          *by_zone = p->zone != NULL;
          return TRUE;
        }
    }
  for (guint i = 0; i < oob->reinforcements->len; i++)
    if (g_strcmp0 (((SandReinforcement *) g_ptr_array_index (oob->reinforcements, i))->counter,
                   id) == 0)
      return TRUE;
  return FALSE;
}

GPtrArray *
editor_setup_panel_list_unplaced (EditorSetupPanel *self)
{
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
  SandOob *oob;

  g_return_val_if_fail (EDITOR_IS_SETUP_PANEL (self), ids);
  if (self->scenario == NULL || self->oob < 0
      || (guint) self->oob >= sand_scenario_n_oobs (self->scenario))
    return ids;
  oob = sand_scenario_get_oob (self->scenario, self->oob);
  for (guint i = 0; i < sand_scenario_n_counters (self->scenario); i++)
    {
      const SandCounter *c = sand_scenario_get_counter (self->scenario, i);
      gboolean by_zone;

      if (c->side == oob->side && !oob_uses (oob, c->id, &by_zone))
        g_ptr_array_add (ids, g_strdup (c->id));
    }
  return ids;
}

static GtkWidget *
chip_new (EditorSetupPanel  *self,
          const SandCounter *c,
          const char        *extra)
{
  GtkWidget *icon = editor_counter_icon_new (40);
  g_autofree char *tip = NULL;

  editor_counter_icon_set (icon, self->renderer, c->id);
  editor_counter_drag_attach (icon);
  editor_counter_drag_set_id (icon, c->id);
  tip = g_strdup_printf ("%s (%s)%s%s\n%s", c->name ? c->name : c->id, c->id,
                         extra ? " — " : "", extra ? extra : "",
                         _("Drag onto a hex to set it up there"));
  gtk_widget_set_tooltip_text (icon, tip);
  gtk_widget_set_cursor_from_name (icon, "grab");
  return icon;
}

static void
refresh (EditorSetupPanel *self)
{
  GtkWidget *child;
  SandOob *oob = NULL;
  guint n = 0, n_zone = 0;

  g_clear_handle_id (&self->refresh_id, g_source_remove);
  if (self->box == NULL)
    return;
  while ((child = gtk_widget_get_first_child (self->flow)) != NULL)
    gtk_flow_box_remove (GTK_FLOW_BOX (self->flow), child);
  while ((child = gtk_widget_get_first_child (self->zone_flow)) != NULL)
    gtk_flow_box_remove (GTK_FLOW_BOX (self->zone_flow), child);

  if (self->scenario != NULL && self->oob >= 0
      && (guint) self->oob < sand_scenario_n_oobs (self->scenario))
    oob = sand_scenario_get_oob (self->scenario, self->oob);

  if (oob != NULL)
    {
      for (guint i = 0; i < sand_scenario_n_counters (self->scenario); i++)
        {
          const SandCounter *c = sand_scenario_get_counter (self->scenario, i);
          gboolean by_zone;

          if (c->side != oob->side)
            continue;
          if (!oob_uses (oob, c->id, &by_zone))
            {
              gtk_flow_box_append (GTK_FLOW_BOX (self->flow), chip_new (self, c, NULL));
              n++;
            }
          else if (by_zone)
            {
              for (guint p = 0; p < oob->placements->len; p++)
                {
                  const SandPlacement *pl = g_ptr_array_index (oob->placements, p);
                  if (g_strcmp0 (pl->counter, c->id) == 0)
                    {
                      g_autofree char *z = g_strdup_printf (_("zone %s"), pl->zone);
                      gtk_flow_box_append (GTK_FLOW_BOX (self->zone_flow), chip_new (self, c, z));
                      break;
                    }
                }
              n_zone++;
            }
        }
    }

  {
    g_autofree char *t = oob == NULL ? g_strdup (_("No order of battle"))
      : n == 0 ? g_strdup (_("Every counter of this side is set up or scheduled"))
      : g_strdup_printf (g_dngettext (NULL, "%u counter still to place — drag it onto the map",
                                      "%u counters still to place — drag them onto the map",
                                      n), n);
    gtk_label_set_text (GTK_LABEL (self->title), t);
  }
  {
    g_autofree char *t = g_strdup_printf (g_dngettext (NULL,
                                                       "%u counter set up by zone (the player "
                                                       "places it); drag it to fix its hex",
                                                       "%u counters set up by zone (the player "
                                                       "places them); drag one to fix its hex",
                                                       n_zone), n_zone);
    gtk_label_set_text (GTK_LABEL (self->zone_title), t);
  }
  gtk_widget_set_visible (self->flow, n > 0);
  gtk_widget_set_visible (self->zone_title, n_zone > 0);
  gtk_widget_set_visible (self->zone_flow, n_zone > 0);
}

static gboolean
refresh_idle_cb (gpointer data)
{
  EditorSetupPanel *self = data;

  self->refresh_id = 0;
  refresh (self);
  return G_SOURCE_REMOVE;
}

static void
changed_cb (EditorSetupPanel *self)
{
  if (self->refresh_id == 0)
    self->refresh_id = g_idle_add (refresh_idle_cb, self);
}

void
editor_setup_panel_set_document (EditorSetupPanel *self,
                                 EditorDocument   *document)
{
  g_return_if_fail (EDITOR_IS_SETUP_PANEL (self));

  if (self->document == document)
    return;
  if (self->scenario != NULL)
    g_clear_signal_handler (&self->changed_id, self->scenario);
  g_clear_object (&self->scenario);
  g_clear_pointer (&self->renderer, sand_renderer_free);
  g_set_object (&self->document, document);
  if (document != NULL)
    {
      self->scenario = g_object_ref (editor_document_get_scenario (document));
      self->renderer = sand_renderer_new (self->scenario);
      self->changed_id = g_signal_connect_swapped (self->scenario, "changed",
                                                   G_CALLBACK (changed_cb), self);
    }
  refresh (self);
}

void
editor_setup_panel_set_oob (EditorSetupPanel *self,
                            int               oob)
{
  g_return_if_fail (EDITOR_IS_SETUP_PANEL (self));
  self->oob = oob;
  refresh (self);
}

static void
editor_setup_panel_dispose (GObject *object)
{
  EditorSetupPanel *self = (EditorSetupPanel *) object;

  g_clear_handle_id (&self->refresh_id, g_source_remove);
  /* Children first: the icons draw with the renderer. */
  g_clear_pointer (&self->box, gtk_widget_unparent);
  editor_setup_panel_set_document (self, NULL);

  G_OBJECT_CLASS (editor_setup_panel_parent_class)->dispose (object);
}

static void
editor_setup_panel_class_init (EditorSetupPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = editor_setup_panel_dispose;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
}

static GtkWidget *
flow_new (void)
{
  GtkWidget *flow = gtk_flow_box_new ();

  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 30);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (flow), 2);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (flow), 2);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (flow), TRUE);
  return flow;
}

static void
editor_setup_panel_init (EditorSetupPanel *self)
{
  self->oob = -1;
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  self->title = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->title), 0);
  gtk_label_set_wrap (GTK_LABEL (self->title), TRUE);
  gtk_widget_add_css_class (self->title, "heading");
  gtk_box_append (GTK_BOX (self->box), self->title);
  self->flow = flow_new ();
  gtk_box_append (GTK_BOX (self->box), self->flow);

  self->zone_title = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->zone_title), 0);
  gtk_label_set_wrap (GTK_LABEL (self->zone_title), TRUE);
  gtk_widget_add_css_class (self->zone_title, "dim-label");
  gtk_box_append (GTK_BOX (self->box), self->zone_title);
  self->zone_flow = flow_new ();
  gtk_box_append (GTK_BOX (self->box), self->zone_flow);
  refresh (self);
}

GtkWidget *
editor_setup_panel_new (void)
{
  return g_object_new (EDITOR_TYPE_SETUP_PANEL, NULL);
}
