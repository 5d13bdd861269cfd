/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "editor-unit-card.h"
#include "editor-unit-sections.h"
#include "sand-ruleset-labels.h"

struct _EditorUnitCard
{
  GtkWidget parent_instance;

  EditorPlaytest *playtest;
  EditorUnitActions *section;
  char *section_ruleset;      /* the ruleset id @section was made for */
  GPtrArray *generic;         /* const SandActionSpec *: the generic buttons, in order */

  /* Template children */
  GtkLabel *detail_label;
  GtkBox *generic_box;
  GtkLabel *notice_label;
  GtkLabel *offers_label;
  GtkButton *pick_cancel_button;
  GtkBox *pick_box;
  GtkLabel *pick_label;
  GtkLabel *result_label;
  GtkBox *section_box;
  GtkBox *setup_box;
  GtkLabel *setup_title_label;
  GtkLabel *title_label;
  GtkBox *unit_box;
};

G_DEFINE_FINAL_TYPE (EditorUnitCard, editor_unit_card, GTK_TYPE_WIDGET)

static gboolean
phase_is (SandGame   *game,
          const char *id)
{
  return g_strcmp0 (sand_game_get_phase_id (game), id) == 0;
}

static void
show_result (EditorUnitCard *self,
             const char     *text,
             gboolean        refused)
{
  gtk_label_set_label (self->result_label, text ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->result_label), text != NULL && *text != '\0');
  if (refused)
    gtk_widget_add_css_class (GTK_WIDGET (self->result_label), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->result_label), "error");
}

static void
section_result_cb (EditorUnitCard    *self,
                   const char        *text,
                   gboolean           refused,
                   EditorUnitActions *section)
{
  show_result (self, text, refused);
}

/* The unit as the screen's side knows it */

static void
append (GString    *text,
        const char *separator,
        const char *part)
{
  if (text->len > 0)
    g_string_append (text, separator);
  g_string_append (text, part);
}

static void
update_identity (EditorUnitCard *self,
                 SandGame       *game,
                 int             unit)
{
  int viewer = editor_playtest_get_viewer (self->playtest);
  const SandUnitState *st = sand_game_get_unit (game, unit);
  /* while a side sets up, its own units are the ones it acts on (its
   * dummies named so), not the first phase's side's */
  gboolean own = st->side == sand_game_acting_side (game);
  gboolean is_dummy = (st->flags & SAND_UNIT_DUMMY) != 0 && own;
  gboolean movement = phase_is (game, "movement") && !sand_game_is_over (game)
                      && sand_game_setup_side (game) < 0;
  gboolean standard = sand_scenario_has_option (sand_game_get_scenario (game), "standard");
  g_autoptr(GString) detail = g_string_new (NULL);
  g_autoptr(GString) notice = g_string_new (NULL);
  g_autoptr(GPtrArray) flags = g_ptr_array_new ();
  g_autofree char *title = editor_unit_label_full (game, unit, viewer);
  const char *formation;
  int strength;

  /* Say it is a dummy unless its name already does. */
  if (is_dummy && strstr (title, "ummy") == NULL)
    {
      g_autofree char *full = g_strdup_printf (_("%s (dummy)"), title);
      g_free (title);
      title = g_steal_pointer (&full);
    }
  gtk_label_set_label (self->title_label, title);

  strength = sand_game_unit_strength_for (game, unit, viewer);
  if (!sand_game_unit_visible (game, unit, viewer) && strength < 0)
    g_string_append (detail, _("Face down: combat reveals what it is."));
  else if (!is_dummy && strength >= 0 && sand_game_get_counter (game, unit)->steps > 0)
    /* LFAF counts strength in steps. */
    g_string_append_printf (detail, g_dngettext (GETTEXT_PACKAGE, "%d step", "%d steps",
                                                 strength), strength);
  else if (!is_dummy && strength >= 0)
    g_string_append_printf (detail, g_dngettext (GETTEXT_PACKAGE, "%d Combat Point",
                                                 "%d Combat Points", strength), strength);
  if (own && movement)
    {
      /* Translators: movement points left and the allowance this phase. */
      g_autofree char *mp = g_strdup_printf (_("%d of %d MP left"),
                                             sand_game_unit_mp_left (game, unit),
                                             sand_game_unit_allowance (game, unit));
      append (detail, " · ", mp);
    }
  formation = sand_game_unit_formation_for (game, unit, viewer);
  if (formation != NULL)
    append (detail, " · ", g_str_equal (formation, "extended") ? _("extended")
                                                               : _("concentrated"));
  if (own && st->flags & SAND_UNIT_ENTRAINED)
    append (detail, " · ", _("entrained"));
  if (own && sand_game_unit_supply (game, unit) != SAND_SUPPLY_SUPPLIED)
    append (detail, " · ", sand_game_unit_supply (game, unit) == SAND_SUPPLY_ISOLATED
                           ? _("isolated") : _("unsupplied"));
  gtk_label_set_label (self->detail_label, detail->str);

  /* What the rules say it owes or may no longer do. */
  if (own)
    {
      sand_game_unit_rule_flags (game, unit, flags);
      for (guint i = 0; i < flags->len; i++)
        {
          const char *flag = g_ptr_array_index (flags, i);

          if (g_str_equal (flag, "overstacked") && phase_is (game, "movement"))
            append (notice, "\n",
                    _("Its hex is over the stacking limit: unless the stack is broken up, "
                      "units are eliminated at the end of this Movement Phase — those you "
                      "pick with Eliminate First, then the last counters (LFAF 4.4)."));
          else if (g_str_equal (flag, "surplus"))
            append (notice, "\n",
                    _("Picked to be eliminated first if its hex is still over the stacking "
                      "limit at the end of the phase (LFAF 4.4)."));
          else if (g_str_equal (flag, "must-probe"))
            append (notice, "\n",
                    _("It entered enemy control without paying: it makes a hasty attack "
                      "before anything else moves (Standard Game Sequence of Play (2))."));
          else if (g_str_equal (flag, "no-combat"))
            append (notice, "\n",
                    _("It may not attack in this turn's Combat Phase (Standard Game Sequence "
                      "of Play, errata)."));
        }
      if (movement && standard && (st->flags & SAND_UNIT_MUST_PROBE))
        ;
      else if (movement && standard && (st->flags & SAND_UNIT_FINISHED))
        append (notice, "\n", _("Its movement is over for this phase."));
      else if (movement && standard && (st->flags & SAND_UNIT_STOPPED))
        append (notice, "\n", _("Stopped in enemy control: it moves no further this phase."));
    }
  gtk_label_set_label (self->notice_label, notice->str);
  gtk_widget_set_visible (GTK_WIDGET (self->notice_label), notice->len > 0);
}

