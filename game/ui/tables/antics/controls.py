"""The Antics! table's controls: the scout fields (their boxes, tiles and anteaters) with the
anteater guide's card, the bar under the board (whose turn, the action markers, the bag, the
last-round banner, the hand large, the magnificANT and other choices as chips) and the small menu
a click opens when one spot offers several moves.

Functions of the view ``v``: they read its layout (``v.lay``) and theme, and add what a click can
reach to ``v.hot`` and ``v.buttons``.
"""
from __future__ import annotations

import pygame

from game.core.i18n import _
from game.games.antics.state import (ANTEATER, ArrivalFirst, Bridge, BuildOrient, BuildTile, Discard, EndActions,
                                     PickUp, ScoutTake, Stop, StorePrey, UseMagnificant)
from game.ui import theme as T
from game.ui.tables.antics import art as A
from game.ui.tables.antics.words import action_help, action_name, ant_words, eater, ordinal
from game.ui.widgets import Button, draw_panel, wrap


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


def strip_art(v) -> pygame.Surface:
    """The scout fields' boxes and the anteater guide's card, drawn once per layout."""
    if v.kept_strip is None:
        th = v.th
        fs = v.fields_strip
        surf = pygame.Surface(fs.size, pygame.SRCALPHA)
        rad = th.px(12)
        for r in v.field_rects.values():
            r = r.move(-fs.x, -fs.y)
            pygame.draw.rect(surf, (60, 40, 24, 110), r, border_radius=rad)
            pygame.draw.rect(surf, (150, 112, 72), r, max(1, th.px(3)), border_radius=rad)
        g = v.guide_rect.move(-fs.x, -fs.y)
        pygame.draw.rect(surf, (238, 226, 196), g, border_radius=rad)
        pygame.draw.rect(surf, (120, 84, 52), g, max(1, th.px(3)), border_radius=rad)
        v.kept_strip = surf
    return v.kept_strip


def field_slot(v, f: int, row: int) -> pygame.Rect:
    fr = v.field_rects[f]
    h, gap = v.lay.slot_h, v.lay.slot_gap
    # row 0 lies nearest the board (the bottom of the strip)
    return pygame.Rect(fr.x + v.th.px(3), fr.bottom - v.th.px(6) - (row + 1) * h - row * gap,
                       fr.w - 2 * v.th.px(3), h)


def pair_px(slot) -> int:
    """The long side of a scout tile drawn in ``slot`` (its hexes are 0.45 of it across)."""
    return max(12, min(slot.w, int(slot.h / 0.62)))


def draw_fields(v, surf, state, legal):
    th = v.th
    takes = {a.row: a for a in legal if isinstance(a, ScoutTake)}
    for f, fr in v.field_rects.items():
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
            slot = field_slot(v, fi + 1, row)
            if item == ANTEATER:
                px = max(8, min(slot.h, slot.w))
                img = A.anteater(face, px)
                surf.blit(img, img.get_rect(center=slot.center))
                v.hot.append(("eater", slot, row))
                continue
            img = A.tile_pair(tuple(state.data.tiles[item]), pair_px(slot))
            surf.blit(img, img.get_rect(center=slot.center))
            v.hot.append(("field", slot, (fi + 1, row, item)))
            if fi + 1 == state.field and row in takes:
                pygame.draw.rect(surf, T.LEGAL, slot.inflate(th.px(2), th.px(2)), th.px(3), border_radius=th.px(6))


def draw_guide(v, surf, state):
    """What each anteater eats, in arrival order, as icons (prey, ants or both); the bag count."""
    th = v.th
    g = v.guide_rect
    eats = state.data.guide.get(len(state.seats), ())
    icon = th.px(20)
    y = g.y + th.px(6)
    for k, e in enumerate(eats):
        done = k < len(state.arrived)
        t = th.text(ordinal(k), "tiny", T.INK_SOFT if done else T.INK, bold=True)
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
    # i18n: on the anteater guide's card: how many tiles are left in the bag (keep it short)
    t = th.text(_("Bag: {n}").format(n=len(state.bag)), "tiny", T.INK_SOFT, bold=True)
    surf.blit(t, (g.x + th.px(8), g.bottom - t.get_height() - th.px(4)))


