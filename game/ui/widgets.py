"""Small reusable widgets: buttons, panels, the log, tooltips, the confirm dialog.

The words on them come from their callers, already in the player's language (``_()`` where the
scene draws or builds them); a scene that builds a Button once sets its label again in ``enter()``,
so a language chosen in Settings shows when the player comes back.
"""
from __future__ import annotations

import re
from functools import lru_cache

import pygame

from game.core.i18n import pgettext
from game.ui import theme as T


class Button:
    def __init__(self, label: str, action, key: int | None = None, hint: str = "", enabled: bool = True,
                 style: str = "normal"):
        self.label, self.action, self.key, self.hint = label, action, key, hint
        self.enabled, self.style = enabled, style
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hover = False
        self.focus = False

    def draw(self, surf: pygame.Surface, th: T.Theme):
        r = self.rect
        if self.style == "primary":
            fill = (214, 140, 52) if self.enabled else (150, 135, 115)
        elif self.style == "danger":
            fill = (178, 72, 52) if self.enabled else (150, 135, 115)
        else:
            fill = T.PAPER if self.enabled else (196, 186, 168)
        if self.hover and self.enabled:
            fill = tuple(min(255, c + 18) for c in fill)
        rad = th.px(12)
        shadow = r.move(0, th.px(4))
        pygame.draw.rect(surf, (0, 0, 0, 0) if False else (60, 40, 24), shadow, border_radius=rad)
        pygame.draw.rect(surf, fill, r, border_radius=rad)
        edge = T.HILITE if (self.focus or (self.hover and self.enabled)) else T.INK_SOFT
        pygame.draw.rect(surf, edge, r, th.px(3) if self.focus else th.px(2), border_radius=rad)
        ink = T.contrast_ink(fill) if self.enabled else (120, 110, 96)
        txt = th.text(self.label, "label", ink, bold=True)
        if txt.get_width() > r.w - th.px(16):      # a longer language: a smaller type before overflowing
            txt = th.text(self.label, "small", ink, bold=True)
        surf.blit(txt, txt.get_rect(center=r.center))

    def hit(self, pos) -> bool:
        return self.enabled and self.rect.collidepoint(pos)


def layout_row(buttons: list[Button], rect: pygame.Rect, gap: int, width: int | None = None):
    """Place buttons in a centred row inside rect."""
    if not buttons:
        return
    w = width or (rect.w - gap * (len(buttons) - 1)) // len(buttons)
    total = w * len(buttons) + gap * (len(buttons) - 1)
    x = rect.centerx - total // 2
    for b in buttons:
        b.rect = pygame.Rect(x, rect.y, w, rect.h)
        x += w + gap


def draw_panel(surf, rect: pygame.Rect, th: T.Theme, fill=T.PAPER, edge=T.PAPER_DARK, radius: int = 16,
               alpha: int = 255, shadow: bool = True):
    """A rounded panel with a soft shadow (pre-rendered once per size and style)."""
    img, off = _panel(rect.size, tuple(fill[:3]), tuple(edge[:3]), th.px(radius), alpha, shadow, th.px(2))
    surf.blit(img, (rect.x - off[0], rect.y - off[1]))


