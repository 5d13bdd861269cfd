/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-map.c: the map model — flat per-hex arrays, side slots, markers.
 *
 * Change notification accumulates a bounding rectangle while frozen so a
 * brush stroke or a load costs one "changed" emission, not one per hex.
 *
 * This file holds the object, the per-hex and per-side data and change
 * notification; the markers and zones on the map are in sand-map-markers.c.
 */
#include "sand-map.h"
#include "sand-map-private.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#define DEFAULT_HEX_SIZE 32.0

G_DEFINE_FINAL_TYPE (SandMap, sand_map, G_TYPE_OBJECT)

enum {
  SIGNAL_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_QUARK (sand-map-error-quark, sand_map_error)

static void
sand_map_finalize (GObject *object)
{
  SandMap *self = SAND_MAP (object);
  int n = sand_grid_n_hexes (&self->grid);

  if (self->places != NULL)
    for (int i = 0; i < n; i++)
      g_free (self->places[i]);
  g_free (self->places);
  g_free (self->terrain);
  g_free (self->countries);
  g_free (self->sides);
  g_clear_pointer (&self->markers, g_ptr_array_unref);
  g_clear_pointer (&self->zones, g_ptr_array_unref);
  g_clear_object (&self->ruleset);
  g_clear_pointer (&self->pending_parts, g_array_unref);

  G_OBJECT_CLASS (sand_map_parent_class)->finalize (object);
}

static void
sand_map_class_init (SandMapClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = sand_map_finalize;

  /**
   * SandMap::changed:
   * @col0, @row0, @col1, @row1: the inclusive rectangle of hexes, in 0-based
   * offset coordinates, whose drawing may have changed.
   */
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 4, G_TYPE_INT, G_TYPE_INT, G_TYPE_INT, G_TYPE_INT);
}

static void
sand_map_init (SandMap *self)
{
  self->hex_size = DEFAULT_HEX_SIZE;
  self->default_terrain = -1;
  self->default_country = SAND_MAP_DEFAULT_UNSET;
  self->markers = g_ptr_array_new_with_free_func ((GDestroyNotify) sand_marker_free);
  self->zones = g_ptr_array_new_with_free_func (sand_map_zone_def_free);
}

static void
alloc_arrays (SandMap *self)
{
  int n = sand_grid_n_hexes (&self->grid);

  self->terrain = g_new0 (guint8, n);
  self->countries = g_new (gint8, n);
  memset (self->countries, -1, n);
  self->sides = g_new0 (guint32, (gsize) sand_grid_n_side_slots (&self->grid));
  self->places = g_new0 (char *, n);
}

SandMap *
sand_map_new (SandRuleset    *ruleset,
              int             cols,
              int             rows,
              SandOrientation orientation,
              SandStagger     stagger)
{
  SandMap *self;

  g_return_val_if_fail (SAND_IS_RULESET (ruleset), NULL);
  g_return_val_if_fail (cols >= 1 && cols <= SAND_MAX_MAP_DIM, NULL);
  g_return_val_if_fail (rows >= 1 && rows <= SAND_MAX_MAP_DIM, NULL);

  self = g_object_new (SAND_TYPE_MAP, NULL);
  self->ruleset = g_object_ref (ruleset);
  sand_grid_init (&self->grid, cols, rows, orientation, stagger);
  alloc_arrays (self);
  return self;
}

SandMap *
sand_map_copy (SandMap *self)
{
  g_return_val_if_fail (SAND_IS_MAP (self), NULL);
  return sand_map_copy_with_ruleset (self, self->ruleset);
}

SandMap *
sand_map_copy_with_ruleset (SandMap     *self,
                            SandRuleset *ruleset)
{
  SandMap *copy;
  int n;

  g_return_val_if_fail (SAND_IS_MAP (self), NULL);
  /* the terrain, country and feature indices are copied as they are */
  g_return_val_if_fail (sand_ruleset_shares_defs (ruleset, self->ruleset), NULL);

  copy = g_object_new (SAND_TYPE_MAP, NULL);
  copy->ruleset = g_object_ref (ruleset);
  copy->grid = self->grid;
  copy->hex_size = self->hex_size;
  copy->default_terrain = self->default_terrain;
  copy->default_country = self->default_country;
  n = sand_grid_n_hexes (&self->grid);
  copy->terrain = g_memdup2 (self->terrain, n);
  copy->countries = g_memdup2 (self->countries, n);
  copy->sides = g_memdup2 (self->sides,
                           sizeof (guint32) * (gsize) sand_grid_n_side_slots (&self->grid));
  copy->places = g_new0 (char *, n);
  for (int i = 0; i < n; i++)
    copy->places[i] = g_strdup (self->places[i]);
  for (guint i = 0; i < self->markers->len; i++)
    g_ptr_array_add (copy->markers, sand_marker_copy (g_ptr_array_index (self->markers, i)));
  for (guint i = 0; i < self->zones->len; i++)
    {
      const SandZoneDef *z = g_ptr_array_index (self->zones, i);

      g_ptr_array_add (copy->zones, sand_map_zone_def_new (z->id, z->name, z->side, z->color));
    }
  return copy;
}

