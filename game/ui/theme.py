"""Palette, fonts and the size scale. Everything the UI draws takes its look from here."""
from __future__ import annotations

import random
from functools import lru_cache

import pygame

from game.core.i18n import N_, _
from game.ui import text as text_lib

# Okabe-Ito colour-blind-safe palette, each player also has a symbol.
PLAYER_COLORS = {
    "yellow": (240, 228, 66),
    "red": (213, 94, 0),
    "green": (0, 158, 115),
    "blue": (0, 114, 178),
    "white": (236, 236, 228),
    "orange": (230, 159, 0),
    "purple": (204, 121, 167),
    "sky": (86, 180, 233),
    "black": (40, 40, 40),
}
SAFE_COLORS = dict(PLAYER_COLORS)
# the colours of the printed components, brighter and easier to confuse for some eyes
CLASSIC_COLORS = {
    "yellow": (250, 214, 30), "red": (214, 40, 40), "green": (60, 168, 60), "blue": (40, 84, 214),
    "white": (240, 240, 236), "orange": (240, 130, 20), "purple": (140, 70, 180), "sky": (70, 190, 240),
    "black": (40, 40, 40),
}


# what each colour looks like in each palette: the name the player reads (setup, buttons, log),
# marked for the catalog and translated when drawn
SAFE_NAMES = {"yellow": N_("Yellow"), "red": N_("Red-orange"), "green": N_("Green"), "blue": N_("Blue"),
              "white": N_("White"), "orange": N_("Orange"), "purple": N_("Pink"), "sky": N_("Sky blue"),
              "black": N_("Black")}
CLASSIC_NAMES = {"yellow": N_("Yellow"), "red": N_("Red"), "green": N_("Green"), "blue": N_("Blue"),
                 "white": N_("White"), "orange": N_("Orange"), "purple": N_("Purple"), "sky": N_("Sky blue"),
                 "black": N_("Black")}
# the same colours inside a sentence ("a red-orange die"): lower case in English
SAFE_WORDS = {"yellow": N_("yellow"), "red": N_("red-orange"), "green": N_("green"), "blue": N_("blue"),
              "white": N_("white"), "orange": N_("orange"), "purple": N_("pink"), "sky": N_("sky blue"),
              "black": N_("black")}
CLASSIC_WORDS = {"yellow": N_("yellow"), "red": N_("red"), "green": N_("green"), "blue": N_("blue"),
                 "white": N_("white"), "orange": N_("orange"), "purple": N_("purple"), "sky": N_("sky blue"),
                 "black": N_("black")}
COLOR_NAMES = dict(SAFE_NAMES)
COLOR_WORDS = dict(SAFE_WORDS)
PALETTES = {"safe": (SAFE_COLORS, SAFE_NAMES, SAFE_WORDS), "classic": (CLASSIC_COLORS, CLASSIC_NAMES, CLASSIC_WORDS)}


def set_palette(colorblind_safe: bool) -> None:
    """Switch the player colours and their names in place (every view reads PLAYER_COLORS when it draws)."""
    colors, names, words = PALETTES["safe" if colorblind_safe else "classic"]
    PLAYER_COLORS.update(colors)
    COLOR_NAMES.update(names)
    COLOR_WORDS.update(words)


def color_name(color: str) -> str:
    """A seat colour as the active palette shows it, in the chosen language: 'Pink' for "purple"
    among the colour-blind-safe ones."""
    name = COLOR_NAMES.get(color)
    return _(name) if name else color.replace("_", " ").capitalize()


def color_word(color: str) -> str:
    """color_name as it stands inside a sentence: 'a red-orange die'."""
    word = COLOR_WORDS.get(color)
    return _(word) if word else color.replace("_", " ")


PLAYER_SYMBOLS = {"yellow": "sun", "red": "diamond", "green": "leaf", "blue": "drop",
                  "white": "star", "orange": "triangle", "purple": "heart", "sky": "circle",
                  "black": "square"}

INK = (43, 33, 24)
INK_SOFT = (92, 76, 60)
PAPER = (246, 238, 220)
PAPER_DARK = (226, 212, 186)
WOOD = (122, 84, 52)
WOOD_DARK = (88, 58, 36)
FELT = (46, 84, 62)
HILITE = (255, 214, 90)
LEGAL = (120, 220, 120)
DANGER = (200, 70, 50)
SHADOW = (0, 0, 0, 90)
WHITE = (255, 255, 255)

# type scale in points at 1080p
SIZES = {"tiny": 16, "small": 20, "body": 24, "label": 28, "title": 40, "hero": 72}
MIN_TEXT = 16  # no text smaller than this (the bundled font then draws lines 14 px high)


