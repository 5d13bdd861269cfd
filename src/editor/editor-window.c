/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "editor-resources.h"

#include <glib/gi18n.h>

#include "editor-application.h"
#include "editor-balance-window.h"
#include "editor-counter-mix.h"
#include "editor-hex-cursor.h"
#include "editor-inspector.h"
#include "editor-oob-panel.h"
#include "editor-playtest.h"
#include "editor-playtest-bar.h"
#include "editor-problems-panel.h"
#include "editor-reference.h"
#include "editor-scenario-panels.h"
#include "editor-scenario-properties.h"
#include "editor-tmx-import.h"
#include "editor-tool-palette.h"
#include "editor-window-private.h"

G_DEFINE_FINAL_TYPE_WITH_CODE (EditorWindow, editor_window, ADW_TYPE_APPLICATION_WINDOW,
                               G_IMPLEMENT_INTERFACE (EDITOR_TYPE_CANVAS_INPUT,
                                                      _editor_window_canvas_input_init))

enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_MODE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

EditorWindow *
editor_window_new (GtkApplication *application)
{
  return g_object_new (EDITOR_TYPE_WINDOW, "application", application, NULL);
}

EditorDocument *
editor_window_get_document (EditorWindow *self)
{
  g_return_val_if_fail (EDITOR_IS_WINDOW (self), NULL);
  return self->document;
}

gboolean
editor_window_is_reusable (EditorWindow *self)
{
  g_return_val_if_fail (EDITOR_IS_WINDOW (self), FALSE);

  return self->document == NULL ||
         (editor_document_get_file (self->document) == NULL &&
          !editor_document_get_dirty (self->document) &&
          !editor_document_can_undo (self->document));
}

void
editor_window_add_toast (EditorWindow *self,
                         const char   *title)
{
  g_return_if_fail (EDITOR_IS_WINDOW (self));
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (title));
}

void
editor_window_show_error (EditorWindow *self,
                          const char   *title,
                          const char   *message)
{
  g_return_if_fail (EDITOR_IS_WINDOW (self));

  gtk_label_set_label (self->error_title_label, title);
  gtk_label_set_label (self->error_label, message ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), message && *message);
  gtk_revealer_set_reveal_child (self->error_revealer, TRUE);
}

/* Title and status */

static void
editor_window_update_title (EditorWindow *self)
{
  g_autofree char *subtitle = NULL;
  g_autofree char *window_title = NULL;
  const char *title;
  const char *file_title;
  gboolean dirty;

  if (self->document == NULL)
    {
      adw_window_title_set_title (self->window_title, _("Sandtable"));
      adw_window_title_set_subtitle (self->window_title, NULL);
      gtk_window_set_title (GTK_WINDOW (self), _("Sandtable"));
      return;
    }

  title = sand_scenario_get_title (editor_document_get_scenario (self->document));
  file_title = editor_document_get_title (self->document);
  dirty = editor_document_get_dirty (self->document);
  if (title == NULL || *title == '\0')
    title = file_title;

  if (editor_document_get_file (self->document) == NULL)
    /* Translators: the window subtitle of a map that was never saved. */
    subtitle = g_strdup_printf ("%s%s", dirty ? "• " : "", _("Not Saved"));
  else
    subtitle = g_strdup_printf ("%s%s", dirty ? "• " : "", file_title);

  adw_window_title_set_title (self->window_title, title);
  adw_window_title_set_subtitle (self->window_title, subtitle);

  /* Task switchers show the file, with the usual "*" for unsaved changes. */
  window_title = g_strdup_printf ("%s%s — %s", dirty ? "*" : "", file_title, _("Sandtable"));
  gtk_window_set_title (GTK_WINDOW (self), window_title);
}

