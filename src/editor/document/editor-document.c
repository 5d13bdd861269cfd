/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-document-private.h"
#include "sand-scenario-io.h"


G_DEFINE_FINAL_TYPE (EditorDocument, editor_document, G_TYPE_OBJECT)


enum {
  PROP_0,
  PROP_CAN_REDO,
  PROP_CAN_UNDO,
  PROP_DIRTY,
  PROP_FILE,
  PROP_REDO_LABEL,
  PROP_SCENARIO,
  PROP_TITLE,
  PROP_UNDO_LABEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
change_clear (gpointer data)
{
  Change *change = data;

  g_clear_pointer (&change->old_text, g_free);
  g_clear_pointer (&change->new_text, g_free);
  g_clear_pointer (&change->color, g_free);
  g_clear_pointer (&change->old_marker, sand_marker_free);
  g_clear_pointer (&change->new_marker, sand_marker_free);
  if (change->destroy != NULL)
    g_clear_pointer (&change->data, change->destroy);
}

Step *
_editor_document_step_new (const char *label)
{
  Step *step = g_new0 (Step, 1);

  step->label = g_strdup (label);
  step->changes = g_array_new (FALSE, TRUE, sizeof (Change));
  g_array_set_clear_func (step->changes, change_clear);
  return step;
}

void
_editor_document_step_free (Step *step)
{
  if (step == NULL)
    return;
  g_free (step->label);
  g_array_unref (step->changes);
  g_free (step);
}

void
_editor_document_update_state (EditorDocument *self,
                               gboolean        was_dirty,
                               gboolean        could_undo,
                               gboolean        could_redo)
{
  /* Labels change with almost every step; the flags rarely. */
  if (was_dirty != editor_document_get_dirty (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DIRTY]);
  if (could_undo != editor_document_can_undo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  if (could_redo != editor_document_can_redo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNDO_LABEL]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REDO_LABEL]);
}

static void
editor_document_update_title (EditorDocument *self)
{
  g_autofree char *title = NULL;

  if (self->file != NULL)
    {
      g_autoptr(GFileInfo) info = NULL;

      info = g_file_query_info (self->file, G_FILE_ATTRIBUTE_STANDARD_DISPLAY_NAME,
                                G_FILE_QUERY_INFO_NONE, NULL, NULL);
      if (info != NULL)
        title = g_strdup (g_file_info_get_display_name (info));
      else
        title = g_file_get_basename (self->file);
    }
  else
    title = g_strdup (_("Untitled Map"));

  if (g_strcmp0 (title, self->title) != 0)
    {
      g_free (self->title);
      self->title = g_steal_pointer (&title);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
    }
}

static void
editor_document_set_file (EditorDocument *self,
                          GFile          *file)
{
  if (self->file == file || (self->file && file && g_file_equal (self->file, file)))
    return;
  g_set_object (&self->file, file);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
  editor_document_update_title (self);
}

static void
editor_document_dispose (GObject *object)
{
  EditorDocument *self = (EditorDocument *) object;

  g_clear_pointer (&self->steps, g_ptr_array_unref);
  g_clear_pointer (&self->open_step, _editor_document_step_free);
  g_clear_pointer (&self->open_index, g_hash_table_unref);
  g_clear_object (&self->scenario);
  g_clear_object (&self->file);
  g_clear_handle_id (&self->draft_source, g_source_remove);
  g_clear_object (&self->draft_store);

  G_OBJECT_CLASS (editor_document_parent_class)->dispose (object);
}

static void
editor_document_finalize (GObject *object)
{
  EditorDocument *self = (EditorDocument *) object;

  g_free (self->title);
  g_free (self->draft_id);

  G_OBJECT_CLASS (editor_document_parent_class)->finalize (object);
}

