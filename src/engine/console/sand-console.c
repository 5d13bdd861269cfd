/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-console.c: the console's interpreter and its map-building commands.
 *
 * Every command validates all of its arguments before it touches the
 * scenario, so a refusal changes nothing.
 */
#include "config.h"

#include "sand-console.h"
#include "sand-console-game.h"
#include "sand-scenario-io.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct _SandConsole {
  SandScenario *scenario;
  guint64 seed;
  gpointer game;
  GDestroyNotify game_destroy;
  char hex_buf[SAND_HEX_ID_MAX];
};

typedef gboolean (*CommandFunc) (SandConsole        *self,
                                 const char * const *args,
                                 SandJson           *answer);

typedef struct {
  const char *name;
  CommandFunc func;
  gboolean needs_map;  /* refuses while there is no scenario */
  gboolean changes;    /* tells the rules side after it succeeds */
  int min_args;        /* positional arguments at least… */
  int max_args;        /* …and at most (-1: no limit) */
  const char *usage;
  const char *keys;    /* accepted key=value keys, space-separated, or NULL */
} Command;

/* {{{ Life cycle and accessors */

SandConsole *
sand_console_new (SandScenario *scenario,
                  guint64       seed)
{
  SandConsole *self;

  g_return_val_if_fail (scenario == NULL || SAND_IS_SCENARIO (scenario), NULL);

  self = g_new0 (SandConsole, 1);
  self->scenario = scenario != NULL ? g_object_ref (scenario) : NULL;
  self->seed = seed;
  return self;
}

void
sand_console_free (SandConsole *self)
{
  if (self == NULL)
    return;
  sand_console_set_game (self, NULL, NULL);
  g_clear_object (&self->scenario);
  g_free (self);
}

SandScenario *
sand_console_get_scenario (SandConsole *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->scenario;
}

void
sand_console_set_scenario (SandConsole  *self,
                           SandScenario *scenario)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (scenario == NULL || SAND_IS_SCENARIO (scenario));

  /* The game may point into the old scenario: drop it first. */
  sand_console_set_game (self, NULL, NULL);
  g_set_object (&self->scenario, scenario);
  sand_console_game_scenario_changed (self);
}

guint64
sand_console_get_seed (SandConsole *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->seed;
}

gpointer
sand_console_get_game (SandConsole *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->game;
}

void
sand_console_set_game (SandConsole    *self,
                       gpointer        game,
                       GDestroyNotify  destroy)
{
  gpointer old_game;
  GDestroyNotify old_destroy;

  g_return_if_fail (self != NULL);

  if (game == self->game && destroy == self->game_destroy)
    return;

  /* Detach before destroying, so a destroy notify that looks at the
   * console sees a consistent state. */
  old_game = self->game;
  old_destroy = self->game_destroy;
  self->game = game;
  self->game_destroy = destroy;
  if (old_game != NULL && old_destroy != NULL && old_game != game)
    old_destroy (old_game);
}

/* }}} */
/* {{{ Answers and argument helpers */

gboolean
sand_console_refuse (SandJson   *answer,
                     const char *rule,
                     const char *format,
                     ...)
{
  g_autofree char *message = NULL;
  va_list ap;

  g_return_val_if_fail (answer != NULL, TRUE);
  g_return_val_if_fail (format != NULL, TRUE);

  va_start (ap, format);
  message = g_strdup_vprintf (format, ap);
  va_end (ap);

  sand_json_reset (answer);
  sand_json_begin_object (answer);
  sand_json_member_bool (answer, "ok", FALSE);
  sand_json_member_string (answer, "error", message);
  if (rule != NULL)
    sand_json_member_string (answer, "rule", rule);
  return TRUE;
}

gboolean
sand_console_is_refusal (SandJson *answer)
{
  g_return_val_if_fail (answer != NULL, FALSE);
  return g_str_has_prefix (sand_json_peek (answer), "{\"ok\":false");
}

static gboolean
is_key_value (const char *arg)
{
  const char *eq = strchr (arg, '=');

  return eq != NULL && eq != arg;
}

const char *
sand_console_arg_value (const char * const *args,
                        const char         *key)
{
  gsize len;

  g_return_val_if_fail (key != NULL, NULL);

  if (args == NULL)
    return NULL;
  len = strlen (key);
  for (guint i = 0; args[i] != NULL; i++)
    if (strncmp (args[i], key, len) == 0 && args[i][len] == '=')
      return args[i] + len + 1;
  return NULL;
}

guint
sand_console_n_positional (const char * const *args)
{
  guint n = 0;

  if (args == NULL)
    return 0;
  for (guint i = 0; args[i] != NULL; i++)
    if (!is_key_value (args[i]))
      n++;
  return n;
}

const char *
sand_console_positional (const char * const *args,
                         guint               n)
{
  if (args == NULL)
    return NULL;
  for (guint i = 0; args[i] != NULL; i++)
    if (!is_key_value (args[i]) && n-- == 0)
      return args[i];
  return NULL;
}

static gboolean
all_digits (const char *text)
{
  if (*text == '\0')
    return FALSE;
  for (; *text != '\0'; text++)
    if (!g_ascii_isdigit (*text))
      return FALSE;
  return TRUE;
}

static gboolean
refuse_no_map (SandJson *answer)
{
  return sand_console_refuse (answer, NULL,
                              "There is no map yet: start with 'new RULESET COLSxROWS' "
                              "or load a scenario.");
}

gboolean
sand_console_parse_hex (SandConsole *self,
                        const char  *text,
                        int         *hex,
                        SandJson    *answer)
{
  const SandGrid *grid;
  gsize len;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (hex != NULL, FALSE);
  g_return_val_if_fail (answer != NULL, FALSE);

  if (self->scenario == NULL)
    {
      refuse_no_map (answer);
      return FALSE;
    }
  if (text == NULL)
    {
      sand_console_refuse (answer, NULL, "A hex id is missing.");
      return FALSE;
    }

  grid = sand_map_get_grid (sand_scenario_get_map (self->scenario));
  len = strlen (text);
  if (!all_digits (text) || len != (gsize) grid->id_digits * 2)
    {
      sand_console_refuse (answer, NULL,
                           "'%s' is not a hex id: write column then row, %d digits each "
                           "(e.g. %s).",
                           text, grid->id_digits,
                           grid->id_digits == 4 ? "00040005" : grid->id_digits == 3 ? "004005" : "0405");
      return FALSE;
    }
  if (!sand_grid_parse_id (grid, text, hex))
    {
      sand_console_refuse (answer, NULL, "Hex %s is off the map (%dx%d).",
                           text, grid->cols, grid->rows);
      return FALSE;
    }
  return TRUE;
}

