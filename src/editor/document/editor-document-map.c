/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-document-map.c: the document's map edits — terrain, country,
 * hexside features, place names, markers and set-up zones — each recorded
 * as a primitive change, and scenario-level changes by their callbacks. */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-document-private.h"
#include "sand-scenario-io.h"

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
  change = _editor_document_record_value (self, CHANGE_TERRAIN, hex, &merged);
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
  change = _editor_document_record_value (self, CHANGE_COUNTRY, hex, &merged);
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
  change = _editor_document_record_value (self, CHANGE_SIDE, slot, &merged);
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
  change = _editor_document_record_value (self, CHANGE_PLACE, hex, &merged);
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
  change = _editor_document_record (self, CHANGE_MARKER_ADD);
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
  change = _editor_document_record (self, CHANGE_MARKER_REMOVE);
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
  change = _editor_document_record (self, CHANGE_MARKER_REPLACE);
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
  change = _editor_document_record (self, CHANGE_ZONE_ADD);
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
  change = _editor_document_record (self, CHANGE_ZONE_REMOVE);
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
  change = _editor_document_record (self, CHANGE_CUSTOM);
  change->apply = apply;
  change->data = data;
  change->destroy = destroy;
  apply (self->scenario, data, TRUE);
  editor_document_end_edit (self);
}
