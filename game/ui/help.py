"""The rules help overlay (F1): our own words, from assets/help/<game>.md, shown page by page.

Each language has its own document, assets/locale/<lang>/help/<game>.md, with the same six pages
in the same order (their titles translated), so pages are known by position (GOAL .. LEGEND), never
by their English titles; a language without its document shows the English one. The overlay's own
words (its heading, the keys line) come from the catalog.

The file is a small markdown subset. ``# Title`` names the game; every ``## Topic`` starts a page
(Goal, Set-up, A turn, Scoring, Special cases, Icon legend); ``### Label`` is a small heading inside a
page; ``- item`` is a bullet (indent two spaces for a sub-bullet); other lines are paragraphs (a line
that is not a heading, a bullet or blank continues the block above it); ``**bold**`` works inside
text. A line holding only pictures draws them from our own sprite code (game/ui/help_pictures.py):

    ![caption under the picture](picture:it_happens/die_5)
    ![Name](picture:it_happens/worm "a few words: what it is, does or scores")

Pictures on consecutive lines share a row. A picture with a quoted title is a legend entry instead:
icon, bold name and the words beside it, laid out as a grid. Unknown picture names are skipped.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

import pygame

from game.core import i18n
from game.core.i18n import _, pgettext
from game.core.paths import resource_path
from game.ui import help_pictures as HP
from game.ui import theme as T
from game.ui.tables import table_for
from game.ui.widgets import draw_panel, fit_lines, words_of

# the pages every help document has, in this order (their English titles: a translated document has
# its own titles, so code finds a page by its position below, not by these words)
TOPICS = ("Goal", "Set-up", "A turn", "Scoring", "Special cases", "Icon legend")
GOAL, SETUP, TURN, SCORING, SPECIAL, LEGEND = range(len(TOPICS))
_PIC = re.compile(r'!\[(?P<alt>[^\]]*)\]\((?P<url>[^\s)]+)(?:\s+"(?P<title>[^"]*)")?\)')
_PICS_LINE = re.compile(r'^(\s*' + _PIC.pattern + r')+\s*$')


def help_path(game_id: str, lang: str | None = None):
    """The help document of ``game_id`` for ``lang`` (default: the language chosen now): the
    language's own when it has one, else the English."""
    lang = i18n.language() if lang is None else lang
    if lang not in (i18n.SOURCE, i18n.PSEUDO):
        own = resource_path("assets", "locale", lang, "help", f"{game_id}.md")
        if own.is_file():
            return own
    return resource_path("assets", "help", f"{game_id}.md")


def load_help(game_id: str) -> str:
    """The help text of ``game_id`` in the chosen language (English when it has no document)."""
    p = help_path(game_id)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError:
        # i18n: the rules help when its file is missing; "Rules" is the page's heading
        rules = pgettext("help", "Rules")
        return "# {r}\n## {r}\n{why}".format(r=rules, why=_("The rules help for this game is not available."))
    return pseudo_help(text) if i18n.language() == i18n.PSEUDO else text


def pseudo_help(text: str) -> str:
    """The English help in the pseudo-locale (layout test): its words accented and longer, its
    markup (headings, bullets, bold, picture names) kept."""
    def pic(m):
        alt = i18n.pseudo(m.group("alt")) if m.group("alt") else ""
        title = m.group("title")
        return f'![{alt}]({m.group("url")}' + (f' "{i18n.pseudo(title)}")' if title is not None else ")")

    out = []
    for line in text.splitlines():
        body = line.lstrip()
        indent = line[:len(line) - len(body)]
        if _PICS_LINE.match(body or "x"):
            out.append(indent + _PIC.sub(pic, body))
            continue
        mark = re.match(r"(#+\s+|[-*]\s+)?", body).group(0)
        words = body[len(mark):]
        out.append(indent + mark + (i18n.pseudo(words) if words.strip() else words))
    return "\n".join(out) + "\n"


@dataclass
class Page:
    title: str
    blocks: list = field(default_factory=list)   # (kind, payload) see parse_pages

    def pictures(self) -> list[str]:
        """The picture names this page refers to (without the ``picture:`` prefix)."""
        out = []
        for kind, payload in self.blocks:
            if kind in ("figures", "legend"):
                out += [p[0] for p in payload]
        return out


def picture_refs(text: str) -> list[str]:
    """Every picture address in a help file, as written (``picture:game/name``)."""
    return [m.group("url") for m in _PIC.finditer(text)]