/* The generic actions */

/* An action the card offers by itself: one the game offers for the unit
 * that needs nothing but the unit, which neither the canvas (moves), the
 * attack panel nor the game's section plays. */
static gboolean
generic_spec (EditorUnitCard       *self,
              const SandActionSpec *spec)
{
  if (spec->fields[0].kind != SAND_FIELD_UNIT || spec->fields[1].kind != SAND_FIELD_END ||
      (spec->flags & SAND_ACTION_QUERY))
    return FALSE;
  if (spec->kind == SAND_ACTION_MOVE || spec->kind == SAND_ACTION_ATTACK ||
      spec->kind == SAND_ACTION_SETUP)
    return FALSE;
  return self->section == NULL || editor_unit_actions_get_button (self->section,
                                                                  spec->name) == NULL;
}

static const char *
generic_label (const SandActionSpec *spec)
{
  switch (spec->kind)
    {
    case SAND_ACTION_DONE:
      return _("_Done with Unit");
    case SAND_ACTION_EXIT:
      return _("_Leave the Map");
    case SAND_ACTION_ENTRAIN:
      return _("_Entrain");
    case SAND_ACTION_DETRAIN:
      return _("De_train");
    default:
      /* A module's own action is named by its command word. */
      return NULL;
    }
}

static void
generic_clicked_cb (GtkButton      *button,
                    EditorUnitCard *self)
{
  const SandActionSpec *spec = g_object_get_data (G_OBJECT (button), "spec");
  SandGame *game = editor_playtest_get_game (self->playtest);
  int unit = editor_playtest_get_selected (self->playtest);
  g_autoptr(SandAction) action = NULL;
  g_autoptr(GError) error = NULL;

  if (game == NULL || unit < 0)
    return;
  action = sand_action_new (spec);
  action->unit = unit;
  show_result (self, NULL, FALSE);
  if (!editor_playtest_apply (self->playtest, action, &error))
    {
      editor_playtest_report (self->playtest, error);
      show_result (self, editor_playtest_get_message (self->playtest), TRUE);
    }
}

