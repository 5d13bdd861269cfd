/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gstdio.h>
#include <unistd.h>

#include "editor-draft-store.h"
#include "sand-scenario-io.h"

struct _EditorDraftStore
{
  GObject parent_instance;
  char *directory;
  guint delay_ms;
};

G_DEFINE_FINAL_TYPE (EditorDraftStore, editor_draft_store, G_TYPE_OBJECT)

#define DRAFT_GROUP "Draft"

void
editor_draft_free (EditorDraft *draft)
{
  if (draft == NULL)
    return;
  g_free (draft->id);
  g_free (draft->path);
  g_clear_object (&draft->origin);
  g_free (draft->title);
  g_clear_pointer (&draft->modified, g_date_time_unref);
  g_free (draft);
}

static char *
process_name (int pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/comm", pid);
  char *name = NULL;

  if (!g_file_get_contents (path, &name, NULL, NULL))
    return NULL;
  return g_strchomp (name);
}

gboolean
editor_draft_is_live (const EditorDraft *draft)
{
  g_autofree char *theirs = NULL;
  g_autofree char *ours = NULL;

  g_return_val_if_fail (draft != NULL, FALSE);

  if (draft->pid <= 0 || draft->pid == getpid ())
    return FALSE;
  /* A process killed a moment ago lingers as a zombie: it is gone. */
  {
    g_autofree char *stat_path = g_strdup_printf ("/proc/%d/stat", draft->pid);
    g_autofree char *stat = NULL;
    const char *paren;

    if (!g_file_get_contents (stat_path, &stat, NULL, NULL))
      return FALSE;
    paren = strrchr (stat, ')');
    if (paren == NULL || paren[1] != ' ' || paren[2] == 'Z' || paren[2] == 'X')
      return FALSE;
  }
  /* Alive and the same program: a recycled pid is somebody else. */
  theirs = process_name (draft->pid);
  ours = process_name (getpid ());
  return theirs != NULL && g_strcmp0 (theirs, ours) == 0;
}

static void
editor_draft_store_finalize (GObject *object)
{
  EditorDraftStore *self = (EditorDraftStore *) object;

  g_free (self->directory);
  G_OBJECT_CLASS (editor_draft_store_parent_class)->finalize (object);
}

static void
editor_draft_store_class_init (EditorDraftStoreClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = editor_draft_store_finalize;
}

static void
editor_draft_store_init (EditorDraftStore *self)
{
}

EditorDraftStore *
editor_draft_store_new (const char *directory)
{
  EditorDraftStore *self = g_object_new (EDITOR_TYPE_DRAFT_STORE, NULL);

  if (directory != NULL)
    self->directory = g_strdup (directory);
  else
    self->directory = g_build_filename (g_get_user_data_dir (), "sandtable", "drafts", NULL);
  return self;
}

const char *
editor_draft_store_get_directory (EditorDraftStore *self)
{
  g_return_val_if_fail (EDITOR_IS_DRAFT_STORE (self), NULL);
  return self->directory;
}

void
editor_draft_store_set_delay (EditorDraftStore *self,
                              guint             delay_ms)
{
  g_return_if_fail (EDITOR_IS_DRAFT_STORE (self));
  self->delay_ms = delay_ms;
}

guint
editor_draft_store_get_delay (EditorDraftStore *self)
{
  g_return_val_if_fail (EDITOR_IS_DRAFT_STORE (self), 0);
  return self->delay_ms;
}

/* Draft ids become file names: refuse anything that could leave the
 * directory. */
static gboolean
id_is_valid (const char *id)
{
  if (id == NULL || *id == '\0')
    return FALSE;
  for (const char *p = id; *p; p++)
    if (!g_ascii_isalnum (*p) && *p != '-' && *p != '_')
      return FALSE;
  return TRUE;
}

static char *
draft_path (EditorDraftStore *self,
            const char       *id,
            const char       *ext)
{
  g_autofree char *name = g_strconcat (id, ext, NULL);
  return g_build_filename (self->directory, name, NULL);
}

