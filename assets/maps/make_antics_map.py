"""How the Antics! board map was FIRST made: writes antics_terrain.png, antics_terrain.tsx and
antics_board.tmx next to this script.

After that first run the .tmx (opened and edited in Tiled) is the source of truth for art and
positions; data/antics/board.yaml and components.yaml stay the source of truth for the rules, and
tests/ui/test_board_map.py checks that the two agree. Re-running this script would throw away
hand edits, so it refuses to overwrite existing files unless given --force.

The game never imports this file. Run it from the project root:
    SDL_VIDEODRIVER=dummy .venv/bin/python assets/maps/make_antics_map.py [--force]
Node positions come from shared/components/antics.md 3.6 (a 1600 x 900 board), shifted down by
260 px to leave room for the scout strip above it; the hatching strip lies below.
"""
from __future__ import annotations

import math
import os
import random
import sys
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
TILE, COLS, ROWS = 40, 40, 32
BOARD_TOP, BOARD_BOTTOM = 260, 1160
TERRAIN_ROWS = range(6, 29)                  # rows 6..28 hold terrain, the rest is table
TILES = ["flower", "grass", "water", "pebble", "stone", "table"]   # gid = index + 1

POS = {  # antics.md 3.6, board pixels (y is shifted by BOARD_TOP below)
    "AH": (800, 430), "J1": (800, 270), "J2": (975, 340), "J3": (975, 520), "J4": (800, 600),
    "J5": (625, 520), "J6": (625, 340), "J7": (660, 140), "J8": (950, 150), "J9": (1160, 230),
    "J10": (1170, 500), "J11": (1200, 680), "J12": (960, 780), "J13": (450, 700),
    "J14": (400, 470), "J15": (420, 250), "J16": (1380, 330), "P_RED": (150, 480),
    "P_FLOWER": (240, 120), "P_GRASS": (660, 700), "P_WATER": (800, 60),
    "P_PEBBLE": (1440, 800), "P_STONE": (1500, 200), "L_BROWN": (720, 830),
    "L_GREEN": (1280, 90),
}
# the stream: from the top centre, past the hill, away to the west (board pixels)
STREAM = [(790, -40), (800, 60), (815, 170), (790, 270), (700, 300), (625, 340),
          (520, 372), (410, 362), (300, 330), (180, 318), (60, 330), (-40, 340)]
BROOK = [(880, 940), (930, 840), (960, 780), (1200, 795), (1440, 800), (1640, 770)]
POND = [(800, 270), (625, 340), (800, 430)]     # J1, J6, AH
ANCHORS = {"flower": [(60, 60), (330, 40), (120, 230)], "grass": [(80, 860), (330, 880), (60, 640)],
           "stone": [(1560, 60), (1420, 120), (1560, 300), (1100, 60)],
           "pebble": [(1560, 880), (1300, 880), (1560, 600)]}
SCOUT_Y, SCOUT_H = 10, 220
GUIDE = (40, SCOUT_Y, 210, SCOUT_H)
FIELD_X0, FIELD_W, FIELD_GAP = 280, 200, 16          # six fields from x 280 to 1560
HATCH_X0, HATCH_W, HATCH_GAP, HATCH_Y, HATCH_H = 40, 240, 16, 1170, 100