static gboolean
update_generic (EditorUnitCard *self,
                SandGame       *game,
                int             unit)
{
  g_autoptr(GArray) offers = g_array_new (FALSE, FALSE, sizeof (SandOffer));
  g_autoptr(GPtrArray) specs = g_ptr_array_new ();
  g_autoptr(GString) others = g_string_new (NULL);
  GtkWidget *child;
  gboolean same;

  if (unit >= 0 && !sand_game_is_over (game))
    sand_game_offered_actions (game, unit, offers);
  for (guint i = 0; i < offers->len; i++)
    {
      const SandActionSpec *spec = g_array_index (offers, SandOffer, i).spec;

      if (generic_spec (self, spec))
        g_ptr_array_add (specs, (gpointer) spec);
      else if (self->section == NULL)
        append (others, ", ", spec->name);
    }
  /* A game without a section of its own: what else the engine offers the
   * unit now (a move on the map, an attack in the attack panel…), by the
   * console's words. */
  if (others->len > 0)
    {
      /* Translators: the actions the rules offer the selected unit now, by
       * their console command words, e.g. "Offered now: move, attack". */
      g_autofree char *text = g_strdup_printf (_("Offered now: %s"), others->str);

      gtk_label_set_label (self->offers_label, text);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->offers_label), others->len > 0);
  /* Rebuilt only when the offer changes: the card follows the pointer. */
  same = specs->len == self->generic->len;
  for (guint i = 0; same && i < specs->len; i++)
    same = g_ptr_array_index (specs, i) == g_ptr_array_index (self->generic, i);
  if (!same)
    {
      while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->generic_box))) != NULL)
        gtk_box_remove (self->generic_box, child);
      g_ptr_array_set_size (self->generic, 0);
      for (guint i = 0; i < specs->len; i++)
        {
          const SandActionSpec *spec = g_ptr_array_index (specs, i);
          const char *label = generic_label (spec);
          GtkWidget *button = label ? gtk_button_new_with_mnemonic (label)
                                    : gtk_button_new_with_label (spec->name);

          g_object_set_data (G_OBJECT (button), "spec", (gpointer) spec);
          g_signal_connect (button, "clicked", G_CALLBACK (generic_clicked_cb), self);
          gtk_box_append (self->generic_box, button);
          g_ptr_array_add (self->generic, (gpointer) spec);
        }
    }
  gtk_widget_set_visible (GTK_WIDGET (self->generic_box), specs->len > 0);
  return specs->len > 0 || others->len > 0;
}

static void update (EditorUnitCard *self);

/* The game's section, made again when another game is played. */
static void
ensure_section (EditorUnitCard *self,
                SandGame       *game)
{
  SandRuleset *ruleset = sand_scenario_get_ruleset (sand_game_get_scenario (game));
  const char *id = sand_ruleset_get_id (ruleset);

  if (self->section_ruleset != NULL && g_strcmp0 (self->section_ruleset, id) == 0)
    return;
  if (self->section != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->section, self);
      gtk_box_remove (self->section_box, GTK_WIDGET (self->section));
      self->section = NULL;
    }
  g_free (self->section_ruleset);
  self->section_ruleset = g_strdup (id);
  self->section = editor_unit_sections_new_for_game (self->playtest, game);
  if (self->section == NULL)
    return;
  gtk_box_append (self->section_box, GTK_WIDGET (self->section));
  g_signal_connect_object (self->section, "result", G_CALLBACK (section_result_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->section, "refresh", G_CALLBACK (update), self,
                           G_CONNECT_SWAPPED);
}

static void
update (EditorUnitCard *self)
{
  SandGame *game = editor_playtest_get_game (self->playtest);
  const char *prompt;
  gboolean shown = FALSE;
  int selected, setting_up;

  if (game == NULL)
    {
      if (self->section != NULL)
        editor_unit_actions_reset (self->section);
      show_result (self, NULL, FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
      return;
    }
  ensure_section (self, game);
  selected = editor_playtest_get_selected (self->playtest);
  if (editor_playtest_get_screen_hidden (self->playtest))
    selected = -1;
  gtk_widget_set_visible (GTK_WIDGET (self->unit_box), selected >= 0);
  if (selected >= 0)
    {
      update_identity (self, game, selected);
      shown = TRUE;
    }
  /* Before play, the clock already stands at the first phase, whose side
   * the engine would offer that phase's actions: while a side sets up,
   * the card says what the set-up is instead, and offers none of them
   * (the sections keep to the set-up too). */
  setting_up = sand_game_is_over (game) || editor_playtest_get_screen_hidden (self->playtest)
               ? -1 : sand_game_setup_side (game);
  if (setting_up >= 0)
    {
      SandRuleset *ruleset = sand_scenario_get_ruleset (sand_game_get_scenario (game));
      /* Translators: the heading of the unit panel while a side sets up;
       * %s is the side, e.g. "Set-up: French". */
      g_autofree char *title = g_strdup_printf (_("Set-up: %s"),
                                                sand_ruleset_side_label (ruleset, setting_up));

      gtk_label_set_label (self->setup_title_label, title);
      shown = TRUE;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->setup_box), setting_up >= 0);
  shown |= update_generic (self, game, setting_up >= 0 ? -1 : selected);
  if (self->section != NULL)
    {
      gboolean section = editor_unit_actions_update (self->section, game, selected);

      gtk_widget_set_visible (GTK_WIDGET (self->section), section);
      shown |= section;
    }

  prompt = editor_playtest_get_pick_prompt (self->playtest);
  gtk_label_set_label (self->pick_label, prompt ? prompt : "");
  gtk_widget_set_visible (GTK_WIDGET (self->pick_box), prompt != NULL);
  shown |= prompt != NULL;
  shown |= gtk_widget_get_visible (GTK_WIDGET (self->result_label)) && selected >= 0;
  gtk_widget_set_visible (GTK_WIDGET (self), shown);
}

