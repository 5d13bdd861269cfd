/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-combat-choices.c: combat in two steps — the die is rolled, then the
 * owners choose what the rules leave to them (FPW Unit Reduction (A), fort
 * losses and Combat (K) advance; LFAF 7.3 steps, 7.4 retreats, 7.5
 * advance) — driven through the console (`attack … ask`, `settle`) and
 * the engine calls. Tests are named after the rule case they prove.
 *
 * The LFAF map is 12x12 clear, flat-topped, even columns lower: the
 * neighbours of 0505 are n 0504, ne 0604, se 0605, s 0506, sw 0405,
 * nw 0404.
 */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "sand-console.h"
#include "sand-game.h"
#include "sand-scenario-io.h"

#include "console-test-helpers.h"

/* FPW: Germany holds rows 1-10, France 11-20, supplied from both ends. */
static void
fpw_map (void)
{
  g_clear_pointer (&con, sand_console_free);
  con = sand_console_new (NULL, 42);
  ok ("new fpw1870 20x20", NULL, NULL);
  for (int pass = 0; pass < 2; pass++)
    {
      GString *s = g_string_new (pass == 0 ? "country germany" : "country france");
      for (int c = 1; c <= 20; c++)
        for (int r = 1; r <= 20; r++)
          if ((r <= 10) == (pass == 0))
            g_string_append_printf (s, " %02d%02d", c, r);
      g_autofree char *a = run ("%s", s->str);
      g_string_free (s, TRUE);
    }
  GString *rail = g_string_new ("rail");
  for (int r = 1; r <= 20; r++)
    g_string_append_printf (rail, " 10%02d", r);
  ok (rail->str, NULL, NULL);
  g_string_free (rail, TRUE);
  ok ("marker supply 1001 german name=S", NULL, NULL);
  ok ("marker supply 1020 french name=rail-edge", NULL, NULL);
}

/* Two German attackers of 6 against a French 8: 12 to 8 is 1-1; a 1
 * gives 1/2. */
