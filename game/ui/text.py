"""Text in any script: names typed in Hebrew, Arabic, Chinese or with an emoji are drawn as written.

``render(s, px, bold, color)`` draws a line of text. Most text is covered by the primary font
(pygame's default font, the game's look) and is drawn by it directly, exactly as before. Otherwise
the line is cut into runs, each drawn by the first bundled font (``assets/fonts/``) that has its
glyphs, a whole word in one font where one font has the whole word. Right-to-left runs (Hebrew,
Arabic) are shaped by HarfBuzz (``Font.set_script`` / ``Font.set_direction``) and ordered by a
small version of the Unicode bidirectional algorithm, with a left-to-right line when the line has
any left-to-right letter (the UI's sentences are left to right: "שלום rolls a yellow 2" keeps the
name first). The runs are put on the primary font's baseline; the picture is as tall as the
primary font's line unless a fallback glyph's ink reaches above or below it.

``px`` is the theme's text size (the same as ``game.ui.theme._text``): the primary font is
``pygame.font.Font(None, int(px * 1.35))`` and the fallback fonts are drawn at its point size.

``can_draw(s)`` / ``missing_characters(s)`` tell whether every character has a glyph in some
bundled font (whitespace, joiners and variation selectors count as drawable).
"""
from __future__ import annotations

import unicodedata
from functools import lru_cache

import pygame

from game.core.paths import resource_path

# the fallback fonts, tried in this order after the primary font; each with the script HarfBuzz
# shapes its runs as (None: guessed from the run's letters)
FALLBACKS = (
    ("NotoSans-Bold.ttf", None),               # Latin (Vietnamese...), Greek, Cyrillic beyond the primary
    ("NotoSansHebrew-Bold.ttf", "Hebr"),
    ("NotoSansArabic-Bold.ttf", "Arab"),
    ("NotoSansDevanagari-Bold.ttf", "Deva"),
    ("NotoSansThai-Bold.ttf", "Thai"),
    ("NotoSansCJKsc-Bold-subset.otf", "Hani"),
    ("NotoEmoji-SemiBold.ttf", "Zyyy"),
    ("NotoSansMath-Regular-arrows.ttf", None),  # arrows (German key names: ← →) and math signs
)
PRIMARY = 0  # font index 0 is the primary font, 1.. the FALLBACKS
FONT_SCALE = 1.35  # the theme's text size to pygame's font size


def font_path(i: int):
    """The file of font ``i`` (None for the primary font: pygame's default)."""
    return None if i == PRIMARY else str(resource_path("assets", "fonts", FALLBACKS[i - 1][0]))


def font_count() -> int:
    return 1 + len(FALLBACKS)


@lru_cache(maxsize=64)
def primary_font(px: int, bold: bool) -> pygame.font.Font:
    """The game's font at the theme's text size ``px``: pygame-ce's bundled font."""
    f = pygame.font.Font(None, int(px * FONT_SCALE))
    f.set_bold(bold)
    return f


# ---------------------------------------------------------------------------------------------
# coverage: which font has a glyph for which character (pure data, kept across clear_caches)

_coverage: dict[int, dict[str, bool]] = {}
_probes: dict[int, object] = {}


def _probe(i: int):
    """A pygame.freetype face of font ``i``, only to ask which characters it has a glyph for
    (freetype's get_metrics answers None for a missing glyph; pygame.font's metrics does not)."""
    import pygame.freetype as ft
    if not ft.get_init():  # quit with pygame: its faces died with it
        _probes.clear()
        ft.init()
    f = _probes.get(i)
    if f is None:
        f = _probes[i] = ft.Font(font_path(i), 12)
    return f


def _learn(i: int, chars) -> None:
    cov = _coverage.setdefault(i, {})
    todo = "".join(dict.fromkeys(c for c in chars if c not in cov))
    if todo:
        try:
            metrics = _probe(i).get_metrics(todo)
        except (OSError, FileNotFoundError, pygame.error):  # a missing font file covers nothing
            metrics = [None] * len(todo)
        for c, m in zip(todo, metrics):
            cov[c] = m is not None


