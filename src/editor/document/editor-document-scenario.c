/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-document-scenario.c: the document's scenario-level edits (counter
 * mix, orders of battle, game settings), each recorded as a custom change
 * that holds copies of the values before and after. OOBs are replaced whole:
 * they are small, and a copy is simpler to undo than a list of edits. */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-document.h"

/* Counters */

typedef enum {
  ITEM_COUNTER,
  ITEM_OOB,
} ItemKind;

/* Insert (old NULL), remove (new NULL) or replace an item at @index. */
typedef struct {
  ItemKind kind;
  guint index;
  gpointer old_item;
  gpointer new_item;
} ItemChange;

static gpointer
item_copy (ItemKind      kind,
           gconstpointer item)
{
  if (item == NULL)
    return NULL;
  return kind == ITEM_COUNTER ? (gpointer) sand_counter_copy (item)
                              : (gpointer) sand_oob_copy (item);
}

static void
item_free (ItemKind kind,
           gpointer item)
{
  if (item == NULL)
    return;
  if (kind == ITEM_COUNTER)
    sand_counter_free (item);
  else
    sand_oob_free (item);
}

static void
item_change_free (gpointer data)
{
  ItemChange *c = data;

  item_free (c->kind, c->old_item);
  item_free (c->kind, c->new_item);
  g_free (c);
}

static void
item_change_apply (SandScenario *scenario,
                   gpointer      data,
                   gboolean      forward)
{
  ItemChange *c = data;
  gconstpointer from = forward ? c->old_item : c->new_item;
  gconstpointer to = forward ? c->new_item : c->old_item;

  if (c->kind == ITEM_COUNTER)
    {
      if (from == NULL)
        sand_scenario_insert_counter (scenario, c->index, item_copy (c->kind, to));
      else if (to == NULL)
        sand_counter_free (sand_scenario_take_counter (scenario, c->index));
      else
        sand_scenario_replace_counter (scenario, c->index, item_copy (c->kind, to));
    }
  else
    {
      if (from != NULL)
        sand_oob_free (sand_scenario_take_oob (scenario, c->index));
      if (to != NULL)
        sand_scenario_insert_oob (scenario, c->index, item_copy (c->kind, to));
    }
}

static void
record_item (EditorDocument *self,
             const char     *label,
             ItemKind        kind,
             guint           index,
             gconstpointer   old_item,
             gpointer        new_item)
{
  ItemChange *c = g_new0 (ItemChange, 1);

  c->kind = kind;
  c->index = index;
  c->old_item = item_copy (kind, old_item);
  c->new_item = new_item;
  editor_document_record_change (self, label, item_change_apply, c, item_change_free);
}

static gboolean
oob_equal (const SandOob *a,
           const SandOob *b)
{
  if (g_strcmp0 (a->id, b->id) != 0 || a->side != b->side
      || g_strcmp0 (a->name, b->name) != 0 || g_strcmp0 (a->description, b->description) != 0
      || a->die_number != b->die_number || a->placements->len != b->placements->len
      || a->zone_limits->len != b->zone_limits->len
      || a->reinforcements->len != b->reinforcements->len)
    return FALSE;
  for (guint i = 0; i < a->placements->len; i++)
    {
      const SandPlacement *p = g_ptr_array_index (a->placements, i);
      const SandPlacement *q = g_ptr_array_index (b->placements, i);

      if (g_strcmp0 (p->counter, q->counter) != 0 || p->hex != q->hex
          || g_strcmp0 (p->zone, q->zone) != 0)
        return FALSE;
    }
  for (guint i = 0; i < a->zone_limits->len; i++)
    {
      const SandZoneLimit *p = g_ptr_array_index (a->zone_limits, i);
      const SandZoneLimit *q = g_ptr_array_index (b->zone_limits, i);

      if (g_strcmp0 (p->zone, q->zone) != 0 || p->max_per_hex != q->max_per_hex
          || p->min_units != q->min_units || p->max_units != q->max_units)
        return FALSE;
    }
  for (guint i = 0; i < a->reinforcements->len; i++)
    {
      const SandReinforcement *p = g_ptr_array_index (a->reinforcements, i);
      const SandReinforcement *q = g_ptr_array_index (b->reinforcements, i);

      if (p->turn != q->turn || g_strcmp0 (p->counter, q->counter) != 0
          || p->points != q->points || p->hex != q->hex || g_strcmp0 (p->entry, q->entry) != 0
          || p->entrained != q->entrained || g_strcmp0 (p->code, q->code) != 0
          || g_strcmp0 (p->note, q->note) != 0)
        return FALSE;
    }
  return TRUE;
}

