/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-tmx-read.c: reads a Tiled TMX map (Tiled 1.8's format, as Tiled's
 * own mapreader reads it) through the engine's safe XML reader: no
 * network, no entities, no DOCTYPE, size limits, regular files only — for
 * the map and for every external tileset (.tsx) it names.
 *
 * Only what Sandtable can hold is accepted: hexagonal maps of fixed size.
 * Everything else is refused with FILE:LINE and a sentence. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "sand-tmx-private.h"
#include "sand-xml-safe.h"

static void
tileset_free (SandTmxTileset *ts)
{
  g_free (ts->name);
  g_free (ts->image);
  g_clear_pointer (&ts->terrain, g_hash_table_unref);
  g_clear_pointer (&ts->images, g_hash_table_unref);
  g_free (ts);
}

static void
object_free (SandTmxObject *o)
{
  g_free (o->type);
  g_free (o->name);
  g_clear_pointer (&o->props, g_hash_table_unref);
  g_clear_pointer (&o->points, g_array_unref);
  g_free (o);
}

void
sand_tmx_free (SandTmx *tmx)
{
  if (tmx == NULL)
    return;
  g_free (tmx->path);
  g_clear_pointer (&tmx->props, g_hash_table_unref);
  g_clear_pointer (&tmx->tilesets, g_ptr_array_unref);
  g_free (tmx->gids);
  g_clear_pointer (&tmx->tiles, g_array_unref);
  g_clear_pointer (&tmx->objects, g_ptr_array_unref);
  g_free (tmx);
}

static gboolean
is (xmlNode    *node,
    const char *name)
{
  return node->type == XML_ELEMENT_NODE && strcmp ((const char *) node->name, name) == 0;
}

static char *
attr (xmlNode    *node,
      const char *name)
{
  return (char *) xmlGetProp (node, (const xmlChar *) name);
}

static void G_GNUC_PRINTF (4, 5)
fail (GError    **error,
      int         code,
      xmlNode    *node,
      const char *format,
      ...)
{
  va_list args;
  const char *file = node != NULL && node->doc != NULL && node->doc->URL != NULL
                       ? (const char *) node->doc->URL : NULL;

  va_start (args, format);
  sand_xml_set_error_valist (error, SAND_INTEROP_ERROR, code, file,
                             node != NULL ? sand_xml_node_line (node) : 0, format, args);
  va_end (args);
}

/* An integer attribute in [min, max]; @def when absent. */
static gboolean
int_attr (xmlNode    *node,
          const char *name,
          int         def,
          int         min,
          int         max,
          int        *out,
          GError    **error)
{
  g_autofree char *text = attr (node, name);
  char *end;
  long v;

  if (text == NULL)
    {
      *out = def;
      return TRUE;
    }
  v = strtol (text, &end, 10);
  if (*text == '\0' || *end != '\0' || v < min || v > max)
    {
      fail (error, SAND_INTEROP_ERROR_INVALID, node,
            _("%s=\"%s\" must be a whole number from %d to %d"), name, text, min, max);
      return FALSE;
    }
  *out = (int) v;
  return TRUE;
}

static gboolean
double_attr (xmlNode    *node,
             const char *name,
             double     *out,
             GError    **error)
{
  g_autofree char *text = attr (node, name);
  char *end;

  *out = 0;
  if (text == NULL)
    return TRUE;
  *out = g_ascii_strtod (text, &end);
  if (*text == '\0' || *end != '\0' || !(*out > -1e9 && *out < 1e9))
    {
      fail (error, SAND_INTEROP_ERROR_INVALID, node, _("%s=\"%s\" is not a number"), name, text);
      return FALSE;
    }
  return TRUE;
}

static GHashTable *
read_properties (xmlNode *parent)
{
  GHashTable *props = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (xmlNode *n = parent->children; n != NULL; n = n->next)
    if (is (n, "properties"))
      for (xmlNode *p = n->children; p != NULL; p = p->next)
        if (is (p, "property"))
          {
            char *name = attr (p, "name");
            char *value = attr (p, "value");

            /* Multi-line strings are the element's text instead. */
            if (value == NULL)
              value = (char *) xmlNodeGetContent (p);
            if (name != NULL)
              g_hash_table_replace (props, name, value);
            else
              g_free (value);
          }
  return props;
}

static char *
resolve (const char *base_file,
         const char *relative)
{
  g_autofree char *dir = NULL;
  g_autofree char *abs_dir = NULL;

  if (g_path_is_absolute (relative))
    return g_strdup (relative);
  dir = g_path_get_dirname (base_file);
  abs_dir = g_canonicalize_filename (dir, NULL);
  return g_canonicalize_filename (relative, abs_dir);
}

