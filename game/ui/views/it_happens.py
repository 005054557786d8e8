"""The It Happens.. table: three mound cards, the rolled die, the players' panels."""
from __future__ import annotations

import math
import random

import pygame

from game.games.it_happens.state import Pass, Place, Reroll, Roll
from game.ui import theme as T
from game.ui.sprites import it_happens_art as A
from game.ui.views.base import GameView
from game.ui.widgets import Button, draw_panel

ROLL_MS = 380
AWARD_MS = 1100


class View(GameView):
    def __init__(self, rules, seats, theme):
        super().__init__(rules, seats, theme)
        self.comps = rules.comps
        self.cols: dict[tuple[int, int], pygame.Rect] = {}
        self.buttons: list[Button] = []
        self.roll_t = ROLL_MS
        self.pulse = 0.0
        self.latest = None
        self.awards: list[dict] = []     # award events being shown, one mound at a time
        self.award_t = 0.0
        self.award_view = None           # (mound ids, boards, die colours) of the round being scored
        self.hot: list[tuple[pygame.Rect, str]] = []
        self._rnd = random.Random(5)

    # -- layout --------------------------------------------------------------------
    def layout(self, rect):
        super().layout(rect)
        th = self.th
        m = th.px(14)
        self.m = m
        cards_h = int(rect.h * 0.55)
        cw = (rect.w - 4 * m) // 3
        self.card_rects = [pygame.Rect(rect.x + m + i * (cw + m), rect.y + m, cw, cards_h) for i in range(3)]
        self.mid = pygame.Rect(rect.x + m, rect.y + m * 2 + cards_h, rect.w - 2 * m, int(rect.h * 0.13))
        self.players = pygame.Rect(rect.x + m, self.mid.bottom + m, rect.w - 2 * m, rect.bottom - self.mid.bottom - 2 * m)

    # -- helpers ---------------------------------------------------------------------------
    def rgb_of(self, color: str):
        return T.PLAYER_COLORS.get(color, (200, 200, 200))

    def owner_rgb(self, state, seat):
        return self.rgb_of(state.colors[seat])

    def _cell(self, card: pygame.Rect, columns, col: int, space: int) -> pygame.Rect:
        pad = self.th.px(16)
        area = pygame.Rect(card.x + pad, card.y + self.th.px(78), card.w - 2 * pad, card.h - self.th.px(78) - self.th.px(52))
        colw = area.w / 5
        cs = int(min(colw * 0.84, area.h / 3.25))
        x = area.x + colw * col + (colw - cs) / 2
        y = area.bottom - (space + 1) * (cs + self.th.px(6))
        return pygame.Rect(int(x), int(y), cs, cs)

    def _column_rect(self, card, columns, col):
        top = self._cell(card, columns, col, len(columns[col]) - 1)
        bottom = self._cell(card, columns, col, 0)
        return top.union(bottom).inflate(self.th.px(10), self.th.px(10))

    # -- static card art (cached per mound and size) -----------------------------------------
    def _card_art(self, mound_id: str, size: tuple[int, int]) -> pygame.Surface:
        key = (mound_id, size)
        cache = self.__dict__.setdefault("_card_cache", {})
        if key in cache:
            return cache[key]
        th = self.th
        m = self.comps.mound_by_id[mound_id]
        surf = T.paper_card(size, th.px(18), fill=A.SAND, edge=(214, 180, 130), seed=int(mound_id[1:])).copy()
        card = pygame.Rect(0, 0, *size)
        A.mound_shape(surf, pygame.Rect(th.px(8), th.px(70), size[0] - th.px(16), size[1] - th.px(70) - th.px(44)))
        pygame.draw.rect(surf, (204, 160, 110), (th.px(8), size[1] - th.px(48), size[0] - th.px(16), th.px(40)),
                         border_radius=th.px(10))
        name = th.text(f"Mound {m.id[1:]}", "label", T.INK, bold=True)
        surf.blit(name, (th.px(16), th.px(14)))
        bs = th.px(46)
        x = size[0] - th.px(14) - bs
        for kind, value in (("general", m.general_vp), ("queen", m.queen_vp)):
            surf.blit(A.vp_tile(bs, value, kind), (x, th.px(12)))
            x -= bs + th.px(8)
        # worm number badge
        wb = pygame.Rect(0, 0, th.px(86), th.px(40))
        wb.topright = (x - th.px(6), th.px(15))
        pygame.draw.rect(surf, (255, 236, 238), wb, border_radius=wb.h // 2)
        pygame.draw.rect(surf, A.WORM_PINK, wb, th.px(2), border_radius=wb.h // 2)
        surf.blit(A.icon("worm", wb.h - th.px(6)), (wb.x + th.px(4), wb.y + th.px(3)))
        num = th.text(str(m.worm_number), "label", T.INK, bold=True)
        surf.blit(num, num.get_rect(midright=(wb.right - th.px(12), wb.centery)))
        for c, spaces in enumerate(m.columns):
            for k, kind in enumerate(spaces):
                cell = self._cell(card, m.columns, c, k)
                pygame.draw.rect(surf, (250, 238, 214), cell, border_radius=th.px(8))
                pygame.draw.rect(surf, A.TERRA_DARK, cell, th.px(2), border_radius=th.px(8))
                if kind != "plain":
                    ic = A.icon(kind, int(cell.w * 0.8))
                    surf.blit(ic, ic.get_rect(center=cell.center))
        cache[key] = surf
        return surf

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surf, state, ctx, mouse):
        th = self.th
        self.cols = {}
        self.hot = []
        showing = self.award_view is not None and self.awards
        mounds, board, dcols = (self.award_view if showing else (state.mounds, state.board, state.die_colors))
        legal_places = {(a.mound, a.column): a for a in ctx.legal if isinstance(a, Place)}
        for i, mid in enumerate(mounds):
            card = self.card_rects[i]
            sh = pygame.Surface((card.w + th.px(12), card.h + th.px(12)), pygame.SRCALPHA)
            pygame.draw.rect(sh, (0, 0, 0, 70), sh.get_rect(), border_radius=th.px(22))
            surf.blit(sh, (card.x - th.px(3), card.y + th.px(4)))
            surf.blit(self._card_art(mid, card.size), card.topleft)
            m = self.comps.mound_by_id[mid]
            local = pygame.Rect(0, 0, *card.size)
            for c, (owner, vals) in enumerate(board[i]):
                colr = self._column_rect(local, m.columns, c).move(card.topleft)
                self.cols[(i, c)] = colr
                if (i, c) in legal_places and not showing:
                    glow = 0.5 + 0.5 * math.sin(self.pulse / 160)
                    col = tuple(int(a + (b - a) * glow) for a, b in zip(T.LEGAL, T.HILITE))
                    pygame.draw.rect(surf, col, colr, th.px(5), border_radius=th.px(12))
                    if colr.collidepoint(mouse):
                        pygame.draw.rect(surf, (255, 255, 255), colr, th.px(2), border_radius=th.px(12))
                for k, v in enumerate(vals):
                    cell = self._cell(local, m.columns, c, k).move(card.topleft)
                    img = A.die(cell.w, v, self.rgb_of(dcols[i][c][k]))
                    surf.blit(img, img.get_rect(center=cell.center))
                    self.hot.append((cell, f"A {v} on {m.columns[c][k]}"))
                if owner is not None:
                    base = self._cell(local, m.columns, c, 0).move(card.topleft)
                    cx = base.centerx
                    y = card.bottom - th.px(28)
                    T.draw_symbol(surf, T.PLAYER_SYMBOLS.get(state.colors[owner], "circle"), (cx - th.px(14), y),
                                  th.px(10), self.owner_rgb(state, owner))
                    tot = th.text(str(sum(vals)), "label", T.INK, bold=True)
                    surf.blit(tot, tot.get_rect(midleft=(cx - th.px(1), y)))
            self.hot.append((card.inflate(0, 0).clip(pygame.Rect(card.x, card.y, card.w, th.px(64))),
                             f"Mound {mid[1:]}: highest total takes the Queen ({m.queen_vp} VP), second the General "
                             f"({m.general_vp} VP); a total of exactly {m.worm_number} earns a worm."))
            if showing and self.awards[0]["mound"] == mid:
                self._draw_award(surf, card, i, self.awards[0], state, board, m)
        self._draw_middle(surf, state, ctx)
        self._draw_players(surf, state, ctx)

    def _draw_award(self, surf, card, i, ev, state, board, m):
        th = self.th
        pygame.draw.rect(surf, T.HILITE, card.inflate(th.px(8), th.px(8)), th.px(5), border_radius=th.px(22))
        lines = []
        if ev["queen"] is not None:
            lines.append(("queen", ev["queen"], m.queen_vp))
        if ev["general"] is not None:
            lines.append(("general", ev["general"], m.general_vp))
        box = pygame.Rect(0, 0, card.w - th.px(40), th.px(56) * max(1, len(lines) + bool(ev["worms"])) + th.px(16))
        box.center = (card.centerx, card.y + card.h * 0.42)
        draw_panel(surf, box, th, fill=(255, 250, 236), alpha=240)
        y = box.y + th.px(10)
        for kind, p, vp in lines:
            surf.blit(A.vp_tile(th.px(46), vp, kind), (box.x + th.px(12), y))
            t = th.text(f"{state.seats[p].name}", "label", T.INK, bold=True)
            surf.blit(t, (box.x + th.px(70), y + th.px(10)))
            y += th.px(56)
        if ev["worms"]:
            surf.blit(A.icon("worm", th.px(46)), (box.x + th.px(12), y))
            t = th.text(", ".join(state.seats[p].name for p in ev["worms"]), "label", T.INK, bold=True)
            surf.blit(t, (box.x + th.px(70), y + th.px(10)))
        if not lines and not ev["worms"]:
            t = th.text("Nobody played here", "label", T.INK_SOFT)
            surf.blit(t, t.get_rect(center=box.center))

    def _draw_middle(self, surf, state, ctx):
        th = self.th
        r = self.mid
        draw_panel(surf, r, th, fill=(92, 60, 38), edge=(60, 38, 22), radius=14)
        if state.phase == "over":
            info = th.text("The game is over", "title", (250, 232, 196), bold=True)
        else:
            info = th.text(f"Round {state.round} of {self.comps.rounds}", "title", (250, 232, 196), bold=True)
        surf.blit(info, (r.x + th.px(20), r.centery - info.get_height() // 2 - th.px(10)))
        deck = th.text(f"{len(state.deck)} mounds face down", "small", (230, 210, 180))
        surf.blit(deck, (r.x + th.px(22), r.centery + th.px(14)))
        ant = A.anton(int(r.h * 0.9))
        surf.blit(ant, (r.right - ant.get_width() - th.px(10), r.bottom - ant.get_height() - th.px(2)))
        # the die in play
        x = r.x + int(r.w * 0.3)
        ds = int(r.h * 0.72)
        if state.current is not None and state.turn is not None:
            color, value = state.current
            shown, tilt = value, 0
            if self.roll_t < ROLL_MS:
                shown = self._rnd.randint(1, 6)
                tilt = int((1 - self.roll_t / ROLL_MS) * 40 * math.sin(self.roll_t / 30))
            img = A.die(ds, shown, self.rgb_of(color), tilt)
            surf.blit(img, img.get_rect(midleft=(x, r.centery)))
            label = th.text(f"{state.seats[state.turn].name} rolled", "small", (230, 210, 180))
            surf.blit(label, (x + ds + th.px(18), r.y + th.px(10)))
            x += ds + th.px(18)
        # buttons for the human's choices
        self.buttons = []
        for a in ctx.legal:
            if isinstance(a, Roll):
                neutral = state.neutral is not None and a.color == state.colors[state.neutral]
                label = f"Roll {a.color}" + (f" ({state.seats[state.neutral].name})" if neutral else "")
                if len([b for b in ctx.legal if isinstance(b, Roll)]) == 1 and not neutral:
                    label = "Roll"
                self.buttons.append(Button(label, a, key=pygame.K_SPACE, style="primary"))
            elif isinstance(a, Reroll):
                self.buttons.append(Button("Reroll - 1 worm", a, key=pygame.K_r))
            elif isinstance(a, Pass):
                self.buttons.append(Button("Pass - 1 worm", a, key=pygame.K_p))
        bx = x if state.current is not None else r.x + int(r.w * 0.3)
        bh = th.px(54)
        by = r.centery - bh // 2 + (th.px(12) if state.current is not None else 0)
        for b in self.buttons:
            w = max(th.px(150), th.text(b.label, "label", T.INK, bold=True).get_width() + th.px(36))
            b.rect = pygame.Rect(bx, by, w, bh)
            b.hover = b.rect.collidepoint(pygame.mouse.get_pos()) if pygame.display.get_init() else False
            b.draw(surf, th)
            bx += w + th.px(12)

    def _draw_players(self, surf, state, ctx):
        th = self.th
        n = len(state.seats)
        gap = th.px(12)
        pw = (self.players.w - gap * (n - 1)) // n
        for p in range(n):
            r = pygame.Rect(self.players.x + p * (pw + gap), self.players.y, pw, self.players.h)
            turn = state.turn == p and state.phase != "over"
            draw_panel(surf, r, th, fill=(250, 242, 224) if not turn else (255, 246, 210),
                       edge=T.HILITE if turn else T.PAPER_DARK, radius=14)
            if turn:
                pygame.draw.rect(surf, T.HILITE, r, th.px(4), border_radius=th.px(14))
            seat = state.seats[p]
            rgb = self.owner_rgb(state, p)
            pad = th.px(12)
            y = r.y + pad
            T.draw_symbol(surf, T.PLAYER_SYMBOLS.get(state.colors[p], "circle"), (r.x + pad + th.px(14), y + th.px(14)),
                          th.px(14), rgb)
            name = th.text(seat.name, "label", T.INK, bold=True)
            surf.blit(name, (r.x + pad + th.px(36), y))
            kind = {"human": "", "imaginary": "imaginary"}.get(seat.kind, f"{seat.kind} AI")
            if p in state.skipped and state.phase != "over":
                kind = (kind + " - can't place").strip(" -")
            if kind:
                k = th.text(kind, "tiny", T.INK_SOFT)
                surf.blit(k, (r.x + pad + th.px(36), y + name.get_height()))
            y += th.px(54)
            # dice in hand
            x = r.x + pad
            ds = th.px(30)
            for color, cnt in state.hand[p].items():
                for _ in range(cnt):
                    img = A.die(ds, 1 if color != state.colors[p] else 6, self.rgb_of(color))
                    surf.blit(img, (x, y))
                    x += ds + th.px(1)
                x += th.px(8)
            self.hot.append((pygame.Rect(r.x + pad, y, max(1, x - r.x - pad), ds), f"Dice {seat.name} still holds this round"))
            # worms
            wx = r.right - pad - th.px(74)
            surf.blit(A.icon("worm", th.px(34)), (wx, y - th.px(4)))
            wt = th.text(f"x{state.worms[p]}", "label", T.INK, bold=True)
            surf.blit(wt, (wx + th.px(36), y - th.px(2)))
            self.hot.append((pygame.Rect(wx, y - th.px(4), th.px(74), th.px(34)),
                             f"{state.worms[p]} worm(s): 1 VP each at the end; spend one to reroll or pass"))
            y += th.px(40)
            # items
            isz = th.px(40)
            x = r.x + pad
            for k, cnt in enumerate(state.items[p]):
                if not cnt:
                    continue
                if x + isz + th.px(26) > r.right - pad:
                    x = r.x + pad
                    y += isz + th.px(4)
                name_k = self.comps.item_types[k]
                box = pygame.Rect(x, y, isz, isz)
                pygame.draw.rect(surf, (255, 250, 238) if cnt < 2 else (214, 238, 200), box, border_radius=th.px(6))
                surf.blit(A.icon(name_k, isz), box)
                ct = th.text(str(cnt), "small", T.INK, bold=True)
                surf.blit(ct, (box.right + th.px(2), box.bottom - ct.get_height()))
                self.hot.append((box, f"{name_k}: {cnt} (two or more of a kind score 5 VP)"))
                x += isz + th.px(26)
            y += isz + th.px(8)
            # VP tiles
            vs = th.px(34)
            x = r.x + pad
            face_up = ctx.reveal_all or ctx.viewer == p
            tiles = [("queen", v) for v in state.queens[p]] + [("general", v) for v in state.generals[p]]
            for kind_, v in tiles:
                if x + vs > r.right - pad:
                    x = r.x + pad
                    y += vs + th.px(4)
                    if y + vs > r.bottom - pad:
                        break
                surf.blit(A.vp_tile(vs, v, kind_, face_up), (x, y))
                x += vs + th.px(4)
            if tiles:
                tip = (f"Queens {list(state.queens[p])}, Generals {list(state.generals[p])}" if face_up
                       else f"{len(tiles)} victory point tiles, face down")
                self.hot.append((pygame.Rect(r.x + pad, y, r.w - 2 * pad, vs), tip))

    # -- input -----------------------------------------------------------------------------------
    def click(self, pos, state, ctx):
        if self.awards:
            return None
        for b in self.buttons:
            if b.rect.collidepoint(pos) and b.action in ctx.legal:
                return b.action
        for (i, c), r in self.cols.items():
            if r.collidepoint(pos):
                a = Place(i, c)
                if a in ctx.legal:
                    return a
        return None

    def key(self, key, state, ctx):
        if self.awards:
            return None
        rolls = [a for a in ctx.legal if isinstance(a, Roll)]
        if key == pygame.K_SPACE and rolls:
            return rolls[0]
        if key in (pygame.K_1, pygame.K_2, pygame.K_3):
            places = [a for a in ctx.legal if isinstance(a, Place) and a.mound == key - pygame.K_1]
            if places:
                return places[0]
            if len(rolls) > key - pygame.K_1:
                return rolls[key - pygame.K_1]
        if key == pygame.K_r and Reroll() in ctx.legal:
            return Reroll()
        if key == pygame.K_p and Pass() in ctx.legal:
            return Pass()
        return None

    def hover(self, pos, state, ctx):
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                if isinstance(b.action, Reroll):
                    return "Give back one worm and roll this die again (R)."
                if isinstance(b.action, Pass):
                    return "Give back one worm, keep the die and end your turn (P)."
                return "Roll a die (Space)."
        for (i, c), r in self.cols.items():
            if r.collidepoint(pos) and Place(i, c) in ctx.legal:
                m = state.mound(i)
                owner, vals = state.board[i][c]
                nxt = m.columns[c][len(vals)]
                gain = "" if nxt == "plain" else f" and take the {nxt}"
                return f"Place here (key {i + 1}){gain}."
        for r, text in reversed(self.hot):
            if r.collidepoint(pos):
                return text
        return None

    def hint(self, state, ctx):
        if any(isinstance(a, Roll) for a in ctx.legal):
            return "Roll a die: Space" if len([a for a in ctx.legal if isinstance(a, Roll)]) == 1 \
                else "Choose which colour to roll"
        if state.current is not None:
            extra = "; R rerolls, P passes" if Reroll() in ctx.legal else ""
            return f"Place your {state.current[1]} on a glowing column{extra}"
        return ""

    # -- animation -------------------------------------------------------------------------------
    def on_events(self, events, state):
        before = self.latest
        self.latest = state
        for k, ev in enumerate(events):
            if ev["type"] in ("roll", "reroll"):
                self.roll_t = 0.0
            if ev["type"] == "award" and before is not None and not self.awards:
                self.award_view = self._round_board(before, events[:k])
        awards = [ev for ev in events if ev["type"] == "award"]
        if awards and self.award_view is not None:
            self.awards = awards
            self.award_t = 0.0

    def _round_board(self, before, events):
        """The finished round's mounds with every die, the last ones included."""
        board = [[(o, list(v)) for o, v in cols] for cols in before.board]
        dcols = [[list(c) for c in cols] for cols in before.die_colors]
        for ev in events:
            if ev["type"] == "place" and ev["mound"] in before.mounds:
                i = before.mounds.index(ev["mound"])
                owner = ev.get("owner", ev["player"])
                board[i][ev["column"]] = (owner, board[i][ev["column"]][1] + [ev["value"]])
                dcols[i][ev["column"]].append(ev["color"])
        return (before.mounds, tuple(tuple((o, tuple(v)) for o, v in cols) for cols in board),
                tuple(tuple(tuple(c) for c in cols) for cols in dcols))

    def update(self, dt_ms):
        moving = False
        if self.roll_t < ROLL_MS:
            self.roll_t += dt_ms
            moving = True
        if self.awards:
            self.award_t += dt_ms
            if self.award_t >= AWARD_MS:
                self.awards.pop(0)
                self.award_t = 0.0
                if not self.awards:
                    self.award_view = None
            moving = True
        # legal targets pulse while a human decides (cheap: redraw at most every frame)
        self.pulse += dt_ms
        return moving

    # -- words -----------------------------------------------------------------------------------
    def describe_event(self, ev, state):
        seats = state.seats
        name = lambda p: seats[p].name if p is not None else "nobody"  # noqa: E731
        t = ev["type"]
        if t == "round":
            return f"Round {ev['round']}: mounds {', '.join(m[1:] for m in ev['mounds'])} are revealed; {name(ev['start_player'])} starts."
        if t == "roll":
            return f"{name(ev['player'])} rolls a {ev['value']} ({ev['color']})."
        if t == "reroll":
            return f"{name(ev['player'])} pays a worm and rerolls: {ev['value']}."
        if t == "pass":
            return f"{name(ev['player'])} pays a worm and passes."
        if t == "skip":
            return f"{name(ev['player'])} cannot place any more dice this round."
        if t == "place":
            owner = ev.get("owner")
            whose = f" for {name(owner)}" if owner is not None else ""
            gain = ev.get("gain")
            found = "" if not gain else (" and digs up a worm" if gain == "worm" else f" and finds a {gain}")
            return f"{name(ev['player'])} places {ev['value']}{whose} on mound {ev['mound'][1:]}, column {ev['column'] + 1}{found}."
        if t == "award":
            parts = []
            if ev["queen"] is not None:
                parts.append(f"Queen to {name(ev['queen'])}")
            if ev["general"] is not None:
                parts.append(f"General to {name(ev['general'])}")
            if ev["worms"]:
                parts.append("a worm for " + ", ".join(name(p) for p in ev["worms"]))
            return f"Mound {ev['mound'][1:]}: " + ("; ".join(parts) if parts else "nobody played here") + "."
        return None
