/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-document.h"
#include "sand-scenario-io.h"

/* One primitive change with its value before and after. Undo applies a
 * step's changes backwards with the old values, redo forwards with the new
 * ones, so every primitive only needs a setter. */
typedef enum {
  CHANGE_TERRAIN,
  CHANGE_COUNTRY,
  CHANGE_SIDE,
  CHANGE_PLACE,
  CHANGE_MARKER_ADD,
  CHANGE_MARKER_REMOVE,
  CHANGE_MARKER_REPLACE,
  CHANGE_ZONE_ADD,
  CHANGE_ZONE_REMOVE,
  CHANGE_CUSTOM,         /* scenario-level edits: editor-document-scenario.c */
} ChangeKind;

typedef struct {
  ChangeKind kind;
  int hex;
  int dir;
  guint index;           /* marker or zone index */
  gint64 old_value;      /* terrain, country, side features */
  gint64 new_value;
  char *old_text;        /* place names; zone id */
  char *new_text;        /* zone name */
  char *color;           /* zone colour */
  SandMarker *old_marker;
  SandMarker *new_marker;
  EditorDocumentApplyFunc apply; /* CHANGE_CUSTOM */
  gpointer data;
  GDestroyNotify destroy;
} Change;

typedef struct {
  char *label;
  GArray *changes;       /* Change */
} Step;

struct _EditorDocument
{
  GObject parent_instance;

  SandScenario *scenario;
  GFile *file;
  char *title;

  GPtrArray *steps;      /* Step*, oldest first */
  guint position;        /* steps applied; steps[position..] are redo */
  int saved_position;    /* position at the last save, -1 when unreachable */

  Step *open_step;       /* the group being recorded, or NULL */
  GHashTable *open_index; /* key → index in open_step->changes, to merge repeats */
  guint depth;           /* nested begin_edit count */

  EditorDraftStore *draft_store;
  char *draft_id;
  guint draft_generation; /* bumped when the draft must go (save, discard) */
  guint draft_source;     /* the pending draft after a change, or 0 */
  gint64 draft_first_change; /* monotonic µs of the oldest change not in a draft */
  guint needs_draft : 1;
  guint draft_writing : 1; /* a worker is writing the draft */
  guint draft_again : 1;   /* asked to write while it was: write once more after */
};

G_DEFINE_FINAL_TYPE (EditorDocument, editor_document, G_TYPE_OBJECT)

static void editor_document_changed_for_draft (EditorDocument *self);

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

static Step *
step_new (const char *label)
{
  Step *step = g_new0 (Step, 1);

  step->label = g_strdup (label);
  step->changes = g_array_new (FALSE, TRUE, sizeof (Change));
  g_array_set_clear_func (step->changes, change_clear);
  return step;
}

static void
step_free (Step *step)
{
  if (step == NULL)
    return;
  g_free (step->label);
  g_array_unref (step->changes);
  g_free (step);
}