static char *
ruleset_ids (SandRuleset *ruleset,
             guint      (*count) (SandRuleset *),
             const char *(*id_of) (SandRuleset *, guint))
{
  g_autoptr(GString) out = g_string_new (NULL);
  guint n = count (ruleset);

  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append (out, ", ");
      g_string_append (out, id_of (ruleset, i));
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static const char *
side_id_of (SandRuleset *r, guint i)
{
  return sand_ruleset_get_side (r, i)->id;
}

static const char *
terrain_id_of (SandRuleset *r, guint i)
{
  return sand_ruleset_get_terrain (r, i)->id;
}

static const char *
feature_id_of (SandRuleset *r, guint i)
{
  return sand_ruleset_get_side_feature (r, i)->id;
}

static const char *
country_id_of (SandRuleset *r, guint i)
{
  return sand_ruleset_get_country (r, i)->id;
}

static const char *
unit_type_id_of (SandRuleset *r, guint i)
{
  return sand_ruleset_get_unit_type (r, i)->id;
}

gboolean
sand_console_parse_side (SandConsole *self,
                         const char  *text,
                         int         *side,
                         SandJson    *answer)
{
  SandRuleset *ruleset;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (side != NULL, FALSE);

  if (self->scenario == NULL)
    {
      refuse_no_map (answer);
      return FALSE;
    }
  if (text == NULL)
    {
      sand_console_refuse (answer, NULL, "A side is missing.");
      return FALSE;
    }
  ruleset = sand_scenario_get_ruleset (self->scenario);
  *side = sand_ruleset_find_side (ruleset, text);
  if (*side < 0)
    {
      g_autofree char *known = ruleset_ids (ruleset, sand_ruleset_n_sides, side_id_of);
      sand_console_refuse (answer, NULL, "Unknown side '%s' (the sides are %s).", text, known);
      return FALSE;
    }
  return TRUE;
}

/* A side, or "none"/"-" for markers that belong to nobody. */
static gboolean
parse_side_or_none (SandConsole *self,
                    const char  *text,
                    int         *side,
                    SandJson    *answer)
{
  if (text != NULL && (g_str_equal (text, "none") || g_str_equal (text, "-")))
    {
      *side = -1;
      return TRUE;
    }
  return sand_console_parse_side (self, text, side, answer);
}

gboolean
sand_console_parse_int (const char *text,
                        const char *what,
                        int        *value,
                        SandJson   *answer)
{
  const char *digits;
  gint64 v;
  char *end = NULL;

  g_return_val_if_fail (what != NULL, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);

  if (text == NULL)
    {
      sand_console_refuse (answer, NULL, "The %s is missing.", what);
      return FALSE;
    }
  digits = (text[0] == '-' || text[0] == '+') ? text + 1 : text;
  if (!all_digits (digits))
    {
      sand_console_refuse (answer, NULL, "The %s must be a whole number, not '%s'.", what, text);
      return FALSE;
    }
  errno = 0;
  v = g_ascii_strtoll (text, &end, 10);
  if (errno != 0 || v > G_MAXINT / 2 || v < G_MININT / 2)
    {
      sand_console_refuse (answer, NULL, "The %s %s is too large.", what, text);
      return FALSE;
    }
  *value = (int) v;
  return TRUE;
}

static gboolean
parse_int_min (const char *text,
               const char *what,
               int         min,
               int        *value,
               SandJson   *answer)
{
  if (!sand_console_parse_int (text, what, value, answer))
    return FALSE;
  if (*value < min)
    {
      sand_console_refuse (answer, NULL, "The %s must be at least %d, not %s.", what, min, text);
      return FALSE;
    }
  return TRUE;
}

const char *
sand_console_hex_id (SandConsole *self,
                     int          hex)
{
  const SandGrid *grid;

  g_return_val_if_fail (self != NULL, NULL);

  if (hex == SAND_HEX_NONE || self->scenario == NULL)
    return NULL;
  grid = sand_map_get_grid (sand_scenario_get_map (self->scenario));
  if (hex < 0 || hex >= sand_grid_n_hexes (grid))
    return NULL;
  sand_grid_format_id (grid, hex, self->hex_buf);
  return self->hex_buf;
}

void
sand_console_json_hex (SandConsole *self,
                       SandJson    *answer,
                       int          hex)
{
  sand_json_string (answer, sand_console_hex_id (self, hex));
}

/* }}} */
/* {{{ Tokenizer */

GStrv
sand_console_tokenize (const char  *line,
                       GError     **error)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GString) token = g_string_new (NULL);
  const char *p = line;

  g_return_val_if_fail (line != NULL, NULL);

  for (;;)
    {
      gboolean in_token = FALSE;

      while (*p != '\0' && g_ascii_isspace (*p))
        p++;
      if (*p == '\0' || *p == '#')
        break;

      g_string_truncate (token, 0);
      while (*p != '\0' && !g_ascii_isspace (*p))
        {
          if (*p == '"' || *p == '\'')
            {
              char quote = *p++;

              while (*p != '\0' && *p != quote)
                {
                  if (quote == '"' && *p == '\\' && p[1] != '\0')
                    p++;
                  g_string_append_c (token, *p++);
                }
              if (*p == '\0')
                {
                  g_set_error (error, G_SHELL_ERROR, G_SHELL_ERROR_BAD_QUOTING,
                               "A %s quote is not closed.",
                               quote == '"' ? "double" : "single");
                  return NULL;
                }
              p++;
            }
          else
            {
              g_string_append_c (token, *p++);
            }
          in_token = TRUE;
        }
      if (in_token)
        g_strv_builder_add (builder, token->str);
    }
  return g_strv_builder_end (builder);
}

/* }}} */
/* {{{ Map-building commands */

static SandRuleset *
ruleset_of (SandConsole *self)
{
  return sand_scenario_get_ruleset (self->scenario);
}

static SandMap *
map_of (SandConsole *self)
{
  return sand_scenario_get_map (self->scenario);
}

