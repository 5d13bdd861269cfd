/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-vassal-pieces.c: a VASSAL module's pieces and charts, drawn by the
 * renderer. A piece is a basic piece (the front) inside a two-sided layer
 * (the back, Ctrl+F) inside, where the rules hide identities (a ruleset
 * with dummies), a mask (Ctrl+M) that shows the side's common back. The
 * trait strings follow VASSAL's Embellishment ("emb2;") and Obscurable
 * ("obs;") type encodings (vassalengine/vassal, VASSAL/counters). */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "sand-vassal-private.h"

void
sand_vassal_entry_free (SandVassalEntry *entry)
{
  g_free (entry->name);
  g_bytes_unref (entry->bytes);
  g_free (entry);
}

static void
add_entry (GPtrArray  *entries,
           const char *name,
           GBytes     *bytes)
{
  SandVassalEntry *e = g_new0 (SandVassalEntry, 1);

  e->name = g_strdup (name);
  e->bytes = g_bytes_ref (bytes);
  g_ptr_array_add (entries, e);
}

void
sand_vassal_seq_append (GString    *out,
                        char        delim,
                        gboolean    first,
                        const char *token)
{
  gsize len = token != NULL ? strlen (token) : 0;
  gboolean quote = len > 0 && (token[len - 1] == '\\'
                               || (len > 1 && token[0] == '\'' && token[len - 1] == '\''));

  if (!first)
    g_string_append_c (out, delim);
  if (quote)
    g_string_append_c (out, '\'');
  for (gsize i = 0; i < len; i++)
    {
      if (token[i] == delim)
        g_string_append_c (out, '\\');
      g_string_append_c (out, token[i]);
    }
  if (quote)
    g_string_append_c (out, '\'');
}

/* File names inside the module: VASSAL looks images up by name, so keep
 * them to letters, digits, '-' and '_' (and unique: the index is added). */
static char *
image_name (const char *id,
            guint       index,
            const char *suffix)
{
  g_autoptr (GString) s = g_string_new (NULL);

  for (const char *p = id; *p != '\0'; p++)
    g_string_append_c (s, g_ascii_isalnum (*p) || *p == '-' || *p == '_' ? *p : '_');
  g_string_append_printf (s, "-%u%s.png", index, suffix);
  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* Names in a basic piece may not hold the encoders' delimiters. */
static char *
piece_name (const SandCounter *c)
{
  char *name = g_strdup (c->name != NULL && *c->name != '\0' ? c->name : c->id);

  g_strdelimit (name, ";/\t\\,", ' ');
  return name;
}

static GBytes *
draw_counter (SandRenderer      *renderer,
              const SandCounter *c,
              int                px,
              double             side_mu,
              gboolean           reduced,
              gboolean           face_down,
              GError           **error)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, px, px);
  cairo_t *cr = cairo_create (surface);
  SandCounterDraw draw = { 0 };
  GBytes *bytes;

  draw.counter = c;
  draw.hex = SAND_HEX_NONE;
  draw.strength = c->steps > 0 ? c->steps : (reduced && c->reduced >= 0 ? c->reduced
                                                                        : c->strength);
  draw.face_down = face_down;
  draw.flags = reduced ? SAND_COUNTER_DRAW_REDUCED : 0;
  cairo_scale (cr, px / side_mu, px / side_mu);
  sand_renderer_draw_counter (renderer, cr, &draw, side_mu / 2, side_mu / 2, side_mu * 0.98);
  cairo_destroy (cr);
  bytes = sand_interop_png_bytes (surface, error);
  cairo_surface_destroy (surface);
  return bytes;
}

static gboolean
rules_hide_identities (SandRuleset *ruleset)
{
  for (guint i = 0; i < sand_ruleset_n_unit_types (ruleset); i++)
    {
      const char *symbol = sand_ruleset_get_unit_type (ruleset, i)->symbol;
      if (symbol != NULL && strcmp (symbol, "dummy") == 0)
        return TRUE;
    }
  return FALSE;
}

