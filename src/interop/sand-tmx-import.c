/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-tmx-import.c: a parsed TMX becomes a new scenario. Terrain comes
 * from each tile's "terrain" property or the designer's mapping; objects
 * (hexsides, roads and rails, places, markers, counters) from their class
 * and properties, with the hex taken from the object's position when it
 * names none — so maps made in Tiled by hand come in too. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "sand-tmx-private.h"
#include "sand-xml-safe.h"

#define SQRT3 1.7320508075688772

typedef struct {
  SandTmx *tmx;
  SandScenario *scenario;
  SandMap *map;
  SandRuleset *ruleset;
  const SandGrid *grid;
} Import;

static void G_GNUC_PRINTF (4, 5)
fail (GError    **error,
      Import     *im,
      int         line,
      const char *format,
      ...)
{
  va_list args;

  va_start (args, format);
  sand_xml_set_error_valist (error, SAND_INTEROP_ERROR, SAND_INTEROP_ERROR_INVALID,
                             im->tmx->path, line, format, args);
  va_end (args);
}

/* Tiled's pixels to map units: linear in column and row, so that Tiled's
 * hex centres land on Sandtable's whatever the tiles' proportions. */
static SandPoint
to_map_units (Import *im,
              double  px,
              double  py)
{
  SandTmx *t = im->tmx;
  double size = sand_map_get_hex_size (im->map);
  SandPoint p;

  if (t->orientation == SAND_ORIENTATION_FLAT)
    {
      double colw = (t->tilewidth - t->hexsidelength) / 2 + t->hexsidelength;
      p.x = size + (px - t->tilewidth / 2.0) * (1.5 * size / colw);
      p.y = size * SQRT3 / 2 + (py - t->tileheight / 2.0) * (SQRT3 * size / t->tileheight);
    }
  else
    {
      double rowh = (t->tileheight - t->hexsidelength) / 2 + t->hexsidelength;
      p.x = size * SQRT3 / 2 + (px - t->tilewidth / 2.0) * (SQRT3 * size / t->tilewidth);
      p.y = size + (py - t->tileheight / 2.0) * (1.5 * size / rowh);
    }
  return p;
}

/* The object's hex: its "hex" property, else where it stands. */
static gboolean
object_hex (Import              *im,
            const SandTmxObject *o,
            const char          *key,
            int                 *hex,
            GError             **error)
{
  const char *id = g_hash_table_lookup (o->props, key);
  SandPoint p;

  if (id != NULL)
    {
      if (!sand_grid_parse_id (im->grid, id, hex))
        {
          fail (error, im, o->line, _("%s “%s” is not a hex of this map"), key, id);
          return FALSE;
        }
      return TRUE;
    }
  if (strcmp (key, "hex") != 0)
    {
      *hex = SAND_HEX_NONE;
      return TRUE;
    }
  p = to_map_units (im, o->x, o->y);
  *hex = sand_grid_hex_at_pixel (im->grid, sand_map_get_hex_size (im->map), p.x, p.y);
  if (*hex == SAND_HEX_NONE)
    {
      fail (error, im, o->line, _("the object “%s” lies off the map"), o->name ? o->name : "");
      return FALSE;
    }
  return TRUE;
}

static int
int_prop (const SandTmxObject *o,
          const char          *key,
          int                  def)
{
  const char *v = g_hash_table_lookup (o->props, key);

  return v != NULL ? atoi (v) : def;
}

static gboolean
side_prop (Import              *im,
           const SandTmxObject *o,
           int                 *side,
           GError             **error)
{
  const char *id = g_hash_table_lookup (o->props, "side");

  *side = -1;
  if (id == NULL || *id == '\0')
    return TRUE;
  *side = sand_ruleset_find_side (im->ruleset, id);
  if (*side < 0)
    {
      fail (error, im, o->line, _("“%s” is not a side of %s"), id,
            sand_ruleset_get_id (im->ruleset));
      return FALSE;
    }
  return TRUE;
}

