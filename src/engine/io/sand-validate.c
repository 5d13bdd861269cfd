/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-validate.c: the semantic checks of a scenario, which the loader
 * leaves to them (docs/file-format.md): the helpers every check uses, the game's and the options' checks, and
 * sand_scenario_validate() that runs them all and sorts what they find.
 * The checks of the map are in sand-validate-map.c, those of the counter
 * mix and the orders of battle in sand-validate-oob.c. */
#include "sand-validate.h"
#include "sand-ruleset-labels.h"
#include "sand-validate-private.h"

#include <string.h>

#include "sand-rules.h"
#include "sand-scenario-io.h"

#include <glib/gi18n-lib.h>

/* ------------------------------------------------------------------ */

SandProblem *
sand_validate_add (GPtrArray    *problems,
                   SandScenario *scenario,
                   SandSeverity  severity,
                   int           hex,
                   const char   *counter,
                   const char   *code,
                   const char   *format,
                   ...)
{
  SandProblem *p;
  va_list args;

  g_return_val_if_fail (problems != NULL, NULL);
  g_return_val_if_fail (SAND_IS_SCENARIO (scenario), NULL);
  g_return_val_if_fail (code != NULL && format != NULL, NULL);

  va_start (args, format);
  p = sand_problem_new_valist (severity, hex, counter, code, format, args);
  va_end (args);
  if (counter != NULL)
    p->line = sand_scenario_get_line (scenario, SAND_LINE_COUNTER, counter);
  if (p->line == 0 && hex >= 0)
    {
      p->line = sand_scenario_get_line_n (scenario, SAND_LINE_HEX, hex);
      if (p->line == 0)
        p->line = sand_scenario_get_line_n (scenario, SAND_LINE_PLACE, hex);
    }
  g_ptr_array_add (problems, p);
  return p;
}
static void
check_game (Check *c)
{
  guint n = sand_scenario_n_victory_levels (c->s);
  int game_line = sand_scenario_get_line (c->s, SAND_LINE_GAME, NULL);

  if (sand_scenario_get_turns (c->s) < 1)
    add (c, SAND_SEVERITY_ERROR, game_line, SAND_HEX_NONE, NULL, "no-turns",
         _("The game has no turns."));
  {
    int first = sand_scenario_get_first_side (c->s);
    if (first < 0 || (guint) first >= sand_ruleset_n_sides (c->rs))
      add (c, SAND_SEVERITY_ERROR, game_line, SAND_HEX_NONE, NULL, "unknown-side",
           _("The side that moves first is not a side of the ruleset."));
    else
      {
        /* The rules may fix who moves first (FPW: the German Player-Turn
         * comes first); the game then ignores the scenario's choice, and
         * the designer must hear why the playtest starts otherwise. The
         * ruleset's note, which cites the rulebook, is not translated:
         * left out. */
        const SandParam *rule = sand_ruleset_get_param (c->rs, "first-side");
        int ruled = rule != NULL ? sand_ruleset_find_side (c->rs, rule->value) : -1;

        if (ruled >= 0 && ruled != first)
          add (c, SAND_SEVERITY_WARNING, game_line, SAND_HEX_NONE, NULL, "first-side-by-rules",
               /* Translators: both %s are sides, e.g. "German", "French". */
               _("The rules have the %s side move first: the playtest starts with it, not "
                 "with the %s side the scenario names."),
               sand_ruleset_side_label (c->rs, (guint) ruled),
               sand_ruleset_side_label (c->rs, (guint) first));
      }
  }
  for (guint i = 1; i < n; i++)
    {
      const SandVictoryLevel *a = sand_scenario_get_victory_level (c->s, i - 1);
      const SandVictoryLevel *b = sand_scenario_get_victory_level (c->s, i);
      int line = sand_scenario_get_line_n (c->s, SAND_LINE_LEVEL, (int) i);

      if (b->min <= a->max)
        add (c, SAND_SEVERITY_ERROR, line, SAND_HEX_NONE, NULL, "victory-levels-overlap",
             _("Victory levels “%s” and “%s” overlap: a net score of %d falls in both."),
             a->label != NULL ? a->label : "", b->label != NULL ? b->label : "", b->min);
      else if (a->max != G_MAXINT && b->min > a->max + 1)
        add (c, SAND_SEVERITY_ERROR, line, SAND_HEX_NONE, NULL, "victory-levels-gap",
             _("No victory level covers a net score from %d to %d (between “%s” and “%s”)."),
             a->max + 1, b->min - 1, a->label != NULL ? a->label : "",
             b->label != NULL ? b->label : "");
    }
}