gboolean
editor_draft_store_write (EditorDraftStore *self,
                          const char       *id,
                          SandScenario     *scenario,
                          GFile            *origin,
                          const char       *title,
                          GError          **error)
{
  g_autofree char *xml_path = NULL;
  g_autofree char *ini_path = NULL;
  g_autofree char *ini_data = NULL;
  g_autoptr(GKeyFile) key_file = NULL;
  g_autoptr(GDateTime) now = NULL;
  g_autofree char *stamp = NULL;
  gsize len;

  g_return_val_if_fail (EDITOR_IS_DRAFT_STORE (self), FALSE);
  g_return_val_if_fail (id_is_valid (id), FALSE);
  g_return_val_if_fail (SAND_IS_SCENARIO (scenario), FALSE);

  if (g_mkdir_with_parents (self->directory, 0700) != 0)
    {
      int errsv = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errsv),
                   "%s: %s", self->directory, g_strerror (errsv));
      return FALSE;
    }

  xml_path = draft_path (self, id, ".xml");
  if (!sand_scenario_save_file (scenario, xml_path, FALSE, error))
    return FALSE;

  /* The metadata goes second: a draft is only listed once both exist, so
   * a crash between the two writes leaves the previous, complete draft. */
  key_file = g_key_file_new ();
  if (origin != NULL)
    {
      g_autofree char *uri = g_file_get_uri (origin);
      g_key_file_set_string (key_file, DRAFT_GROUP, "origin", uri);
    }
  g_key_file_set_string (key_file, DRAFT_GROUP, "title", title ? title : "");
  now = g_date_time_new_now_utc ();
  stamp = g_date_time_format_iso8601 (now);
  g_key_file_set_string (key_file, DRAFT_GROUP, "modified", stamp);
  g_key_file_set_integer (key_file, DRAFT_GROUP, "pid", getpid ());
  ini_data = g_key_file_to_data (key_file, &len, NULL);
  ini_path = draft_path (self, id, ".ini");
  return g_file_set_contents_full (ini_path, ini_data, len,
                                   G_FILE_SET_CONTENTS_CONSISTENT, 0600, error);
}

typedef struct {
  char *id;
  SandScenario *scenario;
  GFile *origin;
  char *title;
} WriteData;

static void
write_data_free (WriteData *data)
{
  g_free (data->id);
  g_clear_object (&data->scenario);
  g_clear_object (&data->origin);
  g_free (data->title);
  g_free (data);
}

static void
write_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  EditorDraftStore *self = source_object;
  WriteData *data = task_data;
  GError *error = NULL;

  if (editor_draft_store_write (self, data->id, data->scenario, data->origin, data->title, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
editor_draft_store_write_async (EditorDraftStore    *self,
                                const char          *id,
                                SandScenario        *scenario,
                                GFile               *origin,
                                const char          *title,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  WriteData *data;

  g_return_if_fail (EDITOR_IS_DRAFT_STORE (self));
  g_return_if_fail (id_is_valid (id));
  g_return_if_fail (SAND_IS_SCENARIO (scenario));

  data = g_new0 (WriteData, 1);
  data->id = g_strdup (id);
  data->scenario = g_object_ref (scenario);
  data->origin = origin ? g_object_ref (origin) : NULL;
  data->title = g_strdup (title);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, editor_draft_store_write_async);
  g_task_set_task_data (task, data, (GDestroyNotify) write_data_free);
  g_task_run_in_thread (task, write_thread);
}

gboolean
editor_draft_store_write_finish (EditorDraftStore *self,
                                 GAsyncResult     *result,
                                 GError          **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

gboolean
editor_draft_store_has (EditorDraftStore *self,
                        const char       *id)
{
  g_autofree char *ini_path = NULL;

  g_return_val_if_fail (EDITOR_IS_DRAFT_STORE (self), FALSE);

  if (!id_is_valid (id))
    return FALSE;
  ini_path = draft_path (self, id, ".ini");
  return g_file_test (ini_path, G_FILE_TEST_EXISTS);
}

static gboolean
remove_file (const char  *path,
             GError     **error)
{
  if (g_remove (path) != 0 && errno != ENOENT)
    {
      int errsv = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errsv),
                   "%s: %s", path, g_strerror (errsv));
      return FALSE;
    }
  return TRUE;
}