/* Reads <image>: it must name a file that is there (Tiled shows an empty
 * map without it, and the designer would lose the tiles' look). */
static char *
read_image (xmlNode    *image,
            const char *base_file,
            GError    **error)
{
  g_autofree char *source = attr (image, "source");
  char *path;

  if (source == NULL || *source == '\0')
    {
      fail (error, SAND_INTEROP_ERROR_MISSING, image, _("the tileset image names no file"));
      return NULL;
    }
  path = resolve (base_file, source);
  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      fail (error, SAND_INTEROP_ERROR_MISSING, image,
            _("the tileset image “%s” is missing (looked for %s)"), source, path);
      g_free (path);
      return NULL;
    }
  return path;
}

static gboolean
read_tileset_body (SandTmxTileset *ts,
                   xmlNode        *node,
                   const char     *file,
                   GError        **error)
{
  g_autofree char *name = attr (node, "name");

  g_free (ts->name);
  ts->name = g_strdup (name != NULL ? name : "");
  if (!int_attr (node, "tilewidth", 0, 0, 100000, &ts->tilewidth, error)
      || !int_attr (node, "tileheight", 0, 0, 100000, &ts->tileheight, error)
      || !int_attr (node, "tilecount", 0, 0, SAND_TMX_MAX_TILES, &ts->tilecount, error)
      || !int_attr (node, "columns", 0, 0, SAND_TMX_MAX_TILES, &ts->columns, error)
      || !int_attr (node, "spacing", 0, 0, 100000, &ts->spacing, error)
      || !int_attr (node, "margin", 0, 0, 100000, &ts->margin, error))
    return FALSE;
  for (xmlNode *n = node->children; n != NULL; n = n->next)
    {
      if (is (n, "image"))
        {
          ts->image = read_image (n, file, error);
          if (ts->image == NULL)
            return FALSE;
        }
      else if (is (n, "tile"))
        {
          g_autoptr (GHashTable) props = read_properties (n);
          const char *terrain = g_hash_table_lookup (props, "terrain");
          int id;

          if (!int_attr (n, "id", -1, 0, SAND_TMX_MAX_TILES, &id, error))
            return FALSE;
          if (id < 0)
            {
              fail (error, SAND_INTEROP_ERROR_INVALID, n, _("a <tile> needs an id"));
              return FALSE;
            }
          if (terrain != NULL)
            g_hash_table_replace (ts->terrain, GINT_TO_POINTER (id), g_strdup (terrain));
          for (xmlNode *i = n->children; i != NULL; i = i->next)
            if (is (i, "image"))
              {
                char *path = read_image (i, file, error);
                if (path == NULL)
                  return FALSE;
                g_hash_table_replace (ts->images, GINT_TO_POINTER (id), path);
              }
        }
    }
  if (ts->columns == 0 && ts->tilewidth > 0 && ts->image == NULL && ts->tilecount == 0)
    ts->tilecount = (int) g_hash_table_size (ts->images);
  return TRUE;
}

static SandTmxTileset *
read_tileset (xmlNode    *node,
              const char *file,
              GError    **error)
{
  SandTmxTileset *ts = g_new0 (SandTmxTileset, 1);
  g_autofree char *source = attr (node, "source");
  int firstgid;

  ts->line = sand_xml_node_line (node);
  ts->terrain = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  ts->images = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  if (!int_attr (node, "firstgid", 1, 1, 0x0FFFFFFF, &firstgid, error))
    goto failed;
  ts->firstgid = (guint32) firstgid;
  if (source != NULL)
    {
      /* An external tileset goes through the same safe reader. */
      g_autofree char *path = resolve (file, source);
      g_autofree char *data = NULL;
      g_autoptr (GError) local = NULL;
      gsize len;
      xmlDoc *doc;
      xmlNode *root;
      gboolean ok;

      data = sand_xml_read_file (path, &len, &local);
      if (data == NULL)
        {
          fail (error, SAND_INTEROP_ERROR_MISSING, node, _("cannot read the tileset: %s"),
                local->message);
          goto failed;
        }
      doc = sand_xml_read_doc (data, len, path, error);
      if (doc == NULL)
        goto failed;
      root = xmlDocGetRootElement (doc);
      if (root == NULL || !is (root, "tileset"))
        {
          fail (error, SAND_INTEROP_ERROR_INVALID, root, _("this is not a Tiled tileset"));
          xmlFreeDoc (doc);
          goto failed;
        }
      ok = read_tileset_body (ts, root, path, error);
      xmlFreeDoc (doc);
      if (!ok)
        goto failed;
    }
  else if (!read_tileset_body (ts, node, file, error))
    goto failed;
  if (ts->image == NULL && g_hash_table_size (ts->images) == 0)
    {
      fail (error, SAND_INTEROP_ERROR_MISSING, node, _("the tileset “%s” has no image"),
            ts->name);
      goto failed;
    }
  return ts;

failed:
  tileset_free (ts);
  return NULL;
}