static const SandGrid *
grid_of (SandConsole *self)
{
  return sand_map_get_grid (map_of (self));
}

/* Parses positional arguments first..end as hexes into @out. */
static gboolean
parse_hex_list (SandConsole        *self,
                const char * const *args,
                guint               first,
                GArray             *out,
                SandJson           *answer)
{
  guint n = sand_console_n_positional (args);

  for (guint i = first; i < n; i++)
    {
      int hex;

      if (!sand_console_parse_hex (self, sand_console_positional (args, i), &hex, answer))
        return FALSE;
      g_array_append_val (out, hex);
    }
  return TRUE;
}

/* Joins positional arguments first..end with spaces, so that a name may be
 * written without quotes; NULL when there are none. */
static char *
join_rest (const char * const *args,
           guint               first)
{
  g_autoptr(GString) out = NULL;
  guint n = sand_console_n_positional (args);

  for (guint i = first; i < n; i++)
    {
      if (out == NULL)
        out = g_string_new (NULL);
      else
        g_string_append_c (out, ' ');
      g_string_append (out, sand_console_positional (args, i));
    }
  return out != NULL ? g_string_free (g_steal_pointer (&out), FALSE) : NULL;
}

static gboolean
parse_size (const char *text,
            int        *cols,
            int        *rows)
{
  g_auto(GStrv) parts = NULL;

  if (text == NULL)
    return FALSE;
  parts = g_strsplit_set (text, "xX", -1);
  if (g_strv_length (parts) != 2 || !all_digits (parts[0]) || !all_digits (parts[1])
      || strlen (parts[0]) > 6 || strlen (parts[1]) > 6)
    return FALSE;
  *cols = atoi (parts[0]);
  *rows = atoi (parts[1]);
  return TRUE;
}

static gboolean
cmd_new (SandConsole        *self,
         const char * const *args,
         SandJson           *answer)
{
  const char *id = sand_console_positional (args, 0);
  const char *size = sand_console_positional (args, 1);
  const char *orientation_text = sand_console_arg_value (args, "orientation");
  const char *stagger_text = sand_console_arg_value (args, "stagger");
  SandOrientation orientation = SAND_ORIENTATION_FLAT;
  SandStagger stagger = SAND_STAGGER_EVEN;
  g_autoptr(GError) error = NULL;
  g_autoptr(SandMap) map = NULL;
  g_autoptr(SandScenario) scenario = NULL;
  SandRuleset *ruleset;
  int cols, rows, clear;

  if (!parse_size (size, &cols, &rows))
    return sand_console_refuse (answer, NULL,
                                "The map size must be COLSxROWS (e.g. 20x15), not '%s'.", size);
  if (cols < 1 || rows < 1 || cols > SAND_MAX_MAP_DIM || rows > SAND_MAX_MAP_DIM)
    return sand_console_refuse (answer, NULL,
                                "A map is 1 to %d hexes wide and tall, not %dx%d.",
                                SAND_MAX_MAP_DIM, cols, rows);
  if (orientation_text != NULL)
    {
      if (g_str_equal (orientation_text, "flat"))
        orientation = SAND_ORIENTATION_FLAT;
      else if (g_str_equal (orientation_text, "pointy"))
        orientation = SAND_ORIENTATION_POINTY;
      else
        return sand_console_refuse (answer, NULL,
                                    "The orientation is flat or pointy, not '%s'.",
                                    orientation_text);
    }
  if (stagger_text != NULL)
    {
      if (g_str_equal (stagger_text, "even"))
        stagger = SAND_STAGGER_EVEN;
      else if (g_str_equal (stagger_text, "odd"))
        stagger = SAND_STAGGER_ODD;
      else
        return sand_console_refuse (answer, NULL, "The stagger is even or odd, not '%s'.",
                                    stagger_text);
    }

  ruleset = sand_ruleset_lookup (id, &error);
  if (ruleset == NULL)
    {
      g_autofree char *known = g_strjoinv (", ", (char **) sand_ruleset_list_shipped ());
      return sand_console_refuse (answer, NULL, "Unknown ruleset '%s' (the rulesets are %s).",
                                  id, known);
    }

  map = sand_map_new (ruleset, cols, rows, orientation, stagger);
  clear = sand_ruleset_find_terrain (ruleset, "clear");
  if (clear > 0)
    {
      int n = cols * rows;

      sand_map_freeze_changes (map);
      for (int hex = 0; hex < n; hex++)
        sand_map_set_terrain (map, hex, (guint8) clear);
      sand_map_thaw_changes (map);
    }
  scenario = sand_scenario_new (map);
  sand_console_set_scenario (self, scenario);

  sand_json_member_string (answer, "ruleset", sand_ruleset_get_id (ruleset));
  sand_json_key (answer, "size");
  sand_json_printf (answer, "%dx%d", cols, rows);
  return TRUE;
}

static gboolean
cmd_terrain (SandConsole        *self,
             const char * const *args,
             SandJson           *answer)
{
  const char *id = sand_console_positional (args, 0);
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  SandMap *map = map_of (self);
  int terrain;

  if (id == NULL)
    return sand_console_refuse (answer, NULL, "Name a terrain and hexes: terrain TERRAIN HEX….");
  terrain = sand_ruleset_find_terrain (ruleset_of (self), id);
  if (terrain < 0)
    {
      g_autofree char *known = ruleset_ids (ruleset_of (self), sand_ruleset_n_terrains,
                                            terrain_id_of);
      return sand_console_refuse (answer, NULL, "Unknown terrain '%s' (the terrains are %s).",
                                  id, known);
    }
  if (sand_console_n_positional (args) < 2)
    return sand_console_refuse (answer, NULL, "Name at least one hex: terrain %s HEX….", id);
  if (!parse_hex_list (self, args, 1, hexes, answer))
    return TRUE;

  sand_map_freeze_changes (map);
  for (guint i = 0; i < hexes->len; i++)
    sand_map_set_terrain (map, g_array_index (hexes, int, i), (guint8) terrain);
  sand_map_thaw_changes (map);
  return TRUE;
}

