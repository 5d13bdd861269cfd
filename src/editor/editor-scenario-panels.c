/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-counter-mix.h"
#include "editor-inspector.h"
#include "editor-oob-panel.h"
#include "editor-playtest.h"
#include "editor-problems-panel.h"
#include "editor-scenario-panels.h"
#include "editor-scenario-properties.h"
#include "editor-window-private.h"

struct _EditorScenarioPanels
{
  EditorWindow *window;       /* not owned: the panels live as long as it */
  EditorDocument *document;
  SandScenario *scenario;
  SandMap *map;
  gulong scenario_changed_id;
  gulong map_changed_id;
  guint badges_id;

  GtkWidget *stack;
  GtkWidget *counter_mix;
  GtkWidget *oob_panel;
  GtkWidget *properties;
  GtkWidget *problems;
  GtkWidget *problems_button;
  GtkWidget *problems_icon;
  GtkWidget *problems_label;
  GtkDropTarget *drop;
  int tools_width;            /* the pane's width before a playtest hid it */

  GPtrArray *badge_labels;    /* char*, one per hex, for the overlay */
  EditorPlaytest *playtest;   /* weak: the canvas overlay is its while it plays */
  gulong playtest_active_id;
};

static void
panels_free (gpointer data)
{
  EditorScenarioPanels *self = data;

  g_clear_handle_id (&self->badges_id, g_source_remove);
  if (self->playtest != NULL)
    {
      g_clear_signal_handler (&self->playtest_active_id, self->playtest);
      g_object_remove_weak_pointer (G_OBJECT (self->playtest), (gpointer *) &self->playtest);
    }
  if (self->scenario != NULL)
    g_clear_signal_handler (&self->scenario_changed_id, self->scenario);
  if (self->map != NULL)
    g_clear_signal_handler (&self->map_changed_id, self->map);
  g_clear_object (&self->scenario);
  g_clear_object (&self->map);
  g_clear_object (&self->document);
  g_clear_pointer (&self->badge_labels, g_ptr_array_unref);
  g_free (self);
}

EditorScenarioPanels *
editor_scenario_panels_get (EditorWindow *window)
{
  return g_object_get_data (G_OBJECT (window), "editor-scenario-panels");
}

GtkWidget *
editor_scenario_panels_get_counter_mix (EditorScenarioPanels *self)
{
  return self->counter_mix;
}

GtkWidget *
editor_scenario_panels_get_oob_panel (EditorScenarioPanels *self)
{
  return self->oob_panel;
}

GtkWidget *
editor_scenario_panels_get_problems (EditorScenarioPanels *self)
{
  return self->problems;
}

GtkWidget *
editor_scenario_panels_get_properties (EditorScenarioPanels *self)
{
  return self->properties;
}

GtkWidget *
editor_scenario_panels_get_problems_button (EditorScenarioPanels *self)
{
  return self->problems_button;
}

GtkDropTarget *
editor_scenario_panels_get_drop_target (EditorScenarioPanels *self)
{
  return self->drop;
}

void
editor_scenario_panels_show (EditorScenarioPanels *self,
                             const char           *page)
{
  adw_view_stack_set_visible_child_name (ADW_VIEW_STACK (self->stack), page);
}

const char *
editor_scenario_panels_get_page (EditorScenarioPanels *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return adw_view_stack_get_visible_child_name (ADW_VIEW_STACK (self->stack));
}

/* One width for every page (issue 17): a pane that widened for the tables
 * and narrowed for the tools moved the map sideways at each switch and cut
 * it. The width is the Counters table's at 1280x720, which the narrower
 * pages leave to their content; the designer's own drag of the divider
 * stays until the window closes. */
#define SIDE_PANEL_WIDTH 460

/* A playtest hides the pages (read-only then, and the map with its turn
 * bar needs the room); the width they had comes back with them. */
static void
palette_sensitive_cb (EditorScenarioPanels *self)
{
  GtkPaned *paned = self->window->outer_paned;

  if (!gtk_widget_get_sensitive (GTK_WIDGET (self->window->palette_box)))
    self->tools_width = gtk_paned_get_position (paned);
  else if (self->tools_width > 0)
    gtk_paned_set_position (paned, self->tools_width);
}

