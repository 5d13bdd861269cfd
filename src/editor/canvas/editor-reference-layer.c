/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-reference-layer.c: loading the reference image into a pyramid of
 * cairo surfaces off the main thread, and drawing it into map tiles. */
#include "config.h"

#include <math.h>

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gdk/gdk.h>
#include <glib/gi18n.h>

#include "editor-reference.h"
#include "sand-reference.h"
#include "sand-safe-file.h"

/* Levels go down to this size: a whole map zoomed out needs no less. */
#define MIN_LEVEL_SIDE 256

struct _EditorReferenceLayer {
  GObject parent_instance;

  EditorDocument *document;
  gulong changed_id;
  SandReference *ref;      /* what is drawn: a copy of the scenario's */
  char *loaded_path;       /* resolved path of the pyramid, or of the load under way */
  GPtrArray *levels;       /* cairo_surface_t*, level k is 2^-k of the image */
  int width, height;
  char *error;
  GCancellable *cancel;
  gboolean loading;
};

G_DEFINE_FINAL_TYPE (EditorReferenceLayer, editor_reference_layer, G_TYPE_OBJECT)

enum { CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static GPtrArray *
levels_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) cairo_surface_destroy);
}

/* In the worker thread: the file to a pyramid. */
static void
load_thread (GTask        *task,
             gpointer      source,
             gpointer      data,
             GCancellable *cancel)
{
  const char *path = data;
  g_autoptr (GError) error = NULL;
  /* A pipe or a device named as the scan would block this thread. */
  g_autoptr (GdkPixbuf) pixbuf
    = sand_safe_file_check_regular (path, SAND_SAFE_FILE_MAX_IMAGE, &error)
      ? gdk_pixbuf_new_from_file (path, &error) : NULL;
  g_autoptr (GPtrArray) levels = levels_new ();
  cairo_surface_t *level;
  cairo_t *cr;

  if (pixbuf == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  if (gdk_pixbuf_get_width (pixbuf) > 32767 || gdk_pixbuf_get_height (pixbuf) > 32767)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                               _("the image is larger than 32767 pixels a side"));
      return;
    }
  level = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, gdk_pixbuf_get_width (pixbuf),
                                      gdk_pixbuf_get_height (pixbuf));
  cr = cairo_create (level);
  gdk_cairo_set_source_pixbuf (cr, pixbuf, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);
  g_clear_object (&pixbuf);
  g_ptr_array_add (levels, level);
  while (!g_cancellable_is_cancelled (cancel))
    {
      cairo_surface_t *prev = g_ptr_array_index (levels, levels->len - 1);
      int w = cairo_image_surface_get_width (prev), h = cairo_image_surface_get_height (prev);
      cairo_surface_t *half;

      if (MAX (w, h) <= MIN_LEVEL_SIDE)
        break;
      half = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, MAX (1, (w + 1) / 2),
                                         MAX (1, (h + 1) / 2));
      cr = cairo_create (half);
      cairo_scale (cr, 0.5, 0.5);
      cairo_set_source_surface (cr, prev, 0, 0);
      cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_GOOD);
      cairo_paint (cr);
      cairo_destroy (cr);
      g_ptr_array_add (levels, half);
    }
  g_task_return_pointer (task, g_steal_pointer (&levels), (GDestroyNotify) g_ptr_array_unref);
}

