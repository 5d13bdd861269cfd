/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-fpw-unit-actions-private.h: the FPW section spans three files:
 * the class and the unit's buttons (editor-fpw-unit-actions.c), the
 * phase's (editor-fpw-unit-actions-phase.c) and the hasty attack from its
 * set-up to its result (editor-fpw-unit-actions-hasty.c). */
#pragma once

#include "editor-combat-choices.h"
#include "editor-fpw-unit-actions.h"

G_BEGIN_DECLS

struct _EditorFpwUnitActions
{
  EditorUnitActions parent_instance;

  int hasty_unit;             /* the unit whose hasty attack is being set up, or -1 */
  int hasty_hex;              /* the hex it goes to */
  GArray *dummies;            /* int: the units dummy_dropdown lists */
  GArray *withholdable;       /* int: the units withhold_dropdown lists */
  GArray *reserve_hexes;      /* int: where a new EB may come in now */
  /* A rolled hasty attack waiting for its owners' losses (the Losses step):
   * who made it, on which hex, its defenders and its strength before. */
  int rolled_unit;
  int rolled_hex;
  GArray *rolled_defenders;
  int rolled_strength;

  /* Template children */
  GtkBox *box;
  GtkBox *buttons_box;
  GtkButton *challenge_button;
  EditorCombatChoices *choices;
  GtkButton *detrain_button;
  GtkButton *done_button;
  GtkBox *dummy_box;
  GtkButton *dummy_button;
  GtkDropDown *dummy_dropdown;
  GtkButton *entrain_button;
  GtkButton *exit_button;
  GtkButton *formation_button;
  GtkLabel *halved_label;
  GtkButton *hasty_attack_button;
  GtkBox *hasty_box;
  GtkButton *hasty_button;
  GtkButton *hasty_cancel_button;
  GtkLabel *hasty_label;
  GtkBox *phase_box;
  GtkLabel *phase_label;
  GtkLabel *phase_notice_label;
  GtkAdjustment *points_adjustment;
  GtkSpinButton *points_spin;
  GtkToggleButton *probe_button;
  GtkButton *remove_button;
  GtkButton *reserve_button;
  GtkButton *withhold_button;
  GtkBox *withhold_box;
  GtkDropDown *withhold_dropdown;
};

/* What the FPW section's buttons ask of the game. */
static inline gboolean
_editor_fpw_game_option (SandGame   *game,
                         const char *option)
{
  return sand_scenario_has_option (sand_game_get_scenario (game), option);
}

static inline gboolean
_editor_fpw_phase_is (SandGame   *game,
                      const char *id)
{
  return g_strcmp0 (sand_game_get_phase_id (game), id) == 0;
}

/* editor-fpw-unit-actions-phase.c */
void     _editor_fpw_unit_actions_phase_init    (EditorFpwUnitActions *self);
gboolean _editor_fpw_unit_actions_phase_update  (EditorFpwUnitActions *self,
                                                 SandGame             *game);

/* editor-fpw-unit-actions-hasty.c */
void     _editor_fpw_unit_actions_hasty_init    (EditorFpwUnitActions *self);
/* Gives up a hasty attack set up for another unit than @selected, or
 * after the game moved on; shows the one set up, and a rolled one's
 * Losses step. TRUE when either is shown. */
gboolean _editor_fpw_unit_actions_hasty_update  (EditorFpwUnitActions *self,
                                                 SandGame             *game,
                                                 int                   selected);
void     _editor_fpw_unit_actions_end_hasty     (EditorFpwUnitActions *self);
/* Enemy-held hexes within @range of @from (not @from), appended to @out. */
void     _editor_fpw_unit_actions_enemy_hexes   (SandGame             *game,
                                                 int                   from,
                                                 int                   range,
                                                 int                   side,
                                                 GArray               *out);
void     _editor_fpw_unit_actions_hasty_cb      (EditorFpwUnitActions *self);

G_END_DECLS