SandRuleset *
sand_map_get_ruleset (SandMap *self)
{
  g_return_val_if_fail (SAND_IS_MAP (self), NULL);
  return self->ruleset;
}

const SandGrid *
sand_map_get_grid (SandMap *self)
{
  g_return_val_if_fail (SAND_IS_MAP (self), NULL);
  return &self->grid;
}

double
sand_map_get_hex_size (SandMap *self)
{
  g_return_val_if_fail (SAND_IS_MAP (self), DEFAULT_HEX_SIZE);
  return self->hex_size;
}

void
sand_map_emit_all (SandMap *self)
{
  sand_map_emit_changed (self, 0, 0, self->grid.cols - 1, self->grid.rows - 1);
}

void
sand_map_emit_hex (SandMap *self,
                   int      hex)
{
  int col, row;

  if (hex < 0 || hex >= sand_grid_n_hexes (&self->grid))
    {
      sand_map_emit_all (self);
      return;
    }
  col = sand_grid_col (&self->grid, hex);
  row = sand_grid_row (&self->grid, hex);
  sand_map_emit_changed (self, col, row, col, row);
}

/* The rectangle spanning two hexes (either may be off the map). */
void
sand_map_emit_pair (SandMap *self,
                    int      a,
                    int      b)
{
  int n = sand_grid_n_hexes (&self->grid);
  int col0, row0, col1, row1;

  if (a < 0 || a >= n)
    {
      sand_map_emit_hex (self, b);
      return;
    }
  if (b < 0 || b >= n)
    {
      sand_map_emit_hex (self, a);
      return;
    }
  col0 = MIN (sand_grid_col (&self->grid, a), sand_grid_col (&self->grid, b));
  col1 = MAX (sand_grid_col (&self->grid, a), sand_grid_col (&self->grid, b));
  row0 = MIN (sand_grid_row (&self->grid, a), sand_grid_row (&self->grid, b));
  row1 = MAX (sand_grid_row (&self->grid, a), sand_grid_row (&self->grid, b));
  sand_map_emit_changed (self, col0, row0, col1, row1);
}

void
sand_map_set_hex_size (SandMap *self,
                       double   size)
{
  g_return_if_fail (SAND_IS_MAP (self));
  g_return_if_fail (size > 0.0);

  if (self->hex_size == size)
    return;
  self->hex_size = size;
  sand_map_emit_all (self);
}

#define CHECK_HEX(self, hex) ((hex) >= 0 && (hex) < sand_grid_n_hexes (&(self)->grid))

guint8
sand_map_get_terrain (SandMap *self,
                      int      hex)
{
  g_return_val_if_fail (SAND_IS_MAP (self), 0);
  g_return_val_if_fail (CHECK_HEX (self, hex), 0);
  return self->terrain[hex];
}

void
sand_map_set_terrain (SandMap *self,
                      int      hex,
                      guint8   terrain)
{
  g_return_if_fail (SAND_IS_MAP (self));
  g_return_if_fail (CHECK_HEX (self, hex));
  g_return_if_fail (terrain < sand_ruleset_n_terrains (self->ruleset));

  if (self->terrain[hex] == terrain)
    return;
  self->terrain[hex] = terrain;
  sand_map_emit_hex (self, hex);
}

int
sand_map_get_country (SandMap *self,
                      int      hex)
{
  g_return_val_if_fail (SAND_IS_MAP (self), -1);
  g_return_val_if_fail (CHECK_HEX (self, hex), -1);
  return self->countries[hex];
}

void
sand_map_set_country (SandMap *self,
                      int      hex,
                      int      country)
{
  g_return_if_fail (SAND_IS_MAP (self));
  g_return_if_fail (CHECK_HEX (self, hex));
  g_return_if_fail (country >= -1 && country < (int) sand_ruleset_n_countries (self->ruleset));

  if (self->countries[hex] == country)
    return;
  self->countries[hex] = (gint8) country;
  sand_map_emit_hex (self, hex);
}

const guint8 *
sand_map_peek_terrain (SandMap *self)
{
  g_return_val_if_fail (SAND_IS_MAP (self), NULL);
  return self->terrain;
}

const gint8 *
sand_map_peek_countries (SandMap *self)
{
  g_return_val_if_fail (SAND_IS_MAP (self), NULL);
  return self->countries;
}

const guint32 *
sand_map_peek_sides (SandMap *self)
{
  g_return_val_if_fail (SAND_IS_MAP (self), NULL);
  return self->sides;
}