static void
editor_document_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  EditorDocument *self = EDITOR_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_CAN_REDO:
      g_value_set_boolean (value, editor_document_can_redo (self));
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, editor_document_can_undo (self));
      break;
    case PROP_DIRTY:
      g_value_set_boolean (value, editor_document_get_dirty (self));
      break;
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_REDO_LABEL:
      g_value_set_string (value, editor_document_get_redo_label (self));
      break;
    case PROP_SCENARIO:
      g_value_set_object (value, self->scenario);
      break;
    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;
    case PROP_UNDO_LABEL:
      g_value_set_string (value, editor_document_get_undo_label (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
editor_document_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  EditorDocument *self = EDITOR_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_SCENARIO:
      self->scenario = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
editor_document_class_init (EditorDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = editor_document_dispose;
  object_class->finalize = editor_document_finalize;
  object_class->get_property = editor_document_get_property;
  object_class->set_property = editor_document_set_property;

  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_DIRTY] =
    g_param_spec_boolean ("dirty", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_REDO_LABEL] =
    g_param_spec_string ("redo-label", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SCENARIO] =
    g_param_spec_object ("scenario", NULL, NULL, SAND_TYPE_SCENARIO,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_UNDO_LABEL] =
    g_param_spec_string ("undo-label", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
editor_document_init (EditorDocument *self)
{
  self->steps = g_ptr_array_new_with_free_func ((GDestroyNotify) _editor_document_step_free);
  self->draft_id = g_uuid_string_random ();
  self->title = g_strdup (_("Untitled Map"));
}

EditorDocument *
editor_document_new (SandScenario *scenario)
{
  g_return_val_if_fail (SAND_IS_SCENARIO (scenario), NULL);

  return g_object_new (EDITOR_TYPE_DOCUMENT, "scenario", scenario, NULL);
}

EditorDocument *
editor_document_new_recovered (SandScenario *scenario,
                               GFile        *origin,
                               const char   *draft_id)
{
  EditorDocument *self;

  g_return_val_if_fail (SAND_IS_SCENARIO (scenario), NULL);
  g_return_val_if_fail (origin == NULL || G_IS_FILE (origin), NULL);

  self = editor_document_new (scenario);
  editor_document_set_file (self, origin);
  if (draft_id != NULL)
    {
      g_free (self->draft_id);
      self->draft_id = g_strdup (draft_id);
    }
  /* No undo position matches what is on disk. */
  self->saved_position = -1;
  return self;
}

SandScenario *
editor_document_get_scenario (EditorDocument *self)
{
  g_return_val_if_fail (EDITOR_IS_DOCUMENT (self), NULL);
  return self->scenario;
}

SandMap *
editor_document_get_map (EditorDocument *self)
{
  g_return_val_if_fail (EDITOR_IS_DOCUMENT (self), NULL);
  return sand_scenario_get_map (self->scenario);
}

GFile *
editor_document_get_file (EditorDocument *self)
{
  g_return_val_if_fail (EDITOR_IS_DOCUMENT (self), NULL);
  return self->file;
}

const char *
editor_document_get_title (EditorDocument *self)
{
  g_return_val_if_fail (EDITOR_IS_DOCUMENT (self), NULL);
  return self->title;
}

gboolean
editor_document_get_dirty (EditorDocument *self)
{
  g_return_val_if_fail (EDITOR_IS_DOCUMENT (self), FALSE);
  return self->saved_position != (int) self->position;
}

/* Loading and saving */

static const char *
local_path (GFile   *file,
            GError **error)
{
  const char *path = g_file_peek_path (file);

  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("%s: only local files can be opened and saved"), uri);
    }
  return path;
}

EditorDocument *
editor_document_load (GFile   *file,
                      GError **error)
{
  g_autoptr(SandScenario) scenario = NULL;
  EditorDocument *self;
  const char *path;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!(path = local_path (file, error)))
    return NULL;
  if (!(scenario = sand_scenario_load_file (path, error)))
    return NULL;

  self = editor_document_new (scenario);
  editor_document_set_file (self, file);
  return self;
}

gboolean
editor_document_save (EditorDocument *self,
                      GFile          *file,
                      GError        **error)
{
  gboolean was_dirty;
  const char *path;

  g_return_val_if_fail (EDITOR_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  g_return_val_if_fail (self->depth == 0, FALSE);

  if (!(path = local_path (file, error)))
    return FALSE;
  if (!sand_scenario_save_file (self->scenario, path, TRUE, error))
    return FALSE;

  was_dirty = editor_document_get_dirty (self);
  self->saved_position = self->position;
  editor_document_set_file (self, file);
  if (was_dirty)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DIRTY]);
  editor_document_discard_draft (self);
  return TRUE;
}

