/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Losses step's retreats: where each retreating stack goes, picked on
 * the map among its legal hexes, and who makes room on the hex it goes to
 * (LFAF 4.3). */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "editor-combat-choices-private.h"

static char *
hex_list (SandGame *game,
          GArray   *hexes)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < hexes->len; i++)
    {
      char id[SAND_HEX_ID_MAX];

      sand_grid_format_id (sand_game_get_grid (game), g_array_index (hexes, int, i), id);
      g_string_append_printf (text, "%s%s", i ? ", " : "", id);
    }
  return g_string_free (text, FALSE);
}

static void
show_retreat_choice (EditorCombatChoices *self,
                     guint                i)
{
  SandGame *game = game_of (self);
  const SandRetreat *r = &g_array_index (self->retreats, SandRetreat, i);
  GtkWidget *label = g_ptr_array_index (self->retreat_labels, i);
  g_autofree char *text = NULL;

  const char *note = g_object_get_data (G_OBJECT (label), "note");

  if (r->n_hexes > 0)
    {
      char id[SAND_HEX_ID_MAX];

      sand_grid_format_id (sand_game_get_grid (game), r->hexes[r->n_hexes - 1], id);
      /* Translators: the hex a retreating stack was sent to. */
      text = g_strdup_printf (_("Goes to %s"), id);
    }
  else if (g_array_index (self->shown->retreats, SandRetreatOwed, i).ends->len == 1)
    {
      char id[SAND_HEX_ID_MAX];

      sand_grid_format_id (sand_game_get_grid (game),
                           g_array_index (g_array_index (self->shown->retreats, SandRetreatOwed,
                                                         i).ends, int, 0), id);
      /* Translators: a retreat with one legal hex. */
      text = g_strdup_printf (_("Goes to %s, the only hex it may"), id);
    }
  else
    text = g_strdup (_("Click a highlighted hex (else the best one)"));
  if (note != NULL)
    {
      char *both = g_strdup_printf ("%s\n%s", text, note);
      g_free (text);
      text = both;
    }
  adw_action_row_set_subtitle (ADW_ACTION_ROW (label), text);
}

typedef struct {
  EditorCombatChoices *self;
  guint index;
} RetreatPick;

static void rebuild_room (EditorCombatChoices *self);

static void
retreat_picked (EditorPlaytest *playtest,
                int             hex,
                gpointer        data)
{
  RetreatPick *pick = data;
  EditorCombatChoices *self = pick->self;
  const SandRetreatOwed *owed;
  gboolean legal = FALSE;

  if (self->shown == NULL || pick->index >= self->shown->retreats->len)
    return;
  owed = &g_array_index (self->shown->retreats, SandRetreatOwed, pick->index);
  for (guint i = 0; i < owed->ends->len; i++)
    legal |= g_array_index (owed->ends, int, i) == hex;
  if (!legal)
    {
      gtk_label_set_label (self->error_label,
                           _("That hex is not one the stack may retreat to: pick a "
                             "highlighted hex."));
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
      _editor_combat_choices_start_pick (self, pick->index);
      return;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
  SandRetreat *r = &g_array_index (self->retreats, SandRetreat, pick->index);
  r->n_hexes = 1;
  r->hexes[0] = hex;
  show_retreat_choice (self, pick->index);
  rebuild_room (self);
}

int
_editor_combat_choices_retreat_end (EditorCombatChoices *self,
                                   guint                i)
{
  const SandRetreatOwed *owed = &g_array_index (self->shown->retreats, SandRetreatOwed, i);
  const SandRetreat *r = &g_array_index (self->retreats, SandRetreat, i);

  if (r->n_hexes > 0)
    return r->hexes[r->n_hexes - 1];
  return owed->ends->len == 1 ? g_array_index (owed->ends, int, 0) : SAND_HEX_NONE;
}

static SandRetreat *
room_choice (EditorCombatChoices *self,
             int                  unit)
{
  for (guint i = 0; i < self->room->len; i++)
    if (g_array_index (self->room, SandRetreat, i).unit == unit)
      return &g_array_index (self->room, SandRetreat, i);
  return NULL;
}

typedef struct {
  EditorCombatChoices *self;
  int unit;
} RoomPick;

static void start_room_pick (EditorCombatChoices *self,
                             int                  unit);

static void
room_picked (EditorPlaytest *playtest,
             int             hex,
             gpointer        data)
{
  RoomPick *pick = data;
  EditorCombatChoices *self = pick->self;
  SandGame *game = game_of (self);
  int from;
  SandRetreat *r;

  if (self->shown == NULL || game == NULL)
    return;
  from = sand_game_get_unit (game, pick->unit)->hex;
  if (hex == self->shown->hex || sand_grid_direction_to (sand_game_get_grid (game), from, hex) < 0)
    {
      gtk_label_set_label (self->error_label,
                           _("A unit making room goes one hex on, not back into the attacked "
                             "hex: pick a highlighted hex."));
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
      start_room_pick (self, pick->unit);
      return;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
  r = room_choice (self, pick->unit);
  if (r == NULL)
    {
      SandRetreat add = { .unit = pick->unit };
      g_array_append_val (self->room, add);
      r = &g_array_index (self->room, SandRetreat, self->room->len - 1);
    }
  r->n_hexes = 1;
  r->hexes[0] = hex;
  rebuild_room (self);
}

static void
start_room_pick (EditorCombatChoices *self,
                 int                  unit)
{
  SandGame *game = game_of (self);
  const SandGrid *grid = sand_game_get_grid (game);
  int from = sand_game_get_unit (game, unit)->hex;
  RoomPick *pick = g_new0 (RoomPick, 1);
  g_autofree char *name = NULL;
  g_autofree char *prompt = NULL;
  int next[SAND_N_DIRS];
  guint n = 0;

  for (int dir = 0; dir < SAND_N_DIRS; dir++)
    {
      int h = sand_grid_neighbour (grid, from, dir);
      if (h != SAND_HEX_NONE && h != self->shown->hex)
        next[n++] = h;
    }
  pick->self = self;
  pick->unit = unit;
  /* Translators: LFAF 4.3, a unit sent one hex on to make room. */
  name = unit_name (game, unit);
  prompt = g_strdup_printf (_("Click where %s goes to make room"), name);
  editor_playtest_begin_pick (self->playtest, prompt, next, n, room_picked, pick, g_free);
}

static void
room_clicked (GtkButton           *button,
              EditorCombatChoices *self)
{
  start_room_pick (self, GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "unit")));
}