guint32
sand_map_get_side (SandMap *self,
                   int      hex,
                   int      dir)
{
  g_return_val_if_fail (SAND_IS_MAP (self), 0);
  g_return_val_if_fail (CHECK_HEX (self, hex), 0);
  g_return_val_if_fail (dir >= 0 && dir < SAND_N_DIRS, 0);
  return self->sides[sand_grid_side_slot (&self->grid, hex, dir)];
}

void
sand_map_set_side (SandMap *self,
                   int      hex,
                   int      dir,
                   guint32  features)
{
  int slot;

  g_return_if_fail (SAND_IS_MAP (self));
  g_return_if_fail (CHECK_HEX (self, hex));
  g_return_if_fail (dir >= 0 && dir < SAND_N_DIRS);

  slot = sand_grid_side_slot (&self->grid, hex, dir);
  if (self->sides[slot] == features)
    return;
  self->sides[slot] = features;
  sand_map_emit_pair (self, hex, sand_grid_neighbour (&self->grid, hex, dir));
}

gboolean
sand_map_connect_path (SandMap    *self,
                       int         feature,
                       const int  *hexes,
                       guint       n_hexes,
                       gboolean    connect,
                       GError    **error)
{
  g_return_val_if_fail (SAND_IS_MAP (self), FALSE);
  g_return_val_if_fail (feature >= 0
                        && feature < (int) sand_ruleset_n_side_features (self->ruleset),
                        FALSE);
  g_return_val_if_fail (hexes != NULL || n_hexes == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Check the whole path first so that a bad path changes nothing. */
  for (guint i = 0; i < n_hexes; i++)
    {
      if (!CHECK_HEX (self, hexes[i]))
        {
          g_set_error (error, SAND_MAP_ERROR, SAND_MAP_ERROR_OFF_MAP,
                       _("Hex number %u of the path is off the map"), i + 1);
          return FALSE;
        }
      if (i > 0 && sand_grid_direction_to (&self->grid, hexes[i - 1], hexes[i]) < 0)
        {
          g_autofree char *a = sand_grid_dup_id (&self->grid, hexes[i - 1]);
          g_autofree char *b = sand_grid_dup_id (&self->grid, hexes[i]);

          g_set_error (error, SAND_MAP_ERROR, SAND_MAP_ERROR_NOT_ADJACENT,
                       _("%s and %s are not adjacent"), a, b);
          return FALSE;
        }
    }

  sand_map_freeze_changes (self);
  for (guint i = 1; i < n_hexes; i++)
    {
      int dir = sand_grid_direction_to (&self->grid, hexes[i - 1], hexes[i]);
      guint32 bits = sand_map_get_side (self, hexes[i - 1], dir);

      if (connect)
        bits |= 1u << feature;
      else
        bits &= ~(1u << feature);
      sand_map_set_side (self, hexes[i - 1], dir, bits);
    }
  sand_map_thaw_changes (self);
  return TRUE;
}

gboolean
sand_map_hex_has_connection (SandMap *self,
                             int      hex,
                             int      feature)
{
  g_return_val_if_fail (SAND_IS_MAP (self), FALSE);
  g_return_val_if_fail (CHECK_HEX (self, hex), FALSE);

  if (feature < 0 || feature >= SAND_MAX_SIDE_FEATURES)
    return FALSE;
  for (int d = 0; d < SAND_N_DIRS; d++)
    if (self->sides[sand_grid_side_slot (&self->grid, hex, d)] & (1u << feature))
      return TRUE;
  return FALSE;
}

const char *
sand_map_get_place (SandMap *self,
                    int      hex)
{
  g_return_val_if_fail (SAND_IS_MAP (self), NULL);
  g_return_val_if_fail (CHECK_HEX (self, hex), NULL);
  return self->places[hex];
}

void
sand_map_set_place (SandMap    *self,
                    int         hex,
                    const char *name)
{
  g_return_if_fail (SAND_IS_MAP (self));
  g_return_if_fail (CHECK_HEX (self, hex));

  if (name != NULL && *name == '\0')
    name = NULL;
  if (g_strcmp0 (self->places[hex], name) == 0)
    return;
  g_free (self->places[hex]);
  self->places[hex] = g_strdup (name);
  sand_map_emit_hex (self, hex);
}

int
sand_map_find_place (SandMap    *self,
                     const char *name)
{
  g_autofree char *key = NULL;
  int n;

  g_return_val_if_fail (SAND_IS_MAP (self), SAND_HEX_NONE);
  g_return_val_if_fail (name != NULL, SAND_HEX_NONE);

  key = g_utf8_casefold (name, -1);
  n = sand_grid_n_hexes (&self->grid);
  for (int i = 0; i < n; i++)
    {
      g_autofree char *folded = NULL;

      if (self->places[i] == NULL)
        continue;
      folded = g_utf8_casefold (self->places[i], -1);
      if (strcmp (folded, key) == 0)
        return i;
    }
  return SAND_HEX_NONE;
}

void
sand_map_freeze_changes (SandMap *self)
{
  g_return_if_fail (SAND_IS_MAP (self));
  self->freeze_count++;
}

void
sand_map_thaw_changes (SandMap *self)
{
  g_autoptr (GArray) parts = NULL;
  GArray *outer;

  g_return_if_fail (SAND_IS_MAP (self));
  g_return_if_fail (self->freeze_count > 0);

  if (--self->freeze_count > 0 || !self->pending)
    return;
  /* A handler may change the map again, even in a batch of its own: the
   * parts it reads are those of the change it handles. */
  parts = g_steal_pointer (&self->pending_parts);
  outer = self->emitting_parts;
  self->pending = FALSE;
  self->parts_overflow = FALSE;
  self->emitting_parts = parts;
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0,
                 self->pending_col0, self->pending_row0,
                 self->pending_col1, self->pending_row1);
  self->emitting_parts = outer;
}

