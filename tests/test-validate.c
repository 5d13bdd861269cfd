/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Semantic validation: one test per kind of problem, each asserting the
 * problem's code, severity, hex or counter and the line it names; the
 * shipped demo has none. */
#include <string.h>

#include "sand-rules.h"
#include "sand-scenario-io.h"
#include "sand-validate.h"

/* A clean scenario; tests add lines at the %GAME%, %MAP%, %COUNTERS% and
 * %OOB% marks. Hex 0101 is Belgian (impassable in fpw1870). */
static const char base_text[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<scenario xmlns=\"https://sandtable.github.io/ns/1\" version=\"1\" ruleset=\"fpw1870\">\n"
  "  <game turns=\"5\" first-side=\"german\">\n"
  "%GAME%"
  "  </game>\n"
  "  <victory>\n"
  "    <level max=\"0\" winner=\"french\" label=\"French\"/>\n"
  "    <level min=\"1\" max=\"100\" winner=\"german\" label=\"German\"/>\n"
  "%LEVELS%"
  "  </victory>\n"
  "  <map cols=\"10\" rows=\"10\" default-terrain=\"clear\" default-country=\"france\">\n"
  "    <hex id=\"0101\" country=\"belgium\"/>\n"
  "    <zone id=\"z\" name=\"Zone\" side=\"french\"/>\n"
  "    <zone-hex hex=\"0505\" zone=\"z\"/>\n"
  "    <zone-hex hex=\"0506\" zone=\"z\"/>\n"
  "    <entry hex=\"0110\" side=\"french\" group=\"W\"/>\n"
  "    <victory-hex hex=\"0909\" side=\"german\" value=\"1\"/>\n"
  "%MAP%"
  "  </map>\n"
  "  <counters>\n"
  "    <counter id=\"f1\" side=\"french\" type=\"combat\" strength=\"5\"/>\n"
  "    <counter id=\"f2\" side=\"french\" type=\"combat\" strength=\"5\"/>\n"
  "    <counter id=\"f3\" side=\"french\" type=\"combat\" strength=\"5\"/>\n"
  "    <counter id=\"f4\" side=\"french\" type=\"combat\" strength=\"5\"/>\n"
  "    <counter id=\"g1\" side=\"german\" type=\"combat\" strength=\"5\"/>\n"
  "%COUNTERS%"
  "  </counters>\n"
  "  <orders-of-battle>\n"
  "    <oob id=\"A\" side=\"french\">\n"
  "      <placement counter=\"f1\" hex=\"0303\"/>\n"
  "      <placement counter=\"f2\" zone=\"z\"/>\n"
  "      <reinforcement turn=\"2\" counter=\"f3\" entry=\"W\"/>\n"
  "      <reinforcement turn=\"3\" counter=\"f4\" hex=\"0210\"/>\n"
  "%OOB%"
  "    </oob>\n"
  "    <oob id=\"G\" side=\"german\">\n"
  "      <placement counter=\"g1\" hex=\"0909\"/>\n"
  "    </oob>\n"
  "  </orders-of-battle>\n"
  "</scenario>\n";

typedef struct {
  const char *game;
  const char *levels;
  const char *map;
  const char *counters;
  const char *oob;
} Edit;

static char *
build_text (const Edit *e)
{
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  g_autofree char *c = NULL;
  g_autoptr(GString) s = g_string_new (base_text);

  g_string_replace (s, "%GAME%", e->game != NULL ? e->game : "", 1);
  g_string_replace (s, "%LEVELS%", e->levels != NULL ? e->levels : "", 1);
  g_string_replace (s, "%MAP%", e->map != NULL ? e->map : "", 1);
  g_string_replace (s, "%COUNTERS%", e->counters != NULL ? e->counters : "", 1);
  g_string_replace (s, "%OOB%", e->oob != NULL ? e->oob : "", 1);
  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* @text with the first @from replaced by @to. */
static char *
replace (const char *text,
         const char *from,
         const char *to)
{
  g_autoptr(GString) s = g_string_new (text);

  g_assert_nonnull (strstr (text, from));
  g_string_replace (s, from, to, 1);
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static SandScenario *
load_edit (const Edit *e,
           char      **text_out)
{
  g_autofree char *text = build_text (e);
  g_autoptr(GError) error = NULL;
  SandScenario *s = sand_scenario_load_data (text, strlen (text), "v.xml", &error);

  g_assert_no_error (error);
  if (text_out != NULL)
    *text_out = g_steal_pointer (&text);
  return s;
}

/* The line of the first line of @text holding @needle. */
static int
line_of (const char *text,
         const char *needle)
{
  const char *p = strstr (text, needle);
  int line = 1;

  g_assert_nonnull (p);
  for (const char *q = text; q < p; q++)
    if (*q == '\n')
      line++;
  return line;
}

static void
dump (GPtrArray *problems)
{
  for (guint i = 0; i < problems->len; i++)
    {
      const SandProblem *p = g_ptr_array_index (problems, i);
      g_test_message ("%d: %s [%s] %s", p->line,
                      p->severity == SAND_SEVERITY_ERROR ? "error" : "warning", p->code,
                      p->message);
    }
}

/* Finds the one problem with @code and checks where it points. */
static const SandProblem *
expect (SandScenario *s,
        GPtrArray    *problems,
        const char   *code,
        SandSeverity  severity,
        const char   *hex,
        const char   *counter,
        int           line)
{
  const SandProblem *found = NULL;

  dump (problems);
  for (guint i = 0; i < problems->len; i++)
    {
      const SandProblem *p = g_ptr_array_index (problems, i);
      if (strcmp (p->code, code) == 0)
        {
          g_assert_null (found);
          found = p;
        }
    }
  if (found == NULL)
    g_error ("no problem “%s”", code);
  g_assert_cmpint (found->severity, ==, severity);
  if (hex != NULL)
    {
      int h;
      g_assert_true (sand_grid_parse_id (sand_map_get_grid (sand_scenario_get_map (s)), hex, &h));
      g_assert_cmpint (found->hex, ==, h);
    }
  g_assert_cmpstr (found->counter, ==, counter);
  if (line >= 0)
    g_assert_cmpint (found->line, ==, line);
  g_assert_true (found->message != NULL && g_ascii_isupper (found->message[0]));
  return found;
}

/* One test: the edit, then exactly one problem of the kind. */
typedef struct {
  const char *name;
  Edit edit;
  const char *code;
  SandSeverity severity;
  const char *hex;
  const char *counter;
  const char *line_of; /* the line holding this text, or NULL: no line check */
  const char *words;   /* in the message */
} Case;

#define E SAND_SEVERITY_ERROR
#define W SAND_SEVERITY_WARNING

static const Case cases[] = {
  { "bridge-without-water",
    { .map = "    <side hex=\"0303\" dir=\"se\" features=\"bridge road\"/>\n" },
    "bridge-without-water", E, "0303", NULL, "features=\"bridge road\"", "Bridge" },
  { "two-forts-on-one-hex",
    { .map = "    <fort hex=\"0404\" side=\"french\" strength=\"2\" name=\"Toul\"/>\n"
             "    <fort hex=\"0404\" side=\"french\" strength=\"1\" name=\"Toul bis\"/>\n" },
    "two-forts", E, "0404", NULL, "Toul bis", "two fortifications" },
  { "counter-placed-twice",
    { .oob = "      <placement counter=\"f1\" hex=\"0304\"/>\n" },
    "counter-placed-twice", E, "0304", "f1", "hex=\"0304\"", "twice" },
  { "counter-listed-twice-in-oob",
    { .oob = "      <reinforcement turn=\"4\" counter=\"f1\" entry=\"W\"/>\n" },
    "counter-listed-twice", E, NULL, "f1", "turn=\"4\"", "twice" },
  { "counter-never-placed-nor-scheduled",
    { .counters = "    <counter id=\"f9\" side=\"french\" type=\"combat\"/>\n" },
    "counter-unused", W, NULL, "f9", "id=\"f9\"", "neither set up nor brought in" },
  { "placement-names-unknown-counter",
    { .oob = "      <placement counter=\"ghost\" hex=\"0404\"/>\n" },
    "unknown-counter", E, "0404", "ghost", "ghost", "not in the counter mix" },
  { "counter-in-other-sides-oob",
    { .counters = "    <counter id=\"g2\" side=\"german\" type=\"combat\"/>\n",
      .oob = "      <placement counter=\"g2\" hex=\"0404\"/>\n" },
    "counter-wrong-side", E, "0404", "g2", "counter=\"g2\"", "german" },
  { "placement-on-impassable-country",
    { .counters = "    <counter id=\"f5\" side=\"french\" type=\"combat\"/>\n",
      .oob = "      <placement counter=\"f5\" hex=\"0101\"/>\n" },
    "placement-impassable", E, "0101", "f5", "counter=\"f5\"", "Belgium" },
  { "placement-names-unknown-zone",
    { .counters = "    <counter id=\"f5\" side=\"french\" type=\"combat\"/>\n",
      .oob = "      <placement counter=\"f5\" zone=\"nowhere\"/>\n" },
    "unknown-zone", E, NULL, "f5", "nowhere", "not defined" },
  { "zone-hex-names-unknown-zone",
    { .map = "    <zone-hex hex=\"0707\" zone=\"nope\"/>\n" },
    "unknown-zone", E, "0707", NULL, "nope", "not defined" },
  { "zone-without-hexes",
    { .map = "    <zone id=\"empty\"/>\n" },
    "zone-without-hexes", E, NULL, NULL, "id=\"empty\"", "no hex" },
  { "zone-limit-names-unknown-zone",
    { .oob = "      <zone-limit zone=\"elsewhere\" max=\"2\"/>\n" },
    "unknown-zone", E, NULL, NULL, "elsewhere", "not defined" },
  { "fixed-placements-exceed-per-hex-limit",
    { .counters = "    <counter id=\"f5\" side=\"french\" type=\"combat\"/>\n"
                  "    <counter id=\"f6\" side=\"french\" type=\"combat\"/>\n",
      .oob = "      <placement counter=\"f5\" hex=\"0505\"/>\n"
             "      <placement counter=\"f6\" hex=\"0505\"/>\n"
             "      <zone-limit zone=\"z\" max-per-hex=\"1\" max=\"5\"/>\n" },
    "zone-limit-exceeded", E, "0505", NULL, "max-per-hex", "per hex" },
  { "placements-exceed-zone-maximum",
    { .counters = "    <counter id=\"f5\" side=\"french\" type=\"combat\"/>\n",
      .oob = "      <placement counter=\"f5\" hex=\"0506\"/>\n"
             "      <zone-limit zone=\"z\" max=\"1\"/>\n" },
    "zone-limit-exceeded", E, NULL, NULL, "max=\"1\"", "at most 1" },
  { "zone-minimum-unmet",
    { .oob = "      <zone-limit zone=\"z\" min=\"3\"/>\n" },
    "zone-limit-unmet", E, NULL, NULL, "min=\"3\"", "at least 3" },
  { "zone-too-small-for-its-units",
    { .counters = "    <counter id=\"f5\" side=\"french\" type=\"combat\"/>\n"
                  "    <counter id=\"f6\" side=\"french\" type=\"combat\"/>\n",
      .oob = "      <placement counter=\"f5\" zone=\"z\"/>\n"
             "      <placement counter=\"f6\" zone=\"z\"/>\n"
             "      <zone-limit zone=\"z\" max-per-hex=\"1\"/>\n" },
    "zone-too-small", E, NULL, NULL, "max-per-hex", "2 hexes" },
  { "reinforcement-after-last-turn",
    { .counters = "    <counter id=\"f5\" side=\"french\" type=\"combat\"/>\n",
      .oob = "      <reinforcement turn=\"9\" counter=\"f5\" entry=\"W\"/>\n" },
    "reinforcement-after-end", E, NULL, "f5", "turn=\"9\"", "5 turns" },
  { "reinforcement-at-unknown-entry-flag",
    { .counters = "    <counter id=\"f5\" side=\"french\" type=\"combat\"/>\n",
      .oob = "      <reinforcement turn=\"2\" counter=\"f5\" entry=\"X\"/>\n" },
    "reinforcement-no-entry", E, NULL, "f5", "entry=\"X\"", "no french entry flag" },
  { "reinforcement-without-entry",
    { .counters = "    <counter id=\"f5\" side=\"french\" type=\"combat\"/>\n",
      .oob = "      <reinforcement turn=\"2\" counter=\"f5\"/>\n" },
    "reinforcement-no-entry", E, NULL, "f5", "counter=\"f5\"/>", "neither where" },
  { "reinforcement-enters-impassable-hex",
    { .oob = "      <reinforcement turn=\"2\" points=\"3\" hex=\"0101\"/>\n" },
    "reinforcement-no-entry", E, "0101", NULL, "points=\"3\"", "3 points" },
  { "entry-flag-of-side-without-reinforcements",
    { .map = "    <entry hex=\"1005\" side=\"german\" group=\"E\"/>\n" },
    "entry-flag-unused", W, "1005", NULL, "group=\"E\"", "german" },
  { "entry-flag-without-group",
    { .map = "    <entry hex=\"0210\" side=\"french\"/>\n" },
    "entry-flag-no-group", E, "0210", NULL, "<entry hex=\"0210\"", "no group" },
  { "victory-levels-overlap",
    { .levels = "    <level min=\"1\" max=\"1\" label=\"Draw\"/>\n" },
    "victory-levels-overlap", E, NULL, NULL, NULL, "overlap" },
  { "victory-levels-gap",
    { .levels = "    <level min=\"200\" label=\"Late\"/>\n" },
    "victory-levels-gap", E, NULL, NULL, "Late", "from 101 to 199" },
  { "offmap-link-end-inside-map",
    { .map = "    <offmap-link hex=\"0505\" hex2=\"0110\" distance=\"3\" connection=\"road\"/>\n"
             "    <side hex=\"0110\" dir=\"n\" features=\"road\"/>\n"
             "    <side hex=\"0505\" dir=\"n\" features=\"road\"/>\n" },
    "offmap-link-not-on-edge", E, "0505", NULL, "offmap-link", "inside the map" },
  { "offmap-link-without-its-connection",
    { .map = "    <offmap-link hex=\"0110\" hex2=\"1010\" distance=\"3\" connection=\"rail\"/>\n"
             "    <side hex=\"1010\" dir=\"n\" features=\"rail\"/>\n" },
    "offmap-link-unconnected", W, "0110", NULL, "offmap-link", "no rail" },
  { "entry-flag-on-impassable-hex",
    { .map = "    <entry hex=\"0101\" side=\"french\" group=\"W\"/>\n" },
    "entry-flag-impassable", E, "0101", NULL, "<entry hex=\"0101\"", "Belgium" },
  { "zone-hex-listed-twice",
    { .map = "    <zone-hex  hex=\"0505\" zone=\"z\"/>\n" },
    "zone-hex-twice", W, "0505", NULL, "zone-hex  hex", "twice" },
  { "placement-in-other-sides-zone",
    { .map = "    <zone id=\"zg\" side=\"german\"/>\n    <zone-hex hex=\"0808\" zone=\"zg\"/>\n",
      .counters = "    <counter id=\"f5\" side=\"french\" type=\"combat\"/>\n",
      .oob = "      <placement counter=\"f5\" zone=\"zg\"/>\n" },
    "zone-wrong-side", E, NULL, "f5", "counter=\"f5\" zone", "german" },
  { "two-places-with-one-name",
    { .map = "    <place hex=\"0303\" name=\"Metz\"/>\n    <place hex=\"0707\" name=\"METZ\"/>\n" },
    "duplicate-place-name", W, "0707", NULL, "METZ", "0303" },
  { "reduced-strength-not-below-full",
    { .counters = "    <counter id=\"f8\" side=\"french\" type=\"combat\" strength=\"4\" "
                  "reduced=\"4\"/>\n",
      .oob = "      <placement counter=\"f8\" hex=\"0808\"/>\n" },
    "reduced-not-lower", W, NULL, "f8", "id=\"f8\"", "not below" },
  { "option-the-ruleset-does-not-declare",
    { .game = "    <option name=\"standard\"/>\n    <option name=\"formation-status\"/>\n" },
    "option-unknown", W, NULL, NULL, "formation-status", "standard, formation, variable-oob" },
  { "formation-status-without-the-standard-game",
    { .game = "    <option name=\"formation\"/>\n" },
    "option-requires", E, NULL, NULL, "name=\"formation\"", "Standard Game" },
  { "variable-oob-without-the-standard-game",
    { .game = "    <option name=\"variable-oob\"/>\n" },
    "option-requires", E, NULL, NULL, "variable-oob", "Variable Orders of Battle" },
  { "edge-value-off-its-edge",
    { .map = "    <edge-value hex=\"0505\" value=\"1\" edge=\"south\"/>\n" },
    "edge-value-not-on-edge", E, "0505", NULL, "edge-value", "south edge" },
};

static void
test_case (gconstpointer data)
{
  const Case *c = data;
  g_autofree char *text = NULL;
  g_autoptr(SandScenario) s = load_edit (&c->edit, &text);
  g_autoptr(GPtrArray) problems = sand_scenario_validate (s);
  const SandProblem *p;

  p = expect (s, problems, c->code, c->severity, c->hex, c->counter,
              c->line_of != NULL ? line_of (text, c->line_of) : -1);
  if (c->line_of == NULL)
    g_assert_cmpint (p->line, >, 0);
  if (strstr (p->message, c->words) == NULL)
    g_error ("“%s” missing from “%s”", c->words, p->message);
}

static void
test_base_is_clean (void)
{
  Edit none = { 0 };
  g_autoptr(SandScenario) s = load_edit (&none, NULL);
  g_autoptr(GPtrArray) problems = sand_scenario_validate (s);

  dump (problems);
  g_assert_cmpuint (problems->len, ==, 0);
}

/* Every option FPW declares, each with what it requires, is clean. */
static void
test_declared_options_are_clean (void)
{
  Edit e = { .game = "    <option name=\"standard\"/>\n    <option name=\"formation\"/>\n"
                     "    <option name=\"variable-oob\"/>\n" };
  g_autoptr(SandScenario) s = load_edit (&e, NULL);
  g_autoptr(GPtrArray) problems = sand_scenario_validate (s);

  dump (problems);
  g_assert_cmpuint (problems->len, ==, 0);
}

/* An option switched on in the editor has no line: the problem names the
 * <game> line instead. */
static void
test_option_made_in_editor_names_game_line (void)
{
  Edit none = { 0 };
  g_autofree char *text = NULL;
  g_autoptr(SandScenario) s = load_edit (&none, &text);
  g_autoptr(GPtrArray) problems = NULL;

  sand_scenario_set_option (s, "fog-of-war", TRUE);
  problems = sand_scenario_validate (s);
  expect (s, problems, "option-unknown", W, NULL, NULL, line_of (text, "<game"));
}

/* FPW's sequence of play puts the German Player-Turn first: a scenario
 * naming the French is told why its playtest starts with the Germans
 * (issue 17); the base scenario, German first, is not. */
static void
test_first_side_overridden_by_rules (void)
{
  Edit none = { 0 };
  g_autofree char *text = NULL;
  g_autoptr(SandScenario) s = load_edit (&none, &text);
  g_autoptr(GPtrArray) clean = sand_scenario_validate (s);
  g_autoptr(GPtrArray) problems = NULL;
  const SandProblem *p;

  for (guint i = 0; i < clean->len; i++)
    g_assert_cmpstr (((SandProblem *) clean->pdata[i])->code, !=, "first-side-by-rules");
  sand_scenario_set_first_side (s, sand_ruleset_find_side (sand_scenario_get_ruleset (s),
                                                           "french"));
  problems = sand_scenario_validate (s);
  p = expect (s, problems, "first-side-by-rules", W, NULL, NULL, line_of (text, "<game"));
  g_assert_nonnull (strstr (p->message, "German side move first"));
  g_assert_nonnull (strstr (p->message, "not with the French side"));
}

static void
test_demo_has_no_problem (void)
{
  const char *datadir = g_getenv ("SANDTABLE_DATADIR");
  g_autofree char *path = g_build_filename (datadir != NULL ? datadir : "../data", "scenarios",
                                            "demo.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(SandScenario) s = sand_scenario_load_file (path, &error);
  g_autoptr(GPtrArray) problems = NULL;

  g_assert_no_error (error);
  problems = sand_scenario_validate (s);
  dump (problems);
  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_false (sand_problems_have_errors (problems));
}

/* Things the loader refuses can still arrive through the API (an editor
 * bug, a script): validation catches them too. */
static void
test_api_edits_checked (void)
{
  Edit none = { 0 };
  g_autoptr(SandScenario) s = load_edit (&none, NULL);
  g_autoptr(SandCounter) c = sand_counter_copy (sand_scenario_get_counter (s, 0));
  g_autoptr(GPtrArray) problems = NULL;

  c->type = 99;
  sand_scenario_replace_counter (s, 0, g_steal_pointer (&c));
  problems = sand_scenario_validate (s);
  expect (s, problems, "unknown-unit-type", E, NULL, "f1", -1);
}

static void
test_problems_sorted_by_line (void)
{
  Edit e = { .map = "    <fort hex=\"0404\"/>\n    <fort hex=\"0404\"/>\n"
                    "    <side hex=\"0303\" dir=\"se\" features=\"bridge\"/>\n",
             .counters = "    <counter id=\"f9\" side=\"french\" type=\"combat\"/>\n",
             .oob = "      <placement counter=\"f1\" hex=\"0304\"/>\n" };
  g_autoptr(SandScenario) s = load_edit (&e, NULL);
  g_autoptr(GPtrArray) problems = sand_scenario_validate (s);

  dump (problems);
  /* Rules modules may add their own; these four are ours. */
  g_assert_cmpuint (problems->len, >=, 4);
  for (guint i = 1; i < problems->len; i++)
    g_assert_cmpint (((SandProblem *) g_ptr_array_index (problems, i - 1))->line, <,
                     ((SandProblem *) g_ptr_array_index (problems, i))->line);
}

static int extra_calls;

static void
extra_validator (SandScenario *s,
                 GPtrArray    *problems)
{
  extra_calls++;
  sand_validate_add (problems, s, SAND_SEVERITY_WARNING, SAND_HEX_NONE, "f1", "rules-check",
                     "A rules module found something about f1.");
}

/* A game with FPW's vocabulary under another id, whose module checks its
 * scenarios (the validate hook), registered as the tests' own games are. */
static const SandRulesModule checked_module = {
  .ruleset_id = "fpw1870-checked",
  .validate = extra_validator,
};

static void
add_checked_ruleset (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("SANDTABLE_DATADIR"), "rulesets",
                                            "fpw1870.xml", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_autofree char *renamed = replace (text, "id=\"fpw1870\"", "id=\"fpw1870-checked\"");
  g_autoptr(SandRuleset) rs = sand_ruleset_load_data (renamed, strlen (renamed), path, &error);
  g_assert_no_error (error);
  g_assert_true (sand_ruleset_add (rs, &error));
  g_assert_no_error (error);
  g_assert_false (sand_ruleset_add (rs, NULL));  /* the id is taken now */
}

/* Rules modules hook their own checks in, per ruleset. */
static void
test_extra_validators_run_for_their_ruleset (void)
{
  Edit none = { 0 };
  g_autofree char *text = NULL;
  g_autoptr(SandScenario) plain = load_edit (&none, &text);
  g_autofree char *checked_text = replace (text, "ruleset=\"fpw1870\"",
                                           "ruleset=\"fpw1870-checked\"");
  g_autoptr(GError) error = NULL;

  add_checked_ruleset ();
  g_assert_true (sand_rules_register (&checked_module));
  g_assert_true (sand_rules_register (&checked_module)); /* no effect */
  g_autoptr(SandScenario) s = sand_scenario_load_data (checked_text, strlen (checked_text),
                                                       "v.xml", &error);
  g_assert_no_error (error);
  {
    g_autoptr(GPtrArray) problems = sand_scenario_validate (s);
    expect (s, problems, "rules-check", W, NULL, "f1", line_of (checked_text, "id=\"f1\""));
  }
  g_assert_cmpint (extra_calls, ==, 1);
  /* FPW's own scenarios do not run another game's checks */
  {
    g_autoptr(GPtrArray) problems = sand_scenario_validate (plain);
    for (guint i = 0; i < problems->len; i++)
      g_assert_cmpstr (((SandProblem *) g_ptr_array_index (problems, i))->code, !=,
                       "rules-check");
  }
  g_assert_cmpint (extra_calls, ==, 1);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/validate/base-is-clean", test_base_is_clean);
  g_test_add_func ("/validate/demo-has-no-problem", test_demo_has_no_problem);
  g_test_add_func ("/validate/declared-options-are-clean", test_declared_options_are_clean);
  g_test_add_func ("/validate/option-made-in-editor-names-game-line",
                   test_option_made_in_editor_names_game_line);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("/validate/%s", cases[i].name);
      g_test_add_data_func (name, &cases[i], test_case);
    }
  g_test_add_func ("/validate/api-edits-checked", test_api_edits_checked);
  g_test_add_func ("/validate/first-side-overridden-by-rules",
                   test_first_side_overridden_by_rules);
  g_test_add_func ("/validate/problems-sorted-by-line", test_problems_sorted_by_line);
  g_test_add_func ("/validate/extra-validators-run-for-their-ruleset",
                   test_extra_validators_run_for_their_ruleset);

  return g_test_run ();
}
