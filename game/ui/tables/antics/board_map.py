"""The Antics! board as a Tiled map (assets/maps/antics_board.tmx): art and positions only.

The rules (which nodes and trails exist, their ends and terrains) live in data/antics/*.yaml;
``check_map`` lists where the map disagrees with them and ``check_bundled_map`` is the start-up check.
Loading needs no display: pytmx's default image loader only records file names.

The map is a file anyone may have edited, so it is read like a save: the map and every file it
names (tilesets, images) must be regular files within a size bound, read without blocking
(``safe_yaml.read_text``); the XML is checked before pytmx sees it (no DOCTYPE or entities, sane
sizes, layer data that inflates to exactly width * height * 4 bytes, inflated with a bound), and
pytmx is given the checked tree with the tilesets written in place, so it opens no file itself.
"""
from __future__ import annotations

import base64
import binascii
import math
import os
import stat
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree import ElementTree
from xml.etree.ElementTree import ParseError

import pytmx

from game.core.data import DataError
from game.core.paths import resource_path
from game.core.safe_yaml import LoadError, read_text

MAX_BYTES = 5 * 1024 * 1024          # the map and each file it names
MAX_TILESET_BYTES = 1024 * 1024
MAX_TILES_PER_SIDE = 256              # map width and height in tiles
MIN_TILES_PER_SIDE = 4
MAX_MAP_PIXELS = 4096                 # map width and height in pixels (the view paints it whole)
MIN_TILE, MAX_TILE = 8, 256           # tile size in pixels
MAX_TILESET_TILES = 4096
MAX_OBJECTS = 5000
MAX_POINTS = 1000                     # per polyline or polygon
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


def _read(path: Path, name: str, max_bytes: int) -> str:
    """The text of a regular file within ``max_bytes``, read without blocking, or DataError."""
    try:
        return read_text(path, name, max_bytes)
    except LoadError as e:
        words = str(e)
        raise DataError(name, None, None, words[len(name) + 2:] if words.startswith(name + ": ") else words) from None


def _xml(text: str, name: str, root_tag: str) -> ElementTree.Element:
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        raise DataError(name, None, None, "declares a DOCTYPE or entities, which a Tiled file never has")
    try:
        root = ElementTree.fromstring(text)
    except ParseError as e:
        raise DataError(name, None, None, f"XML error: {e}") from None
    if root.tag != root_tag:
        raise DataError(name, None, None, f"is not a Tiled {'map' if root_tag == 'map' else 'tileset'} "
                                          f"(its top element is <{root.tag}>, not <{root_tag}>)")
    return root


def _int(node, attr: str, name: str, entry: str | None, low: int, high: int, default: int | None = None) -> int:
    raw = node.get(attr)
    if raw is None and default is not None:
        return default
    try:
        value = int(raw)
    except (TypeError, ValueError):
        raise DataError(name, entry, attr, f"must be a whole number, found {raw!r}") from None
    if not low <= value <= high:
        raise DataError(name, entry, attr, f"is {value}; it must be from {low} to {high}")
    return value


def _check_image(node, base: Path, name: str, entry: str) -> None:
    """An image a tileset or layer names: if it is there, a regular file within the bound (stat only:
    the view paints the board itself and never opens it)."""
    source = node.get("source")
    if not source:
        raise DataError(name, entry, "source", "an image without a file name")
    shown = _display(base / source)
    try:
        info = os.stat(base / source)
    except FileNotFoundError:
        return
    except (OSError, ValueError):
        raise DataError(shown, None, None, f"cannot be read (named by {name})") from None
    if not stat.S_ISREG(info.st_mode):
        raise DataError(shown, None, None, "is not a regular file")
    if info.st_size > MAX_BYTES:
        raise DataError(shown, None, None, "is larger than 5 MB")
    for attr in ("width", "height"):
        if node.get(attr) is not None:
            _int(node, attr, name, entry, 1, 16384)


