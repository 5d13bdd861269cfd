/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-scenario-io.c: the scenario file format (docs/file-format.md).
 *
 * Loading streams through an xmlTextReader (a DOM costs ~25× the file in
 * heap) and checks the structure as it goes, element by element, so every
 * error can name the line it is on. Nothing is handed out until the whole
 * file has been read: on any error the partial scenario is dropped.
 *
 * This file holds the entry points and the root element: the order of the
 * sections, the prologue (<game>, <victory>) and the hand-over of the
 * finished scenario. The other parts of the format, each its own file so
 * that none grows past a screenful of concerns:
 *   sand-scenario-io-reader.c     the Loader's helpers: attributes, numbers, ids
 *   sand-scenario-io-map.c        <map>: hexes, sides, places, zones, markers
 *   sand-scenario-io-oob.c        <counters> and <orders-of-battle>
 *   sand-scenario-io-reference.c  <reference>
 *   sand-scenario-io-lines.c      the source line of every fact, for messages
 *   sand-scenario-io-write.c      the writer
 *   sand-scenario-io-save.c       saving to a file safely
 */
#include "sand-scenario-io.h"
#include "sand-scenario-io-private.h"

#include <string.h>
#include <glib/gi18n-lib.h>

G_DEFINE_QUARK (sand-scenario-error-quark, sand_scenario_error)

static void
loader_clear (Loader *l)
{
  g_clear_pointer (&l->xr, sand_xml_reader_free);
  g_clear_pointer (&l->scratch, g_ptr_array_unref);
  g_clear_object (&l->scenario);
  g_clear_object (&l->map);
  g_clear_pointer (&l->lines, sand_line_table_free);
  g_clear_pointer (&l->title, g_free);
  g_clear_pointer (&l->description, g_free);
  g_clear_pointer (&l->notes, g_free);
  g_clear_pointer (&l->victory_text, g_free);
  g_clear_pointer (&l->options, g_ptr_array_unref);
  g_clear_pointer (&l->levels, g_ptr_array_unref);
  g_clear_pointer (&l->level_lines, g_array_unref);
}

/* <game turns first-side> <option name/>* </game> */
static gboolean
load_game (Loader  *l,
           GError **error)
{
  Attrs a = { { "turns", "first-side", NULL } };
  int depth = xmlTextReaderDepth (l->r);
  int rc;

  l->game_line = sand_scenario_io_cur_line (l);
  if (!sand_scenario_io_read_attrs (l, &a, error)
      || !sand_scenario_io_parse_int (l, &a, 0, 1, SAND_IO_MAX_TURNS, &l->turns, error)
      || !sand_scenario_io_parse_side (l, &a, 1, &l->first_side, error))
    return FALSE;
  l->have_first_side = a.values[1] != NULL;
  if (sand_scenario_io_is_empty (l))
    return TRUE;
  while ((rc = sand_scenario_io_next_child (l, depth, error)) > 0)
    {
      Attrs o = { { "name", NULL } };

      if (strcmp (sand_scenario_io_elem_name (l), "option") != 0)
        return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                                      _("<%s> is not allowed inside <game> (only <option>)"),
                                      sand_scenario_io_elem_name (l));
      if (!sand_scenario_io_read_attrs (l, &o, error) || !sand_scenario_io_require (l, &o, 0, error)
          || !sand_scenario_io_check_id (l, &o, 0, error)
          || !sand_scenario_io_no_children (l, error))
        return FALSE;
      if (l->options->len >= SAND_IO_MAX_OPTIONS)
        return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_TOO_LARGE,
                                      _("more than %d options"), SAND_IO_MAX_OPTIONS);
      g_ptr_array_add (l->options, g_strdup (o.values[0]));
      sand_line_table_set (l->lines, SAND_LINE_OPTION, o.values[0], sand_scenario_io_cur_line (l));
    }
  return rc == 0;
}

