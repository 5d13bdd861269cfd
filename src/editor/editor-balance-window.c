/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-balance-window.c: the Balance window (see the header). The run
 * goes to a GTask thread, which plays the games on the balance runner's
 * own thread pool; the worker only writes two counters, which a timer on
 * the main thread reads for the progress bar, so the window never waits. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "editor-balance-chart.h"
#include "editor-balance-heatmap.h"
#include "editor-balance-window.h"
#include "editor-window-private.h"

static const char *const policy_ids[] = { "random", "fast", "strong" };

struct _EditorBalanceWindow {
  AdwWindow parent_instance;

  SandScenario *scenario;       /* a copy: the document may change meanwhile */
  char *name;
  int n_sides;
  GtkDropDown *policy[SAND_MAX_SIDES];
  GtkSpinButton *games;
  GtkSwitch *all_pairings;
  GtkButton *run_button;
  GtkButton *cancel_button;
  GtkButton *save_button;
  GtkProgressBar *progress;
  GtkDrawingArea *chart;
  GtkDropDown *heat_kind;
  GtkDrawingArea *legend;
  GtkFileChooserNative *chooser;
  guint64 heat_max;
  gboolean heat_shown;          /* the parent's canvas shows our overlay */

  GCancellable *cancellable;
  SandBalanceReport *report;    /* the last finished run's */
  SandBalanceReport *partial;   /* the games so far of the run playing (or stopped) */
  char *status;
  guint done, total;            /* written by the worker (atomic) */
  gint64 started;
  guint tick_id;
};

G_DEFINE_FINAL_TYPE (EditorBalanceWindow, editor_balance_window, ADW_TYPE_WINDOW)

static const SandBalanceReport *report_shown (EditorBalanceWindow *self);

static void
set_status (EditorBalanceWindow *self, char *text)
{
  g_free (self->status);
  self->status = text;
  gtk_progress_bar_set_text (self->progress, text);
}

static void
update_buttons (EditorBalanceWindow *self)
{
  gboolean running = self->cancellable != NULL;
  gtk_widget_set_sensitive (GTK_WIDGET (self->run_button), !running);
  gtk_widget_set_sensitive (GTK_WIDGET (self->cancel_button), running);
  gtk_widget_set_sensitive (GTK_WIDGET (self->save_button), !running && self->report != NULL);
}

static gboolean
tick (gpointer data)
{
  EditorBalanceWindow *self = data;
  guint done = (guint) g_atomic_int_get (&self->done);
  guint total = MAX ((guint) g_atomic_int_get (&self->total), 1);
  double elapsed = (g_get_monotonic_time () - self->started) / (double) G_USEC_PER_SEC;

  gtk_progress_bar_set_fraction (self->progress, (double) done / total);
  if (done == 0)
    set_status (self, g_strdup_printf (ngettext ("0 of %u game", "0 of %u games", total), total));
  else
    set_status (self, g_strdup_printf (ngettext ("%u of %u game, about %.0f s left",
                                                 "%u of %u games, about %.0f s left", total),
                                       done, total, elapsed / done * (total - done)));
  return G_SOURCE_CONTINUE;
}

static gboolean
on_progress (guint done, guint total, gpointer user_data)
{
  EditorBalanceWindow *self = user_data;
  g_atomic_int_set (&self->done, (int) done);
  g_atomic_int_set (&self->total, (int) total);
  return TRUE;
}

static void show_report (EditorBalanceWindow *self, SandBalanceReport *r, gboolean final);

typedef struct {
  EditorBalanceWindow *self;
  SandBalanceReport *report;
} Partial;

static gboolean
show_partial (gpointer data)
{
  Partial *p = data;
  /* A late partial report must not replace the finished one. */
  if (p->self->cancellable != NULL)
    show_report (p->self, g_steal_pointer (&p->report), FALSE);
  g_clear_pointer (&p->report, sand_balance_report_free);
  g_object_unref (p->self);
  g_free (p);
  return G_SOURCE_REMOVE;
}