static gboolean
parse_direction (SandConsole *self,
                 const char  *text,
                 int         *dir,
                 SandJson    *answer)
{
  const SandGrid *grid = grid_of (self);

  *dir = text != NULL ? sand_grid_parse_direction (grid, text) : -1;
  if (*dir < 0)
    {
      g_autoptr(GString) known = g_string_new (NULL);

      for (int d = 0; d < SAND_N_DIRS; d++)
        g_string_append_printf (known, "%s%s", d > 0 ? " " : "",
                                sand_grid_direction_name (grid, d));
      if (text == NULL)
        sand_console_refuse (answer, NULL, "A direction is missing (%s).", known->str);
      else
        sand_console_refuse (answer, NULL,
                             "Unknown direction '%s' (on this map the directions are %s).",
                             text, known->str);
      return FALSE;
    }
  return TRUE;
}

static gboolean
cmd_hexside (SandConsole        *self,
             const char * const *args,
             SandJson           *answer)
{
  SandRuleset *ruleset = ruleset_of (self);
  const char *list = sand_console_positional (args, 2);
  g_auto(GStrv) ids = NULL;
  guint32 before, added = 0, after;
  int hex, dir;

  if (!sand_console_parse_hex (self, sand_console_positional (args, 0), &hex, answer)
      || !parse_direction (self, sand_console_positional (args, 1), &dir, answer))
    return TRUE;
  if (list == NULL)
    return sand_console_refuse (answer, NULL,
                                "Name the features: hexside HEX DIR FEATURE[,FEATURE…].");

  ids = g_strsplit (list, ",", -1);
  for (guint i = 0; ids[i] != NULL; i++)
    {
      int feature = sand_ruleset_find_side_feature (ruleset, ids[i]);

      if (feature < 0 || feature >= SAND_MAX_SIDE_FEATURES)
        {
          g_autofree char *known = ruleset_ids (ruleset, sand_ruleset_n_side_features,
                                                feature_id_of);
          return sand_console_refuse (answer, NULL,
                                      "Unknown hexside feature '%s' (the features are %s).",
                                      ids[i], known);
        }
      added |= 1u << feature;
    }

  before = sand_map_get_side (map_of (self), hex, dir);
  after = before | added;
  /* A bridge needs water on the same side: refuse here rather than leave
   * the validator to find it, since the fix is one word in the line. */
  for (guint i = 0; i < sand_ruleset_n_side_features (ruleset) && i < SAND_MAX_SIDE_FEATURES; i++)
    {
      const SandSideFeatureDef *def = sand_ruleset_get_side_feature (ruleset, i);

      if ((added & (1u << i)) && def->requires != 0 && (after & def->requires) == 0)
        {
          g_autoptr(GString) needs = g_string_new (NULL);

          for (guint j = 0; j < sand_ruleset_n_side_features (ruleset) && j < 32; j++)
            if (def->requires & (1u << j))
              g_string_append_printf (needs, "%s%s", needs->len > 0 ? " or " : "",
                                      sand_ruleset_get_side_feature (ruleset, j)->id);
          return sand_console_refuse (answer, NULL,
                                      "A %s needs a %s on the same hexside.",
                                      def->id, needs->str);
        }
    }
  sand_map_set_side (map_of (self), hex, dir, after);
  return TRUE;
}

static gboolean
cmd_clear_hexside (SandConsole        *self,
                   const char * const *args,
                   SandJson           *answer)
{
  SandRuleset *ruleset = ruleset_of (self);
  const char *what = sand_console_positional (args, 2);
  guint32 mask;
  int hex, dir;

  if (!sand_console_parse_hex (self, sand_console_positional (args, 0), &hex, answer)
      || !parse_direction (self, sand_console_positional (args, 1), &dir, answer))
    return TRUE;

  /* Roads and rails are laid with their own commands and survive unless
   * asked for, so clearing a river does not cut the road over its bridge. */
  if (what == NULL)
    mask = sand_ruleset_side_kind_mask (ruleset, SAND_SIDE_FEATURE);
  else if (g_str_equal (what, "all"))
    mask = G_MAXUINT32;
  else
    return sand_console_refuse (answer, NULL,
                                "clear-hexside takes HEX DIR and optionally 'all', not '%s'.",
                                what);

  sand_map_set_side (map_of (self), hex, dir, sand_map_get_side (map_of (self), hex, dir) & ~mask);
  return TRUE;
}

static gboolean
connect_command (SandConsole        *self,
                 const char         *feature_id,
                 const char * const *args,
                 SandJson           *answer)
{
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GError) error = NULL;
  int feature = sand_ruleset_find_side_feature (ruleset_of (self), feature_id);

  if (feature < 0)
    return sand_console_refuse (answer, NULL, "The ruleset %s has no %s.",
                                sand_ruleset_get_id (ruleset_of (self)), feature_id);
  if (sand_console_n_positional (args) < 2)
    return sand_console_refuse (answer, NULL,
                                "A %s needs at least two hexes: %s HEX HEX….",
                                feature_id, feature_id);
  if (!parse_hex_list (self, args, 0, hexes, answer))
    return TRUE;

  for (guint i = 1; i < hexes->len; i++)
    {
      int a = g_array_index (hexes, int, i - 1);
      int b = g_array_index (hexes, int, i);

      if (sand_grid_direction_to (grid_of (self), a, b) < 0)
        {
          g_autofree char *ida = sand_grid_dup_id (grid_of (self), a);
          g_autofree char *idb = sand_grid_dup_id (grid_of (self), b);

          return sand_console_refuse (answer, NULL,
                                      "Hexes %s and %s are not adjacent: a %s runs through "
                                      "neighbouring hexes.",
                                      ida, idb, feature_id);
        }
    }
  if (!sand_map_connect_path (map_of (self), feature, (const int *) (void *) hexes->data,
                              hexes->len, TRUE, &error))
    return sand_console_refuse (answer, NULL, "%s", error->message);
  return TRUE;
}

static gboolean
cmd_rail (SandConsole        *self,
          const char * const *args,
          SandJson           *answer)
{
  return connect_command (self, "rail", args, answer);
}

static gboolean
cmd_road (SandConsole        *self,
          const char * const *args,
          SandJson           *answer)
{
  return connect_command (self, "road", args, answer);
}