def _tileset(node, map_dir: Path, map_name: str) -> None:
    """Check one <tileset>; an external one (source=...) is read and written in place."""
    firstgid = _int(node, "firstgid", map_name, "tileset", 1, 1 << 20)
    name, base, source = map_name, map_dir, node.get("source")
    if source is not None:
        if not source.lower().endswith(".tsx"):
            raise DataError(map_name, "tileset", "source", f"'{source}' is not a .tsx tileset")
        path = map_dir / source
        name = _display(path)
        ts = _xml(_read(path, name, MAX_TILESET_BYTES), name, "tileset")
        base = path.parent
        rel = os.path.dirname(source)
        for img in ts.iter("image"):      # image paths were relative to the .tsx, now to the map
            if img.get("source"):
                _check_image(img, base, name, "image")
                img.set("source", os.path.join(rel, img.get("source")))
        node.attrib.clear()
        node.attrib.update(ts.attrib)
        node.set("firstgid", str(firstgid))
        node[:] = list(ts)
    else:
        for img in node.iter("image"):
            _check_image(img, base, name, "image")
    tw = _int(node, "tilewidth", name, "tileset", 1, MAX_TILE)
    th = _int(node, "tileheight", name, "tileset", 1, MAX_TILE)
    _int(node, "margin", name, "tileset", 0, 1024, default=0)
    _int(node, "spacing", name, "tileset", 0, 1024, default=0)
    _int(node, "tilecount", name, "tileset", 0, MAX_TILESET_TILES, default=0)
    image = node.find("image")
    if image is not None:
        iw = _int(image, "width", name, "image", 1, 16384)
        ih = _int(image, "height", name, "image", 1, 16384)
        if (iw // tw) * (ih // th) > MAX_TILESET_TILES:
            raise DataError(name, "image", None, f"cuts into more than {MAX_TILESET_TILES} tiles")
    tiles = node.findall("tile")
    if len(tiles) > MAX_TILESET_TILES:
        raise DataError(name, "tileset", None, f"has more than {MAX_TILESET_TILES} tiles")
    for t in tiles:
        _int(t, "id", name, "tile", 0, MAX_TILESET_TILES - 1)


def _layer_data(layer, w: int, h: int, name: str) -> None:
    """Check a tile layer's data; compressed or base64 data is decoded here, with its inflated size
    bounded by width * height * 4 bytes, and written back as csv (pytmx then inflates nothing)."""
    lname = layer.get("name") or "layer"
    data = layer.find("data")
    if data is None:
        raise DataError(name, lname, None, "the layer has no data")
    if data.find("chunk") is not None or data.find("tile") is not None:
        raise DataError(name, lname, None, "the layer data must be csv or base64 (not chunks or <tile> elements)")
    encoding, compression = data.get("encoding"), data.get("compression")
    text = (data.text or "").strip()
    want = w * h * 4
    if encoding == "csv":
        if compression:
            raise DataError(name, lname, "compression", "csv layer data cannot be compressed")
        cells = text.split(",")
        if len(cells) != w * h:
            raise DataError(name, lname, None, f"the layer holds {len(cells)} tiles, not {w} x {h} = {w * h}")
        try:
            gids = [int(c) for c in cells]
        except ValueError:
            raise DataError(name, lname, None, "the layer data holds something that is not a tile number") from None
    elif encoding == "base64":
        try:
            raw = base64.b64decode("".join(text.split()), validate=True)
        except (binascii.Error, ValueError):
            raise DataError(name, lname, None, "the layer data is not valid base64") from None
        if compression in ("zlib", "gzip"):
            inflater = zlib.decompressobj(zlib.MAX_WBITS | (16 if compression == "gzip" else 0))
            try:
                out = inflater.decompress(raw, want + 1)
            except zlib.error:
                raise DataError(name, lname, None, f"the layer data is not valid {compression} data") from None
            if len(out) > want or inflater.unconsumed_tail:
                raise DataError(name, lname, None, f"the layer data inflates to more than "
                                                   f"{w} x {h} tiles ({want:,} bytes); refused")
            if not inflater.eof or inflater.unused_data:
                raise DataError(name, lname, None, f"the layer data is not one complete {compression} stream")
            raw = out
        elif compression:
            raise DataError(name, lname, "compression", f"'{compression}' is not supported (zlib or gzip)")
        if len(raw) != want:
            raise DataError(name, lname, None, f"the layer holds {len(raw) // 4} tiles, not {w} x {h} = {w * h}")
        gids = [int.from_bytes(raw[i:i + 4], "little") for i in range(0, want, 4)]
    else:
        raise DataError(name, lname, "encoding", f"must be csv or base64, found {encoding!r}")
    if any(g < 0 or g >= 1 << 32 for g in gids):
        raise DataError(name, lname, None, "the layer data holds a tile number out of range")
    data.attrib.clear()
    data.set("encoding", "csv")
    data.text = ",".join(map(str, gids))


def _checked_tree(path: Path, name: str) -> ElementTree.Element:
    """The map's XML, checked, with external tilesets in place and layer data as csv."""
    root = _xml(_read(path, name, MAX_BYTES), name, "map")
    if root.get("infinite", "0") != "0":
        raise DataError(name, None, "infinite", "an infinite map is not supported")
    if root.get("orientation", "orthogonal") != "orthogonal":
        raise DataError(name, None, "orientation", "the map must be orthogonal")
    w = _int(root, "width", name, None, MIN_TILES_PER_SIDE, MAX_TILES_PER_SIDE)
    h = _int(root, "height", name, None, MIN_TILES_PER_SIDE, MAX_TILES_PER_SIDE)
    tw = _int(root, "tilewidth", name, None, MIN_TILE, MAX_TILE)
    th = _int(root, "tileheight", name, None, MIN_TILE, MAX_TILE)
    if tw != th:
        raise DataError(name, None, "tileheight", f"tiles must be square ({tw} x {th})")
    if w * tw > MAX_MAP_PIXELS or h * th > MAX_MAP_PIXELS:
        raise DataError(name, None, None, f"the map is {w * tw} x {h * th} pixels; "
                                          f"the limit is {MAX_MAP_PIXELS} on each side")
    for ts in root.iter("tileset"):
        _tileset(ts, path.parent, name)
    for layer in root.iter("layer"):
        lname = layer.get("name") or "layer"
        lw = _int(layer, "width", name, lname, 1, MAX_TILES_PER_SIDE)
        lh = _int(layer, "height", name, lname, 1, MAX_TILES_PER_SIDE)
        if (lw, lh) != (w, h):
            raise DataError(name, lname, None, f"the layer is {lw} x {lh} tiles but the map is {w} x {h}")
        _layer_data(layer, w, h, name)
    for img_layer in root.iter("imagelayer"):
        for img in img_layer.iter("image"):
            _check_image(img, path.parent, name, img_layer.get("name") or "imagelayer")
    objs = list(root.iter("object"))
    if len(objs) > MAX_OBJECTS:
        raise DataError(name, None, None, f"holds more than {MAX_OBJECTS} objects")
    for obj in objs:
        if obj.get("template"):
            raise DataError(name, obj.get("name") or f"object id {obj.get('id')}", "template",
                            "object templates are not supported")
        for shape in ("polyline", "polygon"):
            pts = obj.find(shape)
            if pts is not None and len((pts.get("points") or "").split()) > MAX_POINTS:
                raise DataError(name, obj.get("name"), shape, f"has more than {MAX_POINTS} points")
    return root


def _check_objects(tm, name: str) -> None:
    """Every object's position, size and points are finite numbers inside the map."""
    W, H = tm.width * tm.tilewidth, tm.height * tm.tileheight
    for obj in tm.objects:
        entry = obj.name if isinstance(obj.name, str) and obj.name else f"object id {obj.id}"
        points = getattr(obj, "points", None)
        values = [(obj.x, obj.y)]
        if points:      # absolute; pytmx's width and height of a shape are not its extent
            values += [(p.x, p.y) for p in points]
        else:
            values += [(obj.x + obj.width, obj.y + obj.height)]
        for x, y in values:
            if not (isinstance(x, (int, float)) and isinstance(y, (int, float))
                    and math.isfinite(x) and math.isfinite(y)):
                raise DataError(name, entry, None, "has a position or size that is not a number")
            if not (0 <= x <= W and 0 <= y <= H):
                raise DataError(name, entry, None, f"reaches ({x:g}, {y:g}), outside the map "
                                                   f"(0..{W} x 0..{H} pixels)")
        if obj.width < 0 or obj.height < 0:
            raise DataError(name, entry, None, "has a negative width or height")


def load_board_map(path: Path | str | None = None) -> BoardMap:
    path = Path(path) if path is not None else resource_path("assets", "maps", "antics_board.tmx")
    name = _display(path)
    if not path.exists():
        raise DataError(name, None, None, "file is missing")
    if not path.is_file():
        raise DataError(name, None, None, "is not a regular file")
    if path.stat().st_size > MAX_BYTES:
        raise DataError(name, None, None, "is larger than 5 MB")
    root = _checked_tree(path, name)
    try:
        tm = pytmx.TiledMap()
        tm.filename = str(path)
        tm.parse_xml(root)
    except DataError:
        raise
    except Exception as e:  # pytmx raises many kinds (bad attribute, unknown tile, ...)
        raise DataError(name, None, None, f"cannot be read as a Tiled map ({type(e).__name__}: {e})") from None
    _check_objects(tm, name)

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


def check_bundled_map() -> list[str]:
    """The start-up check: the shipped map's problems in plain words, each naming the file; [] when
    it loads and agrees with the rules data (a rules data problem is told by ``data_problems``)."""
    try:
        bm = load_board_map()
    except DataError as e:
        return [str(e)]
    try:
        from game.games.antics.data import get_data
        d = get_data()
    except Exception:
        return []
    name = _display(resource_path("assets", "maps", "antics_board.tmx"))
    trails = {tid: (t.a, t.b, t.terrains) for tid, t in d.trails.items()}
    found = check_map(bm, dict(d.nodes), trails, [a.id for a in d.areas])
    return [f"{name}: {p} (the board in data/antics)" for p in found]