static gboolean
counter_equal (const SandCounter *a,
               const SandCounter *b)
{
  return g_strcmp0 (a->id, b->id) == 0 && a->side == b->side && a->type == b->type
    && g_strcmp0 (a->name, b->name) == 0 && a->strength == b->strength
    && a->reduced == b->reduced && a->steps == b->steps && a->ma == b->ma
    && a->quality == b->quality && g_strcmp0 (a->parent, b->parent) == 0
    && g_strcmp0 (a->band, b->band) == 0 && g_strcmp0 (a->note, b->note) == 0;
}

char *
editor_document_unique_counter_id (EditorDocument *self,
                                   const char     *base)
{
  SandScenario *scenario;

  g_return_val_if_fail (EDITOR_IS_DOCUMENT (self), NULL);

  scenario = editor_document_get_scenario (self);
  if (base == NULL || *base == '\0')
    base = "counter";
  if (sand_scenario_find_counter (scenario, base) < 0)
    return g_strdup (base);
  for (guint n = 2;; n++)
    {
      g_autofree char *id = g_strdup_printf ("%s-%u", base, n);

      if (sand_scenario_find_counter (scenario, id) < 0)
        return g_steal_pointer (&id);
    }
}

guint
editor_document_add_counter (EditorDocument *self,
                             SandCounter    *counter)
{
  SandScenario *scenario;
  guint index;

  g_return_val_if_fail (EDITOR_IS_DOCUMENT (self), 0);
  g_return_val_if_fail (counter != NULL && counter->id != NULL, 0);

  scenario = editor_document_get_scenario (self);
  if (sand_scenario_find_counter (scenario, counter->id) >= 0)
    {
      g_autofree char *id = editor_document_unique_counter_id (self, counter->id);

      g_free (counter->id);
      counter->id = g_steal_pointer (&id);
    }
  index = sand_scenario_n_counters (scenario);
  record_item (self, _("Add Counter"), ITEM_COUNTER, index, NULL, counter);
  return index;
}

/* Every OOB with references to @id dropped (@new_id NULL) or renamed. */
static void
rewrite_references (EditorDocument *self,
                    const char     *id,
                    const char     *new_id)
{
  SandScenario *scenario = editor_document_get_scenario (self);

  for (guint o = 0; o < sand_scenario_n_oobs (scenario); o++)
    {
      SandOob *oob = sand_scenario_get_oob (scenario, o);
      g_autoptr(SandOob) copy = sand_oob_copy (oob);
      gboolean touched = FALSE;

      for (guint i = copy->placements->len; i > 0; i--)
        {
          SandPlacement *p = g_ptr_array_index (copy->placements, i - 1);

          if (g_strcmp0 (p->counter, id) != 0)
            continue;
          touched = TRUE;
          if (new_id == NULL)
            g_ptr_array_remove_index (copy->placements, i - 1);
          else
            {
              g_free (p->counter);
              p->counter = g_strdup (new_id);
            }
        }
      for (guint i = copy->reinforcements->len; i > 0; i--)
        {
          SandReinforcement *r = g_ptr_array_index (copy->reinforcements, i - 1);

          if (g_strcmp0 (r->counter, id) != 0)
            continue;
          touched = TRUE;
          if (new_id == NULL)
            g_ptr_array_remove_index (copy->reinforcements, i - 1);
          else
            {
              g_free (r->counter);
              r->counter = g_strdup (new_id);
            }
        }
      if (touched)
        editor_document_replace_oob (self, o, g_steal_pointer (&copy));
    }
}