/* <victory> <text/>? <level min max winner label/>* </victory> */
static gboolean
load_victory (Loader  *l,
              GError **error)
{
  Attrs none = { { NULL } };
  int depth = xmlTextReaderDepth (l->r);
  int rc;

  l->victory_line = sand_scenario_io_cur_line (l);
  if (!sand_scenario_io_read_attrs (l, &none, error))
    return FALSE;
  if (sand_scenario_io_is_empty (l))
    return TRUE;
  while ((rc = sand_scenario_io_next_child (l, depth, error)) > 0)
    {
      const char *name = sand_scenario_io_elem_name (l);

      if (strcmp (name, "text") == 0)
        {
          if (l->victory_text != NULL)
            return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_DUPLICATE,
                                          _("<victory> has two <text>"));
          if (!sand_scenario_io_read_text (l, &l->victory_text, error))
            return FALSE;
        }
      else if (strcmp (name, "level") == 0)
        {
          Attrs a = { { "min", "max", "winner", "label", NULL } };
          SandVictoryLevel *level;
          int line = sand_scenario_io_cur_line (l);

          if (l->levels->len >= SAND_IO_MAX_LEVELS)
            return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_TOO_LARGE,
                                          _("more than %d victory levels"), SAND_IO_MAX_LEVELS);
          level = g_new0 (SandVictoryLevel, 1);
          level->min = G_MININT;
          level->max = G_MAXINT;
          level->winner = -1;
          g_ptr_array_add (l->levels, level);
          g_array_append_val (l->level_lines, line);
          if (!sand_scenario_io_read_attrs (l, &a, error)
              || !sand_scenario_io_parse_int (l, &a, 0, -999999, 999999, &level->min, error)
              || !sand_scenario_io_parse_int (l, &a, 1, -999999, 999999, &level->max, error)
              || !sand_scenario_io_parse_side (l, &a, 2, &level->winner, error)
              || !sand_scenario_io_no_children (l, error))
            return FALSE;
          if (level->min > level->max)
            return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_NUMBER,
                                          _("victory level “%s” has min %d above max %d"),
                                          a.values[3] != NULL ? a.values[3] : "", level->min,
                                          level->max);
          level->label = g_strdup (a.values[3] != NULL ? a.values[3] : "");
        }
      else
        return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                                      _("<%s> is not allowed inside <victory> (only <text> and "
                                        "<level>)"), name);
    }
  return rc == 0;
}

static void
free_level (gpointer p)
{
  sand_victory_level_free (p);
}

void
sand_scenario_io_apply_prologue (Loader *l)
{
  SandScenario *s = l->scenario;

  if (l->title != NULL)
    sand_scenario_set_title (s, l->title);
  if (l->description != NULL)
    sand_scenario_set_description (s, l->description);
  if (l->notes != NULL)
    sand_scenario_set_notes (s, l->notes);
  sand_scenario_set_turns (s, l->turns);
  if (l->have_first_side)
    sand_scenario_set_first_side (s, l->first_side);
  for (guint i = 0; i < l->options->len; i++)
    sand_scenario_set_option (s, g_ptr_array_index (l->options, i), TRUE);
  if (l->victory_text != NULL)
    sand_scenario_set_victory_text (s, l->victory_text);
}

static const char *const sections[] = {
  "title", "description", "notes", "game", "victory", "map", "counters", "orders-of-battle",
  "reference",
};

/* <reference> (sand-scenario-io-reference.c): one empty element. */
static gboolean
load_reference (Loader  *l,
                GError **error)
{
  Attrs a = { { "href", "x", "y", "scale", "rotation", "opacity", "export", NULL } };
  g_autofree char *problem = NULL;
  SandReference *ref;

  if (!sand_scenario_io_read_attrs (l, &a, error))
    return FALSE;
  if (!sand_scenario_io_is_empty (l))
    return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                                  _("<reference> holds nothing"));
  ref = sand_reference_from_attrs (a.values, &problem);
  if (ref == NULL)
    return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_NUMBER, "%s", problem);
  sand_scenario_set_reference (l->scenario, ref);
  return TRUE;
}

