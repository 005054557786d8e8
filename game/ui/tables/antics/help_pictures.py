"""Antics! pictures for the rules help, drawn by the sprite code that draws the table (see
game/ui/help_pictures.py)."""
from __future__ import annotations

import math

import pygame

from game.ui.help_pictures import PREFER, Picture, register, canvas, fit, crop, rgb, row
from game.ui.tables.antics import art as AA


ANTICS_COLOUR = "purple"     # a seat colour unlike any terrain, prey or the soldiers' red


def _an_rgb():
    return rgb(ANTICS_COLOUR)


def _an_hex(symbol, level=1, covered=None, starting=False) -> Picture:
    def draw(size):
        return fit(crop(AA.hex_cell(symbol, level, int(size / 0.8), starting,
                                      covered() if callable(covered) else covered)), size)
    return draw


def _an_pair(a, b, starting=False) -> Picture:
    return lambda size: AA.tile_pair((a, b), int(size / 0.62), True, starting)


def _an_hill(cells: dict) -> Picture:
    """A small ant-hill: ``cells`` maps axial (q, r) -> (symbol, level, starting, covered)."""
    def draw(size):
        pts = {c: AA.axial_to_pixel(c[0], c[1], 1.0) for c in cells}
        xs = [p[0] for p in pts.values()]
        ys = [p[1] for p in pts.values()]
        bw = max(xs) - min(xs) + math.sqrt(3) + 0.3
        bh = max(ys) - min(ys) + 2.3
        R = size / bh
        w = int(bw * R)
        px = max(10, int(R / AA.HEX_FRACTION))
        R = AA.cell_radius(px)
        s = canvas(w, size)
        cx0 = w / 2 - (max(xs) + min(xs)) / 2 * R
        cy0 = size / 2 - (max(ys) + min(ys)) / 2 * R
        for c in sorted(cells, key=lambda c: (cells[c][1], pts[c][1])):
            sym, level, starting, covered = cells[c]
            img = AA.hex_cell(sym, level, px, starting, covered() if callable(covered) else covered)
            s.blit(img, img.get_rect(center=(int(cx0 + pts[c][0] * R), int(cy0 + pts[c][1] * R))))
        return fit(crop(s), size)
    return draw


BASE = {(0, 0): "scout", (0, 1): "build", (1, 0): "hatch", (1, 1): "ants", (2, 0): "heave", (2, 1): "fungus"}


def _grown_hill():
    cells = {c: (sym, 1, False, None) for c, sym in BASE.items()}
    cells[(1, 0)] = ("ants", 2, False, _an_rgb)           # a tile on top, one hex used this turn
    cells[(2, 0)] = ("build", 2, False, None)
    cells[(3, 0)] = ("hatch", 1, True, None)              # the starting tile, built beside
    cells[(3, 1)] = ("scout", 1, True, None)
    cells[(0, 1)] = ("build", 1, False, "ladybird")       # a stored prey blocks its hex
    cells[(2, 1)] = ("fungus", 1, False, "green_leaf")
    return cells