void
editor_document_remove_counter (EditorDocument *self,
                                guint           index)
{
  SandScenario *scenario;
  g_autofree char *id = NULL;

  g_return_if_fail (EDITOR_IS_DOCUMENT (self));
  scenario = editor_document_get_scenario (self);
  g_return_if_fail (index < sand_scenario_n_counters (scenario));

  id = g_strdup (sand_scenario_get_counter (scenario, index)->id);
  editor_document_begin_edit (self, g_dngettext (NULL, "Delete Counter", "Delete Counters", 1));
  rewrite_references (self, id, NULL);
  record_item (self, NULL, ITEM_COUNTER, index, sand_scenario_get_counter (scenario, index),
               NULL);
  editor_document_end_edit (self);
}

void
editor_document_replace_counter (EditorDocument *self,
                                 guint           index,
                                 SandCounter    *counter)
{
  SandScenario *scenario;
  const SandCounter *old;
  g_autofree char *old_id = NULL;
  int other;

  g_return_if_fail (EDITOR_IS_DOCUMENT (self));
  g_return_if_fail (counter != NULL && counter->id != NULL && *counter->id != '\0');
  scenario = editor_document_get_scenario (self);
  g_return_if_fail (index < sand_scenario_n_counters (scenario));

  old = sand_scenario_get_counter (scenario, index);
  other = sand_scenario_find_counter (scenario, counter->id);
  if (counter_equal (old, counter) || (other >= 0 && other != (int) index))
    {
      /* A taken id is refused here; the panels check it first and say so. */
      sand_counter_free (counter);
      return;
    }

  old_id = g_strdup (old->id);
  editor_document_begin_edit (self, _("Edit Counter"));
  record_item (self, NULL, ITEM_COUNTER, index, old, counter);
  if (g_strcmp0 (old_id, sand_scenario_get_counter (scenario, index)->id) != 0)
    rewrite_references (self, old_id, sand_scenario_get_counter (scenario, index)->id);
  editor_document_end_edit (self);
}

/* Orders of battle */

guint
editor_document_add_oob (EditorDocument *self,
                         SandOob        *oob)
{
  guint index;

  g_return_val_if_fail (EDITOR_IS_DOCUMENT (self), 0);
  g_return_val_if_fail (oob != NULL && oob->id != NULL, 0);

  index = sand_scenario_n_oobs (editor_document_get_scenario (self));
  record_item (self, _("Add Order of Battle"), ITEM_OOB, index, NULL, oob);
  return index;
}

void
editor_document_remove_oob (EditorDocument *self,
                            guint           index)
{
  SandScenario *scenario;

  g_return_if_fail (EDITOR_IS_DOCUMENT (self));
  scenario = editor_document_get_scenario (self);
  g_return_if_fail (index < sand_scenario_n_oobs (scenario));

  record_item (self, _("Delete Order of Battle"), ITEM_OOB, index,
               sand_scenario_get_oob (scenario, index), NULL);
}

void
editor_document_replace_oob (EditorDocument *self,
                             guint           index,
                             SandOob        *oob)
{
  SandScenario *scenario;
  SandOob *old;

  g_return_if_fail (EDITOR_IS_DOCUMENT (self));
  g_return_if_fail (oob != NULL && oob->id != NULL);
  scenario = editor_document_get_scenario (self);
  g_return_if_fail (index < sand_scenario_n_oobs (scenario));

  old = sand_scenario_get_oob (scenario, index);
  if (oob_equal (old, oob))
    {
      sand_oob_free (oob);
      return;
    }
  record_item (self, _("Edit Order of Battle"), ITEM_OOB, index, old, oob);
}

static int
find_placement (const SandOob *oob,
                const char    *counter)
{
  for (guint i = 0; i < oob->placements->len; i++)
    if (g_strcmp0 (((SandPlacement *) g_ptr_array_index (oob->placements, i))->counter,
                   counter) == 0)
      return i;
  return -1;
}