/* From a worker thread: the pictures of the games so far, shown on the
 * main thread as they come. */
static void
on_partial (SandBalanceReport *report, gpointer user_data)
{
  Partial *p = g_new0 (Partial, 1);
  p->self = g_object_ref (user_data);
  p->report = report;
  g_idle_add (show_partial, p);
}

static void
run_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  SandBalanceConfig *config = task_data;
  GError *error = NULL;
  SandBalanceReport *r = sand_balance_run_full (config, cancellable, on_progress, on_partial,
                                                source, &error);
  if (r == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, r, (GDestroyNotify) sand_balance_report_free);
}

static void
config_free (gpointer data)
{
  SandBalanceConfig *config = data;
  g_clear_object (&config->scenario);
  sand_balance_config_clear (config);
  g_free (config);
}

static EditorMapCanvas *
parent_canvas (EditorBalanceWindow *self)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));
  return EDITOR_IS_WINDOW (parent) ? EDITOR_WINDOW (parent)->canvas : NULL;
}

/* The heatmap layer on the parent window's map: only while its map has
 * the grid of the scenario that was run (the copy's), since the overlay's
 * arrays are one entry per hex of the canvas's grid. */
static void
apply_heatmap (EditorBalanceWindow *self)
{
  EditorMapCanvas *canvas = parent_canvas (self);
  EditorBalanceHeat kind = (EditorBalanceHeat) gtk_drop_down_get_selected (self->heat_kind);
  EditorWindow *parent = EDITOR_WINDOW (gtk_window_get_transient_for (GTK_WINDOW (self)));
  const SandGrid *grid = sand_map_get_grid (sand_scenario_get_map (self->scenario));
  EditorBalanceHeatmap heat;

  self->heat_max = 0;
  gtk_widget_set_visible (GTK_WIDGET (self->legend), FALSE);
  if (canvas == NULL)
    return;
  EditorDocument *doc = editor_window_get_document (parent);
  const SandGrid *shown = doc != NULL ? sand_map_get_grid (editor_document_get_map (doc)) : NULL;
  if (shown == NULL || shown->cols != grid->cols || shown->rows != grid->rows
      || !editor_balance_heatmap_build (&heat, report_shown (self), grid, kind))
    {
      if (self->heat_shown)
        editor_map_canvas_set_overlay (canvas, NULL);
      self->heat_shown = FALSE;
      return;
    }
  editor_map_canvas_set_overlay (canvas, &heat.overlay);
  self->heat_shown = TRUE;
  self->heat_max = heat.max;
  editor_balance_heatmap_clear (&heat);
  gtk_widget_set_visible (GTK_WIDGET (self->legend), TRUE);
  gtk_widget_queue_draw (GTK_WIDGET (self->legend));
}

void
editor_balance_window_show_heatmap (EditorBalanceWindow *self,
                                    guint                kind)
{
  g_return_if_fail (EDITOR_IS_BALANCE_WINDOW (self));
  gtk_drop_down_set_selected (self->heat_kind, kind);
  apply_heatmap (self);
}

static void
draw_legend (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  EditorBalanceWindow *self = data;
  double bar_w = width - 80;
  for (int x = 0; x < (int) bar_w; x++)
    {
      guint32 c = editor_balance_heatmap_color (sqrt (x / bar_w));
      cairo_set_source_rgba (cr, (c >> 24) / 255.0, ((c >> 16) & 255) / 255.0,
                             ((c >> 8) & 255) / 255.0, (c & 255) / 255.0);
      cairo_rectangle (cr, x, 0, 1, height);
      cairo_fill (cr);
    }
  g_autofree char *text = g_strdup_printf ("1 … %" G_GUINT64_FORMAT, self->heat_max);
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (area), text);
  GdkRGBA fg;
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &fg);
  gdk_cairo_set_source_rgba (cr, &fg);
  cairo_move_to (cr, bar_w + 6, 0);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
}