def _an_terrain(terrain: str) -> Picture:
    def draw(size):
        tex = AA.terrain_texture(terrain, size, size, 1).copy()
        mask = canvas(size, size)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(2, size // 6))
        tex.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        pygame.draw.rect(tex, (70, 46, 28), tex.get_rect(), max(1, size // 24), border_radius=max(2, size // 6))
        return tex
    return draw


def _an_soldier_area(size):
    s = canvas(size, size)
    pygame.draw.rect(s, (186, 70, 52), s.get_rect(), border_radius=max(2, size // 6))
    pygame.draw.rect(s, (70, 46, 28), s.get_rect(), max(1, size // 24), border_radius=max(2, size // 6))
    return s


def _an_hatching(size):
    """The six hatching areas, left to right, a worker on each terrain and a soldier on red."""
    imgs = []
    for t in AA.TERRAINS + ("soldier",):
        sw = _an_terrain(t)(size) if t != "soldier" else _an_soldier_area(size)
        ant = (AA.soldier_ant if t == "soldier" else AA.worker_ant)(_an_rgb(), int(size * 0.8), -math.pi / 2)
        sw.blit(ant, ant.get_rect(center=(size // 2, size // 2)))
        imgs.append(sw)
    return row(imgs, max(2, size // 12))


def _an_carrying(item: str) -> Picture:
    def draw(size):
        s = AA.worker_ant(_an_rgb(), size, -math.pi / 2).copy()
        px = int(size * 0.62)
        icon = AA.leaf_icon(item[:-5], px) if item.endswith("_leaf") else AA.prey_icon(item, px)
        s.blit(icon, icon.get_rect(center=(size // 2, int(size / 2 - size * 0.1))))
        return s
    return draw


def _an_scout_row(size):
    """One row of the scout fields: tiles in fields 1 to 5 and an anteater waiting in field 6."""
    tiles = [("build", "ants"), ("scout", "heave"), ("hatch", "build"), ("fungus", "scout"), ("fungus", "ants")]
    imgs = [AA.tile_pair(t, int(size * 0.9 / 0.62)) for t in tiles] + [AA.anteater("green", size)]
    return row(imgs, max(2, size // 10))


def register_all() -> None:
    g = "antics/"
    for sym in AA.SYMBOLS:
        register(f"{g}hex_{sym}", _an_hex(sym))
        register(f"{g}symbol_{sym}", (lambda k: lambda size: AA.symbol_icon(k, size))(sym))
    register(g + "symbol_magnificant", lambda size: AA.symbol_icon("magnificant", size))
    for level in range(1, 6):
        register(f"{g}hex_level_{level}", _an_hex("ants", level))
    register(g + "hex_marker", _an_hex("build", 2, _an_rgb))
    register(g + "hex_prey", _an_hex("heave", 1, "ladybird"))
    register(g + "hex_leaf", _an_hex("fungus", 3, "green_leaf"))
    register(g + "starting_tile", _an_pair("hatch", "scout", True))
    syms = AA.SYMBOLS
    for i, a in enumerate(syms):
        for b in syms[i:]:
            register(f"{g}tile_{a}_{b}", _an_pair(a, b))
    register(g + "hill_base", _an_hill({c: (sym, 1, False, None) for c, sym in BASE.items()}))
    register(g + "hill_grown", _an_hill(_grown_hill()))
    for prey in AA.PREY:
        register(g + prey, (lambda k: lambda size: AA.prey_icon(k, size))(prey))
    register(g + "prey", lambda size: row([AA.prey_icon(p, size) for p in AA.PREY], max(1, size // 12)))
    register(g + "prey_exhausted", lambda size: AA.prey_exhausted(size))
    for kind in AA.LEAF_COLOURS:
        register(f"{g}leaf_{kind}", (lambda k: lambda size: AA.leaf_icon(k, size))(kind))
    register(g + "worker", lambda size: AA.worker_ant(_an_rgb(), size, -math.pi / 2))
    register(g + "soldier", lambda size: AA.soldier_ant(_an_rgb(), size, -math.pi / 2))
    register(g + "bridge", lambda size: AA.bridge_ant(_an_rgb(), size))
    register(g + "magnificant", lambda size: AA.magnificant(_an_rgb(), size))
    register(g + "action_marker", lambda size: AA.action_marker(_an_rgb(), size))
    register(g + "worker_leaf", _an_carrying("green_leaf"))
    register(g + "worker_prey", _an_carrying("butterfly"))
    for colour in AA.ANTEATER_COLOURS:
        register(f"{g}anteater_{colour}", (lambda k: lambda size: AA.anteater(k, size))(colour))
    for t in AA.TERRAINS:
        register(f"{g}terrain_{t}", _an_terrain(t))
    register(g + "soldier_area", _an_soldier_area)
    register(g + "hatching", _an_hatching)
    register(g + "chasm", lambda size: AA.chasm(size * 2, size))
    register(g + "scout_row", _an_scout_row)
    PREFER.update({"antics/hill_base": 1.4, "antics/hill_grown": 1.6, "antics/scout_row": 0.9, "antics/hatching": 0.8})
