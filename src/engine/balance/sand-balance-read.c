/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-balance-read.c: a balance report read back from its JSON, for
 * merging shards. Only the records and the per-hex sums are read; every
 * statistic is worked out again from them. The JSON reader is small and
 * strict — the files may come from other machines — with limits on depth
 * and size, and errors that say where. */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "sand-balance.h"

#define MAX_DEPTH 32
#define MAX_TEXT (1024 * 1024 * 1024)

typedef enum { J_NULL, J_BOOL, J_INT, J_DOUBLE, J_STRING, J_ARRAY, J_OBJECT } JKind;

typedef struct _JNode JNode;
struct _JNode {
  JKind kind;
  gint64 i;                 /* J_BOOL, J_INT */
  double d;
  char *s;
  GPtrArray *items;         /* JNode*: array items, or object values */
  GPtrArray *keys;          /* char*: object keys */
};

static void
jnode_free (gpointer data)
{
  JNode *n = data;
  if (n == NULL)
    return;
  g_free (n->s);
  if (n->items != NULL)
    g_ptr_array_unref (n->items);
  if (n->keys != NULL)
    g_ptr_array_unref (n->keys);
  g_free (n);
}
G_DEFINE_AUTOPTR_CLEANUP_FUNC (JNode, jnode_free)

typedef struct {
  const char *p, *end, *start;
  GError **error;
} Parser;

static gboolean
fail (Parser *ps, const char *what)
{
  g_set_error (ps->error, SAND_BALANCE_ERROR, SAND_BALANCE_ERROR_FORMAT,
               _("Not a balance report: %s at byte %ld."), _(what), (long) (ps->p - ps->start));
  return FALSE;
}

static void
skip_ws (Parser *ps)
{
  while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n'
                             || *ps->p == '\r'))
    ps->p++;
}

static int
hex4 (const char *p)
{
  int v = 0;
  for (int k = 0; k < 4; k++)
    {
      int d = g_ascii_xdigit_value (p[k]);
      if (d < 0)
        return -1;
      v = v * 16 + d;
    }
  return v;
}

