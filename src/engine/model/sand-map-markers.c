/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-map-markers.c: the markers (forts, entries, supply sources,
 * victory hexes, off-map links…) and the zones of a map, and the SandMarker
 * struct. Its own file as the lists a map keeps beside its per-hex
 * arrays (sand-map.c). */
#include "sand-map.h"
#include "sand-map-private.h"

#include <string.h>

static const char *const marker_kind_names[SAND_N_MARKER_KINDS] = {
  [SAND_MARKER_FORT] = "fort",
  [SAND_MARKER_ENTRY] = "entry",
  [SAND_MARKER_SUPPLY] = "supply",
  [SAND_MARKER_VICTORY] = "victory",
  [SAND_MARKER_OFFMAP_LINK] = "offmap-link",
  [SAND_MARKER_ZONE] = "zone",
  [SAND_MARKER_EDGE_VALUE] = "edge-value",
  [SAND_MARKER_CUSTOM] = "custom",
};

const char *
sand_marker_kind_to_string (SandMarkerKind kind)
{
  g_return_val_if_fail ((int) kind >= 0 && kind < SAND_N_MARKER_KINDS, NULL);
  return marker_kind_names[kind];
}

int
sand_marker_kind_from_string (const char *text)
{
  if (text == NULL)
    return -1;
  for (int i = 0; i < SAND_N_MARKER_KINDS; i++)
    if (strcmp (text, marker_kind_names[i]) == 0)
      return i;
  return -1;
}

SandMarker *
sand_marker_new (SandMarkerKind kind,
                 int            hex)
{
  SandMarker *m;

  g_return_val_if_fail ((int) kind >= 0 && kind < SAND_N_MARKER_KINDS, NULL);

  m = g_new0 (SandMarker, 1);
  m->kind = kind;
  m->hex = hex;
  m->hex2 = SAND_HEX_NONE;
  m->side = -1;
  m->capacity = -1;
  return m;
}

SandMarker *
sand_marker_copy (const SandMarker *marker)
{
  SandMarker *m;

  g_return_val_if_fail (marker != NULL, NULL);

  m = g_memdup2 (marker, sizeof *marker);
  m->name = g_strdup (marker->name);
  m->group = g_strdup (marker->group);
  return m;
}

void
sand_marker_free (SandMarker *marker)
{
  if (marker == NULL)
    return;
  g_free (marker->name);
  g_free (marker->group);
  g_free (marker);
}

gboolean
sand_marker_equal (const SandMarker *a,
                   const SandMarker *b)
{
  if (a == b)
    return TRUE;
  if (a == NULL || b == NULL)
    return FALSE;
  return a->kind == b->kind && a->hex == b->hex && a->hex2 == b->hex2 && a->side == b->side
         && a->strength == b->strength && a->capacity == b->capacity && a->value == b->value
         && g_strcmp0 (a->name, b->name) == 0 && g_strcmp0 (a->group, b->group) == 0;
}

SandZoneDef *
sand_map_zone_def_new (const char *id,
                       const char *name,
                       int         side,
                       const char *color)
{
  SandZoneDef *z = g_new0 (SandZoneDef, 1);

  z->id = g_strdup (id);
  z->name = g_strdup (name);
  z->side = side;
  z->color = g_strdup (color);
  return z;
}

void
sand_map_zone_def_free (gpointer data)
{
  SandZoneDef *z = data;

  g_free (z->id);
  g_free (z->name);
  g_free (z->color);
  g_free (z);
}

guint
sand_map_n_markers (SandMap *self)
{
  g_return_val_if_fail (SAND_IS_MAP (self), 0);
  return self->markers->len;
}

const SandMarker *
sand_map_get_marker (SandMap *self,
                     guint    i)
{
  g_return_val_if_fail (SAND_IS_MAP (self), NULL);
  g_return_val_if_fail (i < self->markers->len, NULL);
  return g_ptr_array_index (self->markers, i);
}

static void
emit_marker (SandMap          *self,
             const SandMarker *m)
{
  if (m->hex2 != SAND_HEX_NONE)
    sand_map_emit_pair (self, m->hex, m->hex2);
  else
    sand_map_emit_hex (self, m->hex);
}