static gboolean
load_root (Loader  *l,
           GError **error)
{
  Attrs a = { { "version", "ruleset", NULL } };
  GError *local = NULL;
  xmlNode *root;
  int last = -1, rc;
  int version = 0;
  int root_line;

  /* The prolog has been checked by sand-xml-safe; find the root. */
  for (;;)
    {
      if (!sand_xml_reader_next (l->xr, &local))
        {
          if (local != NULL)
            {
              g_propagate_error (error, local);
              return FALSE;
            }
          sand_xml_set_error (error, SAND_XML_ERROR, SAND_XML_ERROR_EMPTY, l->filename, 0,
                              _("the file has no element"));
          return FALSE;
        }
      if (xmlTextReaderNodeType (l->r) == XML_READER_TYPE_ELEMENT)
        break;
    }
  root = sand_xml_reader_get_node (l->xr);
  root_line = sand_scenario_io_cur_line (l);
  if (strcmp ((const char *) root->name, "scenario") != 0 || !sand_scenario_io_is_ours (root))
    {
      if (strcmp ((const char *) root->name, "ruleset") == 0 && sand_scenario_io_is_ours (root))
        return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_WRONG_ROOT,
                                      _("this is a ruleset, not a scenario (the root element is "
                                        "<ruleset>)"));
      if (strcmp ((const char *) root->name, "scenario") == 0)
        return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_WRONG_ROOT,
                                      _("<scenario> is not in the Sandtable namespace; it needs "
                                        "xmlns=\"%s\""), SAND_SCENARIO_NS);
      return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_WRONG_ROOT,
                                    _("this is not a Sandtable scenario: the root element is "
                                      "<%s>, not <scenario>"), (const char *) root->name);
    }
  if (!sand_scenario_io_read_attrs (l, &a, error))
    return FALSE;
  if (a.values[0] == NULL)
    return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_VERSION,
                                  _("<scenario> has no version attribute (this Sandtable "
                                    "writes version=\"%d\")"), SAND_FORMAT_VERSION);
  if (!g_ascii_string_to_signed (a.values[0], 10, 1, G_MAXINT, NULL, NULL)
      || (version = atoi (a.values[0])) != SAND_FORMAT_VERSION)
    {
      if (version > SAND_FORMAT_VERSION)
        return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_VERSION,
                                      _("the file is in format version %s, which is newer than "
                                        "this Sandtable (it reads version %d); update Sandtable "
                                        "to open it"),
                                      a.values[0], SAND_FORMAT_VERSION);
      return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_VERSION,
                                    _("unknown format version “%s” (this Sandtable reads "
                                      "version %d)"),
                                    a.values[0], SAND_FORMAT_VERSION);
    }
  if (a.values[1] == NULL)
    return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_RULESET,
                                  _("<scenario> does not say which ruleset it uses "
                                    "(ruleset=\"fpw1870\"…)"));
  {
    g_autoptr(GError) rs_error = NULL;
    l->ruleset = sand_ruleset_lookup (a.values[1], &rs_error);
    if (l->ruleset == NULL)
      {
        g_autofree char *known = g_strjoinv (", ", (char **) sand_ruleset_list_shipped ());
        return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_RULESET,
                                      _("unknown ruleset “%s” (Sandtable has: %s)"), a.values[1],
                                      known);
      }
  }
  sand_line_table_set (l->lines, SAND_LINE_SCENARIO, NULL, root_line);
  if (sand_scenario_io_is_empty (l))
    return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                                  _("the scenario has no <map>"));

  while ((rc = sand_scenario_io_next_child (l, 0, error)) > 0)
    {
      const char *name = sand_scenario_io_elem_name (l);
      int section = -1;
      gboolean ok;

      for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
        if (strcmp (sections[i], name) == 0)
          section = i;
      if (section < 0)
        return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                                      _("<%s> is not allowed inside <scenario>"), name);
      if (section == last)
        return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_DUPLICATE,
                                      _("<%s> appears twice"), name);
      if (section < last)
        return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                                      _("<%s> must come before <%s>"), name, sections[last]);
      if (section > 5 && l->scenario == NULL)
        return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                                      _("<%s> must come after <map>"), name);
      last = section;
      switch (section)
        {
        case 0:
          ok = sand_scenario_io_read_text (l, &l->title, error);
          break;
        case 1:
          ok = sand_scenario_io_read_text (l, &l->description, error);
          break;
        case 2:
          ok = sand_scenario_io_read_text (l, &l->notes, error);
          break;
        case 3:
          ok = load_game (l, error);
          break;
        case 4:
          ok = load_victory (l, error);
          break;
        case 5:
          ok = sand_scenario_io_load_map (l, error);
          break;
        case 6:
          ok = sand_scenario_io_load_list (l, "counters", "counter", sand_scenario_io_load_counter,
                                           error);
          break;
        case 7:
          ok = sand_scenario_io_load_list (l, "orders-of-battle", "oob", sand_scenario_io_load_oob,
                                           error);
          break;
        default:
          ok = load_reference (l, error);
          break;
        }
      if (!ok)
        return FALSE;
    }
  if (rc < 0)
    return FALSE;
  if (l->scenario == NULL)
    return sand_scenario_io_fail (l, error, SAND_SCENARIO_ERROR_STRUCTURE,
                                  _("the scenario has no <map>"));

  /* Whatever follows the root must still be well-formed. */
  while (sand_xml_reader_next (l->xr, &local))
    ;
  if (local != NULL)
    {
      g_propagate_error (error, local);
      return FALSE;
    }
  return TRUE;
}