void
editor_document_place_counter (EditorDocument *self,
                               guint           oob,
                               const char     *counter,
                               int             hex,
                               const char     *zone)
{
  SandScenario *scenario;
  g_autoptr(SandOob) copy = NULL;
  SandPlacement *p;
  int i;

  g_return_if_fail (EDITOR_IS_DOCUMENT (self));
  g_return_if_fail (counter != NULL);
  scenario = editor_document_get_scenario (self);
  g_return_if_fail (oob < sand_scenario_n_oobs (scenario));

  copy = sand_oob_copy (sand_scenario_get_oob (scenario, oob));
  for (guint r = copy->reinforcements->len; r > 0; r--)
    if (g_strcmp0 (((SandReinforcement *) g_ptr_array_index (copy->reinforcements, r - 1))
                     ->counter, counter) == 0)
      g_ptr_array_remove_index (copy->reinforcements, r - 1);

  i = find_placement (copy, counter);
  if (i < 0)
    {
      g_ptr_array_add (copy->placements, sand_placement_new (counter, hex, zone));
      editor_document_begin_edit (self, _("Set Up Counter"));
    }
  else
    {
      /* To the end of the list: a counter moved onto a stack lands on top. */
      p = g_ptr_array_steal_index (copy->placements, i);
      p->hex = hex;
      g_free (p->zone);
      p->zone = g_strdup (zone);
      g_ptr_array_add (copy->placements, p);
      editor_document_begin_edit (self, _("Move Counter"));
    }
  editor_document_replace_oob (self, oob, g_steal_pointer (&copy));
  editor_document_end_edit (self);
}

void
editor_document_unplace_counter (EditorDocument *self,
                                 guint           oob,
                                 const char     *counter)
{
  SandScenario *scenario;
  g_autoptr(SandOob) copy = NULL;
  int i;

  g_return_if_fail (EDITOR_IS_DOCUMENT (self));
  scenario = editor_document_get_scenario (self);
  g_return_if_fail (oob < sand_scenario_n_oobs (scenario));

  copy = sand_oob_copy (sand_scenario_get_oob (scenario, oob));
  i = find_placement (copy, counter);
  if (i < 0)
    return;
  g_ptr_array_remove_index (copy->placements, i);
  editor_document_begin_edit (self, _("Remove Counter from Set-Up"));
  editor_document_replace_oob (self, oob, g_steal_pointer (&copy));
  editor_document_end_edit (self);
}

guint
editor_document_add_reinforcement (EditorDocument    *self,
                                   guint              oob,
                                   SandReinforcement *r)
{
  SandScenario *scenario;
  g_autoptr(SandOob) copy = NULL;
  guint index;

  g_return_val_if_fail (EDITOR_IS_DOCUMENT (self), 0);
  g_return_val_if_fail (r != NULL, 0);
  scenario = editor_document_get_scenario (self);
  g_return_val_if_fail (oob < sand_scenario_n_oobs (scenario), 0);

  copy = sand_oob_copy (sand_scenario_get_oob (scenario, oob));
  /* A counter is either set up or brought in, not both. */
  if (r->counter != NULL)
    {
      int i = find_placement (copy, r->counter);
      if (i >= 0)
        g_ptr_array_remove_index (copy->placements, i);
    }
  /* Kept in turn order, as the printed charts are. */
  for (index = 0; index < copy->reinforcements->len; index++)
    if (((SandReinforcement *) g_ptr_array_index (copy->reinforcements, index))->turn > r->turn)
      break;
  g_ptr_array_insert (copy->reinforcements, index, r);
  editor_document_begin_edit (self, _("Schedule Reinforcement"));
  editor_document_replace_oob (self, oob, g_steal_pointer (&copy));
  editor_document_end_edit (self);
  return index;
}

void
editor_document_remove_reinforcement (EditorDocument *self,
                                      guint           oob,
                                      guint           index)
{
  SandScenario *scenario;
  g_autoptr(SandOob) copy = NULL;

  g_return_if_fail (EDITOR_IS_DOCUMENT (self));
  scenario = editor_document_get_scenario (self);
  g_return_if_fail (oob < sand_scenario_n_oobs (scenario));

  copy = sand_oob_copy (sand_scenario_get_oob (scenario, oob));
  g_return_if_fail (index < copy->reinforcements->len);
  g_ptr_array_remove_index (copy->reinforcements, index);
  editor_document_begin_edit (self, _("Remove Reinforcement"));
  editor_document_replace_oob (self, oob, g_steal_pointer (&copy));
  editor_document_end_edit (self);
}

