"""Antics! building by placing the tile itself: the two-hex tile as a ghost over the hill.

The rules take a build as several decisions (BuildCell, then BuildDir and BuildOrient, each
skipped when it has one answer). The ghost shows, at the hex under the mouse (or the one the
keyboard focus or a hint points at), the whole tile as it would lie: its first hex there, its
second on a neighbour, a symbol on each. R or the mouse wheel turns it through the placements the
rules allow at that hex (F flips which symbol lies where). A click takes the BuildCell; the view
then answers the build_dir and build_orient steps itself with what the ghost showed
(``follow_up``), and undo takes those answers back with the click (``answered``).

The placements at a hex are worked out with the rules on the state after its BuildCell (every
BuildDir, then every BuildOrient), so the ghost shows only what the rules would build.
"""
from __future__ import annotations

import math
from typing import NamedTuple

import pygame

from game.core.i18n import N_, _
from game.games.antics.state import BuildCell, BuildDir, BuildOrient
from game.ui import theme as T
from game.ui.tables.antics import art as A
from game.ui.tables.antics.words import action_name

# the six neighbours clockwise on the screen (pointy-top axial layout, y down), from the right
DIRS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
# i18n: where a tile's second hex lies from its first, in "Build Scout+Hatch: Scout on the lit hex, Hatch to
# its upper right"
DIR_WORDS = {(1, 0): N_("to its right"), (0, 1): N_("to its lower right"), (-1, 1): N_("to its lower left"),
             (-1, 0): N_("to its left"), (0, -1): N_("to its upper left"), (1, -1): N_("to its upper right")}
REFUSED = (200, 50, 40)
GLOW = (46, 40, 18)         # added to the ghost's hexes: lighter than the built ones


class Placement(NamedTuple):
    """One way the tile may lie with its first hex on ``cell``."""
    cell: tuple
    second: tuple
    first_symbol: str
    second_symbol: str
    flipped: bool           # the tile's second symbol is on the first hex
    path: tuple             # the decisions after BuildCell that make it (BuildDir / BuildOrient)

    @property
    def direction(self) -> tuple:
        return (self.second[0] - self.cell[0], self.second[1] - self.cell[1])


def _cube_round(q: float, r: float) -> tuple:
    x, z = q, r
    y = -x - z
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy <= dz:
        rz = -rx - ry
    return (int(rx), int(rz))


