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

Python 3 standard library only.
"""

import argparse
import csv
import heapq
import json
import math
import os

DIRS = ("n", "ne", "se", "s", "sw", "nw")
SQRT3 = math.sqrt(3.0)


# --------------------------------------------------------------------------
# Hex grid: flat-topped, columns, even (1-based) columns half a hex lower.

class Grid:
    def __init__(self, cols, rows, hex_km):
        self.cols = cols
        self.rows = rows
        self.s = hex_km / SQRT3          # circumradius
        self.h = SQRT3 / 2.0 * self.s    # half the flat-to-flat width

    def on_map(self, c, r):
        return 0 <= c < self.cols and 0 <= r < self.rows

    def index(self, c, r):
        return r * self.cols + c

    def cr(self, idx):
        return idx % self.cols, idx // self.cols

    def hex_id(self, c, r):
        if self.cols > 99 or self.rows > 99:
            return "%03d%03d" % (c + 1, r + 1)
        return "%02d%02d" % (c + 1, r + 1)

    def centre(self, c, r):
        return 1.5 * self.s * c, SQRT3 * self.s * (r + 0.5 * (c & 1))

    def hex_at(self, x, y):
        q = (2.0 / 3.0 * x) / self.s
        ra = (-1.0 / 3.0 * x + SQRT3 / 3.0 * y) / self.s
        cx, cz = q, ra
        cy = -cx - cz
        rx, ry, rz = round(cx), round(cy), round(cz)
        dx, dy, dz = abs(rx - cx), abs(ry - cy), abs(rz - cz)
        if dx > dy and dx > dz:
            rx = -ry - rz
        elif dy > dz:
            ry = -rx - rz
        else:
            rz = -rx - ry
        c = int(rx)
        r = int(rz) + (c - (c & 1)) // 2
        return c, r

    @staticmethod
    def neighbour(c, r, d):
        if c & 1:
            off = ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))
        else:
            off = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1))
        return c + off[d][0], r + off[d][1]

    def direction(self, a, b):
        for d in range(6):
            if self.neighbour(a[0], a[1], d) == b:
                return d
        return None

    @staticmethod
    def cube(c, r):
        x = c
        z = r - (c - (c & 1)) // 2
        return x, -x - z, z

    def distance(self, a, b):
        ax, ay, az = self.cube(*a)
        bx, by, bz = self.cube(*b)
        return max(abs(ax - bx), abs(ay - by), abs(az - bz))

    def corner_keys(self, c, r):
        """Vertex keys of the six corners, k = 0 (east) clockwise (y down)."""
        x, y = self.centre(c, r)
        kx = round(x * 2.0 / self.s)
        ky = round(y / self.h)
        return ((kx + 2, ky), (kx + 1, ky + 1), (kx - 1, ky + 1),
                (kx - 2, ky), (kx - 1, ky - 1), (kx + 1, ky - 1))

    def key_xy(self, key):
        return key[0] * self.s / 2.0, key[1] * self.h

    # Side d of a hex runs between these corners.
    SIDE_CORNERS = ((4, 5), (5, 0), (0, 1), (1, 2), (2, 3), (3, 4))

    def canonical_side(self, c, r, d):
        """The (hex, dir) a side is stored under: each hex owns n, ne, se."""
        if d < 3:
            return (c, r), d
        return self.neighbour(c, r, d), d - 3


# --------------------------------------------------------------------------
# Geometry helpers

def point_in_polygon(x, y, poly):
    inside = False
    n = len(poly)
    j = n - 1
    for i in range(n):
        xi, yi = poly[i]
        xj, yj = poly[j]
        if (yi > y) != (yj > y):
            xc = (xj - xi) * (y - yi) / (yj - yi) + xi
            if x < xc:
                inside = not inside
        j = i
    return inside


def seg_dist(px, py, ax, ay, bx, by):
    dx, dy = bx - ax, by - ay
    ll = dx * dx + dy * dy
    t = 0.0 if ll == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / ll))
    qx, qy = ax + t * dx, ay + t * dy
    return math.hypot(px - qx, py - qy)


class Projection:
    def __init__(self, spec):
        self.lat0 = spec["lat0"]
        self.lon0 = spec["lon0"]
        self.kx = math.cos(math.radians(spec["lat_ref"])) * 111.32
        self.ky = 111.2

    def xy(self, lat, lon):
        return (lon - self.lon0) * self.kx, (self.lat0 - lat) * self.ky


# --------------------------------------------------------------------------
# The map being built

class MapBuilder:
    def __init__(self, spec, src_dir, ruleset):
        self.spec = spec
        self.src = src_dir
        m = spec["map"]
        self.grid = Grid(m["cols"], m["rows"], m["hex_km"])
        self.proj = Projection(m)
        self.features = ruleset["features"]
        n = m["cols"] * m["rows"]
        self.terrain = [m["default_terrain"]] * n
        self.country = [m["default_country"]] * n
        self.sides = {}          # (c, r, d) canonical -> set of features
        self.places = {}         # hex index -> name
        self.place_hex = {}      # name -> (c, r)
        self.place_xy = {}       # name -> (x, y)
        self.line_hexes = {}     # line name -> list of on-map runs of hexes
        self.line_exits = {}     # line name -> list of (hex, "start"/"end")
        self.river_vertices = {}  # line name -> set of vertex keys
        self.line_sides = {}     # side line name -> set of canonical sides
        self._build_vertex_graph()

    # -- vertex graph of interior hex edges --------------------------------
    def _build_vertex_graph(self):
        g = self.grid
        self.vadj = {}
        self.edge_side = {}
        for r in range(g.rows):
            for c in range(g.cols):
                keys = g.corner_keys(c, r)
                for d in range(6):
                    nc, nr = g.neighbour(c, r, d)
                    if not g.on_map(nc, nr):
                        continue
                    a, b = keys[g.SIDE_CORNERS[d][0]], keys[g.SIDE_CORNERS[d][1]]
                    e = (a, b) if a < b else (b, a)
                    self.edge_side[e] = g.canonical_side(c, r, d)
                    self.vadj.setdefault(a, set()).add(b)
                    self.vadj.setdefault(b, set()).add(a)

    # -- inputs ------------------------------------------------------------
    def load_places(self, filename):
        path = os.path.join(self.src, filename)
        rows = []
        with open(path, newline="", encoding="utf-8") as f:
            lines = [ln for ln in f if not ln.startswith("#")]
        for row in csv.DictReader(lines):
            rows.append(row)
        seen = {}
        for row in rows:
            name = row["name"]
            x, y = self.proj.xy(float(row["lat"]), float(row["lon"]))
            c, r = self.grid.hex_at(x, y)
            if row.get("hex"):
                c, r = int(row["hex"][:-2]) - 1, int(row["hex"][-2:]) - 1
            self.place_xy[name] = (x, y)
            self.place_hex[name] = (c, r)
            if not self.grid.on_map(c, r):
                continue
            idx = self.grid.index(c, r)
            if row.get("label") == "0":
                continue
            if idx in seen:
                raise SystemExit("%s: %s and %s fall in the same hex %s"
                                 % (path, seen[idx], name, self.grid.hex_id(c, r)))
            seen[idx] = name
            self.places[idx] = name
        self.place_rows = rows

    def apply_areas(self, filename):
        with open(os.path.join(self.src, filename), encoding="utf-8") as f:
            areas = json.load(f)
        g = self.grid
        for key, target in (("countries", self.country), ("terrain", self.terrain)):
            for area in areas.get(key, []):
                poly = [self.proj.xy(p[0], p[1]) for p in area["polygon"]]
                value = area["country"] if key == "countries" else area["terrain"]
                for r in range(g.rows):
                    for c in range(g.cols):
                        x, y = g.centre(c, r)
                        if point_in_polygon(x, y, poly):
                            target[g.index(c, r)] = value

    def apply_place_attributes(self):
        for row in self.place_rows:
            c, r = self.place_hex[row["name"]]
            if not self.grid.on_map(c, r):
                continue
            idx = self.grid.index(c, r)
            if row.get("country"):
                self.country[idx] = row["country"]
            if row.get("terrain"):
                self.terrain[idx] = row["terrain"]

    def point_xy(self, p):
        if isinstance(p, str):
            if p not in self.place_xy:
                raise SystemExit("unknown place %r in a line" % p)
            return self.place_xy[p]
        return self.proj.xy(p[0], p[1])

    def add_side_feature(self, c, r, d, feature):
        (hc, hr), hd = self.grid.canonical_side(c, r, d)
        self.sides.setdefault((hc, hr, hd), set()).add(feature)

    # -- connection lines (roads, rails) ----------------------------------
    def trace_connection(self, line):
        """A road or rail: the hexes the polyline passes through give where it
        enters and leaves the map and which hex holds each of its points;
        between consecutive points it takes the shortest path over hexes
        that stays near the polyline and crosses no water it need not cross
        (a line running along a valley keeps to one bank)."""
        g = self.grid
        pts = [self.point_xy(p) for p in line["points"]]
        named = [isinstance(p, str) for p in line["points"]]
        anchors = set(self.place_hex[p] for p in line["points"] if isinstance(p, str))
        seq = []   # (hex or None, index of the polyline point it stands for, or -1)
        for i in range(len(pts) - 1):
            (ax, ay), (bx, by) = pts[i], pts[i + 1]
            n = max(1, int(math.hypot(bx - ax, by - ay) / 0.25))
            last = i == len(pts) - 2
            for k in range(n + (1 if last else 0)):
                t = k / n
                x, y = ax + (bx - ax) * t, ay + (by - ay) * t
                vi = i if k == 0 else (i + 1 if k == n else -1)
                if vi >= 0 and named[vi]:
                    h = self.place_hex[line["points"][vi]]
                else:
                    h = g.hex_at(x, y)
                seq.append((h if g.on_map(*h) else None, vi))
        runs, cur = [], []
        for h, vi in seq:
            if h is None:
                if cur:
                    runs.append(cur)
                    cur = []
                continue
            if cur and cur[-1][0] == h:
                if vi >= 0:
                    cur[-1] = (h, vi)
                continue
            cur.append((h, vi))
        if cur:
            runs.append(cur)
        exits = []
        out_runs = []
        for i, run in enumerate(runs):
            way = [run[0][0]] + [h for h, vi in run[1:-1] if vi >= 0] + [run[-1][0]]
            path = [way[0]]
            for a, b in zip(way, way[1:]):
                if a == b:
                    continue
                path.extend(self.hex_route(a, b)[1:])
            path = remove_loops(path, anchors)
            out_runs.append(path)
            if i > 0 or seq[0][0] is None:
                exits.append((path[0], "start"))
            if i < len(runs) - 1 or seq[-1][0] is None:
                exits.append((path[-1], "end"))
            for a, b in zip(path, path[1:]):
                d = g.direction(a, b)
                self.add_side_feature(a[0], a[1], d, line["feature"])
        self.line_hexes[line["name"]] = out_runs
        self.line_exits[line["name"]] = exits

    WATER = ("river", "stream")

    def hex_route(self, a, b):
        """Cheapest hex path a -> b: a step costs 1, more the further it strays
        from the straight line a-b, and 4 more across a river or stream."""
        g = self.grid
        ax, ay = g.centre(*a)
        bx, by = g.centre(*b)
        limit = g.distance(a, b) * 3 + 6
        dist = {a: 0.0}
        prev = {}
        heap = [(0.0, a)]
        while heap:
            d, h = heapq.heappop(heap)
            if h == b:
                path = [h]
                while path[-1] != a:
                    path.append(prev[path[-1]])
                return path[::-1]
            if d > dist[h]:
                continue
            for dd in range(6):
                n = g.neighbour(h[0], h[1], dd)
                if not g.on_map(*n) or g.distance(n, a) > limit:
                    continue
                nx, ny = g.centre(*n)
                off = seg_dist(nx, ny, ax, ay, bx, by) / (2 * g.h)
                cost = 1.0 + off * off * 2.0
                (cc, cr), cd = g.canonical_side(h[0], h[1], dd)
                if self.sides.get((cc, cr, cd), set()) & set(self.WATER):
                    cost += 4.0
                nd = d + cost
                if n not in dist or nd < dist[n] - 1e-9:
                    dist[n] = nd
                    prev[n] = h
                    heapq.heappush(heap, (nd, n))
        raise SystemExit("no hex route from %s to %s" % (g.hex_id(*a), g.hex_id(*b)))

    def _hex_line(self, a, b):
        g = self.grid
        n = g.distance(a, b)
        ax, ay = g.centre(*a)
        bx, by = g.centre(*b)
        out = []
        for i in range(n + 1):
            t = i / n
            h = g.hex_at(ax + (bx - ax) * t + 1e-6, ay + (by - ay) * t + 1e-6)
            if not out or out[-1] != h:
                out.append(h)
        return out

    # -- side lines (rivers, streams, ridges) ------------------------------
    def nearest_vertex(self, x, y):
        g = self.grid
        c, r = g.hex_at(x, y)
        if not g.on_map(c, r):
            return None
        best, bd = None, None
        for k in g.corner_keys(c, r):
            if k not in self.vadj:
                continue
            vx, vy = g.key_xy(k)
            d = math.hypot(vx - x, vy - y)
            if bd is None or d < bd:
                best, bd = k, d
        return best

    def vertex_path(self, a, b, seg, targets=None):
        """Shortest path over hex edges from a to b (or to any of targets),
        preferring edges near the segment seg = (ax, ay, bx, by)."""
        g = self.grid
        goal = targets if targets is not None else {b}
        dist = {a: 0.0}
        prev = {}
        heap = [(0.0, a)]
        while heap:
            d, v = heapq.heappop(heap)
            if v in goal:
                path = [v]
                while path[-1] != a:
                    path.append(prev[path[-1]])
                return path[::-1]
            if d > dist[v] or d > 60:
                continue
            for w in sorted(self.vadj[v]):
                wx, wy = g.key_xy(w)
                cost = 1.0
                if seg is not None:
                    cost += seg_dist(wx, wy, *seg) / self.grid.s
                nd = d + cost
                if w not in dist or nd < dist[w] - 1e-9:
                    dist[w] = nd
                    prev[w] = v
                    heapq.heappush(heap, (nd, w))
        raise SystemExit("no path over hex edges")

    def trace_side_line(self, line):
        pts = [self.point_xy(p) for p in line["points"]]
        chains, cur = [], []
        for i in range(len(pts) - 1):
            (ax, ay), (bx, by) = pts[i], pts[i + 1]
            n = max(1, int(math.hypot(bx - ax, by - ay) / 0.25))
            for k in range(n + 1):
                t = k / n
                x, y = ax + (bx - ax) * t, ay + (by - ay) * t
                v = self.nearest_vertex(x, y)
                if v is None:
                    if cur:
                        chains.append(cur)
                        cur = []
                    continue
                if cur and cur[-1] == v:
                    continue
                if cur and v not in self.vadj[cur[-1]]:
                    cur.extend(self.vertex_path(cur[-1], v, (ax, ay, bx, by))[1:-1])
                cur.append(v)
        if cur:
            chains.append(cur)
        chains = [remove_loops(ch, set()) for ch in chains if len(ch) > 1]
        if line.get("joins"):
            main = self.river_vertices[line["joins"]]
            last = chains[-1]
            if last[-1] not in main:
                last.extend(self.vertex_path(last[-1], None, None, main)[1:])
                chains[-1] = remove_loops(last, set())
        verts = set()
        sides = set()
        for ch in chains:
            verts.update(ch)
            for a, b in zip(ch, ch[1:]):
                e = (a, b) if a < b else (b, a)
                (c, r), d = self.edge_side[e]
                self.add_side_feature(c, r, d, line["feature"])
                sides.add((c, r, d))
        self.river_vertices[line["name"]] = verts
        self.line_sides[line["name"]] = sides

    def trace_lines(self, filename):
        with open(os.path.join(self.src, filename), encoding="utf-8") as f:
            lines = json.load(f)["lines"]
        # Water and ridges first: roads and rails are routed around them.
        for line in lines:
            if line["kind"] == "side":
                self.trace_side_line(line)
        for line in lines:
            if line["kind"] != "side":
                self.trace_connection(line)
        self.lines = lines


def remove_loops(seq, anchors):
    """Cut out any stretch that comes back to an earlier element, unless the
    stretch holds an anchor (a named place the line must visit)."""
    out = []
    pos = {}
    for v in seq:
        if v in pos:
            i = pos[v]
            if not any(u in anchors for u in out[i + 1:]):
                for u in out[i + 1:]:
                    del pos[u]
                del out[i + 1:]
                continue
        pos[v] = len(out)
        out.append(v)
    return out


# --------------------------------------------------------------------------
# Writing the scenario exactly as sand_scenario_to_data () does

def esc(text, attr=True):
    out = []
    for ch in text:
        if ch == "&":
            out.append("&amp;")
        elif ch == "<":
            out.append("&lt;")
        elif ch == ">":
            out.append("&gt;")
        elif ch == '"' and attr:
            out.append("&quot;")
        elif ch == "\r":
            out.append("&#13;")
        elif ch == "\n":
            out.append("&#10;" if attr else "\n")
        elif ch == "\t":
            out.append("&#9;" if attr else "\t")
        else:
            out.append(ch)
    return "".join(out)


def attrs(pairs):
    return "".join(' %s="%s"' % (k, esc(str(v))) for k, v in pairs if v is not None)


class Writer:
    def __init__(self, mb, ruleset_id):
        self.mb = mb
        self.ruleset_id = ruleset_id

    def hid(self, h):
        return self.mb.grid.hex_id(*h)

    def write(self, sc, markers):
        mb, g = self.mb, self.mb.grid
        out = ['<?xml version="1.0" encoding="UTF-8"?>\n<scenario'
               + attrs([("xmlns", "https://sandtable.github.io/ns/1"), ("version", 1),
                        ("ruleset", self.ruleset_id)]) + ">\n"]
        for el in ("title", "description", "notes"):
            if sc.get(el):
                out.append("  <%s>%s</%s>\n" % (el, esc(sc[el], False), el))
        game = sc["game"]
        head = "  <game" + attrs([("turns", game["turns"]), ("first-side", game["first-side"])])
        if game.get("options"):
            out.append(head + ">\n")
            for o in game["options"]:
                out.append("    <option" + attrs([("name", o)]) + "/>\n")
            out.append("  </game>\n")
        else:
            out.append(head + "/>\n")
        vic = sc.get("victory")
        if vic:
            out.append("  <victory>\n")
            if vic.get("text"):
                out.append("    <text>%s</text>\n" % esc(vic["text"], False))
            for lv in vic["levels"]:
                out.append("    <level" + attrs([("min", lv.get("min")), ("max", lv.get("max")),
                                                 ("winner", lv.get("winner")),
                                                 ("label", lv.get("label"))]) + "/>\n")
            out.append("  </victory>\n")
        m = mb.spec["map"]
        out.append("  <map" + attrs([("cols", g.cols), ("rows", g.rows),
                                     ("orientation", "flat"), ("stagger", "even"),
                                     ("hex-size", m.get("hex_size", 36)),
                                     ("default-terrain", m["default_terrain"]),
                                     ("default-country", m["default_country"])]) + ">\n")
        for r in range(g.rows):
            for c in range(g.cols):
                i = g.index(c, r)
                t = mb.terrain[i] if mb.terrain[i] != m["default_terrain"] else None
                k = mb.country[i] if mb.country[i] != m["default_country"] else None
                if t is None and k is None:
                    continue
                out.append("    <hex" + attrs([("id", g.hex_id(c, r)), ("terrain", t),
                                               ("country", k)]) + "/>\n")
        for r in range(g.rows):
            for c in range(g.cols):
                for d in range(3):
                    feats = mb.sides.get((c, r, d))
                    if not feats:
                        continue
                    fs = " ".join(f for f in mb.features if f in feats)
                    out.append("    <side" + attrs([("hex", g.hex_id(c, r)), ("dir", DIRS[d]),
                                                    ("features", fs)]) + "/>\n")
        for r in range(g.rows):
            for c in range(g.cols):
                name = mb.places.get(g.index(c, r))
                if name:
                    out.append("    <place" + attrs([("hex", g.hex_id(c, r)),
                                                     ("name", name)]) + "/>\n")
        for z in sc.get("zones", []):
            out.append("    <zone" + attrs([("id", z["id"]), ("name", z.get("name")),
                                            ("side", z.get("side")),
                                            ("color", z.get("color"))]) + "/>\n")
        for el, pairs in markers:
            out.append("    <%s%s/>\n" % (el, attrs(pairs)))
        out.append("  </map>\n")
        if sc.get("counters"):
            out.append("  <counters>\n")
            for k in sc["counters"]:
                out.append("    <counter" + attrs([
                    ("id", k["id"]), ("side", k["side"]), ("type", k["type"]),
                    ("name", k.get("name")), ("strength", k.get("strength")),
                    ("reduced", k.get("reduced")), ("steps", k.get("steps")),
                    ("ma", k.get("ma")), ("quality", k.get("quality") or None),
                    ("parent", k.get("parent")), ("band", k.get("band")),
                    ("note", k.get("note"))]) + "/>\n")
            out.append("  </counters>\n")
        if sc.get("oobs"):
            out.append("  <orders-of-battle>\n")
            for o in sc["oobs"]:
                out.append("    <oob" + attrs([("id", o["id"]), ("side", o["side"]),
                                               ("name", o.get("name")), ("die", o.get("die"))])
                           + ">\n")
                if o.get("description"):
                    out.append("      <description>%s</description>\n"
                               % esc(o["description"], False))
                for p in o.get("placements", []):
                    out.append("      <placement" + attrs([("counter", p["counter"]),
                                                           ("hex", p.get("hex")),
                                                           ("zone", p.get("zone"))]) + "/>\n")
                for z in o.get("zone_limits", []):
                    out.append("      <zone-limit" + attrs([
                        ("zone", z["zone"]), ("max-per-hex", z.get("max_per_hex")),
                        ("min", z.get("min")), ("max", z.get("max"))]) + "/>\n")
                for r in o.get("reinforcements", []):
                    out.append("      <reinforcement" + attrs([
                        ("turn", r["turn"]), ("counter", r.get("counter")),
                        ("points", r.get("points")), ("hex", r.get("hex")),
                        ("entry", r.get("entry")),
                        ("entrained", "true" if r.get("entrained") else None),
                        ("code", r.get("code")), ("note", r.get("note"))]) + "/>\n")
                out.append("    </oob>\n")
            out.append("  </orders-of-battle>\n")
        out.append("</scenario>\n")
        return "".join(out)


def write_file(path, text):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


# --------------------------------------------------------------------------
# The games

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


GAMES = {}


def game(name):
    def deco(fn):
        GAMES[name] = fn
        return fn
    return deco


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


# Game-specific assembly follows; it lives in this file so that the tool
# stays one script.


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


if __name__ == "__main__":
    main()