/* Past this many, a batch is told as its bounding rectangle alone. */
#define MAX_CHANGE_PARTS 4096

static void
add_change_part (SandMap *self,
                 int      col0,
                 int      row0,
                 int      col1,
                 int      row1)
{
  int part[4] = { col0, row0, col1, row1 };
  int *last;

  if (self->parts_overflow)
    return;
  if (self->pending_parts == NULL)
    self->pending_parts = g_array_new (FALSE, FALSE, sizeof (int));
  /* A brush paints each hex of its spiral once per motion, and spirals
   * overlap: the same hex twice in a row is one part. */
  if (self->pending_parts->len >= 4)
    {
      last = &g_array_index (self->pending_parts, int, self->pending_parts->len - 4);
      if (memcmp (last, part, sizeof part) == 0)
        return;
    }
  if (self->pending_parts->len / 4 >= MAX_CHANGE_PARTS)
    {
      self->parts_overflow = TRUE;
      g_clear_pointer (&self->pending_parts, g_array_unref);
      return;
    }
  g_array_append_vals (self->pending_parts, part, 4);
}

const int *
sand_map_get_change_parts (SandMap *self,
                           guint   *n_parts)
{
  g_return_val_if_fail (SAND_IS_MAP (self), NULL);
  g_return_val_if_fail (n_parts != NULL, NULL);

  if (self->emitting_parts == NULL || self->emitting_parts->len == 0)
    {
      *n_parts = 0;
      return NULL;
    }
  *n_parts = self->emitting_parts->len / 4;
  return (const int *) (gpointer) self->emitting_parts->data;
}

void
sand_map_emit_changed (SandMap *self,
                       int      col0,
                       int      row0,
                       int      col1,
                       int      row1)
{
  g_return_if_fail (SAND_IS_MAP (self));

  col0 = CLAMP (col0, 0, self->grid.cols - 1);
  col1 = CLAMP (col1, 0, self->grid.cols - 1);
  row0 = CLAMP (row0, 0, self->grid.rows - 1);
  row1 = CLAMP (row1, 0, self->grid.rows - 1);
  if (col0 > col1 || row0 > row1)
    return;

  if (self->freeze_count == 0)
    {
      GArray *outer = self->emitting_parts;

      /* No batch: the rectangle is the whole news. */
      self->emitting_parts = NULL;
      g_signal_emit (self, signals[SIGNAL_CHANGED], 0, col0, row0, col1, row1);
      self->emitting_parts = outer;
      return;
    }
  add_change_part (self, col0, row0, col1, row1);
  if (!self->pending)
    {
      self->pending = TRUE;
      self->pending_col0 = col0;
      self->pending_row0 = row0;
      self->pending_col1 = col1;
      self->pending_row1 = row1;
      return;
    }
  self->pending_col0 = MIN (self->pending_col0, col0);
  self->pending_row0 = MIN (self->pending_row0, row0);
  self->pending_col1 = MAX (self->pending_col1, col1);
  self->pending_row1 = MAX (self->pending_row1, row1);
}

int
sand_map_get_default_terrain (SandMap *self)
{
  g_return_val_if_fail (SAND_IS_MAP (self), -1);
  return self->default_terrain;
}

void
sand_map_set_default_terrain (SandMap *self,
                              int      terrain)
{
  g_return_if_fail (SAND_IS_MAP (self));
  self->default_terrain = terrain;
}

int
sand_map_get_default_country (SandMap *self)
{
  g_return_val_if_fail (SAND_IS_MAP (self), SAND_MAP_DEFAULT_UNSET);
  return self->default_country;
}

void
sand_map_set_default_country (SandMap *self,
                              int      country)
{
  g_return_if_fail (SAND_IS_MAP (self));
  self->default_country = country;
}