/* LFAF 4.3: the units already on the hex a stack retreats to, any of
 * which the owner may send one hex on to make room. */
static void
rebuild_room (EditorCombatChoices *self)
{
  SandGame *game = game_of (self);
  GtkWidget *child;

  if (self->room_box == NULL || self->shown == NULL)
    return;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->room_box))) != NULL)
    gtk_box_remove (self->room_box, child);
  for (guint i = 0; i < self->shown->retreats->len; i++)
    {
      const SandRetreatOwed *owed = &g_array_index (self->shown->retreats, SandRetreatOwed, i);
      int end = _editor_combat_choices_retreat_end (self, i);
      GtkWidget *list = NULL;
      char id[SAND_HEX_ID_MAX];

      if (end == SAND_HEX_NONE || owed->room == NULL)
        continue;
      sand_grid_format_id (sand_game_get_grid (game), end, id);
      for (guint j = 0; j < owed->room->len; j++)
        {
          int unit = g_array_index (owed->room, int, j);
          const SandRetreat *r = room_choice (self, unit);
          GtkWidget *row, *button;
          g_autofree char *sub = NULL;

          if (sand_game_get_unit (game, unit)->hex != end)
            continue;
          if (list == NULL)
            {
              g_autofree char *heading = NULL;
              GtkWidget *note;

              /* Translators: LFAF 4.3, units on the hex a stack retreats to. */
              heading = g_strdup_printf (_("Making room on %s — LFAF 4.3"), id);
              gtk_box_append (self->room_box, section_heading (heading));
              note = gtk_label_new (_("If the retreat overstacks the hex, the units sent one "
                                      "hex on make room; else the first counters go."));
              gtk_label_set_xalign (GTK_LABEL (note), 0);
              gtk_label_set_wrap (GTK_LABEL (note), TRUE);
              gtk_widget_add_css_class (note, "dim-label");
              gtk_box_append (self->room_box, note);
              list = boxed_list ();
              gtk_box_append (self->room_box, list);
            }
          row = adw_action_row_new ();
          g_autofree char *name = unit_name (game, unit);

          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name);
          if (r != NULL && r->n_hexes == 1)
            {
              char to[SAND_HEX_ID_MAX];

              sand_grid_format_id (sand_game_get_grid (game), r->hexes[0], to);
              sub = g_strdup_printf (_("Goes to %s"), to);
            }
          else
            sub = g_strdup (_("Stays unless needed"));
          adw_action_row_set_subtitle (ADW_ACTION_ROW (row), sub);
          button = gtk_button_new_from_icon_name ("find-location-symbolic");
          gtk_widget_add_css_class (button, "flat");
          gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
          gtk_widget_set_tooltip_text (button, _("Pick on the map where it goes"));
          gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                          GTK_ACCESSIBLE_PROPERTY_LABEL, _("Pick on Map"), -1);
          g_object_set_data (G_OBJECT (button), "unit", GINT_TO_POINTER (unit));
          g_signal_connect (button, "clicked", G_CALLBACK (room_clicked), self);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
          gtk_list_box_append (GTK_LIST_BOX (list), row);
        }
    }
  gtk_widget_set_visible (GTK_WIDGET (self->room_box),
                          gtk_widget_get_first_child (GTK_WIDGET (self->room_box)) != NULL);
}

