"""The Antics! Tiled map (assets/maps/antics_board.tmx) agrees with the rules data and is drawable."""
import dataclasses
import math
from itertools import combinations
from pathlib import Path

import pytest
import yaml

from game.core.data import DataError
from game.ui.tables.antics.board_map import check_map, load_board_map

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "assets" / "maps" / "antics_board.tmx"


def _yaml(name):
    return yaml.safe_load((ROOT / "data" / "antics" / name).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def rules():
    board, comps = _yaml("board.yaml"), _yaml("components.yaml")
    nodes = {n["id"]: n["kind"] for n in board["nodes"]}
    trails = {t["id"]: (t["a"], t["b"], t["terrain"]) for t in board["trails"]}
    return nodes, trails, [h["id"] for h in comps["hatching_areas"]]


@pytest.fixture(scope="module")
def bm():
    return load_board_map()


def test_shipped_map_agrees_with_the_rules_data(bm, rules):
    assert check_map(bm, *rules) == []
    assert (bm.width, bm.height, bm.tile) == (1600, 1280, 40)
    assert len(bm.terrain) == 32 and all(len(row) == 40 for row in bm.terrain)
    assert {t for row in bm.terrain for t in row} <= {"flower", "grass", "water", "pebble", "stone", "table", None}


def test_strips_are_laid_out_left_to_right(bm):
    xs = [bm.scout_fields[f][0] for f in range(1, 7)]
    assert xs == sorted(xs) and bm.guide[0] + bm.guide[2] <= xs[0]
    assert all(r[1] + r[3] <= 240 for r in bm.scout_fields.values())
    hx = [bm.hatching[a][0] for a in bm.hatching_order]
    assert hx == sorted(hx) and all(r[1] >= 1160 for r in bm.hatching.values())
    assert all(260 <= y <= 1160 for _, y in bm.nodes.values())


def test_check_map_reports_disagreements(bm, rules):
    nodes = dict(bm.nodes)
    nodes["J99"] = nodes.pop("J7")
    problems = check_map(dataclasses.replace(bm, nodes=nodes), *rules)
    assert any("J7" in p and "not on the map" in p for p in problems)
    assert any("J99" in p and "not in board.yaml" in p for p in problems)

    problems = check_map(dataclasses.replace(bm, trail_terrain={**bm.trail_terrain, "T05": "stone"}), *rules)
    assert problems == ["trail T05 is stone on the map but grass in board.yaml"]

    hatching = {k: v for k, v in bm.hatching.items() if k != "water"}
    order = tuple(a for a in bm.hatching_order if a != "water")
    problems = check_map(dataclasses.replace(bm, hatching=hatching, hatching_order=order), *rules)
    assert any("hatching area water" in p for p in problems)

    moved = {**bm.trails, "T01": ((0.0, 0.0),) + bm.trails["T01"][1:]}
    assert any("T01 does not start at node AH" in p for p in check_map(dataclasses.replace(bm, trails=moved), *rules))
    fields = {k: v for k, v in bm.scout_fields.items() if k != 6}
    assert any("scout fields" in p for p in check_map(dataclasses.replace(bm, scout_fields=fields), *rules))


def _segments(pts):
    return list(zip(pts, pts[1:]))


def _cross(o, a, b):
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _seg_dist(p, a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / ((dx * dx + dy * dy) or 1)))
    return math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1])


def _meet(s, t, shared):
    """Do two segments touch anywhere except at a node both trails end at?"""
    (p1, p2), (q1, q2) = s, t
    d1, d2, d3, d4 = _cross(q1, q2, p1), _cross(q1, q2, p2), _cross(p1, p2, q1), _cross(p1, p2, q2)
    if (d1 * d2 < 0) and (d3 * d4 < 0):
        return True                                   # a proper crossing
    touching = [p for p in (p1, p2) if _seg_dist(p, q1, q2) < 0.5] + \
               [q for q in (q1, q2) if _seg_dist(q, p1, p2) < 0.5]
    return any(min((math.dist(p, n) for n in shared), default=1e9) > 0.5 for p in touching)


def test_no_two_trails_cross(bm):
    crossings = []
    for t, u in combinations(bm.trails, 2):
        shared = [bm.nodes[n] for n in set(bm.trail_ends[t]) & set(bm.trail_ends[u])]
        if any(_meet(s, v, shared) for s in _segments(bm.trails[t]) for v in _segments(bm.trails[u])):
            crossings.append((t, u))
    assert crossings == []


def test_no_trail_passes_close_to_a_node_it_does_not_end_at(bm):
    close = [(t, n) for t, pts in bm.trails.items() for n, p in bm.nodes.items()
             if n not in bm.trail_ends[t] and min(_seg_dist(p, a, b) for a, b in _segments(pts)) < 20]
    assert close == []


