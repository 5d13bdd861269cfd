/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-balance-write.c: a balance report as JSON (docs/balance.md gives
 * its members) and its games as CSV. Numbers are written with the C
 * locale's point whatever the user's locale, and nothing that depends on
 * the machine (time, threads) goes in, so equal runs write equal bytes. */
#include "config.h"

#include <string.h>

#include "sand-balance-stats.h"
#include "sand-json.h"

static void
json_double (SandJson *j, const char *key, double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  if (key != NULL)
    sand_json_key (j, key);
  sand_json_raw (j, g_ascii_formatd (buf, sizeof buf, "%.4f", v));
}

static void
json_uint64 (SandJson *j, const char *key, guint64 v)
{
  char buf[24];
  if (key != NULL)
    sand_json_key (j, key);
  g_snprintf (buf, sizeof buf, "%" G_GUINT64_FORMAT, v);
  sand_json_raw (j, buf);
}

static void
json_spread (SandJson *j, const SandBalanceSpread *s, const SandBalanceHistogram *h)
{
  sand_json_begin_object (j);
  json_double (j, "mean", s->mean);
  json_double (j, "sd", s->sd);
  sand_json_member_int (j, "min", s->min);
  sand_json_member_int (j, "max", s->max);
  if (h != NULL)
    {
      sand_json_key (j, "histogram");
      sand_json_begin_object (j);
      sand_json_member_int (j, "from", h->from);
      sand_json_member_int (j, "width", h->width);
      sand_json_key (j, "counts");
      sand_json_begin_array (j);
      for (guint i = 0; i < h->counts->len; i++)
        sand_json_int (j, g_array_index (h->counts, guint, i));
      sand_json_end_array (j);
      sand_json_end_object (j);
    }
  sand_json_end_object (j);
}

static void
json_interval (SandJson *j, const char *key, double low, double high)
{
  sand_json_key (j, key);
  sand_json_begin_array (j);
  json_double (j, NULL, low);
  json_double (j, NULL, high);
  sand_json_end_array (j);
}

static const char *
side_name (const SandBalanceReport *r, int side)
{
  return side >= 0 && side < r->n_sides ? r->side_ids[side] : NULL;
}

static void
json_lopsided (SandJson *j, const char *key, const SandBalanceReport *r,
               const SandBalancePairing *p, GArray *which)
{
  sand_json_key (j, key);
  sand_json_begin_array (j);
  for (guint k = 0; k < which->len; k++)
    {
      const SandBalanceGame *g = &g_array_index (p->games, SandBalanceGame,
                                                 g_array_index (which, guint, k));
      sand_json_begin_object (j);
      sand_json_member_int (j, "game", g->index);
      json_uint64 (j, "seed", g->seed);
      sand_json_member_int (j, "net", g->net);
      sand_json_member_string (j, "winner", side_name (r, g->winner));
      sand_json_end_object (j);
    }
  sand_json_end_array (j);
}

static void
json_pairing (SandJson *j, const SandBalanceReport *r, const SandBalancePairing *p)
{
  SandBalanceStats st;
  sand_balance_stats_compute (r, p, &st);

  sand_json_begin_object (j);
  sand_json_key (j, "oob");
  sand_json_begin_object (j);
  for (int s = 0; s < r->n_sides; s++)
    sand_json_member_string (j, r->side_ids[s], p->oob[s]);
  sand_json_end_object (j);
  sand_json_member_int (j, "games", st.games);
  sand_json_member_int (j, "failed", st.failed);
  sand_json_member_int (j, "draws", st.draws);
  sand_json_key (j, "sides");
  sand_json_begin_object (j);
  for (int s = 0; s < r->n_sides; s++)
    {
      const SandBalanceSideStats *ss = &st.side[s];
      sand_json_key (j, r->side_ids[s]);
      sand_json_begin_object (j);
      sand_json_member_int (j, "wins", ss->wins);
      json_double (j, "win_rate", ss->rate);
      json_interval (j, "interval", ss->low, ss->high);
      json_double (j, "of_decided", ss->decided_rate);
      json_interval (j, "of_decided_interval", ss->decided_low, ss->decided_high);
      sand_json_end_object (j);
    }
  sand_json_end_object (j);

  sand_json_key (j, "levels");
  sand_json_begin_array (j);
  for (guint i = 0; i < st.levels->len; i++)
    {
      const SandBalanceLevelCount *c = &g_array_index (st.levels, SandBalanceLevelCount, i);
      sand_json_begin_object (j);
      sand_json_member_string (j, "label", c->label);
      sand_json_member_int (j, "games", c->games);
      sand_json_end_object (j);
    }
  sand_json_end_array (j);

  sand_json_key (j, "vp");
  sand_json_begin_object (j);
  sand_json_key (j, "net");
  json_spread (j, &st.net, &st.net_histogram);
  for (int s = 0; s < r->n_sides; s++)
    {
      sand_json_key (j, r->side_ids[s]);
      json_spread (j, &st.points[s], NULL);
    }
  sand_json_end_object (j);
  sand_json_key (j, "length");
  json_spread (j, &st.length, &st.length_histogram);
  sand_json_key (j, "lead_turn");
  json_spread (j, &st.lead, &st.lead_histogram);

  sand_json_key (j, "lopsided");
  sand_json_begin_object (j);
  json_lopsided (j, "highest_net", r, p, st.highest);
  json_lopsided (j, "lowest_net", r, p, st.lowest);
  sand_json_end_object (j);

  sand_json_key (j, "hexes");
  sand_json_begin_array (j);
  for (guint i = 0; i < p->hexes->len; i++)
    {
      const SandBalanceHex *h = &g_array_index (p->hexes, SandBalanceHex, i);
      sand_json_begin_array (j);
      sand_json_string (j, h->id);
      json_uint64 (j, NULL, h->combats);
      json_uint64 (j, NULL, h->losses);
      json_uint64 (j, NULL, h->unit_turns);
      sand_json_end_array (j);
    }
  sand_json_end_array (j);

  sand_json_key (j, "game_list");
  sand_json_begin_array (j);
  for (guint i = 0; i < p->games->len; i++)
    {
      const SandBalanceGame *g = &g_array_index (p->games, SandBalanceGame, i);
      sand_json_begin_array (j);
      sand_json_int (j, g->index);
      json_uint64 (j, NULL, g->seed);
      sand_json_string (j, side_name (r, g->winner));
      sand_json_string (j, g->level);
      sand_json_int (j, g->net);
      for (int s = 0; s < r->n_sides; s++)
        sand_json_int (j, g->points[s]);
      sand_json_int (j, g->turns);
      sand_json_int (j, g->lead_turn);
      sand_json_int (j, g->actions);
      sand_json_bool (j, g->over);
      sand_json_bool (j, g->failed);
      sand_json_end_array (j);
    }
  sand_json_end_array (j);
  sand_json_end_object (j);
  sand_balance_stats_clear (&st);
}

