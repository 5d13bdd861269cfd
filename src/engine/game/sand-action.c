/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-action.c: the action's one parser and its one formatter (the value
 * itself is in sand-action-value.c).
 *
 * The parser reads an action's fields by its spec (the core's table below,
 * or the rules module's), so the console, the log's replay and the editor
 * refuse the same words with the same sentence. The formatter writes the
 * fields in the spec's order, then the words (probe, noflank, ask), then
 * the choices in the order the log has always had them: losses, retreat,
 * support, advance.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "sand-action-private.h"
#include "sand-game-private.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* {{{ The core's actions */

#define F(k) { SAND_FIELD_##k, NULL, FALSE }
#define FL(k, l) { SAND_FIELD_##k, l, FALSE }
#define FO(k) { SAND_FIELD_##k, NULL, TRUE }

static const SandActionSpec core_specs[] = {
  [SAND_ACTION_AT] = { "at", SAND_ACTION_AT,
                       { FL (NUMBER, NC_("number field", "turn")), F (SIDE), F (PHASE) }, 0,
                       NULL, N_("at takes TURN SIDE PHASE."), SAND_ACTION_PUBLIC,
                       sand_action_apply_core, NULL, NULL },
  [SAND_ACTION_END_PHASE] = { "end-phase", SAND_ACTION_END_PHASE, { { 0 } }, 0, NULL,
                              N_("end-phase takes nothing."), SAND_ACTION_PUBLIC,
                              sand_action_apply_core, NULL, sand_action_offered_core },
  [SAND_ACTION_ROLL] = { "roll", SAND_ACTION_ROLL,
                         { FL (NUMBERS, NC_("number field", "die roll")) }, 0, NULL,
                         N_("roll takes one or more die results."), SAND_ACTION_PUBLIC,
                         sand_action_apply_core, NULL, NULL },
  [SAND_ACTION_MOVE] = { "move", SAND_ACTION_MOVE, { F (UNIT), F (PATH) }, SAND_TAKES_PROBE,
                         NULL, N_("move takes ID HEX… [probe]."), 0, sand_action_apply_core, NULL,
                         sand_action_offered_core },
  [SAND_ACTION_ENTRAIN] = { "entrain", SAND_ACTION_ENTRAIN, { F (UNIT) }, 0, NULL,
                            N_("entrain takes one unit id."), 0, sand_action_apply_core, NULL,
                            sand_action_offered_core },
  [SAND_ACTION_DETRAIN] = { "detrain", SAND_ACTION_DETRAIN, { F (UNIT) }, 0, NULL,
                            N_("detrain takes one unit id."), 0, sand_action_apply_core, NULL,
                            sand_action_offered_core },
  [SAND_ACTION_ATTACK] = { "attack", SAND_ACTION_ATTACK, { F (HEX), F (UNITS) },
                           SAND_TAKES_ASK | SAND_TAKES_NOFLANK | SAND_TAKES_LOSSES
                           | SAND_TAKES_ADVANCE | SAND_TAKES_RETREAT | SAND_TAKES_SUPPORT, NULL,
                           N_("Name the hex attacked and the attacking units."),
                           SAND_ACTION_ATTACKS, sand_action_apply_core, NULL,
                           sand_action_offered_core },
  [SAND_ACTION_SETTLE] = { "settle", SAND_ACTION_SETTLE, { { 0 } },
                           SAND_TAKES_LOSSES | SAND_TAKES_ADVANCE | SAND_TAKES_RETREAT, NULL,
                           N_("settle takes only losses=, retreat= and advance=."), 0,
                           sand_action_apply_core, NULL, sand_action_offered_core },
  [SAND_ACTION_RESERVE] = { "reserve", SAND_ACTION_RESERVE, { F (HEX), FO (SIDE) }, 0, NULL,
                            N_("reserve takes HEX [SIDE]."), SAND_ACTION_PUBLIC,
                            sand_action_apply_core, NULL, sand_action_offered_core },
  [SAND_ACTION_SETUP] = { "setup", SAND_ACTION_SETUP, { F (UNIT), F (HEX) }, 0, NULL,
                          N_("setup takes ID HEX."), SAND_ACTION_SET_UP, sand_action_apply_core,
                          sand_action_setup_line_for, sand_action_offered_core },
  [SAND_ACTION_READY] = { "ready", SAND_ACTION_READY, { { 0 } }, 0, NULL,
                          N_("ready takes nothing."), SAND_ACTION_PUBLIC | SAND_ACTION_SET_UP,
                          sand_action_apply_core, NULL, sand_action_offered_core },
  [SAND_ACTION_DONE] = { "done", SAND_ACTION_DONE, { F (UNIT) }, 0, NULL,
                         N_("done takes one unit id."), 0, sand_action_apply_core, NULL,
                         sand_action_offered_core },
  [SAND_ACTION_EXIT] = { "exit", SAND_ACTION_EXIT, { F (UNIT) }, 0, NULL,
                         N_("exit takes one unit id."), 0, sand_action_apply_core, NULL,
                         sand_action_offered_core },
};