static void
editor_window_update_undo (EditorWindow *self)
{
  g_autofree char *undo = NULL;
  g_autofree char *redo = NULL;
  const char *label;

  label = self->document ? editor_document_get_undo_label (self->document) : NULL;
  /* Translators: %s is what undo would undo, e.g. "Paint Terrain". */
  undo = label ? g_strdup_printf (C_("undo", "Undo %s"), label) : g_strdup (_("Undo"));
  label = self->document ? editor_document_get_redo_label (self->document) : NULL;
  /* Translators: %s is what redo would redo, e.g. "Paint Terrain". */
  redo = label ? g_strdup_printf (C_("redo", "Redo %s"), label) : g_strdup (_("Redo"));

  gtk_widget_set_tooltip_text (GTK_WIDGET (self->undo_button), undo);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->redo_button), redo);

  /* The menu shows the same labels: a GMenu item cannot change its label,
   * so the section is rebuilt. */
  g_menu_remove_all (self->edit_section);
  {
    g_autoptr(GMenuItem) item = g_menu_item_new (undo, "win.undo");
    g_menu_append_item (self->edit_section, item);
  }
  {
    g_autoptr(GMenuItem) item = g_menu_item_new (redo, "win.redo");
    g_menu_append_item (self->edit_section, item);
  }

  _editor_window_update_actions (self);
}

static void
editor_window_update_zoom (EditorWindow *self)
{
  g_autofree char *text = NULL;
  double scale;

  if (self->canvas == NULL)
    return;
  scale = editor_hex_viewport_get_scale (editor_map_canvas_get_viewport (self->canvas));
  text = g_strdup_printf ("%.0f%%", scale * 100.0);
  gtk_label_set_label (self->zoom_label, text);
}

/* Tools */

void
_editor_window_update_preview (EditorWindow *self)
{
  double mx, my;

  if (self->canvas == NULL)
    return;

  g_array_set_size (self->preview, 0);
  /* Asked with hex -1 too once the pointer has left the map: a tool may
   * keep something outlined (the selected hex while the inspector edits
   * it); the tools skip the pointer's hex when it is negative. */
  if (self->document != NULL && self->tool != NULL)
    {
      editor_map_canvas_widget_to_map (self->canvas, self->pointer_x, self->pointer_y, &mx, &my);
      editor_tool_preview (self->tool, self->document, self->hover_hex, mx, my, self->preview);
    }
  editor_map_canvas_set_preview (self->canvas, (const int *) (gpointer) self->preview->data,
                                 self->preview->len, self->hover_side_hex, self->hover_side_dir);
}

static void
editor_window_set_tool (EditorWindow *self,
                        EditorTool   *tool)
{
  const char *cursor;

  if (self->tool == tool)
    return;

  /* A stroke in progress belongs to the old tool; close it cleanly. */
  if (self->in_stroke && self->tool != NULL && self->document != NULL)
    {
      editor_tool_end (self->tool, self->document, -1, 0, 0);
      self->in_stroke = FALSE;
    }

  g_set_object (&self->tool, tool);
  cursor = tool ? editor_tool_get_cursor_name (tool) : NULL;
  if (self->canvas != NULL)
    gtk_widget_set_cursor_from_name (GTK_WIDGET (self->canvas), cursor);
  _editor_window_update_preview (self);
}

static void
palette_active_tool_cb (EditorWindow *self,
                        GParamSpec   *pspec,
                        GtkWidget    *palette)
{
  editor_window_set_tool (self,
                          editor_tool_palette_get_active_tool (EDITOR_TOOL_PALETTE (palette)));
}

static void
canvas_motion_cb (EditorWindow             *self,
                  double                    x,
                  double                    y,
                  GtkEventControllerMotion *motion)
{
  self->pointer_x = x;
  self->pointer_y = y;
}

/* Document */

static void
document_dirty_cb (EditorWindow   *self,
                   GParamSpec     *pspec,
                   EditorDocument *document)
{
  editor_window_update_title (self);
  _editor_window_update_actions (self);
}

static void
document_undo_cb (EditorWindow   *self,
                  GParamSpec     *pspec,
                  EditorDocument *document)
{
  editor_window_update_undo (self);
}

static void
map_changed_cb (EditorWindow *self,
                int           col0,
                int           row0,
                int           col1,
                int           row1,
                SandMap      *map)
{
  const SandGrid *grid = sand_map_get_grid (map);
  int col, row;

  /* The hex under the pointer may have just been painted; a stroke
   * elsewhere on a large map should not rescan its markers. */
  if (self->hover_hex < 0)
    return;
  col = sand_grid_col (grid, self->hover_hex);
  row = sand_grid_row (grid, self->hover_hex);
  if (col >= col0 && col <= col1 && row >= row0 && row <= row1)
    _editor_window_update_status (self);
}

