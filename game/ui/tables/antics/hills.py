"""The Antics! players' panels: each player's ant-hill with a header (name, score, supply, leaves and
prey, the hand), the player to move large and the rivals sharing the rest of the column; a rival's
hill enlarged while the mouse is on it, and any hill large over the table (Z).

Functions of the view ``v``: they read its theme, seats and state of the moment, add the hexes they
draw to ``v.cells`` and ``v.hot``, and keep the hexes' places and the panels' heights in the view's
caches (``v.kept_fits``, ``v.kept_heights``).
"""
from __future__ import annotations

import math

import pygame

from game.games.antics.data import ACTIONS, NEIGHBOURS
from game.games.antics.state import BuildCell, BuildDir, BuildTile, Discard, StorePrey, UseSpace
from game.ui import theme as T
from game.ui.tables.antics import art as A
from game.ui.tables.antics import board as B
from game.core.i18n import _, ngettext
from game.ui.tables.antics.words import short_potential_words
from game.ui.widgets import draw_panel


def panel_rects(v, active: int | None, state=None, legal=()) -> list[pygame.Rect]:
    """One panel per player in seat order. The player to move gets the height their hill needs
    at the largest hexes the panel's width allows (a third to 55 % of the column, half without a
    state); the others share the rest so that the smallest of their hexes is as large as can be."""
    n = len(v.seats)
    gap = v.th.px(10)
    room = v.right.h - (n - 1) * gap
    if active is None:
        heights = [room // n] * n
    elif state is None:
        big = int(room * 0.5)
        heights = [big if i == active else (room - big) // (n - 1) for i in range(n)]
    else:
        key = (tuple(v.right), active, tuple(id(h) for h in state.hills), len(state.hands[active]),
               frozenset(hill_cells(v, state, active, legal)[1]))
        if v.kept_heights[0] != key:
            v.kept_heights = (key, panel_heights(v, state, active, legal, room))
        heights = v.kept_heights[1]
    rects, y = [], v.right.y
    for h in heights:
        rects.append(pygame.Rect(v.right.x, y, v.right.w, h))
        y += h + gap
    return rects


def header_w(v, w: int) -> int:
    """The header column's width in a compact panel ``w`` wide (name, score, supply, items, hand)."""
    return min(v.th.px(200), int(w * 0.36))


def top_header_h(v) -> int:
    """A compact panel's header as rows on top: name and score, supply, items and hand."""
    th = v.th
    return (th.px(8) + th.font("small", True).get_linesize() + th.px(2) + th.font("tiny").get_linesize()
            + th.px(2) + th.px(24) + th.px(4))


def compact_rs(v, units, w, h) -> tuple[float, float]:
    """The hex radius a rival's hill gets in a panel w x h: header beside it, header on top."""
    th = v.th
    uw, uh = units
    side = min((w - header_w(v, w) - th.px(28)) / uw, (h - th.px(12)) / uh)
    top = min((w - th.px(16)) / uw, (h - top_header_h(v) - th.px(10)) / uh)
    return side, top


def header_on_top(v, state, p, legal, panel) -> bool:
    hill, ghosts = hill_cells(v, state, p, legal)
    _box, (left, right, top, bottom) = hill_box(hill, ghosts)
    side, top = compact_rs(v, (right - left, bottom - top), panel.w, panel.h)
    return top > side * 1.1


def panel_heights(v, state, active, legal, room) -> list[int]:
    th = v.th
    n, w = len(v.seats), v.right.w
    small, tiny = th.font("small", True).get_linesize(), th.font("tiny").get_linesize()
    biggest = th.px(64)
    units = []
    for p in range(n):
        hill, ghosts = hill_cells(v, state, p, legal)
        _box, (left, right, top, bottom) = hill_box(hill, ghosts)
        units.append((right - left, bottom - top))
    items = th.px(24)
    head = th.px(8) + small + th.px(2) + tiny + th.px(2) + items + th.px(16)
    uw, uh = units[active]
    ra = min(biggest, (w - th.px(16)) / uw)
    ha = max(int(room * 0.34), min(int(room * 0.55), int(head + ra * uh)))
    rivals = [p for p in range(n) if p != active]
    if not rivals:
        return [room]
    side = w - header_w(v, w) - th.px(28)
    pad = th.px(12)
    low = th.px(8) + small + th.px(2) + 2 * tiny + th.px(2) + items + th.px(24) + th.px(6)   # the header column
    rest = room - ha
    if rest < low * len(rivals):                 # a small window: half for the player to move, as before
        big = int(room * 0.5)
        return [big if p == active else (room - big) // len(rivals) for p in range(n)]
    head_top, top_w = top_header_h(v), w - th.px(16)
    rmax = th.px(36)                             # rivals: readable, not large

    def need(p, r):                              # the height showing p's hexes at radius r (or their largest)
        uw, uh = units[p]
        r = min(r, max(side / uw, top_w / uw))
        opts = ([max(low, r * uh + pad)] if r <= side / uw + 1e-9 else []) + \
               ([head_top + r * uh + pad] if r <= top_w / uw + 1e-9 else [])
        return min(opts)

    lo, hi = 1.0, float(rmax)                    # one hex size for all, as large as the room allows
    if sum(need(p, hi) for p in rivals) <= rest:
        lo = hi
    for _step in range(20):
        if hi - lo < 0.05:
            break
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if sum(need(p, mid) for p in rivals) <= rest else (lo, mid)
    hs = {p: need(p, lo) for p in rivals}
    over = sum(hs.values()) - rest
    if over > 0:                                 # too little room: the tallest give some back
        for _rival in range(len(rivals)):
            big = [p for p in rivals if hs[p] > low]
            if not big or over <= 0:
                break
            cut = min(over / len(big), min(hs[p] - low for p in big))
            for p in big:
                hs[p] -= cut
            over -= cut * len(big)
    spare = rest - sum(hs.values())
    if spare > 0:                                # all at their largest: the player to move first (to 55 %)
        more = max(0, min(spare, int(room * 0.55) - ha))
        ha += more
        for p in rivals:
            hs[p] += (spare - more) / len(rivals)
    hs[active] = ha
    out = [int(hs[p]) for p in range(n)]
    out[rivals[-1]] += room - sum(out)
    return out


def ringed(hill, ghosts, phase) -> set:
    """The empty hexes worth a ring while a tile is placed: those touching the hill. A tile whose
    first hex lies further out has its other hex on one of them, so it is the same placement as one
    started there (fewer rings, the same choices); those hexes still take a click and show the
    tile. While the tile's second hex is chosen (build_dir) every choice is ringed."""
    if phase != "build_cell" or not hill:
        return set(ghosts)
    return {c for c in ghosts if any((c[0] + dq, c[1] + dr) in hill for dq, dr in NEIGHBOURS)}


def hill_cells(v, state, p, legal) -> tuple[dict, set]:
    hill = state.hills[p]
    ghosts = set()
    if p == state.player:
        for a in legal:
            if isinstance(a, (BuildCell, BuildDir)) and a.cell not in hill:
                ghosts.add(a.cell)
    return hill, ghosts


def draw_hill(v, surf, state, p, legal, mouse):
    th = v.th
    panel = v.panels[p]
    active = p == state.player and state.phase != "over"
    draw_panel(surf, panel, th, fill=(250, 243, 228) if active else T.PAPER, radius=14)
    if active:
        pygame.draw.rect(surf, v.seat_color(p), panel, th.px(4), border_radius=th.px(14))
    # header: name, score, supply, leaves and prey, hand; a column beside the hill when compact
    compact = not active
    stacked = compact and header_on_top(v, state, p, legal, panel)     # a wide hill: the header on top
    head_w = header_w(v, panel.w) if compact and not stacked else panel.w - th.px(24)
    seat = v.seats[p]
    x, y = panel.x + th.px(12), panel.y + th.px(8)
    T.draw_symbol(surf, T.PLAYER_SYMBOLS.get(seat.color, "circle"), (x + th.px(10), y + th.px(12)),
                  th.px(10), v.seat_color(p))
    name = th.text(seat.name, "small", T.INK, bold=True)
    surf.blit(name, (x + th.px(26), y))
    now, then = v.score_words(state, p)
    score = th.text(f"{now}  {then}" if then and not compact else now, "small", T.INK, bold=True)
    sr = score.get_rect(topright=(x + head_w, y))
    surf.blit(score, sr)
    v.hot.append(("score_info", sr, p))
    y += name.get_height() + th.px(2)
    k = state.supply[p]
    t = th.text(ngettext("{n} ant in supply", "{n} ants in supply", k).format(n=k), "tiny", T.INK_SOFT)
    surf.blit(t, (x, y))
    risk = v.facts(state)["risk"][p] if then else 0
    if risk and not compact:        # "4 pts at risk" under the projection, in red
        rt = th.text(v.words.risk_words(risk), "tiny", T.DANGER, bold=True)
        rr = rt.get_rect(topright=(x + head_w, y))
        surf.blit(rt, rr)
        v.hot.append(("score_info", rr, p))
    if then and compact:            # "(9 if home)" under the score, or a row of its own if the supply is long
        then_n = v.facts(state)["potential"][p]
        pot = th.text(short_potential_words(then_n, risk), "tiny", T.DANGER if risk else (150, 80, 20), bold=True)
        badge = risk and pot.get_width() > head_w - th.px(4)
        if badge:                   # too narrow for the words: the red mark says it (its tip says how much)
            pot = th.text(short_potential_words(then_n), "tiny", T.DANGER, bold=True)
        pr = pot.get_rect(topright=(x + head_w, y))
        if pr.x < x + t.get_width() + th.px(6):
            pr.y += t.get_height()
            y += t.get_height()
        surf.blit(pot, pr)
        v.hot.append(("score_info", pr, p))
        if badge:
            rad = pr.h // 2
            B.draw_risk_mark(th, surf, (pr.x - rad - th.px(4), pr.centery), rad, ring=False)
            v.hot.append(("score_info", pygame.Rect(pr.x - 2 * rad - th.px(6), pr.y, 2 * rad + th.px(6), pr.h), p))
    y += t.get_height() + th.px(2)
    if stacked:  # items and hand on one row, the hill under them across the panel
        n_items = sum(state.leaves[p]) + len(state.beside[p])
        below = draw_items(v, surf, state, p, x, y, th.px(22))
        hx = x + n_items * (th.px(22) - th.px(4)) + (th.px(8) if n_items else 0)
        y = max(below, draw_panel_hand(v, surf, state, p, legal, hx, y, th.px(24), x + head_w))
        room = pygame.Rect(panel.x + th.px(8), y + th.px(2), panel.w - th.px(16), panel.bottom - y - th.px(8))
        draw_cells(v, surf, state, p, legal, room, mouse, fold=True)
        return
    y = draw_items(v, surf, state, p, x, y, th.px(22))
    if compact:  # the player to move has the hand large in the bar below the board
        y = draw_panel_hand(v, surf, state, p, legal, x, y, th.px(24), x + head_w)
    if compact:
        room = pygame.Rect(x + head_w + th.px(8), panel.y + th.px(6),
                           panel.right - x - head_w - th.px(16), panel.h - th.px(12))
    else:
        room = pygame.Rect(panel.x + th.px(8), y + th.px(4), panel.w - th.px(16), panel.bottom - y - th.px(12))
    draw_cells(v, surf, state, p, legal, room, mouse, fold=compact)


def draw_items(v, surf, state, p, x, y, icon) -> int:
    """Leaves held and prey beside the hill (and prey just delivered), as icons; the next y."""
    items = [A.leaf_icon(kind, icon) for kind, k in zip(("green", "brown"), state.leaves[p]) for _leaf in range(k)]
    items += [A.prey_icon(prey, icon) for prey in state.beside[p]]
    if p == state.player:
        items += [A.prey_icon(prey, icon) for prey in state.delivered]
    for img in items:
        surf.blit(img, (x, y))
        x += icon - v.th.px(4)
    return y + (icon + v.th.px(2) if items else 0)


def draw_panel_hand(v, surf, state, p, legal, x, y, hand_h, right) -> int:
    """The hand as small tiles (clickable when a build or discard may take them) and the
    magnificANT token at the right; the next y."""
    th = v.th
    picks = {a.tile: a for a in legal if isinstance(a, (BuildTile, Discard))} if p == state.player else {}
    for tid in state.hands[p]:
        img = A.tile_pair(tuple(state.data.tiles[tid]), int(hand_h / 0.62), True, tid.startswith("S"))
        r = img.get_rect(topleft=(x, y))
        surf.blit(img, r)
        if tid in picks:
            pygame.draw.rect(surf, T.LEGAL, r.inflate(th.px(4), th.px(4)), th.px(3), border_radius=th.px(6))
            v.hot.append(("hand", r, picks[tid]))
        else:
            v.hot.append(("hand_info", r, tid))
        x += r.w + th.px(4)
    mag = A.magnificant(v.seat_color(p), hand_h)
    mr = mag.get_rect(topright=(right, y))
    if state.magnificant_used and p == state.player:
        mag = mag.copy()
        mag.set_alpha(80)
    surf.blit(mag, mr)
    v.hot.append(("mag_info", mr, p))
    return y + hand_h


def draw_cells(v, surf, state, p, legal, room, mouse, biggest: int = 64, fold: bool = False):
    """p's hexes in ``room``, as large as fit. ``fold`` (a rival's small panel): when the hill's shape
    would leave its hexes too small to read (a long late-game hill), they are laid in rows instead,
    by symbol and level, as large as the room allows; the enlarged hill (the mouse on the panel, Z)
    shows the shape."""
    th = v.th
    hill, ghosts = hill_cells(v, state, p, legal)
    cells = list(hill) + list(ghosts)
    if not cells:
        return
    pts, px, R, cx0, cy0, order = fit(v, hill, ghosts, room, th.px(biggest))
    if fold and not ghosts and R < th.px(FOLD_BELOW):
        folded = fold_fit(v, hill, room, th.px(biggest))
        if folded[2] >= R * 1.25:
            pts, px, R, cx0, cy0, order = folded
    mine = p == state.player
    lit = {}
    if mine:
        for a in legal:
            if isinstance(a, (UseSpace, BuildCell, BuildDir, StorePrey)) and a.cell is not None:
                lit[a.cell] = a
    rings = ringed(hill, ghosts, state.phase)
    clip = surf.get_clip()
    surf.set_clip(room.inflate(th.px(6), th.px(4)).clip(clip))     # never over the header or the next panel
    for c in order:
        centre = (cx0 + pts[c][0] * R, cy0 + pts[c][1] * R)
        stack = hill.get(c)
        if stack:
            tid, sym = stack[-1]
            covered = None
            if c in state.stored[p]:
                covered = state.stored[p][c]
            elif mine and c in state.used:
                covered = v.seats[p].color
            img = A.hex_cell(sym, len(stack), px, tid.startswith("S"), covered)
            surf.blit(img, img.get_rect(center=(int(centre[0]), int(centre[1]))))
        elif c in rings:
            corners = A.hex_corners(centre[0], centre[1], R * 0.94)
            pygame.draw.polygon(surf, (214, 236, 200), corners)
            pygame.draw.polygon(surf, T.LEGAL, corners, max(1, th.px(2)))
        if mine and state.build_cell == c and state.phase in ("build_dir", "build_orient"):
            pygame.draw.polygon(surf, T.HILITE, A.hex_corners(centre[0], centre[1] - R * 0.05, R * 0.9), th.px(4))
        if c in lit and (c in rings or c in hill):
            over = math.dist(mouse, centre) < R * 0.85
            pygame.draw.polygon(surf, T.HILITE if over else T.LEGAL,
                                A.hex_corners(centre[0], centre[1] - R * 0.05, R * 0.92), th.px(3))
        v.cells[(p, c)] = (centre, R)
        v.hot.append(("cell", (centre, R * 0.85), (p, c)))
        if v.flash.get(("cell", (p, c))):
            pygame.draw.polygon(surf, T.HILITE, A.hex_corners(centre[0], centre[1], R), th.px(3))
    if mine and state.phase == "build_cell" and (v.zoom is None or any(k == "zoom" for k, _shape, _key in v.hot)):
        v._ghost_at = (surf.get_clip(), p, legal, (cx0, cy0, R, px))   # drawn over the table (draw)
    surf.set_clip(clip)


FOLD_BELOW = 26     # a rival's hexes smaller than this (corner radius, theme px) are laid in rows if that is larger
SYMBOL_ORDER = {sym: i for i, sym in enumerate((*ACTIONS, "fungus"))}


def fold_fit(v, hill, room, biggest) -> tuple:
    """A hill's top hexes laid in rows (honeycomb: every other row shifted half a hex), by symbol,
    then level, highest first; the number of rows that makes them largest in ``room``. The same
    tuple as ``fit``, kept the same way."""
    key = ("fold", id(hill), tuple(room), biggest)
    got = v.kept_fits.get(key)
    if got is not None and got[0] is hill:
        return got[1]
    cells = sorted(hill, key=lambda c: (SYMBOL_ORDER.get(hill[c][-1][1], 9), -len(hill[c]), c))
    n = len(cells)
    w3 = math.sqrt(3)
    best = None
    for rows in range(1, n + 1):
        per = math.ceil(n / rows)
        pts = {c: ((i % per) * w3 + (i // per % 2) * w3 / 2, (i // per) * 1.5) for i, c in enumerate(cells)}
        _p, (left, right, top, bottom) = hill_box(hill, (), pts)
        R = min(room.w / (right - left), room.h / (bottom - top), biggest)
        if best is None or R > best[0] + 1e-9:
            best = (R, pts, (left, right, top, bottom))
    R, pts, (left, right, top, bottom) = best
    px = max(4, int(max(1.0, R) / A.HEX_FRACTION))
    R = A.cell_radius(px)
    x0 = room.centerx - (left + right) / 2 * R
    y0 = room.centery - (top + bottom) / 2 * R
    order = sorted(cells, key=lambda c: (len(hill[c]), pts[c][1]))
    got = (pts, px, R, x0, y0, order)
    if len(v.kept_fits) > 64:
        v.kept_fits.clear()
    v.kept_fits[key] = (hill, got)
    return got


def hill_box(hill, ghosts, pts=None) -> tuple[dict, tuple]:
    """A hill's hex centres at corner radius 1 and the box its images cover (left, right, top,
    bottom): the hex, raised a little per level, its drop shadow to the right and below."""
    if pts is None:
        pts = {c: A.axial_to_pixel(c[0], c[1], 1.0) for c in list(hill) + list(ghosts)}
    if not pts:
        return pts, (0.0, 2.0, 0.0, 2.0)
    half_w = math.sqrt(3) / 2
    left = min(v[0] for v in pts.values()) - half_w - 0.06
    right = max(v[0] for v in pts.values()) + half_w + 0.3              # the shadow
    top = min(v[1] - 1 - 0.2 * (len(hill.get(c, ())) > 1) for c, v in pts.items())   # raised stacks
    bottom = max(v[1] for v in pts.values()) + 1 + 0.35
    return pts, (left, right, top, bottom)


def fit(v, hill, ghosts, room, biggest) -> tuple:
    """Where a hill's hexes go in ``room``, centred and as large as fits (at most ``biggest``
    corner radius): (unit centres, px, R, x0, y0, drawing order). The box counted is what a hex
    image shows: the hex, raised a little per level, its drop shadow to the right and below.
    Kept per hill (a hill is never changed, only replaced) and room, not worked out each frame."""
    key = (id(hill), frozenset(ghosts), tuple(room), biggest)
    got = v.kept_fits.get(key)
    if got is not None and got[0] is hill:
        return got[1]
    cells = list(hill) + list(ghosts)
    pts, (left, right, top, bottom) = hill_box(hill, ghosts)
    R = max(1.0, min(room.w / (right - left), room.h / (bottom - top), biggest))
    px = max(4, int(R / A.HEX_FRACTION))
    R = A.cell_radius(px)
    x0 = room.centerx - (left + right) / 2 * R
    y0 = room.centery - (top + bottom) / 2 * R
    order = sorted(cells, key=lambda c: (len(hill.get(c, ())), pts[c][1]))
    got = (pts, px, R, x0, y0, order)
    if len(v.kept_fits) > 64:
        v.kept_fits.clear()
    v.kept_fits[key] = (hill, got)
    return got


def draw_peek(v, surf, state, p, legal, mouse):
    """A rival's hill enlarged beside their panel while the mouse is on it (Z keeps it large)."""
    th = v.th
    panel = v.panels[p]
    hill, ghosts = hill_cells(v, state, p, legal)
    if not hill:
        return
    _box, (left, right, top, bottom) = hill_box(hill, ghosts)
    w = min(v.board.w, int(v.right.w * 1.25))
    pad = th.px(16)
    # i18n: over a rival's ant-hill shown enlarged; Z is the key that keeps it large
    title = th.text(_("{name}'s ant-hill  (Z: larger)").format(name=v.seats[p].name), "small", T.INK, bold=True)
    R = min(th.px(72), (w - 2 * pad) / (right - left))
    h = min(v.rect.h, int(R * (bottom - top)) + 2 * pad + title.get_height())
    box = pygame.Rect(0, 0, w, h)
    box.midright = (panel.x - th.px(8), panel.centery)
    above_bar = pygame.Rect(v.rect.x, v.rect.y, v.rect.w, v.bar.y - v.rect.y - th.px(8))
    box.clamp_ip(above_bar if box.h <= above_bar.h else v.rect)    # the bar (words, buttons) stays in view
    draw_panel(surf, box, th, fill=(250, 243, 228), radius=14)
    pygame.draw.rect(surf, v.seat_color(p), box, th.px(4), border_radius=th.px(14))
    surf.blit(title, (box.x + pad, box.y + th.px(8)))
    room = pygame.Rect(box.x + pad, box.y + th.px(8) + title.get_height(), box.w - 2 * pad,
                       box.h - title.get_height() - th.px(8) - pad)
    draw_cells(v, surf, state, p, legal, room, mouse, biggest=72)


def draw_zoom(v, surf, state, legal, mouse):
    """A player's ant-hill large over the board and the panels; the bar (hand, buttons) stays."""
    th = v.th
    p = v.zoom
    box = v.zoom_rect()
    draw_panel(surf, box, th, fill=(250, 243, 228), radius=16)
    pygame.draw.rect(surf, v.seat_color(p), box, th.px(4), border_radius=th.px(16))
    v.hot.append(("zoom", box, None))   # clicks on the panel reach nothing beneath it
    title = th.text(_("{name}'s ant-hill").format(name=v.seats[p].name), "title", T.INK, bold=True)
    surf.blit(title, (box.x + th.px(20), box.y + th.px(12)))
    # i18n: Z and Esc are keys
    tip = th.text(_("Z or Esc: back to the table"), "small", T.INK_SOFT)
    surf.blit(tip, tip.get_rect(topright=(box.right - th.px(20), box.y + th.px(20))))
    room = box.inflate(-th.px(40), -th.px(40)).move(0, title.get_height() // 2)
    room.h -= title.get_height() // 2
    draw_cells(v, surf, state, p, legal, room, mouse, biggest=150)