static gboolean
cmd_country (SandConsole        *self,
             const char * const *args,
             SandJson           *answer)
{
  const char *id = sand_console_positional (args, 0);
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  SandMap *map = map_of (self);
  int country;

  if (id == NULL)
    return sand_console_refuse (answer, NULL, "Name a country and hexes: country COUNTRY HEX….");
  if (g_str_equal (id, "none"))
    {
      country = -1;
    }
  else
    {
      country = sand_ruleset_find_country (ruleset_of (self), id);
      if (country < 0)
        {
          g_autofree char *known = ruleset_ids (ruleset_of (self), sand_ruleset_n_countries,
                                                country_id_of);
          return sand_console_refuse (answer, NULL,
                                      "Unknown country '%s' (the countries are %s, or none).",
                                      id, known);
        }
    }
  if (sand_console_n_positional (args) < 2)
    return sand_console_refuse (answer, NULL, "Name at least one hex: country %s HEX….", id);
  if (!parse_hex_list (self, args, 1, hexes, answer))
    return TRUE;

  sand_map_freeze_changes (map);
  for (guint i = 0; i < hexes->len; i++)
    sand_map_set_country (map, g_array_index (hexes, int, i), country);
  sand_map_thaw_changes (map);
  return TRUE;
}

static gboolean
cmd_place (SandConsole        *self,
           const char * const *args,
           SandJson           *answer)
{
  g_autofree char *name = join_rest (args, 1);
  int hex;

  if (!sand_console_parse_hex (self, sand_console_positional (args, 0), &hex, answer))
    return TRUE;
  if (name == NULL)
    return sand_console_refuse (answer, NULL, "The place needs a name: place HEX NAME.");
  sand_map_set_place (map_of (self), hex, name);
  return TRUE;
}

static gboolean
cmd_fort (SandConsole        *self,
          const char * const *args,
          SandJson           *answer)
{
  g_autofree char *name = join_rest (args, 3);
  const char *capacity_text = sand_console_arg_value (args, "capacity");
  SandMarker *marker;
  int hex, side, strength, capacity = -1;

  if (!sand_console_parse_hex (self, sand_console_positional (args, 0), &hex, answer)
      || !parse_side_or_none (self, sand_console_positional (args, 1), &side, answer)
      || !parse_int_min (sand_console_positional (args, 2), "fort strength", 0, &strength,
                         answer))
    return TRUE;
  if (capacity_text != NULL
      && !parse_int_min (capacity_text, "supply capacity", -1, &capacity, answer))
    return TRUE;
  if (sand_map_find_marker (map_of (self), SAND_MARKER_FORT, hex) >= 0)
    return sand_console_refuse (answer, NULL, "Hex %s already has a fortification.",
                                sand_console_positional (args, 0));

  marker = sand_marker_new (SAND_MARKER_FORT, hex);
  marker->side = side;
  marker->strength = strength;
  marker->capacity = capacity;
  marker->name = g_steal_pointer (&name);
  sand_map_add_marker (map_of (self), marker);
  return TRUE;
}

static gboolean
cmd_marker (SandConsole        *self,
            const char * const *args,
            SandJson           *answer)
{
  const char *kind = sand_console_positional (args, 0);
  const char *hex_text = sand_console_positional (args, 1);
  const char *value_text = sand_console_arg_value (args, "value");
  const char *capacity_text = sand_console_arg_value (args, "capacity");
  const char *name = sand_console_arg_value (args, "name");
  g_autoptr(SandMarker) marker = NULL;
  SandMap *map = map_of (self);
  int hex, side = -1;

  if (kind == NULL)
    return sand_console_refuse (answer, NULL,
                                "Name the marker: marker KIND HEX SIDE [key=value…].");
  if (!sand_console_parse_hex (self, hex_text, &hex, answer))
    return TRUE;

  /* A place name is a fact of the hex, not a marker, but scripts written
   * for markers read better with it here too. */
  if (g_str_equal (kind, "place"))
    {
      g_autofree char *rest = join_rest (args, 3);

      if (name == NULL)
        name = rest;
      if (name == NULL)
        return sand_console_refuse (answer, NULL, "The place needs a name: name=NAME.");
      sand_map_set_place (map, hex, name);
      return TRUE;
    }
  if (sand_console_n_positional (args) > 3)
    return sand_console_refuse (answer, NULL,
                                "Too many arguments (usage: marker KIND HEX SIDE [key=value…]); "
                                "quote names that have spaces.");

  if (sand_console_positional (args, 2) != NULL
      && !parse_side_or_none (self, sand_console_positional (args, 2), &side, answer))
    return TRUE;

  if (g_str_equal (kind, "supply"))
    {
      marker = sand_marker_new (SAND_MARKER_SUPPLY, hex);
      marker->capacity = -1;
      if (capacity_text != NULL
          && !parse_int_min (capacity_text, "supply capacity", -1, &marker->capacity, answer))
        return TRUE;
      marker->name = g_strdup (name);
    }
  else if (g_str_equal (kind, "entry"))
    {
      const char *group = sand_console_arg_value (args, "group");

      /* A flag without a group is useless to reinforcements; "1" is what a
       * map with one entry group would print. */
      marker = sand_marker_new (SAND_MARKER_ENTRY, hex);
      marker->group = g_strdup (group != NULL && *group != '\0' ? group : "1");
      marker->name = g_strdup (name);
    }
  else if (g_str_equal (kind, "zone"))
    {
      const char *zone = sand_console_arg_value (args, "zone");

      if (zone == NULL)
        zone = sand_console_arg_value (args, "id");
      if (zone == NULL)
        return sand_console_refuse (answer, NULL, "A zone marker needs zone=ID.");
      if (sand_map_find_zone (map, zone) < 0)
        sand_map_add_zone (map, zone, name != NULL ? name : zone, side, NULL);
      marker = sand_marker_new (SAND_MARKER_ZONE, hex);
      marker->group = g_strdup (zone);
    }
  else if (g_str_equal (kind, "victory"))
    {
      marker = sand_marker_new (SAND_MARKER_VICTORY, hex);
      marker->value = 1;
      if (value_text != NULL
          && !sand_console_parse_int (value_text, "victory value", &marker->value, answer))
        return TRUE;
      marker->name = g_strdup (name);
    }
  else if (g_str_equal (kind, "link"))
    {
      const char *to = sand_console_arg_value (args, "to");
      const char *distance = sand_console_arg_value (args, "distance");
      const char *group = sand_console_arg_value (args, "group");
      int hex2, value;

      if (to == NULL)
        return sand_console_refuse (answer, NULL,
                                    "A link needs the other end: to=HEX distance=N.");
      if (!sand_console_parse_hex (self, to, &hex2, answer)
          || !parse_int_min (distance, "link distance", 0, &value, answer))
        return TRUE;
      marker = sand_marker_new (SAND_MARKER_OFFMAP_LINK, hex);
      marker->hex2 = hex2;
      marker->value = value;
      marker->group = g_strdup (group != NULL ? group : "rail");
    }
  else if (g_str_equal (kind, "edge"))
    {
      const char *edge = sand_console_arg_value (args, "edge");

      if (edge == NULL || !(g_str_equal (edge, "north") || g_str_equal (edge, "south")
                            || g_str_equal (edge, "east") || g_str_equal (edge, "west")))
        return sand_console_refuse (answer, NULL,
                                    "An edge marker needs edge=north|south|east|west.");
      marker = sand_marker_new (SAND_MARKER_EDGE_VALUE, hex);
      marker->group = g_strdup (edge);
      if (!sand_console_parse_int (value_text, "edge value", &marker->value, answer))
        return TRUE;
    }
  else if (g_str_equal (kind, "custom"))
    {
      if (name == NULL)
        return sand_console_refuse (answer, NULL, "A custom marker needs name=KIND.");
      marker = sand_marker_new (SAND_MARKER_CUSTOM, hex);
      marker->name = g_strdup (name);
      if (value_text != NULL
          && !sand_console_parse_int (value_text, "marker value", &marker->value, answer))
        return TRUE;
    }
  else
    {
      return sand_console_refuse (answer, NULL,
                                  "Unknown marker kind '%s' (the kinds are supply, entry, zone, "
                                  "victory, link, edge, place, custom; forts have their own "
                                  "command).",
                                  kind);
    }

  marker->side = side;
  sand_map_add_marker (map, g_steal_pointer (&marker));
  return TRUE;
}