void
editor_window_set_document (EditorWindow   *self,
                            EditorDocument *document)
{
  EditorApplication *app;

  g_return_if_fail (EDITOR_IS_WINDOW (self));
  g_return_if_fail (document == NULL || EDITOR_IS_DOCUMENT (document));

  if (self->document == document)
    return;

  if (self->in_stroke && self->tool != NULL && self->document != NULL)
    editor_tool_end (self->tool, self->document, -1, 0, 0);
  self->in_stroke = FALSE;

  /* The old document is going away without being saved on purpose (the
   * caller asked, or it was clean): its draft must not come back. */
  if (self->document != NULL)
    {
      editor_document_discard_draft (self->document);
      g_signal_handlers_disconnect_by_func (editor_document_get_map (self->document),
                                            map_changed_cb, self);
      g_signal_handlers_disconnect_by_func (editor_document_get_scenario (self->document),
                                            editor_window_update_title, self);
    }

  g_set_object (&self->document, document);
  g_signal_group_set_target (self->document_signals, document);
  self->hover_hex = self->hover_side_hex = self->hover_side_dir = -1;

  app = EDITOR_APPLICATION (gtk_window_get_application (GTK_WINDOW (self)));
  if (document != NULL && app != NULL)
    editor_document_set_draft_store (document, editor_application_get_draft_store (app));
  if (document != NULL)
    {
      g_signal_connect_object (editor_document_get_map (document), "changed",
                               G_CALLBACK (map_changed_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (editor_document_get_scenario (document), "changed",
                               G_CALLBACK (editor_window_update_title), self, G_CONNECT_SWAPPED);
    }

  editor_map_canvas_set_scenario (self->canvas,
                                  document ? editor_document_get_scenario (document) : NULL);
  editor_reference_set_document (self, document);
  editor_inspector_set_document (EDITOR_INSPECTOR (self->inspector), document);
  editor_tool_palette_set_document (EDITOR_TOOL_PALETTE (self->palette), document);
  gtk_stack_set_visible_child_name (self->stack, document ? "map" : "empty");
  gtk_widget_set_visible (GTK_WIDGET (self->status_bar), document != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->view_menu_button), document != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->undo_box), document != NULL);
  gtk_revealer_set_reveal_child (self->error_revealer, FALSE);
  _editor_window_apply_mode (self);
  editor_window_update_title (self);
  editor_window_update_undo (self);
  _editor_window_update_status (self);
  _editor_window_update_preview (self);
  if (document != NULL)
    {
      editor_map_canvas_zoom_fit (self->canvas);
      gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

gboolean
editor_window_open_file (EditorWindow *self,
                         GFile        *file)
{
  g_autoptr(EditorDocument) document = NULL;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (EDITOR_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (editor_tmx_import_handles (file))
    return editor_tmx_import_open (self, file);
  document = editor_document_load (file, &error);
  if (document == NULL)
    {
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *title = NULL;

      /* Translators: %s is a file name. */
      title = g_strdup_printf (_("Could not open “%s”"), name);
      editor_window_show_error (self, title, error->message);
      return FALSE;
    }

  editor_window_set_document (self, document);
  _editor_window_add_recent (self, file);
  return TRUE;
}

/* Drag and drop */

static gboolean
drop_cb (EditorWindow  *self,
         const GValue  *value,
         double         x,
         double         y,
         GtkDropTarget *target)
{
  g_autoptr(GSList) files = NULL;
  EditorApplication *app;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST) || g_value_get_boxed (value) == NULL)
    return FALSE;
  files = gdk_file_list_get_files (g_value_get_boxed (value));
  if (files == NULL)
    return FALSE;

  /* The first file replaces an empty or untouched map; the others, or any
   * file dropped on work in progress, get windows of their own. */
  app = EDITOR_APPLICATION (gtk_window_get_application (GTK_WINDOW (self)));
  for (GSList *l = files; l != NULL; l = l->next)
    {
      if (l == files && editor_window_is_reusable (self))
        editor_window_open_file (self, l->data);
      else if (app != NULL)
        editor_application_open_file (app, l->data);
    }
  return TRUE;
}

/* GObject */

static gboolean
close_request (GtkWindow *window)
{
  if (_editor_window_close_request (window))
    return TRUE;
  return GTK_WINDOW_CLASS (editor_window_parent_class)->close_request (window);
}

static gboolean
active_to_mode (GBinding     *binding,
                const GValue *from,
                GValue       *to,
                gpointer      data)
{
  g_value_set_enum (to, g_value_get_boolean (from) ? EDITOR_WINDOW_MODE_PLAYING
                                                   : EDITOR_WINDOW_MODE_EDITING);
  return TRUE;
}

static void
editor_window_constructed (GObject *object)
{
  EditorWindow *self = (EditorWindow *) object;

  G_OBJECT_CLASS (editor_window_parent_class)->constructed (object);

  /* Actions need the application (accels, help overlay) to be set. */
  _editor_window_update_recent (self);
  _editor_window_update_actions (self);
}

static void
editor_window_dispose (GObject *object)
{
  EditorWindow *self = (EditorWindow *) object;
  GtkRecentManager *recent = gtk_recent_manager_get_default ();

  /* The game stops first, while the panels it updates (and a hex it may be
   * picking) are whole. */
  if (self->playtest != NULL)
    editor_playtest_stop (self->playtest);
  g_clear_signal_handler (&self->recent_changed_id, recent);
  if (self->document_signals != NULL)
    g_signal_group_set_target (self->document_signals, NULL);
  if (self->document != NULL)
    {
      g_signal_handlers_disconnect_by_data (editor_document_get_map (self->document), self);
      g_signal_handlers_disconnect_by_data (editor_document_get_scenario (self->document), self);
    }
  /* The children outlive the labels they report to while the template is
   * torn down. */
  if (self->canvas != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->canvas, self);
      g_signal_handlers_disconnect_by_data (editor_map_canvas_get_viewport (self->canvas), self);
      self->canvas = NULL;
    }
  if (self->palette != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->palette, self);
      self->palette = NULL;
    }
  self->inspector = NULL;
  g_clear_pointer (&self->scenario_panels, editor_scenario_panels_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), EDITOR_TYPE_WINDOW);

  g_clear_object (&self->document);
  g_clear_object (&self->document_signals);
  g_clear_object (&self->tool);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->preview, g_array_unref);
  g_clear_pointer (&self->recent_rows, g_ptr_array_unref);
  g_clear_pointer (&self->editing_page, g_free);

  G_OBJECT_CLASS (editor_window_parent_class)->dispose (object);
}