gboolean
editor_draft_store_remove (EditorDraftStore *self,
                           const char       *id,
                           GError          **error)
{
  g_autofree char *xml_path = NULL;
  g_autofree char *ini_path = NULL;
  g_autofree char *backup_path = NULL;

  g_return_val_if_fail (EDITOR_IS_DRAFT_STORE (self), FALSE);
  g_return_val_if_fail (id_is_valid (id), FALSE);

  /* The metadata first, so that a half-removed draft is no longer offered. */
  ini_path = draft_path (self, id, ".ini");
  xml_path = draft_path (self, id, ".xml");
  backup_path = draft_path (self, id, ".xml~");
  return remove_file (ini_path, error) &&
         remove_file (xml_path, error) &&
         remove_file (backup_path, error);
}

static int
compare_drafts (gconstpointer a,
                gconstpointer b)
{
  const EditorDraft *da = *(const EditorDraft * const *) a;
  const EditorDraft *db = *(const EditorDraft * const *) b;

  return g_date_time_compare (da->modified, db->modified);
}

GPtrArray *
editor_draft_store_list (EditorDraftStore *self)
{
  g_autoptr(GPtrArray) drafts = g_ptr_array_new_with_free_func ((GDestroyNotify) editor_draft_free);
  g_autoptr(GDir) dir = NULL;
  const char *name;

  g_return_val_if_fail (EDITOR_IS_DRAFT_STORE (self), NULL);

  dir = g_dir_open (self->directory, 0, NULL);
  if (dir == NULL)
    return g_steal_pointer (&drafts);

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autoptr(GKeyFile) key_file = g_key_file_new ();
      g_autofree char *ini_path = NULL;
      g_autofree char *id = NULL;
      g_autofree char *origin = NULL;
      g_autofree char *stamp = NULL;
      EditorDraft *draft;

      if (!g_str_has_suffix (name, ".ini"))
        continue;
      id = g_strndup (name, strlen (name) - 4);
      if (!id_is_valid (id))
        continue;
      ini_path = g_build_filename (self->directory, name, NULL);
      if (!g_key_file_load_from_file (key_file, ini_path, G_KEY_FILE_NONE, NULL))
        continue;

      draft = g_new0 (EditorDraft, 1);
      draft->path = draft_path (self, id, ".xml");
      if (!g_file_test (draft->path, G_FILE_TEST_IS_REGULAR))
        {
          editor_draft_free (draft);
          continue;
        }
      draft->id = g_steal_pointer (&id);
      origin = g_key_file_get_string (key_file, DRAFT_GROUP, "origin", NULL);
      if (origin != NULL && *origin != '\0')
        draft->origin = g_file_new_for_uri (origin);
      draft->title = g_key_file_get_string (key_file, DRAFT_GROUP, "title", NULL);
      stamp = g_key_file_get_string (key_file, DRAFT_GROUP, "modified", NULL);
      if (stamp != NULL)
        draft->modified = g_date_time_new_from_iso8601 (stamp, NULL);
      if (draft->modified == NULL)
        draft->modified = g_date_time_new_from_unix_utc (0);
      draft->pid = g_key_file_get_integer (key_file, DRAFT_GROUP, "pid", NULL);
      g_ptr_array_add (drafts, draft);
    }

  g_ptr_array_sort (drafts, compare_drafts);
  return g_steal_pointer (&drafts);
}

SandScenario *
editor_draft_store_load (EditorDraftStore  *self,
                         const EditorDraft *draft,
                         GError           **error)
{
  g_return_val_if_fail (EDITOR_IS_DRAFT_STORE (self), NULL);
  g_return_val_if_fail (draft != NULL, NULL);

  return sand_scenario_load_file (draft->path, error);
}