def bar_buttons(v, state, legal) -> list[Button]:
    out = []
    for a in legal:
        if isinstance(a, UseMagnificant):
            word = action_name(a.action)
            help_words = action_help(a.action)
            # i18n: the tip of a magnificANT button; {action}: the action's name; {help}: what it does
            out.append(Chip(word, a, icon=a.action, hint=_("magnificANT: {action} at level 1 ({help})").format(
                action=word, help=help_words)))
        elif isinstance(a, BuildOrient):
            # i18n: a button; {symbol}: a symbol's name (Scout, Build, Hatch, ANTS!, Heave, Fungus)
            out.append(Chip(_("{symbol} on the first hex").format(symbol=action_name(a.symbol)), a, icon=a.symbol))
        elif isinstance(a, ArrivalFirst):
            face = state.faces[a.row][1] if 0 <= a.row < len(state.faces) else "?"
            # i18n: a button choosing which anteater arrives first; {anteater}: "Red anteater"
            out.append(Chip(_("{anteater} first").format(anteater=eater(face).label()), a))
        elif isinstance(a, StorePrey) and a.cell is None:
            out.append(Chip(_("Keep it beside the hill"), a))
        elif isinstance(a, Bridge):
            out.append(Chip(_("Bridge the chasm"), a, style="primary"))
        elif isinstance(a, PickUp) and a.kind == "area":
            # i18n: a button; {ant}: "a grass ant"
            out.append(Chip(_("Take back {ant}").format(ant=ant_words(a.where)), a))
    for a in legal:
        if isinstance(a, Stop):
            # i18n: a button; S is the key that does it
            out.append(Chip(_("Stop (S)"), a, key=pygame.K_s))
        elif isinstance(a, EndActions):
            asking = bool(v.asking(state))
            # i18n: buttons; Enter is the key that does it ("now": after the question whether to end with actions unused)
            label = _("End turn now (Enter)") if asking else _("End turn (Enter)")
            out.append(Chip(label, a, key=pygame.K_RETURN,
                            style="primary" if asking or not state.actions_left else "normal"))
    return out


