"""The It Happens.. table: three mound cards, the rolled die, the players' panels."""
from __future__ import annotations

import math
import random

import pygame

from game.core.i18n import _, format_list, ngettext, pgettext
from game.games.it_happens.data import PLAIN, WORM
from game.games.it_happens.state import Pass, Place, Reroll, Roll
from game.ui import theme as T
from game.ui.tables.it_happens import art as A
from game.ui.tables.it_happens import words as W
from game.ui.tables.it_happens.words import item_name, item_words, mound_number, seat_name, worms_left  # noqa: F401
from game.ui.views.base import GameView
from game.ui.widgets import Button, draw_panel

ROLL_MS = 380
AWARD_MS = 1100
MIN_TEXT_PX = 14                      # no line of text is drawn smaller than this
TEXT_LADDER = ("tiny", "small", "body", "label", "title")
MOUND_KEYS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2}
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


def space_key() -> str:
    # i18n: the space bar's name on a key cap and in hints
    return pgettext("key", "Space")


def reroll_key() -> str:
    # i18n: the letter of the keyboard key that rerolls (the R key: keep R unless your keyboards label it otherwise)
    return pgettext("key", "R")


def pass_key() -> str:
    # i18n: the letter of the keyboard key that passes (the P key)
    return pgettext("key", "P")


def seat_kind_words(kind: str) -> str:
    """A seat's kind under its name: "" for a human, "imaginary", "medium AI"."""
    return {"human": lambda: "",
            # i18n: under the name of the imaginary player of a two-player game
            "imaginary": lambda: pgettext("seat", "imaginary"),
            "easy": lambda: pgettext("seat", "easy AI"),
            "medium": lambda: pgettext("seat", "medium AI"),
            "hard": lambda: pgettext("seat", "hard AI"),
            "random": lambda: pgettext("seat", "random AI")}.get(kind, lambda: kind)()


def cap_first(text: str) -> str:
    """The text with its first letter made upper case (a word that starts a sentence)."""
    return text[:1].upper() + text[1:]


class KeyButton(Button):
    """A button with its keyboard key drawn as a key cap at its right end."""

    def __init__(self, label, action, cap: str, style="normal"):
        super().__init__(label, action, style=style)
        self.cap = cap
        self.font = "label"         # a size down ("body", "small") when the row of buttons has no room
        self.short = label          # the label when even the smallest font has no room

    def width(self, th) -> int:
        return th.text(self.label, self.font, T.INK, bold=True).get_width() + self.cap_w(th) + th.px(48)

    def cap_w(self, th) -> int:
        return max(th.px(34), th.text(self.cap, "body", T.INK, bold=True).get_width() + th.px(14))

    def draw(self, surf, th):
        label, self.label = self.label, ""      # the base draws the body; the label goes left of the cap
        super().draw(surf, th)
        self.label = label
        r = self.rect
        ink = T.contrast_ink((214, 140, 52) if self.style == "primary" else T.PAPER)
        txt = th.text(label, self.font, ink, bold=True)
        surf.blit(txt, txt.get_rect(midleft=(r.x + th.px(18), r.centery)))
        cap = A.keycap(self.cap_w(th), th.px(34), True)
        cr = cap.get_rect(midright=(r.right - th.px(12), r.centery))
        surf.blit(cap, cr)
        k = th.text(self.cap, "body", T.INK, bold=True)
        surf.blit(k, k.get_rect(center=(cr.centerx, cr.centery - th.px(2))))


