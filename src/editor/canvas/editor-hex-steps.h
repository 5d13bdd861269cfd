/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-hex-steps.h: which neighbour a key steps to, for the keyboard's
 * hex cursor (editor-hex-cursor.h lists the keys). Pure geometry: a key
 * points to a screen direction, the neighbour whose centre lies nearest
 * that direction is the step. */
#pragma once

#include <gdk/gdk.h>

#include "sand-hex.h"

G_BEGIN_DECLS

/* The direction (0–5) @keyval steps to from @hex; -1 when it points off
 * the map or to no neighbour; -2 when @keyval is no direction key. Where
 * two neighbours are equally near, the one in the same row (Left/Right) or
 * column (Up/Down) unless @other. */
int editor_hex_step_direction (const SandGrid *grid,
                               int             hex,
                               guint           keyval,
                               gboolean        other);

G_END_DECLS