static void
finish (Loader *l)
{
  guint n;

  for (guint i = 0; i < l->levels->len; i++)
    sand_scenario_add_victory_level (l->scenario, g_ptr_array_index (l->levels, i));
  g_ptr_array_set_free_func (l->levels, NULL);
  /* The scenario keeps levels sorted; find each one's line by identity. */
  n = sand_scenario_n_victory_levels (l->scenario);
  for (guint i = 0; i < n; i++)
    {
      const SandVictoryLevel *level = sand_scenario_get_victory_level (l->scenario, i);
      for (guint j = 0; j < l->levels->len; j++)
        if (g_ptr_array_index (l->levels, j) == level)
          sand_line_table_set_n (l->lines, SAND_LINE_LEVEL, (int) i,
                                 g_array_index (l->level_lines, int, j));
    }
  if (l->game_line > 0)
    sand_line_table_set (l->lines, SAND_LINE_GAME, NULL, l->game_line);
  if (l->victory_line > 0)
    sand_line_table_set (l->lines, SAND_LINE_VICTORY, NULL, l->victory_line);
  sand_map_thaw_changes (l->map);
  g_object_set_data_full (G_OBJECT (l->scenario), LINES_KEY, g_steal_pointer (&l->lines),
                          sand_line_table_free);
}

SandScenario *
sand_scenario_load_data (const char  *data,
                         gsize        length,
                         const char  *filename,
                         GError     **error)
{
  return sand_scenario_load_data_at (data, length, filename, 1, error);
}

SandScenario *
sand_scenario_load_data_at (const char  *data,
                            gsize        length,
                            const char  *filename,
                            int          first_line,
                            GError     **error)
{
  Loader l = { 0 };
  SandScenario *result = NULL;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  l.filename = filename != NULL ? filename : "<data>";
  l.xr = sand_xml_reader_new_at (data, length, l.filename, first_line, error);
  if (l.xr == NULL)
    return NULL;
  l.r = sand_xml_reader_get_reader (l.xr);
  l.scratch = g_ptr_array_new_with_free_func (xmlFree);
  l.lines = sand_line_table_new ();
  l.options = g_ptr_array_new_with_free_func (g_free);
  l.levels = g_ptr_array_new_with_free_func (free_level);
  l.level_lines = g_array_new (FALSE, FALSE, sizeof (int));
  l.first_side = -1;
  l.turns = 1;

  if (load_root (&l, error))
    {
      finish (&l);
      result = g_steal_pointer (&l.scenario);
    }
  else if (l.map != NULL)
    sand_map_thaw_changes (l.map);
  loader_clear (&l);
  return result;
}

SandScenario *
sand_scenario_load_file (const char  *path,
                         GError     **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  data = sand_xml_read_file (path, &length, error);
  if (data == NULL)
    return NULL;
  return sand_scenario_load_data (data, length, path, error);
}
