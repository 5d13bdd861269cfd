/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-unit-actions.h: one ruleset's section of the playtest's unit card
 * (EditorUnitCard): the actions its rules module adds, as buttons, for the
 * selected counter and for the phase. Abstract: each game with actions of
 * its own has a subclass with its own template (EditorFpwUnitActions,
 * EditorLfafUnitActions), registered by ruleset id in
 * editor-unit-sections.c. A section builds typed SandAction values and
 * plays them through editor_playtest_apply (), so each is logged, undoable
 * and replayed like any other action; what it did, or why the rules
 * refused it, goes to the card through the "result" signal. */
#pragma once

#include <gtk/gtk.h>

#include "editor-playtest.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_UNIT_ACTIONS (editor_unit_actions_get_type ())
G_DECLARE_DERIVABLE_TYPE (EditorUnitActions, editor_unit_actions, EDITOR, UNIT_ACTIONS, GtkWidget)

struct _EditorUnitActionsClass
{
  GtkWidgetClass parent_class;

  /* Shows what the game offers now for @unit (-1: none selected, or the
   * screen is hidden) and for the phase; TRUE when it shows anything. */
  gboolean    (*update)     (EditorUnitActions *self,
                             SandGame          *game,
                             int                unit);
  /* The section's button of the action named @action (the command word;
   * a section may name its own steps, as "hasty-attack"), or NULL. */
  GtkWidget  *(*get_button) (EditorUnitActions *self,
                             const char        *action);
  /* Gives up whatever the section was setting up (the game ended). */
  void        (*reset)      (EditorUnitActions *self);

  gpointer padding[8];
};

/* Signals: "result" (const char *text, gboolean refused): what the last
 * action did, or why it was refused ("" clears it); "refresh": the section
 * changed what it shows without the game changing (a set-up given up). */

EditorPlaytest *editor_unit_actions_get_playtest (EditorUnitActions *self);
gboolean    editor_unit_actions_update     (EditorUnitActions *self,
                                            SandGame          *game,
                                            int                unit);
GtkWidget  *editor_unit_actions_get_button (EditorUnitActions *self,
                                            const char        *action);
void        editor_unit_actions_reset      (EditorUnitActions *self);

/* For subclasses. */

/* Plays @action (taken) with the playtest; on a refusal shows its reason
 * and returns FALSE. */
gboolean    editor_unit_actions_play       (EditorUnitActions *self,
                                            SandAction        *action);
/* What the playtest noted of the last action in the log (its dice, its
 * result, from the engine's SandResult), or "". */
char       *editor_unit_actions_last_note  (EditorUnitActions *self);
/* A new action of the game's @name for @unit (-1: none) on @hex
 * (SAND_HEX_NONE: none). */
SandAction *editor_unit_actions_new_action (SandGame          *game,
                                            const char        *name,
                                            int                unit,
                                            int                hex);
void        editor_unit_actions_refresh    (EditorUnitActions *self);
void        editor_unit_actions_show_result (EditorUnitActions *self,
                                             const char        *text);
/* Reports a refusal (toast and result, with its rule). */
void        editor_unit_actions_refused    (EditorUnitActions *self,
                                            const GError      *error);
/* Shows @button when the game offers the action @name for @unit now
 * (sand_game_offered_actions) and @context holds (the section's own
 * reason to show it); returns whether it is shown. */
gboolean    editor_unit_actions_offer      (EditorUnitActions *self,
                                            GtkWidget         *button,
                                            const char        *name,
                                            int                unit,
                                            gboolean           context);
/* Shows @button while @context holds (the moment the section keeps the
 * action in view for), sensitive when the game offers @name for @unit now;
 * when it does not, its tooltip is the rules' reason and rule case
 * (sand_game_offer_reason), else the button's own. Returns whether it is
 * shown. */
gboolean    editor_unit_actions_offer_or_explain (EditorUnitActions *self,
                                                  GtkWidget         *button,
                                                  const char        *name,
                                                  int                unit,
                                                  gboolean           context);
/* Relabels only on a change: the card is updated as the pointer moves. */
void        editor_unit_actions_set_label  (GtkButton         *button,
                                            const char        *label);

char       *editor_unit_label_full         (SandGame          *game,
                                            int                unit,
                                            int                viewer);

G_END_DECLS
