/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-render-png.c: a map export to PNG in bounded memory, on all cores.
 *
 * The image is cut into horizontal bands. Each worker thread has its own
 * renderer (a renderer is single-threaded; pango wants its fonts per
 * thread) and one band-sized surface; it draws a band, filters its rows
 * and deflates them on its own, ending with a sync flush so that the
 * bands' deflate streams join into one (as pigz does). The calling thread
 * writes the bands in order as IDAT chunks and joins their Adler-32 sums.
 * At most a few bands are in flight, so the peak memory is the band
 * surfaces plus a few compressed bands, whatever the map's size: cairo's
 * one image surface for the whole map held 377 MiB for a 200 × 200-hex
 * map at 1:1 and could not go past 32767 pixels down. */
#include "sand-renderer-private.h"

#include <math.h>
#include <string.h>
#include <zlib.h>

#include <gio/gio.h>
#include <glib/gi18n-lib.h>

/* The band surfaces of all workers share this budget. */
#define BAND_BUDGET (8 * 1024 * 1024)
#define BAND_MIN_ROWS 16
#define BAND_MAX_ROWS 1024
/* Fast deflate: on maps (flat colours, repeated hexes) level 1 is within
 * a few per cent of the default's size at a fraction of its time. */
#define PNG_LEVEL 1
#define PNG_STRATEGY Z_DEFAULT_STRATEGY

typedef struct {
  guint8 *data;     /* compressed rows, or NULL while not ready */
  gsize len;
  uLong adler;      /* of the band's filtered rows */
  gsize raw_len;
  gboolean failed;
} Band;

typedef struct {
  SandRenderer *source;
  double scale;
  SandLayers layers;
  int width, height;
  int band_rows;
  int n_bands;
  int window;        /* bands in flight at most */
  SandRgb paper;

  GMutex lock;
  GCond cond;
  int next;          /* next band to take */
  int written;       /* bands written so far */
  gboolean cancelled;
  Band *bands;
} Job;

static gboolean
deflate_band (Job          *job,
              const guint8 *pixels,
              int           stride,
              int           rows,
              guint8       *row_buf,
              Band         *band)
{
  z_stream z;
  gsize row_len = (gsize) job->width * 3 + 1;
  gsize cap;
  uLong adler = adler32 (0, NULL, 0);

  memset (&z, 0, sizeof z);
  if (deflateInit2 (&z, PNG_LEVEL, Z_DEFLATED, -15, 8, PNG_STRATEGY) != Z_OK)
    return FALSE;
  cap = deflateBound (&z, row_len * rows) + 16;
  band->data = g_malloc (cap);
  z.next_out = band->data;
  z.avail_out = (uInt) cap;
  for (int y = 0; y < rows; y++)
    {
      const guint32 *src = (const guint32 *) (pixels + (gsize) y * stride);
      guint8 *dst = row_buf + 1;
      guint8 pr = 0, pg = 0, pb = 0;

      /* Filter "Up" (each byte less the one above) within a band, "Sub"
       * (less the pixel to the left) on its first row. */
      if (y > 0)
        {
          const guint32 *up = (const guint32 *) (pixels + (gsize) (y - 1) * stride);

          row_buf[0] = 2;
          for (int x = 0; x < job->width; x++)
            {
              guint32 p = src[x], q = up[x];

              *dst++ = (guint8) (((p >> 16) & 0xff) - ((q >> 16) & 0xff));
              *dst++ = (guint8) (((p >> 8) & 0xff) - ((q >> 8) & 0xff));
              *dst++ = (guint8) ((p & 0xff) - (q & 0xff));
            }
        }
      else
        {
          row_buf[0] = 1;
          for (int x = 0; x < job->width; x++)
            {
              guint32 p = src[x];
              guint8 r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;

              *dst++ = (guint8) (r - pr);
              *dst++ = (guint8) (g - pg);
              *dst++ = (guint8) (b - pb);
              pr = r, pg = g, pb = b;
            }
        }
      adler = adler32 (adler, row_buf, (uInt) row_len);
      z.next_in = row_buf;
      z.avail_in = (uInt) row_len;
      if (deflate (&z, y + 1 == rows ? Z_SYNC_FLUSH : Z_NO_FLUSH) != Z_OK || z.avail_in != 0)
        {
          deflateEnd (&z);
          return FALSE;
        }
    }
  band->len = cap - z.avail_out;
  band->data = g_realloc (band->data, MAX (band->len, 1));
  band->adler = adler;
  band->raw_len = row_len * rows;
  deflateEnd (&z);
  return TRUE;
}

