/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-balance-games.c: see the header. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "editor-balance-games.h"
#include "sand-balance-stats.h"

struct _EditorBalanceGames {
  GtkWidget parent_instance;

  GtkListBox *list;
  guint pairing;
  guint count;
};

G_DEFINE_FINAL_TYPE (EditorBalanceGames, editor_balance_games, GTK_TYPE_WIDGET)

enum { WATCH, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
watch_clicked (GtkButton          *button,
               EditorBalanceGames *self)
{
  guint game = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "game"));
  g_signal_emit (self, signals[WATCH], 0, self->pairing, game);
}

static void
add_row (EditorBalanceGames    *self,
         const SandBalanceGame *g,
         SandRuleset           *ruleset)
{
  g_autofree char *title = NULL;
  g_autofree char *result = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *watch_name = NULL;

  g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, g->seed);
  /* Translators: a game of a balance run: its number and its dice seed. */
  title = g_strdup_printf (_("Game %u, seed %s"), g->index + 1, seed);
  if (g->winner >= 0 && (guint) g->winner < sand_ruleset_n_sides (ruleset))
    /* Translators: "French win", the side that won a game. */
    result = g_strdup_printf (_("%s win"), sand_ruleset_get_side (ruleset, (guint) g->winner)->name);
  else
    result = g_strdup (_("No winner"));
  /* Translators: a game's result, its level, net victory points and
   * length, e.g. "French win (Decisive), net +14 VP, 9 turns". */
  subtitle = g_strdup_printf (ngettext ("%s (%s), net %+d VP, %d turn",
                                        "%s (%s), net %+d VP, %d turns", (gulong) g->turns),
                              result, g->level != NULL ? g->level : "—", g->net, g->turns);

  GtkWidget *row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  GtkWidget *button = gtk_button_new_with_label (_("Watch"));
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  /* Translators: the Watch button's name for a screen reader. */
  watch_name = g_strdup_printf (_("Watch game %u in the playtest"), g->index + 1);
  gtk_widget_set_tooltip_text (button, watch_name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  watch_name, -1);
  g_object_set_data (G_OBJECT (button), "game", GUINT_TO_POINTER (g->index));
  g_signal_connect (button, "clicked", G_CALLBACK (watch_clicked), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), button);
  gtk_list_box_append (self->list, row);
  self->count++;
}

void
editor_balance_games_show (EditorBalanceGames      *self,
                           const SandBalanceReport *report,
                           guint                    pairing,
                           SandRuleset             *ruleset)
{
  GtkWidget *child;

  g_return_if_fail (EDITOR_IS_BALANCE_GAMES (self));

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  self->count = 0;
  self->pairing = pairing;
  if (report == NULL || pairing >= report->pairings->len)
    {
      gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
      return;
    }

  const SandBalancePairing *p = g_ptr_array_index (report->pairings, pairing);
  SandBalanceStats st;
  sand_balance_stats_compute (report, p, &st);
  /* The highest first, then the lowest not already listed (a run of a
   * few games has the same ones both ways). */
  for (guint i = 0; i < st.highest->len; i++)
    add_row (self, &g_array_index (p->games, SandBalanceGame,
                                   g_array_index (st.highest, guint, i)), ruleset);
  for (guint i = st.lowest->len; i-- > 0;)
    {
      guint k = g_array_index (st.lowest, guint, i);
      gboolean seen = FALSE;
      for (guint j = 0; j < st.highest->len; j++)
        seen |= g_array_index (st.highest, guint, j) == k;
      if (!seen)
        add_row (self, &g_array_index (p->games, SandBalanceGame, k), ruleset);
    }
  sand_balance_stats_clear (&st);
  gtk_widget_set_visible (GTK_WIDGET (self), self->count > 0);
}

guint
editor_balance_games_count (EditorBalanceGames *self)
{
  g_return_val_if_fail (EDITOR_IS_BALANCE_GAMES (self), 0);
  return self->count;
}

static void
editor_balance_games_dispose (GObject *object)
{
  EditorBalanceGames *self = EDITOR_BALANCE_GAMES (object);
  if (self->list != NULL)
    gtk_widget_unparent (GTK_WIDGET (self->list));
  self->list = NULL;
  G_OBJECT_CLASS (editor_balance_games_parent_class)->dispose (object);
}

static void
editor_balance_games_class_init (EditorBalanceGamesClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = editor_balance_games_dispose;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
  signals[WATCH] = g_signal_new ("watch", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                 NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
}

static void
editor_balance_games_init (EditorBalanceGames *self)
{
  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_NONE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "boxed-list");
  gtk_widget_set_parent (GTK_WIDGET (self->list), GTK_WIDGET (self));
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

GtkWidget *
editor_balance_games_new (void)
{
  return g_object_new (EDITOR_TYPE_BALANCE_GAMES, NULL);
}
