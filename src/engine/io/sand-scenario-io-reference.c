/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-scenario-io-reference.c: the <reference> element of a scenario
 * file (docs/file-format.md): one line, after the orders of battle,
 *   <reference href="scan.jpg" x="-12.5" y="4" scale="0.25" rotation="1.5"
 *              opacity="0.5" export="false"/>
 * Numbers are written with g_ascii_dtostr, so a load → save round trip
 * gives the same bytes. */
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>
#include <string.h>

#include "sand-scenario-io-private.h"

static gboolean
parse_double (const char *name,
              const char *text,
              double      min,
              double      max,
              double     *out,
              char      **problem)
{
  char *end;

  if (text == NULL)
    return TRUE;
  *out = g_ascii_strtod (text, &end);
  if (*text == '\0' || *end != '\0' || !isfinite (*out) || *out < min || *out > max)
    {
      *problem = g_strdup_printf (_("%s=\"%s\" on <reference> must be a number from %g to %g"),
                                  name, text, min, max);
      return FALSE;
    }
  return TRUE;
}

SandReference *
sand_reference_from_attrs (const char *const values[7],
                           char            **problem)
{
  g_autoptr (SandReference) ref = NULL;

  if (values[0] == NULL || *values[0] == '\0')
    {
      *problem = g_strdup (_("<reference> needs the attribute href (the image's path)"));
      return NULL;
    }
  ref = sand_reference_new (values[0]);
  if (!parse_double ("x", values[1], -1e7, 1e7, &ref->x, problem)
      || !parse_double ("y", values[2], -1e7, 1e7, &ref->y, problem)
      || !parse_double ("scale", values[3], 1e-6, 1e6, &ref->scale, problem)
      || !parse_double ("rotation", values[4], -360, 360, &ref->rotation, problem)
      || !parse_double ("opacity", values[5], 0, 1, &ref->opacity, problem))
    return NULL;
  if (values[6] != NULL && strcmp (values[6], "true") != 0 && strcmp (values[6], "false") != 0)
    {
      *problem = g_strdup_printf (_("export=\"%s\" on <reference> must be true or false"),
                                  values[6]);
      return NULL;
    }
  ref->in_exports = values[6] != NULL && strcmp (values[6], "true") == 0;
  return g_steal_pointer (&ref);
}

static void
attr_double (GString    *s,
             const char *name,
             double      v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append_printf (s, " %s=\"%s\"", name, g_ascii_dtostr (buf, sizeof buf, v));
}

void
sand_reference_write_xml (GString      *s,
                          SandScenario *scenario)
{
  const SandReference *ref = sand_scenario_get_reference (scenario);
  g_autofree char *href = NULL;

  if (ref == NULL)
    return;
  href = g_markup_escape_text (ref->path, -1);
  g_string_append_printf (s, "  <reference href=\"%s\"", href);
  attr_double (s, "x", ref->x);
  attr_double (s, "y", ref->y);
  attr_double (s, "scale", ref->scale);
  attr_double (s, "rotation", ref->rotation);
  attr_double (s, "opacity", ref->opacity);
  g_string_append_printf (s, " export=\"%s\"/>\n", ref->in_exports ? "true" : "false");
}