def draw_bar(v, surf, state, ctx, legal, mouse):
    th = v.th
    r = v.bar
    draw_panel(surf, r, th, radius=14)
    p = state.player
    x, y = r.x + th.px(14), r.y + th.px(10)
    if state.phase == "over":
        t = th.text(_("The game is over."), "label", T.INK, bold=True)
        surf.blit(t, (x, y))
        v.buttons, v.banner_rect = [], None
        return
    facts = v.facts(state)
    v.banner_rect = None
    if facts["banner"]:
        y = draw_banner(v, surf, facts["banner"], r, y)
    room = r.bottom - 2 * (th.px(38) + th.px(8)) - th.px(6) - y        # above the two rows of buttons
    hand_left = draw_bar_hand(v, surf, state, legal, pygame.Rect(r.centerx, y - th.px(2), r.w // 2 - th.px(12),
                                                                    max(th.px(40), min(th.px(64), room))))
    who = v.seats[p].name if 0 <= p < len(v.seats) else "?"
    # i18n: the bar's title: the player to move and the round
    title = th.text(_("{name}: round {round}").format(name=who, round=state.round), "label", T.INK, bold=True)
    surf.blit(title, (x, y))
    tx = x + title.get_width() + th.px(14)
    # action markers left
    for i in range(state.data.actions_per_turn):
        img = A.action_marker(v.seat_color(p), th.px(26))
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
    if ctx.human_turn:
        v.buttons = bar_buttons(v, state, legal)
    elif ctx.reveal_all:            # a replay: the magnificANT's buttons as they were offered, so that a
        # decision made with one can be ringed there (review marks); a click takes nothing (not a turn)
        v.buttons = [b for b in bar_buttons(v, state, v.rules.legal_actions(state))
                     if isinstance(b.action, UseMagnificant)]
    else:
        v.buttons = []
    bh, gap = th.px(38), th.px(8)
    mags = [b for b in v.buttons if isinstance(b.action, UseMagnificant)]
    rest = [b for b in v.buttons if not isinstance(b.action, UseMagnificant)]
    rows = [rest] if not mags else [mags, rest]
    labels, places, height = flow_buttons(v, state, rows, mags, x, r.right - th.px(12), bh, gap)
    by = r.bottom - height - th.px(4) if v.buttons else r.bottom - th.px(6)     # every line of buttons fits
    asking = v.asking(state) if ctx.human_turn else ""
    words = asking or v.words.status(state, live=ctx.human_turn)
    width = min(r.w // 2 - th.px(28), hand_left - x - th.px(4))
    line_h = th.text("0", "small", T.INK_SOFT).get_height()               # a line of the words, drawn
    bag_h = bag.get_height() if bag is not None else 0              # the bag's line, when not on the title row
    fit = min(3, max(1, (by - y - bag_h) // line_h))                  # whole lines only: long words keep a sentence
    wrapped = wrap(words, th.font("small"), width)
    if len(wrapped) > fit and ". " in words:
        wrapped = wrap(words.split(". ")[0] + ".", th.font("small"), width)   # short of room: no cut sentence
    wrapped = wrapped[:fit]
    lines = [(ln, "small", T.DANGER if asking else T.INK_SOFT, bool(asking)) for ln in wrapped]
    if bag is not None:
        lines.append((facts["bag"], "tiny", T.INK_SOFT, True))
    for ln, size, colour, bold in lines:
        t = th.text(ln, size, colour, bold=bold)
        if y + t.get_height() > by:                                   # never under the buttons
            break
        surf.blit(t, (x, y))
        y += t.get_height()
    if not v.buttons:
        return
    for lab, (lx, ly) in labels:
        surf.blit(lab, lab.get_rect(midleft=(lx, by + ly + bh // 2)))
    for b, rect in places:
        b.rect = rect.move(0, by)
        b.hover = b.rect.collidepoint(mouse)
        b.draw(surf, th)


def flow_buttons(v, state, rows, mags, left: int, right: int, bh: int, gap: int):
    """The bar's buttons laid out from ``left`` to ``right``, a row on a line of its own, wrapping
    onto further lines when it does not fit (German's magnificANT row does at 1280x720): (labels
    as (image, (x, y)), (button, rect) pairs, the height of every line), y counted from the first
    line's top."""
    th = v.th
    labels, places, y = [], [], 0
    wrapped = False
    for row in rows:
        bx = left
        if wrapped and places:                  # after a row that wrapped: on its last line, set apart, if it fits
            last = places[-1][1]
            if last.right + 4 * gap + sum(b.width(th) + gap for b in row) - gap <= right:
                bx, y = last.right + 4 * gap, last.y
        wrapped = False
        if row is mags:
            # i18n: before the magnificANT's buttons in the bar (one per action)
            lab = th.text(_("magnificANT:"), "small", T.INK, bold=True)
            if bx + lab.get_width() + sum(b.width(th) + gap for b in row) > right:
                lab = A.magnificant(v.seat_color(state.player), bh)      # short of room: its token says it
            labels.append((lab, (bx, y)))
            bx += lab.get_width() + gap
        for b in row:
            w = b.width(th)
            if bx + w > right and bx > left:
                bx, y, wrapped = left, y + bh + gap, True
            places.append((b, pygame.Rect(bx, y, w, bh)))
            bx += w + gap
        y += bh + gap
    return labels, places, y


def draw_bar_hand(v, surf, state, legal, box):
    """The active player's hand, large, at the top right of the bar (click to build or discard)."""
    th = v.th
    hand = state.hands[state.player]
    if not hand:
        return box.right
    picks = {a.tile: a for a in legal if isinstance(a, (BuildTile, Discard))}
    # i18n: before the tiles in the player's hand
    lab = th.text(_("Hand:"), "small", T.INK_SOFT, bold=True)
    px = min(th.px(110), int(box.h / 0.62))
    gap = th.px(10)
    wide = len(hand) * (A.pair_size(px, True)[0] + gap)
    room = box.w - lab.get_width()
    if wide > room:                                         # a big hand: smaller tiles, all inside the box
        px = max(th.px(20), int(px * room / wide))
    x = box.right
    for tid in reversed(hand):
        img = A.tile_pair(tuple(state.data.tiles[tid]), px, True, tid.startswith("S"))
        rr = img.get_rect(topright=(x, box.y))
        surf.blit(img, rr)
        if tid in picks:
            pygame.draw.rect(surf, T.LEGAL, rr.inflate(th.px(6), th.px(6)), th.px(3), border_radius=th.px(8))
            v.hot.append(("hand", rr, picks[tid]))
        else:
            v.hot.append(("hand_info", rr, tid))
        x = rr.x - gap
    lr = lab.get_rect(midright=(x, box.y + box.h // 2))
    surf.blit(lab, lr)
    return lr.x


def draw_banner(v, surf, text, r, y) -> int:
    """The last-round banner across the top of the bar; the y under it."""
    th = v.th
    lines = wrap(text, th.font("small", True), r.w - th.px(48))[:2]
    imgs = [th.text(ln, "small", T.INK, bold=True) for ln in lines]
    box = pygame.Rect(r.x + th.px(8), y - th.px(4), r.w - th.px(16),
                      sum(i.get_height() for i in imgs) + th.px(10))
    pygame.draw.rect(surf, (255, 226, 180), box, border_radius=th.px(10))
    pygame.draw.rect(surf, T.DANGER, box, th.px(3), border_radius=th.px(10))
    v.banner_rect = box
    ty = box.y + th.px(5)
    for img in imgs:
        surf.blit(img, img.get_rect(midtop=(box.centerx, ty)))
        ty += img.get_height()
    return box.bottom + th.px(8)


def open_menu(v, pos, state, opts, labels=None, title: str = ""):
    th = v.th
    font = th.font("label", True)
    labels = labels or [v.action_words(a, state) for a in opts]
    w = max(font.size(s)[0] for s in labels) + th.px(36)
    bh, gap = th.px(40), th.px(6)
    v.menu_title = title
    heads = wrap(title, th.font("small", True), max(w, th.px(360))) if title else []
    if heads:
        w = max(w, max(th.font("small", True).size(ln)[0] for ln in heads))
    top = sum(th.font("small", True).get_linesize() for _line in heads) + (gap if heads else 0)
    h = len(opts) * (bh + gap) + gap + top
    r = pygame.Rect(pos[0], pos[1], w + 2 * gap, h)
    r.clamp_ip(v.rect)
    v.menu_rect = r
    v.menu = []
    for i, (a, s) in enumerate(zip(opts, labels)):
        b = Button(f"{i + 1}. {s}", a)
        b.rect = pygame.Rect(r.x + gap, r.y + gap + top + i * (bh + gap), w, bh)
        v.menu.append(b)


def draw_menu(v, surf, mouse):
    """The small menu: a warning above its entries (ruling 33), the entry under the mouse lit."""
    th = v.th
    draw_panel(surf, v.menu_rect, th, radius=10)
    if v.menu_title:                          # a warning above the entries (ruling 33)
        ty = v.menu_rect.y + th.px(6)
        for ln in wrap(v.menu_title, th.font("small", True), v.menu_rect.w - th.px(12)):
            t = th.text(ln, "small", T.DANGER, bold=True)
            surf.blit(t, (v.menu_rect.x + th.px(6), ty))
            ty += t.get_height()
    for b in v.menu:
        b.hover = b.rect.collidepoint(mouse)
        b.draw(surf, th)
