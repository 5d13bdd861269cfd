/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-console.c: the console's interpreter and its map-building commands.
 *
 * Every command validates all of its arguments before it touches the
 * scenario, so a refusal changes nothing.
 */
#include "config.h"

#include "sand-console-private.h"
#include "sand-console-game.h"
#include "sand-scenario-io.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

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

gboolean
sand_console_is_key_value (const char *arg)
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
    if (!sand_console_is_key_value (args[i]))
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
    if (!sand_console_is_key_value (args[i]) && n-- == 0)
      return args[i];
  return NULL;
}

gboolean
sand_console_all_digits (const char *text)
{
  if (*text == '\0')
    return FALSE;
  for (; *text != '\0'; text++)
    if (!g_ascii_isdigit (*text))
      return FALSE;
  return TRUE;
}

gboolean
sand_console_refuse_no_map (SandJson *answer)
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
      sand_console_refuse_no_map (answer);
      return FALSE;
    }
  if (text == NULL)
    {
      sand_console_refuse (answer, NULL, "A hex id is missing.");
      return FALSE;
    }

  grid = sand_map_get_grid (sand_scenario_get_map (self->scenario));
  len = strlen (text);
  if (!sand_console_all_digits (text) || len != (gsize) grid->id_digits * 2)
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

char *
sand_console_ruleset_ids (SandRuleset *ruleset,
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

const char *
sand_console_side_id_of (SandRuleset *r, guint i)
{
  return sand_ruleset_get_side (r, i)->id;
}

const char *
sand_console_terrain_id_of (SandRuleset *r, guint i)
{
  return sand_ruleset_get_terrain (r, i)->id;
}

const char *
sand_console_feature_id_of (SandRuleset *r, guint i)
{
  return sand_ruleset_get_side_feature (r, i)->id;
}

const char *
sand_console_country_id_of (SandRuleset *r, guint i)
{
  return sand_ruleset_get_country (r, i)->id;
}

const char *
sand_console_unit_type_id_of (SandRuleset *r, guint i)
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
      sand_console_refuse_no_map (answer);
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
      g_autofree char *known = sand_console_ruleset_ids (ruleset, sand_ruleset_n_sides,
                                                         sand_console_side_id_of);
      sand_console_refuse (answer, NULL, "Unknown side '%s' (the sides are %s).", text, known);
      return FALSE;
    }
  return TRUE;
}

/* A side, or "none"/"-" for markers that belong to nobody. */
gboolean
sand_console_parse_side_or_none (SandConsole *self,
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
  if (!sand_console_all_digits (digits))
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

gboolean
sand_console_parse_int_min (const char *text,
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
  guint n_tokens = 0;

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
        {
          /* The command word and its arguments. */
          if (++n_tokens > SAND_CONSOLE_MAX_ARGS + 1)
            {
              g_set_error (error, G_SHELL_ERROR, G_SHELL_ERROR_FAILED,
                           "The command has more than %d arguments, the most the console "
                           "takes; split it into several commands.", SAND_CONSOLE_MAX_ARGS);
              return NULL;
            }
          g_strv_builder_add (builder, token->str);
        }
    }
  return g_strv_builder_end (builder);
}

/* }}} */
/* {{{ Map-building commands */

#define C(name) sand_console_cmd_##name
static const Command commands[] = {
  { "new", C (new), FALSE, FALSE, 2, 2,
    "new RULESET COLSxROWS [orientation=flat|pointy] [stagger=even|odd]", "orientation stagger" },
  { "terrain", C (terrain), TRUE, TRUE, 0, -1, "terrain TERRAIN HEX…", NULL },
  { "hexside", C (hexside), TRUE, TRUE, 0, 3, "hexside HEX DIR FEATURE[,FEATURE…]", NULL },
  { "clear-hexside", C (clear_hexside), TRUE, TRUE, 0, 3, "clear-hexside HEX DIR [all]", NULL },
  { "rail", C (rail), TRUE, TRUE, 0, -1, "rail HEX HEX…", NULL },
  { "road", C (road), TRUE, TRUE, 0, -1, "road HEX HEX…", NULL },
  { "country", C (country), TRUE, TRUE, 0, -1, "country COUNTRY HEX…", NULL },
  { "place", C (place), TRUE, TRUE, 0, -1, "place HEX NAME", NULL },
  { "fort", C (fort), TRUE, TRUE, 0, -1, "fort HEX SIDE STRENGTH [NAME] [capacity=N]",
    "capacity" },
  { "marker", C (marker), TRUE, TRUE, 0, -1, "marker KIND HEX SIDE [key=value…]",
    "group zone id value to distance name capacity edge source" },
  { "unit", C (unit), TRUE, TRUE, 0, -1, "unit ID SIDE TYPE HEX [key=value…]",
    "strength reduced steps ma quality name parent band note arrive entrained entry" },
  { "turns", C (turns), TRUE, TRUE, 1, 1, "turns N [first=SIDE]", "first" },
  { "title", C (title), TRUE, TRUE, 1, -1, "title TEXT", NULL },
  { "info", C (info), TRUE, FALSE, 0, 0, "info", NULL },
  { "save", C (save), TRUE, FALSE, 1, 1, "save PATH", NULL },
  { "load", C (load), FALSE, FALSE, 1, 1, "load PATH", NULL },
};
#undef C

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

      if (!sand_console_is_key_value (args[i]))
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
    return sand_console_refuse_no_map (answer);
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

  /* Checked first: everything after this is linear in the length. */
  if (strnlen (line, SAND_CONSOLE_MAX_LINE + 1) > SAND_CONSOLE_MAX_LINE)
    {
      sand_console_refuse (answer, NULL, "The line is longer than %" G_GSIZE_FORMAT " bytes, "
                           "the most the console takes; split the command into several.",
                           SAND_CONSOLE_MAX_LINE);
      return sand_json_free_to_string (answer);
    }
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
          sand_console_refuse_no_map (answer);
        }
      else
        {
          sand_console_refuse (answer, NULL, "unknown command '%s'", tokens[0]);
        }
    }

  return sand_json_free_to_string (answer);
}

/* }}} */
