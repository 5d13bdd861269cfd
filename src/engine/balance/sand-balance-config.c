/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-balance-config.c: what a balance run is asked for — policies,
 * shards, pairings — and the report's storage (sand-balance.h). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "sand-balance.h"

G_DEFINE_QUARK (sand-balance-error-quark, sand_balance_error)

/* A strong player's default budget, in candidate plans a phase. */
#define DEFAULT_STRONG_ITERATIONS 8

gboolean
sand_balance_policy_parse (const char     *text,
                           SandAiOptions  *out,
                           GError        **error)
{
  g_return_val_if_fail (text != NULL && out != NULL, FALSE);
  g_auto(GStrv) parts = g_strsplit (text, ":", 2);

  sand_ai_options_init (out);
  out->budget_ms = 0;
  out->budget_iterations = 0;
  if (!sand_ai_level_parse (parts[0], &out->level))
    {
      g_set_error (error, SAND_BALANCE_ERROR, SAND_BALANCE_ERROR_INVALID,
                   _("“%s” is no player: random, fast or strong[:ITERATIONS]."), text);
      return FALSE;
    }
  if (out->level == SAND_AI_STRONG)
    out->budget_iterations = DEFAULT_STRONG_ITERATIONS;
  if (parts[1] != NULL)
    {
      char *end = NULL;
      guint64 n = g_ascii_strtoull (parts[1], &end, 10);
      if (out->level != SAND_AI_STRONG || end == parts[1] || *end != '\0'
          || n < 1 || n > 100000)
        {
          g_set_error (error, SAND_BALANCE_ERROR, SAND_BALANCE_ERROR_INVALID,
                       _("“%s”: only the strong player takes a budget, 1 to 100000 "
                         "candidate plans a phase."), text);
          return FALSE;
        }
      out->budget_iterations = (int) n;
    }
  return TRUE;
}

char *
sand_balance_policy_format (const SandAiOptions *options)
{
  if (options->level == SAND_AI_STRONG)
    return g_strdup_printf ("strong:%d", options->budget_iterations);
  return g_strdup (sand_ai_level_name (options->level));
}

gboolean
sand_balance_shard_parse (const char  *text,
                          guint       *index,
                          guint       *count,
                          GError     **error)
{
  g_return_val_if_fail (text != NULL, FALSE);
  char *end = NULL;
  guint64 i = g_ascii_strtoull (text, &end, 10), n = 0;
  gboolean ok = end != text && *end == '/';
  if (ok)
    {
      const char *rest = end + 1;
      n = g_ascii_strtoull (rest, &end, 10);
      ok = end != rest && *end == '\0' && i >= 1 && i <= n && n <= 1000000;
    }
  if (!ok)
    {
      g_set_error (error, SAND_BALANCE_ERROR, SAND_BALANCE_ERROR_INVALID,
                   _("“%s” is no shard: I/N with 1 ≤ I ≤ N."), text);
      return FALSE;
    }
  *index = (guint) i;
  *count = (guint) n;
  return TRUE;
}

void
sand_balance_shard_range (guint  games,
                          guint  index,
                          guint  count,
                          guint *first,
                          guint *end)
{
  if (index == 0 || count == 0)
    {
      *first = 0;
      *end = games;
      return;
    }
  /* Contiguous slices of sizes differing by at most one. */
  *first = (guint) ((guint64) games * (index - 1) / count);
  *end = (guint) ((guint64) games * index / count);
}

void
sand_balance_wilson (guint   k,
                     guint   n,
                     double *low,
                     double *high)
{
  const double z = 1.959963984540054;  /* the normal's 97.5th percentile */

  if (n == 0)
    {
      *low = 0;
      *high = 1;
      return;
    }
  double p = (double) k / n, z2n = z * z / n;
  double centre = (p + z2n / 2) / (1 + z2n);
  double half = z * sqrt (p * (1 - p) / n + z2n / (4.0 * n)) / (1 + z2n);
  *low = MAX (0.0, centre - half);
  *high = MIN (1.0, centre + half);
}

/* Storage ---------------------------------------------------------------- */

SandBalancePairing *
sand_balance_pairing_new (void)
{
  SandBalancePairing *p = g_new0 (SandBalancePairing, 1);
  p->games = g_array_new (FALSE, TRUE, sizeof (SandBalanceGame));
  p->hexes = g_array_new (FALSE, TRUE, sizeof (SandBalanceHex));
  return p;
}

void
sand_balance_pairing_free (SandBalancePairing *p)
{
  if (p == NULL)
    return;
  for (int s = 0; s < SAND_MAX_SIDES; s++)
    g_free (p->oob[s]);
  g_array_unref (p->games);
  g_array_unref (p->hexes);
  g_free (p);
}

/* One format wherever a pairing is named (the command line's summary, the
 * charts, the Balance window and its pairing picker), so a designer reads
 * the same words in each; "v", not a dash, which under the net histogram
 * read as the net's subtraction, the wrong way round. */