/* What the pictures and the map show: the games so far while a run plays
 * (and after it was stopped), else the finished run. */
static const SandBalanceReport *
report_shown (EditorBalanceWindow *self)
{
  return self->partial != NULL ? self->partial : self->report;
}

static void
show_report (EditorBalanceWindow *self, SandBalanceReport *r, gboolean final)
{
  g_clear_pointer (&self->partial, sand_balance_report_free);
  if (final)
    {
      g_clear_pointer (&self->report, sand_balance_report_free);
      self->report = r;
    }
  else
    self->partial = r;
  int w, h;
  editor_balance_chart_size (r, &w, &h);
  gtk_drawing_area_set_content_width (self->chart, w);
  gtk_drawing_area_set_content_height (self->chart, h);
  gtk_widget_queue_draw (GTK_WIDGET (self->chart));
  apply_heatmap (self);
}

static void
run_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  EditorBalanceWindow *self = EDITOR_BALANCE_WINDOW (source);
  g_autoptr(GError) error = NULL;
  SandBalanceReport *r = g_task_propagate_pointer (G_TASK (result), &error);

  g_clear_handle_id (&self->tick_id, g_source_remove);
  g_clear_object (&self->cancellable);
  if (r != NULL)
    {
      gtk_progress_bar_set_fraction (self->progress, 1);
      guint games = 0;
      for (guint p = 0; p < r->pairings->len; p++)
        games += ((SandBalancePairing *) g_ptr_array_index (r->pairings, p))->games->len;
      set_status (self, g_strdup_printf (ngettext ("%u game played", "%u games played", games),
                                         games));
      show_report (self, r, TRUE);
    }
  else
    set_status (self, g_strdup (error->message));
  update_buttons (self);
}

gboolean
editor_balance_window_start (EditorBalanceWindow *self)
{
  g_return_val_if_fail (EDITOR_IS_BALANCE_WINDOW (self), FALSE);
  if (self->cancellable != NULL)
    return FALSE;

  SandBalanceConfig *config = g_new0 (SandBalanceConfig, 1);
  sand_balance_config_init (config);
  config->scenario = g_object_ref (self->scenario);
  config->scenario_name = self->name;
  config->games = (guint) gtk_spin_button_get_value_as_int (self->games);
  config->seed = 1;
  for (int s = 0; s < self->n_sides; s++)
    sand_balance_policy_parse (policy_ids[gtk_drop_down_get_selected (self->policy[s])],
                               &config->players[s], NULL);
  if (gtk_switch_get_active (self->all_pairings))
    sand_balance_config_add_matrix (config);

  /* A new run: the old report goes, its pictures stay until the first
   * games of this one come. */
  g_clear_pointer (&self->report, sand_balance_report_free);
  self->cancellable = g_cancellable_new ();
  g_atomic_int_set (&self->done, 0);
  g_atomic_int_set (&self->total, 0);
  self->started = g_get_monotonic_time ();
  self->tick_id = g_timeout_add (200, tick, self);
  tick (self);
  update_buttons (self);

  g_autoptr(GTask) task = g_task_new (self, self->cancellable, run_done, NULL);
  g_task_set_task_data (task, config, config_free);
  /* The runner's own message says how many games were played. */
  g_task_set_check_cancellable (task, FALSE);
  g_task_run_in_thread (task, run_thread);
  return TRUE;
}

void
editor_balance_window_cancel (EditorBalanceWindow *self)
{
  g_return_if_fail (EDITOR_IS_BALANCE_WINDOW (self));
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
}

gboolean
editor_balance_window_is_running (EditorBalanceWindow *self)
{
  g_return_val_if_fail (EDITOR_IS_BALANCE_WINDOW (self), FALSE);
  return self->cancellable != NULL;
}

const SandBalanceReport *
editor_balance_window_get_report (EditorBalanceWindow *self)
{
  g_return_val_if_fail (EDITOR_IS_BALANCE_WINDOW (self), NULL);
  return self->report;
}

