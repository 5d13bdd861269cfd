/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-game-change.h: what changed in a game after an action, an undo,
 * a load, a rewind or a step (EditorGameChange, the game model's
 * "changed" signal carries it), and the snapshots of a game compared to
 * find it, whatever the action was. */
#pragma once

#include <glib-object.h>

#include "sand-game.h"

G_BEGIN_DECLS

typedef enum {
  EDITOR_GAME_CHANGE_UNITS = 1 << 0,  /* @units lists the units whose state changed */
  EDITOR_GAME_CHANGE_HEXES = 1 << 1,  /* @hexes lists the hexes whose contents changed */
  EDITOR_GAME_CHANGE_CLOCK = 1 << 2,  /* turn, side, phase, segment, set-up, the end, or
                                       * an attack began or stopped waiting for choices */
  EDITOR_GAME_CHANGE_LOG   = 1 << 3,  /* log lines from @log_from on came or went, or
                                       * the actions to replay changed */
  EDITOR_GAME_CHANGE_GAME  = 1 << 4,  /* another SandGame (start, load, rewind, stop):
                                       * pointers into the old one are gone */
} EditorGameChangeFlags;

typedef struct {
  EditorGameChangeFlags flags;
  GArray *units;            /* int, ascending */
  GArray *hexes;            /* int, ascending */
  guint log_from;           /* the first log line that is not as it was */
} EditorGameChange;

#define EDITOR_TYPE_GAME_CHANGE (editor_game_change_get_type ())
GType             editor_game_change_get_type (void) G_GNUC_CONST;
EditorGameChange *editor_game_change_copy     (const EditorGameChange *change);
void              editor_game_change_free     (EditorGameChange       *change);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (EditorGameChange, editor_game_change_free)
gboolean          editor_game_change_has_unit (const EditorGameChange *change,
                                               int                     unit);
gboolean          editor_game_change_has_hex  (const EditorGameChange *change,
                                               int                     hex);

/* What the widgets draw or list of a game, as the game model keeps it
 * before a change to compare with after it. */
typedef struct {
  gboolean has_game;
  GArray *units;            /* SandUnitState */
  GPtrArray *states;        /* const char *: each unit's rules states, a NULL after each */
  GArray *markers;          /* SandGameMarker */
  GArray *forts;            /* int: strength now at each of the map's fortifications */
  int turn, side, phase, segment, setup_side;
  gboolean over;
  const SandPendingAttack *pending;
  guint log_length;
} EditorGameSnapshot;

void editor_game_snapshot_init  (EditorGameSnapshot       *snapshot);
void editor_game_snapshot_clear (EditorGameSnapshot       *snapshot);
/* What @game (may be NULL) holds now. */
void editor_game_snapshot_take  (EditorGameSnapshot       *snapshot,
                                 SandGame                 *game);
/* Adds to @change what differs from @before to @after, @game being the
 * game now: everything of it when the two are not the same play of the
 * same counters (another scenario, or no game on one side). */
void editor_game_change_compare (EditorGameChange         *change,
                                 const EditorGameSnapshot *before,
                                 const EditorGameSnapshot *after,
                                 SandGame                 *game);

G_END_DECLS