/* The OOB a console-made unit goes into: the side's first, or a new one. */
static SandOob *
console_oob (SandConsole *self,
             int          side)
{
  SandOob *oob = sand_scenario_default_oob (self->scenario, side);

  if (oob == NULL)
    {
      SandRuleset *ruleset = ruleset_of (self);
      g_autofree char *id = g_strdup_printf ("console-%s",
                                             sand_ruleset_get_side (ruleset, side)->id);

      guint index;

      oob = sand_oob_new (id, side);
      g_free (oob->name);
      oob->name = g_strdup ("Console");
      index = sand_scenario_add_oob (self->scenario, oob);
      oob = sand_scenario_get_oob (self->scenario, index);
    }
  return oob;
}

static gboolean
cmd_unit (SandConsole        *self,
          const char * const *args,
          SandJson           *answer)
{
  SandRuleset *ruleset = ruleset_of (self);
  const char *id = sand_console_positional (args, 0);
  const char *type_text = sand_console_positional (args, 2);
  const char *text;
  g_autoptr(SandCounter) counter = NULL;
  SandOob *oob;
  int side, type, hex, arrive = 0;
  gboolean entrained = FALSE;

  if (sand_console_n_positional (args) != 4)
    return sand_console_refuse (answer, NULL,
                                "unit takes ID SIDE TYPE HEX [key=value…], with names in quotes.");
  if (sand_scenario_find_counter (self->scenario, id) >= 0)
    return sand_console_refuse (answer, NULL, "There is already a unit '%s'.", id);
  if (!sand_console_parse_side (self, sand_console_positional (args, 1), &side, answer))
    return TRUE;
  type = sand_ruleset_find_unit_type (ruleset, type_text);
  if (type < 0)
    {
      g_autofree char *known = ruleset_ids (ruleset, sand_ruleset_n_unit_types,
                                            unit_type_id_of);
      return sand_console_refuse (answer, NULL, "Unknown unit type '%s' (the types are %s).",
                                  type_text, known);
    }
  if (!sand_console_parse_hex (self, sand_console_positional (args, 3), &hex, answer))
    return TRUE;

  counter = sand_counter_new ();
  counter->id = g_strdup (id);
  counter->side = side;
  counter->type = type;
  counter->reduced = -1;
  if ((text = sand_console_arg_value (args, "strength"))
      && !parse_int_min (text, "strength", 0, &counter->strength, answer))
    return TRUE;
  if ((text = sand_console_arg_value (args, "reduced"))
      && !parse_int_min (text, "reduced strength", -1, &counter->reduced, answer))
    return TRUE;
  if ((text = sand_console_arg_value (args, "steps"))
      && !parse_int_min (text, "number of steps", 0, &counter->steps, answer))
    return TRUE;
  if ((text = sand_console_arg_value (args, "ma"))
      && !parse_int_min (text, "movement allowance", 0, &counter->ma, answer))
    return TRUE;
  if ((text = sand_console_arg_value (args, "quality")))
    {
      if (!sand_console_parse_int (text, "quality", &counter->quality, answer))
        return TRUE;
      if (counter->quality < -1 || counter->quality > 1)
        return sand_console_refuse (answer, NULL,
                                    "The quality is -1 (inferior), 0 or 1 (superior), not %s.",
                                    text);
    }
  if ((text = sand_console_arg_value (args, "arrive"))
      && !parse_int_min (text, "arrival turn", 1, &arrive, answer))
    return TRUE;
  if (sand_console_arg_value (args, "entry") != NULL && arrive == 0)
    return sand_console_refuse (answer, NULL,
                                "entry= names the entry flag of a reinforcement: give arrive=TURN "
                                "too.");
  if ((text = sand_console_arg_value (args, "entrained")))
    {
      if (g_str_equal (text, "yes") || g_str_equal (text, "true") || g_str_equal (text, "1"))
        entrained = TRUE;
      else if (!(g_str_equal (text, "no") || g_str_equal (text, "false")
                 || g_str_equal (text, "0")))
        return sand_console_refuse (answer, NULL, "entrained is yes or no, not '%s'.", text);
    }
  counter->name = g_strdup (sand_console_arg_value (args, "name"));
  counter->parent = g_strdup (sand_console_arg_value (args, "parent"));
  counter->band = g_strdup (sand_console_arg_value (args, "band"));
  counter->note = g_strdup (sand_console_arg_value (args, "note"));

  if (!sand_scenario_add_counter (self->scenario, g_steal_pointer (&counter)))
    return sand_console_refuse (answer, NULL, "There is already a unit '%s'.", id);

  oob = console_oob (self, side);
  if (arrive > 0)
    {
      SandReinforcement *r = sand_reinforcement_new ();

      r->turn = arrive;
      r->counter = g_strdup (id);
      r->hex = hex;
      r->entry = g_strdup (sand_console_arg_value (args, "entry"));
      r->entrained = entrained;
      g_ptr_array_add (oob->reinforcements, r);
    }
  else
    {
      SandPlacement *p = g_new0 (SandPlacement, 1);

      p->counter = g_strdup (id);
      p->hex = hex;
      g_ptr_array_add (oob->placements, p);
    }
  sand_scenario_emit_changed (self->scenario);
  return TRUE;
}