void
editor_document_replace_reinforcement (EditorDocument    *self,
                                       guint              oob,
                                       guint              index,
                                       SandReinforcement *r)
{
  SandScenario *scenario;
  g_autoptr(SandOob) copy = NULL;

  g_return_if_fail (EDITOR_IS_DOCUMENT (self));
  g_return_if_fail (r != NULL);
  scenario = editor_document_get_scenario (self);
  g_return_if_fail (oob < sand_scenario_n_oobs (scenario));

  copy = sand_oob_copy (sand_scenario_get_oob (scenario, oob));
  if (index >= copy->reinforcements->len)
    {
      sand_reinforcement_free (r);
      g_return_if_reached ();
    }
  sand_reinforcement_free (g_ptr_array_index (copy->reinforcements, index));
  copy->reinforcements->pdata[index] = r;
  editor_document_begin_edit (self, _("Edit Reinforcement"));
  editor_document_replace_oob (self, oob, g_steal_pointer (&copy));
  editor_document_end_edit (self);
}

/* Game settings */

typedef enum {
  SETTING_TITLE,
  SETTING_DESCRIPTION,
  SETTING_NOTES,
  SETTING_VICTORY_TEXT,
  SETTING_TURNS,
  SETTING_FIRST_SIDE,
  SETTING_OPTION,
  SETTING_VICTORY_LEVELS,
} SettingKind;

typedef struct {
  SettingKind kind;
  char *old_text, *new_text;  /* texts; the option name */
  int old_value, new_value;   /* numbers; option on/off */
  GPtrArray *old_levels, *new_levels;
} SettingChange;

static void
setting_change_free (gpointer data)
{
  SettingChange *c = data;

  g_free (c->old_text);
  g_free (c->new_text);
  g_clear_pointer (&c->old_levels, g_ptr_array_unref);
  g_clear_pointer (&c->new_levels, g_ptr_array_unref);
  g_free (c);
}

