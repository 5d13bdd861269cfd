# SPDX-License-Identifier: GPL-3.0-or-later
"""Writing the scenario exactly as sand_scenario_to_data () does, so a file
loaded and saved by Sandtable comes back byte-identical."""

from .grid import DIRS


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
