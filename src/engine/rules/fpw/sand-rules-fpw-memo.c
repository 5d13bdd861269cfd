/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-rules-fpw-memo.c: Franco-Prussian War 1870, supply remembered by
 * position.
 *
 * The victory count (fpw_victory_view) traces both sides' supply without
 * forts, and the computer player asks it for every move and every face of
 * the die it weighs: a third of a fast game; the rules' supply (with
 * forts) is asked of positions it tries too. A try is taken back before
 * the next (undo bumps the game's generation), so a memo keyed on the
 * generation would never hit; the same position does come back (faces of
 * the die with the same result, the same stack reached by two orders of
 * moves), so the memo is keyed on the position itself, compared byte for
 * byte, with or without forts.
 *
 * The key holds everything fpw_supply_all () reads that can change in a
 * game (the rest is fixed when the game is made: map, rails, homes, rail
 * heads, which units are combat units, the parameters):
 *   - each unit's hex, status and side (targets, blocking, zones of
 *     control, masking of forts, Luxemburg opened by a German unit) and
 *     what decides whether it has a Zone of Control (entrained,
 *     concentrated with its formation shown: fpw_exerts_zoc);
 *   - the rail bits of every hex (cut, secured);
 *   - each fort's points (alive forts block, interdict and supply);
 *   - whether Luxemburg is open (plan C; also a game marker);
 *   - whether forts supply (the rules' trace) or not (the count's).
 * Hidden information: what is remembered is the supply traced from the
 * true position, which fpw_supply_all () computes alike whoever asks; what
 * a viewer may know (which enemy units it counts, at what strength, the
 * losses it did not see) is applied afresh at every count, never cached.
 *
 * The memo belongs to one game: a copy starts without one (fpw_copy_data)
 * and the teardown frees it.
 */
#include "config.h"

#include <string.h>

#include "sand-rules-fpw-private.h"

/* A handful of positions: the tries of one move and the faces of one
 * attack; a miss overwrites the oldest. */
#define MEMO_SLOTS 16

typedef struct {
  guint64 hash;
  guint8 *key;           /* NULL: the slot is empty */
  guint8 *states;
} Slot;

struct _FpwMemo {
  gsize key_len;
  guint n_units;
  guint next;            /* the slot the next miss overwrites */
  guint8 *scratch;       /* the position being asked, its key built here */
  guint64 scratch_hash;
  Slot slot[MEMO_SLOTS];
};

enum {
  ZOC_ENTRAINED = 1 << 0,
  ZOC_CONCENTRATED = 1 << 1,
  ZOC_SHOWN = 1 << 2,
};

#define UNIT_BYTES 8

static FpwMemo *
memo_new (SandGame *game)
{
  FpwMemo *m = g_new0 (FpwMemo, 1);
  m->n_units = sand_game_unit_count (game);
  m->key_len = UNIT_BYTES * (gsize) m->n_units + (gsize) sand_game_n_hexes (game)
    + sizeof (int) * sand_game_n_forts (game) + 2;
  /* whole words, the tail zero, for the hash */
  m->key_len = (m->key_len + 7) & ~(gsize) 7;
  m->scratch = g_malloc0 (m->key_len);
  return m;
}

void
fpw_memo_free (FpwMemo *m)
{
  if (m == NULL)
    return;
  for (guint i = 0; i < MEMO_SLOTS; i++)
    {
      g_free (m->slot[i].key);
      g_free (m->slot[i].states);
    }
  g_free (m->scratch);
  g_free (m);
}

static void
key_build (SandGame *game,
           gboolean  forts,
           FpwMemo  *m)
{
  const SandUnitState *units = sand_game_units (game);
  guint8 *p = m->scratch;

  for (guint i = 0; i < m->n_units; i++, p += UNIT_BYTES)
    {
      const SandUnitState *u = &units[i];
      gint32 hex = u->status == SAND_UNIT_ON_MAP ? u->hex : -1;
      memcpy (p, &hex, sizeof hex);
      p[4] = u->status;
      p[5] = u->side;
      p[6] = (guint8) (((u->flags & SAND_UNIT_ENTRAINED) ? ZOC_ENTRAINED : 0)
                       | ((u->flags & SAND_UNIT_CONCENTRATED) ? ZOC_CONCENTRATED : 0)
                       | ((u->aux[0] & FPW_FORMATION_SHOWN) ? ZOC_SHOWN : 0));
      p[7] = 0;
    }
  int n_hexes = sand_game_n_hexes (game);
  memcpy (p, sand_game_rail_bits (game), (gsize) n_hexes);
  p += n_hexes;
  for (guint f = 0; f < sand_game_n_forts (game); f++, p += sizeof (int))
    {
      int points = sand_game_fort_points (game, f);
      memcpy (p, &points, sizeof points);
    }
  p[0] = fpw (game)->luxemburg >= 0 && fpw_luxemburg_open (game);
  p[1] = forts != FALSE;

  /* FNV-1a's step a word at a time: only to tell slots apart quickly, the
   * bytes are compared on a match */
  guint64 h = 1469598103934665603ull;
  for (gsize i = 0; i < m->key_len; i += 8)
    {
      guint64 w;
      memcpy (&w, m->scratch + i, sizeof w);
      h = (h ^ w) * 1099511628211ull;
    }
  m->scratch_hash = h;
}

/* Whether fpw_supply_all () with or without @forts for the game's position
 * is remembered; if so it is copied into @states. */
gboolean
fpw_memo_lookup (SandGame *game,
                 gboolean  forts,
                 guint8   *states)
{
  FpwData *d = fpw (game);
  if (d->memo == NULL)
    d->memo = memo_new (game);
  FpwMemo *m = d->memo;
  key_build (game, forts, m);
  for (guint i = 0; i < MEMO_SLOTS; i++)
    {
      Slot *s = &m->slot[i];
      if (s->key != NULL && s->hash == m->scratch_hash
          && memcmp (s->key, m->scratch, m->key_len) == 0)
        {
          memcpy (states, s->states, m->n_units + 1);
          return TRUE;
        }
    }
  return FALSE;
}

/* Remembers @states for the position the last fpw_memo_lookup () missed
 * (the game must not have changed since). */
void
fpw_memo_store (SandGame     *game,
                const guint8 *states)
{
  FpwMemo *m = fpw (game)->memo;
  Slot *s = &m->slot[m->next];
  m->next = (m->next + 1) % MEMO_SLOTS;
  if (s->key == NULL)
    {
      s->key = g_malloc (m->key_len);
      s->states = g_malloc (m->n_units + 1);
    }
  memcpy (s->key, m->scratch, m->key_len);
  memcpy (s->states, states, m->n_units + 1);
  s->hash = m->scratch_hash;
}
