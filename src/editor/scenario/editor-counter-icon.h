/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-counter-icon.h: a small widget that draws one counter as the map
 * does, through sand_renderer_draw_counter; shared by the counter mix, the
 * set-up and the OOB panels. The renderer must outlive it; the counter is
 * looked up by id at each draw. */
#pragma once

#include <gtk/gtk.h>

#include "sand-renderer.h"

G_BEGIN_DECLS

GtkWidget  *editor_counter_icon_new         (int               size);
void        editor_counter_icon_set         (GtkWidget        *icon,
                                             SandRenderer     *renderer,
                                             const char       *counter_id);
/* Makes @widget a drag source carrying the counter id (a string) set
 * with editor_counter_drag_set_id (); NULL id: no drag. */
void        editor_counter_drag_attach      (GtkWidget        *widget);
void        editor_counter_drag_set_id      (GtkWidget        *widget,
                                             const char       *counter_id);

G_END_DECLS