static gpointer
worker (gpointer data)
{
  Job *job = data;
  g_autoptr (SandRenderer) renderer = sand_renderer_new (job->source->scenario);
  int stride = cairo_format_stride_for_width (CAIRO_FORMAT_RGB24, job->width);
  g_autofree guint8 *pixels = g_malloc ((gsize) stride * job->band_rows);
  g_autofree guint8 *row_buf = g_malloc ((gsize) job->width * 3 + 1);
  double map_w, map_h;

  /* The map's own size, not the pixels': the last row and column of
   * pixels are partly outside the map, and the map is clipped to it as in
   * one whole draw. */
  sand_grid_pixel_size (sand_map_get_grid (job->source->map),
                        sand_map_get_hex_size (job->source->map), &map_w, &map_h);

  /* The source's own counters when it was given some (a playtest). */
  if (job->source->custom_counters)
    {
      GArray *sorted = job->source->counters;
      g_autofree SandCounterDraw *draws = g_new (SandCounterDraw, MAX (sorted->len, 1));

      for (guint i = 0; i < sorted->len; i++)
        draws[g_array_index (sorted, SandSortedDraw, i).order] =
          g_array_index (sorted, SandSortedDraw, i).draw;
      sand_renderer_set_counters (renderer, draws, sorted->len);
    }

  for (;;)
    {
      cairo_surface_t *surface;
      cairo_t *cr;
      int i, y0, rows;
      Band band = { 0 };
      gboolean ok;

      g_mutex_lock (&job->lock);
      while (!job->cancelled && job->next < job->n_bands && job->next >= job->written + job->window)
        g_cond_wait (&job->cond, &job->lock);
      if (job->cancelled || job->next >= job->n_bands)
        {
          g_mutex_unlock (&job->lock);
          break;
        }
      i = job->next++;
      g_mutex_unlock (&job->lock);

      y0 = i * job->band_rows;
      rows = MIN (job->band_rows, job->height - y0);
      surface = cairo_image_surface_create_for_data (pixels, CAIRO_FORMAT_RGB24, job->width, rows,
                                                     stride);
      cr = cairo_create (surface);
      sand_render_set_rgb (cr, job->paper, 1);
      cairo_paint (cr);
      cairo_translate (cr, 0, -y0);
      cairo_scale (cr, job->scale, job->scale);
      sand_renderer_draw (renderer, cr, job->scale, 0, y0 / job->scale, map_w,
                          MIN ((y0 + rows) / job->scale, map_h), job->layers);
      ok = cairo_status (cr) == CAIRO_STATUS_SUCCESS;
      cairo_destroy (cr);
      cairo_surface_flush (surface);
      cairo_surface_destroy (surface);
      ok = ok && deflate_band (job, pixels, stride, rows, row_buf, &band);
      band.failed = !ok;
      if (!ok)
        g_clear_pointer (&band.data, g_free);

      g_mutex_lock (&job->lock);
      job->bands[i] = band;
      job->bands[i].failed = !ok;
      if (band.data == NULL && ok)
        job->bands[i].data = g_malloc (1);
      g_cond_broadcast (&job->cond);
      g_mutex_unlock (&job->lock);
    }
  return NULL;
}

static gboolean
write_chunk (GOutputStream *out,
             const char    *type,
             const guint8  *data,
             gsize          len,
             GError       **error)
{
  guint8 head[8];
  guint8 tail[4];
  uLong crc = crc32 (0, (const Bytef *) type, 4);

  head[0] = (guint8) (len >> 24), head[1] = (guint8) (len >> 16);
  head[2] = (guint8) (len >> 8), head[3] = (guint8) len;
  memcpy (head + 4, type, 4);
  for (gsize done = 0; done < len;)
    {
      uInt part = (uInt) MIN (len - done, (gsize) 1 << 30);

      crc = crc32 (crc, data + done, part);
      done += part;
    }
  tail[0] = (guint8) (crc >> 24), tail[1] = (guint8) (crc >> 16);
  tail[2] = (guint8) (crc >> 8), tail[3] = (guint8) crc;
  return g_output_stream_write_all (out, head, 8, NULL, NULL, error)
         && (len == 0 || g_output_stream_write_all (out, data, len, NULL, NULL, error))
         && g_output_stream_write_all (out, tail, 4, NULL, NULL, error);
}

