/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-balance-pairings.c: see the header. Each fixed pairing is a
 * check button holding its order-of-battle ids, so the run's config is
 * filled from typed values, never from "A,G" text parsed back. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "editor-balance-pairings.h"

typedef struct {
  GtkCheckButton *check;
  char *oobs[SAND_MAX_SIDES];   /* one id per side */
} Cell;

struct _EditorBalancePairings {
  GtkWidget parent_instance;

  GtkWidget *box;
  GtkCheckButton *rules_choice;
  GtkWidget *cells_box;         /* the grid or list, rebuilt per scenario */
  GtkWidget *buttons;
  GPtrArray *cells;             /* Cell* */
  int n_sides;
};

G_DEFINE_FINAL_TYPE (EditorBalancePairings, editor_balance_pairings, GTK_TYPE_WIDGET)

enum { CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
cell_free (gpointer data)
{
  Cell *c = data;
  for (int s = 0; s < SAND_MAX_SIDES; s++)
    g_free (c->oobs[s]);
  g_free (c);
}

static void
toggled_cb (EditorBalancePairings *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

static GtkCheckButton *
new_check (EditorBalancePairings *self,
           const char            *label,
           const char            *name)
{
  GtkWidget *check = gtk_check_button_new_with_label (label);
  gtk_widget_set_tooltip_text (check, name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  -1);
  g_signal_connect_swapped (check, "toggled", G_CALLBACK (toggled_cb), self);
  return GTK_CHECK_BUTTON (check);
}

/* "G: historical v A: historical": the orders of battle by name. */
static char *
pairing_name (SandOob **oobs, int n)
{
  const char *names[SAND_MAX_SIDES];
  for (int k = 0; k < n; k++)
    names[k] = oobs[k]->name != NULL ? oobs[k]->name : oobs[k]->id;
  return sand_balance_pairing_join (names, n);
}

static Cell *
add_cell (EditorBalancePairings *self,
          SandOob              **oobs,
          const char            *label)
{
  Cell *c = g_new0 (Cell, 1);
  g_autofree char *name = pairing_name (oobs, self->n_sides);
  for (int s = 0; s < self->n_sides; s++)
    c->oobs[s] = g_strdup (oobs[s]->id);
  c->check = new_check (self, label, name);
  g_ptr_array_add (self->cells, c);
  return c;
}

static GtkWidget *
header_label (const char *text,
              const char *tooltip)
{
  GtkWidget *label = gtk_label_new (text);
  gtk_widget_set_tooltip_text (label, tooltip);
  gtk_widget_add_css_class (label, "dim-label");
  return label;
}

/* Two sides: the first's orders of battle down, the second's across. */
static void
build_grid (EditorBalancePairings *self,
            SandRuleset           *rs,
            GPtrArray            **per_side)
{
  GtkGrid *grid = GTK_GRID (gtk_grid_new ());
  gtk_grid_set_row_spacing (grid, 2);
  gtk_grid_set_column_spacing (grid, 6);
  /* Translators: the pairing grid's corner: the first side's orders of
   * battle are the rows, the second's the columns. */
  g_autofree char *corner = g_strdup_printf (_("%s ↓ %s →"), sand_ruleset_get_side (rs, 0)->name,
                                             sand_ruleset_get_side (rs, 1)->name);
  gtk_grid_attach (grid, header_label (corner, NULL), 0, 0, 1, 1);
  for (guint j = 0; j < per_side[1]->len; j++)
    {
      SandOob *b = g_ptr_array_index (per_side[1], j);
      gtk_grid_attach (grid, header_label (b->id, b->name), (int) j + 1, 0, 1, 1);
    }
  for (guint i = 0; i < per_side[0]->len; i++)
    {
      SandOob *a = g_ptr_array_index (per_side[0], i);
      GtkWidget *row = header_label (a->id, a->name);
      gtk_label_set_xalign (GTK_LABEL (row), 0);
      gtk_grid_attach (grid, row, 0, (int) i + 1, 1, 1);
      for (guint j = 0; j < per_side[1]->len; j++)
        {
          SandOob *pair[2] = { a, g_ptr_array_index (per_side[1], j) };
          Cell *c = add_cell (self, pair, NULL);
          gtk_widget_set_halign (GTK_WIDGET (c->check), GTK_ALIGN_CENTER);
          gtk_grid_attach (grid, GTK_WIDGET (c->check), (int) j + 1, (int) i + 1, 1, 1);
        }
    }
  self->cells_box = GTK_WIDGET (grid);
}

/* Any other number of sides: one check button a pairing. */
static void
build_list (EditorBalancePairings *self,
            GPtrArray            **per_side)
{
  GtkWidget *list = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  guint at[SAND_MAX_SIDES] = { 0 };
  for (;;)
    {
      SandOob *pair[SAND_MAX_SIDES];
      for (int s = 0; s < self->n_sides; s++)
        pair[s] = g_ptr_array_index (per_side[s], at[s]);
      g_autofree char *name = pairing_name (pair, self->n_sides);
      Cell *c = add_cell (self, pair, name);
      gtk_box_append (GTK_BOX (list), GTK_WIDGET (c->check));
      int s = self->n_sides - 1;
      while (s >= 0 && ++at[s] == per_side[s]->len)
        at[s--] = 0;
      if (s < 0)
        break;
    }
  self->cells_box = list;
}

void
editor_balance_pairings_set_scenario (EditorBalancePairings *self,
                                      SandScenario          *scenario)
{
  g_return_if_fail (EDITOR_IS_BALANCE_PAIRINGS (self));
  g_return_if_fail (SAND_IS_SCENARIO (scenario));

  SandRuleset *rs = sand_scenario_get_ruleset (scenario);
  GPtrArray *per_side[SAND_MAX_SIDES] = { NULL };
  guint combos = 1;

  if (self->cells_box != NULL)
    gtk_box_remove (GTK_BOX (self->box), self->cells_box);
  self->cells_box = NULL;
  g_ptr_array_set_size (self->cells, 0);
  self->n_sides = MIN ((int) sand_ruleset_n_sides (rs), SAND_MAX_SIDES);
  for (int s = 0; s < self->n_sides; s++)
    {
      per_side[s] = g_ptr_array_new ();
      for (guint i = 0; i < sand_scenario_n_oobs (scenario); i++)
        if (sand_scenario_get_oob (scenario, i)->side == s)
          g_ptr_array_add (per_side[s], sand_scenario_get_oob (scenario, i));
      combos *= per_side[s]->len;
    }
  if (combos > 1)
    {
      if (self->n_sides == 2)
        build_grid (self, rs, per_side);
      else
        build_list (self, per_side);
      gtk_box_insert_child_after (GTK_BOX (self->box), self->cells_box,
                                  GTK_WIDGET (self->rules_choice));
    }
  for (int s = 0; s < self->n_sides; s++)
    g_ptr_array_unref (per_side[s]);
  gtk_widget_set_visible (self->buttons, combos > 1);
  gtk_check_button_set_active (self->rules_choice, TRUE);
  g_signal_emit (self, signals[CHANGED], 0);
}

gboolean
editor_balance_pairings_has_choice (EditorBalancePairings *self)
{
  g_return_val_if_fail (EDITOR_IS_BALANCE_PAIRINGS (self), FALSE);
  return self->cells->len > 1;
}

void
editor_balance_pairings_select_all (EditorBalancePairings *self,
                                    gboolean               all)
{
  g_return_if_fail (EDITOR_IS_BALANCE_PAIRINGS (self));
  gtk_check_button_set_active (self->rules_choice, !all || self->cells->len == 0);
  for (guint i = 0; i < self->cells->len; i++)
    gtk_check_button_set_active (((Cell *) g_ptr_array_index (self->cells, i))->check, all);
}

gboolean
editor_balance_pairings_set_active (EditorBalancePairings *self,
                                    const char * const    *oob_ids,
                                    gboolean               active)
{
  g_return_val_if_fail (EDITOR_IS_BALANCE_PAIRINGS (self), FALSE);
  if (oob_ids == NULL)
    {
      gtk_check_button_set_active (self->rules_choice, active);
      return TRUE;
    }
  for (guint i = 0; i < self->cells->len; i++)
    {
      Cell *c = g_ptr_array_index (self->cells, i);
      int s = 0;
      while (s < self->n_sides && g_strcmp0 (c->oobs[s], oob_ids[s]) == 0)
        s++;
      if (s == self->n_sides)
        {
          gtk_check_button_set_active (c->check, active);
          return TRUE;
        }
    }
  return FALSE;
}

guint
editor_balance_pairings_count (EditorBalancePairings *self)
{
  g_return_val_if_fail (EDITOR_IS_BALANCE_PAIRINGS (self), 0);
  guint n = gtk_check_button_get_active (self->rules_choice) ? 1 : 0;
  for (guint i = 0; i < self->cells->len; i++)
    n += gtk_check_button_get_active (((Cell *) g_ptr_array_index (self->cells, i))->check);
  return n;
}

void
editor_balance_pairings_apply (EditorBalancePairings *self,
                               SandBalanceConfig     *config)
{
  g_return_if_fail (EDITOR_IS_BALANCE_PAIRINGS (self));
  g_return_if_fail (config != NULL && config->pairings != NULL);

  /* An array of NULL ids: each game draws its own, as the rules say. */
  if (gtk_check_button_get_active (self->rules_choice))
    g_ptr_array_add (config->pairings, g_new0 (char *, SAND_MAX_SIDES));
  for (guint i = 0; i < self->cells->len; i++)
    {
      Cell *c = g_ptr_array_index (self->cells, i);
      if (!gtk_check_button_get_active (c->check))
        continue;
      char **oobs = g_new0 (char *, SAND_MAX_SIDES);
      for (int s = 0; s < self->n_sides; s++)
        oobs[s] = g_strdup (c->oobs[s]);
      g_ptr_array_add (config->pairings, oobs);
    }
}

static void
select_all_cb (EditorBalancePairings *self)
{
  editor_balance_pairings_select_all (self, TRUE);
}

static void
clear_cb (EditorBalancePairings *self)
{
  editor_balance_pairings_select_all (self, FALSE);
}

static void
editor_balance_pairings_dispose (GObject *object)
{
  EditorBalancePairings *self = EDITOR_BALANCE_PAIRINGS (object);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  G_OBJECT_CLASS (editor_balance_pairings_parent_class)->dispose (object);
}

static void
editor_balance_pairings_finalize (GObject *object)
{
  EditorBalancePairings *self = EDITOR_BALANCE_PAIRINGS (object);
  g_ptr_array_unref (self->cells);
  G_OBJECT_CLASS (editor_balance_pairings_parent_class)->finalize (object);
}

static void
editor_balance_pairings_class_init (EditorBalancePairingsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->dispose = editor_balance_pairings_dispose;
  object_class->finalize = editor_balance_pairings_finalize;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
editor_balance_pairings_init (EditorBalancePairings *self)
{
  self->cells = g_ptr_array_new_with_free_func (cell_free);
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  self->rules_choice = new_check (self, _("As the rules choose, game by game"),
                                  _("Each game draws its orders of battle as the rules say"));
  gtk_check_button_set_active (self->rules_choice, TRUE);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->rules_choice));

  self->buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *all = gtk_button_new_with_mnemonic (_("Every _Pairing"));
  GtkWidget *clear = gtk_button_new_with_mnemonic (_("Rules' C_hoice Only"));
  g_signal_connect_swapped (all, "clicked", G_CALLBACK (select_all_cb), self);
  g_signal_connect_swapped (clear, "clicked", G_CALLBACK (clear_cb), self);
  gtk_box_append (GTK_BOX (self->buttons), all);
  gtk_box_append (GTK_BOX (self->buttons), clear);
  gtk_widget_set_visible (self->buttons, FALSE);
  gtk_box_append (GTK_BOX (self->box), self->buttons);
}

GtkWidget *
editor_balance_pairings_new (void)
{
  return g_object_new (EDITOR_TYPE_BALANCE_PAIRINGS, NULL);
}
