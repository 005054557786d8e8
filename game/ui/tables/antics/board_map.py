"""The Antics! board as a Tiled map (assets/maps/antics_board.tmx): art and positions only.

The rules (which nodes and trails exist, their ends and terrains) live in data/antics/*.yaml;
``check_map`` lists where the map disagrees with them. Loading needs no display: pytmx's default
image loader only records file names.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree.ElementTree import ParseError

import pytmx

from game.core.data import DataError
from game.core.paths import resource_path

MAX_BYTES = 5 * 1024 * 1024
Rect = tuple[float, float, float, float]


@dataclass(frozen=True)
class BoardMap:
    width: int                                             # map pixels
    height: int
    tile: int
    terrain: tuple[tuple[str | None, ...], ...]            # [row][col] tile 'terrain' property, None = empty
    nodes: dict[str, tuple[float, float]]
    trails: dict[str, tuple[tuple[float, float], ...]]     # polyline in map pixels, from a to b
    trail_ends: dict[str, tuple[str, str]]
    trail_terrain: dict[str, str]
    hatching: dict[str, Rect]                              # area id -> x, y, w, h
    hatching_order: tuple[str, ...]
    scout_fields: dict[int, Rect]                          # field number -> x, y, w, h
    guide: Rect
    node_kinds: dict[str, str] = field(default_factory=dict)


def _display(path: Path) -> str:
    parts = path.parts
    if "assets" in parts:
        return "/".join(parts[len(parts) - 1 - parts[::-1].index("assets"):])
    return str(path)


def load_board_map(path: Path | str | None = None) -> BoardMap:
    path = Path(path) if path is not None else resource_path("assets", "maps", "antics_board.tmx")
    name = _display(path)
    if not path.exists():
        raise DataError(name, None, None, "file is missing")
    if not path.is_file():
        raise DataError(name, None, None, "is not a regular file")
    if path.stat().st_size > MAX_BYTES:
        raise DataError(name, None, None, "is larger than 5 MB")
    try:
        tm = pytmx.TiledMap(str(path))
    except ParseError as e:
        raise DataError(name, None, None, f"XML error: {e}") from None
    except Exception as e:  # pytmx raises many kinds (missing tileset, bad attribute, ...)
        raise DataError(name, None, None, f"cannot be read as a Tiled map ({type(e).__name__}: {e})") from None

    def layer(lname: str, kind: type):
        found = [la for la in tm.layers if getattr(la, "name", None) == lname]
        if not found or not isinstance(found[0], kind):
            what = "tile layer" if kind is pytmx.TiledTileLayer else "object layer"
            raise DataError(name, lname, None, f"the map has no {what} named '{lname}'")
        return found[0]

    def objects(lname: str) -> dict:
        out = {}
        for obj in layer(lname, pytmx.TiledObjectGroup):
            if not isinstance(obj.name, str) or not obj.name:
                raise DataError(name, f"{lname} object id {obj.id}", None, "has no name")
            if obj.name in out:
                raise DataError(name, obj.name, None, f"appears twice in layer '{lname}'")
            out[obj.name] = obj
        return out

    def prop(obj, key: str, kind: type):
        value = obj.properties.get(key)
        if value is None:
            raise DataError(name, obj.name, key, "property is missing")
        if not isinstance(value, kind) or isinstance(value, bool):
            want = "a whole number" if kind is int else "text"
            raise DataError(name, obj.name, key, f"property must be {want}, found {value!r}")
        return value

    def rect(obj) -> Rect:
        if not (obj.width > 0 and obj.height > 0):
            raise DataError(name, obj.name, None, "must be a rectangle with a width and a height")
        return (float(obj.x), float(obj.y), float(obj.width), float(obj.height))

    data = layer("terrain", pytmx.TiledTileLayer).data
    terrain_of: dict[int, str | None] = {0: None}
    for gid in sorted({g for row in data for g in row} - {0}):
        terrain_of[gid] = (tm.get_tile_properties_by_gid(gid) or {}).get("terrain")
        if not isinstance(terrain_of[gid], str) or not terrain_of[gid]:
            raise DataError(name, "terrain", "terrain", f"tile gid {gid} has no 'terrain' property")
    rows = tuple(tuple(terrain_of[g] for g in row) for row in data)

    node_objs = objects("nodes")
    trails, ends, ters = {}, {}, {}
    for tid, obj in objects("trails").items():
        pts = getattr(obj, "points", None)
        if obj.closed or not pts or len(pts) < 2:
            raise DataError(name, tid, None, "must be a polyline with at least two points")
        trails[tid] = tuple((float(p.x), float(p.y)) for p in pts)
        ends[tid] = (prop(obj, "a", str), prop(obj, "b", str))
        ters[tid] = prop(obj, "terrain", str)

    hatch_objs = objects("hatching")
    for area, obj in hatch_objs.items():
        if prop(obj, "area", str) != area:
            raise DataError(name, area, "area", f"property '{obj.properties['area']}' differs from the object name")
    order = sorted(hatch_objs, key=lambda a: prop(hatch_objs[a], "order", int))
    if len({hatch_objs[a].properties["order"] for a in order}) != len(order):
        raise DataError(name, "hatching", "order", "two areas have the same order")

    guide, fields = None, {}
    for oname, obj in objects("scout").items():
        if oname == "guide":
            guide = rect(obj)
            continue
        number = prop(obj, "field", int)
        if number in fields:
            raise DataError(name, oname, "field", f"field {number} appears twice")
        fields[number] = rect(obj)
    if guide is None:
        raise DataError(name, "scout", None, "has no rectangle named 'guide'")

    return BoardMap(
        width=tm.width * tm.tilewidth, height=tm.height * tm.tileheight, tile=tm.tilewidth,
        terrain=rows, nodes={n: (float(o.x), float(o.y)) for n, o in node_objs.items()},
        trails=trails, trail_ends=ends, trail_terrain=ters,
        hatching={a: rect(hatch_objs[a]) for a in order}, hatching_order=tuple(order),
        scout_fields=dict(sorted(fields.items())), guide=guide,
        node_kinds={n: prop(o, "kind", str) for n, o in node_objs.items()})


def check_map(bm: BoardMap, board_nodes: dict[str, str], trails: dict[str, tuple[str, str, str]],
              hatching_ids: list[str]) -> list[str]:
    """Plain-words problems where the map and the rules data disagree; [] when they agree."""
    problems = []

    def both(what: str, on_map, in_data, source: str):
        problems.extend(f"{what} {k} is in {source} but not on the map" for k in in_data if k not in on_map)
        problems.extend(f"{what} {k} is on the map but not in {source}" for k in on_map if k not in in_data)

    both("node", bm.nodes, board_nodes, "board.yaml")
    for n, kind in board_nodes.items():
        if n in bm.node_kinds and bm.node_kinds[n] != kind:
            problems.append(f"node {n} is a {bm.node_kinds[n]} on the map but a {kind} in board.yaml")
    both("trail", bm.trails, trails, "board.yaml")
    for tid, (a, b, ter) in trails.items():
        if tid not in bm.trails:
            continue
        ter = ter if isinstance(ter, str) else ",".join(ter)
        if bm.trail_ends[tid] != (a, b):
            problems.append(f"trail {tid} joins {'-'.join(bm.trail_ends[tid])} on the map but {a}-{b} in board.yaml")
        if bm.trail_terrain[tid] != ter:
            problems.append(f"trail {tid} is {bm.trail_terrain[tid]} on the map but {ter} in board.yaml")
        pts = bm.trails[tid]
        for label, node, p in (("start", a, pts[0]), ("end", b, pts[-1])):
            if node in bm.nodes and math.dist(p, bm.nodes[node]) > 2:
                problems.append(f"trail {tid} does not {label} at node {node} (it is "
                                f"{math.dist(p, bm.nodes[node]):.0f} px away)")
    both("hatching area", bm.hatching, hatching_ids, "components.yaml")
    if set(bm.hatching_order) == set(hatching_ids) and list(bm.hatching_order) != list(hatching_ids):
        problems.append(f"hatching areas run {', '.join(bm.hatching_order)} on the map but "
                        f"{', '.join(hatching_ids)} in components.yaml")
    if sorted(bm.scout_fields) != list(range(1, 7)):
        problems.append(f"scout fields are {sorted(bm.scout_fields)} on the map, not exactly 1 to 6")
    return problems