static void
pick_cancel_cb (EditorUnitCard *self)
{
  editor_playtest_cancel_pick (self->playtest);
}

/* Public API */

EditorUnitActions *
editor_unit_card_get_section (EditorUnitCard *self)
{
  g_return_val_if_fail (EDITOR_IS_UNIT_CARD (self), NULL);
  return self->section;
}

GtkWidget *
editor_unit_card_get_button (EditorUnitCard *self,
                             const char     *action)
{
  GtkWidget *button = NULL;
  guint i = 0;

  g_return_val_if_fail (EDITOR_IS_UNIT_CARD (self), NULL);
  g_return_val_if_fail (action != NULL, NULL);

  if (self->section != NULL)
    button = editor_unit_actions_get_button (self->section, action);
  if (button != NULL)
    return button;
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->generic_box));
       child != NULL; child = gtk_widget_get_next_sibling (child), i++)
    if (g_str_equal (((const SandActionSpec *) g_ptr_array_index (self->generic, i))->name,
                     action))
      return child;
  return NULL;
}

const char *
editor_unit_card_get_result (EditorUnitCard *self)
{
  g_return_val_if_fail (EDITOR_IS_UNIT_CARD (self), NULL);
  return gtk_label_get_label (self->result_label);
}

const char *
editor_unit_card_get_offered (EditorUnitCard *self)
{
  g_return_val_if_fail (EDITOR_IS_UNIT_CARD (self), NULL);
  if (!gtk_widget_get_visible (GTK_WIDGET (self->offers_label)))
    return NULL;
  return gtk_label_get_label (self->offers_label);
}

gboolean
editor_unit_card_get_refused (EditorUnitCard *self)
{
  g_return_val_if_fail (EDITOR_IS_UNIT_CARD (self), FALSE);
  return gtk_widget_has_css_class (GTK_WIDGET (self->result_label), "error");
}

GtkWidget *
editor_unit_card_new (EditorPlaytest *playtest)
{
  EditorUnitCard *self;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (playtest), NULL);

  self = g_object_new (EDITOR_TYPE_UNIT_CARD, NULL);
  self->playtest = playtest;
  g_signal_connect_object (playtest, "changed", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
  return GTK_WIDGET (self);
}

/* GObject */

static void
editor_unit_card_dispose (GObject *object)
{
  EditorUnitCard *self = EDITOR_UNIT_CARD (object);
  GtkWidget *child;

  self->section = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), EDITOR_TYPE_UNIT_CARD);
  /* The template's root has no id, so dispose_template leaves it. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  self->playtest = NULL;
  G_OBJECT_CLASS (editor_unit_card_parent_class)->dispose (object);
}

static void
editor_unit_card_finalize (GObject *object)
{
  EditorUnitCard *self = EDITOR_UNIT_CARD (object);

  g_clear_pointer (&self->section_ruleset, g_free);
  g_clear_pointer (&self->generic, g_ptr_array_unref);
  G_OBJECT_CLASS (editor_unit_card_parent_class)->finalize (object);
}

static void
editor_unit_card_class_init (EditorUnitCardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = editor_unit_card_dispose;
  object_class->finalize = editor_unit_card_finalize;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "unitcard");
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/sandtable/Sandtable/"
                                               "ui/editor-unit-card.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, EditorUnitCard, name)
  BIND (detail_label);
  BIND (generic_box);
  BIND (notice_label);
  BIND (offers_label);
  BIND (pick_cancel_button);
  BIND (pick_box);
  BIND (pick_label);
  BIND (result_label);
  BIND (section_box);
  BIND (setup_box);
  BIND (setup_title_label);
  BIND (title_label);
  BIND (unit_box);
#undef BIND
}

static void
editor_unit_card_init (EditorUnitCard *self)
{
  self->generic = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_swapped (self->pick_cancel_button, "clicked", G_CALLBACK (pick_cancel_cb),
                            self);
}