void
_editor_combat_choices_start_pick (EditorCombatChoices *self,
                                   guint                index)
{
  SandGame *game = game_of (self);
  const SandRetreatOwed *owed = &g_array_index (self->shown->retreats, SandRetreatOwed, index);
  RetreatPick *pick = g_new0 (RetreatPick, 1);
  g_autofree char *name = NULL;
  g_autofree char *prompt = NULL;

  pick->self = self;
  pick->index = index;
  /* Translators: shown in the turn bar while the player clicks the hex a
   * stack retreats to, e.g. "Click where 7 Inf retreats to". */
  name = unit_name (game, g_array_index (owed->units, int, 0));
  prompt = g_strdup_printf (_("Click where %s retreats to"), name);
  editor_playtest_begin_pick (self->playtest, prompt, (const int *) (gpointer) owed->ends->data,
                              owed->ends->len, retreat_picked, pick, g_free);
}

static void
pick_clicked (GtkButton           *button,
              EditorCombatChoices *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "index"));

  _editor_combat_choices_start_pick (self, index);
}

void
_editor_combat_choices_build_retreats (EditorCombatChoices *self,
                                       SandGame            *game)
{
  const SandPendingAttack *p = self->shown;
  GtkWidget *list;

  if (p->retreats->len == 0)
    return;
  gtk_box_append (self->sections,
                  section_heading (g_array_index (p->retreats, SandRetreatOwed, 0).rule[0] == 'L'
                                   ? _("Retreats — LFAF 7.4") : _("Retreats")));
  list = boxed_list ();
  for (guint i = 0; i < p->retreats->len; i++)
    {
      const SandRetreatOwed *owed = &g_array_index (p->retreats, SandRetreatOwed, i);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *button = gtk_button_new_from_icon_name ("find-location-symbolic");
      GString *names = g_string_new (NULL);
      g_autofree char *title = NULL;
      g_autofree char *sub = NULL;
      SandRetreat r = { .unit = g_array_index (owed->units, int, 0) };

      for (guint j = 0; j < owed->units->len; j++)
        {
          g_autofree char *name = unit_name (game, g_array_index (owed->units, int, j));

          g_string_append_printf (names, "%s%s", j ? ", " : "", name);
        }
      if (owed->ends->len == 0)
        /* Translators: a stack with nowhere to retreat to. */
        title = g_strdup_printf (_("%s cannot retreat: a step lost per hex"), names->str);
      else if (owed->reach < owed->hexes)
        title = g_strdup_printf (ngettext ("%s retreats %d hex of %d; a step lost per hex "
                                           "short",
                                           "%s retreats %d hexes of %d; a step lost per hex "
                                           "short", (gulong) owed->reach),
                                 names->str, owed->reach, owed->hexes);
      else
        title = g_strdup_printf (ngettext ("%s retreats %d hex", "%s retreats %d hexes",
                                           (gulong) owed->hexes),
                                 names->str, owed->hexes);
      g_string_free (names, TRUE);
      if (owed->controlled->len > 0)
        {
          g_autofree char *hexes = hex_list (game, owed->controlled);
          /* Translators: LFAF 3.1, a retreat into an enemy zone of
           * control costs a step. */
          sub = g_strdup_printf (_("Through enemy control, a step lost: %s"), hexes);
        }
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      if (sub != NULL)
        g_object_set_data_full (G_OBJECT (row), "note", g_steal_pointer (&sub), g_free);
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_set_tooltip_text (button, _("Pick on the map where it retreats to"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Pick on Map"), -1);
      gtk_widget_set_sensitive (button, owed->ends->len > 1);
      g_object_set_data (G_OBJECT (button), "index", GUINT_TO_POINTER (i));
      g_signal_connect (button, "clicked", G_CALLBACK (pick_clicked), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
      gtk_list_box_append (GTK_LIST_BOX (list), row);
      g_array_append_val (self->retreats, r);
      g_ptr_array_add (self->retreat_labels, row);
      show_retreat_choice (self, i);
    }
  gtk_box_append (self->sections, list);
  self->room_box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 6));
  gtk_box_append (self->sections, GTK_WIDGET (self->room_box));
  rebuild_room (self);
}

void
editor_combat_choices_pick_retreat (EditorCombatChoices *self,
                                    int                  unit)
{
  g_return_if_fail (EDITOR_IS_COMBAT_CHOICES (self));

  for (guint i = 0; self->shown != NULL && i < self->shown->retreats->len; i++)
    {
      const SandRetreatOwed *owed = &g_array_index (self->shown->retreats, SandRetreatOwed, i);
      for (guint j = 0; j < owed->units->len; j++)
        if (g_array_index (owed->units, int, j) == unit)
          {
            _editor_combat_choices_start_pick (self, i);
            return;
          }
    }
}

void
editor_combat_choices_pick_room (EditorCombatChoices *self,
                                 int                  unit)
{
  g_return_if_fail (EDITOR_IS_COMBAT_CHOICES (self));
  if (self->shown != NULL)
    start_room_pick (self, unit);
}