#undef F
#undef FL
#undef FO

const SandActionSpec *
sand_action_core_spec (SandActionKind kind)
{
  g_return_val_if_fail (kind < SAND_ACTION_MODULE, NULL);
  return &core_specs[kind];
}

const SandActionSpec *
sand_game_find_action (SandGame   *game,
                       const char *name)
{
  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (core_specs); i++)
    if (strcmp (core_specs[i].name, name) == 0)
      return &core_specs[i];
  for (guint i = 0; i < game->rules->n_actions; i++)
    if (strcmp (game->rules->actions[i].name, name) == 0)
      return &game->rules->actions[i];
  return NULL;
}

void
sand_game_list_actions (SandGame  *game,
                        GPtrArray *out)
{
  g_return_if_fail (game != NULL);
  g_return_if_fail (out != NULL);

  for (guint i = 0; i < G_N_ELEMENTS (core_specs); i++)
    g_ptr_array_add (out, (gpointer) &core_specs[i]);
  for (guint i = 0; i < game->rules->n_actions; i++)
    g_ptr_array_add (out, (gpointer) &game->rules->actions[i]);
}

/* }}} */
/* {{{ Parsing */

static gboolean
invalid (SandGame *game, GError **error, const char *format, ...) G_GNUC_PRINTF (3, 4);