# the log's paper (drawn at LOG_ALPHA over the table) and a hovered line's band
LOG_PAPER = (250, 244, 230)
LOG_ALPHA = 235
LOG_HOVER = (250, 226, 160)
READABLE = 4.5          # WCAG AA contrast for text
INK_TARGET = 5.0        # what player inks aim for: AA with a margin for small text


def luminance(rgb) -> float:
    """WCAG relative luminance, 0 (black) to 1 (white)."""
    def lin(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    """WCAG contrast ratio of two colours, 1 to 21."""
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def ink_backgrounds() -> tuple:
    """What player-coloured words are read on: the log's paper (at its worst, over black), a hovered
    log line and the paper of the results."""
    paper_low = tuple(c * LOG_ALPHA // 255 for c in LOG_PAPER)
    return (paper_low, LOG_HOVER, PAPER)


@lru_cache(maxsize=256)
def readable_ink(rgb, backgrounds: tuple, ratio: float = READABLE) -> tuple:
    """``rgb`` darkened (on light backgrounds) or lightened (on dark ones) in small steps, keeping
    its hue, until it reads at ``ratio`` against every one of ``backgrounds``."""
    rgb = tuple(int(c) for c in rgb[:3])
    dark_bg = sum(luminance(b) for b in backgrounds) / len(backgrounds) < 0.18
    for i in range(101):
        k = i / 100
        ink = tuple(round(c + (255 - c) * k) if dark_bg else round(c * (1 - k)) for c in rgb)
        if all(contrast(ink, b) >= ratio for b in backgrounds):
            return ink
    return WHITE[:3] if dark_bg else (0, 0, 0)


def dark_ink(rgb) -> tuple:
    """A player's colour dark enough to read (contrast INK_TARGET >= READABLE) on the log and the
    results paper."""
    return readable_ink(tuple(rgb[:3]), ink_backgrounds(), INK_TARGET)


def contrast_ink(rgb) -> tuple:
    r, g, b = rgb[:3]
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 140 else WHITE


class Theme:
    """Sizes scale with the window height (1080 px = scale 1.0)."""

    def __init__(self, size: tuple[int, int], ui_scale: int = 100):
        self.ui_scale = ui_scale
        self.resize(size)

    def resize(self, size):
        self.size = size
        self.scale = max(0.5, min(size[0] / 1920, size[1] / 1080)) * self.ui_scale / 100

    def set_ui_scale(self, percent: int):
        """The player's enlargement (100-200 %) on top of the window's own scale."""
        self.ui_scale = percent
        self.resize(self.size)

    def text_px(self, name: str) -> int:
        return max(MIN_TEXT, int(SIZES.get(name, 24) * self.scale))

    def px(self, v: float) -> int:
        return max(1, int(round(v * self.scale)))

    def font(self, name: str = "body", bold: bool = False) -> pygame.font.Font:
        return _font(self.text_px(name), bold)

    def text(self, s: str, name: str = "body", color=INK, bold: bool = False) -> pygame.Surface:
        return _text(s, self.text_px(name), bold, tuple(color))

    def text_size(self, s: str, name: str = "body", bold: bool = False) -> tuple[int, int]:
        """The size of ``self.text(s, name, bold=bold)``: unlike ``self.font(name).size(s)`` it
        counts the fallback fonts a name in another script is drawn with."""
        return text_size(s, self.text_px(name), bold)


@lru_cache(maxsize=64)
def _font(px: int, bold: bool) -> pygame.font.Font:
    """The primary font (pygame-ce's bundled font at int(px * 1.35)). Measuring a player's name
    with it is wrong when the name needs a fallback font: use ``text_size`` / ``Theme.text_size``."""
    font = text_lib.primary_font(px, bold)
    _FONT_SIZES[id(font)] = (px, bold)
    return font


_FONT_SIZES: dict[int, tuple[int, bool]] = {}    # a theme font -> the (px, bold) it was made for


def measure(font: pygame.font.Font, s: str) -> int:
    """The width ``s`` takes when drawn in a theme ``font``: the font's own measure for plain text,
    the runs' widths (fallback fonts included) for a name in another script."""
    if text_lib.is_plain(s) or id(font) not in _FONT_SIZES:
        return font.size(s)[0]
    px, bold = _FONT_SIZES[id(font)]
    return text_lib.text_size(s, px, bold)[0]


@lru_cache(maxsize=4096)
def _text(s: str, px: int, bold: bool, color: tuple) -> pygame.Surface:
    """``s`` in any script (game.ui.text): the primary font's own rendering when it has every
    character, else run by run in the bundled fallback fonts on one baseline."""
    return text_lib.render(s, px, bold, color)


def text_size(s: str, px: int, bold: bool = False) -> tuple[int, int]:
    """The size ``_text(s, px, bold, ...)`` has, fallback fonts included."""
    return text_lib.text_size(s, px, bold)


def clear_caches():
    """Forget every cached font and picture (they die with pygame.quit()), sprites' included."""
    import sys
    for f in (_font, _text, table_surface, paper_card):
        f.cache_clear()
    _FONT_SIZES.clear()
    text_lib.clear_caches()
    for name, mod in list(sys.modules.items()):
        if name.startswith(("game.ui.sprites.", "game.ui.tables.")) and hasattr(mod, "clear_caches"):
            mod.clear_caches()


@lru_cache(maxsize=8)
def table_surface(size: tuple[int, int], base=WOOD, seed: int = 7) -> pygame.Surface:
    """A wooden table top with grain, drawn once per size."""
    w, h = size
    surf = pygame.Surface(size)
    surf.fill(base)
    rnd = random.Random(seed)
    for y in range(0, h, 3):
        d = rnd.randint(-10, 10)
        c = tuple(max(0, min(255, v + d)) for v in base)
        pygame.draw.line(surf, c, (0, y), (w, y + rnd.randint(-2, 2)), 3)
    for _ in range(w * h // 900):
        x, y = rnd.randrange(w), rnd.randrange(h)
        d = rnd.randint(-18, 18)
        c = tuple(max(0, min(255, v + d)) for v in base)
        pygame.draw.line(surf, c, (x, y), (x + rnd.randint(20, 90), y), 1)
    vign = pygame.Surface(size, pygame.SRCALPHA)
    steps = 24
    for i in range(steps):
        a = int(70 * (1 - i / steps) ** 2)
        r = pygame.Rect(0, 0, w, h).inflate(-i * w // (steps * 3), -i * h // (steps * 3))
        pygame.draw.rect(vign, (0, 0, 0, a), r, max(1, w // (steps * 6)))
    surf.blit(vign, (0, 0))
    return surf.convert() if pygame.display.get_surface() else surf


@lru_cache(maxsize=64)
def paper_card(size: tuple[int, int], radius: int, fill=PAPER, edge=PAPER_DARK, seed: int = 3) -> pygame.Surface:
    """A rounded card with a faint paper grain (cached by the caller)."""
    w, h = size
    card = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(card, fill, card.get_rect(), border_radius=radius)
    rnd = random.Random(seed)
    grain = pygame.Surface(size, pygame.SRCALPHA)
    for _ in range(w * h // 60):
        x, y = rnd.randrange(w), rnd.randrange(h)
        grain.set_at((x, y), (0, 0, 0, rnd.randint(6, 18)))
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    grain.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    card.blit(grain, (0, 0))
    pygame.draw.rect(card, edge, card.get_rect(), max(1, radius // 5), border_radius=radius)
    return card


def draw_symbol(surf, kind: str, center, r: int, color, outline=INK):
    """The player's symbol (so colours are never the only cue)."""
    import math
    cx, cy = center
    if kind == "sun":
        pts = []
        for i in range(16):
            rr = r if i % 2 == 0 else r * 0.55
            a = math.pi * 2 * i / 16
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    elif kind == "diamond":
        pts = [(cx, cy - r), (cx + r * 0.75, cy), (cx, cy + r), (cx - r * 0.75, cy)]
    elif kind == "triangle":
        pts = [(cx, cy - r), (cx + r * 0.9, cy + r * 0.7), (cx - r * 0.9, cy + r * 0.7)]
    elif kind == "star":
        pts = []
        for i in range(10):
            rr = r if i % 2 == 0 else r * 0.45
            a = -math.pi / 2 + math.pi * 2 * i / 10
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    elif kind == "leaf":  # a pointed leaf, tilted
        ca, sa = math.cos(-0.8), math.sin(-0.8)
        pts = []
        for i in range(25):
            t = math.pi * 2 * i / 24
            x, y = r * math.cos(t), r * 0.5 * math.sin(t) * abs(math.sin(t)) ** 0.2
            pts.append((cx + x * ca - y * sa, cy + x * sa + y * ca))
    elif kind == "drop":
        pts = [(cx + r * 0.8 * math.cos(a), cy + r * 0.25 + r * 0.65 * math.sin(a))
               for a in [math.pi * i / 8 for i in range(-1, 10)]] + [(cx, cy - r)]
    elif kind == "heart":
        pts = [(cx + r * 0.9 * (16 * math.sin(t) ** 3) / 16,
                cy - r * 0.9 * (13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)) / 16)
               for t in [i * math.pi / 12 for i in range(24)]]
    elif kind == "square":
        pts = [(cx - r * 0.75, cy - r * 0.75), (cx + r * 0.75, cy - r * 0.75), (cx + r * 0.75, cy + r * 0.75), (cx - r * 0.75, cy + r * 0.75)]
    else:
        pygame.draw.circle(surf, color, center, r)
        pygame.draw.circle(surf, outline, center, r, max(1, r // 6))
        return
    pygame.draw.polygon(surf, color, pts)
    pygame.draw.polygon(surf, outline, pts, max(1, r // 6))
