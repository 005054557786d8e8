"""The Micropolis table: the line of 7 on top, every anthill as a ring round its Foundation."""
from __future__ import annotations

import math

import pygame

from game.games.micropolis import scoring
from game.games.micropolis.state import ChooseLeader, FillBarracks, PlaceEnd, Sentry, Take
from game.ui import theme as T
from game.ui.sprites import micropolis_art as A
from game.ui.views.base import GameView
from game.ui.widgets import Button, draw_panel

MOVE_MS = 350
LINE_LABELS = {"population": "Ants", "colony": "Colony", "harvest": "Harvest", "royal": "Royal",
               "red_army": "Red army", "barracks": "Barracks"}


class View(GameView):
    def __init__(self, rules, seats, theme):
        super().__init__(rules, seats, theme)
        self.line_rects: list[pygame.Rect] = []
        self.arch_rects: dict[int, pygame.Rect] = {}
        self.ghosts: dict[str, pygame.Rect] = {}
        self.buttons: list[Button] = []
        self.panels: list[pygame.Rect] = []
        self.target: int | None = None      # expert mode: the anthill that receives the pick
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
        line_h = int(r.h * 0.25)
        n = len(state.line)
        cw = min(th.px(190), (r.w - 2 * m - (n - 1) * m) // n)
        x0 = r.x + (r.w - (cw * n + m * (n - 1))) // 2
        self.line_rects = [pygame.Rect(x0 + i * (cw + m), r.y + m, cw, line_h - m) for i in range(n)]
        self.bar = pygame.Rect(r.x + m, r.y + line_h + m, r.w - 2 * m, th.px(62))
        area = pygame.Rect(r.x + m, self.bar.bottom + m, r.w - 2 * m, r.bottom - self.bar.bottom - 2 * m)
        k = len(state.anthills)
        cols = k if k <= 3 else 3
        rows = math.ceil(k / cols)
        pw = (area.w - (cols - 1) * m) // cols
        ph = (area.h - (rows - 1) * m) // rows
        self.panels = [pygame.Rect(area.x + (i % cols) * (pw + m), area.y + (i // cols) * (ph + m), pw, ph) for i in range(k)]

    def _ring_geom(self, panel):
        th = self.th
        info_w = max(th.px(190), int(panel.w * 0.34))
        room = pygame.Rect(panel.x + th.px(8), panel.y + th.px(8), panel.w - info_w - th.px(16), panel.h - th.px(16))
        r_out = min(room.w, room.h) / 2 * 0.97
        return room.centerx, room.centery, r_out / 2.2, r_out, info_w

    # -- cached art --------------------------------------------------------------------------------
    def _tints(self, slots, tiles):
        tints = {}
        gals = sorted(scoring.galleries(slots, tiles), key=lambda g: -g.ants)
        for gi, g in enumerate(gals):
            col = A.GALLERY_TINTS[gi % len(A.GALLERY_TINTS)] if (g.span > 1 or g.ants >= 3) else (190, 150, 96)
            for slot, seg in g.members:
                tints.setdefault(slot, {})[seg] = col
        return tints, gals

    def _ring(self, state, ai, panel):
        a = state.anthills[ai]
        cx, cy, r_in, r_out, _ = self._ring_geom(panel)
        key = (ai, a.slots, a.army, a.full, panel.size)
        if key in self._rings:
            return self._rings[key]
        size = (int(r_out * 2) + 4, int(r_out * 2) + 4)
        surf = pygame.Surface(size, pygame.SRCALPHA)
        lcx, lcy = size[0] / 2, size[1] / 2
        pygame.draw.circle(surf, (66, 44, 28, 120), (lcx, lcy), r_out + 1)
        for k in range(10):
            pygame.draw.polygon(surf, (84, 58, 38), A.slot_polygon(lcx, lcy, r_in, r_out, k), 1)
        tints, _ = self._tints(a.slots, state.tiles)
        for k, tid in enumerate(a.slots):
            if tid is not None:
                A.draw_tile(surf, state.tiles[tid], lcx, lcy, r_in, r_out, k, tints.get(k))
                if tid in a.full:
                    A.draw_barracks_soldiers(surf, state.tiles[tid], lcx, lcy, r_in, r_out, k)
        A.draw_foundation(surf, lcx, lcy, r_in * 0.97, a.army)
        if len(self._rings) > 64:
            self._rings.clear()
        self._rings[key] = surf
        return surf

    def _card(self, state, tid, size):
        key = (tid, size)
        if key in self._cards:
            return self._cards[key]
        w, h = size
        surf = T.paper_card(size, self.th.px(12), fill=(214, 178, 130), edge=(150, 108, 70), seed=int(tid[1:])).copy()
        r_out = min(w * 0.92 / (2 * math.sin(math.radians(18))), (h - self.th.px(34)) / 0.6)
        r_in = r_out / 2.2
        cx, cy = w / 2, self.th.px(8) + r_out
        A.draw_tile(surf, state.tiles[tid], cx, cy, r_in, r_out, 0)
        label = self.th.text(tid, "tiny", T.INK, bold=True)
        surf.blit(label, (self.th.px(8), h - label.get_height() - self.th.px(6)))
        self._cards[key] = surf
        return surf

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surf, state, ctx, mouse):
        th = self.th
        self._geometry(state)
        self.hot = []
        takes = [a for a in ctx.legal if isinstance(a, Take)]
        if takes and (self.target is None or all(a.anthill != self.target for a in takes)):
            self.target = takes[0].anthill
        self._draw_line(surf, state, ctx, takes, mouse)
        for ai in range(len(state.anthills)):
            self._draw_anthill(surf, state, ctx, ai, mouse)
        self._draw_bar(surf, state, ctx)
        if self.move is not None:
            tid, src, ai, t = self.move
            k = min(1.0, t / MOVE_MS)
            e = 1 - (1 - k) ** 3
            dst = self.panels[ai].center if ai < len(self.panels) else src.center
            pos = (src.centerx + (dst[0] - src.centerx) * e, src.centery + (dst[1] - src.centery) * e)
            img = self._card(state, tid, src.size)
            img = pygame.transform.rotozoom(img, 0, 1 - 0.4 * e)
            surf.blit(img, img.get_rect(center=pos))

    def _draw_line(self, surf, state, ctx, takes, mouse):
        th = self.th
        free_cost = 0
        self.arch_rects = {}
        for pos, tid in enumerate(state.line):
            r = self.line_rects[pos]
            if tid is None:
                pygame.draw.rect(surf, (70, 48, 30), r, th.px(2), border_radius=th.px(12))
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
            # cost badge and soldiers lying on it
            cost = free_cost
            badge = pygame.Rect(0, 0, th.px(44), th.px(30))
            badge.topright = (rr.right - th.px(6), rr.y + th.px(6))
            pygame.draw.rect(surf, (250, 240, 220) if cost == 0 else (240, 200, 190), badge, border_radius=badge.h // 2)
            pygame.draw.rect(surf, T.INK, badge, 1, border_radius=badge.h // 2)
            txt = th.text("free" if cost == 0 else f"-{cost}", "tiny", T.INK, bold=True)
            surf.blit(txt, txt.get_rect(center=badge.center))
            lying = state.line_soldiers[pos]
            for k in range(min(lying, 6)):
                A.soldier(surf, (rr.x + th.px(16) + k * th.px(14), rr.bottom - th.px(40)), th.px(26), lying=True)
            if lying:
                lt = th.text(f"+{lying}", "small", (255, 230, 200), bold=True)
                surf.blit(lt, (rr.x + th.px(10), rr.bottom - th.px(70)))
            if any(a.position == pos and a.architect and a.anthill == self.target for a in takes):
                ar = pygame.Rect(0, 0, th.px(34), th.px(34))
                ar.topleft = (rr.x + th.px(6), rr.y + th.px(6))
                surf.blit(A.architect_token(ar.w), ar)
                pygame.draw.circle(surf, T.LEGAL, ar.center, ar.w // 2 + th.px(2), th.px(3))
                self.arch_rects[pos] = ar
                self.hot.append((ar, "Spend an Architect token: take this tile for free"))
            self.hot.append((rr, self._tile_text(state, tid, cost, lying)))
            free_cost += 1

    def _tile_text(self, state, tid, cost=None, lying=0):
        t = state.tiles[tid]
        parts = [f"{tid}: {t.ants} ant(s)"]
        if t.specialist:
            parts.append(t.specialist + (f" ({t.eggs} eggs)" if t.specialist == "nurse" else ""))
        if t.fruits:
            parts.append("fruit: " + ", ".join(t.fruits))
        if t.barracks:
            parts.append(f"barracks for {t.barracks}")
        if cost is not None:
            parts.append("free to take" if cost == 0 else f"costs {cost} soldier(s)")
        if lying:
            parts.append(f"{lying} soldier(s) lying on it join your army")
        return "; ".join(parts) + "."

    def _draw_anthill(self, surf, state, ctx, ai, mouse):
        th = self.th
        a = state.anthills[ai]
        panel = self.panels[ai]
        active = state.active_anthill == ai or (state.phase == "take" and ctx.to_move == a.owner)
        draw_panel(surf, panel, th, fill=(92, 64, 42), edge=T.HILITE if active else (60, 40, 24), radius=14)
        if active:
            pygame.draw.rect(surf, T.HILITE, panel, th.px(3), border_radius=th.px(14))
        if state.expert and self.target == ai and any(isinstance(x, Take) for x in ctx.legal):
            pygame.draw.rect(surf, T.LEGAL, panel, th.px(5), border_radius=th.px(14))
        cx, cy, r_in, r_out, info_w = self._ring_geom(panel)
        ring = self._ring(state, ai, panel)
        surf.blit(ring, ring.get_rect(center=(cx, cy)))
        # ghost slots where the pending tile may go
        self.ghosts = self.ghosts if ai != state.active_anthill else {}
        if ai == state.active_anthill:
            for act in ctx.legal:
                if isinstance(act, PlaceEnd):
                    slot = self._end_slot(a, act.end)
                    poly = A.slot_polygon(cx, cy, r_in, r_out, slot)
                    pygame.draw.polygon(surf, T.LEGAL, poly, th.px(4))
                    xs = [p[0] for p in poly]
                    ys = [p[1] for p in poly]
                    self.ghosts[act.end] = pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
            if state.pending is not None and state.pending_slot is None:
                img = self._card(state, state.pending, (th.px(120), th.px(110)))
                surf.blit(img, img.get_rect(center=(cx, cy)))
        # info column
        x = panel.right - info_w
        y = panel.y + th.px(12)
        seat = state.seats[a.owner]
        rgb = T.PLAYER_COLORS.get(seat.color, (200, 200, 200))
        T.draw_symbol(surf, T.PLAYER_SYMBOLS.get(seat.color, "circle"), (x + th.px(12), y + th.px(14)), th.px(12), rgb)
        label = seat.name + (f" ({ai % 2 + 1})" if state.expert else "")
        surf.blit(th.text(label, "label", (250, 236, 206), bold=True), (x + th.px(30), y))
        y += th.px(34)
        if state.leader == ai:
            surf.blit(A.red_army_token(th.px(30)), (x, y))
        tokens = state.architects[a.owner]          # R28: the player's, shown once per player
        shown = tokens if (not state.expert or ai % 2 == 0) else 0
        for k in range(shown):
            surf.blit(A.architect_token(th.px(30)), (x + th.px(34) * (k + 1), y))
        army = th.text(f"army {a.army}", "small", (250, 220, 200), bold=True)
        surf.blit(army, (x + th.px(34) * (shown + 1) + th.px(4), y + th.px(6)))
        words = "an Architect token" if tokens == 1 else f"{tokens} Architect tokens"
        self.hot.append((pygame.Rect(x, y, info_w, th.px(30)),
                         f"Army {a.army} soldiers" + ("; holds the Red army token" if state.leader == ai else "")
                         + (f"; {seat.name} has {words}" + (" (usable by either anthill)" if state.expert else "")
                            if tokens else "")))
        y += th.px(40)
        lines = scoring.anthill_breakdown(state, ai)
        total = sum(lines.values())
        for key, label in LINE_LABELS.items():
            if y + th.px(24) > panel.bottom - th.px(30):
                break
            surf.blit(th.text(label, "small", (230, 210, 180)), (x, y))
            v = th.text(str(lines[key]), "small", (250, 236, 206), bold=True)
            surf.blit(v, (panel.right - th.px(14) - v.get_width(), y))
            y += th.px(24)
        tt = th.text(f"Total {total}", "label", T.HILITE, bold=True)
        surf.blit(tt, (x, min(y + th.px(4), panel.bottom - th.px(34))))
        self.hot.append((pygame.Rect(x, panel.y + th.px(80), info_w, panel.h - th.px(80)),
                         "Score so far: ants 1 each, Colony 5 for the largest gallery, Harvest by different fruits "
                         "per gallery, Royal = span of a gallery with exactly one queen, Red army 5, full barracks."))
        # tile tooltips on the ring
        for k, tid in enumerate(a.slots):
            if tid is not None:
                poly = A.slot_polygon(cx, cy, r_in, r_out, k)
                xs = [p[0] for p in poly]
                ys = [p[1] for p in poly]
                box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)).inflate(-th.px(10), -th.px(10))
                full = " Barracks full." if tid in a.full else ""
                self.hot.append((box, self._tile_text(state, tid) + full))

    def _end_slot(self, a, end):
        if a.count == 0:
            return 0
        return (a.left - 1) % 10 if end == "left" else (a.left + a.count) % 10

    def _draw_bar(self, surf, state, ctx):
        th = self.th
        r = self.bar
        draw_panel(surf, r, th, fill=(60, 40, 26), edge=(40, 26, 16), radius=12)
        text = f"Round {min(state.round, state.last_round)} of {state.last_round}   -   {len(state.pile)} tiles in the pile   -   reserve {state.reserve} soldiers"
        surf.blit(th.text(text, "small", (236, 220, 190)), (r.x + th.px(16), r.centery - th.px(10)))
        self.buttons = []
        for act in ctx.legal:
            if isinstance(act, PlaceEnd):
                self.buttons.append(Button(("Left end" if act.end == "left" else "Right end") if len(ctx.legal) > 1 else "Place it",
                                           act, key=pygame.K_LEFT if act.end == "left" else pygame.K_RIGHT, style="primary"))
            elif isinstance(act, FillBarracks):
                self.buttons.append(Button("Fill barracks" if act.fill else "Leave empty", act,
                                           key=pygame.K_y if act.fill else pygame.K_n, style="primary" if act.fill else "normal"))
            elif isinstance(act, Sentry):
                label = "Sentry: " + (", ".join(sorted(act.full)) + " full" if act.full else "all empty")
                self.buttons.append(Button(label, act))
            elif isinstance(act, ChooseLeader):
                owner = state.anthills[act.anthill].owner
                self.buttons.append(Button(f"Token to {state.seats[owner].name}" + (f" ({act.anthill % 2 + 1})" if state.expert else ""), act))
        x = r.right - th.px(10)
        for b in reversed(self.buttons):
            w = max(th.px(150), th.text(b.label, "label", T.INK, bold=True).get_width() + th.px(30))
            x -= w
            b.rect = pygame.Rect(x, r.y + th.px(8), w, r.h - th.px(16))
            x -= th.px(10)
        for b in self.buttons:
            b.draw(surf, th)

    # -- input -------------------------------------------------------------------------------------
    def click(self, pos, state, ctx):
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
        if pygame.K_1 <= key <= pygame.K_7:
            a = Take(key - pygame.K_1, False, self.target if self.target is not None else 0)
            return a if a in ctx.legal else None
        for b in self.buttons:
            if b.key == key and b.action in ctx.legal:
                return b.action
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN) and len([a for a in ctx.legal if isinstance(a, PlaceEnd)]) == 1:
            return next(a for a in ctx.legal if isinstance(a, PlaceEnd))
        return None

    def hover(self, pos, state, ctx):
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                return b.action.describe(state.seats).capitalize()
        for r, text in reversed(self.hot):
            if r.collidepoint(pos):
                return text
        return None

    def hint(self, state, ctx):
        ph = state.phase
        if ph == "take":
            if state.expert:
                return "Pick a tile (1-7); click an anthill of yours to switch"
            return "Pick a tile from the line: keys 1-7"
        if ph == "place":
            return "Put the tile at the left or right end (arrows)"
        if ph == "barracks":
            return "Fill the new barracks from your army? (Y / N)"
        if ph == "sentry":
            return "Sentry: choose which barracks end up full"
        if ph == "leader":
            return "Tie for the largest army: choose who takes the Red army token"
        return ""

    # -- animation --------------------------------------------------------------------------------
    def on_events(self, events, state):
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
        seats = state.seats
        name = lambda p: seats[p].name if p is not None and 0 <= p < len(seats) else "?"  # noqa: E731
        t = ev["type"]
        who = name(ev.get("player"))
        hill = (f" (anthill {ev['anthill'] % 2 + 1})" if state.expert and "anthill" in ev else "")
        if t == "draw":
            return None  # the line itself shows what came in
        if t == "round":
            return f"Round {ev['round']}: {name(ev['player'])} starts."
        if t == "refill":
            return "The line slides up and is refilled from the pile (the leader starts the next round)."
        if t == "take":
            how = " with an Architect token" if ev.get("architect") else (f", paying {ev['paid']} soldier(s)" if ev.get("paid") else "")
            found = f" and collects {ev['found']} soldier(s)" if ev.get("found") else ""
            return f"{who} takes {ev['tile']} from position {ev['position'] + 1}{how}{found}{hill}."
        if t == "place":
            return f"{who} builds {ev['tile']} at the {ev['end']} end{hill}."
        if t == "barracks":
            return f"{who} {'fills' if ev['fill'] else 'leaves empty'} the barracks of {ev['tile']}."
        if t == "sentry":
            full = ", ".join(ev.get("full") or []) or "none"
            return f"{who}'s Sentry rearranges the barracks (full: {full})."
        if t == "choose_leader":
            return f"{who} hands the Red army token to {name(ev.get('to'))}."
        if t == "leader":
            return f"The Red army token goes to {name(ev['player'])}."
        if t == "nurse":
            return f"{who}'s Nurse hatches {ev['gained']} soldier(s) from {ev['eggs']} egg(s)."
        if t == "architect":
            return f"{who} takes an Architect token." if ev.get("gained") else f"{who}'s Architect finds no token left."
        if t == "sergeant":
            lost = "loses a soldier" if ev.get("lost") else "has none to lose"
            return f"{who}'s Recruiting Sergeant: the leader {lost}; {who} gains {ev.get('gained', 0)}."
        if t == "game_over":
            return "Every anthill is complete: the game is over."
        return None
