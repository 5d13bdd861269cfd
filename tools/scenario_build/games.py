# SPDX-License-Identifier: GPL-3.0-or-later
"""Each game's assembly: forts, zones, entry groups, victory hexes and the
scenarios of its scenarios.json, from the map built from its sources."""

import math

GAMES = {}


def game(name):
    def deco(fn):
        GAMES[name] = fn
        return fn
    return deco


def place_hex_id(mb, name):
    c, r = mb.place_hex[name]
    if not mb.grid.on_map(c, r):
        raise SystemExit("place %s is off the map" % name)
    return mb.grid.hex_id(c, r)


def resolve_oob(mb, oob):
    """Scenario OOB from its source: "place" becomes the place's hex."""
    o = dict(oob)
    o["placements"] = [dict(p, hex=place_hex_id(mb, p["place"])) if "place" in p else p
                       for p in oob.get("placements", [])]
    o["reinforcements"] = [dict(r, hex=place_hex_id(mb, r["place"])) if "place" in r else r
                           for r in oob.get("reinforcements", [])]
    return o


@game("fpw1870")
def build_fpw1870(mb, spec):
    g = mb.grid
    hid = mb.grid.hex_id
    markers = []
    # [name, strength, capacity] or [name, strength, capacity, side]: the
    # German fortresses are reconstructed (see "_german_forts")
    for fort in spec["forts"]:
        name, strength, capacity = fort[:3]
        side = fort[3] if len(fort) > 3 else "french"
        markers.append(("fort", [("hex", place_hex_id(mb, name)), ("side", side),
                                 ("strength", strength), ("capacity", capacity),
                                 ("name", name)]))

    def exit_hex(line, end):
        for h, e in mb.line_exits[line]:
            if e == end:
                return h
        raise SystemExit("line %s does not leave the map at its %s" % (line, end))

    def on_edge(h, edges):
        c, r = h
        return (("west" in edges and c == 0) or ("south" in edges and r == g.rows - 1)
                or ("east" in edges and c == g.cols - 1) or ("north" in edges and r == 0))

    # French rail supply edges and the south entry flags.
    rail_edge = []
    for line in spec["rail_edge_lines"]:
        for h, _ in mb.line_exits[line]:
            if (on_edge(h, ("west", "south")) and mb.country[g.index(*h)] == "france"
                    and h not in rail_edge):
                rail_edge.append(h)
    south_entry = []
    for line in spec["south_entry_lines"]:
        for h, _ in mb.line_exits[line]:
            if on_edge(h, ("south",)) and h not in south_entry:
                south_entry.append(h)
    s_hex = place_hex_id(mb, spec["supply_source"]["place"])
    for h in south_entry:
        markers.append(("entry", [("hex", hid(*h)), ("side", "french"), ("group", "south")]))
    markers.append(("entry", [("hex", s_hex), ("side", "german"), ("group", "S")]))
    # source="rail": a rail head (Supply (A), (B)); the name is a label
    markers.append(("supply", [("hex", s_hex), ("side", "german"), ("capacity", "unlimited"),
                               ("name", spec["supply_source"]["name"]), ("source", "rail")]))
    for h in sorted(rail_edge, key=lambda h: (h[1], h[0])):
        markers.append(("supply", [("hex", hid(*h)), ("side", "french"),
                                   ("capacity", "unlimited"), ("name", "rail-edge"),
                                   ("source", "rail")]))
    for link in spec["offmap_links"]:
        a = exit_hex(*link["a"])
        b = exit_hex(*link["b"])
        markers.append(("offmap-link", [("hex", hid(*a)), ("hex2", hid(*b)),
                                        ("distance", link["distance"]),
                                        ("connection", "rail")]))
    # Set-up zones of every scenario (the zones a scenario uses are written).
    all_zones = list(spec["zones"])
    for sc in spec["scenarios"]:
        all_zones.extend(sc.get("extra_zones", []))
    zone_hexes = {}
    for z in all_zones:
        zone_hexes[z["id"]] = fpw_zone_hexes(mb, z, zone_hexes)
    # South-edge victory values: 10 in every column from the westernmost
    # hex of the Franco-German border eastwards, rising evenly westwards to
    # 184 on the west edge (docs/scenarios.md).
    border_col = min(c for r in range(g.rows) for c in range(g.cols)
                     if mb.country[g.index(c, r)] == "germany"
                     and any(g.on_map(*g.neighbour(c, r, d))
                             and mb.country[g.index(*g.neighbour(c, r, d))] == "france"
                             for d in range(6)))
    lo, hi = spec["edge_vp"]["min"], spec["edge_vp"]["max"]
    edge_markers = []
    for c in range(g.cols):
        if c >= border_col:
            v = lo
        else:
            v = int(math.floor(lo + (border_col - c) * (hi - lo) / border_col + 0.5))
        edge_markers.append(("edge-value", [("hex", hid(c, g.rows - 1)), ("value", v),
                                            ("edge", "south")]))
    oobs = {o["id"]: resolve_oob(mb, o) for o in spec["oobs"]}
    for sc in spec["scenarios"]:
        out = dict(sc)
        zones = list(spec["zones"]) + sc.get("extra_zones", [])
        out["zones"] = [{k: z[k] for k in ("id", "name", "side", "color")} for z in zones]
        zmarkers = [("zone-hex", [("hex", hid(*h)), ("zone", z["id"])])
                    for z in zones for h in zone_hexes[z["id"]]]
        out["counters"] = sc.get("counter_defs", spec["counters"])
        if "oob_defs" in sc:
            out["oobs"] = [resolve_oob(mb, o) for o in sc["oob_defs"]]
        else:
            out["oobs"] = [oobs[i] for i in sc["oobs"]]
        yield out, markers + zmarkers + edge_markers


