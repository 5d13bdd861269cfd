/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-combat-choices-private.h: the Losses step's state, shared by its
 * files (losses and Apply; retreats and making room). */
#pragma once

#include "editor-combat-choices.h"
#include "editor-game-sentence.h"

G_BEGIN_DECLS

struct _EditorCombatChoices
{
  GtkWidget parent_instance;

  EditorPlaytest *playtest;
  const SandPendingAttack *shown;  /* the rolled attack the rows were built for */
  int shown_roll;
  int shown_hex;

  GPtrArray *spins[2];             /* GtkSpinButton*: each side's units ("unit" data) */
  GtkSpinButton *fort_spin;
  GtkLabel *remaining[2];
  char *remaining_text[2];
  GArray *retreats;                /* SandRetreat: what the owners chose (n_hexes 0: default) */
  GPtrArray *retreat_labels;       /* AdwActionRow*, one per retreat owed */
  GPtrArray *advance_checks;       /* GtkCheckButton* ("unit" data) */
  GtkBox *room_box;                /* LFAF 4.3: who makes room on the hex a stack retreats to */
  GArray *room;                    /* SandRetreat: units sent one hex on to make room */

  /* Template children */
  GtkWidget *apply_button;
  GtkBox *box;
  GtkLabel *error_label;
  GtkLabel *explain_label;
  GtkLabel *roll_label;
  GtkBox *sections;
};

static inline SandGame *
game_of (EditorCombatChoices *self)
{
  return self->playtest ? editor_playtest_get_game (self->playtest) : NULL;
}

/* Units in a rolled combat are named as they are, as the log names them
 * (with their ids where names are shared: "AK (de6-2)" — a stack of
 * three "AK" would not say which loses): the Standard Game reveals both
 * sides' units engaged when the attack is made (FPW Standard Game
 * Combat), and dummies never take losses. Free with g_free. */
static inline char *
unit_name (SandGame *game,
           int       unit)
{
  return editor_game_unit_label (game, unit, -1);
}

static inline GtkWidget *
section_heading (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "heading");
  return label;
}

static inline GtkWidget *
boxed_list (void)
{
  GtkWidget *list = gtk_list_box_new ();

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  return list;
}

/* Says what is left to allocate and whether Apply may settle. */
void        _editor_combat_choices_update_totals (EditorCombatChoices *self);

/* editor-combat-choices-retreat.c */
void        _editor_combat_choices_build_retreats (EditorCombatChoices *self,
                                                   SandGame            *game);
/* The hex retreat @i ends on as chosen so far, or where it must end. */
int         _editor_combat_choices_retreat_end  (EditorCombatChoices *self,
                                                 guint                i);
/* Picks retreat @index's end on the map. */
void        _editor_combat_choices_start_pick   (EditorCombatChoices *self,
                                                 guint                index);

G_END_DECLS
