/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-scenario-structs.c: the plain structs a scenario holds — counters,
 * placements, zone limits, reinforcements, orders of battle, victory
 * levels — and the problems a check reports: their new, copy and free.
 * Its own file as they carry no object state (sand-scenario.c is the
 * document). */
#include "sand-scenario.h"
#include "sand-xml-safe.h"

/* Struct helpers. */

SandCounter *
sand_counter_new (void)
{
  SandCounter *c = g_new0 (SandCounter, 1);

  c->reduced = -1;
  return c;
}

SandCounter *
sand_counter_copy (const SandCounter *counter)
{
  SandCounter *c;

  g_return_val_if_fail (counter != NULL, NULL);

  c = g_memdup2 (counter, sizeof *counter);
  c->id = g_strdup (counter->id);
  c->name = g_strdup (counter->name);
  c->parent = g_strdup (counter->parent);
  c->band = g_strdup (counter->band);
  c->note = g_strdup (counter->note);
  return c;
}

void
sand_counter_free (SandCounter *counter)
{
  if (counter == NULL)
    return;
  g_free (counter->id);
  g_free (counter->name);
  g_free (counter->parent);
  g_free (counter->band);
  g_free (counter->note);
  g_free (counter);
}

SandPlacement *
sand_placement_new (const char *counter,
                    int         hex,
                    const char *zone)
{
  SandPlacement *p = g_new0 (SandPlacement, 1);

  p->counter = g_strdup (counter);
  p->hex = hex;
  p->zone = g_strdup (zone);
  return p;
}

SandPlacement *
sand_placement_copy (const SandPlacement *p)
{
  g_return_val_if_fail (p != NULL, NULL);
  return sand_placement_new (p->counter, p->hex, p->zone);
}

void
sand_placement_free (SandPlacement *p)
{
  if (p == NULL)
    return;
  g_free (p->counter);
  g_free (p->zone);
  g_free (p);
}

SandZoneLimit *
sand_zone_limit_new (const char *zone)
{
  SandZoneLimit *l = g_new0 (SandZoneLimit, 1);

  l->zone = g_strdup (zone);
  return l;
}

SandZoneLimit *
sand_zone_limit_copy (const SandZoneLimit *l)
{
  SandZoneLimit *c;

  g_return_val_if_fail (l != NULL, NULL);

  c = g_memdup2 (l, sizeof *l);
  c->zone = g_strdup (l->zone);
  return c;
}

void
sand_zone_limit_free (SandZoneLimit *l)
{
  if (l == NULL)
    return;
  g_free (l->zone);
  g_free (l);
}

SandReinforcement *
sand_reinforcement_new (void)
{
  SandReinforcement *r = g_new0 (SandReinforcement, 1);

  r->hex = SAND_HEX_NONE;
  return r;
}

SandReinforcement *
sand_reinforcement_copy (const SandReinforcement *r)
{
  SandReinforcement *c;

  g_return_val_if_fail (r != NULL, NULL);

  c = g_memdup2 (r, sizeof *r);
  c->counter = g_strdup (r->counter);
  c->entry = g_strdup (r->entry);
  c->code = g_strdup (r->code);
  c->note = g_strdup (r->note);
  return c;
}

void
sand_reinforcement_free (SandReinforcement *r)
{
  if (r == NULL)
    return;
  g_free (r->counter);
  g_free (r->entry);
  g_free (r->code);
  g_free (r->note);
  g_free (r);
}

SandOob *
sand_oob_new (const char *id,
              int         side)
{
  SandOob *oob;

  g_return_val_if_fail (id != NULL, NULL);

  oob = g_new0 (SandOob, 1);
  oob->id = g_strdup (id);
  oob->side = side;
  oob->placements = g_ptr_array_new_with_free_func ((GDestroyNotify) sand_placement_free);
  oob->zone_limits = g_ptr_array_new_with_free_func ((GDestroyNotify) sand_zone_limit_free);
  oob->reinforcements =
    g_ptr_array_new_with_free_func ((GDestroyNotify) sand_reinforcement_free);
  return oob;
}

SandOob *
sand_oob_copy (const SandOob *oob)
{
  SandOob *c;

  g_return_val_if_fail (oob != NULL, NULL);

  c = sand_oob_new (oob->id, oob->side);
  c->name = g_strdup (oob->name);
  c->description = g_strdup (oob->description);
  c->die_number = oob->die_number;
  for (guint i = 0; i < oob->placements->len; i++)
    g_ptr_array_add (c->placements, sand_placement_copy (g_ptr_array_index (oob->placements, i)));
  for (guint i = 0; i < oob->zone_limits->len; i++)
    g_ptr_array_add (c->zone_limits,
                     sand_zone_limit_copy (g_ptr_array_index (oob->zone_limits, i)));
  for (guint i = 0; i < oob->reinforcements->len; i++)
    g_ptr_array_add (c->reinforcements,
                     sand_reinforcement_copy (g_ptr_array_index (oob->reinforcements, i)));
  return c;
}

void
sand_oob_free (SandOob *oob)
{
  if (oob == NULL)
    return;
  g_free (oob->id);
  g_free (oob->name);
  g_free (oob->description);
  g_ptr_array_unref (oob->placements);
  g_ptr_array_unref (oob->zone_limits);
  g_ptr_array_unref (oob->reinforcements);
  g_free (oob);
}

SandVictoryLevel *
sand_victory_level_new (int         min,
                        int         max,
                        const char *label,
                        int         winner)
{
  SandVictoryLevel *l = g_new0 (SandVictoryLevel, 1);

  l->min = min;
  l->max = max;
  l->label = g_strdup (label);
  l->winner = winner;
  return l;
}

SandVictoryLevel *
sand_victory_level_copy (const SandVictoryLevel *l)
{
  g_return_val_if_fail (l != NULL, NULL);
  return sand_victory_level_new (l->min, l->max, l->label, l->winner);
}

void
sand_victory_level_free (SandVictoryLevel *l)
{
  if (l == NULL)
    return;
  g_free (l->label);
  g_free (l);
}

SandProblem *
sand_problem_new (SandSeverity  severity,
                  int           hex,
                  const char   *counter,
                  const char   *code,
                  const char   *format,
                  ...)
{
  SandProblem *p;
  va_list args;

  g_return_val_if_fail (format != NULL, NULL);

  va_start (args, format);
  p = sand_problem_new_valist (severity, hex, counter, code, format, args);
  va_end (args);
  return p;
}

SandProblem *
sand_problem_new_valist (SandSeverity  severity,
                         int           hex,
                         const char   *counter,
                         const char   *code,
                         const char   *format,
                         va_list       args)
{
  SandProblem *p;

  g_return_val_if_fail (format != NULL, NULL);

  p = g_new0 (SandProblem, 1);
  p->severity = severity;
  p->hex = hex;
  p->counter = g_strdup (counter);
  p->code = g_strdup (code);
  {
    g_autofree char *raw = g_strdup_vprintf (format, args);

    /* One problem, one line (`sandtable-cli validate` prints one a line):
     * a name from the file may hold a newline. */
    p->message = sand_xml_escape_controls (raw);
  }
  return p;
}

void
sand_problem_free (SandProblem *p)
{
  if (p == NULL)
    return;
  g_free (p->counter);
  g_free (p->code);
  g_free (p->message);
  g_free (p);
}
