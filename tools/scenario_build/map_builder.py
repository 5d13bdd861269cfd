# SPDX-License-Identifier: GPL-3.0-or-later
"""The map being built: places, areas and lines traced onto the hex grid."""

import csv
import heapq
import json
import math
import os

from .grid import Grid, Projection, point_in_polygon, seg_dist


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
