# SPDX-License-Identifier: GPL-3.0-or-later
"""Hex grid: flat-topped, columns, even (1-based) columns half a hex lower;
the geometry helpers and the projection from latitude and longitude."""

import math

DIRS = ("n", "ne", "se", "s", "sw", "nw")
SQRT3 = math.sqrt(3.0)


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