static gboolean
invalid (SandGame   *game,
         GError    **error,
         const char *format,
         ...)
{
  va_list ap;
  va_start (ap, format);
  g_autofree char *msg = g_strdup_vprintf (format, ap);
  va_end (ap);
  sand_game_invalid (game, error, "%s", msg);
  return FALSE;
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

gboolean
sand_action_parse_unit (SandGame    *game,
                        const char  *text,
                        int         *unit,
                        GError     **error)
{
  *unit = sand_game_find_unit (game, text);
  if (*unit < 0)
    return invalid (game, error, _("There is no unit '%s'."), text);
  return TRUE;
}

gboolean
sand_action_parse_hex (SandGame    *game,
                       const char  *text,
                       int         *hex,
                       GError     **error)
{
  const SandGrid *grid = game->grid;

  if (!all_digits (text) || strlen (text) != (gsize) grid->id_digits * 2)
    return invalid (game, error, _("'%s' is not a hex id: write column then row, %d digits each "
                                   "(e.g. %s)."), text, grid->id_digits,
                    grid->id_digits == 4 ? "00040005" : grid->id_digits == 3 ? "004005" : "0405");
  if (!sand_grid_parse_id (grid, text, hex))
    return invalid (game, error, _("Hex %s is off the map (%dx%d)."), text, grid->cols,
                    grid->rows);
  return TRUE;
}

static gboolean
parse_number (SandGame    *game,
              const char  *text,
              const char  *what,
              int         *value,
              GError     **error)
{
  const char *digits = (text[0] == '-' || text[0] == '+') ? text + 1 : text;
  if (!all_digits (digits))
    /* TRANSLATORS: %s is what the number is for (msgctxt "number field":
       "turn", "die roll", "number"), then the text given for it */
    return invalid (game, error, _("The %s must be a whole number, not '%s'."),
                    g_dpgettext2 (GETTEXT_PACKAGE, "number field", what), text);
  errno = 0;
  gint64 v = g_ascii_strtoll (text, NULL, 10);
  if (errno != 0 || v > G_MAXINT / 2 || v < G_MININT / 2)
    return invalid (game, error, _("The %s %s is too large."),
                    g_dpgettext2 (GETTEXT_PACKAGE, "number field", what), text);
  *value = (int) v;
  return TRUE;
}

static gboolean
parse_side (SandGame    *game,
            const char  *text,
            int         *side,
            GError     **error)
{
  *side = sand_ruleset_find_side (game->ruleset, text);
  if (*side >= 0)
    return TRUE;
  g_autoptr(GString) known = g_string_new (NULL);
  for (guint i = 0; i < sand_ruleset_n_sides (game->ruleset); i++)
    g_string_append_printf (known, "%s%s", i ? ", " : "",
                            sand_ruleset_get_side (game->ruleset, i)->id);
  return invalid (game, error, _("Unknown side '%s' (the sides are %s)."), text, known->str);
}

/* losses=ID:N,…,fort:N */
static gboolean
parse_losses (SandGame    *game,
              const char  *text,
              SandAction  *a,
              GError     **error)
{
  g_auto(GStrv) items = g_strsplit (text, ",", -1);

  for (guint k = 0; items[k] != NULL; k++)
    {
      char *colon = strrchr (items[k], ':');
      int v;
      if (items[k][0] == '\0')
        continue;
      if (colon == NULL)
        return invalid (game, error, _("losses= takes ID:N pairs, not '%s'."), items[k]);
      *colon = '\0';
      if (!parse_number (game, colon + 1, N_("loss"), &v, error))
        return FALSE;
      if (strcmp (items[k], "fort") == 0)
        {
          a->fort_loss = v;
          continue;
        }
      SandLoss l = { 0, v };
      if (!sand_action_parse_unit (game, items[k], &l.unit, error))
        return FALSE;
      if (a->losses == NULL)
        a->losses = g_array_new (FALSE, FALSE, sizeof (SandLoss));
      g_array_append_val (a->losses, l);
    }
  return TRUE;
}

/* ID,… (support=none: chosen, none) */
static gboolean
parse_unit_list (SandGame    *game,
                 const char  *text,
                 GArray     **out,
                 GError     **error)
{
  g_auto(GStrv) items = g_strsplit (text, ",", -1);
  sand_action_ints (out);
  for (guint k = 0; items[k] != NULL; k++)
    {
      int u;
      if (items[k][0] == '\0' || strcmp (items[k], "none") == 0)
        continue;
      if (!sand_action_parse_unit (game, items[k], &u, error))
        return FALSE;
      g_array_append_val (*out, u);
    }
  return TRUE;
}

static gboolean
parse_choice (SandGame    *game,
              SandAction  *a,
              const char  *word,
              GError     **error)
{
  const SandActionSpec *spec = a->spec;
  const char *eq = strchr (word, '=');
  g_autofree char *key = g_strndup (word, (gsize) (eq - word));
  const char *value = eq + 1;

  if ((spec->takes & SAND_TAKES_LOSSES) && strcmp (key, "losses") == 0)
    return parse_losses (game, value, a, error);
  if ((spec->takes & SAND_TAKES_ADVANCE) && strcmp (key, "advance") == 0)
    {
      if (!parse_unit_list (game, value, &a->advance, error))
        return FALSE;
      if (a->advance->len == 0)
        g_clear_pointer (&a->advance, g_array_unref);
      return TRUE;
    }
  if ((spec->takes & SAND_TAKES_SUPPORT) && strcmp (key, "support") == 0)
    {
      a->choose_support = TRUE;
      return parse_unit_list (game, value, &a->support, error);
    }
  if ((spec->takes & SAND_TAKES_RETREAT) && strcmp (key, "retreat") == 0)
    {
      if (a->retreats == NULL)
        a->retreats = g_array_new (FALSE, FALSE, sizeof (SandRetreat));
      return sand_game_parse_retreats (game, value, a->retreats, error);
    }
  if ((spec->takes & SAND_TAKES_NOFLANK) && strcmp (key, "flank") == 0)
    {
      a->noflank |= strcmp (value, "no") == 0;
      return TRUE;
    }
  return invalid (game, error, "%s", _(spec->usage));
}

static gboolean
parse_field (SandGame        *game,
             SandAction      *a,
             const SandField *f,
             const char      *word,
             GError         **error)
{
  int v;
  switch (f->kind)
    {
    case SAND_FIELD_UNIT:
      return sand_action_parse_unit (game, word, &a->unit, error);
    case SAND_FIELD_UNITS:
      if (!sand_action_parse_unit (game, word, &v, error))
        return FALSE;
      g_array_append_val (sand_action_ints (&a->units), v);
      return TRUE;
    case SAND_FIELD_HEX:
      return sand_action_parse_hex (game, word, &a->hex, error);
    case SAND_FIELD_PATH:
      if (!sand_action_parse_hex (game, word, &v, error))
        return FALSE;
      g_array_append_val (sand_action_ints (&a->path), v);
      return TRUE;
    case SAND_FIELD_NUMBER:
      return parse_number (game, word, f->label ? f->label : NC_("number field", "number"),
                           &a->number, error);
    case SAND_FIELD_NUMBERS:
      if (!parse_number (game, word, f->label ? f->label : NC_("number field", "number"), &v,
                         error))
        return FALSE;
      g_array_append_val (sand_action_ints (&a->numbers), v);
      return TRUE;
    case SAND_FIELD_SIDE:
      return parse_side (game, word, &a->side, error);
    case SAND_FIELD_PHASE:
      a->phase = sand_ruleset_find_phase (game->ruleset, word);
      if (a->phase < 0)
        return invalid (game, error, _("There is no phase '%s'."), word);
      return TRUE;
    case SAND_FIELD_WORD:
      for (guint i = 0; a->spec->words != NULL && a->spec->words[i] != NULL; i++)
        if (strcmp (a->spec->words[i], word) == 0)
          {
            a->word = a->spec->words[i];
            return TRUE;
          }
      return invalid (game, error, "%s", _(a->spec->usage));
    case SAND_FIELD_END:
    default:
      g_assert_not_reached ();
    }
}

static gboolean
is_repeated (SandFieldKind kind)
{
  return kind == SAND_FIELD_UNITS || kind == SAND_FIELD_PATH || kind == SAND_FIELD_NUMBERS;
}

/* `reserve SIDE HEX`, the log's order, besides the console's `reserve HEX
 * [SIDE]`: a reserve's first word is a hex id or a side. */
static const char *const *
reserve_order (SandGame *game, const char **pos, guint n, const char **swapped)
{
  if (n == 2 && sand_ruleset_find_side (game->ruleset, pos[0]) >= 0)
    {
      swapped[0] = pos[1];
      swapped[1] = pos[0];
      return swapped;
    }
  return pos;
}

SandAction *
sand_game_parse_action_as (SandGame             *game,
                           const SandActionSpec *spec,
                           const char * const   *words,
                           GError              **error)
{
  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (spec != NULL, NULL);
  g_return_val_if_fail (words != NULL, NULL);

  g_autoptr(SandAction) a = sand_action_new (spec);
  g_autoptr(GPtrArray) pos = g_ptr_array_new ();

  /* The words it takes, then the key=value choices, wherever they stand. */
  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *w = words[i];
      if (w[0] != '=' && strchr (w, '=') != NULL)
        {
          if (!parse_choice (game, a, w, error))
            return NULL;
        }
      else if ((spec->takes & SAND_TAKES_PROBE) && strcmp (w, "probe") == 0)
        a->probe = TRUE;
      else if ((spec->takes & SAND_TAKES_ASK) && strcmp (w, "ask") == 0)
        a->ask = TRUE;
      else if ((spec->takes & SAND_TAKES_NOFLANK) && strcmp (w, "noflank") == 0)
        a->noflank = TRUE;
      else
        g_ptr_array_add (pos, (gpointer) w);
    }

  /* How many words the fields take. */
  guint min = 0, max = 0;
  gboolean open = FALSE;
  for (guint f = 0; f < G_N_ELEMENTS (spec->fields) && spec->fields[f].kind; f++)
    {
      max++;
      if (!spec->fields[f].optional)
        min++;
      open |= is_repeated (spec->fields[f].kind);
    }
  if (pos->len < min || (!open && pos->len > max))
    {
      invalid (game, error, "%s", _(spec->usage));
      return NULL;
    }
  const char *swapped[2];
  const char **p = (const char **) pos->pdata;
  if (spec->kind == SAND_ACTION_RESERVE)
    p = (const char **) reserve_order (game, p, pos->len, swapped);
  guint f = 0;
  for (guint i = 0; i < pos->len; i++)
    {
      const SandField *field = &spec->fields[f];
      if (!parse_field (game, a, field, p[i], error))
        return NULL;
      if (!is_repeated (field->kind))
        f++;
    }
  return g_steal_pointer (&a);
}