def covers(i: int, c: str) -> bool:
    """Whether font ``i`` has a glyph for character ``c``."""
    cov = _coverage.get(i)
    if cov is None or c not in cov:
        _learn(i, c)
        cov = _coverage[i]
    return cov[c]


def _covers_all(i: int, chars: str) -> bool:
    _learn(i, chars)
    cov = _coverage[i]
    return all(cov[c] for c in chars)


_INVISIBLE = ((0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x180B, 0x180F),
              (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0xFE00, 0xFE0F),
              (0xFEFF, 0xFEFF), (0xE0000, 0xE007F), (0xE0100, 0xE01EF))


@lru_cache(maxsize=4096)
def is_invisible(c: str) -> bool:
    """Zero-width joiners and non-joiners, variation selectors, bidi marks and the like: they
    change how their neighbours are drawn and need no glyph of their own."""
    o = ord(c)
    return any(lo <= o <= hi for lo, hi in _INVISIBLE)


def _drawable(c: str) -> bool:
    return c.isspace() or is_invisible(c) or any(covers(i, c) for i in range(font_count()))


def missing_characters(s: str) -> list[str]:
    """The characters of ``s`` that no bundled font can draw, each once, in order."""
    return [c for c in dict.fromkeys(s) if not _drawable(c)]


def can_draw(s: str) -> bool:
    """Whether every character of ``s`` is drawn by some bundled font (or needs no glyph)."""
    return (s.isascii() and s.isprintable()) or not missing_characters(s)


# ---------------------------------------------------------------------------------------------
# the fast path: a line the primary font draws alone, left to right

_RTL_TYPES = ("R", "AL", "AN", "RLE", "RLO", "RLI")
_plain_chars: set[str] = set()  # characters the primary font draws in a left-to-right line


def is_plain(s: str) -> bool:
    """Whether the primary font draws the whole of ``s`` by itself, left to right."""
    if s.isascii() or _plain_chars.issuperset(s):
        return True
    for c in set(s).difference(_plain_chars):
        if not covers(PRIMARY, c) or unicodedata.bidirectional(c) in _RTL_TYPES:
            return False
        _plain_chars.add(c)
    return True


# ---------------------------------------------------------------------------------------------
# runs: a font for every character, bidi levels, then runs in visual order

def _neutral(c: str) -> bool:
    """Between words: whitespace and punctuation, drawn by the font of the words around them."""
    return c.isspace() or unicodedata.category(c)[0] in "PZC" and not is_invisible(c)


def _is_rtl_letter(c: str) -> bool:
    return unicodedata.bidirectional(c) in ("R", "AL")


def _first_font(c: str, skip_primary: bool) -> int | None:
    for i in range(1 if skip_primary else 0, font_count()):
        if covers(i, c):
            return i
    return None


def _word_fonts(word: str) -> list[int]:
    """The font of each character of a word: one font for the whole word where one has it all,
    else each character's first font, staying with the font before while that one has it."""
    rtl = any(_is_rtl_letter(c) for c in word)  # the primary font's few Arabic letters have no shaping
    visible = "".join(c for c in word if not is_invisible(c))
    for i in range(1 if rtl else 0, font_count()):
        if _covers_all(i, visible):
            return [i] * len(word)
    out: list[int] = []
    prev = None
    for c in word:
        if prev is not None and (is_invisible(c) or unicodedata.category(c)[0] == "M") and covers(prev, c):
            out.append(prev)
            continue
        if prev is not None and not is_invisible(c) and covers(prev, c) and not (prev == PRIMARY and _is_rtl_letter(c)):
            out.append(prev)
            continue
        if is_invisible(c):
            out.append(prev if prev is not None else PRIMARY)
            continue
        i = _first_font(c, _is_rtl_letter(c))
        if i is None:
            i = prev if prev is not None else PRIMARY  # no font has it: the primary font's box
        out.append(i)
        prev = i
    return out