# ---------------------------------------------------------------- tileset art (pygame drawing)
def draw_tileset(path: Path) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame          # Surface, draw and image.save need no display and no pygame.init()
    sheet = pygame.Surface((TILE * len(TILES), TILE))
    base = {"flower": (122, 176, 84), "grass": (78, 146, 62), "water": (66, 128, 196),
            "pebble": (206, 160, 104), "stone": (140, 142, 146), "table": (150, 108, 70)}
    for i, name in enumerate(TILES):
        rng = random.Random(name)
        s = pygame.Surface((TILE, TILE))
        s.fill(base[name])

        def wrap(draw):           # draw at the 9 wrapped offsets so the tile repeats seamlessly
            for dx in (-TILE, 0, TILE):
                for dy in (-TILE, 0, TILE):
                    draw(dx, dy)
        if name in ("flower", "grass"):
            for _ in range(14):
                x, y = rng.randrange(TILE), rng.randrange(TILE)
                c = (58, 120, 46) if name == "grass" else (96, 150, 66)
                lean = rng.choice((-1, 1))
                wrap(lambda dx, dy: pygame.draw.line(s, c, (x + dx, y + dy), (x + dx + lean, y + dy - 4)))
        if name == "flower":
            for col in ((240, 210, 60), (250, 250, 240), (226, 110, 150), (240, 210, 60)):
                x, y = rng.randrange(TILE), rng.randrange(TILE)
                wrap(lambda dx, dy: [pygame.draw.circle(s, col, (x + dx + ox, y + dy + oy), 2)
                                     for ox, oy in ((-2, 0), (2, 0), (0, -2), (0, 2))])
                wrap(lambda dx, dy: pygame.draw.circle(s, (200, 120, 40), (x + dx, y + dy), 1))
        if name == "water":
            for y in (8, 22, 34):
                x = rng.randrange(TILE)
                wrap(lambda dx, dy: pygame.draw.arc(s, (140, 190, 236), (x + dx, y + dy, 14, 6), 0.3, 2.8, 1))
        if name in ("pebble", "stone"):
            n, rmin, rmax = (9, 2, 4) if name == "pebble" else (4, 5, 9)
            for _ in range(n):
                x, y, r = rng.randrange(TILE), rng.randrange(TILE), rng.randint(rmin, rmax)
                shade = rng.randint(-30, 20)
                c = tuple(max(0, min(255, v + shade)) for v in base[name])
                wrap(lambda dx, dy: pygame.draw.ellipse(s, tuple(v * 3 // 4 for v in c), (x + dx - r, y + dy - r + 1, 2 * r + 1, 2 * r)))
                wrap(lambda dx, dy: pygame.draw.ellipse(s, c, (x + dx - r, y + dy - r, 2 * r, 2 * r - 1)))
        if name == "table":
            for y in range(3, TILE, 7):
                wrap(lambda dx, dy: pygame.draw.line(s, (132, 92, 58), (dx, y + dy), (TILE + dx, y + dy + 1)))
        sheet.blit(s, (i * TILE, 0))
    pygame.image.save(sheet, str(path))


# ---------------------------------------------------------------- geometry
def dist_seg(p, a, b):
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy or 1)))
    return math.hypot(ax + t * dx - px, ay + t * dy - py)


def dist_poly(p, pts):
    return min(dist_seg(p, pts[i], pts[i + 1]) for i in range(len(pts) - 1))


def inside(p, poly):
    x, y, hit = p[0], p[1], False
    for (ax, ay), (bx, by) in zip(poly, poly[1:] + poly[:1]):
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            hit = not hit
    return hit


def _cross(o, a, b):
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def seg_hit(p1, p2, q1, q2):
    d1, d2, d3, d4 = _cross(q1, q2, p1), _cross(q1, q2, p2), _cross(p1, p2, q1), _cross(p1, p2, q2)
    return ((d1 > 0) != (d2 > 0)) and ((d3 > 0) != (d4 > 0)) and 0 not in (d1, d2, d3, d4)


def polys_cross(p, q, shared):
    for i in range(len(p) - 1):
        for j in range(len(q) - 1):
            if (p[i] in shared or p[i + 1] in shared) and (q[j] in shared or q[j + 1] in shared):
                # segments touching a shared end node: they may meet only there, so test for overlap
                if seg_hit(p[i], p[i + 1], q[j], q[j + 1]):
                    return True
                continue
            if seg_hit(p[i], p[i + 1], q[j], q[j + 1]) or min(
                    dist_seg(p[i], q[j], q[j + 1]), dist_seg(p[i + 1], q[j], q[j + 1])) < 1:
                return True
    return False


def bend(a, b, rng):
    (ax, ay), (bx, by) = a, b
    length = math.hypot(bx - ax, by - ay)
    nx, ny = -(by - ay) / length, (bx - ax) / length
    cap = 34

    def at(t, off):
        return (round(ax + (bx - ax) * t + nx * off), round(ay + (by - ay) * t + ny * off))
    side = rng.choice((-1, 1))
    if length < 220:
        return [a, at(0.5, side * min(cap, rng.uniform(0.07, 0.13) * length)), b]
    o1 = side * min(cap, rng.uniform(0.05, 0.10) * length)
    o2 = (side if rng.random() < 0.5 else -side) * min(cap, rng.uniform(0.04, 0.09) * length)
    return [a, at(rng.uniform(0.3, 0.38), o1), at(rng.uniform(0.62, 0.7), o2), b]


