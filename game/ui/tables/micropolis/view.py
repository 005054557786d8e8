"""The Micropolis table: the line of 7 on top, a legend of the icons, every anthill as a ring
round its Foundation. Z (or a panel's magnifier) shows one anthill up close."""
from __future__ import annotations

import math

import pygame

from game.core.i18n import _, format_list, ngettext, pgettext
from game.games.micropolis import scoring
from game.games.micropolis.state import ChooseLeader, FillBarracks, PlaceEnd, Sentry, Take
from game.ui import theme as T
from game.ui.tables.micropolis import art as A
from game.ui.tables.micropolis import words as W
from game.ui.tables.micropolis.words import (  # noqa: F401  (the table's words, also read from here)
    LEGEND, LINE_LABELS, _line_help, _what_it_does, cap_first, fruit_words, line_labels, points, soldiers,
    tile_words)
from game.ui.views.base import GameView
from game.ui.widgets import Button, draw_panel, fit_lines, wrap

MOVE_MS = 350
LIGHT = (250, 236, 206)
SOFT = (230, 210, 180)


class View(GameView):
    event_sounds = {"take": "tile", "place": "tile", "barracks": "soldier", "sergeant": "soldier", "sentry": "soldier",
                    "award": "tick", "game_over": "fanfare"}

    @property
    def line_labels(self) -> dict[str, str]:
        """The scoring lines' names in the chosen language (the results use them too)."""
        return line_labels()

    def __init__(self, rules, seats, theme):
        super().__init__(rules, seats, theme)
        self.line_rects: list[pygame.Rect] = []
        self.arch_rects: dict[int, pygame.Rect] = {}
        self.badges: dict[int, pygame.Rect] = {}
        self.ghosts: dict[str, pygame.Rect] = {}
        self.mags: dict[int, pygame.Rect] = {}
        self.buttons: list[Button] = []
        self.panels: list[pygame.Rect] = []
        self.legend: list[tuple[str, pygame.Rect]] = []
        self.legend_rect = self.bar = pygame.Rect(0, 0, 0, 0)
        self.target: int | None = None      # expert mode: the anthill that receives the pick
        self.zoom: int | None = None        # the anthill shown up close
        self.hot: list[tuple[pygame.Rect, str]] = []
        self._rings: dict = {}
        self._cards: dict = {}
        self.move = None                    # (tile id, from rect, to anthill, t)

    # -- layout ----------------------------------------------------------------------------
    def layout(self, rect):
        super().layout(rect)
        self._rings.clear()
        self._cards.clear()

    def _geometry(self, state):
        th = self.th
        r = self.rect
        m = th.px(12)
        n = len(state.line)
        line_h = int(r.h * 0.2)
        cw = min(th.px(190), (r.w - 2 * m - (n - 1) * m) // n)
        x0 = r.x + (r.w - (cw * n + m * (n - 1))) // 2
        self.line_rects = [pygame.Rect(x0 + i * (cw + m), r.y + m, cw, line_h - m) for i in range(n)]
        self._legend_layout(pygame.Rect(r.x + m, r.y + line_h + m, r.w - 2 * m, 0))
        self.bar = pygame.Rect(r.x + m, self.legend_rect.bottom + m, r.w - 2 * m, th.px(62))
        area = pygame.Rect(r.x + m, self.bar.bottom + m, r.w - 2 * m, r.bottom - self.bar.bottom - 2 * m)
        k = len(state.anthills)
        cols = k if k <= 3 else 3
        rows = math.ceil(k / cols)
        pw = (area.w - (cols - 1) * m) // cols
        ph = (area.h - (rows - 1) * m) // rows
        self.panels = [pygame.Rect(area.x + (i % cols) * (pw + m), area.y + (i // cols) * (ph + m), pw, ph) for i in range(k)]

    def _legend_layout(self, box):
        """Flow the legend entries into rows across ``box``; sets legend_rect and legend."""
        th = self.th
        pad, gap = th.px(10), th.px(20)
        rh = th.font("small").get_linesize() + th.px(10)
        widths = {k: self._legend_width(k, rh) for k in LEGEND}
        rows, row, used = [], [], 0
        for k in LEGEND:
            if row and used + gap + widths[k] > box.w - 2 * pad:
                rows.append(row)
                row, used = [], 0
            used += (gap if row else 0) + widths[k]
            row.append(k)
        rows.append(row)
        self.legend = []
        for ri, keys in enumerate(rows):
            spare = (box.w - 2 * pad - sum(widths[k] for k in keys)) / len(keys)
            x = box.x + pad + spare / 2
            for k in keys:
                self.legend.append((k, pygame.Rect(int(x), box.y + pad // 2 + ri * rh, widths[k], rh)))
                x += widths[k] + spare
        self.legend_rect = pygame.Rect(box.x, box.y, box.w, len(rows) * rh + pad)

    def _legend_width(self, key, rh):
        th = self.th
        name, words = LEGEND[key]
        return (A.legend_icon_width(key, rh) + th.px(8) + th.text(_(name), "small", bold=True).get_width()
                + th.px(8) + th.text(_(words), "small").get_width())

    def _ring_geom(self, panel):
        """(cx, cy, r_out) of the ring in ``panel`` and the rect of its words: beside the ring, or
        under it in two columns when the panel is tall enough for a larger ring that way."""
        th = self.th
        pad = th.px(8)
        info_w = max(th.px(192), int(panel.w * 0.34))   # room for "Royal gallery 10"
        beside = pygame.Rect(panel.x + pad, panel.y + pad, panel.w - info_w - 2 * pad, panel.h - 2 * pad)
        info_h = 6 * self._step() + th.px(24)
        under = pygame.Rect(panel.x + pad, panel.y + pad, panel.w - 2 * pad, panel.h - info_h - 2 * pad)
        if min(under.size) > min(beside.size) * 1.15:
            info = pygame.Rect(panel.x + th.px(14), under.bottom, panel.w - th.px(28), info_h)
            room = under
        else:
            info = pygame.Rect(panel.right - info_w, panel.y, info_w - th.px(12), panel.h)
            room = beside
        return room.centerx, room.centery, min(room.w, room.h) / 2 * 0.97, info

    def _step(self):
        """The height of one score line beside a ring."""
        return max(self.th.px(24), self.th.font("small").get_linesize())

    # -- cached art --------------------------------------------------------------------------------
    def _tints(self, gals):
        tints = {}
        for gi, g in enumerate(sorted(gals, key=lambda g: -g.ants)):
            col = A.GALLERY_TINTS[gi % len(A.GALLERY_TINTS)] if (g.span > 1 or g.ants >= 3) else (190, 150, 96)
            for slot, seg in g.members:
                tints.setdefault(slot, {})[seg] = col
        return tints

    def _ring(self, state, ai, r_out):
        """The anthill drawn round its Foundation, and its galleries (cached)."""
        a = state.anthills[ai]
        key = (ai, a.slots, a.army, a.full, round(r_out))
        if key in self._rings:
            return self._rings[key]
        r_in = r_out / 2.2
        size = (int(r_out * 2) + 4, int(r_out * 2) + 4)
        surf = pygame.Surface(size, pygame.SRCALPHA)
        lcx, lcy = size[0] / 2, size[1] / 2
        pygame.draw.circle(surf, (66, 44, 28, 120), (lcx, lcy), r_out + 1)
        for k in range(10):
            pygame.draw.polygon(surf, (84, 58, 38), A.slot_polygon(lcx, lcy, r_in, r_out, k), 1)
        gals = scoring.galleries(a.slots, state.tiles)
        tints = self._tints(gals)
        for k, tid in enumerate(a.slots):
            if tid is not None:
                A.draw_tile(surf, state.tiles[tid], lcx, lcy, r_in, r_out, k, tints.get(k), full=tid in a.full)
        A.draw_foundation(surf, lcx, lcy, r_in * 0.97, a.army)
        if len(self._rings) > 64:
            self._rings.clear()
        self._rings[key] = (surf, gals)
        return surf, gals

    def _card(self, state, tid, size):
        key = (tid, size)
        if key in self._cards:
            return self._cards[key]
        w, h = size
        surf = T.paper_card(size, self.th.px(12), fill=(214, 178, 130), edge=(150, 108, 70), seed=int(tid[1:])).copy()
        top = self.th.px(44)                  # room for the key cap and the cost badge
        r_out = min(w * 0.92 / (2 * math.sin(math.radians(18))), (h - top - self.th.px(8)) / 0.57)
        A.draw_tile(surf, state.tiles[tid], w / 2, top + r_out, r_out / 2.2, r_out, 0)
        self._cards[key] = surf
        return surf

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surf, state, ctx, mouse):
        self._geometry(state)
        self.hot = []
        self.ghosts = {}
        self.mags = {}
        takes = [a for a in ctx.legal if isinstance(a, Take)]
        if takes and (self.target is None or all(a.anthill != self.target for a in takes)):
            self.target = takes[0].anthill
        self._draw_line(surf, state, takes, mouse)
        self._draw_legend(surf, state)
        for ai in range(len(state.anthills)):
            self._draw_anthill(surf, state, ctx, ai, mouse)
        self._draw_bar(surf, state, ctx, mouse)
        if self.move is not None:
            tid, src, ai, t = self.move
            k = min(1.0, t / MOVE_MS)
            e = 1 - (1 - k) ** 3
            dst = src.center
            if ai < len(self.panels):           # towards the end of the arc it will join, not onto the Foundation
                cx, cy, r_out, _info = self._ring_geom(self.panels[ai])
                k = self._end_slot(state.anthills[ai], "right")
                dst = A.slot_point(cx, cy, r_out / 2.2, r_out, k, 0.5, 0.5)
            pos = (src.centerx + (dst[0] - src.centerx) * e, src.centery + (dst[1] - src.centery) * e)
            img = self._card(state, tid, src.size)
            img = pygame.transform.rotozoom(img, 0, 1 - 0.4 * e)
            surf.blit(img, img.get_rect(center=pos))
        if self.zoom is not None:
            self.hot = []
            self._draw_zoom(surf, state, self.zoom)

    def _key_cap(self, surf, topleft, label, dim=False):
        """A keyboard key with ``label`` on it: the key that picks this line position."""
        th = self.th
        txt = th.text(label, "small", (150, 130, 110) if dim else T.INK, bold=True)
        side = max(txt.get_height() + th.px(10), th.px(30))
        cap = pygame.Rect(topleft, (side, side))
        pygame.draw.rect(surf, (120, 100, 80) if not dim else (80, 58, 40), cap.move(0, th.px(3)), border_radius=th.px(6))
        pygame.draw.rect(surf, (250, 244, 230) if not dim else (104, 76, 52), cap, border_radius=th.px(6))
        pygame.draw.rect(surf, T.INK_SOFT, cap, 1, border_radius=th.px(6))
        surf.blit(txt, txt.get_rect(center=cap.center))

    def _pill(self, surf, txt, pos, fill, anchor="topright", icon=False):
        """A rounded label sized to its text (and a soldier icon when ``icon``): cost badges, soldiers."""
        th = self.th
        icon_w = txt.get_height() if icon else 0
        pill = pygame.Rect(0, 0, txt.get_width() + icon_w + th.px(16), txt.get_height() + th.px(8))
        setattr(pill, anchor, pos)
        pygame.draw.rect(surf, fill, pill, border_radius=pill.h // 2)
        pygame.draw.rect(surf, T.INK, pill, 1, border_radius=pill.h // 2)
        surf.blit(txt, (pill.x + th.px(8), pill.centery - txt.get_height() // 2))
        if icon:
            A.soldier(surf, (pill.right - th.px(6) - icon_w // 2, pill.centery), pill.h * 0.85)
        return pill

    def _draw_line(self, surf, state, takes, mouse):
        th = self.th
        cost = 0                           # one soldier per tile before this one
        self.arch_rects, self.badges = {}, {}
        for pos, tid in enumerate(state.line):
            r = self.line_rects[pos]
            if tid is None:
                pygame.draw.rect(surf, (70, 48, 30), r, th.px(2), border_radius=th.px(12))
                self._key_cap(surf, (r.x + th.px(6), r.y + th.px(6)), str(pos + 1), dim=True)
                continue
            legal = any(a.position == pos and not a.architect and a.anthill == self.target for a in takes)
            lift = th.px(5) if legal and r.collidepoint(mouse) else 0
            rr = r.move(0, -lift)
            sh = pygame.Surface(rr.size, pygame.SRCALPHA)
            pygame.draw.rect(sh, (0, 0, 0, 80), sh.get_rect(), border_radius=th.px(12))
            surf.blit(sh, (rr.x + th.px(3), rr.y + th.px(5)))
            surf.blit(self._card(state, tid, r.size), rr.topleft)
            if legal:
                pygame.draw.rect(surf, T.LEGAL, rr.inflate(th.px(6), th.px(6)), th.px(4), border_radius=th.px(14))
            self.hot.append((rr, self._tile_text(state, tid, pos, cost, state.line_soldiers[pos])))
            self._key_cap(surf, (rr.x + th.px(6), rr.y + th.px(6)), str(pos + 1))
            # i18n: on the first tile of the line, which costs no soldier
            txt = th.text(pgettext("cost", "free") if cost == 0 else f"-{cost}", "small", T.INK, bold=True)
            badge = self._pill(surf, txt, (rr.right - th.px(6), rr.y + th.px(8)),
                               (250, 240, 220) if cost == 0 else (240, 200, 190), icon=cost > 0)
            self.badges[pos] = badge
            self.hot.append((badge, _("Free: the first tile of the line costs nothing.") if cost == 0 else
                             ngettext("Costs {n} soldier from your army: one on each tile before it.",
                                      "Costs {n} soldiers from your army: one on each tile before it.",
                                      cost).format(n=cost)))
            lying = state.line_soldiers[pos]
            if lying:
                txt = th.text(f"+{lying}", "small", LIGHT, bold=True)
                pill = self._pill(surf, txt, (rr.x + th.px(6), rr.bottom - th.px(6)), (70, 46, 30), "bottomleft", True)
                self.hot.append((pill, ngettext(
                    "{n} soldier lying here: it joins the army of whoever takes the tile.",
                    "{n} soldiers lying here: they join the army of whoever takes the tile.", lying).format(n=lying)))
            if any(a.position == pos and a.architect and a.anthill == self.target for a in takes):
                ar = pygame.Rect(0, 0, th.px(36), th.px(36))
                ar.bottomright = (rr.right - th.px(6), rr.bottom - th.px(6))
                surf.blit(A.architect_token(ar.w), ar)
                pygame.draw.circle(surf, T.LEGAL, ar.center, ar.w // 2 + th.px(2), th.px(3))
                self.arch_rects[pos] = ar
                self.hot.append((ar, _("Spend an Architect token: take this tile for free.")))
            cost += 1

    def _tile_text(self, state, tid, pos, cost, lying):
        # i18n: {position} 1-7 along the line, {key} the key that takes it, {tile} what it holds
        words = _("Tile {position} of the line (key {key}): {tile}.").format(
            position=pos + 1, key=pos + 1, tile=tile_words(state.tiles[tid]))
        words += " " + (_("Free to take.") if cost == 0 else
                        ngettext("Costs {n} soldier.", "Costs {n} soldiers.", cost).format(n=cost))
        if lying:
            words += " " + ngettext("{n} soldier lying on it joins your army.",
                                    "{n} soldiers lying on it join your army.", lying).format(n=lying)
        return words

    def _draw_legend(self, surf, state):
        th = self.th
        draw_panel(surf, self.legend_rect, th, fill=(60, 40, 26), edge=(40, 26, 16), radius=12)
        for key, r in self.legend:
            name, words = LEGEND[key]
            iw = A.legend_icon_width(key, r.h)
            A.legend_icon(surf, key, pygame.Rect(r.x, r.y + th.px(2), iw, r.h - th.px(4)))
            x = r.x + iw + th.px(8)
            t = th.text(_(name), "small", LIGHT, bold=True)
            surf.blit(t, (x, r.centery - t.get_height() // 2))
            w = th.text(_(words), "small", SOFT)
            surf.blit(w, (x + t.get_width() + th.px(8), r.centery - w.get_height() // 2))
            self.hot.append((r, _what_it_does(key, state.consts)))

    def _draw_anthill(self, surf, state, ctx, ai, mouse=(-1, -1)):
        th = self.th
        a = state.anthills[ai]
        panel = self.panels[ai]
        active = state.active_anthill == ai or (state.phase == "take" and ctx.to_move == a.owner)
        draw_panel(surf, panel, th, fill=(92, 64, 42), edge=T.HILITE if active else (60, 40, 24), radius=14)
        if active:
            pygame.draw.rect(surf, T.HILITE, panel, th.px(3), border_radius=th.px(14))
        if state.expert and self.target == ai and any(isinstance(x, Take) for x in ctx.legal):
            pygame.draw.rect(surf, T.LEGAL, panel, th.px(5), border_radius=th.px(14))
        cx, cy, r_out, info = self._ring_geom(panel)
        self._draw_ring(surf, state, ai, cx, cy, r_out)
        if ai == state.active_anthill:
            self._draw_ghosts(surf, state, ctx, a, cx, cy, r_out, mouse)
        if ctx.human_turn:
            mag = pygame.Rect(panel.x + th.px(8), panel.y + th.px(8), th.px(40), th.px(40))
            pygame.draw.circle(surf, (60, 40, 26), mag.center, mag.w // 2)
            pygame.draw.circle(surf, SOFT, mag.center, mag.w // 2, 1)
            A.magnifier(surf, mag.center, mag.w * 0.4)
            self.mags[ai] = mag
            self.hot.append((mag, _("Show this anthill large (Z for the anthill you are building)")
                             if a.owner == ctx.to_move else _("Show this anthill large")))
        self._draw_info(surf, state, ai, info, stacked=info.w > panel.w // 2)

    def _end_slots(self, state, ctx, a) -> dict[str, int]:
        """The slot each end would put the pending tile in: the legal ends when the player on turn
        is choosing, else both ends of the arc (one slot for a first tile)."""
        ends = [act.end for act in ctx.legal if isinstance(act, PlaceEnd)] or ["left", "right"]
        out: dict[str, int] = {}
        for end in ends:
            k = self._end_slot(a, end)
            if k not in out.values():
                out[end] = k
        return out

    def _draw_ghosts(self, surf, state, ctx, a, cx, cy, r_out, mouse=(-1, -1)):
        """Where the pending tile may go: the tile itself, faint, in each free end slot (as it would
        lie there), ringed green when the end is a legal choice. Nothing else of the anthill is
        covered: its Foundation (the army) and its tiles stay in sight."""
        if state.pending is None or state.pending_slot is not None:
            return
        th = self.th
        r_in = r_out / 2.2
        legal = {act.end for act in ctx.legal if isinstance(act, PlaceEnd)}
        for end, k in self._end_slots(state, ctx, a).items():
            poly = A.slot_polygon(cx, cy, r_in, r_out, k)
            xs = [p[0] for p in poly]
            ys = [p[1] for p in poly]
            box = pygame.Rect(int(min(xs)) - 2, int(min(ys)) - 2, int(max(xs) - min(xs)) + 5, int(max(ys) - min(ys)) + 5)
            hovered = end in legal and box.collidepoint(mouse)
            ghost = pygame.Surface(box.size, pygame.SRCALPHA)
            A.draw_tile(ghost, state.tiles[state.pending], cx - box.x, cy - box.y, r_in, r_out, k)
            ghost.set_alpha(255 if hovered else 165)
            surf.blit(ghost, box)
            if end in legal:
                pygame.draw.polygon(surf, T.HILITE if hovered else T.LEGAL, poly, th.px(4))
                self.ghosts[end] = pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
                tile = cap_first(tile_words(state.tiles[state.pending])) + "."
                self.hot.append((self.ghosts[end], W.move_hint(PlaceEnd(end), state) + " " + tile))

    def _draw_ring(self, surf, state, ai, cx, cy, r_out):
        """Blit an anthill's ring and make its tiles and icons answer the mouse."""
        th = self.th
        a = state.anthills[ai]
        ring, gals = self._ring(state, ai, r_out)
        surf.blit(ring, ring.get_rect(center=(cx, cy)))
        r_in = r_out / 2.2
        placed = [(k, tid) for k, tid in enumerate(a.slots) if tid is not None]
        for k, tid in placed:
            poly = A.slot_polygon(cx, cy, r_in, r_out, k)
            xs = [p[0] for p in poly]
            ys = [p[1] for p in poly]
            box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)).inflate(-th.px(10), -th.px(10))
            words = cap_first(tile_words(state.tiles[tid])) + "."
            if tid in a.full:
                words += " " + _("Its barracks are full.")
            self.hot.append((box, words))
        for k, tid in placed:       # icons after every tile, so they answer first
            for ic in A.tile_icons(state.tiles[tid], cx, cy, r_in, r_out, k):
                hit = pygame.Rect(0, 0, 2 * max(ic.r, th.px(10)), 2 * max(ic.r, th.px(10)))
                hit.center = ic.center
                self.hot.append((hit, self._icon_text(state, a, tid, k, ic, gals)))

    def _icon_text(self, state, a, tid, slot, ic, gals):
        """What an icon on an anthill is and what it scores there."""
        if ic.kind == "barracks":
            size = state.tiles[tid].barracks
            vp = state.consts.barracks_vp.get(size, 0)
            if tid in a.full:
                # i18n: {points} "7 points"
                return ngettext("A full barracks for {n} soldier: {points}.", "A full barracks for {n} soldiers: {points}.",
                                size).format(n=size, points=points(vp))
            # i18n: {vp} the points the barracks would score when full
            return ngettext("An empty barracks for {n} soldier: no points (full it would score {vp}; "
                            "only a Sentry can fill it now).",
                            "An empty barracks for {n} soldiers: no points (full it would score {vp}; "
                            "only a Sentry can fill it now).", size).format(n=size, vp=vp)
        g = next(g for g in gals if (slot, ic.seg) in g.members)
        if ic.kind == "fruit":
            kinds = g.fruit_kinds(state.consts.wild_fruit)
            vp = state.consts.harvest_vp[kinds]
            # i18n: {fruit} "A cherry"
            what = (_("A gift: it counts as a fruit its gallery lacks.") if ic.what == state.consts.wild_fruit
                    else _("{fruit}: a fruit.").format(fruit=cap_first(fruit_words(ic.what))))
            if kinds == 0:
                kinds_words = _("This gallery holds no kinds of fruit: Harvest {points}.")
            else:
                # i18n: {n} kinds of fruit in a gallery; {points} "5 points"
                kinds_words = ngettext("This gallery holds {n} kind of fruit: Harvest {points}.",
                                       "This gallery holds {n} kinds of fruit: Harvest {points}.", kinds)
            return what + " " + kinds_words.format(n=kinds, points=points(vp))
        text = _what_it_does(ic.what, state.consts)
        if ic.what == "queen":
            text += " " + (ngettext("Here: a gallery over {n} tile, Royal {n} point.",
                                    "Here: a gallery over {n} tiles, Royal {n} points.", g.span).format(n=g.span)
                           if g.queens == 1 else
                           ngettext("Here: {n} queen shares the gallery, no Royal points.",
                                    "Here: {n} queens share the gallery, no Royal points.", g.queens).format(n=g.queens))
        elif ic.what == "nurse":
            n = state.tiles[tid].eggs
            text += " " + (_("She has no eggs.") if n == 0 else
                           ngettext("She has {n} egg.", "She has {n} eggs.", n).format(n=n))
        return text + " " + _("Like every specialist she is also an ant: 1 point.")

    def _draw_info(self, surf, state, ai, col, stacked):
        """Name, tokens, army and the score lines of an anthill in ``col``; when ``stacked`` (under
        the ring) the score lines take the right half."""
        th = self.th
        a = state.anthills[ai]
        seat = state.seats[a.owner]
        left = pygame.Rect(col.x, col.y, col.w // 2 - th.px(12), col.h) if stacked else col
        x, y = col.x, col.y + th.px(10)
        rgb = T.PLAYER_COLORS.get(seat.color, (200, 200, 200))
        T.draw_symbol(surf, T.PLAYER_SYMBOLS.get(seat.color, "circle"), (x + th.px(12), y + th.px(14)), th.px(12), rgb)
        label = _("{name} ({anthill})").format(name=seat.name, anthill=ai % 2 + 1) if state.expert else seat.name
        name = self._fit(label, "label", left.w - th.px(30), LIGHT, bold=True)
        surf.blit(name, (x + th.px(30), y))
        y += max(th.px(34), name.get_height() + th.px(4))
        tok = th.px(30)
        tx = x
        if state.leader == ai:
            surf.blit(A.red_army_token(tok), (tx, y))
            tx += tok + th.px(4)
        tokens = state.architects[a.owner]          # R28: the player's, shown once per player
        for _k in range(tokens if (not state.expert or ai % 2 == 0) else 0):
            surf.blit(A.architect_token(tok), (tx, y))
            tx += tok + th.px(4)
        # i18n: beside an anthill: the soldiers in its army
        army = th.text(_("Army {n}").format(n=a.army), "small", (250, 220, 200), bold=True)
        surf.blit(army, (tx + th.px(4), y + (tok - army.get_height()) // 2))
        self.hot.append((pygame.Rect(x, y, left.w, tok), self._army_text(state, ai)))
        y += max(tok, army.get_height()) + th.px(8)
        lines = scoring.anthill_breakdown(state, ai)
        total = th.text(_("Total {n}").format(n=sum(lines.values())), "label", T.HILITE, bold=True)
        if stacked:
            surf.blit(total, (x, y))
            x, y, col = left.right + th.px(24), col.y + th.px(10), pygame.Rect(left.right + th.px(24), col.y, left.w, col.h)
        helps = _line_help(state.consts)
        for key, label in line_labels().items():
            v = th.text(str(lines[key]), "small", LIGHT, bold=True)
            surf.blit(self._fit(label, "small", col.right - v.get_width() - th.px(6) - x, SOFT), (x, y))
            surf.blit(v, (col.right - v.get_width(), y))
            # i18n: {line} a scoring line's name, {help} what it scores
            self.hot.append((pygame.Rect(x, y, col.w, self._step()), _("{line}: {help}").format(line=label, help=helps[key])))
            y += self._step()
        if not stacked:
            surf.blit(total, (x, y + th.px(4)))

    def _army_text(self, state, ai):
        a = state.anthills[ai]
        # i18n: the parts of one sentence about an anthill's army, joined by "; "
        parts = [_("Army: no soldiers on the Foundation") if a.army == 0 else
                 ngettext("Army: {n} soldier on the Foundation", "Army: {n} soldiers on the Foundation",
                          a.army).format(n=a.army)]
        if state.leader == ai:
            parts.append(_("holds the Red army token"))
        tokens = state.architects[a.owner]
        if tokens:
            owner = state.seats[a.owner].name
            if state.expert:
                words = (_("{name} has an Architect token (usable by either anthill)") if tokens == 1 else
                         ngettext("{name} has {n} Architect token (usable by either anthill)",
                                  "{name} has {n} Architect tokens (usable by either anthill)", tokens))
            else:
                words = (_("{name} has an Architect token") if tokens == 1 else
                         ngettext("{name} has {n} Architect token", "{name} has {n} Architect tokens", tokens))
            parts.append(words.format(name=owner, n=tokens))
        # i18n: joins the parts of a sentence about an anthill's army ("Army: 3 soldiers on the Foundation; holds ...")
        return pgettext("clause separator", "; ").join(parts) + "."

    def _fit(self, text, style, width, color, bold=False):
        """The text rendered, shortened with '..' until it fits ``width``."""
        img = self.th.text(text, style, color, bold)
        while img.get_width() > width and len(text) > 1:
            text = text[:-1]
            img = self.th.text(text.rstrip() + "..", style, color, bold)
        return img

    def _end_slot(self, a, end):
        if a.count == 0:
            return 0
        return (a.left - 1) % 10 if end == "left" else (a.left + a.count) % 10

    def winner_words(self, state) -> str:
        """Who won the finished game, in words: 'Ann wins with 59 points'."""
        return W.winner_words(self.rules, state)

    def player_totals(self, state) -> list[tuple[int, list[int], int]]:
        """Expert mode: (player, the totals of their anthills, their sum) for every player; the two
        anthills of a player add up to their score."""
        out = []
        for p in range(len(state.seats)):
            parts = [sum(scoring.anthill_breakdown(state, ai).values()) for ai in state.anthills_of(p)]
            out.append((p, parts, sum(parts)))
        return out

    def totals_words(self, state) -> str:
        """Expert mode: 'Both anthills add up: Ann 19 + 33 = 52, Bruno 23 + 28 = 51'."""
        # i18n: {totals} "Ann 19 + 33 = 52,   Bruno 23 + 28 = 51"
        return _("Both anthills add up:   {totals}").format(totals=",   ".join(
            f"{state.seats[p].name} {' + '.join(map(str, parts))} = {total}" for p, parts, total in self.player_totals(state)))

    def _draw_bar(self, surf, state, ctx, mouse):
        th = self.th
        r = self.bar
        draw_panel(surf, r, th, fill=(60, 40, 26), edge=(40, 26, 16), radius=12)
        if self.rules.is_over(state):           # the winner is named on the table before the results
            # i18n: {winner} "Ann wins with 59 points"
            rows = [th.text(_("Game over: {winner}. See results for the count.").format(winner=self.winner_words(state)),
                            "small", T.HILITE, bold=True)]
        else:
            n, r_n = len(state.pile), state.reserve
            parts = [_("Round {round} of {rounds}").format(round=min(state.round, state.last_round), rounds=state.last_round),
                     _("no tiles in the pile") if n == 0 else
                     ngettext("{n} tile in the pile", "{n} tiles in the pile", n).format(n=n),
                     _("no soldiers in the reserve") if r_n == 0 else
                     ngettext("{n} soldier in the reserve", "{n} soldiers in the reserve", r_n).format(n=r_n)]
            line = "   -   ".join(parts)
            self.buttons = self._make_buttons(state, ctx.legal)
            room = r.w - th.px(56) - sum(self._button_width(b) + th.px(10) for b in self.buttons)
            rows = (fit_lines(th, line, room, (236, 220, 190), (("small", 1), ("tiny", 2)))
                    or [th.text(line, "small", (236, 220, 190))])   # (more buttons than fit: they flow under the bar)
        if state.expert:
            rows.append(th.text(self.totals_words(state), "small", LIGHT, bold=True))
        y = r.centery - sum(img.get_height() for img in rows) // 2
        for img in rows:
            surf.blit(img, (r.x + th.px(16), y))
            y += img.get_height()
        self.buttons = self._make_buttons(state, ctx.legal)
        self._place_buttons(surf, max(img.get_width() for img in rows) + th.px(40))
        for b in self.buttons:
            b.draw(surf, th)
            if isinstance(b.action, Sentry) and b.rect.collidepoint(mouse):
                self._outline_barracks(surf, state, b.action.full)

    def _make_buttons(self, state, legal):
        """A button for each legal move that is not a line tile, its hint saying what it does."""
        out = []
        places = [a for a in legal if isinstance(a, PlaceEnd)]
        for act in legal:
            if isinstance(act, PlaceEnd):
                label = ((_("Left end") if act.end == "left" else _("Right end")) if len(places) > 1
                         else _("Place it"))
                out.append(Button(label, act, key=pygame.K_LEFT if act.end == "left" else pygame.K_RIGHT,
                                  style="primary", hint=W.move_hint(act, state)))
            elif isinstance(act, FillBarracks):
                out.append(Button(_("Fill barracks") if act.fill else _("Leave empty"), act, key=pygame.K_y if act.fill else pygame.K_n,
                                  style="primary" if act.fill else "normal", hint=W.move_hint(act, state)))
            elif isinstance(act, Sentry):
                out.append(self._sentry_button(state, act))
            elif isinstance(act, ChooseLeader):
                # i18n: a button: give the Red army token to {name}
                out.append(Button(_("Token to {name}").format(name=W.leader_words(state, act)), act,
                                  hint=W.move_hint(act, state)))
        return out

    def _sentry_button(self, state, act):
        sizes = W.sentry_sizes(state, act)
        # i18n: a button: the barracks left full by their sizes, {sizes} "3+2"
        label = _("Full: {sizes}").format(sizes="+".join(map(str, sizes))) if sizes else _("All empty")
        return Button(label, act, hint=W.sentry_hint(state, act))

    def _button_width(self, b) -> int:
        th = self.th
        return max(th.px(120), th.text(b.label, "label", T.INK, bold=True).get_width() + th.px(30))

    def _place_buttons(self, surf, text_w):
        """Buttons right-aligned in the bar; more than fit flow into rows under it on a dark strip."""
        th = self.th
        r = self.bar
        gap, h = th.px(10), r.h - th.px(16)
        row, x = 0, r.right - gap
        for b in reversed(self.buttons):
            w = self._button_width(b)
            left = r.x + (text_w if row == 0 else gap)
            if x - w < left:
                row, x = row + 1, r.right - gap
            x -= w
            b.rect = pygame.Rect(x, r.y + th.px(8) + row * (r.h + gap), w, h)
            x -= gap
        if row:
            strip = pygame.Rect(r.x, r.bottom, r.w, row * (r.h + gap))
            draw_panel(surf, strip, th, fill=(60, 40, 26), edge=(40, 26, 16), radius=12)

    def _outline_barracks(self, surf, state, full):
        """Outline the tiles whose barracks a hovered Sentry choice leaves full."""
        ai = state.active_anthill
        cx, cy, r_out, _info = self._ring_geom(self.panels[ai])
        for k, tid in enumerate(state.anthills[ai].slots):
            if tid in full:
                pygame.draw.polygon(surf, T.HILITE, A.slot_polygon(cx, cy, r_out / 2.2, r_out, k), self.th.px(4))

    def _draw_zoom(self, surf, state, ai):
        """One anthill large over the table, with its score lines explained."""
        th = self.th
        shade = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surf.blit(shade, self.rect.topleft)
        zr = self.rect.inflate(-th.px(40), -th.px(40))
        draw_panel(surf, zr, th, fill=(92, 64, 42), edge=T.HILITE, radius=16)
        pad = th.px(24)
        side = min(zr.h - 2 * pad, int(zr.w * 0.58))
        self._draw_ring(surf, state, ai, zr.x + pad + side / 2, zr.centery, side / 2 * 0.97)
        col = pygame.Rect(zr.x + 2 * pad + side, zr.y + pad, zr.w - 3 * pad - side, zr.h - 2 * pad)
        a = state.anthills[ai]
        seat = state.seats[a.owner]
        title = (_("{name}'s anthill ({anthill})") if state.expert else _("{name}'s anthill")).format(
            name=seat.name, anthill=ai % 2 + 1)
        head = self._fit(title, "title", col.w, LIGHT, bold=True)
        surf.blit(head, col.topleft)
        y = col.y + head.get_height() + th.px(6)
        small = th.font("small").get_linesize()
        for line in wrap(self._army_text(state, ai), th.font("small"), col.w):
            surf.blit(th.text(line, "small", (250, 220, 200)), (col.x, y))
            y += small
        y += th.px(12)
        lines = scoring.anthill_breakdown(state, ai)
        helps = _line_help(state.consts)
        for key, label in line_labels().items():
            t = th.text(label, "body", LIGHT, bold=True)
            v = th.text(str(lines[key]), "body", LIGHT, bold=True)
            surf.blit(t, (col.x, y))
            surf.blit(v, (col.right - v.get_width(), y))
            y += t.get_height()
            for line in wrap(helps[key], th.font("small"), col.w):
                surf.blit(th.text(line, "small", SOFT), (col.x, y))
                y += small
            y += th.px(10)
        total = th.text(_("Total {n}").format(n=sum(lines.values())), "title", T.HILITE, bold=True)
        surf.blit(total, (col.x, y))
        if state.expert:                    # this anthill's total is half the player's score
            parts, both = next((parts, both) for p, parts, both in self.player_totals(state) if p == a.owner)
            # i18n: {sum} "19 + 33", {total} what they add up to
            words = _("{name}'s two anthills add up: {sum} = {total}").format(
                name=seat.name, sum=" + ".join(map(str, parts)), total=both)
            y += total.get_height()
            for line in wrap(words, th.font("body", True), col.w):
                img = th.text(line, "body", LIGHT, bold=True)
                surf.blit(img, (col.x, y))
                y += img.get_height()
        foot = th.text(_("Z, Esc or a click goes back to the table"), "small", SOFT)
        surf.blit(foot, (col.x, col.bottom - foot.get_height()))

    # -- input -------------------------------------------------------------------------------------
    def _zoom_target(self, state, ctx):
        """The anthill the player on turn is building (the one receiving the pick in expert mode)."""
        if state.active_anthill is not None:
            return state.active_anthill
        mine = state.anthills_of(ctx.to_move) if ctx.to_move is not None else []
        return self.target if self.target in mine else (mine[0] if mine else None)

    def click(self, pos, state, ctx):
        if self.zoom is not None:
            self.zoom = None
            return None
        for ai, r in self.mags.items():
            if r.collidepoint(pos):
                self.zoom = ai
                return None
        for b in self.buttons:
            if b.rect.collidepoint(pos) and b.action in ctx.legal:
                return b.action
        for end, r in self.ghosts.items():
            if r.collidepoint(pos) and PlaceEnd(end) in ctx.legal:
                return PlaceEnd(end)
        for p, r in self.arch_rects.items():
            a = Take(p, True, self.target if self.target is not None else 0)
            if r.collidepoint(pos) and a in ctx.legal:
                return a
        for p, r in enumerate(self.line_rects):
            a = Take(p, False, self.target if self.target is not None else 0)
            if r.collidepoint(pos) and a in ctx.legal:
                return a
        if state.expert:   # choose which of your anthills receives the next pick
            for ai, r in enumerate(self.panels):
                if r.collidepoint(pos) and any(isinstance(x, Take) and x.anthill == ai for x in ctx.legal):
                    self.target = ai
        return None

    def key(self, key, state, ctx):
        if key == pygame.K_z:
            self.zoom = None if self.zoom is not None else self._zoom_target(state, ctx)
            return None
        if self.zoom is not None:
            return None
        if pygame.K_1 <= key <= pygame.K_7:
            a = Take(key - pygame.K_1, False, self.target if self.target is not None else 0)
            return a if a in ctx.legal else None
        for b in self.buttons:
            if b.key == key and b.action in ctx.legal:
                return b.action
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN) and len([a for a in ctx.legal if isinstance(a, PlaceEnd)]) == 1:
            return next(a for a in ctx.legal if isinstance(a, PlaceEnd))
        return None

    def cancel_pending(self):
        if self.zoom is None:
            return False
        self.zoom = None
        return True

    def hover(self, pos, state, ctx):
        if self.zoom is None:
            for b in self.buttons:
                if b.rect.collidepoint(pos):
                    return b.hint
        for r, text in reversed(self.hot):
            if r.collidepoint(pos):
                return text
        return None

    def hint(self, state, ctx):
        if self.zoom is not None:
            return _("A close-up: Z, Esc or a click goes back to the table")
        ph = state.phase
        if ph == "take":
            if state.expert:
                return _("Pick a tile (key 1-7); click your other anthill to switch")
            return _("Pick a tile: click it or press its key (1-7); Z enlarges your anthill")
        if ph == "place":
            return _("Put the tile at an end: click a green slot or press Left / Right")
        if ph == "barracks":
            # i18n: {yes}, {no} the Y and N keys
            return _("Fill the new barracks from your army? ({yes} / {no})").format(yes=W.fill_key(), no=W.leave_key())
        if ph == "sentry":
            return _("Sentry: choose which barracks end up full (hover a choice)")
        if ph == "leader":
            return _("Tie for the largest army: choose who takes the Red army token")
        return ""

    def action_words(self, action, state):
        return W.action_words(action, state) or super().action_words(action, state)

    def guide(self, state, ctx) -> str:
        ph = state.phase
        if ph == "take":
            return _("Take a tile from the line of seven: the first is free, each one further costs a "
                     "soldier, left on the tiles you pass over (soldiers lying on the tile you take join your army). "
                     "Click it or press its key.")
        if ph == "place":
            return _("Add the tile at either end of your anthill's arc: galleries that join make longer "
                     "networks, and ants, fruits and the Queen score along them. Click a glowing slot.")
        if ph == "barracks":
            return _("This tile has a barracks: fill it now with soldiers from your army to score it "
                     "at the end, or keep the soldiers to pay for tiles.")
        if ph == "sentry":
            return _("Your Sentry lets you move soldiers between your barracks: choose how to refill them.")
        if ph == "leader":
            return _("Several anthills tie for the Red army token: as the leader you choose who gets it.")
        return self.hint(state, ctx)

    def event_spot(self, ev, state):
        ai = ev.get("anthill", ev.get("player"))
        if ev.get("type") in ("take", "place", "barracks", "nurse", "sergeant", "sentry", "architect") \
                and isinstance(ai, int) and 0 <= ai < len(self.panels):
            return self.panels[ai]
        return None

    def locate(self, action, state, player: int | None = None):
        """Where a legal move is on the table as drawn: a line tile, an Architect token, a green
        slot or a button (nothing while an anthill is shown up close)."""
        if self.zoom is not None:
            return None
        if isinstance(action, Take):
            return (self.arch_rects if action.architect else dict(enumerate(self.line_rects))).get(action.position)
        if isinstance(action, PlaceEnd) and player is not None and not self._placing(state, player):
            return self._placed_end(state, player, action.end)   # a past move: the tile it put down
        if isinstance(action, PlaceEnd) and action.end in self.ghosts:
            return self.ghosts[action.end]
        return next((b.rect for b in self.buttons if b.action == action), None)

    @staticmethod
    def _placing(state, player: int) -> bool:
        """Is ``player`` choosing an end for the tile they took just now?"""
        ai = state.active_anthill
        return (ai is not None and state.pending is not None and state.pending_slot is None
                and state.anthills[ai].owner == player)

    def _placed_end(self, state, player: int, end: str) -> pygame.Rect | None:
        """The tile at that end of ``player``'s arc (the one their last placement put down), or None
        (no tile yet, or two anthills: which one is not known)."""
        hills = state.anthills_of(player)
        if len(hills) != 1 or hills[0] >= len(self.panels):
            return None
        a = state.anthills[hills[0]]
        if a.count == 0:
            return None
        k = a.left % 10 if end == "left" else (a.left + a.count - 1) % 10
        cx, cy, r_out, _info = self._ring_geom(self.panels[hills[0]])
        poly = A.slot_polygon(cx, cy, r_out / 2.2, r_out, k)
        xs, ys = [p[0] for p in poly], [p[1] for p in poly]
        return pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)).inflate(-self.th.px(10), -self.th.px(10))

    # -- animation --------------------------------------------------------------------------------
    def on_events(self, events, state):
        self.zoom = None                    # a move was made: back to the table
        for ev in events:
            if ev["type"] == "take" and ev["position"] < len(self.line_rects):
                self.move = (ev["tile"], self.line_rects[ev["position"]].copy(), ev["anthill"], 0.0)

    def update(self, dt_ms):
        if self.move is None:
            return False
        tid, src, ai, t = self.move
        t += dt_ms
        self.move = None if t >= MOVE_MS else (tid, src, ai, t)
        return True

    # -- words -----------------------------------------------------------------------------------------
    def describe_event(self, ev, state):
        return W.describe_event(self.rules, ev, state)
