"""The Antics! table: the board (from the Tiled map) on the left with the scout fields above it and
the hatching areas below, every player's ant-hill on the right, and the choices of the moment
(hand tiles, magnificANT, end turn) under the board.

Clicks go to what is under the mouse: a hex of your hill, a trail, a clearing, a hatching area, a
scout tile or a button. When one spot offers several moves (two areas could send an ant onto the
same trail), a small menu lists them.
"""
from __future__ import annotations

import math
import time

import pygame

from game.games.antics.data import ACTION_WORDS
from game.games.antics.state import (ANTEATER, ArrivalFirst, Bridge, BuildCell, BuildDir, BuildOrient, BuildTile,
                                     Discard, EndActions, Hatch, HeavePick, PickUp, ScoutTake, Stop, StorePrey,
                                     UseMagnificant, UseSpace)
from game.ui import theme as T
from game.ui.tables.antics.board_map import load_board_map
from game.ui.tables.antics import art as A
from game.ui.tables.antics import board as B
from game.ui.tables.antics import hills as H
from game.ui.tables.antics.board import ATTACK_MS, Board
from game.ui.tables.antics.build_ghost import BuildGhost
from game.ui.tables.antics.layout import Layout, table_layout
from game.ui.tables.antics.words import ACTION_HELP, Words, score_words, unused_question
from game.ui.views.base import GameView
from game.ui.widgets import Button, draw_panel, wrap

NOWHERE = (-10 ** 6, -10 ** 6)   # the mouse for the kept table: nothing lit under it
ZOOM_KEYS = {pygame.K_PLUS: 1, pygame.K_EQUALS: 1, pygame.K_KP_PLUS: 1, pygame.K_MINUS: -1, pygame.K_KP_MINUS: -1}
FLASH_MS = 1400
ASK_S = 4.0             # a second Enter within this many seconds ends a turn with actions unused


class Chip(Button):
    """A compact button for the choice bar: an optional symbol icon and a short label."""

    def __init__(self, label, action, icon: str | None = None, **kw):
        super().__init__(label, action, **kw)
        self.icon = icon

    def width(self, th) -> int:
        w = th.font("small", True).size(self.label)[0] + th.px(24)
        return w + (th.px(30) if self.icon else 0)

    def draw(self, surf, th):
        r = self.rect
        fill = (214, 140, 52) if self.style == "primary" else T.PAPER
        if self.hover:
            fill = tuple(min(255, c + 18) for c in fill)
        rad = th.px(9)
        pygame.draw.rect(surf, (60, 40, 24), r.move(0, th.px(3)), border_radius=rad)
        pygame.draw.rect(surf, fill, r, border_radius=rad)
        pygame.draw.rect(surf, T.HILITE if self.hover else T.INK_SOFT, r, th.px(2), border_radius=rad)
        x = r.x + th.px(10)
        if self.icon:
            img = A.symbol_icon(self.icon, th.px(26))
            surf.blit(img, img.get_rect(midleft=(x, r.centery)))
            x += th.px(30)
        t = th.text(self.label, "small", T.contrast_ink(fill), bold=True)
        surf.blit(t, t.get_rect(midleft=(x, r.centery)))