def parse_pages(text: str) -> tuple[str, list[Page]]:
    """The help text -> (the game's title, its pages). Blocks are ("label", text), ("body", text),
    ("bullet", (text, depth)), ("gap", None), ("figures", [(name, caption)]) and
    ("legend", [(name, caption, words)])."""
    title = ""
    pages: list[Page] = []
    intro = Page("")

    def cur() -> Page:
        return pages[-1] if pages else intro

    for raw in text.splitlines():
        line = raw.rstrip()
        body = line.lstrip()
        depth = (len(line) - len(body)) // 2
        blocks = cur().blocks
        if line.startswith("#"):
            level = len(line) - len(line.lstrip("#"))
            words = line.lstrip("#").strip()
            if level == 1:
                title = words
            elif level == 2:
                pages.append(Page(words))
            else:
                blocks.append(["label", words])
        elif body and _PICS_LINE.match(body):
            for m in _PIC.finditer(body):
                url, alt, words = m.group("url"), m.group("alt").strip(), m.group("title")
                name = url[len(HP.PREFIX):] if url.startswith(HP.PREFIX) else url
                kind = "legend" if words is not None else "figures"
                item = (name, alt, words.strip()) if words is not None else (name, alt)
                if blocks and blocks[-1][0] == kind and blocks[-1][2]:
                    blocks[-1][1].append(item)
                else:
                    blocks.append([kind, [item], True])
        elif body.startswith(("- ", "* ")):
            blocks.append(["bullet", [body[2:], depth]])
        elif not body:
            if blocks and blocks[-1][0] in ("figures", "legend"):
                blocks[-1][2] = False        # a blank line ends a row of pictures
            if blocks and blocks[-1][0] != "gap":
                blocks.append(["gap", None])
        elif blocks and blocks[-1][0] == "bullet":
            blocks[-1][1][0] += " " + body
        elif blocks and blocks[-1][0] == "body":
            blocks[-1][1] += " " + body
        else:
            blocks.append(["body", body])
    if intro.blocks:
        if pages:
            pages[0].blocks[:0] = intro.blocks + [["gap", None]]
        else:
            pages.append(Page(title or pgettext("help", "Rules"), intro.blocks))
    if not pages:
        pages.append(Page(title or pgettext("help", "Rules")))
    for p in pages:
        clean = []
        for b in p.blocks:
            if b[0] in ("figures", "legend"):
                clean.append((b[0], list(b[1])))
            elif b[0] == "bullet":
                clean.append(("bullet", (b[1][0], b[1][1])))
            else:
                clean.append((b[0], b[1]))
        while clean and clean[0][0] == "gap":
            clean.pop(0)
        while clean and clean[-1][0] == "gap":
            clean.pop()
        p.blocks = clean
    return title, pages


# ------------------------------------------------------------------ rich text

def _units(text: str) -> list[list[tuple[str, bool]]]:
    """``a **b**. c`` -> words, each a list of (piece, bold): "b" and "." are one word in two
    weights, so no space creeps in between them and they wrap together."""
    units: list[list[tuple[str, bool]]] = []
    glue = False
    for i, part in enumerate(text.split("**")):
        bold = i % 2 == 1
        words = words_of(part)
        if not words:
            glue = glue and not part
            continue
        for j, w in enumerate(words):
            if j == 0 and units and glue and not part[0].isspace():
                units[-1].append((w, bold))
            else:
                units.append([(w, bold)])
        glue = not part[-1].isspace()
    return units


def _groups(line) -> list[list]:
    """A line of words -> runs of one weight: [[text, bold], ...] with the spaces in place."""
    groups: list[list] = []
    for k, unit in enumerate(line):
        for j, (w, bold) in enumerate(unit):
            piece = (" " if k and not j else "") + w
            if groups and groups[-1][1] == bold:
                groups[-1][0] += piece
            else:
                groups.append([piece, bold])
    return groups


def _wrap_units(units, th, size, width) -> list[list]:
    """Greedy wrapping, measuring each candidate line as it will be rendered."""
    lines, line = [], []
    for u in units:
        cand = line + [u]
        if line and sum(th.font(size, b).size(t)[0] for t, b in _groups(cand)) > width:
            lines.append(line)
            cand = [u]
        line = cand
    if line:
        lines.append(line)
    return lines