const char *
editor_balance_window_get_status (EditorBalanceWindow *self)
{
  g_return_val_if_fail (EDITOR_IS_BALANCE_WINDOW (self), NULL);
  return self->status;
}

void
editor_balance_window_configure (EditorBalanceWindow *self,
                                 guint                games,
                                 const char * const  *policies,
                                 gboolean             all_pairings)
{
  g_return_if_fail (EDITOR_IS_BALANCE_WINDOW (self));
  gtk_spin_button_set_value (self->games, games);
  for (int s = 0; policies != NULL && s < self->n_sides; s++)
    for (guint k = 0; policies[s] != NULL && k < G_N_ELEMENTS (policy_ids); k++)
      if (strcmp (policies[s], policy_ids[k]) == 0)
        gtk_drop_down_set_selected (self->policy[s], k);
  gtk_switch_set_active (self->all_pairings, all_pairings);
}

gboolean
editor_balance_window_save (EditorBalanceWindow *self,
                            GFile               *file,
                            GError             **error)
{
  g_return_val_if_fail (EDITOR_IS_BALANCE_WINDOW (self), FALSE);
  if (self->report == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("There is no report to save yet."));
      return FALSE;
    }
  g_autofree char *base = g_file_get_basename (file);
  g_autofree char *lower = g_ascii_strdown (base != NULL ? base : "", -1);
  g_autofree char *text = NULL;
  if (g_str_has_suffix (lower, ".json"))
    text = sand_balance_report_to_json (self->report);
  else if (g_str_has_suffix (lower, ".csv"))
    text = sand_balance_report_to_csv (self->report);
  else
    return editor_balance_chart_export (self->report, 0, file, error);
  return g_file_replace_contents (file, text, strlen (text), NULL, FALSE,
                                  G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, error);
}

static void
chooser_response_cb (EditorBalanceWindow  *self,
                     int                   response,
                     GtkFileChooserNative *chooser)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autoptr(GError) error = NULL;
      if (!editor_balance_window_save (self, file, &error))
        set_status (self, g_strdup (error->message));
      else
        set_status (self, g_strdup (_("Report saved")));
    }
  g_clear_object (&self->chooser);
}

static void
save_clicked (EditorBalanceWindow *self)
{
  g_clear_object (&self->chooser);
  self->chooser = gtk_file_chooser_native_new (_("Save Balance Report"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_SAVE,
                                               _("_Save"), _("_Cancel"));
  /* Translators: a file name; the extension chooses the format (.png,
   * .pdf, .json or .csv). */
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), _("balance.png"));
  g_signal_connect_object (self->chooser, "response", G_CALLBACK (chooser_response_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
draw_chart (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  EditorBalanceWindow *self = data;
  if (report_shown (self) != NULL)
    editor_balance_chart_draw (cr, report_shown (self), 0, width, height);
}

static gboolean
close_request (GtkWindow *window)
{
  EditorBalanceWindow *self = EDITOR_BALANCE_WINDOW (window);
  /* The run stops; its task still holds the window until it returns. */
  editor_balance_window_cancel (self);
  if (self->heat_shown && parent_canvas (self) != NULL)
    editor_map_canvas_set_overlay (parent_canvas (self), NULL);
  self->heat_shown = FALSE;
  return FALSE;
}

static void
editor_balance_window_dispose (GObject *object)
{
  EditorBalanceWindow *self = EDITOR_BALANCE_WINDOW (object);
  g_clear_handle_id (&self->tick_id, g_source_remove);
  g_clear_object (&self->chooser);
  G_OBJECT_CLASS (editor_balance_window_parent_class)->dispose (object);
}

static void
editor_balance_window_finalize (GObject *object)
{
  EditorBalanceWindow *self = EDITOR_BALANCE_WINDOW (object);
  g_clear_object (&self->scenario);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->report, sand_balance_report_free);
  g_clear_pointer (&self->partial, sand_balance_report_free);
  g_free (self->name);
  g_free (self->status);
  G_OBJECT_CLASS (editor_balance_window_parent_class)->finalize (object);
}

static void
editor_balance_window_class_init (EditorBalanceWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->dispose = editor_balance_window_dispose;
  object_class->finalize = editor_balance_window_finalize;
  GTK_WINDOW_CLASS (klass)->close_request = close_request;
}

static void
editor_balance_window_init (EditorBalanceWindow *self)
{
}

static GtkWidget *
labelled (GtkGrid *grid, int row, const char *text, GtkWidget *widget)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (text);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), widget);
  gtk_grid_attach (grid, label, 0, row, 1, 1);
  gtk_grid_attach (grid, widget, 1, row, 1, 1);
  return widget;
}

