/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hex-id.h: the hex index of a printed id ("0504") on a test's map, for
 * tests that name hexes as the rulebooks do. Included once by each test. */
#pragma once

#include "sand-map.h"

static int
hex_id (SandMap    *map,
        const char *id)
{
  int hex;

  g_assert_true (sand_grid_parse_id (sand_map_get_grid (map), id, &hex));
  return hex;
}