static gboolean
cmd_turns (SandConsole        *self,
           const char * const *args,
           SandJson           *answer)
{
  const char *first = sand_console_arg_value (args, "first");
  int turns, side = -1;

  if (!parse_int_min (sand_console_positional (args, 0), "number of turns", 1, &turns, answer))
    return TRUE;
  if (turns > 999)
    return sand_console_refuse (answer, NULL, "A game lasts at most 999 turns, not %d.", turns);
  if (first != NULL && !sand_console_parse_side (self, first, &side, answer))
    return TRUE;

  sand_scenario_set_turns (self->scenario, turns);
  if (side >= 0)
    sand_scenario_set_first_side (self->scenario, side);
  return TRUE;
}

static gboolean
cmd_title (SandConsole        *self,
           const char * const *args,
           SandJson           *answer)
{
  g_autofree char *title = join_rest (args, 0);

  sand_scenario_set_title (self->scenario, title);
  return TRUE;
}

static gboolean
cmd_info (SandConsole        *self,
          const char * const *args,
          SandJson           *answer)
{
  const SandGrid *grid = grid_of (self);

  sand_json_member_string (answer, "title", sand_scenario_get_title (self->scenario));
  sand_json_member_string (answer, "ruleset", sand_ruleset_get_id (ruleset_of (self)));
  sand_json_key (answer, "size");
  sand_json_printf (answer, "%dx%d", grid->cols, grid->rows);
  sand_json_member_string (answer, "orientation",
                           grid->orientation == SAND_ORIENTATION_FLAT ? "flat" : "pointy");
  sand_json_member_string (answer, "stagger", grid->stagger == SAND_STAGGER_EVEN ? "even" : "odd");
  sand_json_member_int (answer, "turns", sand_scenario_get_turns (self->scenario));
  sand_json_member_int (answer, "counters", sand_scenario_n_counters (self->scenario));
  sand_json_member_int (answer, "markers", sand_map_n_markers (map_of (self)));
  sand_json_member_int (answer, "oobs", sand_scenario_n_oobs (self->scenario));
  return TRUE;
}

/* Where the default OOB of the counter's side sets it up. */
static void
find_setup (SandConsole       *self,
            const SandCounter *counter,
            int               *hex,
            const char       **zone,
            int               *arrive)
{
  SandOob *oob = sand_scenario_default_oob (self->scenario, counter->side);

  *hex = SAND_HEX_NONE;
  *zone = NULL;
  *arrive = 0;
  if (oob == NULL)
    return;
  for (guint i = 0; i < oob->placements->len; i++)
    {
      SandPlacement *p = g_ptr_array_index (oob->placements, i);

      if (g_strcmp0 (p->counter, counter->id) == 0)
        {
          *hex = p->hex;
          *zone = p->zone;
          return;
        }
    }
  for (guint i = 0; i < oob->reinforcements->len; i++)
    {
      SandReinforcement *r = g_ptr_array_index (oob->reinforcements, i);

      if (g_strcmp0 (r->counter, counter->id) == 0)
        {
          *arrive = r->turn;
          return;
        }
    }
}

/* The set-up as a state, for scripts that inspect a map before any game
 * exists; the rules side answers `state` once it has a game. */
void
sand_console_write_setup_state (SandConsole *self,
                                SandJson    *answer)
{
  SandRuleset *ruleset;
  guint n;

  g_return_if_fail (self != NULL);
  g_return_if_fail (answer != NULL);
  g_return_if_fail (self->scenario != NULL);

  ruleset = ruleset_of (self);
  n = sand_scenario_n_counters (self->scenario);

  sand_json_key (answer, "units");
  sand_json_begin_array (answer);
  for (guint i = 0; i < n; i++)
    {
      const SandCounter *c = sand_scenario_get_counter (self->scenario, i);
      const char *zone;
      int hex, arrive;

      find_setup (self, c, &hex, &zone, &arrive);
      sand_json_begin_object (answer);
      sand_json_member_string (answer, "id", c->id);
      sand_json_member_string (answer, "side",
                               c->side >= 0 && (guint) c->side < sand_ruleset_n_sides (ruleset)
                               ? sand_ruleset_get_side (ruleset, c->side)->id : NULL);
      sand_json_member_string (answer, "type",
                               c->type >= 0
                               && (guint) c->type < sand_ruleset_n_unit_types (ruleset)
                               ? sand_ruleset_get_unit_type (ruleset, c->type)->id : NULL);
      sand_json_key (answer, "hex");
      sand_console_json_hex (self, answer, hex);
      if (c->steps > 0)
        sand_json_member_int (answer, "steps", c->steps);
      else
        sand_json_member_int (answer, "strength", c->strength);
      if (zone != NULL)
        sand_json_member_string (answer, "zone", zone);
      if (arrive > 0)
        sand_json_member_int (answer, "arrive", arrive);
      sand_json_end_object (answer);
    }
  sand_json_end_array (answer);
  sand_json_member_null (answer, "turn");
  sand_json_member_null (answer, "side");
  sand_json_member_null (answer, "phase");
}

static gboolean
cmd_save (SandConsole        *self,
          const char * const *args,
          SandJson           *answer)
{
  const char *path = sand_console_positional (args, 0);
  g_autoptr(GError) error = NULL;

  /* No backup: scripts save to scratch files over and over, and the
   * replace is atomic anyway. */
  if (!sand_scenario_save_file (self->scenario, path, FALSE, &error))
    return sand_console_refuse (answer, NULL, "Could not save %s: %s", path, error->message);
  sand_json_member_string (answer, "path", path);
  return TRUE;
}