int
sand_vassal_make_pieces (SandScenario        *scenario,
                         const SandPixelGrid *pg,
                         GPtrArray           *entries,
                         GHashTable          *slots,
                         GError             **error)
{
  SandMap *map = sand_scenario_get_map (scenario);
  SandRuleset *ruleset = sand_map_get_ruleset (map);
  g_autoptr (SandRenderer) renderer = sand_renderer_new (scenario);
  double side_mu = sand_map_get_hex_size (map) * 1.05;
  int px = MAX (16, (int) lround (side_mu * MIN (pg->sx, pg->sy)));
  gboolean masks = rules_hide_identities (ruleset);
  g_autofree char **mask_names = g_new0 (char *, sand_ruleset_n_sides (ruleset) + 1);

  for (guint i = 0; i < sand_scenario_n_counters (scenario); i++)
    {
      const SandCounter *c = sand_scenario_get_counter (scenario, i);
      g_autofree char *front = image_name (c->id, i, "");
      g_autofree char *back = image_name (c->id, i, "-back");
      g_autofree char *front_path = g_strconcat ("images/", front, NULL);
      g_autofree char *back_path = g_strconcat ("images/", back, NULL);
      g_autofree char *name = piece_name (c);
      g_autoptr (GBytes) fb = draw_counter (renderer, c, px, side_mu, FALSE, FALSE, error);
      g_autoptr (GBytes) bb = fb ? draw_counter (renderer, c, px, side_mu, TRUE, FALSE, error)
                                 : NULL;
      g_autoptr (GString) inner = g_string_new (NULL);
      g_autoptr (GString) type = g_string_new (NULL);
      g_autoptr (GString) state = g_string_new (NULL);
      g_autoptr (GString) slot = g_string_new (NULL);
      g_autofree char *piece = NULL;
      g_autofree char *layer = NULL;
      g_autofree char *piece_state = NULL;

      if (bb == NULL)
        return -1;
      add_entry (entries, front_path, fb);
      add_entry (entries, back_path, bb);

      piece = g_strdup_printf ("piece;;;%s;%s", front, name);
      /* Version 0 of the layer with a one-letter key: VASSAL converts it
       * to named keystrokes itself (Embellishment.mySetType). */
      layer = g_strdup_printf ("emb2;Flip;130;F;;130;;;130;;;;1;false;0;0;%s;%s;true;Side;;;"
                               "false;;1;0;false;;;", back, _("Reduced"));
      piece_state = g_strdup_printf ("null;0;0;%u", i + 1);
      sand_vassal_seq_append (inner, '\t', TRUE, layer);
      sand_vassal_seq_append (inner, '\t', FALSE, piece);
      sand_vassal_seq_append (state, '\t', TRUE, "-1");
      sand_vassal_seq_append (state, '\t', FALSE, piece_state);
      if (masks && c->side >= 0)
        {
          g_autofree char *obs = NULL;
          g_autoptr (GString) outer_state = g_string_new (NULL);

          if (mask_names[c->side] == NULL)
            {
              g_autoptr (GBytes) mb = draw_counter (renderer, c, px, side_mu, FALSE, TRUE,
                                                    error);
              g_autofree char *path = NULL;
              if (mb == NULL)
                return -1;
              mask_names[c->side] = image_name (sand_interop_side_id (ruleset, c->side),
                                                c->side, "-mask");
              path = g_strconcat ("images/", mask_names[c->side], NULL);
              add_entry (entries, path, mb);
            }
          obs = g_strdup_printf ("obs;77,130;%s;%s;I;?;;%s;%s;true;;", mask_names[c->side],
                                 _("Hide"), _("Peek"), _("Hidden identity"));
          sand_vassal_seq_append (type, '\t', TRUE, obs);
          sand_vassal_seq_append (type, '\t', FALSE, inner->str);
          sand_vassal_seq_append (outer_state, '\t', TRUE, "null;");
          sand_vassal_seq_append (outer_state, '\t', FALSE, state->str);
          g_string_assign (state, outer_state->str);
        }
      else
        g_string_assign (type, inner->str);
      sand_vassal_seq_append (slot, '/', TRUE, "+");
      sand_vassal_seq_append (slot, '/', FALSE, "null");
      sand_vassal_seq_append (slot, '/', FALSE, type->str);
      sand_vassal_seq_append (slot, '/', FALSE, state->str);
      g_hash_table_insert (slots, g_strdup (c->id), g_string_free (g_steal_pointer (&slot),
                                                                   FALSE));
    }
  for (guint s = 0; s < sand_ruleset_n_sides (ruleset); s++)
    g_free (mask_names[s]);
  return px;
}

gboolean
sand_vassal_make_chart (SandScenario        *scenario,
                        const SandPixelGrid *pg,
                        GPtrArray           *entries,
                        GError             **error)
{
  SandRuleset *ruleset = sand_scenario_get_ruleset (scenario);
  guint n = sand_ruleset_n_terrains (ruleset);
  int row_h = MAX (pg->across, 40), width = 520;
  cairo_surface_t *surface;
  cairo_t *cr;
  PangoLayout *layout;
  g_autoptr (GBytes) png = NULL;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, (int) (n + 1) * row_h);
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  layout = pango_cairo_create_layout (cr);
  {
    g_autofree char *title = g_strdup_printf ("<b>%s</b>", _("Terrain"));
    pango_layout_set_markup (layout, title, -1);
    cairo_set_source_rgb (cr, 0, 0, 0);
    cairo_move_to (cr, 12, row_h / 3.0);
    pango_cairo_show_layout (cr, layout);
    /* set_text keeps the markup's attributes: the title's bold would cover
     * the first bytes of every row and cut the em dash in half. */
    pango_layout_set_attributes (layout, NULL);
  }
  for (guint t = 0; t < n; t++)
    {
      const SandTerrainDef *def = sand_ruleset_get_terrain (ruleset, t);
      int tw = 2 * pg->radius, th = pg->across;
      cairo_surface_t *tile = sand_interop_render_terrain_tile (scenario, pg, t, tw, th);
      g_autofree char *text = NULL;
      double y = (t + 1) * row_h;

      cairo_save (cr);
      cairo_translate (cr, 8, y + (row_h - th) / 2.0);
      cairo_set_source_surface (cr, tile, 0, 0);
      cairo_paint (cr);
      cairo_restore (cr);
      cairo_surface_destroy (tile);
      if (def->move_cost == SAND_IMPASSABLE)
        text = g_strdup_printf ("%s — %s", def->name, _("impassable"));
      else
        text = g_strdup_printf (ngettext ("%s — %d movement point", "%s — %d movement points",
                                          def->move_cost), def->name, def->move_cost);
      pango_layout_set_text (layout, text, -1);
      cairo_set_source_rgb (cr, 0, 0, 0);
      cairo_move_to (cr, 24 + tw, y + row_h / 3.0);
      pango_cairo_show_layout (cr, layout);
    }
  g_object_unref (layout);
  cairo_destroy (cr);
  png = sand_interop_png_bytes (surface, error);
  cairo_surface_destroy (surface);
  if (png == NULL)
    return FALSE;
  add_entry (entries, "images/terrain-chart.png", png);
  return TRUE;
}