class View(GameView):
    event_sounds = {"build": "tile", "scout": "tile", "guard": "soldier", "bridge": "soldier", "hatch": "ant",
                    "place_ant": "ant", "heave": "ant", "pick_up": "ant", "store": "ant", "steal": "ant",
                    "attack": "anteater", "game_over": "fanfare"}

    def __init__(self, rules, seats, theme):
        super().__init__(rules, seats, theme)
        self.lay = Layout()             # where the parts of the table go (layout.py)
        self.map_view = Board(rules, load_board_map())   # the board: its zoom, transform and painted map
        self._strip = None              # the fields' boxes and the guide's card, drawn once per layout
        self._mouse = (-1, -1)          # where the mouse was at the last draw (the wheel and Z act there)
        self._zoom_turn = None          # whose turn it was when Z enlarged a hill (the zoom closes when it passes)
        self.panels: list[pygame.Rect] = []
        self.hot: list = []             # (kind, shape, key) for hit tests
        self.buttons: list[Button] = []
        self.menu: list[Button] = []
        self.menu_rect = pygame.Rect(0, 0, 0, 0)
        self.cells: dict = {}           # (player, cell) -> (centre, radius)
        self.flash: dict = {}           # ("trail"|"node"|"cell"|"area", key) -> ms left
        self.attacks: list[dict] = []   # anteater arrivals still to show, one after the other
        self.zoom: int | None = None    # a player's ant-hill shown large over the table (Z)
        self.ask_end = None             # (state, time.monotonic() deadline): Enter pressed once with actions unused
        self.banner_rect = None         # where the last-round banner was drawn (None: no banner)
        self.menu_title: str = ""       # a warning above the small menu (an action that changes nothing)
        self._facts = (None, {})        # (state, what the panels and the bar say about it), made once per state
        self.kept_fits: dict = {}       # (hill, ghosts, room, biggest) -> where its hexes go (hills.py)
        self.kept_heights = (None, [])     # (hills, player to move, column) -> the panels' heights, once per change
        self._layer = (None, None)      # (key, (the table without mouse lights, hot, cells, buttons, panels, ghost))
        self._ghost_at = None           # (clip, player, legal, hex geometry): where the tile to build is drawn
        self.ghost = BuildGhost(rules, self.seats)   # the tile to build, shown where it would lie
        self.words = Words(rules, self.seats, self.map.nodes)   # the table's words (events, moves, places)

    # the table's parts and the board's geometry, as the play scene and the tests read them
    fields_strip = property(lambda self: self.lay.fields_strip)
    field_rects = property(lambda self: self.lay.fields)
    guide_rect = property(lambda self: self.lay.guide)
    bar = property(lambda self: self.lay.bar)
    right = property(lambda self: self.lay.right)
    map = property(lambda self: self.map_view.map)
    board = property(lambda self: self.map_view.rect)
    hatch = property(lambda self: self.map_view.hatch)
    scale = property(lambda self: self.map_view.scale)
    map_zoom = property(lambda self: self.map_view.zoom)
    screen_trails = property(lambda self: self.map_view.screen_trails)

    # ------------------------------------------------------------------ geometry
    def layout(self, rect):
        """The parts of the table for the window (layout.py); the board back to the whole land."""
        super().layout(rect)
        self.lay = table_layout(rect, self.th, (self.map.width, self.map.height), self.map_view.band)
        self._strip = None
        self._layer = (None, None)
        self.panels = H.panel_rects(self, None)
        self.map_view.place(self.lay.board, self.lay.hatch, self.lay.scale)

    def zoom_map(self, pos, steps: float) -> bool:
        """Zoom the board in (steps > 0) or out around ``pos`` (board.py); True if the zoom changed."""
        if not self.map_view.zoom_at(pos, steps):
            return False
        self.menu = []
        return True

    def keep_clear(self, state) -> list:
        """The bar under the board (the hand, the magnificANT buttons and "end turn") and the scout
        fields with their numbers (a hint often names a tile lying there)."""
        return [self.bar, self.fields_strip]

    # ------------------------------------------------------------------ the printed board (cached)

    def _strip_art(self) -> pygame.Surface:
        """The scout fields' boxes and the anteater guide's card, drawn once per layout."""
        if self._strip is None:
            th = self.th
            fs = self.fields_strip
            surf = pygame.Surface(fs.size, pygame.SRCALPHA)
            rad = th.px(12)
            for r in self.field_rects.values():
                r = r.move(-fs.x, -fs.y)
                pygame.draw.rect(surf, (60, 40, 24, 110), r, border_radius=rad)
                pygame.draw.rect(surf, (150, 112, 72), r, max(1, th.px(3)), border_radius=rad)
            g = self.guide_rect.move(-fs.x, -fs.y)
            pygame.draw.rect(surf, (238, 226, 196), g, border_radius=rad)
            pygame.draw.rect(surf, (120, 84, 52), g, max(1, th.px(3)), border_radius=rad)
            self._strip = surf
        return self._strip

    # ------------------------------------------------------------------ drawing
    def draw(self, surf, state, ctx, mouse):
        """The table. What does not follow the mouse is drawn once per state, layout, zoom and
        question and kept (with its hot spots); each frame blits it and adds what the mouse lights (a
        trail, a hex, a button), the enlarged rival, the menu. Animations and the tile shown while
        building are drawn whole each frame."""
        th = self.th
        legal = ctx.legal if ctx.human_turn else []
        self._mouse = mouse
        self.ghost.new_frame()
        key = None
        if not (self.attacks or self.flash):
            key = (state, ctx.human_turn, ctx.viewer, ctx.reveal_all, tuple(self.rect), surf.get_size(), self.zoom,
                   self.map_zoom, self.map_view.view_xy, bool(self.asking(state)) if ctx.human_turn else False)
        kept = self._layer[0]
        if key is not None and kept is not None and kept[0] is state and kept[1:] == key[1:]:
            img, self.hot, self.cells, self.buttons, self.panels, self._ghost_at = self._layer[1]
            self.hot, self.cells = list(self.hot), dict(self.cells)
            surf.blit(img, self.rect)
        else:
            self._ghost_at = None
            self._draw_table(surf, state, ctx, legal, NOWHERE if key is not None else mouse)
            if key is not None:
                self._layer = (key, (surf.subsurface(self.rect.clip(surf.get_rect())).copy(), list(self.hot),
                                     dict(self.cells), list(self.buttons), list(self.panels), self._ghost_at))
            else:
                self._layer = (None, None)
        if key is not None:
            self._draw_lit(surf, state, legal, mouse)
        if self._ghost_at is not None:                 # the tile to build, where the mouse or the focus puts it
            clip, p, lg, geom = self._ghost_at
            old = surf.get_clip()
            surf.set_clip(clip)
            self.ghost.draw(surf, th, state, p, lg, geom, mouse)
            surf.set_clip(old)
        self._draw_tops(surf, state, legal, mouse)

    def _draw_lit(self, surf, state, legal, mouse):
        """Over the kept table: the lit trail, hex and button under the mouse, as a full draw shows them."""
        th = self.th
        if self.zoom is None:
            B.draw_lit_trail(self, surf, state, legal, mouse)
        lit = {a.cell for a in legal if isinstance(a, (UseSpace, BuildCell, BuildDir, StorePrey)) and a.cell is not None}
        for kind, shape, key in self.hot:
            if kind == "cell" and key[0] == state.player and key[1] in lit and math.dist(mouse, shape[0]) < shape[1]:
                centre, R = shape[0], shape[1] / 0.85
                pygame.draw.polygon(surf, T.HILITE, A.hex_corners(centre[0], centre[1] - R * 0.05, R * 0.92), th.px(3))
        for b in self.buttons:
            b.hover = b.rect.collidepoint(mouse)
            if b.hover:
                b.draw(surf, th)

    def _draw_tops(self, surf, state, legal, mouse):
        """What lies over the table and follows the mouse or the clock: the rival under the mouse
        enlarged, an anteater arriving, the small menu."""
        th = self.th
        peek = next((p for p, r in enumerate(self.panels) if r.collidepoint(mouse)), None)
        if peek is not None and peek != state.player and self.zoom is None and not self.menu:
            H.draw_peek(self, surf, state, peek, legal, mouse)
        if self.attacks:
            self._draw_attack(surf, self.attacks[0])
        if self.menu:
            draw_panel(surf, self.menu_rect, th, radius=10)
            if self.menu_title:                          # a warning above the entries (ruling 33)
                ty = self.menu_rect.y + th.px(6)
                for ln in wrap(self.menu_title, th.font("small", True), self.menu_rect.w - th.px(12)):
                    t = th.text(ln, "small", T.DANGER, bold=True)
                    surf.blit(t, (self.menu_rect.x + th.px(6), ty))
                    ty += t.get_height()
            for b in self.menu:
                b.hover = b.rect.collidepoint(mouse)
                b.draw(surf, th)

    def _draw_table(self, surf, state, ctx, legal, mouse):
        self.hot = []
        self.cells = {}
        B.draw_land(self, surf, state, legal, mouse)
        surf.blit(self._strip_art(), self.fields_strip.topleft)
        surf.blit(self.map_view.hatch_art(), self.hatch.topleft)
        self._draw_fields(surf, state, legal)
        self._draw_guide(surf, state)
        B.draw_areas(self, surf, state, legal)
        sheets = self.rules.score_sheets(state)
        self.panels = H.panel_rects(self, None if state.phase == "over" else state.player, state, legal)
        for p in range(len(self.seats)):
            H.draw_hill(self, surf, state, p, sheets[p], legal, mouse)
        self._draw_bar(surf, state, ctx, legal, mouse)
        if self.zoom is not None:
            H.draw_zoom(self, surf, state, legal, mouse)

    def _draw_attack(self, surf, attack):
        """The arriving anteater walks from its scout row to what it eats, then says what it ate."""
        B.draw_attack(self, surf, attack, self._field_slot(1, attack["ev"].get("row", 0)).center)

    # scout fields ---------------------------------------------------------
    def _field_slot(self, f: int, row: int) -> pygame.Rect:
        fr = self.field_rects[f]
        h, gap = self.lay.slot_h, self.lay.slot_gap
        # row 0 lies nearest the board (the bottom of the strip)
        return pygame.Rect(fr.x + self.th.px(3), fr.bottom - self.th.px(6) - (row + 1) * h - row * gap,
                           fr.w - 2 * self.th.px(3), h)

    @staticmethod
    def pair_px(slot) -> int:
        """The long side of a scout tile drawn in ``slot`` (its hexes are 0.45 of it across)."""
        return max(12, min(slot.w, int(slot.h / 0.62)))

    def _draw_fields(self, surf, state, legal):
        th = self.th
        takes = {a.row: a for a in legal if isinstance(a, ScoutTake)}
        for f, fr in self.field_rects.items():
            lit = bool(takes) and f == state.field
            if lit:
                pygame.draw.rect(surf, T.HILITE, fr.inflate(th.px(4), th.px(4)), th.px(3), border_radius=th.px(10))
            num = th.text(str(f), "tiny", T.PAPER, bold=True)
            surf.blit(num, num.get_rect(midtop=(fr.centerx, fr.bottom)))
        for row, places in enumerate(state.fields):
            face = state.faces[row][1] if row < len(state.faces) else "red"
            for fi, item in enumerate(places):
                if item is None:
                    continue
                slot = self._field_slot(fi + 1, row)
                if item == ANTEATER:
                    px = max(8, min(slot.h, slot.w))
                    img = A.anteater(face, px)
                    surf.blit(img, img.get_rect(center=slot.center))
                    self.hot.append(("eater", slot, row))
                    continue
                img = A.tile_pair(tuple(state.data.tiles[item]), self.pair_px(slot))
                surf.blit(img, img.get_rect(center=slot.center))
                self.hot.append(("field", slot, (fi + 1, row, item)))
                if fi + 1 == state.field and row in takes:
                    pygame.draw.rect(surf, T.LEGAL, slot.inflate(th.px(2), th.px(2)), th.px(3), border_radius=th.px(6))

    def _draw_guide(self, surf, state):
        """What each anteater eats, in arrival order, as icons (prey, ants or both); the bag count."""
        th = self.th
        g = self.guide_rect
        eats = state.data.guide.get(len(state.seats), ())
        icon = th.px(20)
        y = g.y + th.px(6)
        for k, e in enumerate(eats):
            done = k < len(state.arrived)
            t = th.text(f"{k + 1}{('st', 'nd', 'rd')[k] if k < 3 else 'th'}", "tiny", T.INK_SOFT if done else T.INK,
                        bold=True)
            x = g.x + th.px(8)
            surf.blit(t, (x, y))
            x += t.get_width() + th.px(4)
            row_h = max(t.get_height(), icon)
            imgs = ([A.prey_icon("ladybird", icon)] if e in ("prey", "prey_and_ants") else []) + \
                   ([A.worker_ant((60, 40, 30), icon)] if e in ("ants", "prey_and_ants") else [])
            for img in imgs:
                if done:
                    img = img.copy()
                    img.set_alpha(90)
                surf.blit(img, img.get_rect(midleft=(x, y + t.get_height() // 2)))
                x += icon + th.px(2)
            if done:
                pygame.draw.line(surf, T.DANGER, (g.x + th.px(6), y + t.get_height() // 2),
                                 (x, y + t.get_height() // 2), max(1, th.px(2)))
            y += row_h
        t = th.text(f"Bag: {len(state.bag)}", "tiny", T.INK_SOFT, bold=True)
        surf.blit(t, (g.x + th.px(8), g.bottom - t.get_height() - th.px(4)))

    # clearings ------------------------------------------------------------

    # trails and ants ------------------------------------------------------

    # hatching areas -------------------------------------------------------

    # what the panels and the bar say (once per state) ---------------------
    def facts(self, state) -> dict:
        """Each player's score now and if what their ants carry got home, the bag in rounds and the
        last-round banner: worked out once per state, not per frame."""
        seen, got = self._facts
        if seen is state:
            return got
        n = len(self.seats)
        got = {"score": [sum(self.rules.score_lines(state, p).values()) for p in range(n)],
               "potential": [self.rules.potential_score(state, p) for p in range(n)],
               "bag": self.words.bag_words(state), "banner": self.words.end_banner(state)}
        self._facts = (state, got)
        return got

    def score_words(self, state, p) -> tuple[str, str]:
        """("12 pts", "(17 if carried items get home)"; the second empty when nothing would change)."""
        f = self.facts(state)
        return score_words(f["score"][p], f["potential"][p])

    # ant-hills ------------------------------------------------------------

    # the choice bar -------------------------------------------------------
    def _bar_buttons(self, state, legal) -> list[Button]:
        out = []
        for a in legal:
            if isinstance(a, UseMagnificant):
                word = ACTION_WORDS.get(a.action, a.action)
                out.append(Chip(word, a, icon=a.action,
                                hint=f"magnificANT: {word} at level 1 ({ACTION_HELP.get(a.action, '')})"))
            elif isinstance(a, BuildOrient):
                out.append(Chip(f"{ACTION_WORDS.get(a.symbol, a.symbol)} on the first hex", a, icon=a.symbol))
            elif isinstance(a, ArrivalFirst):
                out.append(Chip(f"{state.faces[a.row][1].capitalize()} anteater first", a))
            elif isinstance(a, StorePrey) and a.cell is None:
                out.append(Chip("Keep it beside the hill", a))
            elif isinstance(a, Bridge):
                out.append(Chip("Bridge the chasm", a, style="primary"))
            elif isinstance(a, PickUp) and a.kind == "area":
                out.append(Chip(f"Take back a {a.where} ant", a))
        for a in legal:
            if isinstance(a, Stop):
                out.append(Chip("Stop (S)", a, key=pygame.K_s))
            elif isinstance(a, EndActions):
                asking = bool(self.asking(state))
                out.append(Chip("End turn now (Enter)" if asking else "End turn (Enter)", a, key=pygame.K_RETURN,
                                style="primary" if asking or not state.actions_left else "normal"))
        return out

    def _draw_bar(self, surf, state, ctx, legal, mouse):
        th = self.th
        r = self.bar
        draw_panel(surf, r, th, radius=14)
        p = state.player
        x, y = r.x + th.px(14), r.y + th.px(10)
        if state.phase == "over":
            t = th.text("The game is over.", "label", T.INK, bold=True)
            surf.blit(t, (x, y))
            self.buttons, self.banner_rect = [], None
            return
        facts = self.facts(state)
        self.banner_rect = None
        if facts["banner"]:
            y = self._draw_banner(surf, facts["banner"], r, y)
        room = r.bottom - 2 * (th.px(38) + th.px(8)) - th.px(6) - y        # above the two rows of buttons
        hand_left = self._draw_bar_hand(surf, state, legal, pygame.Rect(r.centerx, y - th.px(2), r.w // 2 - th.px(12),
                                                                        max(th.px(40), min(th.px(64), room))))
        who = self.seats[p].name if 0 <= p < len(self.seats) else "?"
        title = th.text(f"{who}: round {state.round}", "label", T.INK, bold=True)
        surf.blit(title, (x, y))
        tx = x + title.get_width() + th.px(14)
        # action markers left
        for i in range(state.data.actions_per_turn):
            img = A.action_marker(self.seat_color(p), th.px(26))
            if i >= state.actions_left:
                img = img.copy()
                img.set_alpha(70)
            surf.blit(img, (tx, y + th.px(2)))
            tx += th.px(28)
        bag = th.text(facts["bag"], "tiny", T.INK_SOFT, bold=True)
        if tx + th.px(8) + bag.get_width() < hand_left - th.px(8):        # on the title row when it fits
            surf.blit(bag, bag.get_rect(midleft=(tx + th.px(8), y + title.get_height() // 2)))
            bag = None
        y += title.get_height() + th.px(4)
        self.buttons = self._bar_buttons(state, legal) if ctx.human_turn else []
        bh, gap = th.px(38), th.px(8)
        mags = [b for b in self.buttons if isinstance(b.action, UseMagnificant)]
        rest = [b for b in self.buttons if not isinstance(b.action, UseMagnificant)]
        rows = [rest] if not mags else [mags, rest]
        by = r.bottom - len(rows) * (bh + gap) - th.px(4) if self.buttons else r.bottom - th.px(6)
        asking = self.asking(state) if ctx.human_turn else ""
        lines = [(ln, "small", T.DANGER if asking else T.INK_SOFT, bool(asking))
                 for ln in wrap(asking or self.words.status(state), th.font("small"), r.w // 2 - th.px(28))[:3]]
        if bag is not None:
            lines.append((facts["bag"], "tiny", T.INK_SOFT, True))
        for ln, size, colour, bold in lines:
            t = th.text(ln, size, colour, bold=bold)
            if y + t.get_height() > by:                                   # never under the buttons
                break
            surf.blit(t, (x, y))
            y += t.get_height()
        if not self.buttons:
            return
        for row in rows:
            bx = x
            if row is mags:
                lab = th.text("magnificANT:", "small", T.INK, bold=True)
                if bx + lab.get_width() + sum(b.width(th) + gap for b in row) > r.right - th.px(12):
                    lab = A.magnificant(self.seat_color(p), bh)            # short of room: its token says it
                surf.blit(lab, lab.get_rect(midleft=(bx, by + bh // 2)))
                bx += lab.get_width() + gap
            for b in row:
                w = b.width(th)
                if bx + w > r.right - th.px(12):
                    bx, by = x, by + bh + gap
                b.rect = pygame.Rect(bx, by, w, bh)
                b.hover = b.rect.collidepoint(mouse)
                b.draw(surf, th)
                bx += w + gap
            by += bh + gap

    def _draw_bar_hand(self, surf, state, legal, box):
        """The active player's hand, large, at the top right of the bar (click to build or discard)."""
        th = self.th
        hand = state.hands[state.player]
        if not hand:
            return box.right
        picks = {a.tile: a for a in legal if isinstance(a, (BuildTile, Discard))}
        px = min(th.px(110), int(box.h / 0.62))
        x = box.right
        for tid in reversed(hand):
            img = A.tile_pair(tuple(state.data.tiles[tid]), px, True, tid.startswith("S"))
            rr = img.get_rect(topright=(x, box.y))
            surf.blit(img, rr)
            if tid in picks:
                pygame.draw.rect(surf, T.LEGAL, rr.inflate(th.px(6), th.px(6)), th.px(3), border_radius=th.px(8))
                self.hot.append(("hand", rr, picks[tid]))
            else:
                self.hot.append(("hand_info", rr, tid))
            x = rr.x - th.px(10)
        lab = th.text("Hand:", "small", T.INK_SOFT, bold=True)
        lr = lab.get_rect(midright=(x, box.y + box.h // 2))
        surf.blit(lab, lr)
        return lr.x

    def _draw_banner(self, surf, text, r, y) -> int:
        """The last-round banner across the top of the bar; the y under it."""
        th = self.th
        lines = wrap(text, th.font("small", True), r.w - th.px(48))[:2]
        imgs = [th.text(ln, "small", T.INK, bold=True) for ln in lines]
        box = pygame.Rect(r.x + th.px(8), y - th.px(4), r.w - th.px(16),
                          sum(i.get_height() for i in imgs) + th.px(10))
        pygame.draw.rect(surf, (255, 226, 180), box, border_radius=th.px(10))
        pygame.draw.rect(surf, T.DANGER, box, th.px(3), border_radius=th.px(10))
        self.banner_rect = box
        ty = box.y + th.px(5)
        for img in imgs:
            surf.blit(img, img.get_rect(midtop=(box.centerx, ty)))
            ty += img.get_height()
        return box.bottom + th.px(8)

    # ------------------------------------------------------------------ input
    def _hit(self, pos):
        """What is under pos: (kind, key) of the topmost hot spot."""
        for kind, shape, key in reversed(self.hot):
            if isinstance(shape, pygame.Rect):
                if shape.collidepoint(pos):
                    return kind, key
            else:
                c, rad = shape
                if math.dist(pos, c) <= rad:
                    return kind, key
        tid = self.map_view.trail_at(pos)
        if tid is not None:
            return "trail", tid
        return None, None

    def click(self, pos, state, ctx):
        if self.menu:
            chosen = next((b.action for b in self.menu if b.rect.collidepoint(pos)), None)
            self.menu = []
            return chosen
        if not ctx.human_turn:
            return None
        for b in self.buttons:
            if b.hit(pos):
                return self._checked(b.action, pos, state)
        kind, key = self._hit(pos)
        legal = ctx.legal
        opts = []
        if kind == "cell":
            p, c = key
            if p == state.player:
                opts = [a for a in legal if isinstance(a, (UseSpace, BuildCell, BuildDir, StorePrey))
                        and getattr(a, "cell", None) == c]
        elif kind == "hand":
            opts = [key]
        elif kind == "field":
            f, row, _ = key
            opts = [a for a in legal if isinstance(a, ScoutTake) and a.row == row and f == state.field]
        elif kind in ("area", "info_area"):
            opts = [a for a in legal if (isinstance(a, Hatch) and a.area == key)
                    or (isinstance(a, PickUp) and a.kind == "area" and a.where == key)]
        elif kind in ("node", "info_node"):
            opts = [a for a in legal if isinstance(a, HeavePick) and a.node == key]
        elif kind == "trail":
            opts = B.trail_actions(self.rules, legal).get(key, [])
        if len(opts) == 1:
            return self._checked(opts[0], pos, state)
        if len(opts) > 1:
            self._open_menu(pos, state, opts)
        return None

    def _checked(self, action, pos, state):
        """Ruling 33: an action that would change nothing is not taken at the first click; a small menu
        says so and offers it (1 or a click takes it, Esc or a click elsewhere does not)."""
        why = self.changes_nothing(state, action)
        if not why:
            return action
        self._open_menu(pos, state, [action], labels=["Use it anyway (spend the marker)"], title=why)
        return None

    def changes_nothing(self, state, action) -> str:
        """Why taking this action now would change nothing but the marker it spends (words.py)."""
        return self.words.changes_nothing(state, action)

    def _open_menu(self, pos, state, opts, labels=None, title: str = ""):
        th = self.th
        font = th.font("label", True)
        labels = labels or [self.action_words(a, state) for a in opts]
        w = max(font.size(s)[0] for s in labels) + th.px(36)
        bh, gap = th.px(40), th.px(6)
        self.menu_title = title
        heads = wrap(title, th.font("small", True), max(w, th.px(360))) if title else []
        if heads:
            w = max(w, max(th.font("small", True).size(ln)[0] for ln in heads))
        top = sum(th.font("small", True).get_linesize() for _ in heads) + (gap if heads else 0)
        h = len(opts) * (bh + gap) + gap + top
        r = pygame.Rect(pos[0], pos[1], w + 2 * gap, h)
        r.clamp_ip(self.rect)
        self.menu_rect = r
        self.menu = []
        for i, (a, s) in enumerate(zip(opts, labels)):
            b = Button(f"{i + 1}. {s}", a)
            b.rect = pygame.Rect(r.x + gap, r.y + gap + top + i * (bh + gap), w, bh)
            self.menu.append(b)

    def action_words(self, a, state) -> str:
        """A move in words a player reads in a menu, the keyboard focus or a hint."""
        if isinstance(a, BuildCell) and state.phase == "build_cell":
            return self.ghost.words(state, a.cell)
        return self.words.action_words(a, state)

    def key(self, key, state, ctx):
        if self.menu:
            if pygame.K_1 <= key <= pygame.K_9 and key - pygame.K_1 < len(self.menu):
                a = self.menu[key - pygame.K_1].action
                self.menu = []
                return a
            if key == pygame.K_ESCAPE:
                self.menu = []
            return None
        if not ctx.human_turn:
            return None
        if key in ZOOM_KEYS:                                # + and -: the board in and out, at the mouse
            self.zoom_map(self._mouse, ZOOM_KEYS[key])
            return None
        if key == pygame.K_z:                               # Z: the hill under the mouse (else your own) large
            over = next((p for p, r in enumerate(self.panels) if r.collidepoint(self._mouse)), None)
            self.zoom = None if self.zoom is not None else (state.player if over is None else over)
            self._zoom_turn = state.player
            return None
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):     # Enter only ends the turn: asks first with actions unused
            end = next((a for a in ctx.legal if isinstance(a, EndActions)), None)
            if end is not None and self._unused(state, ctx.legal) and not self.asking(state):
                self.ask_end = (state, time.monotonic() + ASK_S)
                return None
            self.ask_end = None
            return end
        if key in (pygame.K_r, pygame.K_f) and state.phase == "build_cell":    # turn (or flip) the tile to build
            back = key == pygame.K_r and pygame.key.get_mods() & pygame.KMOD_SHIFT
            self.ghost.turn(state, -1 if back else 1, flip=key == pygame.K_f)
            return None
        if key == pygame.K_s:                               # S stops the action under way
            return next((a for a in ctx.legal if isinstance(a, Stop)), None)
        if state.phase == "scout" and pygame.K_1 <= key <= pygame.K_3:
            row = key - pygame.K_1
            return next((a for a in ctx.legal if isinstance(a, ScoutTake) and a.row == row), None)
        return None

    def question_before(self, action, state, ctx) -> str:
        """Ending the turn with actions unused asks first, also when a hint or Tab chose it."""
        if isinstance(action, EndActions) and self._unused(state, ctx.legal):
            return unused_question(state.actions_left)
        return ""

    @staticmethod
    def _unused(state, legal) -> bool:
        """Action markers left that could still be used (ending the turn would give them up)."""
        return state.actions_left > 0 and any(isinstance(a, (UseSpace, UseMagnificant)) for a in legal)

    def asking(self, state) -> str:
        """The question in the bar after a first Enter with actions unused ("" when none is open)."""
        a = self.ask_end
        if a is None or a[0] is not state or time.monotonic() > a[1]:
            return ""
        return unused_question(state.actions_left)

    def guide(self, state, ctx) -> str:
        words = self.words.guide(state)
        return self.hint(state, ctx) if words is None else words

    def event_spot(self, ev, state):
        p = ev.get("player")
        cells = ev.get("cells") or ([ev["cell"]] if ev.get("cell") else [])
        if cells and isinstance(p, int):
            return self.cells.get((p, tuple(cells[0][:2])))
        for key in ("to", "trail"):
            if ev.get(key) in self.screen_trails:
                spot = self.map_view.trail_spot(ev[key], self.th.px(6))
                return (spot, self.th.px(18)) if spot else None
        if ev.get("area") in self.map.hatching:
            return self.map_view.rect_of(self.map.hatching[ev["area"]])
        if ev.get("node") in self.map.nodes:
            c = self.map_view.pt(self.map.nodes[ev["node"]])
            return (c, self.th.px(22)) if self.map_view.on_board(c) else None
        return None

    def marks_move(self, action) -> bool:
        return not isinstance(action, (EndActions, Stop, UseMagnificant, BuildTile, BuildOrient, Discard,
                                       ArrivalFirst, ScoutTake))

    def locate(self, action, state, player: int | None = None):
        """Where a legal move shows on the table (drawn this frame): a button, a hand tile, a hex,
        a scout row, a hatching area, a trail or a clearing."""
        for b in self.buttons + self.menu:
            if b.action == action:
                return b.rect
        for kind, shape, key in self.hot:
            if key == action:
                return shape
        cell = getattr(action, "cell", None)
        who = state.player if player is None else player
        if cell is not None:
            return self.cells.get((who, cell))
        if isinstance(action, ScoutTake):
            return self._field_slot(state.field, action.row) if state.field in self.field_rects else None
        if isinstance(action, Hatch) and action.area in self.map.hatching:
            return self.map_view.rect_of(self.map.hatching[action.area])
        node = getattr(action, "node", None) or getattr(action, "dst", None) or getattr(action, "where", None)
        if node in self.map.nodes:
            c = self.map_view.pt(self.map.nodes[node])
            return (c, self.th.px(22)) if self.map_view.on_board(c) else None
        trail = getattr(action, "trail", None) or getattr(action, "dst", None) or getattr(action, "where", None)
        if trail in self.screen_trails:
            spot = self.map_view.trail_spot(trail, self.th.px(6))
            return (spot, self.th.px(18)) if spot else None
        return None

    def hover(self, pos, state, ctx):
        for b in self.buttons:
            if b.rect.collidepoint(pos) and b.hint:
                return b.hint
        kind, key = self._hit(pos)
        if kind == "cell":
            p, c = key
            if p == state.player and state.phase == "build_cell" and BuildCell(c) in ctx.legal:
                return self.ghost.words(state, c) + ". R or the wheel turns it, F flips it; click to build"
        if kind == "score_info":
            now, then = self.score_words(state, key)
            pot = self.facts(state)["potential"][key]
            return f"{now} now" + (f"; {pot} if the prey and leaves these ants carry got home" if then else "")
        return self.words.hover_words(kind, key, state)

    def hint(self, state, ctx):
        return self.words.hint(state, ctx.human_turn, ctx.legal)

    # ------------------------------------------------------------------ animation
    def cancel_pending(self) -> bool:
        if self.menu or self.ask_end is not None:       # a question open: Esc answers "no"
            self.menu, self.ask_end = [], None
            return True
        if self.zoom is not None:
            self.zoom = None
            return True
        return False

    def wheel(self, dy, state, ctx) -> bool:
        """The mouse wheel over the board zooms it (at the mouse); elsewhere it turns the tile to
        build (shown over the hill)."""
        if self.zoom is None and self.board.collidepoint(self._mouse):
            return self.zoom_map(self._mouse, dy)
        return ctx.human_turn and state.phase == "build_cell" and self.ghost.turn(state, -1 if dy > 0 else 1)

    def point_at(self, action, state):
        if isinstance(action, BuildCell) and state.phase == "build_cell":
            self.ghost.point_at(state, action.cell)      # the focus or a hint shows the tile there

    def follow_up(self, state, ctx):
        """After a click placed the tile: its second hex and which symbol goes where, as shown."""
        return self.ghost.follow_up(state, ctx.legal) if ctx.human_turn else None

    def answered(self, state) -> bool:
        return self.ghost.answered(state)

    def on_undo(self, state):
        self.ghost.plan = None
        super().on_undo(state)

    def on_events(self, events, state):
        self.ghost.arm(events, state)
        self.menu, self.ask_end = [], None
        if self.zoom is not None and self._zoom_turn != state.player:    # the turn passed: back to the table
            self.zoom = None
        for ev in events:
            t = ev.get("type")
            p = ev.get("player")
            if t in ("place_ant", "guard", "bridge", "steal"):
                self.flash[("trail", ev["trail"])] = FLASH_MS
            elif t == "heave":
                self.flash[("trail", ev.get("to") or ev["trail"])] = FLASH_MS
                if ev.get("node"):
                    self.flash[("node", ev["node"])] = FLASH_MS
            elif t == "hatch":
                self.flash[("area", ev["area"])] = FLASH_MS
            elif t == "build" and p is not None:
                for q, r, _ in ev["cells"]:
                    self.flash[("cell", (p, (q, r)))] = FLASH_MS
            elif t == "attack":
                self.attacks.append({"ev": ev, "ms": 0.0, "text": self.describe_event(ev, state)})

    def update(self, dt_ms):
        if self.ask_end is not None and time.monotonic() > self.ask_end[1]:
            self.ask_end = None                          # the question lapsed: draw the bar without it
            return True
        if self.attacks:
            a = self.attacks[0]
            a["ms"] += dt_ms / self.anim_factor
            if a["ms"] >= ATTACK_MS:
                self.attacks.pop(0)
                if a["ev"].get("area"):
                    self.flash[("area", a["ev"]["area"])] = FLASH_MS
            return True
        if not self.flash:
            return False
        for k in list(self.flash):
            self.flash[k] -= dt_ms
            if self.flash[k] <= 0:
                del self.flash[k]
        return True

    # ------------------------------------------------------------------ words (words.py)
    def describe_event(self, ev, state):
        return self.words.describe_event(ev, state)

    def result_notes(self, state):
        """Per player: the prey that scored and where each leaf went (ruling 37)."""
        return self.words.result_notes(state)

    def trail_words(self, trail: str) -> str:
        """A trail in words: its terrain and its two ends, the one nearer the ant-hill first."""
        return self.words.trail_words(trail)