static void
build (EditorBalanceWindow *self, SandRuleset *rs)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  gtk_box_append (GTK_BOX (box), header);

  GtkWidget *body = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_margin_start (body, 12);
  gtk_widget_set_margin_end (body, 12);
  gtk_widget_set_margin_top (body, 12);
  gtk_widget_set_margin_bottom (body, 12);
  gtk_box_append (GTK_BOX (box), body);

  GtkGrid *grid = GTK_GRID (gtk_grid_new ());
  gtk_grid_set_row_spacing (grid, 6);
  gtk_grid_set_column_spacing (grid, 12);
  gtk_box_append (GTK_BOX (body), GTK_WIDGET (grid));
  const char *const names[] = { N_("Random"), N_("Fast computer"), N_("Strong computer"), NULL };
  const char *translated[4];
  for (guint k = 0; k < 4; k++)
    translated[k] = names[k] != NULL ? _(names[k]) : NULL;
  int row = 0;
  for (int s = 0; s < self->n_sides; s++)
    {
      self->policy[s] = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (translated));
      gtk_drop_down_set_selected (self->policy[s], 1);
      /* Translators: the label of a side's player, e.g. "French player". */
      g_autofree char *label = g_strdup_printf (_("%s player"),
                                                sand_ruleset_get_side (rs, (guint) s)->name);
      labelled (grid, row++, label, GTK_WIDGET (self->policy[s]));
    }
  self->games = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (1, 100000, 10));
  gtk_spin_button_set_value (self->games, 100);
  labelled (grid, row++, _("_Games per pairing"), GTK_WIDGET (self->games));
  self->all_pairings = GTK_SWITCH (gtk_switch_new ());
  gtk_widget_set_halign (GTK_WIDGET (self->all_pairings), GTK_ALIGN_START);
  labelled (grid, row++, _("_Every pairing of orders of battle"),
            GTK_WIDGET (self->all_pairings));

  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->run_button = GTK_BUTTON (gtk_button_new_with_mnemonic (_("_Run")));
  gtk_widget_add_css_class (GTK_WIDGET (self->run_button), "suggested-action");
  self->cancel_button = GTK_BUTTON (gtk_button_new_with_mnemonic (_("_Cancel")));
  self->save_button = GTK_BUTTON (gtk_button_new_with_mnemonic (_("_Save Report…")));
  self->progress = GTK_PROGRESS_BAR (gtk_progress_bar_new ());
  gtk_progress_bar_set_show_text (self->progress, TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self->progress), TRUE);
  gtk_widget_set_valign (GTK_WIDGET (self->progress), GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->run_button));
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->cancel_button));
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->progress));
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->save_button));
  gtk_box_append (GTK_BOX (body), bar);
  g_signal_connect_swapped (self->run_button, "clicked",
                            G_CALLBACK (editor_balance_window_start), self);
  g_signal_connect_swapped (self->cancel_button, "clicked",
                            G_CALLBACK (editor_balance_window_cancel), self);
  g_signal_connect_swapped (self->save_button, "clicked", G_CALLBACK (save_clicked), self);

  GtkWidget *heat_row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *heat_label = gtk_label_new_with_mnemonic (_("Show on the _map:"));
  const char *const kinds[] = { N_("Nothing"), N_("Combats"), N_("Losses"), N_("Occupancy"),
                                NULL };
  const char *kinds_tr[5];
  for (guint k = 0; k < 5; k++)
    kinds_tr[k] = kinds[k] != NULL ? _(kinds[k]) : NULL;
  self->heat_kind = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (kinds_tr));
  gtk_label_set_mnemonic_widget (GTK_LABEL (heat_label), GTK_WIDGET (self->heat_kind));
  self->legend = GTK_DRAWING_AREA (gtk_drawing_area_new ());
  gtk_drawing_area_set_content_width (self->legend, 240);
  gtk_drawing_area_set_content_height (self->legend, 18);
  gtk_widget_set_valign (GTK_WIDGET (self->legend), GTK_ALIGN_CENTER);
  gtk_drawing_area_set_draw_func (self->legend, draw_legend, self, NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->legend), FALSE);
  gtk_box_append (GTK_BOX (heat_row), heat_label);
  gtk_box_append (GTK_BOX (heat_row), GTK_WIDGET (self->heat_kind));
  gtk_box_append (GTK_BOX (heat_row), GTK_WIDGET (self->legend));
  gtk_box_append (GTK_BOX (body), heat_row);
  g_signal_connect_swapped (self->heat_kind, "notify::selected", G_CALLBACK (apply_heatmap),
                            self);

  self->chart = GTK_DRAWING_AREA (gtk_drawing_area_new ());
  gtk_drawing_area_set_draw_func (self->chart, draw_chart, self, NULL);
  GtkWidget *scroll = gtk_scrolled_window_new ();
  gtk_widget_set_vexpand (scroll, TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroll), GTK_WIDGET (self->chart));
  gtk_box_append (GTK_BOX (body), scroll);

  adw_window_set_content (ADW_WINDOW (self), box);
  gtk_window_set_default_size (GTK_WINDOW (self), 640, 720);
  set_status (self, g_strdup (_("Not run yet")));
  update_buttons (self);
}

