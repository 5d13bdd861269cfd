/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Pieces and charts of a VASSAL module (sand-vassal-pieces.c). */
#pragma once

#include "sand-interop-private.h"

G_BEGIN_DECLS

/* One file of the module: a name inside the zip and its bytes. */
typedef struct {
  char *name;
  GBytes *bytes;
} SandVassalEntry;

void      sand_vassal_entry_free     (SandVassalEntry *entry);

/* VASSAL's SequenceEncoder: appends @token to @out after @delim (unless
 * @first), with every @delim in it escaped by a backslash and the whole
 * quoted when it ends with a backslash. */
void      sand_vassal_seq_append     (GString         *out,
                                      char             delim,
                                      gboolean         first,
                                      const char      *token);

/* Draws each counter's front and back, a mask per side when the rules
 * hide identities, and appends them to @entries; fills @slots (counter id
 * → PieceSlot text, "+/null/TYPE/STATE"). Returns the counter size, px. */
int       sand_vassal_make_pieces    (SandScenario    *scenario,
                                      const SandPixelGrid *pg,
                                      GPtrArray       *entries,
                                      GHashTable      *slots,
                                      GError         **error);
/* The terrain key as a chart image ("images/terrain-chart.png"). */
gboolean  sand_vassal_make_chart     (SandScenario    *scenario,
                                      const SandPixelGrid *pg,
                                      GPtrArray       *entries,
                                      GError         **error);

G_END_DECLS
