/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Parts of the scenario file format kept out of sand-scenario-io.c. */
#pragma once

#include <glib.h>

#include "sand-reference.h"

G_BEGIN_DECLS

/* <reference>: @values are href, x, y, scale, rotation, opacity, export
 * (NULL when absent). NULL and a sentence in @problem when one is wrong. */
SandReference *sand_reference_from_attrs (const char *const values[7],
                                          char            **problem);
void           sand_reference_write_xml  (GString          *s,
                                          SandScenario     *scenario);

G_END_DECLS
