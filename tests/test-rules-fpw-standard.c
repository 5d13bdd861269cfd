/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rules-fpw-standard.c: Franco-Prussian War 1870 — Standard Game hidden units
 * and dummies, the sequence of play, and what each side knows.
 * One test (at least) per rule case, named after it (/fpw/<case>), driven
 * through the console the way a designer's script would drive it, on the
 * base map of fpw-test-map.h. */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "sand-console.h"
#include "sand-game.h"

#include "console-test-helpers.h"
#include "fpw-test-map.h"

/* The alias @viewer's `state` gives the unit. */
static char *
alias_of (const char *id, int viewer)
{
  return sand_game_unit_name_for (game (), sand_game_find_unit (game (), id), viewer);
}

static void
standard_game_state_hides_face_down_enemies (void)
{
  standard_map ();
  ok ("unit f1 french combat 0811 strength=8", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=6", NULL, NULL);
  ok ("state", NULL, NULL);
  int german = sand_ruleset_find_side (sand_scenario_get_ruleset (sand_game_get_scenario (game ())),
                                       "german");
  g_autofree char *f1 = alias_of ("f1", german);
  g_autofree char *f1_seen = g_strdup_printf ("{\"id\":\"%s\",\"side\":\"french\",\"type\":null,"
                                              "\"hex\":\"0811\",", f1);
  g_assert_true (g_str_has_prefix (f1, "french-?"));
  /* the German player sees where f1 is, not what it is, nor its id */
  ok ("state german", f1_seen,
      "\"id\":\"g1\",\"side\":\"german\",\"type\":\"combat\",\"hex\":\"0810\",\"strength\":6",
      NULL);
  g_autofree char *a = run ("state german");
  g_assert_null (strstr (a, "\"strength\":8"));
  g_assert_null (strstr (a, "\"f1\""));
  ok ("state", "\"strength\":8", NULL);
  /* combat reveals it */
  ok ("at 1 german combat", NULL, NULL);
  ok ("roll 6", NULL, NULL);
  ok ("attack 0811 g1", NULL, NULL);
  ok ("state german", "\"id\":\"f1\",\"side\":\"french\",\"type\":\"combat\"", NULL);
  teardown ();
}

static void
state_lists_unseen_enemies_by_name_not_counter_order (void)
{
  standard_map ();
  ok ("unit f1 french combat 0811 strength=8", NULL, NULL);
  ok ("unit f2 french combat 0812 strength=8", NULL, NULL);
  ok ("unit fd french dummy 0813", NULL, NULL);
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  g_autofree char *a = run ("state german");
  /* the dummy, last in the counter mix, is not told by its place */
  const char *p1 = strstr (a, "\"french-?1\"");
  const char *p2 = strstr (a, "\"french-?2\"");
  const char *p3 = strstr (a, "\"french-?3\"");
  g_assert_nonnull (p1);
  g_assert_nonnull (p2);
  g_assert_nonnull (p3);
  g_assert_true (p1 < p2 && p2 < p3);
  teardown ();
}

static void
refusals_name_unseen_enemies_as_the_side_knows_them (void)
{
  standard_map ();
  ok ("unit fd french dummy 0811", NULL, NULL);
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  int german = sand_ruleset_find_side (sand_scenario_get_ruleset (sand_game_get_scenario (game ())),
                                       "german");
  g_autofree char *alias = alias_of ("fd", german);
  g_autofree char *line = g_strdup_printf ("reach %s", alias);
  g_autofree char *a = run ("%s", line);
  g_assert_true (g_str_has_prefix (a, "{\"ok\":false"));
  g_assert_null (strstr (a, "fd"));
  g_assert_nonnull (strstr (a, alias));
  teardown ();
}

/* QA 11: a refusal names the player's own counter as the editor does,
 * with the id a console user types after it. */
static void
refusal_names_own_unit_by_name (void)
{
  base_map (FALSE);
  ok ("unit f1 french combat 0811 strength=8 name='III Corps'", NULL, NULL);
  ok ("unit f2 french combat 0815 strength=8", NULL, NULL);
  ok ("at 1 french movement", NULL, NULL);
  g_autofree char *a = run ("move f1 0820");
  g_assert_true (g_str_has_prefix (a, "{\"ok\":false"));
  g_assert_nonnull (strstr (a, "III Corps (f1) has "));
  g_assert_nonnull (strstr (a, " MP left, not enough to reach 0820."));
  /* a counter without a name is called by its id alone */
  g_autofree char *b = run ("move f2 0801");
  g_assert_nonnull (strstr (b, "\"f2 "));
  g_assert_null (strstr (b, "(f2)"));
  teardown ();
}

/* QA 11: the attack panel's lines name the units, and say which number is
 * the strength and which what it counts for ("defends with 10: 10" read
 * as a typo). */
static void
combat_notes_name_units_by_name (void)
{
  base_map (TRUE);
  ok ("unit f1 french combat 0811 strength=8 name='III Corps'", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=6 name='X AK'", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("odds 0811 g1", "\"X AK attacks with 6\"", "\"III Corps defends with its strength, 8\"",
      NULL);
  g_autofree char *a = run ("odds 0811 g1");
  g_assert_null (strstr (a, "(f1)"));
  g_assert_null (strstr (a, "g1 attacks"));
  teardown ();
  /* halved: the defence first, then the strength it comes from and why */
  base_map (TRUE);
  ok ("unit f1 french combat 1011 strength=8 name='III Corps'", NULL, NULL);
  ok ("unit g1 german combat 0909 strength=8", NULL, NULL);
  ok ("at 1 french movement", NULL, NULL);
  ok ("entrain f1", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("move g1 1010", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("odds 1011 g1", "\"III Corps defends with 4: strength 8, halved as entrained "
      "(Terrain Effects Chart)\"", NULL);
  teardown ();
}

/* QA 11: naming by name tells a face-down counter's identity as surely as
 * its id; refusals and notes keep to the name the side knows it by. */
static void
face_down_enemy_named_only_as_the_side_knows_it (void)
{
  standard_map ();
  ok ("unit f1 french combat 0811 strength=8 name='Garde Imperiale'", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=6 name='X AK'", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  int german = sand_ruleset_find_side (sand_scenario_get_ruleset (sand_game_get_scenario (game ())),
                                       "german");
  g_autofree char *alias = alias_of ("f1", german);
  g_autofree char *line = g_strdup_printf ("move %s 0812", alias);
  g_autofree char *a = run ("%s", line);
  g_assert_true (g_str_has_prefix (a, "{\"ok\":false"));
  g_assert_nonnull (strstr (a, alias));
  g_assert_null (strstr (a, "Garde"));
  g_assert_null (strstr (a, "f1"));
  ok ("at 1 german combat", NULL, NULL);
  g_autofree char *b = run ("odds 0811 g1");
  g_assert_nonnull (strstr (b, "X AK attacks with 6"));
  g_assert_null (strstr (b, "Garde"));
  g_assert_null (strstr (b, "f1"));
  /* combat reveals it: from then on the German reads its name */
  ok ("roll 6", NULL, NULL);
  ok ("attack 0811 g1", NULL, NULL);
  ok ("at 2 german combat", NULL, NULL);
  ok ("odds 0811 g1", "Garde Imperiale defends", NULL);
  teardown ();
}

static void
dummy_moves_stacks_and_exerts_zoc_like_a_combat_unit (void)
{
  standard_map ();
  ok ("unit fd french dummy 0811", NULL, NULL);
  ok ("unit f1 french combat 0813 strength=8", NULL, NULL);
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  /* ZoC: the dummy controls its neighbours, and the Germans pay +3 there */
  ok ("zoc french", "\"0810\"", NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("reach g1", "\"0809\":4", "\"0810\":8", NULL);
  /* and may not enter its hex (Movement (I)) */
  refused ("move g1 0806 0807 0808 0809 0810 0811", "ZOC (A)");
  ok ("at 1 french movement", NULL, NULL);
  /* stacking: +2 onto a friendly dummy, +2 off */
  ok ("reach f1", "\"0812\":1", NULL);
  ok ("move fd 0812", "\"mp_left\":5", NULL);
  ok ("reach f1", "\"0812\":3", NULL);
  teardown ();
}

static void
dummy_blocks_supply (void)
{
  standard_map ();
  /* a German unit cut off from "S" by a French dummy's zone of control */
  ok ("unit fd french dummy 1003", NULL, NULL);
  ok ("unit g1 german combat 1004 strength=6", NULL, NULL);
  ok ("supply g1", "\"state\":\"supplied\"", NULL);
  ok ("unit fe french dummy 0904", NULL, NULL);
  ok ("unit ff french dummy 1104", NULL, NULL);
  ok ("unit fg french dummy 0905", NULL, NULL);
  ok ("unit fh french dummy 1105", NULL, NULL);
  ok ("unit fi french dummy 1005", NULL, NULL);
  g_autofree char *a = run ("supply g1");
  g_assert_null (strstr (a, "\"state\":\"supplied\""));
  teardown ();
}

static void
dummy_may_not_attack (void)
{
  standard_map ();
  ok ("unit fd french dummy 0811", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=6", NULL, NULL);
  ok ("at 1 french combat", NULL, NULL);
  refused ("attack 0810 fd", "Standard Game Combat");
  ok ("at 1 french movement", NULL, NULL);
  refused ("hasty 0810 fd 1", "Hasty Attacks (Q)");
  teardown ();
}

static void
dummy_revealed_only_in_combat (void)
{
  standard_map ();
  ok ("unit fd french dummy 0811", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=6", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  /* before the attack the German sees a face-down counter: no type, no odds */
  g_autofree char *a = run ("state german");
  g_assert_null (strstr (a, "dummy"));
  ok ("odds 0811 g1", "\"defense\":null", "\"hidden\":true", "\"odds\":\"?\"", NULL);
  g_autofree char *o = run ("odds 0811 g1");
  g_assert_null (strstr (o, "fd"));
  g_assert_null (strstr (o, "dummy"));
  /* the attack reveals it: removed, no roll, the attacker may advance */
  ok ("attack 0811 g1 advance=g1", "\"result\":\"dummy\"", "\"eliminated\":[\"fd\"]",
      "\"advanced\":[\"g1\"]", NULL);
  ok ("state german", "\"id\":\"fd\",\"side\":\"french\",\"type\":\"dummy\",\"hex\":null", NULL);
  /* the attacker need not reveal its units */
  int french = sand_ruleset_find_side (sand_scenario_get_ruleset (sand_game_get_scenario (game ())),
                                       "french");
  g_assert_false (sand_game_unit_visible (game (), sand_game_find_unit (game (), "g1"), french));
  /* a dummy removed is no loss: no victory points */
  g_assert_cmpint (sand_game_points_lost (game (), french), ==, 0);
  teardown ();
}

/* Face down in a fortification: the odds stay "?", but what the rules
 * make public is said — the fortification's own points and that any
 * defender there is doubled (Fortification (B)) — so a player reckoning
 * the defence it believes counts them (the computer once took Metz's
 * garrison for its bare strength); in the open, nothing of the kind. */
static void
hidden_defence_in_a_fortification_counts_the_fort (void)
{
  standard_map ();
  ok ("fort 0811 french 6 Metz capacity=-1", NULL, NULL);
  ok ("unit f1 french combat 0811 strength=4", NULL, NULL);
  ok ("unit f2 french combat 0813 strength=4", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=6", NULL, NULL);
  ok ("unit g2 german combat 0812 strength=6", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("odds 0811 g1", "\"hidden\":true", "\"odds\":\"?\"", NULL);
  int g1 = sand_game_find_unit (game (), "g1"), g2 = sand_game_find_unit (game (), "g2");
  SandOdds in_fort = { 0 }, in_open = { 0 };
  int fort_hex, open_hex;
  g_assert_true (sand_grid_parse_id (sand_game_get_grid (game ()), "0811", &fort_hex));
  g_assert_true (sand_grid_parse_id (sand_game_get_grid (game ()), "0813", &open_hex));
  g_assert_true (sand_game_odds (game (), fort_hex, &g1, 1, FALSE, &in_fort, NULL));
  g_assert_true (in_fort.hidden);
  g_assert_cmpint (in_fort.defense_q, ==, 0);
  g_assert_cmpint (in_fort.known_defense_q, ==, 6 * 4);
  g_assert_cmpint (in_fort.hidden_factor_q, ==, 8);
  g_assert_true (sand_game_odds (game (), open_hex, &g2, 1, FALSE, &in_open, NULL));
  g_assert_true (in_open.hidden);
  g_assert_cmpint (in_open.known_defense_q, ==, 0);
  g_assert_cmpint (in_open.hidden_factor_q, ==, 4);
  sand_odds_clear (&in_fort);
  sand_odds_clear (&in_open);
  teardown ();
}

static void
dummy_returns_in_reinforcement_phase_on_a_friendly_hex (void)
{
  standard_map ();
  ok ("unit fd french dummy 0811", NULL, NULL);
  ok ("unit f1 french combat 0815 strength=8", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=6", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("attack 0811 g1", "\"result\":\"dummy\"", NULL);
  int french = sand_ruleset_find_side (sand_scenario_get_ruleset (sand_game_get_scenario (game ())),
                                       "french");
  int german = french == 0 ? 1 : 0;
  g_autofree char *before = alias_of ("fd", german);
  g_autofree char *host_before = alias_of ("f1", german);
  /* the French Reinforcement Phase now waits for the return */
  ok ("end-phase", "\"side\":\"french\"", "\"phase\":\"reinforcement\"", NULL);
  refused ("dummy fd 0812", "Standard Game Sequence of Play (A)");
  ok ("dummy fd 0815", NULL, NULL);
  /* face down again, under a new name */
  g_autofree char *after = alias_of ("fd", german);
  g_assert_true (g_str_has_prefix (after, "french-?"));
  g_assert_cmpstr (before, !=, after);
  /* "shuffled": the unit it joins is renamed too, so the newest name does
   * not tell which counter is the dummy */
  g_autofree char *host_after = alias_of ("f1", german);
  g_assert_cmpstr (host_before, !=, host_after);
  g_autofree char *a = run ("state german");
  g_assert_null (strstr (a, "\"fd\""));
  refused ("dummy fd 0815", "Standard Game Sequence of Play (A)");
  teardown ();
}

/* Movement (B): "Dummy counters are used only in the Standard Game" — in
 * the Basic Game there is no dummy to return, whatever the unit named. */
static void
dummy_return_refused_outside_the_standard_game (void)
{
  base_map (TRUE);
  ok ("unit f1 french combat 0815 strength=8", NULL, NULL);
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("at 1 french reinforcement", NULL, NULL);
  refused ("dummy f1 0815", "Movement (B)");
  teardown ();
}

static void
combat_defender_reveals_dummies_removed_real_units_fight (void)
{
  standard_map ();
  ok ("unit fd french dummy 0811", NULL, NULL);
  ok ("unit f1 french combat 0811 strength=4", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=8", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("roll 3", NULL, NULL);
  /* 8 against 4 (the dummy adds nothing and is removed): 2-1 */
  ok ("attack 0811 g1", "\"defense\":4", "\"odds\":\"2-1\"", "\"eliminated\":[\"fd\"", NULL);
  int french = sand_ruleset_find_side (sand_scenario_get_ruleset (sand_game_get_scenario (game ())),
                                       "french");
  /* real combat: the attacker is revealed too */
  g_assert_true (sand_game_unit_visible (game (), sand_game_find_unit (game (), "g1"), french));
  teardown ();
}

static void
revealed_strength_is_what_was_seen (void)
{
  standard_map ();
  ok ("unit f1 french combat 0811 strength=8", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=6", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("roll 1", NULL, NULL);
  ok ("attack 0811 g1", NULL, NULL);
  int f = sand_game_find_unit (game (), "f1");
  int german = sand_ruleset_find_side (sand_scenario_get_ruleset (sand_game_get_scenario (game ())),
                                       "german");
  int seen = sand_game_unit_strength_for (game (), f, german);
  g_assert_cmpint (seen, ==, sand_game_get_unit (game (), f)->strength);
  teardown ();
}

/* Standard Game Sequence of Play: one unit in motion ----------------------- */

static void
sequence_of_play_one_unit_in_motion_at_a_time (void)
{
  standard_map ();
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("unit g2 german combat 0705 strength=6", NULL, NULL);
  ok ("unit f1 french combat 0818 strength=8", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("state", "\"in_motion\":null", "\"segment\":0", NULL);
  ok ("move g1 0806", "\"segment\":1", NULL);
  ok ("state", "\"in_motion\":\"g1\"", "\"segment\":1", NULL);
  /* it goes on as long as it is the unit in motion */
  ok ("move g1 0807", NULL, NULL);
  g_assert_cmpint (sand_game_unit_in_motion (game ()), ==, sand_game_find_unit (game (), "g1"));
  /* "the Player may not have more than one unit in motion": moving g2
   * finishes g1 */
  ok ("move g2 0706", NULL, NULL);
  g_assert_cmpint (sand_game_unit_in_motion (game ()), ==, sand_game_find_unit (game (), "g2"));
  ok ("state", "\"id\":\"g1\",\"side\":\"german\",\"type\":\"combat\",\"hex\":\"0807\","
      "\"strength\":6,\"mp_left\":6,\"flags\":[\"moved\",\"finished\"]", NULL);
  /* the enemy sees which counter moves, by the name it knows it by */
  int french = sand_ruleset_find_side (sand_scenario_get_ruleset (sand_game_get_scenario (game ())),
                                       "french");
  g_autofree char *g2 = alias_of ("g2", french);
  g_autofree char *moving = g_strdup_printf ("\"in_motion\":\"%s\"", g2);
  ok ("state french", moving, NULL);
  /* undo gives g1 its movement back */
  ok ("undo", NULL, NULL);
  ok ("state", "\"in_motion\":\"g1\"", NULL);
  ok ("move g1 0808", NULL, NULL);
  /* the next phase begins with no unit in motion */
  ok ("end-phase", NULL, NULL);
  g_assert_cmpint (sand_game_unit_in_motion (game ()), ==, -1);
  g_assert_cmpint (sand_game_get_segment (game ()), ==, 0);
  teardown ();
}

static void
finished_unit_may_not_move_again (void)
{
  standard_map ();
  ok ("unit g1 german combat 1005 strength=6", NULL, NULL);
  ok ("unit g2 german combat 0705 strength=6", NULL, NULL);
  ok ("unit f1 french combat 0818 strength=8", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("move g1 1006", NULL, NULL);
  ok ("move g2 0706", NULL, NULL);
  refused ("move g1 1007", "Standard Game Sequence of Play");
  refused ("reach g1", "Standard Game Sequence of Play");
  refused ("entrain g1", "Standard Game Sequence of Play");
  refused ("done g1", "Standard Game Sequence of Play");
  /* done ends the unit in motion's movement explicitly */
  ok ("done g2", "\"in_motion\":null", NULL);
  refused ("move g2 0707", "Standard Game Sequence of Play");
  /* a replay gives the same finished units */
  g_autofree char *log = sand_game_save_log (game ());
  g_autoptr(GError) error = NULL;
  g_autoptr(SandGame) replay = sand_game_load_log (sand_console_get_scenario (con), log, &error);
  g_assert_no_error (error);
  int g2 = sand_game_find_unit (game (), "g2");
  g_assert_true (sand_game_get_unit (replay, g2)->flags & SAND_UNIT_FINISHED);
  teardown ();

  /* the Basic Game lets units move in any order, and again */
  base_map (TRUE);
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("unit g2 german combat 0705 strength=6", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("move g1 0806", NULL, NULL);
  ok ("move g2 0706", NULL, NULL);
  ok ("move g1 0807", NULL, NULL);
  g_assert_cmpint (sand_game_unit_in_motion (game ()), ==, -1);
  refused ("done g1", "Standard Game Sequence of Play");
  teardown ();
}

static void
probe_segment_dummy_found_second_movement (void)
{
  standard_map ();
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("unit fd french dummy 0808", NULL, NULL);
  ok ("unit f2 french combat 0810 strength=8", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  /* (1) first movement, until it enters a possible enemy ZoC: (2) probe */
  ok ("move g1 0806", "\"segment\":1", NULL);
  ok ("move g1 0807 probe", "\"segment\":2", "\"must_probe\":true", NULL);
  /* a dummy: removed, and (3) the second movement */
  ok ("hasty 0808 g1 1", "\"result\":\"dummy\"", NULL);
  ok ("state", "\"in_motion\":\"g1\"", "\"segment\":3", NULL);
  /* moving next to another enemy unit goes back to (2) */
  ok ("move g1 0808", "\"segment\":3", NULL);
  ok ("move g1 0809", "\"segment\":2", NULL);
  g_assert_cmpint (sand_game_get_segment (game ()), ==, 2);
  /* a real unit found: resolved, and the unit's movement is over */
  ok ("roll 4", NULL, NULL);
  ok ("hasty 0810 g1 1", NULL, NULL);
  g_assert_cmpint (sand_game_unit_in_motion (game ()), ==, -1);
  g_assert_true (sand_game_get_unit (game (), sand_game_find_unit (game (), "g1"))->flags
                 & SAND_UNIT_FINISHED);
  teardown ();
}

static void
vp_for_side_counts_only_what_it_has_seen (void)
{
  isolation_map ();
  ok ("unit g1 german combat 0127 strength=6", NULL, NULL);
  ok ("unit f1 french combat 1520 strength=4", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  /* Supply (O): g1, face down, loses a point the French do not see */
  ok ("end-phase", NULL, NULL);
  g_assert_cmpint (unit_strength ("g1"), ==, 5);
  /* the umpire: 5 for the point destroyed, 3 a point for g1 (5) and f1 (4)
   * isolated */
  ok ("vp", "\"french\":20", "\"german\":12", NULL);
  /* the Germans know their own losses, not f1's strength */
  ok ("vp german", "\"french\":20", "\"german\":0", NULL);
  /* the French know f1, not g1 nor the point it lost face down */
  ok ("vp french", "\"french\":0", "\"german\":12", NULL);
  refused ("vp prussia", NULL);
  teardown ();
}

/* The index of the first log line that starts with @prefix, from @from. */
static guint
log_index (const char *prefix, guint from)
{
  for (guint i = from; i < sand_game_log_length (game ()); i++)
    if (g_str_has_prefix (sand_game_log_line (game (), i), prefix))
      return i;
  g_assert_not_reached ();
}

static void
log_for_side_hides_unseen_identities (void)
{
  formation_map ();
  ok ("unit g1 german combat 0805 strength=6", NULL, NULL);
  ok ("unit fd french dummy 0808", NULL, NULL);
  ok ("unit f2 french combat 0810 strength=8", NULL, NULL);
  ok ("ready", NULL, NULL);  /* the French set up first; then the Germans choose */
  ok ("formation g1 concentrated", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("move g1 0806 0807 probe", NULL, NULL);
  ok ("hasty 0808 g1 2", "\"result\":\"dummy\"", NULL);
  ok ("move g1 0808 0809", NULL, NULL);
  SandRuleset *rs = sand_scenario_get_ruleset (sand_game_get_scenario (game ()));
  int german = sand_ruleset_find_side (rs, "german");
  int french = sand_ruleset_find_side (rs, "french");
  g_autofree char *g1 = alias_of ("g1", french);

  /* the side that acted, and the umpire, read the line itself */
  guint formation = log_index ("formation g1", 0);
  g_assert_cmpstr (sand_game_log_line_for (game (), formation, german), ==,
                   "formation g1 concentrated");
  g_assert_cmpstr (sand_game_log_line_for (game (), formation, -1), ==,
                   sand_game_log_line (game (), formation));
  /* the enemy does not see a face-down formation marker change */
  g_assert_null (sand_game_log_line_for (game (), formation, french));
  /* an unseen mover by the name the enemy knows it by */
  guint move = log_index ("move g1 0806", 0);
  g_autofree char *want_move = g_strdup_printf ("move %s 0806 0807 probe", g1);
  g_assert_cmpstr (sand_game_log_line_for (game (), move, french), ==, want_move);
  /* a hasty attack that found a dummy: the allocation stays secret */
  guint hasty = log_index ("hasty", 0);
  g_autofree char *want_hasty = g_strdup_printf ("hasty 0808 %s", g1);
  g_assert_cmpstr (sand_game_log_line_for (game (), hasty, french), ==, want_hasty);
  g_assert_cmpstr (sand_game_log_line_for (game (), hasty, german), ==, "hasty 0808 g1 2");
  /* the console's `log SIDE` gives the same lines, the unseen ones left out */
  g_autofree char *quoted_move = g_strdup_printf ("\"%s\"", want_move);
  ok ("log french", quoted_move, NULL);
  g_autofree char *french_log = run ("log french");
  g_assert_null (strstr (french_log, "\"formation"));
  g_assert_null (strstr (french_log, "g1"));
  ok ("log", "\"formation g1 concentrated\"", NULL);

  /* combat reveals g1: later lines name it, earlier ones keep what the
   * French knew then */
  ok ("end-phase", NULL, NULL);
  ok ("roll 4", NULL, NULL);
  ok ("attack 0810 g1", NULL, NULL);
  guint attack = log_index ("attack 0810 g1", 0);
  g_assert_nonnull (strstr (sand_game_log_line_for (game (), attack, french), "g1"));
  g_assert_cmpstr (sand_game_log_line_for (game (), move, french), ==, want_move);
  g_assert_null (strstr (sand_game_log_line_for (game (), move, french), "g1"));

  /* a returned dummy: where, not which counter */
  ok ("end-phase", NULL, NULL);
  ok ("dummy fd 0810", NULL, NULL);
  guint dummy = log_index ("dummy fd", 0);
  g_assert_cmpstr (sand_game_log_line_for (game (), dummy, german), ==, "dummy 0810");
  g_assert_cmpstr (sand_game_log_line_for (game (), dummy, french), ==, "dummy fd 0810");
  /* in play, the enemy sees a marker changed, not to what */
  ok ("end-phase", "\"phase\":\"movement\"", NULL);
  ok ("formation f2 concentrated", NULL, NULL);
  guint change = log_index ("formation f2", 0);
  g_autofree char *f2 = alias_of ("f2", german);
  g_autofree char *want_change = g_strdup_printf ("formation %s", f2);
  g_assert_cmpstr (sand_game_log_line_for (game (), change, german), ==, want_change);
  /* a saved game is the umpire's whole record */
  g_autofree char *saved = sand_game_save_log (game ());
  g_assert_nonnull (strstr (saved, "formation g1 concentrated"));
  g_assert_nonnull (strstr (saved, "hasty 0808 g1 2"));
  teardown ();
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_set_nonfatal_assertions ();
  g_setenv ("LC_ALL", "C", TRUE);

#define T(name) g_test_add_func ("/fpw/" #name, name)
  T (standard_game_state_hides_face_down_enemies);
  T (state_lists_unseen_enemies_by_name_not_counter_order);
  T (refusals_name_unseen_enemies_as_the_side_knows_them);
  T (refusal_names_own_unit_by_name);
  T (combat_notes_name_units_by_name);
  T (face_down_enemy_named_only_as_the_side_knows_it);
  T (dummy_moves_stacks_and_exerts_zoc_like_a_combat_unit);
  T (dummy_blocks_supply);
  T (dummy_may_not_attack);
  T (dummy_revealed_only_in_combat);
  T (dummy_returns_in_reinforcement_phase_on_a_friendly_hex);
  T (dummy_return_refused_outside_the_standard_game);
  T (combat_defender_reveals_dummies_removed_real_units_fight);
  T (revealed_strength_is_what_was_seen);
  T (sequence_of_play_one_unit_in_motion_at_a_time);
  T (finished_unit_may_not_move_again);
  T (probe_segment_dummy_found_second_movement);
  T (vp_for_side_counts_only_what_it_has_seen);
  T (log_for_side_hides_unseen_identities);
  T (hidden_defence_in_a_fortification_counts_the_fort);
  return g_test_run ();
}