static void
editor_window_finalize (GObject *object)
{
  EditorWindow *self = (EditorWindow *) object;

  /* After the game panel, whose widgets point to it until they go with
   * the window's children. */
  g_clear_object (&self->playtest);

  G_OBJECT_CLASS (editor_window_parent_class)->finalize (object);
}

static void
editor_window_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  EditorWindow *self = EDITOR_WINDOW (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    case PROP_MODE:
      g_value_set_enum (value, self->mode);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
editor_window_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  EditorWindow *self = EDITOR_WINDOW (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      editor_window_set_document (self, g_value_get_object (value));
      break;
    case PROP_MODE:
      editor_window_set_mode (self, g_value_get_enum (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
editor_window_class_init (EditorWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = editor_window_constructed;
  object_class->dispose = editor_window_dispose;
  object_class->finalize = editor_window_finalize;
  object_class->get_property = editor_window_get_property;
  object_class->set_property = editor_window_set_property;

  window_class->close_request = close_request;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, EDITOR_TYPE_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODE] =
    g_param_spec_enum ("mode", NULL, NULL, EDITOR_TYPE_WINDOW_MODE, EDITOR_WINDOW_MODE_EDITING,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The resources live in a static library: calling into them links the
   * object whose constructor registers them. */
  (void) editor_get_resource ();
  g_type_ensure (EDITOR_TYPE_TOOL_PALETTE);
  g_type_ensure (EDITOR_TYPE_COUNTER_MIX);
  g_type_ensure (EDITOR_TYPE_OOB_PANEL);
  g_type_ensure (EDITOR_TYPE_SCENARIO_PROPERTIES);
  g_type_ensure (EDITOR_TYPE_PROBLEMS_PANEL);
  g_type_ensure (EDITOR_TYPE_PLAYTEST_BAR);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/sandtable/Sandtable/"
                                               "ui/editor-window.ui");
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, canvas_box);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, hotseat_cover);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, playtest_toggle);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, ready_button);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, turn_bar);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, counter_mix);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, country_label);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, edit_section);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, empty_page);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, error_label);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, error_revealer);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, error_title_label);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, features_label);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, game_box);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, game_page);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, hex_label);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, inner_paned);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, inspector_box);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, oob_panel);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, open_button);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, outer_paned);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, palette);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, palette_box);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, primary_menu_button);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, problems_button);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, problems_icon);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, problems_label);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, problems_panel);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, recent_group);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, recent_section);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, recent_submenu_section);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, redo_button);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, scenario_properties);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, side_separator);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, side_stack);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, side_switcher);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, status_bar);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, terrain_label);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, undo_box);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, undo_button);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, view_menu_button);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, EditorWindow, zoom_label);

}