char *
sand_balance_pairing_join (const char *const *names,
                           int                n)
{
  g_return_val_if_fail (names != NULL || n == 0, NULL);

  g_autoptr(GString) s = g_string_new (NULL);
  for (int k = 0; k < n; k++)
    {
      if (k > 0)
        /* TRANSLATORS: between two sides (or orders of battle) of a
         * pairing, as in "french v german"; keep the spaces */
        g_string_append (s, _(" v "));
      g_string_append (s, names[k]);
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

char *
sand_balance_pairing_name (const SandBalanceReport  *r,
                           const SandBalancePairing *p)
{
  g_return_val_if_fail (r != NULL && p != NULL, NULL);

  const char *names[SAND_MAX_SIDES];
  for (int k = 0; k < r->n_sides; k++)
    names[k] = p->oob[k] != NULL ? p->oob[k] : r->side_ids[k];
  return sand_balance_pairing_join (names, r->n_sides);
}

SandBalanceReport *
sand_balance_report_new (void)
{
  SandBalanceReport *r = g_new0 (SandBalanceReport, 1);
  r->pairings = g_ptr_array_new_with_free_func ((GDestroyNotify) sand_balance_pairing_free);
  return r;
}

void
sand_balance_report_free (SandBalanceReport *r)
{
  if (r == NULL)
    return;
  g_free (r->scenario);
  g_free (r->title);
  g_free (r->ruleset);
  g_strfreev (r->options);
  g_strfreev (r->levels);
  for (int s = 0; s < SAND_MAX_SIDES; s++)
    {
      g_free (r->side_ids[s]);
      g_free (r->players[s]);
    }
  g_ptr_array_unref (r->pairings);
  g_free (r);
}

/* The config -------------------------------------------------------------- */

static void
oobs_free (gpointer data)
{
  char **oobs = data;
  for (int s = 0; s < SAND_MAX_SIDES; s++)
    g_free (oobs[s]);
  g_free (oobs);
}

void
sand_balance_config_init (SandBalanceConfig *c)
{
  memset (c, 0, sizeof *c);
  for (int s = 0; s < SAND_MAX_SIDES; s++)
    sand_ai_options_init (&c->players[s]);
  c->games = 100;
  c->pairings = g_ptr_array_new_with_free_func (oobs_free);
}

void
sand_balance_config_clear (SandBalanceConfig *c)
{
  g_clear_pointer (&c->pairings, g_ptr_array_unref);
}

gboolean
sand_balance_config_add_pairing (SandBalanceConfig *c,
                                 const char        *text,
                                 GError           **error)
{
  g_return_val_if_fail (c->scenario != NULL && text != NULL, FALSE);
  SandRuleset *rs = sand_scenario_get_ruleset (c->scenario);
  int n_sides = MIN ((int) sand_ruleset_n_sides (rs), SAND_MAX_SIDES);
  g_auto(GStrv) ids = g_strsplit (text, ",", -1);
  char **oobs = g_new0 (char *, SAND_MAX_SIDES);

  /* Each id goes to the side its order of battle is for, so "A,G" and
   * "G,A" name the same pairing. */
  for (guint k = 0; ids[k] != NULL; k++)
    {
      int i = sand_scenario_find_oob (c->scenario, ids[k]);
      SandOob *oob = i >= 0 ? sand_scenario_get_oob (c->scenario, (guint) i) : NULL;
      if (oob == NULL || oob->side < 0 || oob->side >= n_sides || oobs[oob->side] != NULL)
        {
          if (oob == NULL)
            g_set_error (error, SAND_BALANCE_ERROR, SAND_BALANCE_ERROR_INVALID,
                         _("The scenario has no order of battle “%s”."), ids[k]);
          else
            g_set_error (error, SAND_BALANCE_ERROR, SAND_BALANCE_ERROR_INVALID,
                         _("“%s”: two orders of battle for one side."), text);
          oobs_free (oobs);
          return FALSE;
        }
      oobs[oob->side] = g_strdup (ids[k]);
    }
  for (int s = 0; s < n_sides; s++)
    if (oobs[s] == NULL)
      {
        g_set_error (error, SAND_BALANCE_ERROR, SAND_BALANCE_ERROR_INVALID,
                     _("“%s”: no order of battle for the %s side."), text,
                     sand_ruleset_get_side (rs, (guint) s)->id);
        oobs_free (oobs);
        return FALSE;
      }
  g_ptr_array_add (c->pairings, oobs);
  return TRUE;
}

void
sand_balance_config_add_matrix (SandBalanceConfig *c)
{
  g_return_if_fail (c->scenario != NULL);
  SandRuleset *rs = sand_scenario_get_ruleset (c->scenario);
  int n_sides = MIN ((int) sand_ruleset_n_sides (rs), SAND_MAX_SIDES);
  guint n = sand_scenario_n_oobs (c->scenario);
  /* An odometer over each side's OOBs, in file order, the first side's
   * turning slowest. */
  GPtrArray *per_side[SAND_MAX_SIDES] = { NULL };
  for (int s = 0; s < n_sides; s++)
    {
      per_side[s] = g_ptr_array_new ();
      for (guint i = 0; i < n; i++)
        {
          SandOob *oob = sand_scenario_get_oob (c->scenario, i);
          if (oob->side == s)
            g_ptr_array_add (per_side[s], oob->id);
        }
      if (per_side[s]->len == 0)
        g_ptr_array_add (per_side[s], NULL);
    }
  guint at[SAND_MAX_SIDES] = { 0 };
  for (;;)
    {
      char **oobs = g_new0 (char *, SAND_MAX_SIDES);
      for (int s = 0; s < n_sides; s++)
        oobs[s] = g_strdup (g_ptr_array_index (per_side[s], at[s]));
      g_ptr_array_add (c->pairings, oobs);
      int s = n_sides - 1;
      while (s >= 0 && ++at[s] == per_side[s]->len)
        at[s--] = 0;
      if (s < 0)
        break;
    }
  for (int s = 0; s < n_sides; s++)
    g_ptr_array_unref (per_side[s]);
}
