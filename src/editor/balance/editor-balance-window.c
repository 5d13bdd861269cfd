/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-balance-window.c: the Balance window (see the header), a template
 * (editor-balance-window.ui). The run goes to a GTask thread, which plays
 * the games on the balance runner's own thread pool; the worker only
 * writes two counters, which a timer on the main thread reads for the
 * progress bar, so the window never waits. A listed game is played again
 * on another GTask thread and opened in the parent window's playtest. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "editor-balance-chart.h"
#include "editor-balance-chart-view.h"
#include "editor-balance-games.h"
#include "editor-balance-heatmap.h"
#include "editor-balance-pairings.h"
#include "editor-balance-window.h"
#include "editor-playtest.h"
#include "editor-window-private.h"

static const char *const policy_ids[] = { "random", "fast", "strong" };

struct _EditorBalanceWindow {
  AdwWindow parent_instance;

  SandScenario *scenario;       /* a copy: the document may change meanwhile */
  char *name;
  int n_sides;
  AdwComboRow *policy[SAND_MAX_SIDES];

  /* Template children */
  AdwPreferencesGroup *players_group;
  AdwPreferencesGroup *pairings_group;
  GtkSpinButton *games;
  EditorBalancePairings *pairings;
  GtkButton *run_button;
  GtkButton *cancel_button;
  GtkButton *save_button;
  GtkProgressBar *progress;
  GtkWidget *pairing_row;
  GtkDropDown *pairing_shown;
  EditorBalanceChartView *chart;
  GtkDropDown *heat_kind;
  GtkDrawingArea *legend;
  EditorBalanceGames *games_list;

  GtkFileChooserNative *chooser;
  /* The players and seed of the last run started, to play its games
   * again exactly. */
  SandAiOptions run_players[SAND_MAX_SIDES];
  guint64 run_seed;
  GCancellable *watching;       /* a listed game being played again */
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
  gtk_widget_set_sensitive (GTK_WIDGET (self->run_button),
                            !running && editor_balance_pairings_count (self->pairings) > 0);
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

static guint
shown_pairing (EditorBalanceWindow *self)
{
  const SandBalanceReport *r = report_shown (self);
  guint k = gtk_drop_down_get_selected (self->pairing_shown);
  return r != NULL && k < r->pairings->len ? k : 0;
}

/* The drop-down choosing whose histograms and games are shown, kept on
 * the same pairing while partial reports come. */
static void
update_pairing_choice (EditorBalanceWindow *self, const SandBalanceReport *r)
{
  GListModel *old = gtk_drop_down_get_model (self->pairing_shown);
  guint keep = gtk_drop_down_get_selected (self->pairing_shown);

  if (old == NULL || g_list_model_get_n_items (old) != r->pairings->len)
    {
      g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);
      for (guint i = 0; i < r->pairings->len; i++)
        {
          g_autofree char *label = sand_balance_pairing_name (r, g_ptr_array_index (r->pairings,
                                                                                    i));
          gtk_string_list_append (list, label);
        }
      gtk_drop_down_set_model (self->pairing_shown, G_LIST_MODEL (list));
      gtk_drop_down_set_selected (self->pairing_shown,
                                  keep < r->pairings->len ? keep : 0);
    }
  gtk_widget_set_visible (self->pairing_row, r->pairings->len > 1);
}

static void
pairing_shown_cb (EditorBalanceWindow *self)
{
  const SandBalanceReport *r = report_shown (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->chart));
  editor_balance_games_show (self->games_list, r, shown_pairing (self),
                             sand_scenario_get_ruleset (self->scenario));
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
  update_pairing_choice (self, r);
  gtk_widget_queue_resize (GTK_WIDGET (self->chart));
  pairing_shown_cb (self);
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
    {
      sand_balance_policy_parse (policy_ids[adw_combo_row_get_selected (self->policy[s])],
                                 &config->players[s], NULL);
      self->run_players[s] = config->players[s];
    }
  self->run_seed = config->seed;
  editor_balance_pairings_apply (self->pairings, config);
  if (config->pairings->len == 0)
    {
      config_free (config);
      return FALSE;
    }

  /* A new run: the old report goes, its pictures stay until the first
   * games of this one come. */
  g_clear_pointer (&self->report, sand_balance_report_free);
  gtk_widget_queue_resize (GTK_WIDGET (self->chart));
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
        adw_combo_row_set_selected (self->policy[s], k);
  editor_balance_pairings_select_all (self->pairings, all_pairings);
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
    return editor_balance_chart_export (self->report, shown_pairing (self), file, error);
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