EditorBalanceWindow *
editor_balance_window_new (GtkWindow    *parent,
                           SandScenario *scenario,
                           const char   *name)
{
  g_return_val_if_fail (SAND_IS_SCENARIO (scenario), NULL);
  EditorBalanceWindow *self = g_object_new (EDITOR_TYPE_BALANCE_WINDOW, NULL);
  SandRuleset *rs = sand_scenario_get_ruleset (scenario);

  self->scenario = sand_scenario_copy (scenario);
  self->name = g_strdup (name != NULL ? name : "scenario");
  self->n_sides = MIN ((int) sand_ruleset_n_sides (rs), SAND_MAX_SIDES);
  /* Translators: the Balance window's title, with the scenario's name. */
  g_autofree char *title = g_strdup_printf (_("Balance — %s"), self->name);
  gtk_window_set_title (GTK_WINDOW (self), title);
  if (parent != NULL)
    gtk_window_set_transient_for (GTK_WINDOW (self), parent);
  build (self, rs);
  return self;
}

static void
balance_action (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  EditorWindow *window = EDITOR_WINDOW (user_data);
  EditorDocument *doc = editor_window_get_document (window);
  if (doc == NULL || editor_document_get_scenario (doc) == NULL)
    return;
  EditorBalanceWindow *bw = editor_balance_window_new (GTK_WINDOW (window),
                                                       editor_document_get_scenario (doc),
                                                       editor_document_get_title (doc));
  gtk_window_present (GTK_WINDOW (bw));
}

void
editor_balance_window_install_action (GtkWindow *window)
{
  g_return_if_fail (EDITOR_IS_WINDOW (window));
  static const GActionEntry entries[] = { { "balance", balance_action } };
  g_action_map_add_action_entries (G_ACTION_MAP (window), entries, G_N_ELEMENTS (entries),
                                   window);
}