static void
editor_document_update_state (EditorDocument *self,
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
  g_clear_pointer (&self->open_step, step_free);
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
  self->steps = g_ptr_array_new_with_free_func ((GDestroyNotify) step_free);
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

/* Applying changes */

static void
change_apply (EditorDocument *self,
              Change         *change,
              gboolean        forward)
{
  SandMap *map = sand_scenario_get_map (self->scenario);
  gint64 value = forward ? change->new_value : change->old_value;

  switch (change->kind)
    {
    case CHANGE_TERRAIN:
      sand_map_set_terrain (map, change->hex, (guint8) value);
      break;
    case CHANGE_COUNTRY:
      sand_map_set_country (map, change->hex, (int) value);
      break;
    case CHANGE_SIDE:
      sand_map_set_side (map, change->hex, change->dir, (guint32) value);
      break;
    case CHANGE_PLACE:
      sand_map_set_place (map, change->hex, forward ? change->new_text : change->old_text);
      break;
    case CHANGE_MARKER_ADD:
      if (forward)
        sand_map_insert_marker (map, change->index, sand_marker_copy (change->new_marker));
      else
        sand_marker_free (sand_map_take_marker (map, change->index));
      break;
    case CHANGE_MARKER_REMOVE:
      if (forward)
        sand_marker_free (sand_map_take_marker (map, change->index));
      else
        sand_map_insert_marker (map, change->index, sand_marker_copy (change->old_marker));
      break;
    case CHANGE_MARKER_REPLACE:
      sand_map_replace_marker (map, change->index,
                               sand_marker_copy (forward ? change->new_marker
                                                         : change->old_marker));
      break;
    case CHANGE_ZONE_ADD:
    case CHANGE_ZONE_REMOVE:
      if (forward == (change->kind == CHANGE_ZONE_ADD))
        sand_map_insert_zone (map, change->index, change->old_text, change->new_text,
                              (int) change->new_value, change->color);
      else
        sand_map_remove_zone (map, change->index);
      break;
    case CHANGE_CUSTOM:
      change->apply (self->scenario, change->data, forward);
      break;
    default:
      g_assert_not_reached ();
    }
}

static gboolean
change_is_noop (const Change *change)
{
  switch (change->kind)
    {
    case CHANGE_TERRAIN:
    case CHANGE_COUNTRY:
    case CHANGE_SIDE:
      return change->old_value == change->new_value;
    case CHANGE_PLACE:
      return g_strcmp0 (change->old_text, change->new_text) == 0;
    default:
      return FALSE;
    }
}

/* Groups */

void
editor_document_begin_edit (EditorDocument *self,
                            const char     *label)
{
  g_return_if_fail (EDITOR_IS_DOCUMENT (self));

  if (self->depth++ > 0)
    return;

  g_assert (self->open_step == NULL);
  self->open_step = step_new (label ? label : _("Edit"));
  self->open_index = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
}

void
editor_document_end_edit (EditorDocument *self)
{
  g_autoptr(GArray) kept = NULL;
  Step *step;
  gboolean was_dirty, could_undo, could_redo;

  g_return_if_fail (EDITOR_IS_DOCUMENT (self));
  g_return_if_fail (self->depth > 0);

  if (--self->depth > 0)
    return;

  step = g_steal_pointer (&self->open_step);
  g_clear_pointer (&self->open_index, g_hash_table_unref);

  /* A stroke that painted a hex and then painted it back changed nothing. */
  for (guint i = step->changes->len; i > 0; i--)
    if (change_is_noop (&g_array_index (step->changes, Change, i - 1)))
      g_array_remove_index (step->changes, i - 1);

  if (step->changes->len == 0)
    {
      step_free (step);
      return;
    }

  was_dirty = editor_document_get_dirty (self);
  could_undo = editor_document_can_undo (self);
  could_redo = editor_document_can_redo (self);

  /* A new step forgets the redo history; if the saved state was in it, no
   * undo position matches the file any more. */
  if (self->saved_position > (int) self->position)
    self->saved_position = -1;
  g_ptr_array_set_size (self->steps, self->position);
  g_ptr_array_add (self->steps, step);
  self->position++;
  editor_document_changed_for_draft (self);

  editor_document_update_state (self, was_dirty, could_undo, could_redo);
}

gboolean
editor_document_can_undo (EditorDocument *self)
{
  g_return_val_if_fail (EDITOR_IS_DOCUMENT (self), FALSE);
  return self->position > 0 && self->depth == 0;
}

gboolean
editor_document_can_redo (EditorDocument *self)
{
  g_return_val_if_fail (EDITOR_IS_DOCUMENT (self), FALSE);
  return self->position < self->steps->len && self->depth == 0;
}

const char *
editor_document_get_undo_label (EditorDocument *self)
{
  g_return_val_if_fail (EDITOR_IS_DOCUMENT (self), NULL);

  if (self->position == 0)
    return NULL;
  return ((Step *) g_ptr_array_index (self->steps, self->position - 1))->label;
}

const char *
editor_document_get_redo_label (EditorDocument *self)
{
  g_return_val_if_fail (EDITOR_IS_DOCUMENT (self), NULL);

  if (self->position >= self->steps->len)
    return NULL;
  return ((Step *) g_ptr_array_index (self->steps, self->position))->label;
}

void
editor_document_undo (EditorDocument *self)
{
  SandMap *map;
  Step *step;
  gboolean was_dirty, could_undo, could_redo;

  g_return_if_fail (EDITOR_IS_DOCUMENT (self));
  g_return_if_fail (self->depth == 0);

  if (self->position == 0)
    return;

  was_dirty = editor_document_get_dirty (self);
  could_undo = editor_document_can_undo (self);
  could_redo = editor_document_can_redo (self);

  map = sand_scenario_get_map (self->scenario);
  step = g_ptr_array_index (self->steps, self->position - 1);
  sand_map_freeze_changes (map);
  for (guint i = step->changes->len; i > 0; i--)
    change_apply (self, &g_array_index (step->changes, Change, i - 1), FALSE);
  sand_map_thaw_changes (map);
  self->position--;
  editor_document_changed_for_draft (self);

  editor_document_update_state (self, was_dirty, could_undo, could_redo);
}

void
editor_document_redo (EditorDocument *self)
{
  SandMap *map;
  Step *step;
  gboolean was_dirty, could_undo, could_redo;

  g_return_if_fail (EDITOR_IS_DOCUMENT (self));
  g_return_if_fail (self->depth == 0);

  if (self->position >= self->steps->len)
    return;

  was_dirty = editor_document_get_dirty (self);
  could_undo = editor_document_can_undo (self);
  could_redo = editor_document_can_redo (self);

  map = sand_scenario_get_map (self->scenario);
  step = g_ptr_array_index (self->steps, self->position);
  sand_map_freeze_changes (map);
  for (guint i = 0; i < step->changes->len; i++)
    change_apply (self, &g_array_index (step->changes, Change, i), TRUE);
  sand_map_thaw_changes (map);
  self->position++;
  editor_document_changed_for_draft (self);

  editor_document_update_state (self, was_dirty, could_undo, could_redo);
}

/* Recording. Each primitive records into the open group, or into a group
 * of its own. Repeated changes of one value within a group (a brush passing
 * twice over a hex) merge into one, keeping the first old value. */

static gint64
merge_key (ChangeKind kind,
           gint64     where)
{
  return ((gint64) kind << 48) | where;
}

static Change *
record_value (EditorDocument *self,
              ChangeKind      kind,
              gint64          where,
              gboolean       *merged)
{
  gint64 key = merge_key (kind, where);
  gpointer index;
  Change change = { 0 };
  guint n;

  if (g_hash_table_lookup_extended (self->open_index, &key, NULL, &index))
    {
      *merged = TRUE;
      return &g_array_index (self->open_step->changes, Change, GPOINTER_TO_UINT (index));
    }

  *merged = FALSE;
  change.kind = kind;
  g_array_append_val (self->open_step->changes, change);
  n = self->open_step->changes->len;
  g_hash_table_insert (self->open_index, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER (n - 1));
  return &g_array_index (self->open_step->changes, Change, n - 1);
}

static Change *
record (EditorDocument *self,
        ChangeKind      kind)
{
  Change change = { 0 };

  change.kind = kind;
  g_array_append_val (self->open_step->changes, change);
  return &g_array_index (self->open_step->changes, Change, self->open_step->changes->len - 1);
}

void
editor_document_set_terrain (EditorDocument *self,
                             int             hex,
                             guint8          terrain)
{
  SandMap *map;
  Change *change;
  gboolean merged;
  guint8 old;

  g_return_if_fail (EDITOR_IS_DOCUMENT (self));
  map = sand_scenario_get_map (self->scenario);
  g_return_if_fail (hex >= 0 && hex < sand_grid_n_hexes (sand_map_get_grid (map)));

  old = sand_map_get_terrain (map, hex);
  if (old == terrain)
    return;

  editor_document_begin_edit (self, _("Paint Terrain"));
  change = record_value (self, CHANGE_TERRAIN, hex, &merged);
  change->hex = hex;
  if (!merged)
    change->old_value = old;
  change->new_value = terrain;
  sand_map_set_terrain (map, hex, terrain);
  editor_document_end_edit (self);
}

void
editor_document_set_country (EditorDocument *self,
                             int             hex,
                             int             country)
{
  SandMap *map;
  Change *change;
  gboolean merged;
  int old;

  g_return_if_fail (EDITOR_IS_DOCUMENT (self));
  map = sand_scenario_get_map (self->scenario);
  g_return_if_fail (hex >= 0 && hex < sand_grid_n_hexes (sand_map_get_grid (map)));

  old = sand_map_get_country (map, hex);
  if (old == country)
    return;

  editor_document_begin_edit (self, _("Paint Country"));
  change = record_value (self, CHANGE_COUNTRY, hex, &merged);
  change->hex = hex;
  if (!merged)
    change->old_value = old;
  change->new_value = country;
  sand_map_set_country (map, hex, country);
  editor_document_end_edit (self);
}

void
editor_document_set_side (EditorDocument *self,
                          int             hex,
                          int             dir,
                          guint32         features)
{
  SandMap *map;
  Change *change;
  gboolean merged;
  guint32 old;
  int slot;

  g_return_if_fail (EDITOR_IS_DOCUMENT (self));
  map = sand_scenario_get_map (self->scenario);
  g_return_if_fail (hex >= 0 && hex < sand_grid_n_hexes (sand_map_get_grid (map)));
  g_return_if_fail (dir >= 0 && dir < SAND_N_DIRS);

  old = sand_map_get_side (map, hex, dir);
  if (old == features)
    return;

  /* Both hexes name the same side: merge on its slot. */
  slot = sand_grid_side_slot (sand_map_get_grid (map), hex, dir);
  editor_document_begin_edit (self, _("Edit Hexside"));
  change = record_value (self, CHANGE_SIDE, slot, &merged);
  if (!merged)
    {
      change->hex = hex;
      change->dir = dir;
      change->old_value = old;
    }
  change->new_value = features;
  sand_map_set_side (map, hex, dir, features);
  editor_document_end_edit (self);
}

void
editor_document_set_place (EditorDocument *self,
                           int             hex,
                           const char     *name)
{
  SandMap *map;
  Change *change;
  gboolean merged;
  const char *old;

  g_return_if_fail (EDITOR_IS_DOCUMENT (self));
  map = sand_scenario_get_map (self->scenario);
  g_return_if_fail (hex >= 0 && hex < sand_grid_n_hexes (sand_map_get_grid (map)));

  if (name != NULL && *name == '\0')
    name = NULL;
  old = sand_map_get_place (map, hex);
  if (g_strcmp0 (old, name) == 0)
    return;

  editor_document_begin_edit (self, old == NULL ? _("Name Place")
                                  : name == NULL ? _("Remove Place Name")
                                  : _("Rename Place"));
  change = record_value (self, CHANGE_PLACE, hex, &merged);
  change->hex = hex;
  if (!merged)
    change->old_text = g_strdup (old);
  g_free (change->new_text);
  change->new_text = g_strdup (name);
  sand_map_set_place (map, hex, name);
  editor_document_end_edit (self);
}

static const char *
marker_label (SandMarkerKind kind,
              const char    *verb)
{
  /* Whole sentences, so that translators see each label as it is shown. */
  static const struct {
    SandMarkerKind kind;
    const char *add, *remove, *edit;
  } labels[] = {
    { SAND_MARKER_FORT, N_("Place Fortification"), N_("Remove Fortification"),
      N_("Edit Fortification") },
    { SAND_MARKER_ENTRY, N_("Place Entry Flag"), N_("Remove Entry Flag"),
      N_("Edit Entry Flag") },
    { SAND_MARKER_SUPPLY, N_("Place Supply Source"), N_("Remove Supply Source"),
      N_("Edit Supply Source") },
    { SAND_MARKER_VICTORY, N_("Place Victory Hex"), N_("Remove Victory Hex"),
      N_("Edit Victory Hex") },
    { SAND_MARKER_OFFMAP_LINK, N_("Link Map Edges"), N_("Remove Off-Map Link"),
      N_("Edit Off-Map Link") },
    { SAND_MARKER_ZONE, N_("Paint Set-Up Zone"), N_("Erase Set-Up Zone"),
      N_("Edit Set-Up Zone") },
    { SAND_MARKER_EDGE_VALUE, N_("Set Edge Victory Value"), N_("Remove Edge Victory Value"),
      N_("Edit Edge Victory Value") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    if (labels[i].kind == kind)
      {
        if (g_str_equal (verb, "add"))
          return _(labels[i].add);
        if (g_str_equal (verb, "remove"))
          return _(labels[i].remove);
        return _(labels[i].edit);
      }

  if (g_str_equal (verb, "add"))
    return _("Place Marker");
  if (g_str_equal (verb, "remove"))
    return _("Remove Marker");
  return _("Edit Marker");
}

void
editor_document_add_marker (EditorDocument *self,
                            SandMarker     *marker)
{
  SandMap *map;
  Change *change;
  guint index;

  g_return_if_fail (EDITOR_IS_DOCUMENT (self));
  g_return_if_fail (marker != NULL);

  map = sand_scenario_get_map (self->scenario);
  editor_document_begin_edit (self, marker_label (marker->kind, "add"));
  change = record (self, CHANGE_MARKER_ADD);
  change->new_marker = sand_marker_copy (marker);
  index = sand_map_add_marker (map, marker);
  change->index = index;
  change->hex = change->new_marker->hex;
  editor_document_end_edit (self);
}

void
editor_document_remove_marker (EditorDocument *self,
                               guint           index)
{
  SandMap *map;
  Change *change;

  g_return_if_fail (EDITOR_IS_DOCUMENT (self));
  map = sand_scenario_get_map (self->scenario);
  g_return_if_fail (index < sand_map_n_markers (map));

  editor_document_begin_edit (self, marker_label (sand_map_get_marker (map, index)->kind,
                                                  "remove"));
  change = record (self, CHANGE_MARKER_REMOVE);
  change->index = index;
  change->old_marker = sand_map_take_marker (map, index);
  change->hex = change->old_marker->hex;
  editor_document_end_edit (self);
}

void
editor_document_replace_marker (EditorDocument *self,
                                guint           index,
                                SandMarker     *marker)
{
  SandMap *map;
  const SandMarker *old;
  Change *change;

  g_return_if_fail (EDITOR_IS_DOCUMENT (self));
  g_return_if_fail (marker != NULL);
  map = sand_scenario_get_map (self->scenario);
  g_return_if_fail (index < sand_map_n_markers (map));

  old = sand_map_get_marker (map, index);
  if (sand_marker_equal (old, marker))
    {
      sand_marker_free (marker);
      return;
    }

  editor_document_begin_edit (self, marker_label (old->kind, "edit"));
  change = record (self, CHANGE_MARKER_REPLACE);
  change->index = index;
  change->hex = marker->hex;
  change->old_marker = sand_marker_copy (old);
  change->new_marker = sand_marker_copy (marker);
  sand_map_replace_marker (map, index, marker);
  editor_document_end_edit (self);
}

void
editor_document_add_zone (EditorDocument *self,
                          const char     *id,
                          const char     *name,
                          int             side,
                          const char     *color)
{
  SandMap *map;
  Change *change;

  g_return_if_fail (EDITOR_IS_DOCUMENT (self));
  g_return_if_fail (id != NULL && *id != '\0');

  map = sand_scenario_get_map (self->scenario);
  if (sand_map_find_zone (map, id) >= 0)
    return;

  editor_document_begin_edit (self, _("Add Set-Up Zone"));
  change = record (self, CHANGE_ZONE_ADD);
  change->old_text = g_strdup (id);
  change->new_text = g_strdup (name);
  change->new_value = side;
  change->color = g_strdup (color);
  change->index = sand_map_add_zone (map, id, name, side, color);
  editor_document_end_edit (self);
}

void
editor_document_remove_zone (EditorDocument *self,
                             guint           index)
{
  const SandZoneDef *zone;
  SandMap *map;
  Change *change;
  g_autofree char *id = NULL;

  g_return_if_fail (EDITOR_IS_DOCUMENT (self));
  map = sand_scenario_get_map (self->scenario);
  g_return_if_fail (index < sand_map_n_zones (map));

  zone = sand_map_get_zone (map, index);
  id = g_strdup (zone->id);

  editor_document_begin_edit (self, _("Remove Set-Up Zone"));
  /* Its hexes first, so that undo brings the zone back before them. */
  for (guint i = sand_map_n_markers (map); i > 0; i--)
    {
      const SandMarker *marker = sand_map_get_marker (map, i - 1);

      if (marker->kind == SAND_MARKER_ZONE && g_strcmp0 (marker->group, id) == 0)
        editor_document_remove_marker (self, i - 1);
    }
  zone = sand_map_get_zone (map, index);
  change = record (self, CHANGE_ZONE_REMOVE);
  change->index = index;
  change->old_text = g_strdup (zone->id);
  change->new_text = g_strdup (zone->name);
  change->new_value = zone->side;
  change->color = g_strdup (zone->color);
  sand_map_remove_zone (map, index);
  editor_document_end_edit (self);
}

/* A scenario-level change described by its own callbacks; applied now. */
void
editor_document_record_change (EditorDocument          *self,
                               const char              *label,
                               EditorDocumentApplyFunc  apply,
                               gpointer                 data,
                               GDestroyNotify           destroy)
{
  Change *change;

  g_return_if_fail (EDITOR_IS_DOCUMENT (self));
  g_return_if_fail (apply != NULL);

  editor_document_begin_edit (self, label);
  change = record (self, CHANGE_CUSTOM);
  change->apply = apply;
  change->data = data;
  change->destroy = destroy;
  apply (self->scenario, data, TRUE);
  editor_document_end_edit (self);
}

/* Drafts */

void
editor_document_set_draft_store (EditorDocument   *self,
                                 EditorDraftStore *store)
{
  g_return_if_fail (EDITOR_IS_DOCUMENT (self));
  g_return_if_fail (store == NULL || EDITOR_IS_DRAFT_STORE (store));

  g_set_object (&self->draft_store, store);
}

const char *
editor_document_get_draft_id (EditorDocument *self)
{
  g_return_val_if_fail (EDITOR_IS_DOCUMENT (self), NULL);
  return self->draft_id;
}

gboolean
editor_document_get_needs_draft (EditorDocument *self)
{
  g_return_val_if_fail (EDITOR_IS_DOCUMENT (self), FALSE);
  return self->needs_draft && editor_document_get_dirty (self);
}

gboolean
editor_document_update_draft (EditorDocument *self,
                              GError        **error)
{
  g_return_val_if_fail (EDITOR_IS_DOCUMENT (self), FALSE);

  if (self->draft_store == NULL)
    return TRUE;

  if (!editor_document_get_dirty (self))
    {
      self->needs_draft = FALSE;
      return editor_draft_store_remove (self->draft_store, self->draft_id, error);
    }

  /* Mid-stroke the model is between two states the user never saw. */
  if (!self->needs_draft || self->depth > 0)
    return TRUE;

  if (!editor_draft_store_write (self->draft_store, self->draft_id, self->scenario,
                                 self->file, self->title, error))
    return FALSE;
  self->needs_draft = FALSE;
  return TRUE;
}

/* A draft a moment after each change, so that a crash loses only that
 * moment: each change restarts the delay, but no change waits more than
 * DRAFT_MAX_WAIT for its draft however busy the brush. The writing is a
 * worker's (editor_document_update_draft_async). */
#define DRAFT_MAX_WAIT_US (5 * G_USEC_PER_SEC)

static void
auto_draft_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  EditorDocument *self = EDITOR_DOCUMENT (object);
  g_autoptr(GError) error = NULL;

  if (!editor_document_update_draft_finish (self, result, &error))
    g_warning ("Could not write a draft of %s: %s", self->title, error->message);
}

static gboolean
draft_due_cb (gpointer data)
{
  EditorDocument *self = data;

  self->draft_source = 0;
  self->draft_first_change = 0;
  editor_document_update_draft_async (self, NULL, auto_draft_cb, NULL);
  return G_SOURCE_REMOVE;
}

static void
schedule_draft (EditorDocument *self)
{
  guint delay = self->draft_store != NULL ? editor_draft_store_get_delay (self->draft_store) : 0;
  gint64 now = g_get_monotonic_time ();

  if (delay == 0)
    return;
  if (self->draft_first_change == 0)
    self->draft_first_change = now;
  else if (now - self->draft_first_change >= DRAFT_MAX_WAIT_US && self->draft_source != 0)
    return; /* due soon anyway: do not put it off again */
  g_clear_handle_id (&self->draft_source, g_source_remove);
  self->draft_source = g_timeout_add (delay, draft_due_cb, self);
}

static void
editor_document_changed_for_draft (EditorDocument *self)
{
  self->needs_draft = TRUE;
  schedule_draft (self);
}

static void
write_draft_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  EditorDocument *self = g_task_get_source_object (task);
  g_autoptr(GError) error = NULL;

  self->draft_writing = FALSE;
  /* Changes made while the worker wrote: their own draft, in order. */
  if (self->draft_again || self->needs_draft)
    {
      self->draft_again = FALSE;
      schedule_draft (self);
    }
  if (!editor_draft_store_write_finish (EDITOR_DRAFT_STORE (object), result, &error))
    {
      self->needs_draft = TRUE;
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  /* Saved or discarded while the draft was being written: it is stale. */
  if (GPOINTER_TO_UINT (g_task_get_task_data (task)) != self->draft_generation &&
      !editor_draft_store_remove (EDITOR_DRAFT_STORE (object), self->draft_id, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  g_task_return_boolean (task, TRUE);
}

void
editor_document_update_draft_async (EditorDocument      *self,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(SandScenario) copy = NULL;
  GError *error = NULL;

  g_return_if_fail (EDITOR_IS_DOCUMENT (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, editor_document_update_draft_async);
  g_task_set_task_data (task, GUINT_TO_POINTER (self->draft_generation), NULL);

  if (self->draft_store == NULL || !editor_document_get_dirty (self) ||
      !self->needs_draft || self->depth > 0)
    {
      /* Nothing to write: the synchronous path only removes files. */
      if (editor_document_update_draft (self, &error))
        g_task_return_boolean (task, TRUE);
      else
        g_task_return_error (task, error);
      return;
    }

  /* One writer at a time, or an older draft could land last. */
  if (self->draft_writing)
    {
      self->draft_again = TRUE;
      g_task_return_boolean (task, TRUE);
      return;
    }

  /* The copy is the worker's own; editing goes on meanwhile. */
  copy = sand_scenario_copy (self->scenario);
  self->needs_draft = FALSE;
  self->draft_writing = TRUE;
  editor_draft_store_write_async (self->draft_store, self->draft_id, copy, self->file,
                                  self->title, cancellable, write_draft_cb,
                                  g_steal_pointer (&task));
}

gboolean
editor_document_update_draft_finish (EditorDocument *self,
                                     GAsyncResult   *result,
                                     GError        **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

void
editor_document_discard_draft (EditorDocument *self)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (EDITOR_IS_DOCUMENT (self));

  self->needs_draft = FALSE;
  self->draft_generation++;
  g_clear_handle_id (&self->draft_source, g_source_remove);
  self->draft_first_change = 0;
  if (self->draft_store == NULL)
    return;
  if (!editor_draft_store_remove (self->draft_store, self->draft_id, &error))
    g_warning ("Could not remove the draft: %s", error->message);
}