/* The chart's report: the partial one while a run goes on. */
static const SandBalanceReport *
chart_source (gpointer data, guint *pairing)
{
  EditorBalanceWindow *self = data;
  *pairing = shown_pairing (self);
  return report_shown (self);
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
  g_clear_object (&self->watching);
  g_clear_pointer (&self->report, sand_balance_report_free);
  g_clear_pointer (&self->partial, sand_balance_report_free);
  g_free (self->name);
  g_free (self->status);
  G_OBJECT_CLASS (editor_balance_window_parent_class)->finalize (object);
}

/* Watching a listed game */

typedef struct {
  SandBalanceConfig config;
  char *oobs[SAND_MAX_SIDES];
  guint index;
} Replay;

static void
replay_free (gpointer data)
{
  Replay *r = data;
  g_clear_object (&r->config.scenario);
  sand_balance_config_clear (&r->config);
  for (int s = 0; s < SAND_MAX_SIDES; s++)
    g_free (r->oobs[s]);
  g_free (r);
}

static void
replay_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  Replay *r = task_data;
  GError *error = NULL;
  SandGame *game = sand_balance_replay_game (&r->config, (const char * const *) r->oobs,
                                             r->index, NULL, &error);
  if (game == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, game, (GDestroyNotify) sand_game_free);
}

static void
replay_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  EditorBalanceWindow *self = EDITOR_BALANCE_WINDOW (source);
  Replay *r = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  g_autoptr(SandGame) game = g_task_propagate_pointer (G_TASK (result), &error);
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));
  gboolean cancelled = g_cancellable_is_cancelled (self->watching);

  g_clear_object (&self->watching);
  if (cancelled || !EDITOR_IS_WINDOW (parent))
    return;
  if (game == NULL)
    {
      set_status (self, g_strdup (error->message));
      return;
    }
  /* As a saved game: the log, then the scenario it was played on; the
   * playtest loads it and rewinds, so the designer steps through it. */
  g_autofree char *data = editor_playtest_game_data (game, self->scenario);
  EditorPlaytest *playtest = editor_playtest_get_for_window (EDITOR_WINDOW (parent));
  if (!editor_playtest_load_game_data (playtest, data, &error)
      || !editor_playtest_rewind (playtest, 0, &error))
    {
      set_status (self, g_strdup (error->message));
      return;
    }
  /* Translators: a balance run's game opened in the playtest. */
  set_status (self, g_strdup_printf (_("Game %u is in the playtest: step through it there"),
                                     r->index + 1));
  gtk_window_present (parent);
}

gboolean
editor_balance_window_watch (EditorBalanceWindow *self,
                             guint                pairing,
                             guint                game)
{
  g_return_val_if_fail (EDITOR_IS_BALANCE_WINDOW (self), FALSE);
  const SandBalanceReport *rep = report_shown (self);
  if (rep == NULL || pairing >= rep->pairings->len || self->watching != NULL)
    return FALSE;

  const SandBalancePairing *p = g_ptr_array_index (rep->pairings, pairing);
  Replay *r = g_new0 (Replay, 1);
  sand_balance_config_init (&r->config);
  r->config.scenario = g_object_ref (self->scenario);
  r->config.scenario_name = self->name;
  r->config.seed = self->run_seed;
  r->config.games = rep->games;
  for (int s = 0; s < self->n_sides; s++)
    {
      r->config.players[s] = self->run_players[s];
      r->oobs[s] = g_strdup (p->oob[s]);
    }
  r->index = game;

  self->watching = g_cancellable_new ();
  /* Translators: a balance run's game being played again to be watched. */
  set_status (self, g_strdup_printf (_("Playing game %u again…"), game + 1));
  g_autoptr(GTask) task = g_task_new (self, NULL, replay_done, NULL);
  g_task_set_task_data (task, r, replay_free);
  g_task_run_in_thread (task, replay_thread);
  return TRUE;
}

gboolean
editor_balance_window_is_watching (EditorBalanceWindow *self)
{
  g_return_val_if_fail (EDITOR_IS_BALANCE_WINDOW (self), FALSE);
  return self->watching != NULL;
}

EditorBalancePairings *
editor_balance_window_get_pairings (EditorBalanceWindow *self)
{
  g_return_val_if_fail (EDITOR_IS_BALANCE_WINDOW (self), NULL);
  return self->pairings;
}