char *
sand_balance_report_to_json (const SandBalanceReport *r)
{
  g_return_val_if_fail (r != NULL, NULL);
  SandJson *j = sand_json_new ();

  sand_json_begin_object (j);
  sand_json_member_string (j, "format", "sandtable-balance");
  sand_json_member_int (j, "version", 1);
  sand_json_member_string (j, "scenario", r->scenario);
  sand_json_member_string (j, "title", r->title);
  sand_json_member_string (j, "ruleset", r->ruleset);
  sand_json_key (j, "options");
  sand_json_begin_array (j);
  for (guint i = 0; r->options != NULL && r->options[i] != NULL; i++)
    sand_json_string (j, r->options[i]);
  sand_json_end_array (j);
  sand_json_key (j, "players");
  sand_json_begin_object (j);
  for (int s = 0; s < r->n_sides; s++)
    sand_json_member_string (j, r->side_ids[s], r->players[s]);
  sand_json_end_object (j);
  sand_json_key (j, "levels");
  sand_json_begin_array (j);
  for (guint i = 0; r->levels != NULL && r->levels[i] != NULL; i++)
    sand_json_string (j, r->levels[i]);
  sand_json_end_array (j);
  json_uint64 (j, "seed", r->seed);
  sand_json_member_int (j, "games", r->games);
  if (r->shard_count > 0)
    {
      sand_json_key (j, "shard");
      sand_json_begin_object (j);
      sand_json_member_int (j, "index", r->shard_index);
      sand_json_member_int (j, "count", r->shard_count);
      sand_json_member_int (j, "first", r->first);
      sand_json_member_int (j, "end", r->end);
      sand_json_end_object (j);
    }
  sand_json_key (j, "pairings");
  sand_json_begin_array (j);
  for (guint p = 0; p < r->pairings->len; p++)
    json_pairing (j, r, g_ptr_array_index (r->pairings, p));
  sand_json_end_array (j);
  sand_json_end_object (j);

  char *text = sand_json_free_to_string (j);
  char *out = g_strconcat (text, "\n", NULL);
  g_free (text);
  return out;
}

/* RFC 4180: a field with a comma, quote or line break is quoted. */
static void
csv_field (GString *out, const char *text)
{
  if (text == NULL)
    return;
  if (strpbrk (text, ",\"\r\n") == NULL)
    {
      g_string_append (out, text);
      return;
    }
  g_string_append_c (out, '"');
  for (const char *c = text; *c != '\0'; c++)
    {
      if (*c == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *c);
    }
  g_string_append_c (out, '"');
}

char *
sand_balance_report_to_csv (const SandBalanceReport *r)
{
  g_return_val_if_fail (r != NULL, NULL);
  GString *out = g_string_new (NULL);

  for (int s = 0; s < r->n_sides; s++)
    g_string_append_printf (out, "oob_%s,", r->side_ids[s]);
  g_string_append (out, "game,seed,winner,level,net");
  for (int s = 0; s < r->n_sides; s++)
    g_string_append_printf (out, ",vp_%s", r->side_ids[s]);
  g_string_append (out, ",turns,lead_turn,actions,over,failed\r\n");
  for (guint p = 0; p < r->pairings->len; p++)
    {
      const SandBalancePairing *pr = g_ptr_array_index (r->pairings, p);
      for (guint i = 0; i < pr->games->len; i++)
        {
          const SandBalanceGame *g = &g_array_index (pr->games, SandBalanceGame, i);
          for (int s = 0; s < r->n_sides; s++)
            {
              csv_field (out, pr->oob[s]);
              g_string_append_c (out, ',');
            }
          g_string_append_printf (out, "%u,%" G_GUINT64_FORMAT ",", g->index, g->seed);
          csv_field (out, side_name (r, g->winner));
          g_string_append_c (out, ',');
          csv_field (out, g->level);
          g_string_append_printf (out, ",%d", g->net);
          for (int s = 0; s < r->n_sides; s++)
            g_string_append_printf (out, ",%d", g->points[s]);
          g_string_append_printf (out, ",%d,%d,%u,%d,%d\r\n", g->turns, g->lead_turn,
                                  g->actions, g->over ? 1 : 0, g->failed ? 1 : 0);
        }
    }
  return g_string_free (out, FALSE);
}