static void
setting_change_apply (SandScenario *scenario,
                      gpointer      data,
                      gboolean      forward)
{
  SettingChange *c = data;
  const char *text = forward ? c->new_text : c->old_text;
  int value = forward ? c->new_value : c->old_value;
  GPtrArray *levels = forward ? c->new_levels : c->old_levels;

  switch (c->kind)
    {
    case SETTING_TITLE:
      sand_scenario_set_title (scenario, text);
      break;
    case SETTING_DESCRIPTION:
      sand_scenario_set_description (scenario, text);
      break;
    case SETTING_NOTES:
      sand_scenario_set_notes (scenario, text);
      break;
    case SETTING_VICTORY_TEXT:
      sand_scenario_set_victory_text (scenario, text);
      break;
    case SETTING_TURNS:
      sand_scenario_set_turns (scenario, value);
      break;
    case SETTING_FIRST_SIDE:
      sand_scenario_set_first_side (scenario, value);
      break;
    case SETTING_OPTION:
      sand_scenario_set_option (scenario, c->new_text, value);
      break;
    case SETTING_VICTORY_LEVELS:
      sand_scenario_clear_victory_levels (scenario);
      for (guint i = 0; i < levels->len; i++)
        sand_scenario_add_victory_level (scenario,
                                         sand_victory_level_copy (g_ptr_array_index (levels, i)));
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
set_text (EditorDocument *self,
          SettingKind     kind,
          const char     *label,
          const char     *old,
          const char     *text)
{
  SettingChange *c;

  if (text != NULL && *text == '\0')
    text = NULL;
  if (old != NULL && *old == '\0')
    old = NULL;
  if (g_strcmp0 (old, text) == 0)
    return;
  c = g_new0 (SettingChange, 1);
  c->kind = kind;
  c->old_text = g_strdup (old);
  c->new_text = g_strdup (text);
  editor_document_record_change (self, label, setting_change_apply, c, setting_change_free);
}

void
editor_document_set_title (EditorDocument *self,
                           const char     *title)
{
  g_return_if_fail (EDITOR_IS_DOCUMENT (self));
  set_text (self, SETTING_TITLE, _("Change Title"),
            sand_scenario_get_title (editor_document_get_scenario (self)), title);
}

void
editor_document_set_description (EditorDocument *self,
                                 const char     *text)
{
  g_return_if_fail (EDITOR_IS_DOCUMENT (self));
  set_text (self, SETTING_DESCRIPTION, _("Change Description"),
            sand_scenario_get_description (editor_document_get_scenario (self)), text);
}

void
editor_document_set_notes (EditorDocument *self,
                           const char     *text)
{
  g_return_if_fail (EDITOR_IS_DOCUMENT (self));
  set_text (self, SETTING_NOTES, _("Change Designer Notes"),
            sand_scenario_get_notes (editor_document_get_scenario (self)), text);
}

void
editor_document_set_victory_text (EditorDocument *self,
                                  const char     *text)
{
  g_return_if_fail (EDITOR_IS_DOCUMENT (self));
  set_text (self, SETTING_VICTORY_TEXT, _("Change Victory Conditions"),
            sand_scenario_get_victory_text (editor_document_get_scenario (self)), text);
}

static void
set_value (EditorDocument *self,
           SettingKind     kind,
           const char     *label,
           const char     *option,
           int             old,
           int             value)
{
  SettingChange *c;

  if (old == value)
    return;
  c = g_new0 (SettingChange, 1);
  c->kind = kind;
  c->new_text = g_strdup (option);
  c->old_value = old;
  c->new_value = value;
  editor_document_record_change (self, label, setting_change_apply, c, setting_change_free);
}

void
editor_document_set_turns (EditorDocument *self,
                           int             turns)
{
  g_return_if_fail (EDITOR_IS_DOCUMENT (self));
  set_value (self, SETTING_TURNS, _("Change Number of Turns"), NULL,
             sand_scenario_get_turns (editor_document_get_scenario (self)), turns);
}

void
editor_document_set_first_side (EditorDocument *self,
                                int             side)
{
  g_return_if_fail (EDITOR_IS_DOCUMENT (self));
  set_value (self, SETTING_FIRST_SIDE, _("Change First Side"), NULL,
             sand_scenario_get_first_side (editor_document_get_scenario (self)), side);
}

void
editor_document_set_option (EditorDocument *self,
                            const char     *option,
                            gboolean        on)
{
  g_return_if_fail (EDITOR_IS_DOCUMENT (self));
  g_return_if_fail (option != NULL);
  set_value (self, SETTING_OPTION, on ? _("Turn Rule Option On") : _("Turn Rule Option Off"),
             option, sand_scenario_has_option (editor_document_get_scenario (self), option) != 0,
             on != 0);
}

static GPtrArray *
copy_levels (GPtrArray *levels)
{
  GPtrArray *copy = g_ptr_array_new_with_free_func ((GDestroyNotify) sand_victory_level_free);

  for (guint i = 0; i < levels->len; i++)
    g_ptr_array_add (copy, sand_victory_level_copy (g_ptr_array_index (levels, i)));
  return copy;
}

void
editor_document_set_victory_levels (EditorDocument *self,
                                    GPtrArray      *levels)
{
  SandScenario *scenario;
  SettingChange *c;
  g_autoptr(GPtrArray) old = NULL;
  gboolean same;

  g_return_if_fail (EDITOR_IS_DOCUMENT (self));
  g_return_if_fail (levels != NULL);

  scenario = editor_document_get_scenario (self);
  old = g_ptr_array_new_with_free_func ((GDestroyNotify) sand_victory_level_free);
  for (guint i = 0; i < sand_scenario_n_victory_levels (scenario); i++)
    g_ptr_array_add (old, sand_victory_level_copy (sand_scenario_get_victory_level (scenario, i)));

  same = old->len == levels->len;
  for (guint i = 0; same && i < old->len; i++)
    {
      const SandVictoryLevel *a = g_ptr_array_index (old, i);
      const SandVictoryLevel *b = g_ptr_array_index (levels, i);

      same = a->min == b->min && a->max == b->max && a->winner == b->winner
        && g_strcmp0 (a->label, b->label) == 0;
    }
  if (same)
    return;

  c = g_new0 (SettingChange, 1);
  c->kind = SETTING_VICTORY_LEVELS;
  c->old_levels = g_steal_pointer (&old);
  c->new_levels = copy_levels (levels);
  editor_document_record_change (self, _("Change Victory Levels"), setting_change_apply, c,
                                 setting_change_free);
}
