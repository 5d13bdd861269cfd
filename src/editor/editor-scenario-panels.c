/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-counter-mix.h"
#include "editor-inspector.h"
#include "editor-oob-panel.h"
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

  /* The window's template children. */
  GtkWidget *stack;
  GtkWidget *counter_mix;
  GtkWidget *oob_panel;
  GtkWidget *properties;
  GtkWidget *problems;
  GtkWidget *problems_button;
  GtkWidget *problems_icon;
  GtkWidget *problems_label;
  GtkDropTarget *drop;

  GPtrArray *badge_labels;    /* char*, one per hex, for the overlay */
};

void
editor_scenario_panels_free (EditorScenarioPanels *self)
{
  g_clear_handle_id (&self->badges_id, g_source_remove);
  g_signal_handlers_disconnect_by_data (self->window, self);
  g_signal_handlers_disconnect_by_data (self->problems, self);
  g_signal_handlers_disconnect_by_data (self->problems_button, self);
  g_signal_handlers_disconnect_by_data (self->oob_panel, self);
  g_signal_handlers_disconnect_by_data (self->drop, self);
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
  g_return_val_if_fail (EDITOR_IS_WINDOW (window), NULL);
  return window->scenario_panels;
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

  /* Play never changes the scenario. */
  if (!G_VALUE_HOLDS_STRING (value)
      || editor_window_get_mode (self->window) != EDITOR_WINDOW_MODE_EDITING)
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

  if (hex < 0 || editor_window_get_mode (self->window) != EDITOR_WINDOW_MODE_EDITING)
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
  /* While playing, the overlay shows the game; the badges come back when
   * play stops. */
  if (editor_window_get_mode (self->window) != EDITOR_WINDOW_MODE_EDITING)
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
  update_badges (self);
}

EditorScenarioPanels *
editor_scenario_panels_new (EditorWindow *window)
{
  EditorScenarioPanels *self;

  g_return_val_if_fail (EDITOR_IS_WINDOW (window), NULL);

  self = g_new0 (EditorScenarioPanels, 1);
  self->window = window;
  self->badge_labels = g_ptr_array_new_with_free_func (g_free);
  self->stack = GTK_WIDGET (window->side_stack);
  self->counter_mix = window->counter_mix;
  self->oob_panel = window->oob_panel;
  self->properties = window->scenario_properties;
  self->problems = window->problems_panel;
  self->problems_button = GTK_WIDGET (window->problems_button);
  self->problems_icon = GTK_WIDGET (window->problems_icon);
  self->problems_label = GTK_WIDGET (window->problems_label);

  g_signal_connect_swapped (self->problems_button, "clicked",
                            G_CALLBACK (problems_button_cb), self);
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
  g_signal_connect_swapped (window, "notify::mode", G_CALLBACK (queue_badges), self);
  document_cb (self);
  return self;
}