def _midpoint(pts):
    half = sum(math.dist(a, b) for a, b in _segments(pts)) / 2
    for a, b in _segments(pts):
        d = math.dist(a, b)
        if half <= d:
            return (a[0] + (b[0] - a[0]) * half / d, a[1] + (b[1] - a[1]) * half / d)
        half -= d
    return pts[-1]


def test_trails_run_through_their_own_terrain(bm):
    wrong = []
    for t, pts in bm.trails.items():
        if bm.trail_terrain[t] == "chasm":
            continue
        x, y = _midpoint(pts)
        cell = bm.terrain[int(y // bm.tile)][int(x // bm.tile)]
        if cell != bm.trail_terrain[t]:
            wrong.append(f"{t} ({bm.trail_terrain[t]}) has its middle on {cell}")
    assert len(wrong) <= 0.3 * (len(bm.trails) - 1), wrong


def test_a_broken_map_file_is_a_data_error(tmp_path):
    broken = tmp_path / "broken.tmx"
    broken.write_text(MAP.read_text(encoding="utf-8")[:3000], encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_board_map(broken)
    assert "broken.tmx" in str(err.value)
    with pytest.raises(DataError) as err:
        load_board_map(tmp_path / "missing.tmx")
    assert "missing.tmx" in str(err.value) and "missing" in err.value.problem


def test_a_map_without_a_layer_or_a_name_is_a_data_error(tmp_path):
    text = MAP.read_text(encoding="utf-8")
    for name, changed, entry in (("nolayer.tmx", text.replace('name="hatching"', 'name="hatch"'), "hatching"),
                                 ("noname.tmx", text.replace('name="T05" ', ""), "trails object id")):
        path = tmp_path / name
        path.write_text(changed, encoding="utf-8")
        (tmp_path / "antics_terrain.tsx").write_text((MAP.parent / "antics_terrain.tsx").read_text())
        with pytest.raises(DataError) as err:
            load_board_map(path)
        assert name in str(err.value) and err.value.entry.startswith(entry)


def test_a_too_large_or_odd_file_is_refused_before_parsing(tmp_path):
    big = tmp_path / "big.tmx"
    big.write_bytes(b" " * (5 * 1024 * 1024 + 1))
    with pytest.raises(DataError, match="larger than 5 MB"):
        load_board_map(big)
    with pytest.raises(DataError, match="not a regular file"):
        load_board_map(tmp_path)


# ---------------------------------------------------------------- a map anyone may have edited (issue 22)

import base64 as _b64
import os as _os
import sys as _sys
import threading as _threading
import time as _time
import zlib as _zlib

TSX = MAP.parent / "antics_terrain.tsx"


def _copy_map(tmp_path, text=None, tileset=True):
    path = tmp_path / "antics_board.tmx"
    path.write_text(text if text is not None else MAP.read_text(encoding="utf-8"), encoding="utf-8")
    if tileset:
        (tmp_path / "antics_terrain.tsx").write_text(TSX.read_text(encoding="utf-8"), encoding="utf-8")
    return path


def _terrain_data(text, encoding_attrs, payload):
    start = text.index('<data encoding="csv">')
    end = text.index("</data>", start)
    return text[:start] + f"<data {encoding_attrs}>\n{payload}\n" + text[end:]


@pytest.mark.skipif(_sys.platform.startswith("win"), reason="no fifos on Windows")
def test_a_tileset_replaced_by_a_fifo_is_refused_without_blocking(tmp_path):
    path = _copy_map(tmp_path, tileset=False)
    fifo = tmp_path / "antics_terrain.tsx"
    _os.mkfifo(fifo)
    result = {}

    def load():
        try:
            load_board_map(path)
        except DataError as e:
            result["error"] = e

    worker = _threading.Thread(target=load, daemon=True)
    worker.start()
    worker.join(10)
    try:
        assert not worker.is_alive(), "the loader blocks on a fifo tileset"
        assert "antics_terrain.tsx" in str(result["error"]) and "not a regular file" in str(result["error"])
    finally:
        if worker.is_alive():     # set the stuck reader free
            fd = _os.open(fifo, _os.O_WRONLY | _os.O_NONBLOCK)
            _os.close(fd)
            worker.join(5)


def _bomb(total: int, wbits: int) -> bytes:
    squeeze = _zlib.compressobj(9, _zlib.DEFLATED, wbits)
    chunk = bytes(1 << 20)
    return b"".join(squeeze.compress(chunk) for _ in range(total >> 20)) + squeeze.flush()


@pytest.mark.parametrize("compression", ["zlib", "gzip"])
def test_a_compressed_layer_that_inflates_past_its_size_is_refused_fast(tmp_path, compression):
    # 96 MB of tiles (about 100 KB written) for a 40 x 32 layer of 5,120 bytes
    raw = _bomb(96 << 20, _zlib.MAX_WBITS | (16 if compression == "gzip" else 0))
    text = _terrain_data(MAP.read_text(encoding="utf-8"), f'encoding="base64" compression="{compression}"',
                         _b64.b64encode(raw).decode())
    path = _copy_map(tmp_path, text)
    t0 = _time.perf_counter()
    with pytest.raises(DataError) as err:
        load_board_map(path)
    assert _time.perf_counter() - t0 < 2
    assert "antics_board.tmx" in str(err.value) and "inflates to more than" in str(err.value)


def test_compressed_layer_data_of_the_right_size_still_loads(tmp_path, bm):
    text = MAP.read_text(encoding="utf-8")
    csv = text[text.index('<data encoding="csv">') + len('<data encoding="csv">'):text.index("</data>")]
    gids = [int(g) for g in csv.replace("\n", "").split(",")]
    raw = b"".join(g.to_bytes(4, "little") for g in gids)
    path = _copy_map(tmp_path, _terrain_data(text, 'encoding="base64" compression="zlib"',
                                             _b64.b64encode(_zlib.compress(raw)).decode()))
    assert load_board_map(path).terrain == bm.terrain
    short = _terrain_data(text, 'encoding="base64" compression="zlib"', _b64.b64encode(_zlib.compress(raw[:-4])).decode())
    with pytest.raises(DataError, match="holds 1279 tiles, not 40 x 32"):
        load_board_map(_copy_map(tmp_path, short))


@pytest.mark.parametrize("old, new, words", [
    ('width="40" height="32" tilewidth', 'width="100000" height="32" tilewidth', "width"),
    ('width="40" height="32" tilewidth', 'width="0" height="32" tilewidth', "width"),
    ('tilewidth="40" tileheight="40" infinite', 'tilewidth="40" tileheight="-3" infinite', "tileheight"),
    ('name="terrain" width="40" height="32"', 'name="terrain" width="20" height="64"', "the layer is 20 x 64"),
    ('width="40" height="32" tilewidth="40" tileheight="40"', 'width="200" height="200" tilewidth="40" tileheight="40"',
     "the limit is 4096"),
])
def test_bad_dimensions_are_refused_naming_the_file(tmp_path, old, new, words):
    text = MAP.read_text(encoding="utf-8")
    assert old in text
    with pytest.raises(DataError) as err:
        load_board_map(_copy_map(tmp_path, text.replace(old, new, 1)))
    assert "antics_board.tmx" in str(err.value) and words in str(err.value)


def test_bad_object_coordinates_are_refused_naming_the_object(tmp_path, bm):
    text = MAP.read_text(encoding="utf-8")
    x, y = bm.nodes["J7"]
    import re
    m = re.search(r'<object id="\d+" name="J7"[^>]*x="([^"]+)" y="([^"]+)"', text)
    assert m, "node J7 not found in the map"
    for bad in ("99999", "nan", "-5"):
        changed = text[:m.start(1)] + bad + text[m.end(1):]
        with pytest.raises(DataError) as err:
            load_board_map(_copy_map(tmp_path, changed))
        assert "antics_board.tmx" in str(err.value) and err.value.entry == "J7"


def test_a_doctype_or_entity_is_refused(tmp_path):
    text = MAP.read_text(encoding="utf-8").replace(
        "<map ", '<!DOCTYPE map [<!ENTITY a "aaaaaaaaaa">]>\n<map ', 1)
    with pytest.raises(DataError, match="DOCTYPE"):
        load_board_map(_copy_map(tmp_path, text))


def test_the_map_is_in_the_start_up_check(tmp_path, monkeypatch):
    from game.ui.tables import table_for
    from game.ui.tables.antics import board_map
    assert table_for("antics").check() == []
    maps = tmp_path / "assets" / "maps"
    maps.mkdir(parents=True)
    text = MAP.read_text(encoding="utf-8").replace('width="40" height="32" tilewidth', 'width="0" height="32" tilewidth', 1)
    _copy_map(maps, text)
    monkeypatch.setattr(board_map, "resource_path", lambda *parts: tmp_path.joinpath(*parts))
    problems = table_for("antics").check()
    assert len(problems) == 1 and "assets/maps/antics_board.tmx" in problems[0]

    # a map that loads but disagrees with the board data is told too
    _copy_map(maps, MAP.read_text(encoding="utf-8").replace('name="T05"', 'name="T99"', 1))
    problems = table_for("antics").check()
    assert any("T99" in p for p in problems) and all("antics_board.tmx" in p for p in problems)

    from game.app import first_scenes
    from game.tools.headless import headless_app
    import pygame
    app = headless_app((1280, 720))
    first_scenes(app)
    assert [type(s).__name__ for s in app.scenes.stack] == ["SelectScene", "ErrorScene"]
    assert "antics" in app.data_problems and "T99" in app.scenes.top.problems[0]
    assert "antics" not in app.scenes.stack[0].available
    pygame.quit()
