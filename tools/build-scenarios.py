#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Build the shipped scenarios from their source data.

    tools/build-scenarios.py [--src DIR] [--out DIR]

reads data/scenarios/src/<game>/ (places with latitude and longitude,
river, ridge, road and rail polylines, areas as polygons, and the
scenario definitions in scenarios.json) and writes one scenario file per
definition into data/scenarios/ (or --out). The output is deterministic
and written in the order sand_scenario_to_data () writes, so a file loaded
and saved by Sandtable comes back byte-identical.

How the map is made (docs/scenarios.md says the same for designers):
- An equirectangular projection: x = (lon - lon0) * cos(lat_ref) * 111.32 km,
  y = (lat0 - lat) * 111.2 km; hex 0101's centre is (lat0, lon0) and hex
  centres are hex_km apart (flat-topped hexes, even columns half a hex
  lower).
- A hex takes the terrain or country of an area polygon its centre lies in;
  a place's hex takes the place's country (and terrain, if given).
- Side lines (rivers, streams, ridges) follow the hex corners nearest to the
  polyline, joined by shortest paths over hex edges, so the line is
  continuous; a tributary is extended to the river it joins.
- Connection lines (roads, rails) cross the sides between consecutive hexes
  the polyline passes through; every named place on the line is a hex of it.

Python 3 standard library only; the pieces are in tools/scenario_build/.
"""

import argparse
import json
import os

from scenario_build.games import GAMES
from scenario_build.map_builder import MapBuilder
from scenario_build.writer import Writer, write_file


def build_game(src_root, out_dir, game):
    src = os.path.join(src_root, game)
    with open(os.path.join(src, "scenarios.json"), encoding="utf-8") as f:
        spec = json.load(f)
    mb = MapBuilder(spec, src, spec["ruleset"])
    mb.load_places("places.csv")
    mb.apply_areas("areas.json")
    mb.trace_lines("lines.json")
    mb.apply_place_attributes()
    maker = GAMES[game]
    written = []
    for sc, markers in maker(mb, spec):
        text = Writer(mb, spec["ruleset"]["id"]).write(sc, markers)
        path = os.path.join(out_dir, sc["file"])
        write_file(path, text)
        written.append(path)
    return written


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--src", default=os.path.join(root, "data", "scenarios", "src"))
    ap.add_argument("--out", default=os.path.join(root, "data", "scenarios"))
    ap.add_argument("games", nargs="*", default=None)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for g in (args.games or sorted(GAMES)):
        for path in build_game(args.src, args.out, g):
            print(path)


if __name__ == "__main__":
    main()