static void
watch_cb (EditorBalanceWindow *self,
          guint                pairing,
          guint                game)
{
  editor_balance_window_watch (self, pairing, game);
}

static void
editor_balance_window_class_init (EditorBalanceWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = editor_balance_window_dispose;
  object_class->finalize = editor_balance_window_finalize;
  GTK_WINDOW_CLASS (klass)->close_request = close_request;

  g_type_ensure (EDITOR_TYPE_BALANCE_CHART_VIEW);
  g_type_ensure (EDITOR_TYPE_BALANCE_PAIRINGS);
  g_type_ensure (EDITOR_TYPE_BALANCE_GAMES);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/sandtable/Sandtable/ui/editor-balance-window.ui");
  gtk_widget_class_bind_template_child (widget_class, EditorBalanceWindow, players_group);
  gtk_widget_class_bind_template_child (widget_class, EditorBalanceWindow, pairings_group);
  gtk_widget_class_bind_template_child (widget_class, EditorBalanceWindow, games);
  gtk_widget_class_bind_template_child (widget_class, EditorBalanceWindow, pairings);
  gtk_widget_class_bind_template_child (widget_class, EditorBalanceWindow, run_button);
  gtk_widget_class_bind_template_child (widget_class, EditorBalanceWindow, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, EditorBalanceWindow, save_button);
  gtk_widget_class_bind_template_child (widget_class, EditorBalanceWindow, progress);
  gtk_widget_class_bind_template_child (widget_class, EditorBalanceWindow, pairing_row);
  gtk_widget_class_bind_template_child (widget_class, EditorBalanceWindow, pairing_shown);
  gtk_widget_class_bind_template_child (widget_class, EditorBalanceWindow, chart);
  gtk_widget_class_bind_template_child (widget_class, EditorBalanceWindow, heat_kind);
  gtk_widget_class_bind_template_child (widget_class, EditorBalanceWindow, legend);
  gtk_widget_class_bind_template_child (widget_class, EditorBalanceWindow, games_list);
}

static void
editor_balance_window_init (EditorBalanceWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_swapped (self->run_button, "clicked",
                            G_CALLBACK (editor_balance_window_start), self);
  g_signal_connect_swapped (self->cancel_button, "clicked",
                            G_CALLBACK (editor_balance_window_cancel), self);
  g_signal_connect_swapped (self->save_button, "clicked", G_CALLBACK (save_clicked), self);
  g_signal_connect_swapped (self->heat_kind, "notify::selected", G_CALLBACK (apply_heatmap),
                            self);
  g_signal_connect_swapped (self->pairing_shown, "notify::selected",
                            G_CALLBACK (pairing_shown_cb), self);
  g_signal_connect_swapped (self->pairings, "changed", G_CALLBACK (update_buttons), self);
  g_signal_connect_swapped (self->games_list, "watch", G_CALLBACK (watch_cb), self);
  gtk_drawing_area_set_draw_func (self->legend, draw_legend, self, NULL);
  editor_balance_chart_view_set_source (self->chart, chart_source, self);
}

/* A player row for each side of the ruleset (the template cannot know how
 * many there are). */
static void
add_players (EditorBalanceWindow *self, SandRuleset *rs)
{
  const char *const names[] = { N_("Random"), N_("Fast computer"), N_("Strong computer") };

  for (int s = 0; s < self->n_sides; s++)
    {
      g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);
      for (guint k = 0; k < G_N_ELEMENTS (names); k++)
        gtk_string_list_append (list, _(names[k]));
      self->policy[s] = ADW_COMBO_ROW (adw_combo_row_new ());
      adw_combo_row_set_model (self->policy[s], G_LIST_MODEL (list));
      adw_combo_row_set_selected (self->policy[s], 1);
      /* Translators: the label of a side's player, e.g. "French player". */
      g_autofree char *label = g_strdup_printf (_("%s player"),
                                                sand_ruleset_get_side (rs, (guint) s)->name);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->policy[s]), label);
      adw_preferences_group_add (self->players_group, GTK_WIDGET (self->policy[s]));
    }
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
  add_players (self, rs);
  editor_balance_pairings_set_scenario (self->pairings, self->scenario);
  gtk_widget_set_visible (GTK_WIDGET (self->pairings_group),
                          editor_balance_pairings_has_choice (self->pairings));
  set_status (self, g_strdup (_("Not run yet")));
  update_buttons (self);
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