def _render_line(line, th, size, color, bold_color=None) -> pygame.Surface:
    """One wrapped line: consecutive pieces of one weight rendered together."""
    imgs = [th.text(words, size, bold_color if (bold and bold_color) else color, bold=bold)
            for words, bold in _groups(line)]
    if len(imgs) == 1:
        return imgs[0]
    w = sum(i.get_width() for i in imgs)
    h = max(i.get_height() for i in imgs)
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    x = 0
    for i in imgs:
        s.blit(i, (x, 0))
        x += i.get_width()
    return s


def text_block(text, th, size, width, color=T.INK, bold_color=None) -> list[pygame.Surface]:
    return [_render_line(ln, th, size, color, bold_color) for ln in _wrap_units(_units(text), th, size, max(10, width))]


# ------------------------------------------------------------------ the overlay

class HelpOverlay:
    """The rules, one topic at a time: a sidebar of topics, the page, and a scroll bar.

    Keys: Left/Right, Tab or 1-6 change topic; Up/Down, PageUp/PageDown, Home/End and the wheel
    scroll; Esc, F1 or Enter close. Click a topic to open it, click outside the panel to close."""

    last_page: dict = {}           # game id -> the topic last read (the help reopens there)

    def __init__(self, game_id: str, title: str, text: str | None = None, page: int | None = None):
        """``title``: the game's title as its N_() message id (translated when drawn); ``text``: the
        help document (default: the game's, in the chosen language); ``page``: a position (GOAL ..)."""
        self.game_id = game_id
        self.title = title
        self.text = load_help(game_id) if text is None else text
        self.pages = parse_pages(self.text)[1]
        start = self.last_page.get(game_id, 0) if page is None else page
        self.page = max(0, min(len(self.pages) - 1, start))
        self.scrolls = [0] * len(self.pages)
        self.max_scroll = 0
        self.missing: set[str] = set()      # picture names with no picture (skipped)
        self.rect: pygame.Rect | None = None
        self.tabs: list[pygame.Rect] = []
        self.hover = None
        self._line = 24
        self._view_h = 400
        self._layouts: dict = {}
        self._pics: dict = {}
        accent = table_for(game_id).accents
        self.accent = tuple(accent[0])
        self.ink_accent = T.dark_ink(accent[0])

    # -- state ----------------------------------------------------------------------------------
    @property
    def scroll(self) -> int:
        return self.scrolls[self.page]

    @scroll.setter
    def scroll(self, v):
        self.scrolls[self.page] = int(max(0, v))

    def topics(self) -> list[str]:
        return [p.title for p in self.pages]

    def show(self, index: int):
        if 0 <= index < len(self.pages):
            self.page = index
            self.last_page[self.game_id] = index

    def _scroll_by(self, dy):
        """Scroll by ``dy`` pixels, within the page (its length is known once it has been drawn)."""
        self.scroll = max(0, min(self.scroll + dy, self.max_scroll))

    # -- input ----------------------------------------------------------------------------------
    def handle(self, ev):
        if ev.type == pygame.KEYDOWN:
            k = ev.key
            if k in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN, pygame.K_KP_ENTER):
                return "close"
            digits = {getattr(pygame, f"K_{i}"): i - 1 for i in range(1, 10)}
            digits.update({getattr(pygame, f"K_KP{i}"): i - 1 for i in range(1, 10)})
            if k in digits:
                self.show(digits[k])
            elif k == pygame.K_RIGHT or (k == pygame.K_TAB and not ev.mod & pygame.KMOD_SHIFT):
                self.show(min(len(self.pages) - 1, self.page + 1))
            elif k == pygame.K_LEFT or k == pygame.K_TAB:
                self.show(max(0, self.page - 1))
            elif k in (pygame.K_DOWN, pygame.K_j):
                self._scroll_by(self._line * 2)
            elif k in (pygame.K_UP, pygame.K_k):
                self._scroll_by(-self._line * 2)
            elif k in (pygame.K_PAGEDOWN, pygame.K_SPACE):
                self._scroll_by(max(self._line, self._view_h - self._line * 2))
            elif k == pygame.K_PAGEUP:
                self._scroll_by(-max(self._line, self._view_h - self._line * 2))
            elif k == pygame.K_HOME:
                self.scroll = 0
            elif k == pygame.K_END:
                self.scroll = self.max_scroll
        elif ev.type == pygame.MOUSEWHEEL:
            self._scroll_by(-ev.y * self._line * 3)
        elif ev.type == pygame.MOUSEMOTION:
            self.hover = ev.pos
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            for i, r in enumerate(self.tabs):
                if r.collidepoint(ev.pos):
                    self.show(i)
                    return None
            if self.rect is not None and not self.rect.collidepoint(ev.pos):
                return "close"
        return None

    # -- pictures ---------------------------------------------------------------------------------
    def _picture(self, name: str, size: int) -> pygame.Surface | None:
        key = (name, size)
        if key not in self._pics:
            img = HP.picture(name, size)
            if img is None:
                self.missing.add(name)
            self._pics[key] = img
        return self._pics[key]

    # -- layout -----------------------------------------------------------------------------------
    def _layout(self, index: int, th, width: int):
        """The page as (things to draw, height): things are ("img", surf, x, y) or
        ("dot", x, y, r) or ("card", rect) in page coordinates."""
        key = (index, width, th.text_px("body"), th.px(100))
        if key in self._layouts:
            return self._layouts[key]
        page = self.pages[index]
        items: list = []
        y = 0
        line_gap = th.px(3)
        head = th.text(page.title, "title", self.ink_accent, bold=True)
        items.append(("img", head, 0, y))
        y += head.get_height() + th.px(4)
        items.append(("rule", pygame.Rect(0, y, width, max(1, th.px(2)))))
        y += th.px(16)
        for kind, payload in page.blocks:
            if kind == "gap":
                y += th.px(12)
            elif kind == "label":
                y += th.px(6)
                for img in text_block(payload, th, "label", width, self.ink_accent):
                    items.append(("img", img, 0, y))
                    y += img.get_height() + line_gap
                y += th.px(4)
            elif kind == "body":
                for img in text_block(payload, th, "body", width, T.INK, self.ink_accent):
                    items.append(("img", img, 0, y))
                    y += img.get_height() + line_gap
            elif kind == "bullet":
                text, depth = payload
                indent = th.px(30) * (depth + 1)
                lh = th.font("body").get_linesize()
                for k, img in enumerate(text_block(text, th, "body", width - indent, T.INK, self.ink_accent)):
                    if k == 0:
                        r = th.px(5) if depth == 0 else th.px(3)
                        items.append(("dot", indent - th.px(18), y + lh // 2, r, depth))
                    items.append(("img", img, indent, y))
                    y += img.get_height() + line_gap
            elif kind == "figures":
                y = self._layout_figures(payload, th, width, y + th.px(8), items) + th.px(8)
            elif kind == "legend":
                y = self._layout_legend(payload, th, width, y + th.px(6), items) + th.px(6)
        height = y + th.px(24)
        self._layouts[key] = (items, height)
        return items, height

    def _layout_figures(self, figs, th, width, y, items) -> int:
        """Pictures side by side with their captions below, rows centred, wrapped to ``width``."""
        gap = th.px(30)
        cells = []
        for name, caption in figs:
            h = int(th.px(120) * HP.prefer(name))
            img = self._picture(name, h)
            if img is None:
                continue
            if img.get_width() > width:
                img = self._picture(name, max(12, int(h * width / img.get_width())))
                if img is None:
                    continue
            cw = max(img.get_width(), min(width, th.px(320 if len(figs) > 1 else 480)))
            lines = text_block(caption, th, "small", cw, T.INK_SOFT) if caption else []
            cw = max([img.get_width()] + [ln.get_width() for ln in lines])
            ch = img.get_height() + (th.px(6) + sum(ln.get_height() for ln in lines) if lines else 0)
            cells.append((img, lines, cw, ch))
        rows, row, used = [], [], 0
        for c in cells:
            if row and used + gap + c[2] > width:
                rows.append(row)
                row, used = [], 0
            used += (gap if row else 0) + c[2]
            row.append(c)
        if row:
            rows.append(row)
        for row in rows:
            total = sum(c[2] for c in row) + gap * (len(row) - 1)
            x = (width - total) // 2
            pic_h = max(c[0].get_height() for c in row)
            for img, lines, cw, ch in row:
                iy = y + (pic_h - img.get_height()) // 2
                items.append(("img", img, x + (cw - img.get_width()) // 2, iy))
                ly = y + pic_h + th.px(6)
                for ln in lines:
                    items.append(("img", ln, x + (cw - ln.get_width()) // 2, ly))
                    ly += ln.get_height()
                x += cw + gap
            y += max(c[3] - c[0].get_height() + pic_h for c in row) + th.px(18)
        return y

    def _layout_legend(self, entries, th, width, y, items) -> int:
        """A grid of cards: icon, bold name, a few words."""
        gap = th.px(14)
        cols = max(1, min(3, (width + gap) // (th.px(430) + gap)))
        cw = (width - gap * (cols - 1)) // cols
        icon_h, icon_w = th.px(70), th.px(120)
        pad = th.px(10)
        icons = []
        for name, caption, words in entries:
            img = self._picture(name, icon_h)
            if img is None:
                continue
            if img.get_width() > icon_w:
                h = max(1, round(img.get_height() * icon_w / img.get_width()))
                img = pygame.transform.smoothscale(img, (icon_w, h))
            icons.append((img, caption, words))
        iw = max([icon_h] + [img.get_width() for img, _cap, _words in icons])     # one text column for all
        tw = cw - iw - 3 * pad
        cards = []
        for img, caption, words in icons:
            lines = text_block(f"**{caption}**", th, "body", tw, self.ink_accent, self.ink_accent) if caption else []
            lines = [(ln, True) for ln in lines]
            lines += [(ln, False) for ln in text_block(words, th, "small", tw, T.INK, self.ink_accent)]
            th_ = sum(ln.get_height() for ln, _bold in lines)
            cards.append((img, iw, lines, max(img.get_height(), th_) + 2 * pad))
        for i in range(0, len(cards), cols):
            row = cards[i:i + cols]
            rh = max(c[3] for c in row)
            for j, (img, iw, lines, _h) in enumerate(row):
                x = j * (cw + gap)
                items.append(("card", pygame.Rect(x, y, cw, rh)))
                items.append(("img", img, x + pad + (iw - img.get_width()) // 2, y + (rh - img.get_height()) // 2))
                th_ = sum(ln.get_height() for ln, _bold in lines)
                ty = y + (rh - th_) // 2
                for ln, _bold in lines:
                    items.append(("img", ln, x + iw + 2 * pad, ty))
                    ty += ln.get_height()
            y += rh + gap
        return y

    # -- drawing ----------------------------------------------------------------------------------
    def geometry(self, size, th):
        """The panel, the sidebar, the page area and the footer line for a window ``size``."""
        W, H = size
        r = pygame.Rect(0, 0, min(th.px(1560), W - th.px(60)), H - th.px(70))
        r.center = (W // 2, H // 2)
        pad = th.px(28)
        head_h = th.font("title", True).get_linesize()
        foot_h = th.font("small").get_linesize()
        top = r.y + pad + head_h + th.px(14)
        bottom = r.bottom - pad // 2 - foot_h - th.px(10)
        side = pygame.Rect(r.x + pad, top, th.px(260), bottom - top)
        bar_w = th.px(10)
        area = pygame.Rect(side.right + th.px(30), top, r.right - pad - bar_w - th.px(12) - side.right - th.px(30),
                           bottom - top)
        bar = pygame.Rect(r.right - pad - bar_w, top, bar_w, bottom - top)
        return r, side, area, bar

    def draw(self, surf, th):
        shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surf.blit(shade, (0, 0))
        r, side, area, bar = self.geometry(surf.get_size(), th)
        self.rect = r
        draw_panel(surf, r, th)
        pad = th.px(28)
        # i18n: the heading of the rules help; {game} is the game's title
        head = th.text(_("How to play {game}").format(game=_(self.title)), "title", T.INK, bold=True)
        surf.blit(head, (r.x + pad, r.y + pad * 2 // 3))
        # i18n: in the rules help's corner: which page is shown, of how many
        where = th.text(_("Topic {n} of {total}").format(n=self.page + 1, total=len(self.pages)), "small",
                        T.INK_SOFT)
        surf.blit(where, where.get_rect(bottomright=(r.right - pad, r.y + pad * 2 // 3 + head.get_height() - th.px(4))))
        # i18n: the rules help's keys, at its foot; translate the key names as keyboards label them
        keys = _("Left/Right or 1-6: another topic.  Up/Down, PgUp/PgDn or the wheel: scroll.  Esc or F1: close.")
        foot = th.text(keys, "small", T.INK_SOFT)
        if foot.get_width() > r.w - 2 * pad:     # a longer language: the smallest type before overflowing
            foot = th.text(keys, "tiny", T.INK_SOFT)
        surf.blit(foot, (r.x + pad, r.bottom - pad // 2 - foot.get_height()))
        self._draw_tabs(surf, th, side)
        self._draw_page(surf, th, area, bar)

    def _draw_tabs(self, surf, th, side):
        self.tabs = []
        h = min(th.px(64), (side.h - th.px(8) * (len(self.pages) - 1)) // max(1, len(self.pages)))
        h = max(h, th.font("body", True).get_linesize() + th.px(8))
        y = side.y
        for i, p in enumerate(self.pages):
            tab = pygame.Rect(side.x, y, side.w, h)
            self.tabs.append(tab)
            on = i == self.page
            over = self.hover is not None and tab.collidepoint(self.hover)
            fill = self.accent if on else ((238, 226, 200) if over else T.PAPER_DARK)
            pygame.draw.rect(surf, fill, tab, border_radius=th.px(10))
            if on:
                pygame.draw.rect(surf, T.INK, tab, max(1, th.px(2)), border_radius=th.px(10))
            ink = T.contrast_ink(fill)
            badge = pygame.Rect(0, 0, h - th.px(16), h - th.px(16))
            badge.midleft = (tab.x + th.px(10), tab.centery)
            pygame.draw.rect(surf, T.PAPER, badge, border_radius=th.px(6))
            pygame.draw.rect(surf, T.INK_SOFT, badge, max(1, th.px(2)), border_radius=th.px(6))
            num = th.text(str(i + 1), "small", T.INK, bold=True)
            surf.blit(num, num.get_rect(center=badge.center))
            room = tab.right - badge.right - th.px(20)
            lines = fit_lines(th, p.title, room, ink, (("body", 1), ("small", 1), ("small", 2), ("tiny", 2)),
                              bold=on) or [th.text(p.title, "tiny", ink, bold=on)]
            ty = tab.centery - sum(img.get_height() for img in lines) // 2
            for img in lines:
                surf.blit(img, (badge.right + th.px(12), ty))
                ty += img.get_height()
            y += h + th.px(8)
        room = side.bottom - y - th.px(16)
        mascot = table_for(self.game_id).mascot
        if mascot and room >= th.px(120):
            img = self._picture(mascot, min(room, th.px(170)))
            if img is not None and img.get_width() <= side.w:
                surf.blit(img, img.get_rect(midbottom=(side.centerx, side.bottom)))

    def _draw_page(self, surf, th, area, bar):
        items, height = self._layout(self.page, th, area.w)
        self._line = max(8, th.font("body").get_linesize())
        self._view_h = area.h
        self.max_scroll = max(0, height - area.h)
        self.scroll = min(self.scroll, self.max_scroll)
        off = area.y - self.scroll
        clip = surf.get_clip()
        surf.set_clip(area)
        for it in items:
            kind = it[0]
            if kind == "img":
                _kind, img, x, y = it
                if off + y > area.bottom or off + y + img.get_height() < area.y:
                    continue
                surf.blit(img, (area.x + x, off + y))
            elif kind == "dot":
                _kind, x, y, rad, depth = it
                c = (area.x + x, off + y)
                if depth:
                    pygame.draw.circle(surf, self.ink_accent, c, rad, max(1, th.px(2)))
                else:
                    pygame.draw.circle(surf, self.ink_accent, c, rad)
            elif kind == "rule":
                pygame.draw.rect(surf, T.PAPER_DARK, it[1].move(area.x, off))
            elif kind == "card":
                rr = it[1].move(area.x, off)
                if rr.bottom >= area.y and rr.y <= area.bottom:
                    pygame.draw.rect(surf, (251, 246, 234), rr, border_radius=th.px(10))
                    pygame.draw.rect(surf, T.PAPER_DARK, rr, max(1, th.px(2)), border_radius=th.px(10))
        surf.set_clip(clip)
        if self.max_scroll:
            pygame.draw.rect(surf, T.PAPER_DARK, bar, border_radius=bar.w // 2)
            thumb_h = max(th.px(40), int(bar.h * area.h / height))
            ty = bar.y + int((bar.h - thumb_h) * self.scroll / self.max_scroll)
            pygame.draw.rect(surf, self.accent, (bar.x, ty, bar.w, thumb_h), border_radius=bar.w // 2)
            if self.scroll < self.max_scroll:       # a soft fade says there is more below
                fade = pygame.Surface((area.w, th.px(28)), pygame.SRCALPHA)
                for k in range(fade.get_height()):
                    a = int(200 * k / fade.get_height())
                    pygame.draw.line(fade, (*T.PAPER, a), (0, k), (area.w, k))
                surf.blit(fade, (area.x, area.bottom - fade.get_height()))