static void
fpw_one_to_one (void)
{
  fpw_map ();
  ok ("unit g1 german combat 0810 strength=6", NULL, NULL);
  ok ("unit g2 german combat 0711 strength=6", NULL, NULL);
  ok ("unit f1 french combat 0811 strength=8", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("roll 1", NULL, NULL);
}

/* FPW ------------------------------------------------------------------- */

static void
unit_reduction_owner_allocates_losses (void)
{
  fpw_one_to_one ();
  ok ("attack 0811 g1 g2 ask", "\"pending\":true", "\"result\":\"1/2\"",
      "\"attacker\":{\"loss\":1,\"rule\":\"Unit Reduction (A)\"",
      "{\"id\":\"g1\",\"max\":6}", "{\"id\":\"f1\",\"max\":8}", NULL);
  /* nothing has happened yet */
  g_assert_cmpint (unit_strength ("f1"), ==, 8);
  g_assert_nonnull (sand_game_get_pending_attack (game ()));
  ok ("settle losses=g1:1", "\"loss\":1", NULL);
  g_assert_cmpint (unit_strength ("g1"), ==, 5);
  g_assert_cmpint (unit_strength ("g2"), ==, 6);
  g_assert_cmpint (unit_strength ("f1"), ==, 6);
  g_assert_null (sand_game_get_pending_attack (game ()));
  /* one log line with the choices in it */
  guint n = sand_game_log_length (game ());
  const char *line = sand_game_log_line (game (), n - 1);
  g_assert_true (g_str_has_prefix (line, "attack 0811 g1 g2 losses=g1:1,f1:2"));
  teardown ();
}

static void
unit_reduction_defaults_fill_what_is_not_chosen (void)
{
  fpw_one_to_one ();
  ok ("attack 0811 g1 g2 ask", NULL, NULL);
  /* the attacker's loss by default: the strongest first (g1, ties in
   * counter order) */
  ok ("settle", "\"result\":\"1/2\"", NULL);
  g_assert_cmpint (unit_strength ("g1") + unit_strength ("g2"), ==, 11);
  g_assert_cmpint (unit_strength ("f1"), ==, 6);
  teardown ();
}

static void
illegal_allocation_refused_citing_rule (void)
{
  fpw_one_to_one ();
  ok ("unit g9 german combat 0101 strength=2", NULL, NULL);
  ok ("attack 0811 g1 g2 ask", NULL, NULL);
  /* more than the result's total */
  refused ("settle losses=g1:1,g2:1", "Unit Reduction (A)");
  /* more than the unit has */
  refused ("settle losses=f1:9", "Unit Reduction (A)");
  /* a unit that took no part */
  refused ("settle losses=g9:1", "Unit Reduction (A)");
  /* no fortification here */
  refused ("settle losses=fort:1", "Unit Reduction (A)");
  /* not emptied: nobody advances */
  refused ("settle advance=g1", "Combat (K)");
  /* still waiting, unchanged */
  g_assert_nonnull (sand_game_get_pending_attack (game ()));
  g_assert_cmpint (unit_strength ("g1"), ==, 6);
  ok ("settle losses=g2:1,f1:2", NULL, NULL);
  g_assert_cmpint (unit_strength ("g2"), ==, 5);
  teardown ();
}

static void
unit_reduction_a_defender_chooses_fort_loss_after_the_roll (void)
{
  fpw_map ();
  ok ("fort 0811 french 2 Toul", NULL, NULL);
  ok ("unit gm german combat 0909 strength=1", NULL, NULL);
  ok ("unit f1 french combat 0811 strength=3", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=8", NULL, NULL);
  ok ("unit g2 german combat 0711 strength=8", NULL, NULL);
  ok ("unit g3 german combat 0911 strength=8", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  /* 24 against 8: 3-1; a 1 gives 1/3 */
  ok ("roll 1", NULL, NULL);
  ok ("attack 0811 g1 g2 g3 ask", "\"fort_max\":2", "\"result\":\"1/3\"", NULL);
  refused ("settle losses=fort:3", "Unit Reduction (A)");
  ok ("settle losses=fort:1,f1:2", "\"fort_loss\":1", NULL);
  g_assert_cmpint (unit_strength ("f1"), ==, 1);
  g_assert_cmpint (sand_game_fort_strength (game (), hex_of ("0811")), ==, 1);
  teardown ();
}

static void
combat_k_attacker_chooses_advance_after_the_roll (void)
{
  fpw_map ();
  ok ("unit g1 german combat 0810 strength=8", NULL, NULL);
  ok ("unit g2 german combat 0711 strength=8", NULL, NULL);
  ok ("unit f1 french combat 0811 strength=2", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("roll 6", NULL, NULL);
  ok ("attack 0811 g1 g2 ask", "\"advance\":[\"g1\",\"g2\"]", NULL);
  ok ("settle advance=g2", "\"advanced\":[\"g2\"]", NULL);
  g_assert_cmpstr (unit_where ("g2"), ==, "0811");
  g_assert_cmpstr (unit_where ("g1"), ==, "0810");
  teardown ();
}

static void
pending_attack_refuses_other_actions (void)
{
  fpw_one_to_one ();
  ok ("unit g3 german combat 0805 strength=6", NULL, NULL);
  ok ("attack 0811 g1 g2 ask", NULL, NULL);
  refused ("end-phase", "Unit Reduction (A)");
  refused ("attack 0811 g3", "Unit Reduction (A)");
  refused ("roll 3", "Unit Reduction (A)");
  refused ("at 1 german movement", "Unit Reduction (A)");
  g_autoptr(GError) error = NULL;
  int g3 = sand_game_find_unit (game (), "g3");
  int path[] = { hex_of ("0806") };
  g_assert_false (sand_game_move (game (), g3, path, 1, NULL, &error));
  g_assert_nonnull (strstr (error->message, "settle it"));
  ok ("pending", "\"pending\":true", "\"hex\":\"0811\"", NULL);
  ok ("settle", NULL, NULL);
  ok ("pending", "\"pending\":false", NULL);
  ok ("end-phase", NULL, NULL);
  teardown ();
}

static void
undo_takes_back_a_rolled_attack (void)
{
  fpw_one_to_one ();
  guint before = sand_game_log_length (game ());
  ok ("attack 0811 g1 g2 ask", "\"roll\":1", NULL);
  ok ("undo", NULL, NULL);
  g_assert_null (sand_game_get_pending_attack (game ()));
  g_assert_cmpuint (sand_game_log_length (game ()), ==, before);
  g_assert_cmpint (unit_strength ("f1"), ==, 8);
  /* the die was not taken back: the same attack rolls it again */
  ok ("attack 0811 g1 g2 ask", "\"roll\":1", NULL);
  ok ("settle", NULL, NULL);
  /* and after the settle undo takes back the whole attack */
  ok ("undo", NULL, NULL);
  g_assert_cmpint (unit_strength ("f1"), ==, 8);
  g_assert_cmpint (unit_strength ("g1"), ==, 6);
  teardown ();
}

static void
settle_without_a_rolled_attack_is_refused (void)
{
  fpw_one_to_one ();
  g_autofree char *a = run ("settle");
  g_assert_true (g_str_has_prefix (a, "{\"ok\":false"));
  teardown ();
}

static void
two_step_attack_replays_from_its_log_line (void)
{
  fpw_one_to_one ();
  ok ("attack 0811 g1 g2 ask", NULL, NULL);
  ok ("settle losses=g2:1", NULL, NULL);
  g_autofree char *saved = sand_game_save_log (game ());
  g_autoptr(SandGame) again = sand_game_load_log (sand_game_get_scenario (game ()), saved, NULL);
  g_assert_nonnull (again);
  for (guint i = 0; i < sand_game_n_units (game ()); i++)
    {
      g_assert_cmpint (sand_game_get_unit (again, (int) i)->strength, ==,
                       sand_game_get_unit (game (), (int) i)->strength);
      g_assert_cmpint (sand_game_get_unit (again, (int) i)->hex, ==,
                       sand_game_get_unit (game (), (int) i)->hex);
    }
  teardown ();
}

/* LFAF ------------------------------------------------------------------ */

/* a (2 steps) assaults d (3 steps, light) on 0505 from 0504; a 6 with +1
 * quality and -1 mass: the defender loses one step and retreats (LFAF
 * 7.4) — the rows give "1 DR". */
static void
lfaf_retreat_setup (void)
{
  lfaf_base_map ();
  ok ("unit a french infantry 0504 steps=2 quality=1", NULL, NULL);
  ok ("unit d german light 0505 steps=3 quality=0", NULL, NULL);
  ok ("at 1 french combat", NULL, NULL);
  ok ("roll 6", NULL, NULL);
}

static void
lfaf_retreat_owner_chooses_hex (void)
{
  lfaf_retreat_setup ();
  ok ("attack 0505 a ask", "\"rule\":\"LFAF 7.4\"", "\"units\":[\"d\"]", NULL);
  const SandPendingAttack *p = sand_game_get_pending_attack (game ());
  g_assert_nonnull (p);
  g_assert_cmpuint (p->retreats->len, ==, 1);
  const SandRetreatOwed *r = &g_array_index (p->retreats, SandRetreatOwed, 0);
  /* a hex one farther from 0505, and not 0504 (the attacker's) */
  gboolean has_0506 = FALSE;
  for (guint i = 0; i < r->ends->len; i++)
    {
      int h = g_array_index (r->ends, int, i);
      g_assert_cmpint (h, !=, hex_of ("0504"));
      has_0506 |= h == hex_of ("0506");
    }
  g_assert_true (has_0506);
  ok ("settle retreat=d:0506", NULL, NULL);
  g_assert_cmpstr (unit_where ("d"), ==, "0506");
  /* the chosen way is in the log line */
  const char *line = sand_game_log_line (game (), sand_game_log_length (game ()) - 1);
  g_assert_nonnull (strstr (line, "retreat=d:0506"));
  teardown ();
}

static void
lfaf_illegal_retreat_refused_citing_rule (void)
{
  lfaf_retreat_setup ();
  ok ("attack 0505 a ask", NULL, NULL);
  /* into the attacker's hex, and a hex not farther from 0505 */
  refused ("settle retreat=d:0504", "LFAF 7.4");
  refused ("settle retreat=d:0505", "LFAF 7.4");
  /* a unit that does not retreat */
  refused ("settle retreat=a:0503", "LFAF 7.4");
  refused ("settle losses=d:3", "LFAF 7.3");
  ok ("settle retreat=d:0604", NULL, NULL);
  g_assert_cmpstr (unit_where ("d"), ==, "0604");
  teardown ();
}

static void
lfaf_retreat_default_keeps_old_choice (void)
{
  /* without a choice the retreat is the engine's, as before the two
   * steps (so older saved games replay), and it is written in the log */
  lfaf_retreat_setup ();
  ok ("attack 0505 a", NULL, NULL);
  const char *line = sand_game_log_line (game (), sand_game_log_length (game ()) - 1);
  g_autofree char *want = g_strdup_printf ("retreat=d:%s", unit_where ("d"));
  g_assert_nonnull (strstr (line, want));
  teardown ();
}

static void
lfaf_retreat_two_hexes_end_hex_chosen (void)
{
  lfaf_base_map ();
  ok ("unit a french infantry 0504 steps=3 quality=1", NULL, NULL);
  ok ("unit b french infantry 0404 steps=3 quality=1", NULL, NULL);
  ok ("unit d german infantry 0505 steps=3 quality=-1", NULL, NULL);
  ok ("at 1 french combat", NULL, NULL);
  /* 6, +2 quality, mass: 9 or more, "0/2 DR2" */
  ok ("roll 6", NULL, NULL);
  ok ("attack 0505 a b ask", "\"result\":\"0/2 DR2\"", NULL);
  const SandPendingAttack *p = sand_game_get_pending_attack (game ());
  g_assert_nonnull (p);
  g_assert_cmpuint (p->retreats->len, ==, 1);
  const SandRetreatOwed *r = &g_array_index (p->retreats, SandRetreatOwed, 0);
  g_assert_cmpint (r->hexes, ==, 2);
  g_assert_cmpint (r->reach, ==, 2);
  /* an end reached clear of enemy control, so no step is lost on the way */
  int clear = -1;
  for (guint i = 0; i < r->ends->len && clear < 0; i++)
    {
      int h = g_array_index (r->ends, int, i);
      gboolean controlled = FALSE;
      for (guint j = 0; j < r->controlled->len; j++)
        controlled |= g_array_index (r->controlled, int, j) == h;
      if (!controlled)
        clear = h;
    }
  g_assert_cmpint (clear, >=, 0);
  g_autofree char *end = sand_grid_dup_id (sand_game_get_grid (game ()), clear);
  for (guint i = 0; i < r->ends->len; i++)
    g_assert_cmpint (sand_grid_distance (sand_game_get_grid (game ()), hex_of ("0505"),
                                         g_array_index (r->ends, int, i)), ==, 2);
  /* a hex one step away is no end of a two-hex retreat */
  refused ("settle retreat=d:0506", "LFAF 7.4");
  g_autofree char *line = g_strdup_printf ("settle retreat=d:%s", end);
  ok (line, NULL, NULL);
  g_assert_cmpint (unit_strength ("d"), ==, 1);
  g_assert_cmpstr (unit_where ("d"), ==, end);
  /* the way it took, both hexes, is in the log */
  const char *log = sand_game_log_line (game (), sand_game_log_length (game ()) - 1);
  g_autofree char *want = g_strdup_printf ("/%s", end);
  g_assert_nonnull (strstr (log, want));
  teardown ();
}

static void
lfaf_steps_owner_allocates (void)
{
  lfaf_base_map ();
  ok ("unit a french infantry 0504 steps=2", NULL, NULL);
  ok ("unit b french infantry 0404 steps=2", NULL, NULL);
  ok ("unit d german infantry 0505 steps=2", NULL, NULL);
  ok ("at 1 french combat", NULL, NULL);
  /* 1, +2 mass: row 3, a step each */
  ok ("roll 1", NULL, NULL);
  ok ("attack 0505 a b ask", "\"rule\":\"LFAF 7.3\"", "\"result\":\"1/1\"", NULL);
  ok ("settle losses=b:1", NULL, NULL);
  g_assert_cmpint (unit_strength ("a"), ==, 2);
  g_assert_cmpint (unit_strength ("b"), ==, 1);
  g_assert_cmpint (unit_strength ("d"), ==, 1);
  teardown ();
}

/* 4.3: d on 0505 can only retreat south, onto a full stack on 0506; the
 * owner sends g (not the first counter, e) one hex on, to 0507. */
static void
lfaf_room_owner_chooses_who_makes_room (void)
{
  lfaf_base_map ();
  ok ("hexside 0505 ne river", NULL, NULL);
  ok ("hexside 0505 se river", NULL, NULL);
  ok ("hexside 0505 sw river", NULL, NULL);
  ok ("hexside 0505 nw river", NULL, NULL);
  ok ("unit a french infantry 0504 steps=2 quality=1", NULL, NULL);
  ok ("unit d german infantry 0505 steps=2", NULL, NULL);
  ok ("unit e german infantry 0506 steps=2", NULL, NULL);
  ok ("unit f german infantry 0506 steps=2", NULL, NULL);
  ok ("unit g german infantry 0506 steps=2", NULL, NULL);
  ok ("at 1 french combat", NULL, NULL);
  ok ("roll 5", NULL, NULL);
  ok ("attack 0505 a ask", "\"ends\":[\"0506\"]", "\"room\":[\"e\",\"f\",\"g\"]", NULL);
  /* back into the assaulted hex, or two hexes on: refused */
  refused ("settle retreat=g:0505", "LFAF 4.3");
  refused ("settle retreat=g:0508", "LFAF 4.3");
  ok ("settle retreat=g:0507", NULL, NULL);
  g_assert_cmpstr (unit_where ("d"), ==, "0506");
  g_assert_cmpstr (unit_where ("e"), ==, "0506");
  g_assert_cmpstr (unit_where ("g"), ==, "0507");
  const char *line = sand_game_log_line (game (), sand_game_log_length (game ()) - 1);
  g_assert_nonnull (strstr (line, "retreat=d:0506,g:0507"));
  /* and the line replays the same */
  g_autofree char *saved = sand_game_save_log (game ());
  g_autoptr(SandGame) again = sand_game_load_log (sand_game_get_scenario (game ()), saved, NULL);
  g_assert_nonnull (again);
  g_assert_cmpint (sand_game_get_unit (again, sand_game_find_unit (again, "g"))->hex, ==,
                   hex_of ("0507"));
  teardown ();
}

/* 8.4: which batteries support an assault is the owner's choice: none,
 * one of them, at most two, each ready and in range. */
static void
lfaf_owner_chooses_supporting_artillery (void)
{
  lfaf_base_map ();
  ok ("unit a french infantry 0504 steps=2", NULL, NULL);
  ok ("unit g french artillery 0501", NULL, NULL);
  ok ("unit h french artillery 0502", NULL, NULL);
  ok ("unit k french artillery 0503", NULL, NULL);
  ok ("unit m french artillery 0511", NULL, NULL);
  ok ("unit d german infantry 0505 steps=2", NULL, NULL);
  ok ("at 1 french combat", NULL, NULL);
  /* by default the first two in counter order */
  ok ("odds 0505 a", "\"support\":[\"g\",\"h\"]", "\"drm\":2", NULL);
  ok ("odds 0505 a support=k", "\"support\":[\"k\"]", "\"drm\":1",
      "artillery support by k: +1", NULL);
  ok ("odds 0505 a support=none", "\"support\":[]", "\"drm\":0", NULL);
  refused ("odds 0505 a support=g,h,k", "LFAF 8.4");
  refused ("odds 0505 a support=a", "LFAF 8.4");
  /* the chosen battery fires, the others stay ready for a bombardment */
  ok ("roll 3", NULL, NULL);
  ok ("attack 0505 a support=k ask", "\"modified_roll\":4", NULL);
  ok ("settle", NULL, NULL);
  const char *line = sand_game_log_line (game (), sand_game_log_length (game ()) - 1);
  g_assert_nonnull (strstr (line, "support=k"));
  g_autoptr(GPtrArray) flags = g_ptr_array_new ();
  sand_game_unit_rule_flags (game (), sand_game_find_unit (game (), "k"), flags);
  gboolean fired = FALSE;
  for (guint i = 0; i < flags->len; i++)
    fired |= g_str_equal (g_ptr_array_index (flags, i), "fired");
  g_assert_true (fired);
  g_ptr_array_set_size (flags, 0);
  sand_game_unit_rule_flags (game (), sand_game_find_unit (game (), "g"), flags);
  for (guint i = 0; i < flags->len; i++)
    g_assert_cmpstr (g_ptr_array_index (flags, i), !=, "fired");
  /* the log line replays with the same support */
  g_autofree char *saved = sand_game_save_log (game ());
  g_autoptr(SandGame) again = sand_game_load_log (sand_game_get_scenario (game ()), saved, NULL);
  g_assert_nonnull (again);
  g_assert_cmpint (sand_game_get_unit (again, sand_game_find_unit (again, "d"))->strength, ==,
                   unit_strength ("d"));
  teardown ();
}

/* Standard Game Combat: against dummies alone no die is rolled, the
 * attacker chooses whether to advance; dummies never take losses. */
static void
standard_game_dummies_alone_attacker_chooses_advance (void)
{
  fpw_map ();
  sand_scenario_set_option (sand_console_get_scenario (con), "standard", TRUE);
  ok ("unit fd french dummy 0811", NULL, NULL);
  ok ("unit f1 french combat 0813 strength=4", NULL, NULL);
  ok ("unit fe french dummy 0813", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=6", NULL, NULL);
  ok ("unit g2 german combat 0812 strength=8", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  ok ("attack 0811 g1 ask", "\"result\":\"dummy\"", "\"roll\":0", "\"advance\":[\"g1\"]",
      NULL);
  /* nothing happens before the settle */
  g_assert_cmpint (sand_game_get_unit (game (), sand_game_find_unit (game (), "fd"))->status, ==,
                   SAND_UNIT_ON_MAP);
  ok ("settle advance=g1", "\"advanced\":[\"g1\"]", "\"eliminated\":[\"fd\"]", NULL);
  g_assert_cmpstr (unit_where ("g1"), ==, "0811");
  /* with a real unit and a dummy, only the real one is offered the loss */
  ok ("roll 1", NULL, NULL);
  g_autofree char *a = run ("attack 0813 g2 ask");
  g_assert_nonnull (strstr (a, "\"defender\":{\"loss\""));
  g_assert_nonnull (strstr (a, "{\"id\":\"f1\""));
  g_assert_null (strstr (a, "{\"id\":\"fe\""));
  ok ("settle", NULL, NULL);
  teardown ();
}

/* FPW Standard Game Hasty Attacks (N)-(R) in two steps: `hasty … ask`,
 * then `settle`. g1 (8) next to a French stack of f1 (2) and f2 (1). */
static void
fpw_hasty_setup (void)
{
  fpw_map ();
  sand_scenario_set_option (sand_console_get_scenario (con), "standard", TRUE);
  ok ("unit g1 german combat 0810 strength=8", NULL, NULL);
  ok ("unit f1 french combat 0811 strength=2", NULL, NULL);
  ok ("unit f2 french combat 0811 strength=1", NULL, NULL);
  ok ("unit g9 german combat 0101 strength=2", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
}

/* Unit Reduction (A): the defender spreads a hasty attack's loss over the
 * units of its stack as it wishes. 8 allocated, halved (Hasty Attacks (P)):
 * 4 against 3 is 1-1; a 1 gives 1/2. */
static void
hasty_attack_defender_allocates_losses_unit_reduction (void)
{
  fpw_hasty_setup ();
  ok ("roll 1", NULL, NULL);
  ok ("hasty 0811 g1 8 ask", "\"pending\":true", "\"result\":\"1/2\"", "\"hasty\":8",
      "\"defender\":{\"loss\":2,\"rule\":\"Unit Reduction (A)\"",
      "{\"id\":\"f1\",\"max\":2}", "{\"id\":\"f2\",\"max\":1}", NULL);
  /* nothing has happened yet, and nothing else may happen */
  g_assert_cmpint (unit_strength ("f1"), ==, 2);
  g_assert_cmpint (unit_strength ("g1"), ==, 8);
  refused ("move g9 0102", "Unit Reduction (A)");
  /* more than a unit has, more than the result, a unit not in the combat,
   * no fortification, nobody advances after a hasty attack */
  refused ("settle losses=f2:2", "Unit Reduction (A)");
  refused ("settle losses=f1:2,f2:1", "Unit Reduction (A)");
  refused ("settle losses=g9:1", "Unit Reduction (A)");
  refused ("settle losses=fort:1", "Unit Reduction (A)");
  refused ("settle advance=g1", "Hasty Attacks (N)");
  g_assert_nonnull (sand_game_get_pending_attack (game ()));
  /* the default would take both from f1, the stronger; the owner keeps it */
  ok ("settle losses=f2:1,f1:1", "\"eliminated\":[\"f2\"]", "\"may_move_on\":false", NULL);
  g_assert_cmpint (unit_strength ("f1"), ==, 1);
  g_assert_cmpint (unit_strength ("g1"), ==, 7);
  g_assert_null (sand_game_get_pending_attack (game ()));
  /* one log line with the choices in it, which replays exactly */
  const char *line = sand_game_log_line (game (), sand_game_log_length (game ()) - 1);
  g_assert_true (g_str_has_prefix (line, "hasty 0811 g1 8 losses=g1:1,f1:1,f2:1"));
  g_autofree char *saved = sand_game_save_log (game ());
  g_autoptr(SandGame) again = sand_game_load_log (sand_game_get_scenario (game ()), saved, NULL);
  g_assert_nonnull (again);
  for (guint i = 0; i < sand_game_n_units (game ()); i++)
    {
      g_assert_cmpint (sand_game_get_unit (again, (int) i)->strength, ==,
                       sand_game_get_unit (game (), (int) i)->strength);
      g_assert_cmpint (sand_game_get_unit (again, (int) i)->status, ==,
                       sand_game_get_unit (game (), (int) i)->status);
    }
  /* the one-line form takes the same choice */
  ok ("undo", NULL, NULL);
  g_assert_cmpint (unit_strength ("f2"), ==, 1);
  ok ("roll 1", NULL, NULL);
  ok ("hasty 0811 g1 8 losses=f2:1,f1:1", "\"eliminated\":[\"f2\"]", NULL);
  g_assert_cmpint (unit_strength ("f1"), ==, 1);
  teardown ();
}

/* Hasty Attacks (O): only the points allocated are engaged, so the
 * attacker loses at most those. 1 allocated, halved, against 3: 1-3 (the
 * lowest column); a 6 gives 4/0, of which g1 loses 1. */
static void
hasty_attack_attacker_loses_at_most_allocated_points (void)
{
  fpw_hasty_setup ();
  ok ("roll 6", NULL, NULL);
  ok ("hasty 0811 g1 1 ask", "\"result\":\"4/0\"",
      "\"attacker\":{\"loss\":1,\"rule\":\"Hasty Attacks (O)\"",
      "{\"id\":\"g1\",\"max\":1}", NULL);
  refused ("settle losses=g1:2", "Hasty Attacks (O)");
  ok ("settle", "\"attacker\":1", NULL);
  g_assert_cmpint (unit_strength ("g1"), ==, 7);
  g_assert_cmpint (unit_strength ("f1") + unit_strength ("f2"), ==, 3);
  teardown ();
}

/* Sequence of Play (2), (3): against dummies alone there is no die and
 * nothing to choose; the settle removes them and the unit moves on. */
static void
hasty_attack_on_dummies_alone_owes_nothing (void)
{
  fpw_map ();
  sand_scenario_set_option (sand_console_get_scenario (con), "standard", TRUE);
  ok ("unit g1 german combat 0810 strength=8", NULL, NULL);
  ok ("unit fd french dummy 0811", NULL, NULL);
  ok ("at 1 german movement", NULL, NULL);
  ok ("hasty 0811 g1 2 ask", "\"result\":\"dummy\"", "\"roll\":0",
      "\"attacker\":{\"loss\":0", "\"defender\":{\"loss\":0", NULL);
  g_assert_cmpint (sand_game_get_unit (game (), sand_game_find_unit (game (), "fd"))->status, ==,
                   SAND_UNIT_ON_MAP);
  ok ("settle", "\"eliminated\":[\"fd\"]", "\"may_move_on\":true", NULL);
  const char *line = sand_game_log_line (game (), sand_game_log_length (game ()) - 1);
  g_assert_cmpstr (line, ==, "hasty 0811 g1 2");
  teardown ();
}

/* Without choices the two steps give what the one line gives, for every
 * die: the same strengths and the same log line. */
static void
hasty_attack_two_steps_without_choices_match_one_line (void)
{
  for (int roll = 1; roll <= 6; roll++)
    {
      fpw_hasty_setup ();
      g_autofree char *r = g_strdup_printf ("roll %d", roll);
      ok (r, NULL, NULL);
      ok ("hasty 0811 g1 8", NULL, NULL);
      g_autofree char *one = g_strdup (sand_game_log_line (game (),
                                                           sand_game_log_length (game ()) - 1));
      int s1 = unit_strength ("f1"), s2 = unit_strength ("f2"), sg = unit_strength ("g1");
      ok ("undo", NULL, NULL);
      ok (r, NULL, NULL);
      ok ("hasty 0811 g1 8 ask", NULL, NULL);
      ok ("settle", NULL, NULL);
      g_assert_cmpstr (sand_game_log_line (game (), sand_game_log_length (game ()) - 1), ==, one);
      g_assert_cmpint (unit_strength ("f1"), ==, s1);
      g_assert_cmpint (unit_strength ("f2"), ==, s2);
      g_assert_cmpint (unit_strength ("g1"), ==, sg);
      teardown ();
    }
}

/* The two steps with no choices give what the one call gives: the same
 * states and the same log line, for every die, in both games. */
static void
check_same_as_one_call (const char *hex_id,
                        const char * const *attackers,
                        guint n)
{
  g_autofree char *saved = sand_game_save_log (game ());
  SandScenario *scenario = sand_game_get_scenario (game ());
  int hex = hex_of (hex_id);

  for (int roll = 1; roll <= 6; roll++)
    {
      g_autoptr(SandGame) a = sand_game_load_log (scenario, saved, NULL);
      g_autoptr(SandGame) b = sand_game_load_log (scenario, saved, NULL);
      g_autoptr(GError) error = NULL;
      int units[8];
      const SandPendingAttack *p;
      SandAttackResult ra = { 0 }, rb = { 0 };

      g_assert_nonnull (a);
      g_assert_nonnull (b);
      for (guint i = 0; i < n; i++)
        units[i] = sand_game_find_unit (a, attackers[i]);
      g_assert_true (sand_game_force_rolls (a, &roll, 1, NULL));
      g_assert_true (sand_game_force_rolls (b, &roll, 1, NULL));
      g_assert_true (sand_game_attack (a, hex, units, n, NULL, &ra, &error));
      g_assert_no_error (error);
      g_assert_true (sand_game_attack_roll (b, hex, units, n, NULL, &p, &error));
      g_assert_no_error (error);
      g_assert_cmpint (p->roll, ==, roll);
      g_assert_cmpstr (p->result, ==, ra.result);
      g_assert_true (sand_game_attack_settle (b, NULL, &rb, &error));
      g_assert_no_error (error);
      g_assert_cmpstr (sand_game_log_line (a, sand_game_log_length (a) - 1), ==,
                       sand_game_log_line (b, sand_game_log_length (b) - 1));
      for (guint u = 0; u < sand_game_n_units (a); u++)
        {
          g_assert_cmpint (sand_game_get_unit (a, (int) u)->hex, ==,
                           sand_game_get_unit (b, (int) u)->hex);
          g_assert_cmpint (sand_game_get_unit (a, (int) u)->strength, ==,
                           sand_game_get_unit (b, (int) u)->strength);
          g_assert_cmpint (sand_game_get_unit (a, (int) u)->status, ==,
                           sand_game_get_unit (b, (int) u)->status);
        }
      /* and the logged line replays to the same state */
      g_autofree char *log = sand_game_save_log (b);
      g_autoptr(SandGame) c = sand_game_load_log (scenario, log, &error);
      g_assert_no_error (error);
      for (guint u = 0; u < sand_game_n_units (a); u++)
        g_assert_cmpint (sand_game_get_unit (c, (int) u)->hex, ==,
                         sand_game_get_unit (b, (int) u)->hex);
      sand_attack_result_clear (&ra);
      sand_attack_result_clear (&rb);
    }
}

static void
two_steps_without_choices_match_one_call (void)
{
  static const char * const fpw_att[] = { "g1", "g2" };
  static const char * const lfaf_att[] = { "a", "b" };

  fpw_map ();
  ok ("fort 0811 french 2 Toul", NULL, NULL);
  ok ("unit gm german combat 0909 strength=1", NULL, NULL);
  ok ("unit f1 french combat 0811 strength=3", NULL, NULL);
  ok ("unit f2 french combat 0811 strength=2", NULL, NULL);
  ok ("unit g1 german combat 0810 strength=8", NULL, NULL);
  ok ("unit g2 german combat 0711 strength=6", NULL, NULL);
  ok ("at 1 german combat", NULL, NULL);
  check_same_as_one_call ("0811", fpw_att, 2);
  teardown ();

  lfaf_base_map ();
  ok ("hexside 0505 se river", NULL, NULL);
  ok ("unit a french infantry 0504 steps=3 quality=1", NULL, NULL);
  ok ("unit b french infantry 0404 steps=2", NULL, NULL);
  ok ("unit g french artillery 0501", NULL, NULL);
  ok ("unit d german infantry 0505 steps=2", NULL, NULL);
  ok ("unit e german light 0505 steps=1", NULL, NULL);
  ok ("unit f german infantry 0506 steps=3", NULL, NULL);
  ok ("unit h german infantry 0506 steps=2", NULL, NULL);
  ok ("at 1 french combat", NULL, NULL);
  check_same_as_one_call ("0505", lfaf_att, 2);
  teardown ();
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/combat/unit_reduction_owner_allocates_losses",
                   unit_reduction_owner_allocates_losses);
  g_test_add_func ("/combat/unit_reduction_defaults_fill_what_is_not_chosen",
                   unit_reduction_defaults_fill_what_is_not_chosen);
  g_test_add_func ("/combat/illegal_allocation_refused_citing_rule",
                   illegal_allocation_refused_citing_rule);
  g_test_add_func ("/combat/unit_reduction_a_defender_chooses_fort_loss_after_the_roll",
                   unit_reduction_a_defender_chooses_fort_loss_after_the_roll);
  g_test_add_func ("/combat/combat_k_attacker_chooses_advance_after_the_roll",
                   combat_k_attacker_chooses_advance_after_the_roll);
  g_test_add_func ("/combat/pending_attack_refuses_other_actions",
                   pending_attack_refuses_other_actions);
  g_test_add_func ("/combat/undo_takes_back_a_rolled_attack", undo_takes_back_a_rolled_attack);
  g_test_add_func ("/combat/settle_without_a_rolled_attack_is_refused",
                   settle_without_a_rolled_attack_is_refused);
  g_test_add_func ("/combat/two_step_attack_replays_from_its_log_line",
                   two_step_attack_replays_from_its_log_line);
  g_test_add_func ("/combat/lfaf_retreat_owner_chooses_hex", lfaf_retreat_owner_chooses_hex);
  g_test_add_func ("/combat/lfaf_illegal_retreat_refused_citing_rule",
                   lfaf_illegal_retreat_refused_citing_rule);
  g_test_add_func ("/combat/lfaf_retreat_default_keeps_old_choice",
                   lfaf_retreat_default_keeps_old_choice);
  g_test_add_func ("/combat/lfaf_retreat_two_hexes_end_hex_chosen",
                   lfaf_retreat_two_hexes_end_hex_chosen);
  g_test_add_func ("/combat/lfaf_steps_owner_allocates", lfaf_steps_owner_allocates);
  g_test_add_func ("/combat/lfaf_room_owner_chooses_who_makes_room",
                   lfaf_room_owner_chooses_who_makes_room);
  g_test_add_func ("/combat/lfaf_owner_chooses_supporting_artillery",
                   lfaf_owner_chooses_supporting_artillery);
  g_test_add_func ("/combat/standard_game_dummies_alone_attacker_chooses_advance",
                   standard_game_dummies_alone_attacker_chooses_advance);
  g_test_add_func ("/combat/hasty_attack_defender_allocates_losses_unit_reduction",
                   hasty_attack_defender_allocates_losses_unit_reduction);
  g_test_add_func ("/combat/hasty_attack_attacker_loses_at_most_allocated_points",
                   hasty_attack_attacker_loses_at_most_allocated_points);
  g_test_add_func ("/combat/hasty_attack_on_dummies_alone_owes_nothing",
                   hasty_attack_on_dummies_alone_owes_nothing);
  g_test_add_func ("/combat/hasty_attack_two_steps_without_choices_match_one_line",
                   hasty_attack_two_steps_without_choices_match_one_line);
  g_test_add_func ("/combat/two_steps_without_choices_match_one_call",
                   two_steps_without_choices_match_one_call);
  return g_test_run ();
}
