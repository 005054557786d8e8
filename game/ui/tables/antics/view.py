"""The Antics! table: the board (from the Tiled map) on the left with the scout fields above it and
the hatching areas below, every player's ant-hill on the right, and the choices of the moment
(hand tiles, magnificANT, end turn) under the board.

Clicks go to what is under the mouse: a hex of your hill, a trail, a clearing, a hatching area, a
scout tile or a button. When one spot offers several moves (two areas could send an ant onto the
same trail), a small menu lists them.

The view is the composition the play scene talks to; its parts live beside it:
``layout.py`` (the rects for a window size), ``board.py`` (the map, its zoom, the one map-to-window
transform, what lies on the board), ``hills.py`` (the players' panels), ``controls.py`` (scout
fields, the bar, chips, the small menu) and ``words.py`` (every word the table says; no pygame).
The view keeps the state of the moment: hot spots, flashes, the menu, the kept table picture.
"""
from __future__ import annotations

import math
import time

import pygame

from game.games.antics.heuristics import kept_potential
from game.games.antics.state import (ArrivalFirst, BuildCell, BuildDir, BuildOrient, BuildTile, Discard, EndActions,
                                     Hatch, HeaveHome, HeavePick, PickUp, ScoutTake, Stop, StorePrey, UseMagnificant,
                                     UseSpace)
from game.core import i18n
from game.core.i18n import _
from game.ui import theme as T
from game.ui.tables.antics import art as A
from game.ui.tables.antics import board as B
from game.ui.tables.antics import controls as C
from game.ui.tables.antics import hills as H
from game.ui.tables.antics.board import ATTACK_MS, Board
from game.ui.tables.antics.board_map import load_board_map
from game.ui.tables.antics.build_ghost import BuildGhost
from game.ui.tables.antics.layout import Layout, table_layout
from game.ui.tables.antics.words import Words, points_words, score_words, unused_question
from game.ui.views.base import GameView
from game.ui.widgets import Button

NOWHERE = (-10 ** 6, -10 ** 6)   # the mouse for the kept table: nothing lit under it
ZOOM_KEYS = {pygame.K_PLUS: 1, pygame.K_EQUALS: 1, pygame.K_KP_PLUS: 1, pygame.K_MINUS: -1, pygame.K_KP_MINUS: -1}
FLASH_MS = 1400
ASK_S = 4.0             # a second Enter within this many seconds ends a turn with actions unused