static void
load_done (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  EditorReferenceLayer *self = EDITOR_REFERENCE_LAYER (source);
  g_autoptr (GError) error = NULL;
  GPtrArray *levels = g_task_propagate_pointer (G_TASK (result), &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self->loading = FALSE;
  g_clear_pointer (&self->levels, g_ptr_array_unref);
  g_clear_pointer (&self->error, g_free);
  if (levels == NULL)
    {
      self->error = g_strdup_printf ("%s: %s", self->loaded_path, error->message);
      self->width = self->height = 0;
    }
  else
    {
      self->levels = levels;
      self->width = cairo_image_surface_get_width (g_ptr_array_index (levels, 0));
      self->height = cairo_image_surface_get_height (g_ptr_array_index (levels, 0));
    }
  g_signal_emit (self, signals[CHANGED], 0);
}

char *
editor_reference_layer_resolve (EditorDocument *document,
                                const char     *path)
{
  GFile *file = document != NULL ? editor_document_get_file (document) : NULL;
  g_autoptr (GFile) dir = NULL;
  g_autoptr (GFile) resolved = NULL;

  if (path == NULL)
    return NULL;
  if (g_path_is_absolute (path) || file == NULL)
    return g_strdup (path);
  dir = g_file_get_parent (file);
  resolved = g_file_resolve_relative_path (dir, path);
  return g_file_get_path (resolved);
}

static void
sync_reference (EditorReferenceLayer *self)
{
  SandScenario *scenario = self->document ? editor_document_get_scenario (self->document) : NULL;
  const SandReference *ref = scenario ? sand_scenario_get_reference (scenario) : NULL;
  g_autofree char *path = NULL;

  if (sand_reference_equal (ref, self->ref))
    return;
  g_clear_pointer (&self->ref, sand_reference_free);
  self->ref = sand_reference_copy (ref);
  path = ref ? editor_reference_layer_resolve (self->document, ref->path) : NULL;
  /* Exports read the image by this path (editor-reference-export.c). */
  if (scenario != NULL)
    g_object_set_data_full (G_OBJECT (scenario), EDITOR_REFERENCE_RESOLVED_KEY, g_strdup (path),
                            g_free);
  if (g_strcmp0 (path, self->loaded_path) != 0)
    {
      g_cancellable_cancel (self->cancel);
      g_clear_object (&self->cancel);
      g_clear_pointer (&self->levels, g_ptr_array_unref);
      g_clear_pointer (&self->error, g_free);
      self->width = self->height = 0;
      g_free (self->loaded_path);
      self->loaded_path = g_steal_pointer (&path);
      self->loading = FALSE;
      if (self->loaded_path != NULL)
        {
          g_autoptr (GTask) task = NULL;

          self->cancel = g_cancellable_new ();
          self->loading = TRUE;
          task = g_task_new (self, self->cancel, load_done, NULL);
          g_task_set_task_data (task, g_strdup (self->loaded_path), g_free);
          g_task_run_in_thread (task, load_thread);
        }
    }
  g_signal_emit (self, signals[CHANGED], 0);
}

void
editor_reference_layer_set_document (EditorReferenceLayer *self,
                                     EditorDocument       *document)
{
  g_return_if_fail (EDITOR_IS_REFERENCE_LAYER (self));

  if (self->document == document)
    return;
  if (self->document != NULL)
    g_clear_signal_handler (&self->changed_id, editor_document_get_scenario (self->document));
  g_set_object (&self->document, document);
  if (document != NULL)
    self->changed_id = g_signal_connect_swapped (editor_document_get_scenario (document),
                                                 "changed", G_CALLBACK (sync_reference), self);
  sync_reference (self);
}

gboolean
editor_reference_layer_is_active (EditorReferenceLayer *self)
{
  g_return_val_if_fail (EDITOR_IS_REFERENCE_LAYER (self), FALSE);
  return self->ref != NULL && self->levels != NULL && self->ref->opacity > 0;
}

void
editor_reference_layer_draw (EditorReferenceLayer *self,
                             cairo_t              *cr,
                             double                scale,
                             double                x0,
                             double                y0,
                             double                x1,
                             double                y1)
{
  cairo_surface_t *level;
  double per_pixel, lw, lh;
  guint k;

  g_return_if_fail (EDITOR_IS_REFERENCE_LAYER (self));

  if (!editor_reference_layer_is_active (self))
    return;
  /* The level whose pixels are nearest, not smaller, than the tile's. */
  per_pixel = scale * self->ref->scale;
  k = per_pixel >= 1 ? 0 : (guint) floor (log2 (1.0 / per_pixel));
  k = MIN (k, self->levels->len - 1);
  level = g_ptr_array_index (self->levels, k);
  lw = cairo_image_surface_get_width (level);
  lh = cairo_image_surface_get_height (level);

  cairo_save (cr);
  cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
  cairo_clip (cr);
  cairo_translate (cr, self->ref->x, self->ref->y);
  cairo_rotate (cr, self->ref->rotation * G_PI / 180.0);
  cairo_scale (cr, self->ref->scale * self->width / lw, self->ref->scale * self->height / lh);
  cairo_set_source_surface (cr, level, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_GOOD);
  cairo_paint_with_alpha (cr, self->ref->opacity);
  cairo_restore (cr);
}

void
editor_reference_layer_get_size (EditorReferenceLayer *self,
                                 int                  *width,
                                 int                  *height)
{
  g_return_if_fail (EDITOR_IS_REFERENCE_LAYER (self));
  *width = self->width;
  *height = self->height;
}

const char *
editor_reference_layer_get_error (EditorReferenceLayer *self)
{
  g_return_val_if_fail (EDITOR_IS_REFERENCE_LAYER (self), NULL);
  return self->error;
}

void
editor_reference_layer_wait (EditorReferenceLayer *self)
{
  g_return_if_fail (EDITOR_IS_REFERENCE_LAYER (self));
  while (self->loading)
    g_main_context_iteration (NULL, TRUE);
}

static void
editor_reference_layer_dispose (GObject *object)
{
  EditorReferenceLayer *self = EDITOR_REFERENCE_LAYER (object);

  editor_reference_layer_set_document (self, NULL);
  g_cancellable_cancel (self->cancel);
  g_clear_object (&self->cancel);
  G_OBJECT_CLASS (editor_reference_layer_parent_class)->dispose (object);
}

static void
editor_reference_layer_finalize (GObject *object)
{
  EditorReferenceLayer *self = EDITOR_REFERENCE_LAYER (object);

  g_clear_pointer (&self->ref, sand_reference_free);
  g_clear_pointer (&self->levels, g_ptr_array_unref);
  g_free (self->loaded_path);
  g_free (self->error);
  G_OBJECT_CLASS (editor_reference_layer_parent_class)->finalize (object);
}

static void
editor_reference_layer_class_init (EditorReferenceLayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = editor_reference_layer_dispose;
  object_class->finalize = editor_reference_layer_finalize;
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
editor_reference_layer_init (EditorReferenceLayer *self)
{
}

EditorReferenceLayer *
editor_reference_layer_new (void)
{
  return g_object_new (EDITOR_TYPE_REFERENCE_LAYER, NULL);
}