def assign_fonts(s: str) -> list[int]:
    """The index of the font that draws each character of ``s``."""
    fonts: list[int | None] = [None] * len(s)
    n = len(s)
    k = 0
    while k < n:  # words first
        if _neutral(s[k]):
            k += 1
            continue
        j = k
        while j < n and not _neutral(s[j]):
            j += 1
        fonts[k:j] = _word_fonts(s[k:j])
        k = j
    for k, c in enumerate(s):  # then what lies between them
        if fonts[k] is not None:
            continue
        before = next((fonts[j] for j in range(k - 1, -1, -1) if not _neutral(s[j])), None)
        after = next((fonts[j] for j in range(k + 1, n) if not _neutral(s[j])), None)
        if before is not None and before == after and covers(before, c):
            fonts[k] = before
        elif covers(PRIMARY, c) or c.isspace():
            fonts[k] = PRIMARY
        else:
            fonts[k] = _first_font(c, False) or PRIMARY
    return fonts  # type: ignore[return-value]


_STRONG = {"L": "L", "R": "R", "AL": "R", "LRE": "L", "LRO": "L", "LRI": "L",
           "RLE": "R", "RLO": "R", "RLI": "R"}


def bidi_levels(s: str, rtl: bool | None = None) -> list[int]:
    """Embedding levels of ``s`` (even: left to right, odd: right to left) by a small version of
    the Unicode bidirectional algorithm (no explicit embeddings; numbers after Arabic letters are
    Arabic numbers; European numbers take the direction of the letters before them; neutrals
    between two runs of one direction take it, other neutrals the line's). The line is right to
    left when ``rtl`` says so, or when ``rtl`` is None and it has right-to-left letters and no
    left-to-right letter."""
    kinds = [unicodedata.bidirectional(c) for c in s]
    if rtl is None:
        strong = {_STRONG.get(t) for t in kinds}
        rtl = "R" in strong and "L" not in strong
    base = 1 if rtl else 0
    sos = "R" if rtl else "L"
    types: list[str] = []
    last_strong = sos
    last_raw = sos
    for t in kinds:
        if t in ("NSM", "BN"):
            t = types[-1] if types else sos
        elif t == "EN":
            t = "AN" if last_raw == "AL" else ("L" if last_strong == "L" else "EN")
        elif t in _STRONG:
            last_raw = "AL" if t == "AL" else _STRONG[t]
            t = _STRONG[t]
            last_strong = t
        elif t not in ("AN",):
            t = "N"
        types.append(t)
    # neutrals: between two of one direction (numbers count as right to left) they take it
    n = len(types)
    k = 0
    while k < n:
        if types[k] != "N":
            k += 1
            continue
        j = k
        while j < n and types[j] == "N":
            j += 1
        before = sos if k == 0 else ("R" if types[k - 1] in ("R", "AN", "EN") else "L")
        after = sos if j == n else ("R" if types[j] in ("R", "AN", "EN") else "L")
        d = before if before == after else ("R" if rtl else "L")
        for m in range(k, j):
            types[m] = d
        k = j
    levels = []
    for t in types:
        if base == 0:
            levels.append(1 if t == "R" else 2 if t in ("AN", "EN") else 0)
        else:
            levels.append(2 if t in ("L", "AN", "EN") else 1)
    return levels


def _script_of(text: str, font: int) -> str:
    fixed = FALLBACKS[font - 1][1] if font != PRIMARY else None
    if fixed:
        return fixed
    for c in text:
        o = ord(c)
        if 0x0370 <= o <= 0x03FF or 0x1F00 <= o <= 0x1FFF:
            return "Grek"
        if 0x0400 <= o <= 0x052F or 0x1C80 <= o <= 0x1C8F or 0x2DE0 <= o <= 0x2DFF or 0xA640 <= o <= 0xA69F:
            return "Cyrl"
        if c.isalpha():
            return "Latn"
    return "Zyyy"