static gboolean
cmd_load (SandConsole        *self,
          const char * const *args,
          SandJson           *answer)
{
  const char *path = sand_console_positional (args, 0);
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) scenario = sand_scenario_load_file (path, &error);
  const SandGrid *grid;

  if (scenario == NULL)
    return sand_console_refuse (answer, NULL, "%s", error->message);
  sand_console_set_scenario (self, scenario);

  grid = grid_of (self);
  sand_json_member_string (answer, "path", path);
  sand_json_member_string (answer, "ruleset", sand_ruleset_get_id (ruleset_of (self)));
  sand_json_key (answer, "size");
  sand_json_printf (answer, "%dx%d", grid->cols, grid->rows);
  return TRUE;
}

static const Command commands[] = {
  { "new", cmd_new, FALSE, FALSE, 2, 2,
    "new RULESET COLSxROWS [orientation=flat|pointy] [stagger=even|odd]", "orientation stagger" },
  { "terrain", cmd_terrain, TRUE, TRUE, 0, -1, "terrain TERRAIN HEX…", NULL },
  { "hexside", cmd_hexside, TRUE, TRUE, 0, 3, "hexside HEX DIR FEATURE[,FEATURE…]", NULL },
  { "clear-hexside", cmd_clear_hexside, TRUE, TRUE, 0, 3, "clear-hexside HEX DIR [all]", NULL },
  { "rail", cmd_rail, TRUE, TRUE, 0, -1, "rail HEX HEX…", NULL },
  { "road", cmd_road, TRUE, TRUE, 0, -1, "road HEX HEX…", NULL },
  { "country", cmd_country, TRUE, TRUE, 0, -1, "country COUNTRY HEX…", NULL },
  { "place", cmd_place, TRUE, TRUE, 0, -1, "place HEX NAME", NULL },
  { "fort", cmd_fort, TRUE, TRUE, 0, -1, "fort HEX SIDE STRENGTH [NAME] [capacity=N]",
    "capacity" },
  { "marker", cmd_marker, TRUE, TRUE, 0, -1, "marker KIND HEX SIDE [key=value…]",
    "group zone id value to distance name capacity edge" },
  { "unit", cmd_unit, TRUE, TRUE, 0, -1, "unit ID SIDE TYPE HEX [key=value…]",
    "strength reduced steps ma quality name parent band note arrive entrained entry" },
  { "turns", cmd_turns, TRUE, TRUE, 1, 1, "turns N [first=SIDE]", "first" },
  { "title", cmd_title, TRUE, TRUE, 1, -1, "title TEXT", NULL },
  { "info", cmd_info, TRUE, FALSE, 0, 0, "info", NULL },
  { "save", cmd_save, TRUE, FALSE, 1, 1, "save PATH", NULL },
  { "load", cmd_load, FALSE, FALSE, 1, 1, "load PATH", NULL },
};

/* }}} */
/* {{{ Dispatch */

static const Command *
find_command (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (commands[i].name, name))
      return &commands[i];
  return NULL;
}

/* Key=value arguments a command does not know are refused, so that a typo
 * ("strenght=6") is not silently ignored. */
static gboolean
check_keys (const Command      *command,
            const char * const *args,
            SandJson           *answer)
{
  g_auto(GStrv) keys = g_strsplit (command->keys != NULL ? command->keys : "", " ", -1);

  for (guint i = 0; args[i] != NULL; i++)
    {
      g_autofree char *key = NULL;

      if (!is_key_value (args[i]))
        continue;
      key = g_strndup (args[i], strchr (args[i], '=') - args[i]);
      if (!g_strv_contains ((const char * const *) keys, key))
        {
          if (command->keys == NULL)
            sand_console_refuse (answer, NULL, "%s takes no '%s=' option (usage: %s).",
                                 command->name, key, command->usage);
          else
            sand_console_refuse (answer, NULL, "%s has no option '%s' (usage: %s).",
                                 command->name, key, command->usage);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
run_command (SandConsole        *self,
             const Command      *command,
             const char * const *args,
             SandJson           *answer)
{
  int n;

  if (command->needs_map && self->scenario == NULL)
    return refuse_no_map (answer);
  if (!check_keys (command, args, answer))
    return TRUE;
  n = (int) sand_console_n_positional (args);
  if (n < command->min_args)
    return sand_console_refuse (answer, NULL, "Arguments are missing (usage: %s).",
                                command->usage);
  if (command->max_args >= 0 && n > command->max_args)
    return sand_console_refuse (answer, NULL, "Too many arguments (usage: %s); quote names "
                                "that have spaces.", command->usage);

  command->func (self, args, answer);
  if (command->changes && !sand_console_is_refusal (answer))
    sand_console_game_scenario_changed (self);
  return TRUE;
}

char *
sand_console_execute (SandConsole *self,
                      const char  *line)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) tokens = NULL;
  SandJson *answer;
  const Command *command;
  const char * const *args;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (line != NULL, NULL);

  answer = sand_json_new ();
  sand_json_begin_object (answer);
  sand_json_member_bool (answer, "ok", TRUE);

  if (!g_utf8_validate (line, -1, NULL))
    {
      sand_console_refuse (answer, NULL, "The line is not valid UTF-8 text.");
      return sand_json_free_to_string (answer);
    }

  tokens = sand_console_tokenize (line, &error);
  if (tokens == NULL)
    {
      sand_console_refuse (answer, NULL, "%s", error->message);
      return sand_json_free_to_string (answer);
    }
  if (tokens[0] == NULL)
    {
      sand_json_free (answer);
      return NULL;
    }

  args = (const char * const *) tokens + 1;
  command = find_command (tokens[0]);
  if (command != NULL)
    {
      run_command (self, command, args, answer);
    }
  else if (!sand_console_game_execute (self, tokens[0], args, answer))
    {
      /* The rules side did not take it: `state` still describes the set-up. */
      if (g_str_equal (tokens[0], "state") && self->scenario != NULL)
        {
          sand_json_reset (answer);
          sand_json_begin_object (answer);
          sand_json_member_bool (answer, "ok", TRUE);
          sand_console_write_setup_state (self, answer);
        }
      else if (g_str_equal (tokens[0], "state"))
        {
          refuse_no_map (answer);
        }
      else
        {
          sand_console_refuse (answer, NULL, "unknown command '%s'", tokens[0]);
        }
    }

  return sand_json_free_to_string (answer);
}

/* }}} */