SandAction *
sand_game_parse_action (SandGame           *game,
                        const char * const *words,
                        GError            **error)
{
  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (words != NULL && words[0] != NULL, NULL);

  const SandActionSpec *spec = sand_game_find_action (game, words[0]);
  if (spec == NULL)
    {
      g_clear_pointer (&game->refusal_rule, g_free);
      g_set_error (error, SAND_GAME_ERROR, SAND_GAME_ERROR_UNKNOWN,
                   _("There is no command '%s' in this game."), words[0]);
      return NULL;
    }
  return sand_game_parse_action_as (game, spec, words + 1, error);
}

SandAction *
sand_game_parse_line (SandGame    *game,
                      const char  *line,
                      GError     **error)
{
  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (line != NULL, NULL);

  g_autofree char *owned = g_strdup (line);
  char *hash = strchr (owned, '#');
  if (hash != NULL)
    *hash = '\0'; /* a comment: the dice an action rolled */
  g_auto(GStrv) tok = g_strsplit_set (owned, " \t\r\n", -1);
  g_autoptr(GPtrArray) words = g_ptr_array_new ();
  for (guint i = 0; tok[i] != NULL; i++)
    if (tok[i][0] != '\0')
      g_ptr_array_add (words, tok[i]);
  if (words->len == 0)
    return NULL;
  g_ptr_array_add (words, NULL);
  return sand_game_parse_action (game, (const char * const *) words->pdata, error);
}