def runs(s: str, rtl: bool | None = None) -> list[tuple[int, str, bool]]:
    """``s`` as runs in visual order, left to right: (font index, text, right to left). A
    right-to-left run's text is in logical order (HarfBuzz lays it out from the right)."""
    if not s:
        return []
    fonts = assign_fonts(s)
    levels = bidi_levels(s, rtl)
    segs: list[list] = []  # [font, level, chars]
    for c, f, lv in zip(s, fonts, levels):
        if is_invisible(c):
            if not segs:
                continue
            seg = segs[-1]
            if covers(seg[0], c):  # a joiner or selector the run's font knows: keep it
                seg[2].append(c)
            continue
        if c.isspace() and not covers(f, c):
            c = " "
        if segs and segs[-1][0] == f and segs[-1][1] == lv:
            segs[-1][2].append(c)
        else:
            segs.append([f, lv, [c]])
    if not segs:
        return []
    # reorder (UAX #9 rule L2) run by run: from the highest level down to the lowest odd level,
    # reverse every stretch of runs at that level or higher
    top = max(seg[1] for seg in segs)
    low_odd = min((seg[1] for seg in segs if seg[1] % 2), default=None)
    if low_odd is not None:
        for lv in range(top, low_odd - 1, -1):
            k = 0
            while k < len(segs):
                if segs[k][1] < lv:
                    k += 1
                    continue
                j = k
                while j < len(segs) and segs[j][1] >= lv:
                    j += 1
                segs[k:j] = segs[k:j][::-1]
                k = j
    return [(f, "".join(chars), lv % 2 == 1) for f, lv, chars in segs]


# ---------------------------------------------------------------------------------------------
# drawing

@lru_cache(maxsize=128)
def shaping_font(i: int, px: int, bold: bool, script: str, rtl: bool) -> pygame.font.Font:
    """Font ``i`` at the primary font's size for ``px``, set to shape ``script`` in one direction."""
    if i == PRIMARY:
        f = pygame.font.Font(None, int(px * FONT_SCALE))
    else:
        f = pygame.font.Font(font_path(i), primary_font(px, bold).point_size)
    f.set_bold(bold)
    f.set_script(script)  # both: with only the direction, HarfBuzz neither joins nor reorders
    f.set_direction(pygame.DIRECTION_RTL if rtl else pygame.DIRECTION_LTR)
    return f


def _compose(s: str, px: int, bold: bool, color, rtl: bool | None):
    base = primary_font(px, bold)
    pieces = []
    for i, text, r in runs(s, rtl):
        f = shaping_font(i, px, bold, _script_of(text, i), r)
        surf = f.render(text, True, color)
        pieces.append((surf, f.get_ascent()))
    asc, height = base.get_ascent(), base.get_linesize()  # a rendered line is linesize tall
    top, bottom = 0, height
    for surf, a in pieces:  # grow only where a fallback glyph's ink leaves the primary's line
        ink = surf.get_bounding_rect()
        if ink.h:
            top = min(top, asc - a + ink.top)
            bottom = max(bottom, asc - a + ink.bottom)
    width = sum(surf.get_width() for surf, _ in pieces)
    return pieces, width, top, bottom, asc


def render(s: str, px: int, bold: bool = False, color=(0, 0, 0), rtl: bool | None = None) -> pygame.Surface:
    """``s`` drawn on one line at the theme's text size ``px``, every run in a font that has it.
    ``rtl`` forces the line's direction (None: right to left only for a line with no
    left-to-right letter)."""
    if rtl is None and is_plain(s):
        return primary_font(px, bold).render(s, True, color)
    pieces, width, top, bottom, asc = _compose(s, px, bold, color, rtl)
    out = pygame.Surface((max(1, width), bottom - top), pygame.SRCALPHA)
    x = 0
    for surf, a in pieces:
        # the runs never overlap: copy each one (an alpha blit would darken its soft edges)
        out.blit(surf, (x, asc - a - top), special_flags=pygame.BLEND_RGBA_MAX)
        x += surf.get_width()
    return out


@lru_cache(maxsize=1024)
def _composed_size(s: str, px: int, bold: bool, rtl: bool | None) -> tuple[int, int]:
    _, width, top, bottom, _ = _compose(s, px, bold, (0, 0, 0), rtl)
    return max(1, width), bottom - top


def text_size(s: str, px: int, bold: bool = False, rtl: bool | None = None) -> tuple[int, int]:
    """The size of ``render(s, px, bold)``, with the same fallbacks."""
    if rtl is None and is_plain(s):
        f = primary_font(px, bold)
        w, h = f.size(s)
        return w, (f.get_linesize() if s else h)  # pygame's size() gives the font's height, render() a line
    return _composed_size(s, px, bold, rtl)


def clear_caches() -> None:
    """Forget every font (they die with pygame.quit()); what each font covers is kept."""
    for f in (primary_font, shaping_font, _composed_size):
        f.cache_clear()
    _probes.clear()