static void
problems_count_cb (EditorScenarioPanels *self)
{
  EditorProblemsPanel *panel = EDITOR_PROBLEMS_PANEL (self->problems);
  guint errors = editor_problems_panel_get_n_errors (panel);
  guint warnings = editor_problems_panel_get_n_warnings (panel);
  g_autofree char *count = g_strdup_printf ("%u", errors + warnings);
  g_autofree char *e = g_strdup_printf (g_dngettext (NULL, "%u error", "%u errors", errors),
                                        errors);
  g_autofree char *w = g_strdup_printf (g_dngettext (NULL, "%u warning", "%u warnings",
                                                     warnings), warnings);
  g_autofree char *tip = g_strdup_printf (_("%s, %s — show the problems"), e, w);
  AdwViewStackPage *page;

  gtk_label_set_text (GTK_LABEL (self->problems_label), count);
  gtk_image_set_from_icon_name (GTK_IMAGE (self->problems_icon),
                                errors ? "dialog-error-symbolic"
                                : warnings ? "dialog-warning-symbolic" : "emblem-ok-symbolic");
  gtk_widget_remove_css_class (self->problems_button, "error");
  gtk_widget_remove_css_class (self->problems_button, "warning");
  if (errors || warnings)
    gtk_widget_add_css_class (self->problems_button, errors ? "error" : "warning");
  gtk_widget_set_tooltip_text (self->problems_button, tip);
  page = adw_view_stack_get_page (ADW_VIEW_STACK (self->stack), self->problems);
  adw_view_stack_page_set_badge_number (page, errors + warnings);
  adw_view_stack_page_set_needs_attention (page, errors > 0);
}

static void
problems_button_cb (EditorScenarioPanels *self)
{
  editor_scenario_panels_show (self, "problems");
}

/* The page that edits what a problem with neither hex nor counter is
 * about (victory levels, the number of turns, a zone, a reinforcement),
 * or NULL. */