guint
sand_map_add_marker (SandMap    *self,
                     SandMarker *marker)
{
  g_return_val_if_fail (SAND_IS_MAP (self), 0);
  g_return_val_if_fail (marker != NULL, 0);

  g_ptr_array_add (self->markers, marker);
  emit_marker (self, marker);
  return self->markers->len - 1;
}

void
sand_map_insert_marker (SandMap    *self,
                        guint       i,
                        SandMarker *marker)
{
  g_return_if_fail (SAND_IS_MAP (self));
  g_return_if_fail (marker != NULL);
  g_return_if_fail (i <= self->markers->len);

  g_ptr_array_insert (self->markers, (int) i, marker);
  emit_marker (self, marker);
}

SandMarker *
sand_map_take_marker (SandMap *self,
                      guint    i)
{
  SandMarker *m;

  g_return_val_if_fail (SAND_IS_MAP (self), NULL);
  g_return_val_if_fail (i < self->markers->len, NULL);

  m = g_ptr_array_steal_index (self->markers, i);
  emit_marker (self, m);
  return m;
}

void
sand_map_replace_marker (SandMap    *self,
                         guint       i,
                         SandMarker *marker)
{
  SandMarker *old;

  g_return_if_fail (SAND_IS_MAP (self));
  g_return_if_fail (marker != NULL);
  g_return_if_fail (i < self->markers->len);

  old = g_ptr_array_index (self->markers, i);
  if (old == marker)
    return;
  self->markers->pdata[i] = marker;
  sand_map_freeze_changes (self);
  emit_marker (self, old);
  emit_marker (self, marker);
  sand_map_thaw_changes (self);
  sand_marker_free (old);
}

int
sand_map_find_marker (SandMap        *self,
                      SandMarkerKind  kind,
                      int             hex)
{
  g_return_val_if_fail (SAND_IS_MAP (self), -1);

  for (guint i = 0; i < self->markers->len; i++)
    {
      const SandMarker *m = g_ptr_array_index (self->markers, i);

      if (m->kind == kind && m->hex == hex)
        return (int) i;
    }
  return -1;
}

guint
sand_map_n_zones (SandMap *self)
{
  g_return_val_if_fail (SAND_IS_MAP (self), 0);
  return self->zones->len;
}

const SandZoneDef *
sand_map_get_zone (SandMap *self,
                   guint    i)
{
  g_return_val_if_fail (SAND_IS_MAP (self), NULL);
  g_return_val_if_fail (i < self->zones->len, NULL);
  return g_ptr_array_index (self->zones, i);
}

int
sand_map_find_zone (SandMap    *self,
                    const char *id)
{
  g_return_val_if_fail (SAND_IS_MAP (self), -1);
  g_return_val_if_fail (id != NULL, -1);

  for (guint i = 0; i < self->zones->len; i++)
    {
      const SandZoneDef *z = g_ptr_array_index (self->zones, i);

      if (strcmp (z->id, id) == 0)
        return (int) i;
    }
  return -1;
}

guint
sand_map_add_zone (SandMap    *self,
                   const char *id,
                   const char *name,
                   int         side,
                   const char *color)
{
  g_return_val_if_fail (SAND_IS_MAP (self), 0);
  g_return_val_if_fail (id != NULL && *id != '\0', 0);
  g_return_val_if_fail (sand_map_find_zone (self, id) < 0, 0);

  g_ptr_array_add (self->zones, sand_map_zone_def_new (id, name, side, color));
  /* Zone hexes are drawn in the zone's colour, wherever they are. */
  sand_map_emit_all (self);
  return self->zones->len - 1;
}

void
sand_map_insert_zone (SandMap    *self,
                      guint       i,
                      const char *id,
                      const char *name,
                      int         side,
                      const char *color)
{
  g_return_if_fail (SAND_IS_MAP (self));
  g_return_if_fail (id != NULL && *id != '\0');
  g_return_if_fail (i <= self->zones->len);
  g_return_if_fail (sand_map_find_zone (self, id) < 0);

  g_ptr_array_insert (self->zones, (int) i, sand_map_zone_def_new (id, name, side, color));
  sand_map_emit_all (self);
}

void
sand_map_remove_zone (SandMap *self,
                      guint    i)
{
  g_return_if_fail (SAND_IS_MAP (self));
  g_return_if_fail (i < self->zones->len);

  g_ptr_array_remove_index (self->zones, i);
  sand_map_emit_all (self);
}