static gboolean
read_layer (SandTmx *tmx,
            xmlNode *node,
            GError **error)
{
  g_autofree guint32 *gids = NULL;
  g_autofree char *visible = attr (node, "visible");
  int w, h;

  if (!int_attr (node, "width", tmx->width, 1, SAND_MAX_MAP_DIM, &w, error)
      || !int_attr (node, "height", tmx->height, 1, SAND_MAX_MAP_DIM, &h, error))
    return FALSE;
  if (w != tmx->width || h != tmx->height)
    {
      fail (error, SAND_INTEROP_ERROR_UNSUPPORTED, node,
            _("the layer is %d × %d but the map %d × %d; Sandtable reads layers the size of "
              "the map"), w, h, tmx->width, tmx->height);
      return FALSE;
    }
  if (visible != NULL && strcmp (visible, "0") == 0)
    return TRUE; /* hidden: not part of what the designer sees */
  gids = g_new0 (guint32, (gsize) w * h);
  for (xmlNode *n = node->children; n != NULL; n = n->next)
    if (is (n, "data"))
      {
        if (!sand_tmx_decode_data (n, tmx->path, w, h, gids, error))
          return FALSE;
        if (tmx->data_line == 0)
          tmx->data_line = sand_xml_node_line (n);
        /* Layers draw bottom to top: a tile over another hides it. */
        for (gsize i = 0; i < (gsize) w * h; i++)
          if ((gids[i] & ~SAND_TMX_GID_FLAGS) != 0)
            tmx->gids[i] = gids[i] & ~SAND_TMX_GID_FLAGS;
      }
  return TRUE;
}

static gboolean
read_points (SandTmxObject *o,
             xmlNode       *node,
             GError       **error)
{
  g_autofree char *text = attr (node, "points");
  g_auto (GStrv) pairs = NULL;

  o->points = g_array_new (FALSE, FALSE, sizeof (SandPoint));
  if (text == NULL)
    return TRUE;
  pairs = g_strsplit_set (g_strstrip (text), " \t\n", -1);
  for (guint i = 0; pairs[i] != NULL; i++)
    {
      SandPoint p;
      char *end;

      if (*pairs[i] == '\0')
        continue;
      p.x = g_ascii_strtod (pairs[i], &end);
      if (*end != ',')
        {
          fail (error, SAND_INTEROP_ERROR_INVALID, node, _("“%s” is not a point x,y"), pairs[i]);
          return FALSE;
        }
      p.y = g_ascii_strtod (end + 1, &end);
      if (*end != '\0')
        {
          fail (error, SAND_INTEROP_ERROR_INVALID, node, _("“%s” is not a point x,y"), pairs[i]);
          return FALSE;
        }
      p.x += o->x;
      p.y += o->y;
      g_array_append_val (o->points, p);
    }
  return TRUE;
}

static gboolean
read_objectgroup (SandTmx *tmx,
                  xmlNode *node,
                  GError **error)
{
  for (xmlNode *n = node->children; n != NULL; n = n->next)
    {
      SandTmxObject *o;
      char *cls;

      if (!is (n, "object"))
        continue;
      if (tmx->objects->len >= SAND_TMX_MAX_OBJECTS)
        {
          fail (error, SAND_INTEROP_ERROR_INVALID, n, _("more than %d objects"),
                SAND_TMX_MAX_OBJECTS);
          return FALSE;
        }
      o = g_new0 (SandTmxObject, 1);
      g_ptr_array_add (tmx->objects, o);
      o->line = sand_xml_node_line (n);
      /* Tiled 1.9 renamed "type" to "class"; read both. */
      cls = attr (n, "class");
      o->type = cls != NULL ? cls : attr (n, "type");
      o->name = attr (n, "name");
      o->props = read_properties (n);
      if (!double_attr (n, "x", &o->x, error) || !double_attr (n, "y", &o->y, error))
        return FALSE;
      for (xmlNode *c = n->children; c != NULL; c = c->next)
        if ((is (c, "polyline") || is (c, "polygon")) && !read_points (o, c, error))
          return FALSE;
    }
  return TRUE;
}