/* }}} */
/* {{{ Formatting */

static void
append_unit (GString *out, SandGame *game, int unit, int viewer)
{
  if (viewer < 0)
    g_string_append (out, sand_game_unit_id (game, unit));
  else
    {
      g_autofree char *name = sand_game_unit_name_for (game, unit, viewer);
      g_string_append (out, name);
    }
}

static void
append_hex (GString *out, SandGame *game, int hex)
{
  char id[SAND_HEX_ID_MAX];
  sand_grid_format_id (game->grid, hex, id);
  g_string_append (out, id);
}

static void
append_units (GString *out, SandGame *game, const GArray *units, const char *sep, int viewer)
{
  for (guint i = 0; units != NULL && i < units->len; i++)
    {
      if (i > 0 || sep[0] == ' ')
        g_string_append (out, sep);
      append_unit (out, game, g_array_index (units, int, i), viewer);
    }
}

char *
sand_action_format_for (SandGame         *game,
                        const SandAction *a,
                        int               viewer)
{
  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (a != NULL, NULL);

  const SandActionSpec *spec = a->spec;
  GString *out = g_string_new (spec->name);
  for (guint f = 0; f < G_N_ELEMENTS (spec->fields) && spec->fields[f].kind; f++)
    switch (spec->fields[f].kind)
      {
      case SAND_FIELD_UNIT:
        g_string_append_c (out, ' ');
        append_unit (out, game, a->unit, viewer);
        break;
      case SAND_FIELD_UNITS:
        append_units (out, game, a->units, " ", viewer);
        break;
      case SAND_FIELD_HEX:
        if (spec->kind == SAND_ACTION_RESERVE)
          break; /* after the side, below */
        g_string_append_c (out, ' ');
        append_hex (out, game, a->hex);
        break;
      case SAND_FIELD_PATH:
        for (guint i = 0; a->path != NULL && i < a->path->len; i++)
          {
            g_string_append_c (out, ' ');
            append_hex (out, game, g_array_index (a->path, int, i));
          }
        break;
      case SAND_FIELD_NUMBER:
        g_string_append_printf (out, " %d", a->number);
        break;
      case SAND_FIELD_NUMBERS:
        for (guint i = 0; a->numbers != NULL && i < a->numbers->len; i++)
          g_string_append_printf (out, " %d", g_array_index (a->numbers, int, i));
        break;
      case SAND_FIELD_SIDE:
        if (a->side >= 0)
          g_string_append_printf (out, " %s",
                                  sand_ruleset_get_side (game->ruleset, (guint) a->side)->id);
        if (spec->kind == SAND_ACTION_RESERVE)
          {
            g_string_append_c (out, ' ');
            append_hex (out, game, a->hex);
          }
        break;
      case SAND_FIELD_PHASE:
        g_string_append_printf (out, " %s",
                                sand_ruleset_get_phase (game->ruleset, (guint) a->phase)->id);
        break;
      case SAND_FIELD_WORD:
        g_string_append_printf (out, " %s", a->word ? a->word : "");
        break;
      case SAND_FIELD_END:
      default:
        break;
      }
  if (a->probe)
    g_string_append (out, " probe");
  if (a->noflank)
    g_string_append (out, " noflank");
  if (a->ask)
    g_string_append (out, " ask");
  if ((a->losses != NULL && a->losses->len > 0) || a->fort_loss >= 0)
    {
      g_string_append (out, " losses=");
      for (guint i = 0; a->losses != NULL && i < a->losses->len; i++)
        {
          const SandLoss *l = &g_array_index (a->losses, SandLoss, i);
          if (i > 0)
            g_string_append_c (out, ',');
          append_unit (out, game, l->unit, viewer);
          g_string_append_printf (out, ":%d", l->loss);
        }
      if (a->fort_loss >= 0)
        g_string_append_printf (out, "%sfort:%d", a->losses && a->losses->len ? "," : "",
                                a->fort_loss);
    }
  if (a->retreats != NULL && a->retreats->len > 0)
    {
      g_string_append (out, " retreat=");
      for (guint i = 0; i < a->retreats->len; i++)
        {
          const SandRetreat *r = &g_array_index (a->retreats, SandRetreat, i);
          if (i > 0)
            g_string_append_c (out, ',');
          append_unit (out, game, r->unit, viewer);
          for (int k = 0; k < r->n_hexes; k++)
            {
              g_string_append_c (out, k ? '/' : ':');
              append_hex (out, game, r->hexes[k]);
            }
        }
    }
  if (a->choose_support)
    {
      g_string_append (out, " support=");
      if (a->support == NULL || a->support->len == 0)
        g_string_append (out, "none");
      append_units (out, game, a->support, ",", viewer);
    }
  if (a->advance != NULL && a->advance->len > 0)
    {
      g_string_append (out, " advance=");
      append_units (out, game, a->advance, ",", viewer);
    }
  return g_string_free (out, FALSE);
}

char *
sand_action_format (SandGame         *game,
                    const SandAction *action)
{
  return sand_action_format_for (game, action, -1);
}

/* }}} */