static const char *
page_for_problem (const char *code)
{
  static const struct {
    const char *prefix;
    const char *page;
  } pages[] = {
    { "victory-", "scenario" },
    { "no-turns", "scenario" },
    { "zone-", "oobs" },
    { "unknown-zone", "oobs" },
    { "reinforcement-", "oobs" },
    { "counter-", "counters" },
    { "unknown-unit-type", "counters" },
    { "reduced-not-lower", "counters" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    if (g_str_has_prefix (code, pages[i].prefix))
      return pages[i].page;
  return NULL;
}

/* The order of battle that brings @id as a reinforcement, or -1. */
static int
reinforcement_oob (EditorScenarioPanels *self,
                   const char           *id)
{
  for (guint o = 0; o < sand_scenario_n_oobs (self->scenario); o++)
    {
      SandOob *oob = sand_scenario_get_oob (self->scenario, o);

      for (guint i = 0; i < oob->reinforcements->len; i++)
        if (g_strcmp0 (((SandReinforcement *) g_ptr_array_index (oob->reinforcements, i))
                         ->counter, id) == 0)
          return o;
    }
  return -1;
}

/* The hex a counter is set up on, in its side's OOB being edited or any. */
static int
counter_hex (EditorScenarioPanels *self,
             const char           *id)
{
  for (guint o = 0; o < sand_scenario_n_oobs (self->scenario); o++)
    {
      SandOob *oob = sand_scenario_get_oob (self->scenario, o);

      for (guint i = 0; i < oob->placements->len; i++)
        {
          const SandPlacement *p = g_ptr_array_index (oob->placements, i);
          if (g_strcmp0 (p->counter, id) == 0 && p->hex != SAND_HEX_NONE)
            return p->hex;
        }
    }
  return SAND_HEX_NONE;
}

static void
problem_activated_cb (EditorScenarioPanels *self,
                      int                   hex,
                      const char           *counter,
                      const char           *code)
{
  if (hex == SAND_HEX_NONE && counter == NULL && code != NULL)
    {
      const char *page = page_for_problem (code);

      if (page != NULL)
        editor_scenario_panels_show (self, page);
      if (g_str_has_prefix (code, "victory-levels"))
        editor_scenario_properties_show_victory_levels (
          EDITOR_SCENARIO_PROPERTIES (self->properties));
      return;
    }
  /* A late or empty reinforcement is put right in its order of battle. */
  if (counter != NULL && code != NULL && g_str_has_prefix (code, "reinforcement-"))
    {
      int oob = reinforcement_oob (self, counter);

      if (oob >= 0)
        {
          editor_oob_panel_set_oob (EDITOR_OOB_PANEL (self->oob_panel), oob);
          editor_scenario_panels_show (self, "oobs");
          return;
        }
    }
  if (hex == SAND_HEX_NONE && counter != NULL)
    hex = counter_hex (self, counter);
  if (hex == SAND_HEX_NONE && counter != NULL)
    editor_scenario_panels_show (self, "counters");
  if (counter != NULL)
    editor_counter_mix_select_counter (EDITOR_COUNTER_MIX (self->counter_mix), counter);
  if (hex != SAND_HEX_NONE)
    {
      editor_map_canvas_show_hex (self->window->canvas, hex);
      editor_inspector_set_hex (EDITOR_INSPECTOR (self->window->inspector), hex, -1, -1);
    }
}

gboolean
editor_scenario_panels_drop_counter (EditorScenarioPanels *self,
                                     const char           *id,
                                     int                   hex)
{
  const SandCounter *c;
  int k, oob;

  g_return_val_if_fail (self != NULL, FALSE);

  if (self->document == NULL || id == NULL || hex < 0)
    return FALSE;
  k = sand_scenario_find_counter (self->scenario, id);
  if (k < 0)
    return FALSE;
  c = sand_scenario_get_counter (self->scenario, k);

  editor_document_begin_edit (self->document, _("Set Up Counter"));
  oob = editor_oob_panel_get_oob (EDITOR_OOB_PANEL (self->oob_panel));
  if (oob < 0 || sand_scenario_get_oob (self->scenario, oob)->side != c->side)
    {
      SandOob *def = sand_scenario_default_oob (self->scenario, c->side);

      oob = -1;
      for (guint o = 0; def != NULL && o < sand_scenario_n_oobs (self->scenario); o++)
        if (sand_scenario_get_oob (self->scenario, o) == def)
          oob = o;
      if (oob < 0)
        {
          SandRuleset *rs = sand_scenario_get_ruleset (self->scenario);
          g_autofree char *oob_id = g_strdup_printf ("%s-historical",
                                                     sand_ruleset_get_side (rs, c->side)->id);
          SandOob *made = sand_oob_new (oob_id, c->side);

          made->name = g_strdup (_("Historical"));
          oob = editor_document_add_oob (self->document, made);
        }
    }
  editor_document_place_counter (self->document, oob, id, hex, NULL);
  editor_document_end_edit (self->document);
  return TRUE;
}

static gboolean
drop_cb (EditorScenarioPanels *self,
         const GValue         *value,
         double                x,
         double                y)
{
  int hex;

  if (!G_VALUE_HOLDS_STRING (value))
    return FALSE;
  hex = editor_map_canvas_hex_at (self->window->canvas, x, y);
  return editor_scenario_panels_drop_counter (self, g_value_get_string (value), hex);
}

static GdkDragAction
drop_motion_cb (EditorScenarioPanels *self,
                double                x,
                double                y)
{
  int hex = editor_map_canvas_hex_at (self->window->canvas, x, y);

  if (hex < 0)
    {
      editor_map_canvas_set_preview (self->window->canvas, NULL, 0, -1, -1);
      return 0;
    }
  editor_map_canvas_set_preview (self->window->canvas, &hex, 1, -1, -1);
  return GDK_ACTION_COPY;
}

static void
drop_leave_cb (EditorScenarioPanels *self)
{
  editor_map_canvas_set_preview (self->window->canvas, NULL, 0, -1, -1);
}

/* Reinforcement badges: each entry flag says when its reinforcements
 * arrive ("T3 ×2 · T5"), for the OOB being edited, else each side's first
 * OOB. Drawn through the canvas overlay, so they never enter the export. */
static void queue_badges (EditorScenarioPanels *self);

static int
compare_int (gconstpointer a,
             gconstpointer b)
{
  return *(const int *) a - *(const int *) b;
}

/* "T1 ×3 · T2 ×1 · T5": each turn with its count. Consecutive turns
 * bringing the same number read as one range, "T1–4 ×3" (three on each of
 * turns 1 to 4), so the badges of neighbouring flags stay short enough
 * not to run into each other. */
static char *
format_turns (GArray *turns)
{
  g_autoptr(GArray) runs = g_array_new (FALSE, FALSE, sizeof (int) * 2);
  GString *text = g_string_new (NULL);

  g_array_sort (turns, compare_int);
  for (guint i = 0; i < turns->len;)
    {
      int run[2] = { g_array_index (turns, int, i), 0 };

      while (i < turns->len && g_array_index (turns, int, i) == run[0])
        i++, run[1]++;
      g_array_append_val (runs, run);
    }
  for (guint i = 0; i < runs->len;)
    {
      const int *first = &g_array_index (runs, int, 2 * i);
      guint j = i + 1;

      while (j < runs->len && g_array_index (runs, int, 2 * j) == first[0] + (int) (j - i)
             && g_array_index (runs, int, 2 * j + 1) == first[1])
        j++;
      if (text->len)
        g_string_append (text, " · ");
      if (j - i > 1)
        g_string_append_printf (text, "T%d–%d", first[0], first[0] + (int) (j - i) - 1);
      else
        g_string_append_printf (text, "T%d", first[0]);
      /* Several arrivals on one turn count up: "T3 ×2". */
      if (first[1] > 1)
        g_string_append_printf (text, " ×%d", first[1]);
      i = j;
    }
  return g_string_free (text, FALSE);
}

static void
update_badges (EditorScenarioPanels *self)
{
  g_autoptr(GHashTable) by_group = NULL; /* "side\x1fgroup" → GArray of turns */
  SandOverlay overlay = { 0 };
  SandOob *edited_oob = NULL;
  guint n_hexes;
  int edited;

  g_clear_handle_id (&self->badges_id, g_source_remove);
  /* While a playtest runs, the overlay shows the game; the badges come
   * back when it stops. */
  if (self->playtest == NULL
      && (self->playtest = editor_playtest_get_for_window (self->window)) != NULL)
    {
      g_object_add_weak_pointer (G_OBJECT (self->playtest), (gpointer *) &self->playtest);
      self->playtest_active_id = g_signal_connect_swapped (self->playtest, "notify::active",
                                                           G_CALLBACK (queue_badges), self);
    }
  if (self->playtest != NULL && editor_playtest_get_active (self->playtest))
    return;
  if (self->scenario == NULL)
    return;
  n_hexes = sand_grid_n_hexes (sand_map_get_grid (self->map));
  by_group = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                    (GDestroyNotify) g_array_unref);
  edited = editor_oob_panel_get_oob (EDITOR_OOB_PANEL (self->oob_panel));
  if (edited >= 0)
    edited_oob = sand_scenario_get_oob (self->scenario, edited);

  for (guint o = 0; o < sand_scenario_n_oobs (self->scenario); o++)
    {
      SandOob *oob = sand_scenario_get_oob (self->scenario, o);

      /* Alternatives to the OOB shown stay quiet. */
      if (edited_oob != NULL && edited_oob->side == oob->side)
        {
          if (oob != edited_oob)
            continue;
        }
      else if (oob != sand_scenario_default_oob (self->scenario, oob->side))
        continue;
      for (guint i = 0; i < oob->reinforcements->len; i++)
        {
          const SandReinforcement *r = g_ptr_array_index (oob->reinforcements, i);
          g_autofree char *key = NULL;
          GArray *turns;

          if (r->entry == NULL)
            continue;
          key = g_strdup_printf ("%d\x1f%s", oob->side, r->entry);
          turns = g_hash_table_lookup (by_group, key);
          if (turns == NULL)
            {
              turns = g_array_new (FALSE, FALSE, sizeof (int));
              g_hash_table_insert (by_group, g_steal_pointer (&key), turns);
            }
          g_array_append_val (turns, r->turn);
        }
    }

  g_ptr_array_set_size (self->badge_labels, 0);
  g_ptr_array_set_size (self->badge_labels, n_hexes);
  for (guint i = 0; i < sand_map_n_markers (self->map) && g_hash_table_size (by_group); i++)
    {
      const SandMarker *m = sand_map_get_marker (self->map, i);
      SandRuleset *rs = sand_scenario_get_ruleset (self->scenario);

      if (m->kind != SAND_MARKER_ENTRY || m->group == NULL || m->hex < 0
          || (guint) m->hex >= n_hexes || g_ptr_array_index (self->badge_labels, m->hex) != NULL)
        continue;
      for (guint s = 0; s < sand_ruleset_n_sides (rs); s++)
        {
          g_autofree char *key = g_strdup_printf ("%u\x1f%s", s, m->group);
          GArray *turns;

          if (m->side >= 0 && (guint) m->side != s)
            continue;
          if ((turns = g_hash_table_lookup (by_group, key)) != NULL)
            {
              self->badge_labels->pdata[m->hex] = format_turns (turns);
              break;
            }
        }
    }
  if (g_hash_table_size (by_group) == 0)
    {
      editor_map_canvas_set_overlay (self->window->canvas, NULL);
      return;
    }
  overlay.labels = (const char * const *) self->badge_labels->pdata;
  editor_map_canvas_set_overlay (self->window->canvas, &overlay);
}

const char *
editor_scenario_panels_get_badge (EditorScenarioPanels *self,
                                  int                   hex)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (self->badges_id != 0)
    update_badges (self);
  if (hex < 0 || (guint) hex >= self->badge_labels->len)
    return NULL;
  return g_ptr_array_index (self->badge_labels, hex);
}

