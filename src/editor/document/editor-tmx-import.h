/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-tmx-import.h: opening a Tiled map. A map whose tiles all say
 * their terrain opens at once; otherwise a window asks which terrain each
 * tile stands for, showing the tile. The map opens as a new, unsaved
 * document; a refused map shows its error and changes nothing. */
#pragma once

#include "editor-window.h"

G_BEGIN_DECLS

gboolean editor_tmx_import_handles (GFile        *file);
/* FALSE when the map was refused (the error has been shown). */
gboolean editor_tmx_import_open    (EditorWindow *window,
                                    GFile        *file);

/* Open's filters: @scenarios, Tiled maps, then @all (both taken). */
void     editor_tmx_import_add_filters (GtkFileChooser *chooser,
                                        GtkFileFilter  *scenarios,
                                        GtkFileFilter  *all);

G_END_DECLS