class View(GameView):
    event_sounds = {"roll": "dice", "reroll": "dice", "place": "tile", "award": "tick", "game_over": "fanfare"}

    def sound_for(self, ev: dict) -> str | None:
        """A die that wins a worm sounds like the worm."""
        if ev.get("type") == "place" and ev.get("gain") == "worm":
            return "worm"
        return super().sound_for(ev)

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
        self.final_view = None           # the last round's table, kept in sight once the game is over
        self.hot: list[tuple[pygame.Rect, str]] = []
        self.confirm_placements = False  # a click only selects a column; a second click or Enter places
        self.pending: Place | None = None
        self.pending_state = None        # the state the pending selection was made in
        self._rnd = random.Random(5)

    # -- layout --------------------------------------------------------------------
    def layout(self, rect):
        super().layout(rect)
        self.cancel_pending()
        th = self.th
        m = th.px(14)
        self.m = m
        cards_h = int(rect.h * 0.55)
        cw = (rect.w - 4 * m) // 3
        self.card_rects = [pygame.Rect(rect.x + m + i * (cw + m), rect.y + m, cw, cards_h) for i in range(3)]
        self.mid = pygame.Rect(rect.x + m, rect.y + m * 2 + cards_h, rect.w - 2 * m, int(rect.h * 0.13))
        self.players = pygame.Rect(rect.x + m, self.mid.bottom + m, rect.w - 2 * m, rect.bottom - self.mid.bottom - 2 * m)
        for mound in self.comps.mounds:   # every card painted now, not on the frame a round opens
            self._card_art(mound.id, self.card_rects[0].size)

    # -- helpers ---------------------------------------------------------------------------
    def rgb_of(self, color: str):
        return T.PLAYER_COLORS.get(color, (200, 200, 200))

    def owner_rgb(self, state, seat):
        return self.rgb_of(state.colors[seat])

    def text(self, s: str, name: str = "body", color=T.INK, bold: bool = False) -> pygame.Surface:
        """Theme text, taken a size up while it would be smaller than MIN_TEXT_PX."""
        i = TEXT_LADDER.index(name)
        while i < len(TEXT_LADDER) - 1 and self.th.font(TEXT_LADDER[i]).get_height() < MIN_TEXT_PX:
            i += 1
        return self.th.text(s, TEXT_LADDER[i], color, bold)

    def _cell(self, card: pygame.Rect, col: int, space: int) -> pygame.Rect:
        pad = self.th.px(16)
        area = pygame.Rect(card.x + pad, card.y + self.th.px(78), card.w - 2 * pad, card.h - self.th.px(78) - self.th.px(52))
        colw = area.w / 5
        cs = int(min(colw * 0.84, area.h / 3.6))
        x = area.x + colw * col + (colw - cs) / 2
        y = area.bottom - (space + 1) * (cs + self.th.px(6))
        return pygame.Rect(int(x), int(y), cs, cs)

    def _column_rect(self, card, columns, col):
        top = self._cell(card, col, len(columns[col]) - 1)
        bottom = self._cell(card, col, 0)
        return top.union(bottom).inflate(self.th.px(10), self.th.px(10))

    def _key_cap_rect(self, card: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(card.x + self.th.px(14), card.y + self.th.px(14), self.th.px(38), self.th.px(40))

    # -- static card art (cached per mound and size) -----------------------------------------
    def _card_art(self, mound_id: str, size: tuple[int, int]) -> pygame.Surface:
        key = (mound_id, size, _("Mound {mound}"))      # the language is part of the picture
        cache = self.__dict__.setdefault("_card_cache", {})
        if key in cache:
            return cache[key]
        th = self.th
        m = self.comps.mound_by_id[mound_id]
        surf = T.paper_card(size, th.px(18), fill=A.SAND, edge=(214, 180, 130), seed=sum(map(ord, mound_id))).copy()
        card = pygame.Rect(0, 0, *size)
        A.mound_shape(surf, pygame.Rect(th.px(8), th.px(70), size[0] - th.px(16), size[1] - th.px(70) - th.px(44)))
        pygame.draw.rect(surf, (204, 160, 110), (th.px(8), size[1] - th.px(48), size[0] - th.px(16), th.px(40)),
                         border_radius=th.px(10))
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
        num = self.text(str(m.worm_number), "label", T.INK, bold=True)
        surf.blit(num, num.get_rect(midright=(wb.right - th.px(12), wb.centery)))
        x = self._key_cap_rect(card).right + th.px(8)
        # i18n: the title of a mound card; {mound} its number
        title = _("Mound {mound}").format(mound=mound_number(m.id))
        name = self.text(title, "label", T.INK, bold=True)
        if x + name.get_width() > wb.x - th.px(4):
            name = self.text(title, "body", T.INK, bold=True)
        surf.blit(name, name.get_rect(midleft=(x, wb.centery)))
        for c, spaces in enumerate(m.columns):
            for k, kind in enumerate(spaces):
                cell = self._cell(card, c, k)
                pygame.draw.rect(surf, (250, 238, 214), cell, border_radius=th.px(8))
                pygame.draw.rect(surf, A.TERRA_DARK, cell, th.px(2), border_radius=th.px(8))
                if kind != PLAIN:
                    ic = A.icon(kind, int(cell.w * 0.8))
                    surf.blit(ic, ic.get_rect(center=cell.center))
            # the column's number, in one row above the tallest possible column
            top = self._cell(card, c, 2)
            num = self.text(str(c + 1), "body", (250, 238, 214), bold=True)
            tag = num.get_rect(center=(top.centerx, top.y - th.px(26)))
            pygame.draw.rect(surf, A.TERRA_DARK, tag.inflate(th.px(14), th.px(4)), border_radius=th.px(8))
            surf.blit(num, tag)
        cache[key] = surf
        return surf

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surf, state, ctx, mouse):
        th = self.th
        self.cols = {}
        self.hot = []
        showing = self.award_view is not None and self.awards
        if showing:
            mounds, board, dcols = self.award_view
        elif self.final_view is not None and self.rules.is_over(state):
            mounds, board, dcols = self.final_view
            showing = True       # nothing on it is playable
        else:
            mounds, board, dcols = state.mounds, state.board, state.die_colors
        legal_places = {(a.mound, a.column): a for a in ctx.legal if isinstance(a, Place)}
        pending = self._pending(state, ctx)
        for i, mid in enumerate(mounds):
            card = self.card_rects[i]
            sh = pygame.Surface((card.w + th.px(12), card.h + th.px(12)), pygame.SRCALPHA)
            pygame.draw.rect(sh, (0, 0, 0, 70), sh.get_rect(), border_radius=th.px(22))
            surf.blit(sh, (card.x - th.px(3), card.y + th.px(4)))
            surf.blit(self._card_art(mid, card.size), card.topleft)
            lit = not showing and any(a.mound == i for a in legal_places.values())
            self._draw_key_cap(surf, self._key_cap_rect(card), str(i + 1), lit)
            m = self.comps.mound_by_id[mid]
            local = pygame.Rect(0, 0, *card.size)
            for c, (owner, vals) in enumerate(board[i]):
                colr = self._column_rect(local, m.columns, c).move(card.topleft)
                self.cols[(i, c)] = colr
                self.hot.append((colr, self._column_words(state, m, c, owner, vals)))
                if (i, c) in legal_places and not showing:
                    glow = 0.5 + 0.5 * math.sin(self.pulse / 160)
                    col = tuple(int(a + (b - a) * glow) for a, b in zip(T.LEGAL, T.HILITE))
                    pygame.draw.rect(surf, col, colr, th.px(5), border_radius=th.px(12))
                    if colr.collidepoint(mouse):
                        pygame.draw.rect(surf, (255, 255, 255), colr, th.px(2), border_radius=th.px(12))
                for k, v in enumerate(vals):
                    cell = self._cell(local, c, k).move(card.topleft)
                    img = A.die(cell.w, v, self.rgb_of(dcols[i][c][k]))
                    surf.blit(img, img.get_rect(center=cell.center))
                for k in range(len(vals), len(m.columns[c])):
                    if m.columns[c][k] != PLAIN:
                        cell = self._cell(local, c, k).move(card.topleft)
                        self.hot.append((cell, self._space_words(state, m.columns[c][k])))
                if pending == Place(i, c) and not showing:
                    self._draw_pending(surf, self._cell(local, c, len(vals)).move(card.topleft), colr, state)
                if owner is not None:
                    base = self._cell(local, c, 0).move(card.topleft)
                    cx = base.centerx
                    y = card.bottom - th.px(28)
                    T.draw_symbol(surf, T.PLAYER_SYMBOLS.get(state.colors[owner], "circle"), (cx - th.px(14), y),
                                  th.px(10), self.owner_rgb(state, owner))
                    tot = self.text(str(sum(vals)), "label", T.INK, bold=True)
                    surf.blit(tot, tot.get_rect(midleft=(cx - th.px(1), y)))
            self.hot.append((pygame.Rect(card.x, card.y, card.w, th.px(64)), self._mound_words(state, i, m)))
            if showing and self.awards and self.awards[0]["mound"] == mid:
                self._draw_award(surf, card, self.awards[0], state, m)
        self._draw_middle(surf, state, ctx)
        self._draw_players(surf, state, ctx)

    def _draw_key_cap(self, surf, r: pygame.Rect, label: str, lit: bool):
        surf.blit(A.keycap(r.w, r.h, lit), r)
        t = self.text(label, "label", T.INK if lit else T.INK_SOFT, bold=True)
        surf.blit(t, t.get_rect(center=(r.centerx, r.centery - self.th.px(2))))

    def _draw_pending(self, surf, cell: pygame.Rect, colr: pygame.Rect, state):
        """The die waiting for confirmation, standing in the space it would take."""
        th = self.th
        color, value = state.current
        shade = pygame.Surface(colr.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (*T.HILITE, 90), shade.get_rect(), border_radius=th.px(12))
        surf.blit(shade, colr)
        pygame.draw.rect(surf, (255, 255, 255), colr, th.px(4), border_radius=th.px(12))
        img = A.die(cell.w, value, self.rgb_of(color)).copy()
        img.set_alpha(215)
        surf.blit(img, img.get_rect(center=cell.center))
        pygame.draw.rect(surf, T.HILITE, cell.inflate(th.px(8), th.px(8)), th.px(3), border_radius=th.px(10))

    def _draw_award(self, surf, card, ev, state, m):
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
            t = self.text(seat_name(state.seats[p]), "label", T.INK, bold=True)
            surf.blit(t, (box.x + th.px(70), y + th.px(10)))
            y += th.px(56)
        if ev["worms"]:
            surf.blit(A.icon("worm", th.px(46)), (box.x + th.px(12), y))
            t = self.text(format_list([seat_name(state.seats[p]) for p in ev["worms"]]), "label", T.INK, bold=True)
            surf.blit(t, (box.x + th.px(70), y + th.px(10)))
        if not lines and not ev["worms"]:
            t = self.text(_("Nobody played here"), "label", T.INK_SOFT)
            surf.blit(t, t.get_rect(center=box.center))

    def _draw_middle(self, surf, state, ctx):
        th = self.th
        r = self.mid
        light = (250, 232, 196)
        draw_panel(surf, r, th, fill=(92, 60, 38), edge=(60, 38, 22), radius=14)
        title = (_("The game is over") if state.phase == "over"
                 else _("Round {round} of {rounds}").format(round=state.round, rounds=self.comps.rounds))
        info = self.text(title, "title", light, bold=True)
        n = len(state.deck)
        deck = self.text(ngettext("{n} mound face down", "{n} mounds face down", n).format(n=n),
                         "small", (230, 210, 180))
        top = r.centery - (info.get_height() + deck.get_height()) // 2
        surf.blit(info, (r.x + th.px(20), top))
        surf.blit(deck, (r.x + th.px(22), top + info.get_height()))
        badge = self._draw_worm_badge(surf, state, r.x + th.px(36) + max(info.get_width(), deck.get_width()))
        x = max(r.x + int(r.w * 0.3), badge.right + th.px(24))
        # the die in play
        ds = int(r.h * 0.72)
        if state.current is not None and state.turn is not None:
            color, value = state.current
            shown, tilt = value, 0
            if self.roll_t < ROLL_MS:
                shown = self._rnd.randint(1, 6)
                tilt = int((1 - self.roll_t / ROLL_MS) * 40 * math.sin(self.roll_t / 30))
            img = A.die(ds, shown, self.rgb_of(color), tilt)
            surf.blit(img, img.get_rect(midleft=(x, r.centery)))
            # i18n: over the die just rolled; {name} a player
            label = self.text(_("{name} rolled").format(name=seat_name(state.seats[state.turn])), "small", (230, 210, 180))
            surf.blit(label, (x + ds + th.px(18), r.y + th.px(8)))
            x += ds + th.px(18)
        self.buttons = self._make_buttons(state, ctx)
        bh = th.px(54)
        by = r.centery - bh // 2 + (th.px(12) if state.current is not None else 0)
        room = r.right - th.px(10) - x            # longer words (German, French) take a smaller font
        for short in (False, True):
            for font in ("label", "body", "small"):
                for b in self.buttons:
                    b.font = font
                    if short:
                        b.label = b.short
                if sum(b.width(th) + th.px(12) for b in self.buttons) - th.px(12) <= room:
                    break
            else:
                continue
            break
        for b in self.buttons:
            w = b.width(th)
            b.rect = pygame.Rect(x, by, w, bh)
            b.hover = b.rect.collidepoint(pygame.mouse.get_pos()) if pygame.display.get_init() else False
            b.draw(surf, th)
            x += w + th.px(12)
        ant = A.anton(int(r.h * 0.9))
        ant_rect = ant.get_rect(bottomright=(r.right - th.px(10), r.bottom - th.px(2)))
        if ant_rect.x > x:
            surf.blit(ant, ant_rect)

    def _draw_worm_badge(self, surf, state, x: int) -> pygame.Rect:
        """The public worm supply, as a pill; returns its rect."""
        th = self.th
        left = worms_left(state)
        words = _("Worms: no limit") if left is None else _("Worms left: {n}").format(n=left)
        t = self.text(words, "body", T.INK, bold=True)
        h = th.px(46)
        badge = pygame.Rect(x, self.mid.centery - h // 2, h + t.get_width() + th.px(16), h)
        fill = (255, 236, 238) if left != 0 else (236, 196, 190)
        pygame.draw.rect(surf, fill, badge, border_radius=h // 2)
        pygame.draw.rect(surf, A.WORM_PINK, badge, th.px(2), border_radius=h // 2)
        surf.blit(A.icon("worm", h - th.px(8)), (badge.x + th.px(6), badge.y + th.px(4)))
        surf.blit(t, t.get_rect(midleft=(badge.x + h, badge.centery)))
        self.hot.append((badge, self._supply_words(state)))
        return badge

    def _make_buttons(self, state, ctx) -> list[KeyButton]:
        """One button per choice the human has now, each showing its key."""
        rolls = [a for a in ctx.legal if isinstance(a, Roll)]
        out = []
        for k, a in enumerate(rolls):
            neutral = state.neutral is not None and a.color == state.colors[state.neutral]
            if neutral:
                # i18n: a button: roll the die of {colour} ("yellow") for the imaginary player {name}
                label = _("Roll {colour} ({name})").format(colour=T.color_word(a.color),
                                                         name=seat_name(state.seats[state.neutral]))
            else:
                # i18n: a button: roll the die of {colour} ("yellow")
                label = _("Roll {colour}").format(colour=T.color_word(a.color))
            if len(rolls) == 1:
                b = KeyButton(pgettext("button", "Roll") if not neutral else label, a, space_key(), style="primary")
            else:
                b = KeyButton(label, a, str(k + 1), style="primary")
            if neutral:                       # no room for the name: the hint and the hover still say it
                b.short = _("Roll {colour}").format(colour=T.color_word(a.color))
            out.append(b)
        if Reroll() in ctx.legal:
            out.append(KeyButton(_("Reroll - 1 worm"), Reroll(), reroll_key()))
            out[-1].short = pgettext("button", "Reroll")     # no room: the hover still says the cost
        if Pass() in ctx.legal:
            out.append(KeyButton(_("Pass - 1 worm"), Pass(), pass_key()))
            out[-1].short = pgettext("button", "Pass")
        return out

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
            pad = th.px(12)
            y = r.y + pad
            T.draw_symbol(surf, T.PLAYER_SYMBOLS.get(state.colors[p], "circle"), (r.x + pad + th.px(14), y + th.px(14)),
                          th.px(14), self.owner_rgb(state, p))
            name = self.text(seat_name(seat), "label", T.INK, bold=True)
            surf.blit(name, (r.x + pad + th.px(36), y))
            kind = seat_kind_words(seat.kind)
            if p in state.skipped and state.phase != "over":
                # i18n: under a player's name: {kind} "medium AI" or "imaginary"; they cannot place a die
                kind = _("{kind} - can't place").format(kind=kind) if kind else _("can't place")
            if kind:
                k = self.text(kind, "tiny", T.INK_SOFT)
                room = r.right - pad - (r.x + pad + th.px(36))
                if k.get_width() > room and p in state.skipped and state.phase != "over":
                    k = self.text(_("can't place"), "tiny", T.INK_SOFT)     # a narrow panel: what matters now
                surf.blit(k, (r.x + pad + th.px(36), y + name.get_height()))
            y += th.px(58)
            self._draw_hand(surf, state, p, r.x + pad, y)
            self._draw_worms(surf, state, p, r.right - pad - th.px(74), y)
            y += th.px(40)
            y = self._draw_items(surf, state, p, r.inflate(-2 * pad, 0), y)
            self._draw_vp_tiles(surf, state, ctx, p, r.inflate(-2 * pad, -2 * pad), y)

    def _draw_hand(self, surf, state, p, x0, y):
        th = self.th
        x = x0
        ds = th.px(30)
        dice = []
        for color, cnt in state.hand[p].items():
            for _k in range(cnt):
                img = A.die(ds, 1 if color != state.colors[p] else 6, self.rgb_of(color))
                surf.blit(img, (x, y))
                x += ds + th.px(1)
            x += th.px(8)
            if cnt:
                # i18n: dice in a hand: {colour} a colour word ("red")
                dice.append(ngettext("{n} {colour} die", "{n} {colour} dice", cnt).format(
                    n=cnt, colour=T.color_word(color)))
        if dice:
            # i18n: {dice} a list: "2 red dice and 1 yellow die"
            self.hot.append((pygame.Rect(x0, y, x - x0, ds), _("{name} still holds {dice} this round.").format(
                name=seat_name(state.seats[p]), dice=format_list(dice))))

    def _draw_worms(self, surf, state, p, wx, y):
        th = self.th
        surf.blit(A.icon("worm", th.px(34)), (wx, y - th.px(4)))
        # i18n: beside a worm picture: how many worms a player has
        wt = self.text(pgettext("count", "x{n}").format(n=state.worms[p]), "label", T.INK, bold=True)
        surf.blit(wt, (wx + th.px(36), y - th.px(2)))
        n = state.worms[p]
        if p != state.neutral:
            words = ngettext("{name} has {n} worm: 1 VP each at the end; spend one to reroll or to pass.",
                             "{name} has {n} worms: 1 VP each at the end; spend one to reroll or to pass.", n)
        else:
            words = ngettext("{name} has {n} worm: 1 VP each at the end.",
                             "{name} has {n} worms: 1 VP each at the end.", n)
        words = words.format(name=seat_name(state.seats[p]), n=n)
        self.hot.append((pygame.Rect(wx, y - th.px(4), th.px(74), th.px(34)), f"{words} {self._supply_words(state)}"))

    def _draw_items(self, surf, state, p, r, y) -> int:
        th = self.th
        isz = th.px(40)
        x = r.x
        for k, cnt in enumerate(state.items[p]):
            if not cnt:
                continue
            if x + isz + th.px(26) > r.right:
                x = r.x
                y += isz + th.px(4)
            kind = self.comps.item_types[k]
            box = pygame.Rect(x, y, isz, isz)
            pygame.draw.rect(surf, (255, 250, 238) if cnt < 2 else (214, 238, 200), box, border_radius=th.px(6))
            surf.blit(A.icon(kind, isz), box)
            ct = self.text(str(cnt), "small", T.INK, bold=True)
            surf.blit(ct, (box.right + th.px(2), box.bottom - ct.get_height()))
            # i18n: {items} "a key", "2 pairs of sneakers"
            words = (_("{name} has {items} (two or more of a kind score 5 VP).") if cnt < 2
                     else _("{name} has {items} (a set: 5 VP)."))
            self.hot.append((box, words.format(name=seat_name(state.seats[p]), items=item_words(kind, cnt))))
            x += isz + th.px(26)
        return y + isz + th.px(8)

    def _draw_vp_tiles(self, surf, state, ctx, p, r, y):
        th = self.th
        vs = max(th.px(28), min(th.px(48), r.bottom - y))
        x = r.x
        face_up = ctx.reveal_all or ctx.viewer == p
        tiles = [("queen", v) for v in state.queens[p]] + [("general", v) for v in state.generals[p]]
        for kind, v in tiles:
            if x + vs > r.right:
                x = r.x
                y += vs + th.px(4)
                if y + vs > r.bottom:
                    break
            surf.blit(A.vp_tile(vs, v, kind, face_up), (x, y))
            x += vs + th.px(4)
        if tiles:
            self.hot.append((pygame.Rect(r.x, y, r.w, vs), self._tiles_words(state, p, face_up)))

    # -- input -----------------------------------------------------------------------------------
    def click(self, pos, state, ctx):
        if self.awards:
            return None
        for b in self.buttons:
            if b.rect.collidepoint(pos) and b.action in ctx.legal:
                self.cancel_pending()
                return b.action
        for (i, c), r in self.cols.items():
            if r.collidepoint(pos) and Place(i, c) in ctx.legal:
                return self._choose(Place(i, c), state, ctx)
        self.cancel_pending()
        return None

    def key(self, key, state, ctx):
        if self.awards:
            return None
        rolls = [a for a in ctx.legal if isinstance(a, Roll)]
        if key in MOUND_KEYS:
            k = MOUND_KEYS[key]
            places = [a for a in ctx.legal if isinstance(a, Place) and a.mound == k]
            if places:
                return self._choose(places[0], state, ctx)
            return rolls[k] if len(rolls) > 1 and k < len(rolls) else None
        if key in ENTER_KEYS:
            pending = self._pending(state, ctx)
            self.cancel_pending()
            return pending
        action = {pygame.K_SPACE: rolls[0] if rolls else None, pygame.K_r: Reroll(), pygame.K_p: Pass()}.get(key)
        if action in ctx.legal:
            self.cancel_pending()
            return action
        return None

    def _choose(self, a: Place, state, ctx):
        """A placement picked by click or key: at once, or on the second pick when confirming."""
        if not self.confirm_placements or self._pending(state, ctx) == a:
            self.cancel_pending()
            return a
        self.pending, self.pending_state = a, state
        return None

    def _pending(self, state, ctx) -> Place | None:
        """The selected placement, if it was made in this very state and is still legal."""
        if self.pending is None or self.pending_state is not state or self.pending not in ctx.legal:
            return None
        return self.pending

    def cancel_pending(self) -> bool:
        had = self.pending is not None
        self.pending, self.pending_state = None, None
        return had

    def guide(self, state, ctx) -> str:
        if state.phase == "roll":
            return _("Each turn you roll one die and put it on a termite mound. Press Space (or the Roll "
                     "button) to roll; with two players you may roll the third colour too.")
        return _("Put the die in the glowing column of a mound: the biggest total on a mound wins its Queen, "
                 "the next its General, and hitting the worm number earns a worm. Items on the spaces "
                 "you cover are yours: pairs and many kinds score at the end. R rerolls and P passes for a worm.")

    def guide_regions(self, state, ctx) -> list:
        """The guide talks about the mound headers (the worm number, Queen and General values)
        and, before a roll, the roll buttons."""
        heads = [pygame.Rect(r.x, r.y, r.w, self.th.px(70)) for r in self.card_rects]
        return heads + [b.rect for b in self.buttons]

    def action_words(self, action, state) -> str:
        """A move as the table shows it: mounds by their card number and key, columns numbered."""
        return W.action_words(action, state, T.color_word) or super().action_words(action, state)

    def event_spot(self, ev, state):
        if ev.get("type") == "place" and ev.get("mound") in state.mounds:
            return self.cols.get((state.mounds.index(ev["mound"]), ev.get("column")))
        return None

    def marks_move(self, action) -> bool:
        return isinstance(action, Place)

    def locate(self, action, state, player: int | None = None):
        if isinstance(action, Place):
            return self.cols.get((action.mound, action.column))
        return next((b.rect for b in self.buttons if b.action == action), None)

    def hover(self, pos, state, ctx):
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                if isinstance(b.action, Reroll):
                    # i18n: {key} the R key
                    return _("Give back one worm and roll this die again ({key}).").format(key=b.cap)
                if isinstance(b.action, Pass):
                    # i18n: {key} the P key
                    return _("Give back one worm; the die goes back to your hand and your turn ends ({key}).").format(
                        key=b.cap)
                # i18n: {colour} a colour word ("red"); {key} the key that rolls it (Space, 1, 2)
                return _("Roll a {colour} die ({key}).").format(colour=T.color_word(b.action.color), key=b.cap)
        for (i, c), r in self.cols.items():
            if r.collidepoint(pos) and Place(i, c) in ctx.legal and not self.awards:
                return self._place_words(state, ctx, Place(i, c))
        for r, text in reversed(self.hot):
            if r.collidepoint(pos):
                return text
        return None

    def hint(self, state, ctx):
        rolls = [a for a in ctx.legal if isinstance(a, Roll)]
        if len(rolls) == 1:
            # i18n: {key} the space bar
            return _("Roll a die: {key}").format(key=space_key())
        if rolls:
            # i18n: one choice of a list of keys: {key} a number key, {colour} a colour word ("1 yellow")
            choices = [_("{key} {colour}").format(key=k + 1, colour=T.color_word(a.color)) for k, a in enumerate(rolls)]
            # i18n: {choices} "1 yellow, 2 green"
            return _("Choose a colour to roll: {choices}").format(choices=format_list(choices, "unit"))
        places = [a for a in ctx.legal if isinstance(a, Place)]
        if state.current is None or not places:
            return ""
        pending = self._pending(state, ctx)
        if pending:
            return _("Mound {mound}, column {column} chosen: click it again or press Enter; Esc cancels").format(
                mound=mound_number(state.mounds[pending.mound]), column=pending.column + 1)
        keys = sorted({a.mound + 1 for a in places})
        # i18n: the number keys that choose a mound: "key 2", "keys 1, 2, 3"
        keys = ngettext("key {keys}", "keys {keys}", len(keys)).format(keys=format_list([str(k) for k in keys], "unit"))
        die = self._die_words(state)
        # short enough for the play bar in a longer language: the Reroll and Pass buttons on the table
        # show their keys (R, P) and say what they cost, so the hint leaves them out; in a hot-seat game
        # the bar has one button more, and the hint leaves out the mound keys too (each card shows its key)
        if self._hot_seat():
            if self.confirm_placements:
                # i18n: a hot-seat game's short hint (little room); {die} "your 4" or "Ann's 4"
                return _("Choose a glowing column for {die}, then confirm").format(die=die)
            # i18n: a hot-seat game's short hint (little room); {die} "your 4" or "Ann's 4"
            return _("Place {die} on a glowing column").format(die=die)
        # i18n: {die} "your 4" or "Ann's 4"; {keys} "keys 1, 2, 3"
        if self.confirm_placements:
            text = _("Choose a glowing column for {die} ({keys}), then confirm")
        else:
            text = _("Place {die} on a glowing column ({keys})")
        return text.format(die=die, keys=keys)

    def _hot_seat(self) -> bool:
        """Several people share the screen and the victory point tiles are hidden between them: the
        play bar then carries one more button ("My tiles (hold V)") and has less room for the hint."""
        return sum(seat.kind == "human" for seat in self.seats) > 1 and bool(getattr(self.rules, "private_info", False))

    # -- hover words -------------------------------------------------------------------------
    def _die_words(self, state) -> str:
        color, value = state.current
        owner = state.owner_of(color)
        if owner == state.turn:
            # i18n: the die just rolled, showing {value}: "Place your 4 on ..."
            return _("your {value}").format(value=value)
        # i18n: the imaginary player's die, showing {value}: "Place Ann's 4 on ..."
        return _("{name}'s {value}").format(name=seat_name(state.seats[owner]), value=value)

    def _place_words(self, state, ctx, a: Place) -> str:
        """What placing the rolled die on ``a`` does, exactly as the rules will apply it."""
        color, value = state.current
        owner = state.owner_of(color)
        m = state.mound(a.mound)
        _owner, vals = state.board[a.mound][a.column]
        kind = m.columns[a.column][len(vals)]
        you = owner == state.turn
        name = seat_name(state.seats[owner])
        total = sum(vals) + value
        worm_number = total == m.worm_number
        # i18n: {mound} the card's number, {column} 1-5, {key} the key 1-3 that picks the mound
        if you:
            words = (_("Mound {mound}, column {column} (key {key}): your total here becomes {total} - the worm number.")
                     if worm_number else _("Mound {mound}, column {column} (key {key}): your total here becomes {total}."))
        else:
            words = (_("Mound {mound}, column {column} (key {key}): {name}'s total here becomes {total} - the worm number.")
                     if worm_number
                     else _("Mound {mound}, column {column} (key {key}): {name}'s total here becomes {total}."))
        words = words.format(mound=mound_number(m.id), column=a.column + 1, key=a.mound + 1, name=name, total=total)
        more = ""
        if kind == WORM and worms_left(state) == 0:
            more = _("The worm space gives nothing: the worm supply is empty.")
        elif kind == WORM:
            left = worms_left(state)
            if left is None:
                more = _("You dig up a worm.") if you else _("{name} digs up a worm.")
            else:
                # i18n: {n} worms left in the supply
                more = _("You dig up a worm ({n} left).") if you else _("{name} digs up a worm ({n} left).")
            more = more.format(name=name, n=left)
        elif kind != PLAIN and self._items_left(state, kind) == 0:
            # i18n: {item} an item's noun ("key")
            more = _("Every {item} tile is taken, so this space gives nothing.").format(item=item_name(kind))
        elif kind != PLAIN:
            # i18n: {item} "a key", "a pair of sneakers"
            more = (_("You find {item}.") if you else _("{name} finds {item}.")).format(name=name, item=item_words(kind))
        if more:
            words += " " + more
        if self.confirm_placements:
            confirm = self._pending(state, ctx) == a
            words += " " + (_("Click again or press Enter to place it.") if confirm else _("Click to choose it."))
        return words

    def _items_left(self, state, kind: str) -> int:
        return state.item_supply[self.comps.item_types.index(kind)]

    def _space_words(self, state, kind: str) -> str:
        if kind == WORM:
            return _("Worm space: the die that lands here digs up a worm for its owner.") + " " + self._supply_words(state)
        left = self._items_left(state, kind)
        # i18n: {name} an item's noun ("Key"), {item} the item as an object ("a key"), {n} how many are left
        return _("{name} space: the die that lands here takes {item} for its owner ({n} left).").format(
            name=cap_first(item_name(kind)), item=item_words(kind), n=left)

    def _column_words(self, state, m, c, owner, vals) -> str:
        mound, column = mound_number(m.id), c + 1
        if owner is None:
            n = len(m.columns[c])
            return ngettext("Mound {mound}, column {column}: nobody's yet ({n} space).",
                            "Mound {mound}, column {column}: nobody's yet ({n} spaces).", n).format(
                mound=mound, column=column, n=n)
        free = len(m.columns[c]) - len(vals)
        name, total = seat_name(state.seats[owner]), sum(vals)
        if not free:
            # i18n: a column owned by {name}, the dice in it adding up to {total}
            return _("Mound {mound}, column {column}: {name}'s, total {total}, full.").format(
                mound=mound, column=column, name=name, total=total)
        return ngettext("Mound {mound}, column {column}: {name}'s, total {total}, {n} space free.",
                        "Mound {mound}, column {column}: {name}'s, total {total}, {n} spaces free.", free).format(
            mound=mound, column=column, name=name, total=total, n=free)

    def _mound_words(self, state, i, m) -> str:
        # i18n: {queen}, {general} the victory points of the mound's tiles; {worm} its worm number
        if worms_left(state) == 0:
            text = _("Mound {mound} (key {key}): the highest total takes the Queen ({queen} VP), the second the "
                     "General ({general} VP); a total of exactly {worm} earns a worm (none left in the supply).")
        else:
            text = _("Mound {mound} (key {key}): the highest total takes the Queen ({queen} VP), the second the "
                     "General ({general} VP); a total of exactly {worm} earns a worm.")
        return text.format(mound=mound_number(m.id), key=i + 1, queen=m.queen_vp, general=m.general_vp,
                           worm=m.worm_number)

    def _supply_words(self, state) -> str:
        left = worms_left(state)
        if left is None:
            return _("The worm supply has no limit in this game.")
        if left == 0:
            return _("The worm supply is empty: worm spaces and worm numbers give nothing until a worm is spent.")
        return ngettext("{n} worm left in the supply.", "{n} worms left in the supply.", left).format(n=left)

    def _tiles_words(self, state, p, face_up: bool) -> str:
        name = seat_name(state.seats[p])
        if not face_up:
            count = len(state.queens[p]) + len(state.generals[p])
            return ngettext("{name} holds {n} victory point tile, face down.",
                            "{name} holds {n} victory point tiles, face down.", count).format(name=name, n=count)
        queens, generals = state.queens[p], state.generals[p]
        # i18n: {values} the victory points on the tiles: "3 and 5"
        q = ngettext("Queen tile {values}", "Queen tiles {values}", len(queens)).format(
            values=format_list([str(v) for v in queens]))
        g = ngettext("General tile {values}", "General tiles {values}", len(generals)).format(
            values=format_list([str(v) for v in generals]))
        # i18n: {queen_tiles} "Queen tiles 3 and 5", {general_tiles} "General tile 4"
        if queens and generals:
            text = _("{name}: {queen_tiles}; {general_tiles}.")
        elif queens:
            text = _("{name}: {queen_tiles}.")
        else:
            text = _("{name}: {general_tiles}.")
        return text.format(name=name, queen_tiles=q, general_tiles=g)

    # -- animation -------------------------------------------------------------------------------
    def on_events(self, events, state):
        self.cancel_pending()
        before = self.latest
        self.latest = state
        scored = None
        for k, ev in enumerate(events):
            if ev["type"] in ("roll", "reroll"):
                self.roll_t = 0.0
            if ev["type"] == "award" and before is not None and scored is None:
                scored = self._round_board(before, events[:k])
        if scored is not None and not self.awards:
            self.award_view = scored
        if self.rules.is_over(state):
            self.final_view = scored
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

    # -- log words -------------------------------------------------------------------------------
    def describe_event(self, ev, state):
        return W.describe_event(self.rules, ev, state, T.color_word)