static gboolean
badges_idle_cb (gpointer data)
{
  EditorScenarioPanels *self = data;

  self->badges_id = 0;
  update_badges (self);
  return G_SOURCE_REMOVE;
}

static void
queue_badges (EditorScenarioPanels *self)
{
  if (self->badges_id == 0)
    self->badges_id = g_idle_add (badges_idle_cb, self);
}

static void
map_changed_cb (EditorScenarioPanels *self)
{
  /* Brush strokes leave the flags alone; only marker edits move them. */
  queue_badges (self);
}

static void
document_cb (EditorScenarioPanels *self)
{
  EditorDocument *document = editor_window_get_document (self->window);

  if (document == self->document)
    return;
  if (self->scenario != NULL)
    g_clear_signal_handler (&self->scenario_changed_id, self->scenario);
  if (self->map != NULL)
    g_clear_signal_handler (&self->map_changed_id, self->map);
  g_clear_object (&self->scenario);
  g_clear_object (&self->map);
  g_set_object (&self->document, document);
  if (document != NULL)
    {
      self->scenario = g_object_ref (editor_document_get_scenario (document));
      self->map = g_object_ref (editor_document_get_map (document));
      self->scenario_changed_id = g_signal_connect_swapped (self->scenario, "changed",
                                                            G_CALLBACK (queue_badges), self);
      self->map_changed_id = g_signal_connect_swapped (self->map, "changed",
                                                       G_CALLBACK (map_changed_cb), self);
    }
  editor_counter_mix_set_document (EDITOR_COUNTER_MIX (self->counter_mix), document);
  editor_oob_panel_set_document (EDITOR_OOB_PANEL (self->oob_panel), document);
  editor_scenario_properties_set_document (EDITOR_SCENARIO_PROPERTIES (self->properties),
                                           document);
  editor_problems_panel_set_document (EDITOR_PROBLEMS_PANEL (self->problems), document);
  gtk_widget_set_visible (self->problems_button, document != NULL);
  update_badges (self);
}