gboolean
sand_render_png_stream (SandRenderer  *self,
                        GOutputStream *out,
                        double         scale,
                        SandLayers     layers,
                        int            width,
                        int            height,
                        SandRgb        paper,
                        GError       **error)
{
  static const guint8 signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
  /* zlib header: deflate, 32 KiB window, no dictionary, fastest. */
  static const guint8 zlib_head[2] = { 0x78, 0x01 };
  /* A final empty fixed-Huffman block closes the joined deflate stream. */
  static const guint8 final_block[2] = { 0x03, 0x00 };
  guint8 ihdr[13];
  guint n_threads = CLAMP (g_get_num_processors (), 1, 64);
  g_autoptr (GPtrArray) threads = g_ptr_array_new ();
  gsize row_bytes = (gsize) cairo_format_stride_for_width (CAIRO_FORMAT_RGB24, width);
  uLong adler = adler32 (0, NULL, 0);
  gboolean ok = TRUE;
  Job job = { 0 };

  job.source = self;
  job.scale = scale;
  job.layers = layers;
  job.width = width;
  job.height = height;
  job.paper = paper;
  job.band_rows = CLAMP ((int) (BAND_BUDGET / n_threads / row_bytes), BAND_MIN_ROWS,
                         BAND_MAX_ROWS);
  job.n_bands = (height + job.band_rows - 1) / job.band_rows;
  n_threads = MIN (n_threads, (guint) job.n_bands);
  job.window = (int) n_threads * 2;
  job.bands = g_new0 (Band, job.n_bands);
  g_mutex_init (&job.lock);
  g_cond_init (&job.cond);

  ihdr[0] = (guint8) (width >> 24), ihdr[1] = (guint8) (width >> 16);
  ihdr[2] = (guint8) (width >> 8), ihdr[3] = (guint8) width;
  ihdr[4] = (guint8) (height >> 24), ihdr[5] = (guint8) (height >> 16);
  ihdr[6] = (guint8) (height >> 8), ihdr[7] = (guint8) height;
  ihdr[8] = 8;  /* bits per channel */
  ihdr[9] = 2;  /* truecolour, no alpha: the map is on opaque paper */
  ihdr[10] = 0, ihdr[11] = 0, ihdr[12] = 0;
  ok = g_output_stream_write_all (out, signature, 8, NULL, NULL, error)
       && write_chunk (out, "IHDR", ihdr, 13, error)
       && write_chunk (out, "IDAT", zlib_head, 2, error);

  for (guint t = 0; ok && t < n_threads; t++)
    g_ptr_array_add (threads, g_thread_new ("sand-png-band", worker, &job));

  for (int i = 0; ok && i < job.n_bands; i++)
    {
      Band band;

      g_mutex_lock (&job.lock);
      while (job.bands[i].data == NULL && !job.bands[i].failed)
        g_cond_wait (&job.cond, &job.lock);
      band = job.bands[i];
      job.bands[i].data = NULL;
      g_mutex_unlock (&job.lock);

      if (band.failed)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                       _("could not draw or compress rows %d to %d"), i * job.band_rows,
                       MIN (height, (i + 1) * job.band_rows) - 1);
          ok = FALSE;
        }
      else
        {
          ok = band.len == 0 || write_chunk (out, "IDAT", band.data, band.len, error);
          adler = adler32_combine (adler, band.adler, (z_off_t) band.raw_len);
        }
      g_free (band.data);

      g_mutex_lock (&job.lock);
      job.written = i + 1;
      if (!ok)
        job.cancelled = TRUE;
      g_cond_broadcast (&job.cond);
      g_mutex_unlock (&job.lock);
    }
  if (!ok)
    {
      g_mutex_lock (&job.lock);
      job.cancelled = TRUE;
      g_cond_broadcast (&job.cond);
      g_mutex_unlock (&job.lock);
    }
  for (guint t = 0; t < threads->len; t++)
    g_thread_join (g_ptr_array_index (threads, t));

  if (ok)
    {
      guint8 end[6];

      memcpy (end, final_block, 2);
      end[2] = (guint8) (adler >> 24), end[3] = (guint8) (adler >> 16);
      end[4] = (guint8) (adler >> 8), end[5] = (guint8) adler;
      ok = write_chunk (out, "IDAT", end, 6, error) && write_chunk (out, "IEND", NULL, 0, error);
    }

  for (int i = 0; i < job.n_bands; i++)
    g_free (job.bands[i].data);
  g_free (job.bands);
  g_mutex_clear (&job.lock);
  g_cond_clear (&job.cond);
  return ok;
}