def make_trails(nodes, trails):
    """Straight trails first (antics.md guarantees they are fine), then bend them one by one,
    keeping a bend only if it crosses nothing and stays 25+ px away from every other node."""
    rng = random.Random(2010)
    poly = {t["id"]: [nodes[t["a"]], nodes[t["b"]]] for t in trails}
    for t in trails:
        if t["terrain"] == "chasm":
            continue
        for _ in range(40):
            cand = bend(nodes[t["a"]], nodes[t["b"]], rng)
            if any(dist_poly(p, cand) < 32 for n, p in nodes.items() if n not in (t["a"], t["b"])):
                continue
            ok = True
            for u in trails:
                if u["id"] == t["id"]:
                    continue
                shared = {nodes[n] for n in (t["a"], t["b"]) if n in (u["a"], u["b"])}
                if polys_cross(cand, poly[u["id"]], shared):
                    ok = False
                    break
            if ok:
                poly[t["id"]] = cand
                break
    return poly


# ---------------------------------------------------------------- terrain painting
def paint_terrain(poly, trails):
    rng = random.Random(38)
    grids = {scale: [[rng.uniform(-1, 1) for _ in range(96)] for _ in range(40)] for scale in (4, 1.5)}

    def noise(x, y, scale):   # smooth value noise so borders wander; scale in tiles
        grid = grids[scale]
        gx, gy = x / (scale * TILE), y / (scale * TILE)
        i, j = int(gx), int(gy)
        fx, fy = gx - i, gy - j
        top = grid[j][i] * (1 - fx) + grid[j][i + 1] * fx
        bot = grid[j + 1][i] * (1 - fx) + grid[j + 1][i + 1] * fx
        return top * (1 - fy) + bot * fy

    def warp(x, y):           # domain warping: look up the layout at a nearby, wandering point
        return (x + 90 * noise(x, y, 4) + 35 * noise(x + 1700, y, 1.5),
                y + 90 * noise(x + 2400, y, 4) + 35 * noise(x + 3100, y, 1.5))

    # land: nearest sample of a land trail's middle part or of a corner anchor
    seeds = [(x, y + BOARD_TOP, ter) for ter, pts in ANCHORS.items() for x, y in pts]
    for t in trails:
        if t["terrain"] not in ("chasm", "water"):
            seeds += [(*_along(poly[t["id"]], k / 20), t["terrain"]) for k in range(3, 18)]
    # water: the stream, a brook along the lower right, a band along every water trail, and a
    # pond in the triangle of water trails west of the hill
    waters = [[(x, y + BOARD_TOP) for x, y in line] for line in (STREAM, BROOK)]
    waters += [[_along(poly[t["id"]], k / 10) for k in range(1, 10)] for t in trails if t["terrain"] == "water"]
    pond = [(x, y + BOARD_TOP) for x, y in POND]
    cells = [[TILES.index("table") + 1] * COLS for _ in range(ROWS)]
    for r in TERRAIN_ROWS:
        for c in range(COLS):
            x, y = c * TILE + TILE / 2, r * TILE + TILE / 2
            wx, wy = warp(x, y)
            if min(dist_poly((x, y), w) for w in waters) < 26 + 14 * noise(x + 900, y, 1.5) \
                    or inside((wx, wy), pond):
                ter = "water"
            else:
                ter = min(seeds, key=lambda s: math.dist((wx, wy), s[:2]))[2]
            cells[r][c] = TILES.index(ter) + 1
    # tidy up the land (water stays narrow on purpose): a land cell with at most one same-terrain
    # side neighbour joins the majority of its land neighbours
    water = TILES.index("water") + 1
    for r in TERRAIN_ROWS:
        for c in range(COLS):
            if cells[r][c] == water:
                continue
            near = [cells[r + dr][c + dc] for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                    if (dr or dc) and r + dr in TERRAIN_ROWS and 0 <= c + dc < COLS]
            sides = [cells[r + dr][c + dc] for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                     if r + dr in TERRAIN_ROWS and 0 <= c + dc < COLS]
            land = [g for g in near if g != water]
            if sides.count(cells[r][c]) <= 1 and land:
                cells[r][c] = max(sorted(set(land)), key=land.count)
    # every trail's middle belongs to its own terrain (fords where a path crosses the stream)
    for t in trails:
        if t["terrain"] == "chasm":
            continue
        for f in (0.4, 0.5, 0.6):
            x, y = _along(poly[t["id"]], f)
            cells[int(y // TILE)][int(x // TILE)] = TILES.index(t["terrain"]) + 1
    return cells


def _along(pts, f):
    segs = [math.dist(pts[i], pts[i + 1]) for i in range(len(pts) - 1)]
    d = sum(segs) * f
    for i, s in enumerate(segs):
        if d <= s:
            g = d / s
            return (pts[i][0] + (pts[i + 1][0] - pts[i][0]) * g, pts[i][1] + (pts[i + 1][1] - pts[i][1]) * g)
        d -= s
    return pts[-1]


# ---------------------------------------------------------------- writing Tiled files
def props(**kw):
    out = ["   <properties>"]
    for k, v in kw.items():
        typ = ' type="int"' if isinstance(v, int) else ""
        out.append(f'    <property name="{k}"{typ} value="{v}"/>')
    return out + ["   </properties>"]


def write_tsx(path: Path) -> None:
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<tileset version="1.10" tiledversion="1.10.2" name="antics_terrain" tilewidth="{TILE}" '
             f'tileheight="{TILE}" tilecount="{len(TILES)}" columns="{len(TILES)}">',
             f' <image source="antics_terrain.png" width="{TILE * len(TILES)}" height="{TILE}"/>']
    for i, name in enumerate(TILES):
        lines += [f' <tile id="{i}">', *[s[1:] for s in props(terrain=name)], " </tile>"]
    path.write_text("\n".join(lines + ["</tileset>", ""]), encoding="utf-8")


def write_tmx(path: Path, nodes, kinds, trails, poly, cells, hatch_ids) -> None:
    oid = 1
    groups = []

    def obj(name, x, y, body, w=None, h=None):
        nonlocal oid
        size = f' width="{w}" height="{h}"' if w is not None else ""
        head = f'  <object id="{oid}" name="{name}" x="{x}" y="{y}"{size}'
        out = [head + ">", *body, "  </object>"] if body else [head + "/>"]
        oid += 1
        return out
    scout = obj("guide", *GUIDE[:2], [], *GUIDE[2:])
    for f in range(1, 7):
        scout += obj(f"field{f}", FIELD_X0 + (f - 1) * (FIELD_W + FIELD_GAP), SCOUT_Y, props(field=f), FIELD_W, SCOUT_H)
    groups.append(("scout", scout))
    hatch = []
    for i, area in enumerate(hatch_ids, start=1):
        hatch += obj(area, HATCH_X0 + (i - 1) * (HATCH_W + HATCH_GAP), HATCH_Y, props(order=i, area=area), HATCH_W, HATCH_H)
    groups.append(("hatching", hatch))
    tr = []
    for t in trails:
        pts = poly[t["id"]]
        x0, y0 = pts[0]
        rel = " ".join(f"{x - x0:g},{y - y0:g}" for x, y in pts)
        tr += obj(t["id"], x0, y0, props(a=t["a"], b=t["b"], terrain=t["terrain"]) + [f'   <polyline points="{rel}"/>'])
    groups.append(("trails", tr))
    nd = []
    for n, (x, y) in nodes.items():
        nd += obj(n, x, y, props(kind=kinds[n]) + ["   <point/>"])
    groups.append(("nodes", nd))

    csv = ",\n".join(",".join(str(g) for g in row) for row in cells)
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" '
             f'width="{COLS}" height="{ROWS}" tilewidth="{TILE}" tileheight="{TILE}" infinite="0" '
             f'backgroundcolor="#8a6446" nextlayerid="{len(groups) + 2}" nextobjectid="{oid}">',
             ' <tileset firstgid="1" source="antics_terrain.tsx"/>',
             f' <layer id="1" name="terrain" width="{COLS}" height="{ROWS}">',
             '  <data encoding="csv">', csv, "</data>", " </layer>"]
    for i, (name, body) in enumerate(groups, start=2):
        lines += [f' <objectgroup id="{i}" name="{name}">', *[" " + s[1:] if s.startswith("  ") else s for s in body],
                  " </objectgroup>"]
    path.write_text("\n".join(lines + ["</map>", ""]), encoding="utf-8")


def main() -> None:
    out = [HERE / "antics_terrain.png", HERE / "antics_terrain.tsx", HERE / "antics_board.tmx"]
    if "--force" not in sys.argv and any(p.exists() for p in out):
        sys.exit("the map already exists and is the source of truth now; use --force to overwrite it")
    board = yaml.safe_load((ROOT / "data" / "antics" / "board.yaml").read_text(encoding="utf-8"))
    comps = yaml.safe_load((ROOT / "data" / "antics" / "components.yaml").read_text(encoding="utf-8"))
    kinds = {n["id"]: n["kind"] for n in board["nodes"]}
    nodes = {n: (POS[n][0], POS[n][1] + BOARD_TOP) for n in kinds}
    trails = board["trails"]
    poly = make_trails(nodes, trails)
    cells = paint_terrain(poly, trails)
    draw_tileset(out[0])
    write_tsx(out[1])
    write_tmx(out[2], nodes, kinds, trails, poly, cells, [h["id"] for h in comps["hatching_areas"]])
    print("wrote", *(p.relative_to(ROOT) for p in out))


if __name__ == "__main__":
    main()
