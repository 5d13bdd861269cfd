/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What an action did, in words, for the game log (editor-game-notes.h). */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "editor-game-notes.h"

static void
append_fact_value (GString        *out,
                   SandGame       *game,
                   const SandFact *f,
                   gboolean        in_list)
{
  char id[SAND_HEX_ID_MAX];

  switch (f->kind)
    {
    case SAND_FACT_INT:
      g_string_append_printf (out, "%d", f->value);
      break;
    case SAND_FACT_BOOL:
      g_string_append (out, f->value ? "true" : "false");
      break;
    case SAND_FACT_STRING:
      g_string_append (out, f->text != NULL ? f->text : "null");
      break;
    case SAND_FACT_UNIT:
      g_string_append (out, f->value >= 0 ? sand_game_get_counter (game, f->value)->id : "null");
      break;
    case SAND_FACT_HEX:
      sand_grid_format_id (sand_game_get_grid (game), f->value, id);
      g_string_append (out, id);
      break;
    case SAND_FACT_UNITS:
    case SAND_FACT_HEXES:
      for (guint k = 0; k < f->items->len; k++)
        {
          int v = g_array_index (f->items, int, k);
          if (k > 0)
            g_string_append_c (out, ' ');
          if (f->kind == SAND_FACT_UNITS)
            g_string_append (out, sand_game_get_counter (game, v)->id);
          else
            {
              sand_grid_format_id (sand_game_get_grid (game), v, id);
              g_string_append (out, id);
            }
        }
      break;
    case SAND_FACT_STRINGS:
      for (guint k = 0; k < f->texts->len; k++)
        g_string_append_printf (out, "%s%s", k ? " " : "",
                                (const char *) g_ptr_array_index (f->texts, k));
      break;
    default:
      break;
    }
}

/* What a rules module's action answered, read as words: roll 5, result
 * pinned, removed (none: left out), no combat — lists' items between
 * spaces, flags by their name, groups in brackets. */
char *
editor_game_describe_facts (SandGame         *game,
                            const SandResult *r)
{
  GString *text = g_string_new (NULL);
  g_autoptr(GString) value = g_string_new (NULL);

  for (guint i = 0; r->facts != NULL && i < r->facts->len; i++)
    {
      const SandFact *f = &g_array_index (r->facts, SandFact, i);
      g_autofree char *key = g_strdup (f->key != NULL ? f->key : "");

      g_strdelimit (key, "_", ' ');
      g_string_truncate (value, 0);
      if (f->kind == SAND_FACT_OBJECT || f->kind == SAND_FACT_ARRAY)
        {
          /* a group: "(attacker 1, defender 2)"; a list of groups, each
           * between brackets, its members between spaces */
          gboolean list = f->kind == SAND_FACT_ARRAY, open = FALSE, first = TRUE;
          int depth = 1;
          for (i++; i < r->facts->len && depth > 0; i++)
            {
              const SandFact *m = &g_array_index (r->facts, SandFact, i);
              if (m->kind == SAND_FACT_END)
                {
                  if (--depth > 0 || !list)
                    g_string_append_c (value, ')');
                  open = FALSE;
                  continue;
                }
              if (m->kind == SAND_FACT_OBJECT)
                {
                  g_string_append (value, value->len ? " (" : "(");
                  depth++;
                  open = first = TRUE;
                  continue;
                }
              if (!list && value->len == 0)
                g_string_append_c (value, '(');
              else if (!first)
                g_string_append (value, list ? " " : ", ");
              first = FALSE;
              if (m->key != NULL)
                g_string_append_printf (value, "%s ", m->key);
              append_fact_value (value, game, m, list || open);
            }
          i--;
        }
      else if (f->kind == SAND_FACT_BOOL)
        {
          if (f->value)
            g_string_append_printf (text, "%s%s", text->len ? ", " : "", key);
          else
            /* Translators: a flag of a rules command's answer that is off,
             * e.g. "may move on: no". */
            g_string_append_printf (text, "%s%s%s", text->len ? ", " : "", key, _(": no"));
          continue;
        }
      else
        append_fact_value (value, game, f, FALSE);
      if (value->len > 0 && strcmp (value->str, "()") != 0)
        g_string_append_printf (text, "%s%s %s", text->len ? ", " : "", key, value->str);
    }
  return g_string_free (text, FALSE);
}

char *
editor_game_describe_result (SandGame               *game,
                             const SandAttackResult *r)
{
  GString *text = g_string_new (NULL);

  if (r->odds.odds[0] != '\0')
    g_string_append_printf (text, _("odds %s"), r->odds.odds);
  if (r->odds.drm != 0)
    g_string_append_printf (text, _(", modifier %+d"), r->odds.drm);
  g_string_append_printf (text, _(", die %d"), r->roll);
  if (r->modified_roll != r->roll)
    g_string_append_printf (text, _(" (modified %d)"), r->modified_roll);
  g_string_append_printf (text, _(": %s"), r->result);
  if (r->attacker_loss || r->defender_loss)
    g_string_append_printf (text, _("; attacker loses %d, defender loses %d"),
                            r->attacker_loss, r->defender_loss);
  for (guint i = 0; r->eliminated && i < r->eliminated->len; i++)
    {
      int u = g_array_index (r->eliminated, int, i);
      g_string_append_printf (text, _("; %s eliminated"), sand_game_get_counter (game, u)->id);
    }
  for (guint i = 0; r->advanced && i < r->advanced->len; i++)
    {
      int u = g_array_index (r->advanced, int, i);
      g_string_append_printf (text, _("; %s advances"), sand_game_get_counter (game, u)->id);
    }
  return g_string_free (text, FALSE);
}