static gboolean
import_terrain (Import     *im,
                GHashTable *tile_terrains,
                GError    **error)
{
  SandTmx *t = im->tmx;
  g_autoptr (GHashTable) index = g_hash_table_new (NULL, NULL);
  g_autoptr (GString) unmapped = g_string_new (NULL);
  guint n_unmapped = 0;

  for (guint i = 0; i < t->tiles->len; i++)
    {
      const SandTmxTile *tile = &g_array_index (t->tiles, SandTmxTile, i);
      const char *id = tile_terrains != NULL
                         ? g_hash_table_lookup (tile_terrains, GUINT_TO_POINTER (tile->gid))
                         : NULL;
      int terrain;

      if (id == NULL)
        id = tile->terrain;
      if (id == NULL)
        {
          if (n_unmapped++ < 5)
            g_string_append_printf (unmapped, "%s%s #%d", unmapped->len ? ", " : "",
                                    tile->tileset, tile->local_id);
          continue;
        }
      terrain = sand_ruleset_find_terrain (im->ruleset, id);
      if (terrain < 0)
        {
          fail (error, im, t->data_line, _("tile %s #%d is terrain “%s”, which %s does not have"),
                tile->tileset, tile->local_id, id, sand_ruleset_get_id (im->ruleset));
          return FALSE;
        }
      g_hash_table_insert (index, GUINT_TO_POINTER (tile->gid), GINT_TO_POINTER (terrain + 1));
    }
  if (n_unmapped > 0)
    {
      g_set_error (error, SAND_INTEROP_ERROR, SAND_INTEROP_ERROR_UNMAPPED,
                   ngettext ("%s: %u tile has no terrain property and no terrain chosen for it "
                             "(%s)",
                             "%s: %u tiles have no terrain property and no terrain chosen for "
                             "them (%s…)", n_unmapped),
                   t->path, n_unmapped, unmapped->str);
      return FALSE;
    }
  for (int hex = 0; hex < sand_grid_n_hexes (im->grid); hex++)
    if (t->gids[hex] != 0)
      sand_map_set_terrain (im->map, hex,
                            (guint8) (GPOINTER_TO_INT (g_hash_table_lookup (
                                        index, GUINT_TO_POINTER (t->gids[hex]))) - 1));
  return TRUE;
}

static gboolean
import_hexside (Import              *im,
                const SandTmxObject *o,
                GError             **error)
{
  const char *dir_name = g_hash_table_lookup (o->props, "dir");
  const char *features = g_hash_table_lookup (o->props, "features");
  g_auto (GStrv) ids = NULL;
  guint32 bits = 0;
  int hex, dir;

  if (features == NULL)
    features = o->name;
  if (dir_name != NULL)
    {
      if (!object_hex (im, o, "hex", &hex, error))
        return FALSE;
      dir = sand_grid_parse_direction (im->grid, dir_name);
      if (dir < 0)
        {
          fail (error, im, o->line, _("“%s” is not a direction on this map"), dir_name);
          return FALSE;
        }
    }
  else
    {
      SandPoint p = to_map_units (im, o->x, o->y);
      if (!sand_grid_side_at_pixel (im->grid, sand_map_get_hex_size (im->map), p.x, p.y, &hex,
                                    &dir))
        {
          fail (error, im, o->line, _("the hexside lies off the map"));
          return FALSE;
        }
    }
  ids = g_strsplit (features != NULL ? features : "", ",", -1);
  for (guint i = 0; ids[i] != NULL; i++)
    {
      int f = sand_ruleset_find_side_feature (im->ruleset, g_strstrip (ids[i]));
      if (*ids[i] == '\0')
        continue;
      if (f < 0)
        {
          fail (error, im, o->line, _("“%s” is not a hexside feature of %s"), ids[i],
                sand_ruleset_get_id (im->ruleset));
          return FALSE;
        }
      bits |= 1u << f;
    }
  sand_map_set_side (im->map, hex, dir, sand_map_get_side (im->map, hex, dir) | bits);
  return TRUE;
}