@lru_cache(maxsize=128)
def _panel(size, fill, edge, rad, alpha, shadow, border):
    w, h = size
    grow = max(2, rad // 3) if shadow else 0
    img = pygame.Surface((w + grow * 2, h + grow * 2), pygame.SRCALPHA)
    if shadow:
        pygame.draw.rect(img, (0, 0, 0, 60), pygame.Rect(0, grow, w + grow * 2, h + grow), border_radius=rad + grow)
    body = pygame.Rect(grow, grow, w, h)
    pygame.draw.rect(img, (*fill, alpha), body, border_radius=rad)
    pygame.draw.rect(img, edge, body, border, border_radius=rad)
    return img, (grow, grow)


def words_of(text: str) -> list[str]:
    """The words of ``text`` split at ordinary spaces only: a no-break space (French "mot :")
    keeps its neighbours on one line."""
    return [w for w in re.split(r"[ \t\n\r]+", text) if w]


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    words, lines, line = words_of(text), [], ""
    for w in words:
        cand = (line + " " + w).strip()
        if T.measure(font, cand) <= width or not line:
            line = cand
        else:
            lines.append(line)
            line = w
    if line:
        lines.append(line)
    return lines


def fit_lines(th: T.Theme, text: str, width: int, color, steps=(("body", 1), ("small", 2), ("tiny", 3)),
              bold: bool = False) -> list | None:
    """``text`` rendered to fit ``width``: in the first type size of ``steps`` whose wrapping
    takes at most its number of lines (every line no wider than ``width``); None when none fits."""
    for size, most in steps:
        font = th.font(size, bold)
        lines = wrap(text, font, width)
        if len(lines) <= most and all(font.size(ln)[0] <= width for ln in lines):
            return [th.text(ln, size, color, bold=bold) for ln in lines]
    return None


class LogView:
    """The game log in plain words, newest at the bottom. Wrapped rows are cached."""

    def __init__(self):
        self.lines: list[tuple[str, tuple]] = []
        self.scroll = 0
        self._rows: list[tuple[str, tuple, int]] = []   # (text, colour, index of its line)
        self._key = None
        self.row_boxes: list[tuple[pygame.Rect, int]] = []   # drawn rows and their line, for hovering
        self.hovered: int | None = None                     # the line under the mouse

    def set_lines(self, lines: list[tuple[str, tuple]]):
        if len(lines) != len(self.lines):
            self.scroll = 0
        self.lines = lines

    def _wrapped(self, font, width):
        key = (id(self.lines), len(self.lines), width, font.get_height())
        if key != self._key:
            rows = []
            first = max(0, len(self.lines) - 300)
            for k, (text, color) in enumerate(self.lines[first:], first):
                rows.extend((part, color, k) for part in wrap(text, font, width))
            self._rows, self._key = rows, key
        return self._rows

    def draw(self, surf, rect: pygame.Rect, th: T.Theme, title: str | None = None):
        """``title``: the panel's heading in the player's words (None: "Log")."""
        draw_panel(surf, rect, th, fill=T.LOG_PAPER, alpha=T.LOG_ALPHA)
        pad = th.px(14)
        if title is None:
            # i18n: the heading of the panel that lists what happened in the game
            title = pgettext("panel", "Log")
        head = th.text(title, "label", T.INK, bold=True)
        surf.blit(head, (rect.x + pad, rect.y + pad))
        font = th.font("small")
        inner = pygame.Rect(rect.x + pad, rect.y + pad * 2 + head.get_height(), rect.w - pad * 2,
                            rect.h - pad * 3 - head.get_height())
        rows = self._wrapped(font, inner.w - th.px(14))
        lh = font.get_linesize()
        fit = max(1, inner.h // lh)
        self.scroll = min(self.scroll, max(0, len(rows) - fit))
        end = len(rows) - self.scroll
        start = max(0, end - fit)
        y = inner.y
        while 0 < start < end - 1 and rows[start][2] == rows[start - 1][2]:
            start += 1                      # never the tail of a line cut at the top: the whole line or none
            y += lh
        clip = surf.get_clip()
        surf.set_clip(inner)
        self.row_boxes = []
        for text, color, k in rows[start:end]:
            box = pygame.Rect(inner.x - th.px(4), y, inner.w, lh)
            self.row_boxes.append((box, k))
            if k == self.hovered:
                pygame.draw.rect(surf, T.LOG_HOVER, box)
            surf.blit(th.text(text, "small", color), (inner.x, y))
            y += lh
        surf.set_clip(clip)

    def line_at(self, pos) -> int | None:
        """The index of the line drawn under ``pos`` (None: no line there)."""
        return next((k for box, k in self.row_boxes if box.collidepoint(pos)), None)


def note_rect(th: T.Theme, imgs: list, **anchor) -> pygame.Rect:
    """Where draw_note would put these lines."""
    box = pygame.Rect(0, 0, max(i.get_width() for i in imgs) + 2 * th.px(18),
                      sum(i.get_height() for i in imgs) + 2 * th.px(10))
    for name, value in anchor.items():
        setattr(box, name, value)
    return box


def draw_note(surf, th: T.Theme, imgs: list, fill, edge, **anchor) -> pygame.Rect:
    """Rendered lines in a rounded panel placed by a rect anchor (e.g. midtop=(x, y)); its rect."""
    pad_x, pad_y = th.px(18), th.px(10)
    box = note_rect(th, imgs, **anchor)
    draw_panel(surf, box, th, fill=fill, edge=edge, radius=10)
    y = box.y + pad_y
    for img in imgs:
        surf.blit(img, (box.x + pad_x, y))
        y += img.get_height()
    return box


def draw_tooltip(surf, pos, text: str, th: T.Theme):
    font = th.font("small")
    lines = wrap(text, font, th.px(420))
    w = max(font.size(l)[0] for l in lines) + th.px(20)
    h = font.get_linesize() * len(lines) + th.px(16)
    r = pygame.Rect(pos[0] + th.px(18), pos[1] + th.px(18), w, h)
    r.clamp_ip(surf.get_rect().inflate(-th.px(8), -th.px(8)))
    pygame.draw.rect(surf, (40, 32, 26), r, border_radius=th.px(8))
    pygame.draw.rect(surf, T.HILITE, r, th.px(1), border_radius=th.px(8))
    y = r.y + th.px(8)
    for l in lines:
        surf.blit(th.text(l, "small", (250, 240, 220)), (r.x + th.px(10), y))
        y += font.get_linesize()


class Dialog:
    """A modal question with buttons; returns the chosen button's action."""

    def __init__(self, title: str, body: str, buttons: list[Button]):
        self.title, self.body, self.buttons = title, body, buttons
        self.focus = 0

    def draw(self, surf, th: T.Theme):
        shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surf.blit(shade, (0, 0))
        w, h = th.px(760), th.px(330)
        r = pygame.Rect(0, 0, w, h)
        r.center = surf.get_rect().center
        draw_panel(surf, r, th)
        t = th.text(self.title, "title", T.INK, bold=True)
        surf.blit(t, (r.x + th.px(30), r.y + th.px(26)))
        y = r.y + th.px(40) + t.get_height()
        for line in wrap(self.body, th.font("body"), w - th.px(60)):
            surf.blit(th.text(line, "body", T.INK_SOFT), (r.x + th.px(30), y))
            y += th.font("body").get_linesize()
        row = pygame.Rect(r.x + th.px(30), r.bottom - th.px(90), w - th.px(60), th.px(64))
        layout_row(self.buttons, row, th.px(20))
        for i, b in enumerate(self.buttons):
            b.focus = i == self.focus
            b.draw(surf, th)

    def handle(self, ev):
        if ev.type == pygame.MOUSEMOTION:
            for b in self.buttons:
                b.hover = b.rect.collidepoint(ev.pos)
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            for b in self.buttons:
                if b.hit(ev.pos):
                    return b.action
        elif ev.type == pygame.KEYDOWN:
            if ev.key in (pygame.K_LEFT, pygame.K_UP, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
                step = -1 if ev.key in (pygame.K_LEFT, pygame.K_UP) else 1
                self.focus = (self.focus + step) % len(self.buttons)
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return self.buttons[self.focus].action
            for b in self.buttons:
                if b.key is not None and ev.key == b.key:
                    return b.action
        return None