static void
add_page (EditorScenarioPanels *self,
          GtkWidget            *child,
          const char           *name,
          const char           *title,
          const char           *icon)
{
  adw_view_stack_add_titled (ADW_VIEW_STACK (self->stack), child, name, title);
  adw_view_stack_page_set_icon_name (adw_view_stack_get_page (ADW_VIEW_STACK (self->stack),
                                                              child), icon);
}

void
editor_scenario_panels_install (EditorWindow *window)
{
  EditorScenarioPanels *self;
  GtkWidget *switcher, *box;

  g_return_if_fail (EDITOR_IS_WINDOW (window));
  g_return_if_fail (window->palette != NULL);

  self = g_new0 (EditorScenarioPanels, 1);
  self->window = window;
  self->badge_labels = g_ptr_array_new_with_free_func (g_free);
  g_object_set_data_full (G_OBJECT (window), "editor-scenario-panels", self, panels_free);

  self->stack = adw_view_stack_new ();
  gtk_widget_set_vexpand (self->stack, TRUE);
  /* The narrow tool palette must not take the width of the tables. */
  adw_view_stack_set_hhomogeneous (ADW_VIEW_STACK (self->stack), FALSE);
  switcher = adw_view_switcher_new ();
  adw_view_switcher_set_policy (ADW_VIEW_SWITCHER (switcher), ADW_VIEW_SWITCHER_POLICY_NARROW);
  adw_view_switcher_set_stack (ADW_VIEW_SWITCHER (switcher), ADW_VIEW_STACK (self->stack));

  /* The tool palette becomes the first page. */
  g_object_ref (window->palette);
  gtk_box_remove (window->palette_box, window->palette);
  add_page (self, window->palette, "tools", _("Map"), "sandtable-terrain-brush-symbolic");
  g_object_unref (window->palette);

  self->counter_mix = editor_counter_mix_new ();
  add_page (self, self->counter_mix, "counters", _("Counters"), "view-grid-symbolic");
  self->oob_panel = editor_oob_panel_new ();
  /* "OOB" is what wargamers call an order of battle. */
  add_page (self, self->oob_panel, "oobs", C_("order of battle", "OOB"), "view-list-symbolic");
  self->properties = editor_scenario_properties_new ();
  add_page (self, self->properties, "scenario", _("Scenario"), "document-properties-symbolic");
  self->problems = editor_problems_panel_new ();
  add_page (self, self->problems, "problems", _("Problems"), "dialog-warning-symbolic");

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (box), switcher);
  gtk_box_append (GTK_BOX (box), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
  gtk_box_append (GTK_BOX (box), self->stack);
  gtk_widget_set_vexpand (box, TRUE);
  gtk_box_append (window->palette_box, box);
  gtk_paned_set_position (window->outer_paned, SIDE_PANEL_WIDTH);
  g_signal_connect_swapped (window->palette_box, "notify::sensitive",
                            G_CALLBACK (palette_sensitive_cb), self);

  /* The problem count in the header bar. */
  self->problems_button = gtk_button_new ();
  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  self->problems_icon = gtk_image_new_from_icon_name ("emblem-ok-symbolic");
  self->problems_label = gtk_label_new ("0");
  gtk_widget_add_css_class (self->problems_label, "numeric");
  gtk_box_append (GTK_BOX (box), self->problems_icon);
  gtk_box_append (GTK_BOX (box), self->problems_label);
  gtk_button_set_child (GTK_BUTTON (self->problems_button), box);
  gtk_widget_set_visible (self->problems_button, FALSE);
  g_signal_connect_swapped (self->problems_button, "clicked",
                            G_CALLBACK (problems_button_cb), self);
  adw_header_bar_pack_end (window->header_bar, self->problems_button);
  g_signal_connect_swapped (self->problems, "notify::n-errors",
                            G_CALLBACK (problems_count_cb), self);
  g_signal_connect_swapped (self->problems, "notify::n-warnings",
                            G_CALLBACK (problems_count_cb), self);
  g_signal_connect_swapped (self->problems, "problem-activated",
                            G_CALLBACK (problem_activated_cb), self);
  g_signal_connect_swapped (self->oob_panel, "notify::oob", G_CALLBACK (queue_badges), self);
  problems_count_cb (self);

  /* Counters dropped on a hex. */
  self->drop = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_COPY | GDK_ACTION_MOVE);
  g_signal_connect_swapped (self->drop, "drop", G_CALLBACK (drop_cb), self);
  g_signal_connect_swapped (self->drop, "motion", G_CALLBACK (drop_motion_cb), self);
  g_signal_connect_swapped (self->drop, "leave", G_CALLBACK (drop_leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (window->canvas), GTK_EVENT_CONTROLLER (self->drop));

  g_signal_connect_swapped (window, "notify::document", G_CALLBACK (document_cb), self);
  document_cb (self);
}