static gboolean
import_connection (Import              *im,
                   const SandTmxObject *o,
                   int                  feature,
                   GError             **error)
{
  const char *list = g_hash_table_lookup (o->props, "hexes");
  g_autoptr (GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GError) local = NULL;

  if (list != NULL)
    {
      g_auto (GStrv) ids = g_strsplit_set (list, " ,", -1);
      for (guint i = 0; ids[i] != NULL; i++)
        {
          int hex;
          if (*ids[i] == '\0')
            continue;
          if (!sand_grid_parse_id (im->grid, ids[i], &hex))
            {
              fail (error, im, o->line, _("“%s” is not a hex of this map"), ids[i]);
              return FALSE;
            }
          g_array_append_val (hexes, hex);
        }
    }
  else if (o->points != NULL)
    for (guint i = 0; i < o->points->len; i++)
      {
        SandPoint px = g_array_index (o->points, SandPoint, i);
        SandPoint p = to_map_units (im, px.x, px.y);
        int hex = sand_grid_hex_at_pixel (im->grid, sand_map_get_hex_size (im->map), p.x, p.y);

        if (hex == SAND_HEX_NONE)
          {
            fail (error, im, o->line, _("point %u of the line lies off the map"), i + 1);
            return FALSE;
          }
        if (hexes->len == 0 || g_array_index (hexes, int, hexes->len - 1) != hex)
          g_array_append_val (hexes, hex);
      }
  if (hexes->len >= 2
      && !sand_map_connect_path (im->map, feature, (const int *) (void *) hexes->data, hexes->len,
                                 TRUE, &local))
    {
      fail (error, im, o->line, "%s", local->message);
      return FALSE;
    }
  return TRUE;
}

static gboolean
import_marker (Import              *im,
               const SandTmxObject *o,
               GError             **error)
{
  const char *kind_name = g_hash_table_lookup (o->props, "kind");
  g_autoptr (SandMarker) m = NULL;
  int kind, hex, hex2, side;

  if (kind_name == NULL)
    kind_name = o->name;
  kind = kind_name != NULL ? sand_marker_kind_from_string (kind_name) : -1;
  if (kind < 0)
    kind = SAND_MARKER_CUSTOM;
  if (!object_hex (im, o, "hex", &hex, error) || !object_hex (im, o, "hex2", &hex2, error)
      || !side_prop (im, o, &side, error))
    return FALSE;
  m = sand_marker_new (kind, hex);
  m->hex2 = hex2;
  m->side = side;
  m->strength = int_prop (o, "strength", 0);
  m->capacity = int_prop (o, "capacity", -1);
  m->value = int_prop (o, "value", 0);
  m->name = g_strdup (g_hash_table_lookup (o->props, "name"));
  if (kind == SAND_MARKER_CUSTOM && m->name == NULL)
    m->name = g_strdup (kind_name != NULL ? kind_name : "marker");
  m->group = g_strdup (g_hash_table_lookup (o->props, "group"));
  if (kind == SAND_MARKER_ZONE && m->group != NULL
      && sand_map_find_zone (im->map, m->group) < 0)
    sand_map_add_zone (im->map, m->group, m->group, -1, NULL);
  sand_map_add_marker (im->map, g_steal_pointer (&m));
  return TRUE;
}