class BuildGhost:
    """What the ghost shows and the decisions a placed ghost still owes the rules."""

    def __init__(self, rules, seats):
        self.rules, self.seats = rules, seats
        self.pref: tuple | None = None      # (direction, flipped) the player last turned the tile to
        self.frame = 0
        self.focus = None                   # (state, cell, frame): where the keyboard focus or a hint points
        self.shown = None                   # (state, cell): where the ghost was drawn this frame
        self.centres: dict = {}             # cell -> where its hex of the ghost was drawn (this frame)
        self.plan = None                    # (player, tile, Placement): decisions still owed after a BuildCell
        self.answered_states: list = []     # states the view itself answered (undo takes them back too)
        self._cache: dict = {}              # (state id, cell) -> (state, placements)
        self.tile_box = None                # the box the ghost's two hexes cover (this frame)
        self.note = None                    # where its words were drawn beside it (this frame)

    # ------------------------------------------------------------ placements
    def placements(self, state, cell) -> list[Placement]:
        """Every way the tile in hand may lie with its first hex on ``cell`` (rotation order: the
        tile's symbols as printed, six directions clockwise from the right; then flipped)."""
        key = (id(state), cell)
        got = self._cache.get(key)
        if got is not None and got[0] is state:
            return got[1]
        if len(self._cache) > 64 or any(v[0] is not state for v in self._cache.values()):
            self._cache.clear()
        out = []
        if state.phase == "build_cell" and BuildCell(cell) in self.rules.legal_actions(state):
            after = self.rules.apply(state, BuildCell(cell))
            out = self._explore(after, len(state.log), state.data.tiles[state.build_tile])
        self._cache[key] = (state, out)
        return out

    def placements_after(self, after, base_len: int, tile: str) -> list[Placement]:
        """The placements open from a state just after a BuildCell (``base_len``: the log before it)."""
        return self._explore(after, base_len, after.data.tiles[tile])

    def _explore(self, s, base_len, symbols, path=()) -> list[Placement]:
        out = []
        if s.phase in ("build_dir", "build_orient"):
            for a in self.rules.legal_actions(s):
                if isinstance(a, (BuildDir, BuildOrient)):
                    out += self._explore(self.rules.apply(s, a), base_len, symbols, path + (a,))
        else:
            ev = next((e for e in reversed(s.log.since(base_len)) if e.get("type") == "build"), None)
            if ev is not None:
                (q1, r1, s1), (q2, r2, s2) = ev["cells"]
                out.append(Placement((q1, r1), (q2, r2), s1, s2, s1 != symbols[0], path))
        order = {d: i for i, d in enumerate(DIRS)}
        out.sort(key=lambda pl: (pl.flipped, order.get(pl.direction, 9)))
        return out

    def choice(self, state, cell) -> Placement | None:
        """The placement the ghost shows at ``cell``: the way the player last turned it if the rules
        allow it there, else the nearest: same direction, same side up, the first."""
        pls = self.placements(state, cell)
        return self._pick(pls)

    def _pick(self, pls) -> Placement | None:
        if not pls:
            return None
        if self.pref is not None:
            d, flipped = self.pref
            for test in (lambda pl: pl.direction == d and pl.flipped == flipped,
                         lambda pl: pl.direction == d, lambda pl: pl.flipped == flipped):
                got = next((pl for pl in pls if test(pl)), None)
                if got is not None:
                    return got
        return pls[0]

    def turn(self, state, step: int = 1, flip: bool = False) -> bool:
        """Turn the ghost shown now to the next placement (``step`` -1: the one before; ``flip``:
        the same direction, the symbols swapped). True if it changed."""
        if self.shown is None or self.shown[0] is not state:
            return False
        pls = self.placements(state, self.shown[1])
        now = self._pick(pls)
        if now is None:
            return False
        if flip:
            new = next((pl for pl in pls if pl.direction == now.direction and pl.flipped != now.flipped), None)
        else:
            new = pls[(pls.index(now) + step) % len(pls)]
        if new is None or new == now:
            return False
        self.pref = (new.direction, new.flipped)
        return True

    def words(self, state, cell) -> str:
        """A placement in words: "Build Scout+Hatch: Scout on the lit hex, Hatch to its upper right"."""
        pl = self.choice(state, cell)
        sy = state.data.tiles[state.build_tile]
        name = "+".join(action_name(x) for x in sy)       # the tile by its symbols' names: a label
        if pl is None:
            # i18n: {tile}: the tile by its two symbols, "Scout+Hatch"
            return _("Build {tile} here").format(tile=name)
        hill = state.hills[state.player]
        level = len(hill.get(pl.cell, ())) + 1
        a, b = (action_name(x) for x in (pl.first_symbol, pl.second_symbol))
        where = _(DIR_WORDS[pl.direction]) if pl.direction in DIR_WORDS else _("beside it")
        if level > 1:
            # i18n: {tile}: "Scout+Hatch"; {first} and {second}: the symbols' names; {direction}: "to its upper right"
            return _("Build {tile}: {first} on the lit hex, {second} {direction} (on top, level {level})").format(
                tile=name, first=a, second=b, direction=where, level=level)
        # i18n: {tile}: "Scout+Hatch"; {first} and {second}: the symbols' names; {direction}: "to its upper right"
        return _("Build {tile}: {first} on the lit hex, {second} {direction}").format(
            tile=name, first=a, second=b, direction=where)

    # ------------------------------------------------------------ the follow-up decisions
    def arm(self, events, state) -> None:
        """A BuildCell was just taken by a person at this screen: remember the placement the ghost
        showed, to answer the decisions that follow."""
        ev = next((e for e in events if e.get("type") == "build_cell"), None)
        if ev is None:
            return
        self.plan = None
        if state.phase not in ("build_dir", "build_orient"):
            return
        p = ev.get("player")
        if not isinstance(p, int) or not 0 <= p < len(self.seats) or self.seats[p].kind != "human":
            return
        pls = self.placements_after(state, len(state.log) - len(events), state.build_tile)
        pl = self._pick(pls)
        if pl is not None and pl.path:
            self.plan = (p, state.build_tile, pl)
            self.answered_states = []

    def follow_up(self, state, legal):
        """The next decision the placed ghost owes (None when there is none)."""
        if self.plan is None:
            return None
        p, tile, pl = self.plan
        ok = (state.player == p and state.build_tile == tile and state.build_cell == pl.cell
              and state.phase in ("build_dir", "build_orient"))
        if ok and state.phase == "build_orient":
            ok = state.build_second == pl.second
        want = BuildDir if state.phase == "build_dir" else BuildOrient
        a = next((x for x in pl.path if isinstance(x, want)), None) if ok else None
        if a is None or a not in legal:
            self.plan = None
            return None
        if want is BuildOrient:
            self.plan = None                    # the last decision of the build
        self.answered_states = [*self.answered_states[-6:], state]
        return a

    def answered(self, state) -> bool:
        return any(x is state for x in self.answered_states)

    # ------------------------------------------------------------ drawing
    def new_frame(self) -> None:
        self.frame += 1
        self.shown, self.centres, self.tile_box, self.note = None, {}, None, None

    def point_at(self, state, cell) -> None:
        """The keyboard focus or a hint names a BuildCell: show the ghost there (from the next frame)."""
        self.focus = (state, cell, self.frame)

    def draw(self, surf, th, state, p, legal, geom, mouse) -> None:
        """The ghost over player p's hill: ``geom`` = (x0, y0, R, px) of the hexes as drawn."""
        x0, y0, R, px = geom

        def centre(c):
            u = A.axial_to_pixel(c[0], c[1], 1.0)
            return (x0 + u[0] * R, y0 + u[1] * R)

        cells = {a.cell for a in legal if isinstance(a, BuildCell)}
        if not cells:
            return
        hill = state.hills[p]
        hovered = next((c for c in cells if math.dist(mouse, centre(c)) < R * 0.85), None)
        if hovered is None:
            ux, uy = (mouse[0] - x0) / R, (mouse[1] - y0) / R
            r = uy / 1.5
            under = _cube_round(ux / math.sqrt(3) - r / 2, r)
            near = under in hill or any((under[0] + d[0], under[1] + d[1]) in hill for d in DIRS)
            if near and math.dist(mouse, centre(under)) < R * 0.85:
                self._draw_refused(surf, th, state, centre(under), R, px, len(hill.get(under, ())) + 1)
                return
        cell = hovered
        if cell is None and self.focus is not None:
            fs, fc, frame = self.focus
            if fs is state and frame >= self.frame - 1 and fc in cells:
                cell = fc
        if cell is None:
            return
        pl = self.choice(state, cell)
        if pl is None:
            return
        self.shown = (state, cell)
        self.centres = pts = {}
        starting = state.build_tile.startswith("S")
        for c, sym in ((pl.cell, pl.first_symbol), (pl.second, pl.second_symbol)):
            img = A.hex_cell(sym, len(hill.get(c, ())) + 1, px, starting).copy()
            img.fill(GLOW, special_flags=pygame.BLEND_RGB_ADD)     # lit from above: not yet built
            img.set_alpha(205)
            pts[c] = centre(c)
            surf.blit(img, img.get_rect(center=(int(pts[c][0]), int(pts[c][1]))))
        # the tile's outline: both hexes ringed, the lit (first) one wider
        for c, w in ((pl.second, th.px(3)), (pl.cell, th.px(5))):
            cx, cy = pts[c]
            pygame.draw.polygon(surf, T.HILITE, A.hex_corners(cx, cy - R * 0.05, R * 0.95), w)
        xs, ys = [x for x, _y in pts.values()], [y for _x, y in pts.values()]
        self.tile_box = pygame.Rect(int(min(xs) - R), int(min(ys) - R * 1.2), int(max(xs) - min(xs) + 2 * R + R * 0.3),
                                    int(max(ys) - min(ys) + 2.55 * R))

    def words_lines(self, state) -> list[str]:
        """What the note beside the ghost says: the placement, then how to turn it and build."""
        if self.shown is None or self.shown[0] is not state:
            return []
        # i18n: under the placement's words beside the tile to build; R and F are keys
        return [self.words(state, self.shown[1]), _("R or the wheel turns it, F flips it; click to build")]

    def note_place(self, th, size, bounds, hill_box=None) -> pygame.Rect | None:
        """Where the ghost's note goes: beside the whole hill when there is room (above it, below it,
        to its left, to its right, the first that fits ``bounds``), else beside the tile; never over
        either of the tile's hexes (nor the mouse on them)."""
        box = self.tile_box
        if box is None:
            return None
        gap = th.px(10)
        w, h = size
        for around in ([hill_box.union(box)] if hill_box is not None else []) + [box]:
            tries = (dict(midbottom=(box.centerx, around.y - gap)), dict(midtop=(box.centerx, around.bottom + gap)),
                     dict(midright=(around.x - gap, box.centery)), dict(midleft=(around.right + gap, box.centery)))
            for anchor in tries:
                r = pygame.Rect(0, 0, w, h)
                for name, value in anchor.items():
                    setattr(r, name, value)
                r.clamp_ip(bounds)
                if not r.colliderect(around):
                    return r
        r = pygame.Rect(0, 0, w, h)                     # no side has room: the corner of bounds furthest away
        corners = [("topleft", bounds.topleft), ("topright", bounds.topright), ("bottomleft", bounds.bottomleft),
                   ("bottomright", bounds.bottomright)]
        name, value = max(corners, key=lambda nv: math.dist(nv[1], box.center))
        setattr(r, name, value)
        return r

    def draw_words(self, surf, th, state, bounds, hill_box=None) -> pygame.Rect | None:
        """The ghost's words in a note beside it (``note_place``), where they hide neither hex."""
        lines = self.words_lines(state)
        if not lines:
            return None
        from game.ui.widgets import draw_panel, wrap
        width = min(th.px(520), (bounds[0] if isinstance(bounds, list) else bounds).w - th.px(24))
        rows = [(ln, i == 0) for i, line in enumerate(lines) for ln in wrap(line, th.font("small", i == 0), width)]
        imgs = [th.text(ln, "small", (250, 240, 220) if bold else (220, 208, 186), bold=bold) for ln, bold in rows]
        pad = th.px(8)
        size = (max(i.get_width() for i in imgs) + 2 * pad, sum(i.get_height() for i in imgs) + 2 * pad)
        r = None
        for room in (bounds if isinstance(bounds, list) else [bounds]):     # the first room the note fits in
            if room.w >= size[0] and room.h >= size[1]:
                r = self.note_place(th, size, room, hill_box)
                if r is not None and not r.colliderect(self.tile_box):
                    break
        if r is None:
            return None
        pygame.draw.rect(surf, (40, 32, 26), r, border_radius=th.px(8))
        pygame.draw.rect(surf, T.HILITE, r, th.px(1), border_radius=th.px(8))
        y = r.y + pad
        for img in imgs:
            surf.blit(img, (r.x + pad, y))
            y += img.get_height()
        self.note = r
        return r

    def _draw_refused(self, surf, th, state, c, R, px, level) -> None:
        """No tile may go here: the tile's first hex faded, crossed and ringed in red."""
        sym = state.data.tiles[state.build_tile][0]
        img = A.hex_cell(sym, min(5, level), px, state.build_tile.startswith("S")).copy()
        img.set_alpha(90)
        surf.blit(img, img.get_rect(center=(int(c[0]), int(c[1]))))
        pygame.draw.polygon(surf, REFUSED, A.hex_corners(c[0], c[1] - R * 0.05, R * 0.95), th.px(4))
        k = R * 0.45
        for sx in (-1, 1):
            pygame.draw.line(surf, REFUSED, (c[0] - k, c[1] - sx * k), (c[0] + k, c[1] + sx * k), th.px(4))