/* Rule options: the ruleset declares which it knows (<options>) and what
 * each needs. An unknown one is most likely a misspelt id, which the rules
 * would silently ignore; one whose requirement is off asks for a game the
 * rulebook does not allow (FPW Variable Orders of Battle "may not be used
 * with the Basic Game"). */
static void
check_options (Check *c)
{
  g_auto(GStrv) options = sand_scenario_list_options (c->s);
  int game_line = sand_scenario_get_line (c->s, SAND_LINE_GAME, NULL);

  for (guint i = 0; options != NULL && options[i] != NULL; i++)
    {
      int o = sand_ruleset_find_option (c->rs, options[i]);
      int line = sand_scenario_get_line (c->s, SAND_LINE_OPTION, options[i]);
      const SandOptionDef *def;

      if (line == 0)
        line = game_line;
      if (o < 0)
        {
          g_autoptr(GString) known = g_string_new (NULL);

          for (guint k = 0; k < sand_ruleset_get_n_options (c->rs); k++)
            g_string_append_printf (known, "%s%s", k > 0 ? ", " : "",
                                    sand_ruleset_get_option (c->rs, k)->id);
          if (known->len > 0)
            add (c, SAND_SEVERITY_WARNING, line, SAND_HEX_NONE, NULL, "option-unknown",
                 _("The %s ruleset has no rule option “%s”, so the game ignores it (its "
                   "options: %s)."), sand_ruleset_get_label (c->rs), options[i], known->str);
          else
            add (c, SAND_SEVERITY_WARNING, line, SAND_HEX_NONE, NULL, "option-unknown",
                 _("The %s ruleset has no rule option “%s”, so the game ignores it (it has "
                   "none)."), sand_ruleset_get_label (c->rs), options[i]);
          continue;
        }
      def = sand_ruleset_get_option (c->rs, (guint) o);
      for (char **r = def->requires; *r != NULL; r++)
        if (!g_strv_contains ((const char * const *) options, *r))
          {
            int n = sand_ruleset_find_option (c->rs, *r);

            add (c, SAND_SEVERITY_ERROR, line, SAND_HEX_NONE, NULL, "option-requires",
                 _("The rule option “%s” is only played with “%s”, which is off."), def->name,
                 n >= 0 ? sand_ruleset_option_label (c->rs, (guint) n) : *r);
          }
    }
}

static int
compare_problems (gconstpointer pa,
                  gconstpointer pb)
{
  const SandProblem *a = *(SandProblem **) pa;
  const SandProblem *b = *(SandProblem **) pb;
  /* Problems with no line (made in the editor) go last. */
  unsigned la = a->line > 0 ? (unsigned) a->line : G_MAXUINT;
  unsigned lb = b->line > 0 ? (unsigned) b->line : G_MAXUINT;
  int r;

  if (la != lb)
    return la < lb ? -1 : 1;
  if (a->hex != b->hex)
    return a->hex < b->hex ? -1 : 1;
  r = g_strcmp0 (a->message, b->message);
  if (r != 0)
    return r;
  return g_strcmp0 (a->code, b->code);
}

GPtrArray *
sand_scenario_validate (SandScenario *scenario)
{
  Check c = { 0 };

  g_return_val_if_fail (SAND_IS_SCENARIO (scenario), NULL);

  c.s = scenario;
  c.map = sand_scenario_get_map (scenario);
  c.rs = sand_scenario_get_ruleset (scenario);
  c.grid = sand_map_get_grid (c.map);
  c.problems = g_ptr_array_new_with_free_func ((GDestroyNotify) sand_problem_free);

  sand_validate_check_hexes (&c);
  sand_validate_check_sides (&c);
  sand_validate_check_places (&c);
  sand_validate_check_markers (&c);
  sand_validate_check_counters (&c);
  sand_validate_check_oobs (&c);
  check_game (&c);
  check_options (&c);

  /* the rules-level checks every game gets, then the game's own */
  sand_validate_rules (scenario, c.problems);
  const SandRulesModule *module = sand_rules_lookup (sand_ruleset_get_id (c.rs));
  if (module != NULL && module->validate != NULL)
    module->validate (scenario, c.problems);

  g_ptr_array_sort (c.problems, compare_problems);
  return c.problems;
}

gboolean
sand_problems_have_errors (GPtrArray *problems)
{
  g_return_val_if_fail (problems != NULL, FALSE);

  for (guint i = 0; i < problems->len; i++)
    if (((SandProblem *) g_ptr_array_index (problems, i))->severity == SAND_SEVERITY_ERROR)
      return TRUE;
  return FALSE;
}