def fpw_zone_hexes(mb, z, known):
    """The hexes of an FPW set-up zone, from its source definition."""
    g = mb.grid
    if "places" in z:
        hexes = [mb.place_hex[p] for p in z["places"]]
    elif "zones" in z:
        hexes = []
        for other in z["zones"]:
            hexes.extend(h for h in known[other] if h not in hexes)
    elif "rail_line" in z:
        first = [mb.place_hex[p] for p in z.get("first", [])]
        hexes = list(first)
        for run in mb.line_hexes[z["rail_line"]]:
            hexes.extend(h for h in run if h not in hexes)
    elif "beyond" in z:
        # Flood fill over hexes of one country from a map edge, never
        # crossing the given river: "any hex east of the Rhine".
        b = z["beyond"]
        river = mb.line_sides[b["river"]]
        edge_col = g.cols - 1 if b["edge"] == "east" else 0
        todo = [(edge_col, r) for r in range(g.rows)
                if mb.country[g.index(edge_col, r)] == b["country"]]
        seen = set(todo)
        while todo:
            h = todo.pop()
            for d in range(6):
                n = g.neighbour(h[0], h[1], d)
                if n in seen or not g.on_map(*n) or mb.country[g.index(*n)] != b["country"]:
                    continue
                (cc, cr), cd = g.canonical_side(h[0], h[1], d)
                if (cc, cr, cd) in river:
                    continue
                seen.add(n)
                todo.append(n)
        hexes = sorted(seen, key=lambda h: (h[1], h[0]))
        first = [mb.place_hex[p] for p in z.get("first", [])]
        hexes = first + [h for h in hexes if h not in first]
    else:
        raise SystemExit("zone %s has no hexes" % z["id"])
    for h in hexes:
        if mb.country[g.index(*h)] not in z.get("countries", ("france", "germany")):
            raise SystemExit("zone %s: hex %s is in %s"
                             % (z["id"], g.hex_id(*h), mb.country[g.index(*h)]))
    return hexes

def add_bridges(mb, spec):
    """A bridge wherever a road (or rail) crosses water: the Semois is
    impassable elsewhere, and the brooks cost no extra on the road."""
    b = spec.get("bridges")
    if not b:
        return
    for key, feats in mb.sides.items():
        if feats & set(b["connections"]) and feats & set(b["water"]):
            feats.add("bridge")


def zone_hexes_around(mb, places, radius):
    g = mb.grid
    out = []
    for p in places:
        ring = [mb.place_hex[p]]
        seen = set(ring)
        for _ in range(radius):
            nxt = []
            for h in ring:
                for d in range(6):
                    n = g.neighbour(h[0], h[1], d)
                    if g.on_map(*n) and n not in seen:
                        seen.add(n)
                        nxt.append(n)
            ring = ring + nxt
        for h in ring:
            if h not in out:
                out.append(h)
    return out


@game("lfaf1914")
def build_lfaf1914(mb, spec):
    g = mb.grid
    hid = g.hex_id
    add_bridges(mb, spec)
    zone_hexes = {z["id"]: zone_hexes_around(mb, z["around"], z.get("radius", 1))
                  for z in spec["zones"]}
    entry_markers = []
    for e in spec["entries"]:
        hexes = [h for h, end in mb.line_exits[e["line"]] if end == e["end"]]
        if not hexes:
            raise SystemExit("entry %s: line %s does not leave the map at its %s"
                             % (e["group"], e["line"], e["end"]))
        entry_markers.append(("entry", [("hex", hid(*hexes[0])), ("side", e["side"]),
                                        ("group", e["group"])]))
    counters = {k["id"]: k for k in spec["counters"]}
    for sc in spec["scenarios"]:
        out = dict(sc)
        used_zones = set()
        used_groups = set()
        for o in sc["oobs"]:
            used_zones.update(p["zone"] for p in o["placements"] if "zone" in p)
            used_groups.update((o["side"], r["entry"]) for r in o["reinforcements"])
        out["zones"] = [{k: z[k] for k in ("id", "name", "side", "color")}
                        for z in spec["zones"] if z["id"] in used_zones]
        markers = [m for m in entry_markers
                   if (dict(m[1])["side"], dict(m[1])["group"]) in used_groups]
        for name, value in sc["victory_hexes"]:
            markers.append(("victory-hex", [("hex", place_hex_id(mb, name)), ("value", value)]))
        for z in spec["zones"]:
            if z["id"] in used_zones:
                for h in zone_hexes[z["id"]]:
                    markers.append(("zone-hex", [("hex", hid(*h)), ("zone", z["id"])]))
        out["counters"] = [counters[i] for i in sc["counters"]]
        yield out, markers
