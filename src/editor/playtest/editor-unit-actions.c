/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-unit-actions.h"

typedef struct
{
  EditorPlaytest *playtest;
} EditorUnitActionsPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (EditorUnitActions, editor_unit_actions, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_PLAYTEST,
  N_PROPS
};

enum {
  SIGNAL_RESULT,
  SIGNAL_REFRESH,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* The player tells apart which of their units "AK" is by its counter id;
 * an enemy's face-down counter is named as the reader sees it, not by the
 * console's id. */
char *
editor_unit_label_full (SandGame *game,
                        int       unit,
                        int       viewer)
{
  return sand_game_unit_label_for (game, unit, viewer,
                                   sand_game_unit_visible (game, unit, viewer)
                                   ? SAND_UNIT_LABEL_WITH_ID : SAND_UNIT_LABEL_NAME);
}

void
editor_unit_actions_set_label (GtkButton  *button,
                               const char *label)
{
  if (g_strcmp0 (gtk_button_get_label (button), label) != 0)
    gtk_button_set_label (button, label);
}

EditorPlaytest *
editor_unit_actions_get_playtest (EditorUnitActions *self)
{
  EditorUnitActionsPrivate *priv = editor_unit_actions_get_instance_private (self);

  g_return_val_if_fail (EDITOR_IS_UNIT_ACTIONS (self), NULL);
  return priv->playtest;
}

void
editor_unit_actions_show_result (EditorUnitActions *self,
                                 const char        *text)
{
  g_return_if_fail (EDITOR_IS_UNIT_ACTIONS (self));
  g_signal_emit (self, signals[SIGNAL_RESULT], 0, text ? text : "", FALSE);
}

void
editor_unit_actions_refresh (EditorUnitActions *self)
{
  g_return_if_fail (EDITOR_IS_UNIT_ACTIONS (self));
  g_signal_emit (self, signals[SIGNAL_REFRESH], 0);
}

void
editor_unit_actions_refused (EditorUnitActions *self,
                             const GError      *error)
{
  EditorUnitActionsPrivate *priv = editor_unit_actions_get_instance_private (self);

  g_return_if_fail (EDITOR_IS_UNIT_ACTIONS (self));
  g_return_if_fail (error != NULL);

  /* The reason and its rule, as the playtest shows refused moves. */
  editor_playtest_report (priv->playtest, error);
  g_signal_emit (self, signals[SIGNAL_RESULT], 0,
                 editor_playtest_get_message (priv->playtest), TRUE);
}

SandAction *
editor_unit_actions_new_action (SandGame   *game,
                                const char *name,
                                int         unit,
                                int         hex)
{
  const SandActionSpec *spec = sand_game_find_action (game, name);
  SandAction *action;

  g_return_val_if_fail (spec != NULL, NULL);
  action = sand_action_new (spec);
  action->unit = unit;
  action->hex = hex;
  return action;
}

gboolean
editor_unit_actions_play (EditorUnitActions *self,
                          SandAction        *action)
{
  EditorUnitActionsPrivate *priv = editor_unit_actions_get_instance_private (self);
  g_autoptr(SandAction) owned = action;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (EDITOR_IS_UNIT_ACTIONS (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (!editor_playtest_apply (priv->playtest, owned, &error))
    {
      editor_unit_actions_refused (self, error);
      return FALSE;
    }
  return TRUE;
}

char *
editor_unit_actions_last_note (EditorUnitActions *self)
{
  EditorUnitActionsPrivate *priv = editor_unit_actions_get_instance_private (self);
  guint n = editor_playtest_log_length (priv->playtest);
  char *note = n > 0 ? editor_playtest_log_note (priv->playtest, n - 1) : NULL;

  return note != NULL ? note : g_strdup ("");
}

gboolean
editor_unit_actions_offer (EditorUnitActions *self,
                           GtkWidget         *button,
                           const char        *name,
                           int                unit,
                           gboolean           context)
{
  EditorUnitActionsPrivate *priv = editor_unit_actions_get_instance_private (self);
  SandGame *game = editor_playtest_get_game (priv->playtest);
  gboolean shown;

  const char *own_tip = g_object_get_data (G_OBJECT (button), "editor-own-tooltip");

  shown = context && game != NULL && !editor_playtest_get_screen_hidden (priv->playtest) &&
          sand_game_offers (game, name, unit);
  gtk_widget_set_visible (button, shown);
  /* A button also shown with a reason (offer_or_explain) takes back its
   * own state. */
  gtk_widget_set_sensitive (button, TRUE);
  if (own_tip != NULL)
    gtk_widget_set_tooltip_text (button, *own_tip ? own_tip : NULL);
  return shown;
}

gboolean
editor_unit_actions_offer_or_explain (EditorUnitActions *self,
                                      GtkWidget         *button,
                                      const char        *name,
                                      int                unit,
                                      gboolean           context)
{
  EditorUnitActionsPrivate *priv = editor_unit_actions_get_instance_private (self);
  SandGame *game = editor_playtest_get_game (priv->playtest);
  const char *own_tip = g_object_get_data (G_OBJECT (button), "editor-own-tooltip");
  g_autoptr(GError) why = NULL;
  g_autofree char *rule = NULL;
  g_autofree char *tip = NULL;
  gboolean shown, offered;

  /* The template's tooltip, kept the first time for when it is offered. */
  if (own_tip == NULL)
    {
      const char *tip_now = gtk_widget_get_tooltip_text (button);

      g_object_set_data_full (G_OBJECT (button), "editor-own-tooltip",
                              g_strdup (tip_now ? tip_now : ""), g_free);
      own_tip = g_object_get_data (G_OBJECT (button), "editor-own-tooltip");
    }
  shown = context && game != NULL && !editor_playtest_get_screen_hidden (priv->playtest);
  offered = shown && sand_game_offer_reason (game, name, unit, &rule, &why);
  gtk_widget_set_visible (button, shown);
  gtk_widget_set_sensitive (button, offered);
  if (shown && !offered && why != NULL)
    /* Translators: why an action cannot be taken now, and the rule case
     * it comes from, e.g. "e must be stacked with its headquarters to
     * rally. (LFAF 2)". */
    tip = rule ? g_strdup_printf (_("%s (%s)"), why->message, rule) : g_strdup (why->message);
  gtk_widget_set_tooltip_text (button, tip ? tip : (*own_tip ? own_tip : NULL));
  return shown;
}

gboolean
editor_unit_actions_update (EditorUnitActions *self,
                            SandGame          *game,
                            int                unit)
{
  g_return_val_if_fail (EDITOR_IS_UNIT_ACTIONS (self), FALSE);
  g_return_val_if_fail (game != NULL, FALSE);

  return EDITOR_UNIT_ACTIONS_GET_CLASS (self)->update (self, game, unit);
}

GtkWidget *
editor_unit_actions_get_button (EditorUnitActions *self,
                                const char        *action)
{
  g_return_val_if_fail (EDITOR_IS_UNIT_ACTIONS (self), NULL);
  g_return_val_if_fail (action != NULL, NULL);

  return EDITOR_UNIT_ACTIONS_GET_CLASS (self)->get_button (self, action);
}

void
editor_unit_actions_reset (EditorUnitActions *self)
{
  g_return_if_fail (EDITOR_IS_UNIT_ACTIONS (self));

  if (EDITOR_UNIT_ACTIONS_GET_CLASS (self)->reset != NULL)
    EDITOR_UNIT_ACTIONS_GET_CLASS (self)->reset (self);
}

/* GObject */

static gboolean
real_update (EditorUnitActions *self,
             SandGame          *game,
             int                unit)
{
  return FALSE;
}

static GtkWidget *
real_get_button (EditorUnitActions *self,
                 const char        *action)
{
  return NULL;
}

static void
editor_unit_actions_dispose (GObject *object)
{
  EditorUnitActions *self = EDITOR_UNIT_ACTIONS (object);
  EditorUnitActionsPrivate *priv = editor_unit_actions_get_instance_private (self);
  GtkWidget *child;

  /* A pick still waiting would call back into this section. */
  if (priv->playtest != NULL && editor_playtest_get_pick_prompt (priv->playtest) != NULL)
    editor_playtest_cancel_pick (priv->playtest);
  priv->playtest = NULL;
  /* A template's root has no id, so dispose_template leaves it. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (editor_unit_actions_parent_class)->dispose (object);
}

static void
editor_unit_actions_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  EditorUnitActions *self = EDITOR_UNIT_ACTIONS (object);

  switch (prop_id)
    {
    case PROP_PLAYTEST:
      g_value_set_object (value, editor_unit_actions_get_playtest (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
editor_unit_actions_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  EditorUnitActions *self = EDITOR_UNIT_ACTIONS (object);
  EditorUnitActionsPrivate *priv = editor_unit_actions_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_PLAYTEST:
      /* Not a reference: the playtest outlives its card's sections. */
      priv->playtest = g_value_get_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
editor_unit_actions_class_init (EditorUnitActionsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = editor_unit_actions_dispose;
  object_class->get_property = editor_unit_actions_get_property;
  object_class->set_property = editor_unit_actions_set_property;
  klass->update = real_update;
  klass->get_button = real_get_button;

  properties[PROP_PLAYTEST] =
    g_param_spec_object ("playtest", NULL, NULL, EDITOR_TYPE_PLAYTEST,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_RESULT] = g_signal_new ("result", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 2,
                                         G_TYPE_STRING, G_TYPE_BOOLEAN);
  signals[SIGNAL_REFRESH] = g_signal_new ("refresh", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "unitactions");
}

static void
editor_unit_actions_init (EditorUnitActions *self)
{
}