static void
editor_window_init (EditorWindow *self)
{
  GtkEventController *motion;
  GtkDropTarget *drop;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->hover_hex = self->hover_side_hex = self->hover_side_dir = -1;
  self->preview = g_array_new (FALSE, FALSE, sizeof (int));
  self->recent_rows = g_ptr_array_new ();
  self->settings = g_settings_new (APP_ID);

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  self->canvas = EDITOR_MAP_CANVAS (editor_map_canvas_new ());
  editor_reference_install (self, self->canvas);
  editor_hex_cursor_install (self->canvas);
  gtk_widget_set_hexpand (GTK_WIDGET (self->canvas), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->canvas), TRUE);
  gtk_box_insert_child_after (self->canvas_box, GTK_WIDGET (self->canvas), self->turn_bar);
  /* The editing tools have the canvas's input until a playtest takes it
   * (editor_window_set_mode). */
  editor_map_canvas_set_input (self->canvas, EDITOR_CANVAS_INPUT (self));
  g_signal_connect_object (editor_map_canvas_get_viewport (self->canvas), "notify::zoom",
                           G_CALLBACK (editor_window_update_zoom), self, G_CONNECT_SWAPPED);
  motion = gtk_event_controller_motion_new ();
  g_signal_connect_object (motion, "enter", G_CALLBACK (canvas_motion_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (motion, "motion", G_CALLBACK (canvas_motion_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self->canvas), motion);

  g_settings_bind (self->settings, "show-grid", self->canvas, "show-grid", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "show-ids", self->canvas, "show-ids", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "show-names", self->canvas, "show-names", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "show-counters", self->canvas, "show-counters",
                   G_SETTINGS_BIND_GET);

  g_signal_connect_object (self->palette, "notify::active-tool",
                           G_CALLBACK (palette_active_tool_cb), self, G_CONNECT_SWAPPED);
  palette_active_tool_cb (self, NULL, self->palette);

  self->inspector = editor_inspector_new ();
  gtk_widget_set_vexpand (self->inspector, TRUE);
  gtk_box_append (self->inspector_box, self->inspector);
  editor_inspector_set_palette (EDITOR_INSPECTOR (self->inspector),
                                EDITOR_TOOL_PALETTE (self->palette));

  self->document_signals = g_signal_group_new (EDITOR_TYPE_DOCUMENT);
  g_signal_group_connect_object (self->document_signals, "notify::dirty",
                                 G_CALLBACK (document_dirty_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->document_signals, "notify::title",
                                 G_CALLBACK (document_dirty_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->document_signals, "notify::file",
                                 G_CALLBACK (document_dirty_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->document_signals, "notify::undo-label",
                                 G_CALLBACK (document_undo_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->document_signals, "notify::redo-label",
                                 G_CALLBACK (document_undo_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->document_signals, "notify::can-undo",
                                 G_CALLBACK (document_undo_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->document_signals, "notify::can-redo",
                                 G_CALLBACK (document_undo_cb), self, G_CONNECT_SWAPPED);

  drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect_object (drop, "drop", G_CALLBACK (drop_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));

  _editor_window_actions_init (self);
  _editor_window_mode_actions_init (self);
  editor_balance_window_install_action (GTK_WINDOW (self));
  self->scenario_panels = editor_scenario_panels_new (self);
  self->playtest = editor_playtest_new (self);
  /* The window plays while its playtest does. */
  g_object_bind_property_full (self->playtest, "active", self, "mode", G_BINDING_SYNC_CREATE,
                               active_to_mode, NULL, NULL, NULL);

  gtk_widget_set_visible (GTK_WIDGET (self->status_bar), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->view_menu_button), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->undo_box), FALSE);
  editor_window_update_title (self);
  editor_window_update_undo (self);
  editor_window_update_zoom (self);
  _editor_window_apply_mode (self);
}