class View(GameView):
    event_sounds = {"build": "tile", "scout": "tile", "guard": "soldier", "bridge": "soldier", "hatch": "ant",
                    "place_ant": "ant", "heave": "ant", "pick_up": "ant", "store": "ant", "steal": "ant",
                    "attack": "anteater", "game_over": "fanfare"}

    def __init__(self, rules, seats, theme):
        super().__init__(rules, seats, theme)
        self.lay = Layout()             # where the parts of the table go (layout.py)
        self.map_view = Board(rules, load_board_map())   # the board: its zoom, transform and painted map
        self.kept_strip = None          # the fields' boxes and the guide's card, drawn once per layout
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
        self._facts = (None, None, {})  # (state, language, what the panels and the bar say), once per state
        self._least = None              # without a history: the least rounds-left estimate shown so far
        self._leasts: list = []         # (state, the least rounds-left estimate up to it) along ``history``
        self.kept_fits: dict = {}       # (hill, ghosts, room, biggest) -> where its hexes go (hills.py)
        self.kept_heights = (None, [])  # (hills, player to move, column) -> the panels' heights, once per change
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
        self.kept_strip = None
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
                   self.map_zoom, self.map_view.view_xy, bool(self.asking(state)) if ctx.human_turn else False,
                   i18n.language())
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
            hill, ghosts = H.hill_cells(self, state, p, lg)
            shown = set(hill) | H.ringed(hill, ghosts, state.phase)
            spots = [(c, r) for (q, cell), (c, r) in self.cells.items() if q == p and cell in shown]
            hill_box = None
            if spots:                                  # the hill as drawn (its hexes and the rings around it)
                hill_box = pygame.Rect(int(min(c[0] - r for c, r in spots)), int(min(c[1] - r for c, r in spots)), 1, 1)
                hill_box.union_ip(pygame.Rect(int(max(c[0] + r for c, r in spots)),
                                              int(max(c[1] + r * 1.2 for c, r in spots)), 1, 1))
                hill_box = hill_box.clip(clip)
            bounds = self.rect.clip(surf.get_rect()).inflate(-th.px(8), -th.px(8))
            if self.zoom is None and 0 <= p < len(self.panels):     # in the player's own panel if it fits
                head = th.px(14) + th.font("small", True).get_linesize() + th.font("tiny").get_linesize()
                inside = self.panels[p].inflate(-th.px(8), -th.px(8))
                bounds = [pygame.Rect(inside.x, inside.y + head, inside.w, inside.h - head), bounds]   # not the header
            self.ghost.draw_words(surf, th, state, bounds, hill_box)
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
        peek = next((p for p, r in enumerate(self.panels) if r.collidepoint(mouse)), None)
        if peek is not None and peek != state.player and self.zoom is None and not self.menu:
            H.draw_peek(self, surf, state, peek, legal, mouse)
        if self.attacks:                  # the anteater walks from its scout row to what it eats
            attack = self.attacks[0]
            B.draw_attack(self, surf, attack, C.field_slot(self, 1, attack["ev"].get("row", 0)).center)
        if self.menu:
            C.draw_menu(self, surf, mouse)

    def _draw_table(self, surf, state, ctx, legal, mouse):
        self.hot = []
        self.cells = {}
        B.draw_land(self, surf, state, legal, mouse)
        surf.blit(C.strip_art(self), self.fields_strip.topleft)
        surf.blit(self.map_view.hatch_art(), self.hatch.topleft)
        C.draw_fields(self, surf, state, legal)
        C.draw_guide(self, surf, state)
        B.draw_areas(self, surf, state, legal)
        self.panels = H.panel_rects(self, None if state.phase == "over" else state.player, state, legal)
        for p in range(len(self.seats)):
            H.draw_hill(self, surf, state, p, legal, mouse)
        C.draw_bar(self, surf, state, ctx, legal, mouse)
        if self.zoom is not None:
            H.draw_zoom(self, surf, state, legal, mouse)

    # what the panels and the bar say (once per state) ---------------------
    def facts(self, state) -> dict:
        """Each player's score now and if what their ants carry got home, the bag in rounds and the
        last-round banner: worked out once per state, not per frame."""
        seen, lang, got = self._facts
        if seen is state and lang == i18n.language():
            return got
        n = len(self.seats)
        threats = self.words.threats(state)
        potential = [self.rules.potential_score(state, p) for p in range(n)]
        risk = [potential[p] - kept_potential(self.rules, state, p, {t for q, t in threats if q == p})
                if any(q == p for q, _t in threats) else 0 for p in range(n)]
        got = {"score": [sum(self.rules.score_lines(state, p).values()) for p in range(n)],
               "potential": potential, "risk": risk, "threats": threats,
               "eaten": self.words.eaten_areas(state),
               "bag": self.words.bag_words(state, self.rounds_left(state)), "banner": self.words.end_banner(state)}
        self._facts = (state, i18n.language(), got)
        return got

    def rounds_left(self, state) -> int | None:
        """The table's one figure of rounds left: the least estimate (words.rounds_left, which falls
        as the prey and the bag run down) over the positions the game went through to this one
        (``history``, the play scene's states). So it never rises along a game (a tile put back
        into the bag does not raise it), and it is the same whenever the game comes back to a
        position (an undo, the replay stepping back or jumping). A table shown without its game's
        states keeps the least figure it has shown."""
        est = self.words.rounds_left(state)
        if est is None:
            return None
        least = self._history_least(state)
        if least is None:
            self._least = est[1] if self._least is None else min(self._least, est[1])
            least = self._least
        return max(1, least)

    def _history_least(self, state) -> int | None:
        """The least estimate over the history up to ``state`` (None when ``state`` is not in it),
        worked out once per state: ``_leasts`` follows the states list as long as it is the same,
        and is cut where an undo took states back."""
        states = self.history() if self.history is not None else None
        if not states:
            return None
        i = next((j for j in range(len(states) - 1, -1, -1) if states[j] is state), None)
        if i is None:
            return None
        leasts = self._leasts
        while leasts and (len(leasts) > len(states) or leasts[-1][0] is not states[len(leasts) - 1]):
            leasts.pop()
        for s in states[len(leasts):i + 1]:
            est = self.words.rounds_left(s)
            least = leasts[-1][1] if leasts else None
            if est is not None and (least is None or est[1] < least):
                least = est[1]
            leasts.append((s, least))
        return leasts[i][1]

    def score_words(self, state, p) -> tuple[str, str]:
        """("12 pts", "(17 if carried items get home)"; the second empty when nothing would change)."""
        f = self.facts(state)
        return score_words(f["score"][p], f["potential"][p])

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
            f, row, _tile = key
            opts = [a for a in legal if isinstance(a, ScoutTake) and a.row == row and f == state.field]
        elif kind in ("area", "info_area"):
            opts = [a for a in legal if (isinstance(a, Hatch) and a.area == key)
                    or (isinstance(a, PickUp) and a.kind == "area" and a.where == key)]
        elif kind in ("node", "info_node"):
            opts = [a for a in legal if (isinstance(a, HeavePick) and a.node == key)
                    or (isinstance(a, HeaveHome) and key == self.rules.hill_node)]
        elif kind == "trail":
            opts = B.trail_actions(self.rules, legal).get(key, [])
        if len(opts) == 1:
            return self._checked(opts[0], pos, state)
        if len(opts) > 1:
            C.open_menu(self, pos, state, opts)
        return None

    def _checked(self, action, pos, state):
        """Ruling 33: an action that would change nothing is not taken at the first click; a small menu
        says so and offers it (1 or a click takes it, Esc or a click elsewhere does not)."""
        why = self.changes_nothing(state, action)
        if not why:
            return action
        C.open_menu(self, pos, state, [action], labels=[_("Use it anyway (spend the marker)")], title=why)
        return None

    def changes_nothing(self, state, action) -> str:
        """Why taking this action now would change nothing but the marker it spends (words.py)."""
        return self.words.changes_nothing(state, action)

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
            return C.field_slot(self, state.field, action.row) if state.field in self.field_rects else None
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

    def zoom_rect(self) -> pygame.Rect:
        """Where the enlarged hill (Z) lies: over the board and the panels, above the bar."""
        return pygame.Rect(self.rect.x, self.rect.y, self.rect.w, self.bar.y - self.rect.y - self.th.px(8))

    def hover(self, pos, state, ctx):
        for b in self.buttons:
            if b.rect.collidepoint(pos) and b.hint:
                return b.hint
        if self.zoom is not None and self.zoom_rect().collidepoint(pos):
            # the enlarged hill covers the table: only its own hexes have words (the spots of the table
            # under it, or of a draw before Z opened it, have none)
            at = next((i for i, (kind, _s, _k) in enumerate(self.hot) if kind == "zoom"), None)
            if at is None:
                return None
            for kind, shape, key in reversed(self.hot[at + 1:]):
                if kind == "cell" and math.dist(pos, shape[0]) <= shape[1]:
                    return self.words.hover_words(kind, key, state)
            return None
        kind, key = self._hit(pos)
        if kind == "cell":
            p, c = key
            if p == state.player and state.phase == "build_cell" and BuildCell(c) in ctx.legal:
                return None             # the tile shows itself, its words in a note beside it (build_ghost.py)
        if kind == "score_info":
            now, then = self.score_words(state, key)
            pot = self.facts(state)["potential"][key]
            risk = self.facts(state)["risk"][key]
            if then and risk:
                # i18n: {score}: "12 pts"; {potential}: a number of points; {risk}: "4 pts" (the trails' tips say who)
                return _("{score} now; {potential} if the prey and leaves these ants carry got home. {risk} of it "
                         "could be stolen by a rival's soldier in their next turn (ringed in red on the "
                         "trails)").format(score=now, potential=pot, risk=points_words(risk))
            if then:
                # i18n: {score}: "12 pts"; {potential}: a number of points
                return _("{score} now; {potential} if the prey and leaves these ants carry got home").format(
                    score=now, potential=pot)
            # i18n: {score}: "12 pts"
            return _("{score} now").format(score=now)
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
                for q, r, _sym in ev["cells"]:
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