static gboolean
import_objects (Import  *im,
                GError **error)
{
  for (guint i = 0; i < im->tmx->objects->len; i++)
    {
      const SandTmxObject *o = g_ptr_array_index (im->tmx->objects, i);
      const char *type = o->type != NULL ? o->type : "";
      int feature = sand_ruleset_find_side_feature (im->ruleset, type);
      gboolean ok = TRUE;
      int hex;

      if (strcmp (type, "hexside") == 0)
        ok = import_hexside (im, o, error);
      else if (feature >= 0
               && sand_ruleset_get_side_feature (im->ruleset, feature)->kind
                    == SAND_SIDE_CONNECTION)
        ok = import_connection (im, o, feature, error);
      else if (strcmp (type, "place") == 0)
        {
          ok = object_hex (im, o, "hex", &hex, error);
          if (ok && o->name != NULL && *o->name != '\0')
            sand_map_set_place (im->map, hex, o->name);
        }
      else if (strcmp (type, "marker") == 0)
        ok = import_marker (im, o, error);
      else if (strcmp (type, "counter") == 0)
        ok = object_hex (im, o, "hex", &hex, error)
             && sand_tmx_read_counter (im->scenario, o, hex, im->tmx->path, error);
      /* Other objects (notes, decorations) have no place in a scenario. */
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

static gboolean
import_properties (Import  *im,
                   GError **error)
{
  GHashTable *props = im->tmx->props;
  const char *v;
  GHashTableIter iter;
  gpointer key, value;

  if ((v = g_hash_table_lookup (props, "title")) != NULL)
    sand_scenario_set_title (im->scenario, v);
  if ((v = g_hash_table_lookup (props, "description")) != NULL)
    sand_scenario_set_description (im->scenario, v);
  if ((v = g_hash_table_lookup (props, "turns")) != NULL && atoi (v) >= 1)
    sand_scenario_set_turns (im->scenario, MIN (atoi (v), 999));
  if ((v = g_hash_table_lookup (props, "first-side")) != NULL
      && sand_ruleset_find_side (im->ruleset, v) >= 0)
    sand_scenario_set_first_side (im->scenario, sand_ruleset_find_side (im->ruleset, v));
  if ((v = g_hash_table_lookup (props, "options")) != NULL)
    {
      g_auto (GStrv) ids = g_strsplit (v, ",", -1);
      for (guint i = 0; ids[i] != NULL; i++)
        if (sand_ruleset_find_option (im->ruleset, ids[i]) >= 0)
          sand_scenario_set_option (im->scenario, ids[i], TRUE);
    }
  /* Zones before markers, which name them. */
  g_hash_table_iter_init (&iter, props);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (g_str_has_prefix (key, "zone:") && sand_map_find_zone (im->map, (char *) key + 5) < 0)
      {
        g_auto (GStrv) parts = g_strsplit (value, ";", 3);
        int side = parts[0] != NULL ? sand_ruleset_find_side (im->ruleset, parts[0]) : -1;
        const char *color = parts[0] && parts[1] && *parts[1] ? parts[1] : NULL;
        const char *name = parts[0] && parts[1] && parts[2] ? parts[2] : (char *) key + 5;
        sand_map_add_zone (im->map, (char *) key + 5, name, side, color);
      }
  if ((v = g_hash_table_lookup (props, "countries")) != NULL)
    {
      g_autoptr (GError) local = NULL;
      if (!sand_tmx_countries_from_string (im->map, v, &local))
        {
          g_set_error (error, SAND_INTEROP_ERROR, SAND_INTEROP_ERROR_INVALID,
                       "%s: %s", im->tmx->path, local->message);
          return FALSE;
        }
    }
  return TRUE;
}

SandScenario *
sand_tmx_to_scenario (SandTmx     *tmx,
                      SandRuleset *ruleset,
                      GHashTable  *tile_terrains,
                      GError     **error)
{
  Import im = { 0 };
  g_autoptr (SandMap) map = NULL;
  g_autoptr (SandScenario) scenario = NULL;
  const char *size;
  gboolean ok;

  g_return_val_if_fail (tmx != NULL, NULL);

  if (ruleset == NULL)
    {
      const char *id = sand_tmx_get_ruleset (tmx);
      g_autoptr (GError) local = NULL;

      ruleset = sand_ruleset_lookup (id != NULL ? id : "fpw1870", &local);
      if (ruleset == NULL)
        {
          g_set_error (error, SAND_INTEROP_ERROR, SAND_INTEROP_ERROR_UNSUPPORTED, "%s: %s",
                       tmx->path, local->message);
          return NULL;
        }
    }
  map = sand_map_new (ruleset, tmx->width, tmx->height, tmx->orientation, tmx->stagger);
  size = g_hash_table_lookup (tmx->props, "hex-size");
  if (size != NULL && g_ascii_strtod (size, NULL) >= 1 && g_ascii_strtod (size, NULL) <= 1000)
    sand_map_set_hex_size (map, g_ascii_strtod (size, NULL));
  scenario = sand_scenario_new (map);
  im.tmx = tmx;
  im.scenario = scenario;
  im.map = map;
  im.ruleset = ruleset;
  im.grid = sand_map_get_grid (map);

  sand_map_freeze_changes (map);
  ok = import_terrain (&im, tile_terrains, error) && import_properties (&im, error)
       && import_objects (&im, error);
  sand_map_thaw_changes (map);
  if (!ok)
    return NULL;
  return g_steal_pointer (&scenario);
}

SandScenario *
sand_tmx_import_file (const char  *path,
                      SandRuleset *ruleset,
                      GHashTable  *tile_terrains,
                      GError     **error)
{
  g_autoptr (SandTmx) tmx = sand_tmx_read_file (path, error);

  if (tmx == NULL)
    return NULL;
  return sand_tmx_to_scenario (tmx, ruleset, tile_terrains, error);
}
