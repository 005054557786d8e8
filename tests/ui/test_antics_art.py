"""Antics! sprites: right sizes, not blank, distinct from each other, sound hex geometry, a contact sheet."""
import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui import theme as T  # noqa: E402
from game.ui.tables.antics import art as A  # noqa: E402

SIZES = (16, 32, 64, 128)
PLAYERS = [T.PLAYER_COLORS[c] for c in ("red", "blue", "yellow", "green")]


@pytest.fixture(scope="module", autouse=True)
def _pg():
    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))
    yield


def _opaque(s: pygame.Surface) -> int:
    return pygame.mask.from_surface(s, 20).count()


def _colours(s: pygame.Surface, step: int = 1) -> int:
    w, h = s.get_size()
    return len({tuple(s.get_at((x, y))) for x in range(0, w, step) for y in range(0, h, step)
                if s.get_at((x, y))[3] > 20})


def _assert_drawn(s: pygame.Surface, size):
    assert isinstance(s, pygame.Surface)
    assert s.get_size() == tuple(size)
    assert s.get_flags() & pygame.SRCALPHA
    w, h = size
    assert _opaque(s) >= max(8, w * h // 12), "mostly transparent"
    assert _colours(s, max(1, w // 48)) >= 4, "too few colours"


def _pixels(s: pygame.Surface) -> bytes:
    return pygame.image.tobytes(s, "RGBA")


def _mask_diff(a: pygame.Surface, b: pygame.Surface) -> float:
    ma, mb = pygame.mask.from_surface(a, 60), pygame.mask.from_surface(b, 60)
    inter = ma.overlap_area(mb, (0, 0))
    union = ma.count() + mb.count() - inter
    return 1 - inter / max(1, union)


def _colour_diff(a: pygame.Surface, b: pygame.Surface) -> float:
    """Mean absolute difference per channel (0-255) between two same-size surfaces."""
    pa, pb = _pixels(a), _pixels(b)
    step = max(1, len(pa) // 40000) * 4
    total = n = 0
    for i in range(0, len(pa), step):
        for c in range(4):
            total += abs(pa[i + c] - pb[i + c])
        n += 4
    return total / n


# ------------------------------------------------------------------ sizes and non-blank

@pytest.mark.parametrize("px", SIZES)
def test_every_sprite_has_the_requested_size_and_is_drawn(px):
    col = T.PLAYER_COLORS["blue"]
    for sym in A.SYMBOLS + ("magnificant",):
        s = A.symbol_icon(sym, px)
        assert s.get_size() == (px, px) and _opaque(s) > px * px // 20, sym
    for lvl in range(1, 6):
        _assert_drawn(A.hex_cell("build", lvl, px), (px, px))
    _assert_drawn(A.hex_cell(None, 2, px), (px, px))
    _assert_drawn(A.hex_cell("hatch", 1, px, starting=True), (px, px))
    _assert_drawn(A.hex_cell("scout", 3, px, covered_marker=col), (px, px))
    _assert_drawn(A.hex_cell("heave", 2, px, covered_marker="ladybird"), (px, px))
    _assert_drawn(A.tile_pair(("hatch", "scout"), px), A.pair_size(px, True))
    _assert_drawn(A.tile_pair(("ants", "fungus"), px, horizontal=False), A.pair_size(px, False))
    assert max(A.pair_size(px, True)) == px == max(A.pair_size(px, False))
    for fn in (A.worker_ant, A.soldier_ant):
        for ang in (0.0, 1.0, -math.pi / 2):
            s = fn(col, px, ang)
            assert s.get_size() == (px, px) and _opaque(s) > px * px // 14
    for fn in (A.bridge_ant, A.magnificant, A.action_marker):
        _assert_drawn(fn(col, px), (px, px))
    for p in A.PREY:
        _assert_drawn(A.prey_icon(p, px), (px, px))
    for kind in ("green", "brown"):
        _assert_drawn(A.leaf_icon(kind, px), (px, px))
    _assert_drawn(A.prey_exhausted(px), (px, px))
    for c in A.ANTEATER_COLOURS:
        for facing in (True, False):
            _assert_drawn(A.anteater(c, px, facing), (px, px))
    for t in A.TERRAINS:
        s = A.terrain_texture(t, px, px)
        assert s.get_size() == (px, px) and _opaque(s) == px * px
        assert _colours(s) >= 4
    for w, h in ((px * 2, px), (px, px // 2 or 1)):
        s = A.chasm(w, h)
        assert s.get_size() == (w, h) and _opaque(s) > w * h // 8


def test_non_square_terrain_and_seeds():
    a = A.terrain_texture("grass", 200, 90, seed=1)
    b = A.terrain_texture("grass", 200, 90, seed=2)
    assert a.get_size() == (200, 90)
    assert _pixels(a) != _pixels(b)
    assert _pixels(a) == _pixels(A.terrain_texture("grass", 200, 90, seed=1))


def test_caches_return_the_same_surface():
    assert A.hex_cell("scout", 3, 48) is A.hex_cell("scout", 3, 48)
    assert A.worker_ant((1, 2, 3), 30) is A.worker_ant((1, 2, 3), 30)
    assert A.terrain_texture("water", 64, 64) is A.terrain_texture("water", 64, 64)
    for name in ("symbol_icon", "hex_cell", "tile_pair", "worker_ant", "soldier_ant", "bridge_ant", "magnificant",
                 "action_marker", "prey_icon", "leaf_icon", "prey_exhausted", "anteater", "terrain_texture", "chasm"):
        assert hasattr(getattr(A, name), "cache_info"), name


def test_constants():
    assert A.SYMBOLS == ("scout", "build", "hatch", "ants", "heave", "fungus")
    assert A.TERRAINS == ("flower", "grass", "water", "pebble", "stone")
    assert A.PREY == ("ladybird", "butterfly", "caterpillar", "dragonfly", "grasshopper", "beetle")
    assert set(A.PREY_COLOURS) == set(A.PREY) and set(A.TERRAIN_COLOURS) == set(A.TERRAINS)
    r, g, b = A.PREY_COLOURS["ladybird"]
    assert r > 150 and g < 100 and b < 100
    r, g, b = A.PREY_COLOURS["dragonfly"]
    assert b > r and b > g
    r, g, b = A.TERRAIN_COLOURS["grass"]
    assert g > r and g > b
    r, g, b = A.TERRAIN_COLOURS["water"]
    assert b > r and b > g
    assert set(A.ANTEATER_COLOURS) == {"red", "blue", "green", "grey", "yellow", "orange"}


# ------------------------------------------------------------------ things differ

@pytest.mark.parametrize("px", (16, 64))
def test_the_six_symbols_differ(px):
    icons = {s: A.symbol_icon(s, px) for s in A.SYMBOLS + ("magnificant",)}
    names = list(icons)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert _mask_diff(icons[a], icons[b]) > 0.2 or _colour_diff(icons[a], icons[b]) > 8, (a, b)


def test_the_five_terrains_differ_in_pattern_not_only_colour():
    tex = {t: A.terrain_texture(t, 96, 96) for t in A.TERRAINS}
    for i, a in enumerate(A.TERRAINS):
        for b in A.TERRAINS[i + 1:]:
            assert _colour_diff(tex[a], tex[b]) > 10, (a, b)
    # pattern: compare greyscale edge structure so hue alone cannot separate them
    def edges(s):
        g = pygame.transform.grayscale(s)
        w, h = g.get_size()
        vals = []
        for y in range(0, h, 2):
            for x in range(0, w - 1, 2):
                vals.append(abs(g.get_at((x, y))[0] - g.get_at((x + 1, y))[0]))
        return vals
    prof = {t: edges(s) for t, s in tex.items()}
    for i, a in enumerate(A.TERRAINS):
        for b in A.TERRAINS[i + 1:]:
            d = sum(abs(x - y) for x, y in zip(prof[a], prof[b])) / len(prof[a])
            assert d > 2, (a, b, d)


@pytest.mark.parametrize("px", (16, 32, 64))
def test_worker_and_soldier_silhouettes_differ(px):
    col = T.PLAYER_COLORS["green"]
    for ang in (0.0, -math.pi / 2):
        w, s = A.worker_ant(col, px, ang), A.soldier_ant(col, px, ang)
        assert _mask_diff(w, s) > 0.12, (px, ang)


def test_ants_rotate_and_take_the_player_colour():
    col = T.PLAYER_COLORS["red"]
    assert _pixels(A.worker_ant(col, 48, 0.0)) != _pixels(A.worker_ant(col, 48, math.pi / 2))
    assert _colour_diff(A.worker_ant(col, 48), A.worker_ant(T.PLAYER_COLORS["blue"], 48)) > 5
    assert _mask_diff(A.bridge_ant(col, 48), A.soldier_ant(col, 48)) > 0.2


@pytest.mark.parametrize("px", (24, 64))
def test_hex_levels_are_pairwise_different(px):
    cells = [A.hex_cell("scout", lvl, px) for lvl in range(1, 6)]
    for i in range(5):
        for j in range(i + 1, 5):
            assert _colour_diff(cells[i], cells[j]) > 3, (i + 1, j + 1)
    # not only by colour: the silhouette (shadow + stacked edges) grows with the level
    opaque = [_opaque(c) for c in cells]
    assert opaque == sorted(opaque) and opaque[0] < opaque[-1]


def test_starting_tile_and_covered_marker_change_the_hex():
    a = A.hex_cell("hatch", 1, 64)
    assert _colour_diff(a, A.hex_cell("hatch", 1, 64, starting=True)) > 5
    assert _colour_diff(a, A.hex_cell("hatch", 1, 64, covered_marker=T.PLAYER_COLORS["red"])) > 2
    assert _colour_diff(a, A.hex_cell(None, 1, 64)) > 2


def test_prey_anteaters_and_leaves_differ():
    icons = [A.prey_icon(p, 48) for p in A.PREY]
    for i in range(6):
        for j in range(i + 1, 6):
            assert _colour_diff(icons[i], icons[j]) > 4, (A.PREY[i], A.PREY[j])
    eaters = [A.anteater(c, 48) for c in A.ANTEATER_COLOURS]
    for i in range(6):
        for j in range(i + 1, 6):
            assert _colour_diff(eaters[i], eaters[j]) > 4
    assert _mask_diff(A.leaf_icon("green", 48), A.leaf_icon("brown", 48)) > 0.05
    assert _pixels(A.anteater("red", 48, True)) != _pixels(A.anteater("red", 48, False))


def test_unknown_names_raise():
    with pytest.raises((ValueError, KeyError)):
        A.symbol_icon("dance", 32)
    with pytest.raises((ValueError, KeyError)):
        A.terrain_texture("lava", 32, 32)


# ------------------------------------------------------------------ geometry

def test_hex_corners_are_a_regular_pointy_top_hexagon():
    pts = A.hex_corners(10, 20, 8)
    assert len(pts) == 6
    for x, y in pts:
        assert math.isclose(math.hypot(x - 10, y - 20), 8)
    assert min(pts, key=lambda p: p[1]) == pytest.approx((10, 12))   # a corner at the top
    for i in range(6):
        a, b = pts[i], pts[(i + 1) % 6]
        assert math.isclose(math.dist(a, b), 8)


@pytest.mark.parametrize("size", (1.0, 7.5, 30))
def test_axial_neighbours_are_sqrt3_size_apart(size):
    for q, r in ((0, 0), (2, -1), (-3, 4)):
        c = A.axial_to_pixel(q, r, size)
        for dq, dr in ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)):
            n = A.axial_to_pixel(q + dq, r + dr, size)
            assert math.isclose(math.dist(c, n), math.sqrt(3) * size, rel_tol=1e-9)
    assert A.axial_to_pixel(0, 0, size) == (0, 0)


def test_neighbouring_hexes_share_an_edge():
    size = 10
    a = A.hex_corners(*A.axial_to_pixel(0, 0, size), size)
    b = A.hex_corners(*A.axial_to_pixel(1, 0, size), size)
    shared = [p for p in a if any(math.dist(p, q) < 1e-9 for q in b)]
    assert len(shared) == 2


# ------------------------------------------------------------------ contact sheet

def _label(sheet, text, pos, size=18):
    font = pygame.font.Font(None, size)
    sheet.blit(font.render(text, True, T.INK), pos)


def contact_sheet(px: int = 64) -> pygame.Surface:
    """Everything on one warm paper sheet; ``px`` is the icon size."""
    pad = max(6, px // 6)
    tw, th = px * 4, px * 2
    width = max(pad * 2 + (tw + pad) * 5, pad * 2 + (px + pad) * 13)
    height = pad * 16 + px * 13 + th * 2 + 200
    sheet = pygame.Surface((width, height))
    sheet.fill(T.PAPER)
    fs = max(14, min(24, px // 2))
    y = pad

    def row_label(text):
        nonlocal y
        _label(sheet, text, (pad, y), fs)
        y += fs

    row_label("symbols (ink)  +  magnificANT")
    x = pad
    for sym in A.SYMBOLS + ("magnificant",):
        sheet.blit(A.symbol_icon(sym, px), (x, y))
        x += px + pad
    y += px + pad

    row_label("hex cells: levels 1-5 (same symbol), starting, empty, covered by a marker / prey / leaf")
    x = pad
    for lvl in range(1, 6):
        sheet.blit(A.hex_cell("build", lvl, px), (x, y))
        x += px + pad // 2
    for cell in (A.hex_cell("hatch", 1, px, starting=True), A.hex_cell(None, 1, px), A.hex_cell(None, 3, px),
                 A.hex_cell("scout", 2, px, covered_marker=PLAYERS[1]),
                 A.hex_cell("heave", 3, px, covered_marker="butterfly"),
                 A.hex_cell("fungus", 4, px, covered_marker="green_leaf")):
        sheet.blit(cell, (x, y))
        x += px + pad // 2
    y += px + pad

    # a small ant-hill: base of six hexes at level 1 with stacks rising to 5
    row_label("an ant-hill laid out with axial_to_pixel(q, r, cell_radius(px)), lowest first; tile pairs")
    hill = {(0, 0): ("scout", 1), (1, 0): ("build", 1), (2, 0): ("hatch", 1), (0, 1): ("ants", 1),
            (1, 1): ("heave", 1), (-1, 1): ("fungus", 1), (1, -1): ("hatch", 2), (2, -1): ("scout", 2),
            (0, -1): ("build", 3), (1, -2): ("ants", 4), (2, -2): ("heave", 5)}
    cr = A.cell_radius(px)
    ox, oy = pad + px, y + px * 2.2
    for (q, r), (sym, lvl) in sorted(hill.items(), key=lambda kv: (kv[1][1], kv[0][1], kv[0][0])):
        cx, cy = A.axial_to_pixel(q, r, cr)
        sheet.blit(A.hex_cell(sym, lvl, px), (ox + cx - px / 2, oy + cy - px / 2))
    x = pad + px * 4
    sheet.blit(A.tile_pair(("hatch", "scout"), px * 2, starting=True), (x, y))
    sheet.blit(A.tile_pair(("build", "fungus"), px * 2), (x, y + px * 1.4))
    sheet.blit(A.tile_pair(("ants", "heave"), px * 2, horizontal=False), (x + px * 2 + pad, y))
    sheet.blit(A.tile_pair(("scout", "build"), px), (x + px * 3 + pad * 2, y))
    sheet.blit(A.tile_pair(("hatch", "ants"), px // 2 or 1), (x + px * 3 + pad * 2, y + px))
    y += int(px * 3.2) + pad

    row_label("terrains with workers, soldiers (4 player colours), magnificANT, action marker, bridge")
    x = pad
    for t in A.TERRAINS:
        _label(sheet, t, (x, y), fs)
        x += tw + pad
    y += fs
    x = pad
    for i, t in enumerate(A.TERRAINS):
        sheet.blit(A.terrain_texture(t, tw, th, seed=i), (x, y))
        for k, col in enumerate(PLAYERS):
            ax = x + (k % 4) * tw // 4
            sheet.blit(A.worker_ant(col, px, -math.pi / 4 + k * 0.5), (ax, y + th // 2 - px))
            sheet.blit(A.soldier_ant(col, px, 0.0), (ax, y + th // 2))
        x += tw + pad
    y += th + pad
    x = pad
    for col in PLAYERS:
        sheet.blit(A.magnificant(col, px), (x, y))
        sheet.blit(A.action_marker(col, px), (x + px, y))
        sheet.blit(A.bridge_ant(col, px), (x + 2 * px, y))
        x += 3 * px + pad
    y += px + pad

    row_label("prey tokens, leaves, prey exhausted")
    x = pad
    for p in A.PREY:
        sheet.blit(A.prey_icon(p, px), (x, y))
        x += px + pad
    for kind in ("green", "brown"):
        sheet.blit(A.leaf_icon(kind, px), (x, y))
        x += px + pad
    sheet.blit(A.prey_exhausted(px), (x, y))
    y += px + pad

    row_label("anteaters in six colours (the prey they eat in the corner), one facing right")
    x = pad
    for c in ("red", "blue", "green", "grey", "yellow", "orange"):
        sheet.blit(A.anteater(c, px), (x, y))
        x += px + pad
    sheet.blit(A.anteater("blue", px, facing_left=False), (x, y))
    y += px + pad

    row_label("the chasm on stone, with a bridge ant")
    sheet.blit(A.terrain_texture("stone", tw * 2, th), (pad, y))
    ch = A.chasm(tw * 2, th)
    sheet.blit(ch, (pad, y))
    sheet.blit(A.terrain_texture("stone", tw * 2, th), (pad * 2 + tw * 2, y))
    sheet.blit(ch, (pad * 2 + tw * 2, y))
    b = A.bridge_ant(PLAYERS[1], int(th * 1.0))
    sheet.blit(b, (pad * 2 + tw * 3 - b.get_width() // 2, y + th // 2 - b.get_height() // 2))
    y += th + pad
    return sheet.subsurface((0, 0, width, min(height, y))).copy()


@pytest.mark.parametrize("px", (20, 64))
def test_contact_sheet(tmp_path, px):
    sheet = contact_sheet(px)
    out = tmp_path / f"antics_art_{px}.png"
    pygame.image.save(sheet, str(out))
    assert out.exists() and out.stat().st_size > 1000
    assert _colours(sheet, 7) > 100