/* Layers, object groups and groups of them, in drawing order. */
static gboolean
read_layers (SandTmx *tmx,
             xmlNode *parent,
             GError **error)
{
  for (xmlNode *n = parent->children; n != NULL; n = n->next)
    {
      if (is (n, "layer") && !read_layer (tmx, n, error))
        return FALSE;
      if (is (n, "objectgroup") && !read_objectgroup (tmx, n, error))
        return FALSE;
      if (is (n, "group") && !read_layers (tmx, n, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean read_map_attrs (SandTmx *tmx, xmlNode *root, GError **error);

static gboolean
read_map (SandTmx *tmx,
          xmlNode *root,
          GError **error)
{
  if (root == NULL || !is (root, "map"))
    {
      sand_xml_set_error (error, SAND_INTEROP_ERROR, SAND_INTEROP_ERROR_INVALID, tmx->path,
                          root != NULL ? sand_xml_node_line (root) : 0,
                          _("this is not a Tiled map (no <map>)"));
      return FALSE;
    }
  return read_map_attrs (tmx, root, error);
}

static gboolean
read_map_attrs (SandTmx *tmx,
                xmlNode *root,
                GError **error)
{
  g_autofree char *orientation = attr (root, "orientation");
  g_autofree char *infinite = attr (root, "infinite");
  g_autofree char *axis = attr (root, "staggeraxis");
  g_autofree char *index = attr (root, "staggerindex");
  gboolean odd;

  if (orientation == NULL || strcmp (orientation, "hexagonal") != 0)
    {
      if (orientation == NULL)
        fail (error, SAND_INTEROP_ERROR_UNSUPPORTED, root,
              _("the map has no orientation; Sandtable imports only hexagonal Tiled maps"));
      else
        /* Translators: %s is Tiled's name of the map's orientation,
         * "orthogonal", "isometric" or "staggered", kept as Tiled writes it. */
        fail (error, SAND_INTEROP_ERROR_UNSUPPORTED, root,
              _("the map's orientation is “%s”; Sandtable imports only hexagonal Tiled maps"),
              orientation);
      return FALSE;
    }
  if (infinite != NULL && strcmp (infinite, "0") != 0)
    {
      fail (error, SAND_INTEROP_ERROR_UNSUPPORTED, root,
            _("the map is infinite; give it a fixed size in Tiled (Map > Map Properties) "
              "and import it again"));
      return FALSE;
    }
  if (!int_attr (root, "width", 0, 1, SAND_MAX_MAP_DIM, &tmx->width, error)
      || !int_attr (root, "height", 0, 1, SAND_MAX_MAP_DIM, &tmx->height, error)
      || !int_attr (root, "tilewidth", 0, 1, 100000, &tmx->tilewidth, error)
      || !int_attr (root, "tileheight", 0, 1, 100000, &tmx->tileheight, error)
      || !int_attr (root, "hexsidelength", 0, 0, 100000, &tmx->hexsidelength, error))
    return FALSE;
  if (tmx->width == 0 || tmx->height == 0 || tmx->tilewidth == 0 || tmx->tileheight == 0)
    {
      fail (error, SAND_INTEROP_ERROR_INVALID, root,
            _("the map needs width, height, tilewidth and tileheight"));
      return FALSE;
    }
  /* Tiled's defaults when the attributes are missing: y and odd. */
  if (axis != NULL && strcmp (axis, "x") != 0 && strcmp (axis, "y") != 0)
    {
      fail (error, SAND_INTEROP_ERROR_INVALID, root, _("staggeraxis=\"%s\" is neither x nor y"),
            axis);
      return FALSE;
    }
  if (index != NULL && strcmp (index, "odd") != 0 && strcmp (index, "even") != 0)
    {
      fail (error, SAND_INTEROP_ERROR_INVALID, root,
            _("staggerindex=\"%s\" is neither odd nor even"), index);
      return FALSE;
    }
  tmx->orientation = axis != NULL && strcmp (axis, "x") == 0 ? SAND_ORIENTATION_FLAT
                                                             : SAND_ORIENTATION_POINTY;
  odd = index == NULL || strcmp (index, "odd") == 0;
  /* Tiled counts lines from 0, Sandtable from 1: Tiled's odd is our even. */
  tmx->stagger = odd ? SAND_STAGGER_EVEN : SAND_STAGGER_ODD;
  tmx->props = read_properties (root);
  tmx->gids = g_new0 (guint32, (gsize) tmx->width * tmx->height);
  for (xmlNode *n = root->children; n != NULL; n = n->next)
    if (is (n, "tileset"))
      {
        SandTmxTileset *ts = read_tileset (n, tmx->path, error);
        if (ts == NULL)
          return FALSE;
        g_ptr_array_add (tmx->tilesets, ts);
      }
  return read_layers (tmx, root, error);
}

static SandTmxTileset *
tileset_for (SandTmx *tmx,
             guint32  gid)
{
  SandTmxTileset *best = NULL;

  for (guint i = 0; i < tmx->tilesets->len; i++)
    {
      SandTmxTileset *ts = g_ptr_array_index (tmx->tilesets, i);
      if (ts->firstgid <= gid && (best == NULL || ts->firstgid > best->firstgid))
        best = ts;
    }
  return best;
}

static int
compare_tiles (gconstpointer a,
               gconstpointer b)
{
  guint32 x = ((const SandTmxTile *) a)->gid, y = ((const SandTmxTile *) b)->gid;

  return x < y ? -1 : x > y;
}

/* The distinct tiles in use, each with its tileset, terrain and picture. */
static gboolean
collect_tiles (SandTmx *tmx,
               GError **error)
{
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
  gsize n = (gsize) tmx->width * tmx->height;

  for (gsize i = 0; i < n; i++)
    {
      guint32 gid = tmx->gids[i];
      gpointer index;

      if (gid == 0)
        continue;
      if (g_hash_table_lookup_extended (seen, GUINT_TO_POINTER (gid), NULL, &index))
        {
          g_array_index (tmx->tiles, SandTmxTile, GPOINTER_TO_UINT (index)).count++;
          continue;
        }
      SandTmxTileset *ts = tileset_for (tmx, gid);
      SandTmxTile tile = { 0 };
      if (ts == NULL)
        {
          sand_xml_set_error (error, SAND_INTEROP_ERROR, SAND_INTEROP_ERROR_INVALID, tmx->path,
                              tmx->data_line, _("tile %u belongs to no tileset"), gid);
          return FALSE;
        }
      tile.gid = gid;
      tile.tileset = ts->name;
      tile.local_id = (int) (gid - ts->firstgid);
      tile.terrain = g_hash_table_lookup (ts->terrain, GINT_TO_POINTER (tile.local_id));
      tile.count = 1;
      if (ts->image != NULL && ts->columns > 0)
        {
          tile.image = ts->image;
          tile.width = ts->tilewidth;
          tile.height = ts->tileheight;
          tile.x = ts->margin + (tile.local_id % ts->columns) * (ts->tilewidth + ts->spacing);
          tile.y = ts->margin + (tile.local_id / ts->columns) * (ts->tileheight + ts->spacing);
        }
      else
        tile.image = g_hash_table_lookup (ts->images, GINT_TO_POINTER (tile.local_id));
      g_hash_table_insert (seen, GUINT_TO_POINTER (gid), GUINT_TO_POINTER (tmx->tiles->len));
      g_array_append_val (tmx->tiles, tile);
    }
  g_array_sort (tmx->tiles, compare_tiles);
  return TRUE;
}

SandTmx *
sand_tmx_read_file (const char *path,
                    GError    **error)
{
  g_autoptr (SandTmx) tmx = NULL;
  g_autofree char *data = NULL;
  xmlDoc *doc;
  gsize len;
  gboolean ok;

  g_return_val_if_fail (path != NULL, NULL);

  data = sand_xml_read_file (path, &len, error);
  if (data == NULL)
    return NULL;
  doc = sand_xml_read_doc (data, len, path, error);
  if (doc == NULL)
    return NULL;
  tmx = g_new0 (SandTmx, 1);
  tmx->path = g_strdup (path);
  tmx->tilesets = g_ptr_array_new_with_free_func ((GDestroyNotify) tileset_free);
  tmx->objects = g_ptr_array_new_with_free_func ((GDestroyNotify) object_free);
  tmx->tiles = g_array_new (FALSE, TRUE, sizeof (SandTmxTile));
  ok = read_map (tmx, xmlDocGetRootElement (doc), error);
  xmlFreeDoc (doc);
  if (!ok || !collect_tiles (tmx, error))
    return NULL;
  return g_steal_pointer (&tmx);
}

const char *
sand_tmx_get_ruleset (SandTmx *tmx)
{
  g_return_val_if_fail (tmx != NULL, NULL);
  return g_hash_table_lookup (tmx->props, "ruleset");
}

guint
sand_tmx_n_tiles (SandTmx *tmx)
{
  g_return_val_if_fail (tmx != NULL, 0);
  return tmx->tiles->len;
}

const SandTmxTile *
sand_tmx_get_tile (SandTmx *tmx,
                   guint    i)
{
  g_return_val_if_fail (tmx != NULL && i < tmx->tiles->len, NULL);
  return &g_array_index (tmx->tiles, SandTmxTile, i);
}