static char *
parse_string (Parser *ps)
{
  g_autoptr(GString) out = g_string_new (NULL);
  ps->p++;
  while (ps->p < ps->end && *ps->p != '"')
    {
      unsigned char c = (unsigned char) *ps->p;
      if (c < 0x20)
        return fail (ps, N_("a control character in a string")), NULL;
      if (c != '\\')
        {
          g_string_append_c (out, (char) c);
          ps->p++;
          continue;
        }
      if (ps->end - ps->p < 2)
        return fail (ps, N_("an unfinished escape")), NULL;
      char e = ps->p[1];
      ps->p += 2;
      switch (e)
        {
        case '"': g_string_append_c (out, '"'); break;
        case '\\': g_string_append_c (out, '\\'); break;
        case '/': g_string_append_c (out, '/'); break;
        case 'b': g_string_append_c (out, '\b'); break;
        case 'f': g_string_append_c (out, '\f'); break;
        case 'n': g_string_append_c (out, '\n'); break;
        case 'r': g_string_append_c (out, '\r'); break;
        case 't': g_string_append_c (out, '\t'); break;
        case 'u':
          {
            int u = ps->end - ps->p >= 4 ? hex4 (ps->p) : -1;
            if (u < 0)
              return fail (ps, N_("a bad \\u escape")), NULL;
            ps->p += 4;
            gunichar ch = (gunichar) u;
            if (u >= 0xD800 && u < 0xDC00 && ps->end - ps->p >= 6 && ps->p[0] == '\\'
                && ps->p[1] == 'u')
              {
                int lo = hex4 (ps->p + 2);
                if (lo >= 0xDC00 && lo < 0xE000)
                  {
                    ch = 0x10000 + (((gunichar) u - 0xD800) << 10) + ((gunichar) lo - 0xDC00);
                    ps->p += 6;
                  }
              }
            if (ch == 0 || (ch >= 0xD800 && ch < 0xE000))
              return fail (ps, N_("a \\u escape that is no character")), NULL;
            g_string_append_unichar (out, ch);
            break;
          }
        default:
          return fail (ps, N_("an unknown escape")), NULL;
        }
    }
  if (ps->p >= ps->end)
    return fail (ps, N_("an unfinished string")), NULL;
  ps->p++;
  if (!g_utf8_validate_len (out->str, out->len, NULL))
    return fail (ps, N_("a string that is not UTF-8")), NULL;
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static JNode *parse_value (Parser *ps, int depth);

static JNode *
parse_number (Parser *ps)
{
  const char *s = ps->p;
  gboolean integral = TRUE;
  if (ps->p < ps->end && *ps->p == '-')
    ps->p++;
  while (ps->p < ps->end && (g_ascii_isdigit (*ps->p) || strchr (".eE+-", *ps->p) != NULL))
    {
      if (!g_ascii_isdigit (*ps->p))
        integral = FALSE;
      ps->p++;
    }
  if (ps->p == s || ps->p - s > 40)
    return fail (ps, N_("a bad number")), NULL;
  char buf[48];
  memcpy (buf, s, (gsize) (ps->p - s));
  buf[ps->p - s] = '\0';
  JNode *n = g_new0 (JNode, 1);
  char *end = NULL;
  if (integral)
    {
      n->kind = J_INT;
      n->i = g_ascii_strtoll (buf, &end, 10);
      n->d = (double) n->i;
    }
  else
    {
      n->kind = J_DOUBLE;
      n->d = g_ascii_strtod (buf, &end);
    }
  if (end == NULL || *end != '\0')
    {
      jnode_free (n);
      return fail (ps, N_("a bad number")), NULL;
    }
  return n;
}

static JNode *
parse_container (Parser *ps, int depth, gboolean object)
{
  g_autoptr(JNode) n = g_new0 (JNode, 1);
  n->kind = object ? J_OBJECT : J_ARRAY;
  n->items = g_ptr_array_new_with_free_func (jnode_free);
  if (object)
    n->keys = g_ptr_array_new_with_free_func (g_free);
  char close = object ? '}' : ']';
  ps->p++;
  skip_ws (ps);
  if (ps->p < ps->end && *ps->p == close)
    {
      ps->p++;
      return g_steal_pointer (&n);
    }
  for (;;)
    {
      skip_ws (ps);
      if (object)
        {
          if (ps->p >= ps->end || *ps->p != '"')
            return fail (ps, N_("a missing key")), NULL;
          char *key = parse_string (ps);
          if (key == NULL)
            return NULL;
          g_ptr_array_add (n->keys, key);
          skip_ws (ps);
          if (ps->p >= ps->end || *ps->p != ':')
            return fail (ps, N_("a missing ':'")), NULL;
          ps->p++;
        }
      JNode *v = parse_value (ps, depth + 1);
      if (v == NULL)
        return NULL;
      g_ptr_array_add (n->items, v);
      skip_ws (ps);
      if (ps->p < ps->end && *ps->p == ',')
        {
          ps->p++;
          continue;
        }
      if (ps->p < ps->end && *ps->p == close)
        {
          ps->p++;
          return g_steal_pointer (&n);
        }
      return fail (ps, object ? N_("a missing ',' or '}'") : N_("a missing ',' or ']'")), NULL;
    }
}

static JNode *
parse_value (Parser *ps, int depth)
{
  if (depth > MAX_DEPTH)
    return fail (ps, N_("nesting too deep")), NULL;
  skip_ws (ps);
  if (ps->p >= ps->end)
    return fail (ps, N_("an unexpected end")), NULL;
  static const struct { const char *word; JKind kind; int value; } words[] = {
    { "null", J_NULL, 0 }, { "true", J_BOOL, 1 }, { "false", J_BOOL, 0 },
  };
  for (guint k = 0; k < G_N_ELEMENTS (words); k++)
    {
      gsize len = strlen (words[k].word);
      if ((gsize) (ps->end - ps->p) >= len && memcmp (ps->p, words[k].word, len) == 0)
        {
          ps->p += len;
          JNode *n = g_new0 (JNode, 1);
          n->kind = words[k].kind;
          n->i = words[k].value;
          return n;
        }
    }
  switch (*ps->p)
    {
    case '{':
      return parse_container (ps, depth, TRUE);
    case '[':
      return parse_container (ps, depth, FALSE);
    case '"':
      {
        char *s = parse_string (ps);
        if (s == NULL)
          return NULL;
        JNode *n = g_new0 (JNode, 1);
        n->kind = J_STRING;
        n->s = s;
        return n;
      }
    default:
      return parse_number (ps);
    }
}

/* Reading the tree -------------------------------------------------------- */

static JNode *
member (JNode *obj, const char *key)
{
  if (obj == NULL || obj->kind != J_OBJECT)
    return NULL;
  for (guint i = 0; i < obj->keys->len; i++)
    if (strcmp (g_ptr_array_index (obj->keys, i), key) == 0)
      return g_ptr_array_index (obj->items, i);
  return NULL;
}

static gboolean
bad (GError **error, const char *what)
{
  g_set_error (error, SAND_BALANCE_ERROR, SAND_BALANCE_ERROR_FORMAT,
               _("Not a balance report: “%s” is missing or of the wrong kind."), what);
  return FALSE;
}

static gboolean
get_int (JNode *n, const char *what, gint64 min, gint64 max, gint64 *out, GError **error)
{
  if (n == NULL || n->kind != J_INT || n->i < min || n->i > max)
    return bad (error, what);
  *out = n->i;
  return TRUE;
}

/* A string or null; FALSE for anything else. */
static gboolean
get_string (JNode *n, const char *what, const char **out, GError **error)
{
  if (n != NULL && n->kind == J_NULL)
    {
      *out = NULL;
      return TRUE;
    }
  if (n == NULL || n->kind != J_STRING)
    return bad (error, what);
  *out = n->s;
  return TRUE;
}

static char **
get_strv (JNode *n)
{
  if (n == NULL || n->kind != J_ARRAY)
    return NULL;
  GPtrArray *v = g_ptr_array_new ();
  for (guint i = 0; i < n->items->len; i++)
    {
      JNode *s = g_ptr_array_index (n->items, i);
      if (s->kind != J_STRING)
        {
          g_ptr_array_free (v, TRUE);
          return NULL;
        }
      g_ptr_array_add (v, g_strdup (s->s));
    }
  g_ptr_array_add (v, NULL);
  return (char **) g_ptr_array_free (v, FALSE);
}

static int
side_index (const SandBalanceReport *r, const char *id)
{
  for (int s = 0; s < r->n_sides; s++)
    if (g_strcmp0 (r->side_ids[s], id) == 0)
      return s;
  return -1;
}

static int
cmp_hex (gconstpointer a, gconstpointer b)
{
  return strcmp (((const SandBalanceHex *) a)->id, ((const SandBalanceHex *) b)->id);
}

static gboolean
read_game (SandBalanceReport *r, JNode *row, SandBalanceGame *g, GError **error)
{
  guint want = 5 + (guint) r->n_sides + 5;
  if (row->kind != J_ARRAY || row->items->len != want)
    return bad (error, "game_list");
  JNode **it = (JNode **) row->items->pdata;
  gint64 v;
  const char *s;
  guint k = 0;
  if (!get_int (it[k++], "game", 0, G_MAXUINT, &v, error))
    return FALSE;
  g->index = (guint) v;
  if (!get_int (it[k++], "seed", 0, G_MAXINT64, &v, error))
    return FALSE;
  g->seed = (guint64) v;
  if (!get_string (it[k++], "winner", &s, error))
    return FALSE;
  g->winner = s != NULL ? side_index (r, s) : -1;
  if (s != NULL && g->winner < 0)
    return bad (error, "winner");
  if (!get_string (it[k++], "level", &s, error))
    return FALSE;
  g->level = s != NULL ? g_intern_string (s) : NULL;
  if (!get_int (it[k++], "net", G_MININT, G_MAXINT, &v, error))
    return FALSE;
  g->net = (int) v;
  for (int side = 0; side < r->n_sides; side++)
    {
      if (!get_int (it[k++], "vp", G_MININT, G_MAXINT, &v, error))
        return FALSE;
      g->points[side] = (int) v;
    }
  if (!get_int (it[k++], "turns", G_MININT, G_MAXINT, &v, error))
    return FALSE;
  g->turns = (int) v;
  if (!get_int (it[k++], "lead_turn", G_MININT, G_MAXINT, &v, error))
    return FALSE;
  g->lead_turn = (int) v;
  if (!get_int (it[k++], "actions", 0, G_MAXUINT, &v, error))
    return FALSE;
  g->actions = (guint) v;
  if (it[k]->kind != J_BOOL || it[k + 1]->kind != J_BOOL)
    return bad (error, "game_list");
  g->over = it[k]->i != 0;
  g->failed = it[k + 1]->i != 0;
  return TRUE;
}

static gboolean
read_pairing (SandBalanceReport *r, JNode *pn, GError **error)
{
  SandBalancePairing *p = sand_balance_pairing_new ();
  g_ptr_array_add (r->pairings, p);
  JNode *oob = member (pn, "oob");
  for (int s = 0; s < r->n_sides; s++)
    {
      const char *id;
      if (!get_string (member (oob, r->side_ids[s]), "oob", &id, error))
        return FALSE;
      p->oob[s] = g_strdup (id);
    }
  JNode *hexes = member (pn, "hexes");
  if (hexes == NULL || hexes->kind != J_ARRAY)
    return bad (error, "hexes");
  for (guint i = 0; i < hexes->items->len; i++)
    {
      JNode *row = g_ptr_array_index (hexes->items, i);
      SandBalanceHex h = { { 0 } };
      gint64 c, l, u;
      if (row->kind != J_ARRAY || row->items->len != 4)
        return bad (error, "hexes");
      JNode **it = (JNode **) row->items->pdata;
      if (it[0]->kind != J_STRING || strlen (it[0]->s) >= sizeof h.id)
        return bad (error, "hexes");
      if (!get_int (it[1], "hexes", 0, G_MAXINT64, &c, error)
          || !get_int (it[2], "hexes", 0, G_MAXINT64, &l, error)
          || !get_int (it[3], "hexes", 0, G_MAXINT64, &u, error))
        return FALSE;
      g_strlcpy (h.id, it[0]->s, sizeof h.id);
      h.combats = (guint64) c;
      h.losses = (guint64) l;
      h.unit_turns = (guint64) u;
      g_array_append_val (p->hexes, h);
    }
  /* Written sorted; a file edited by hand is put back in order, since the
   * merge walks the shards' hexes side by side. */
  g_array_sort (p->hexes, cmp_hex);
  JNode *games = member (pn, "game_list");
  if (games == NULL || games->kind != J_ARRAY || games->items->len != r->end - r->first)
    return bad (error, "game_list");
  for (guint i = 0; i < games->items->len; i++)
    {
      SandBalanceGame g = { 0 };
      if (!read_game (r, g_ptr_array_index (games->items, i), &g, error))
        return FALSE;
      if (g.index != r->first + i)
        return bad (error, "game_list");
      g_array_append_val (p->games, g);
    }
  return TRUE;
}

SandBalanceReport *
sand_balance_report_from_json (const char  *text,
                               gsize        length,
                               GError     **error)
{
  g_return_val_if_fail (text != NULL, NULL);
  if (length > MAX_TEXT)
    {
      g_set_error (error, SAND_BALANCE_ERROR, SAND_BALANCE_ERROR_FORMAT,
                   _("Not a balance report: larger than 1 GiB."));
      return NULL;
    }
  Parser ps = { text, text + length, text, error };
  g_autoptr(JNode) root = parse_value (&ps, 0);
  if (root == NULL)
    return NULL;
  skip_ws (&ps);
  if (ps.p != ps.end)
    return fail (&ps, N_("text after the report")), NULL;

  const char *format = NULL;
  gint64 v;
  if (!get_string (member (root, "format"), "format", &format, error))
    return NULL;
  if (g_strcmp0 (format, "sandtable-balance") != 0)
    return bad (error, "format"), NULL;
  if (!get_int (member (root, "version"), "version", 1, 1, &v, error))
    return NULL;

  g_autoptr(SandBalanceReport) r = sand_balance_report_new ();
  const char *s;
  if (!get_string (member (root, "scenario"), "scenario", &s, error))
    return NULL;
  r->scenario = g_strdup (s);
  if (!get_string (member (root, "title"), "title", &s, error))
    return NULL;
  r->title = g_strdup (s);
  if (!get_string (member (root, "ruleset"), "ruleset", &s, error))
    return NULL;
  r->ruleset = g_strdup (s);
  r->options = get_strv (member (root, "options"));
  r->levels = get_strv (member (root, "levels"));
  if (r->options == NULL || r->levels == NULL)
    return bad (error, "options"), NULL;
  JNode *players = member (root, "players");
  if (players == NULL || players->kind != J_OBJECT || players->items->len == 0
      || players->items->len > SAND_MAX_SIDES)
    return bad (error, "players"), NULL;
  r->n_sides = (int) players->items->len;
  for (int i = 0; i < r->n_sides; i++)
    {
      if (!get_string (g_ptr_array_index (players->items, i), "players", &s, error))
        return NULL;
      if (s == NULL)
        return bad (error, "players"), NULL;
      r->side_ids[i] = g_strdup (g_ptr_array_index (players->keys, i));
      r->players[i] = g_strdup (s);
    }
  if (!get_int (member (root, "seed"), "seed", 0, G_MAXINT64, &v, error))
    return NULL;
  r->seed = (guint64) v;
  if (!get_int (member (root, "games"), "games", 1, G_MAXUINT, &v, error))
    return NULL;
  r->games = (guint) v;
  r->first = 0;
  r->end = r->games;
  JNode *shard = member (root, "shard");
  if (shard != NULL)
    {
      gint64 i, n, first, end;
      if (!get_int (member (shard, "index"), "shard", 1, G_MAXUINT, &i, error)
          || !get_int (member (shard, "count"), "shard", i, G_MAXUINT, &n, error)
          || !get_int (member (shard, "first"), "shard", 0, r->games, &first, error)
          || !get_int (member (shard, "end"), "shard", first, r->games, &end, error))
        return NULL;
      r->shard_index = (guint) i;
      r->shard_count = (guint) n;
      r->first = (guint) first;
      r->end = (guint) end;
    }
  JNode *pairings = member (root, "pairings");
  if (pairings == NULL || pairings->kind != J_ARRAY)
    return bad (error, "pairings"), NULL;
  for (guint p = 0; p < pairings->items->len; p++)
    if (!read_pairing (r, g_ptr_array_index (pairings->items, p), error))
      return NULL;
  return g_steal_pointer (&r);
}
