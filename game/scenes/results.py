"""Results: the points counted up line by line, the winner, then the sheet and two charts.

The count-up shows one scoring line at a time (every player's number rising together), then the
totals, then the winner banner with the tie-breaks. Any key or click skips to the end at once
(Esc still leaves for the menu).
After it: the score table (left) and, on the right, the points per scoring line as stacked bars
and the score after each round as a line chart.
"""
from __future__ import annotations

import math

import pygame

from game.core import i18n
from game.core.i18n import N_, _, format_list, format_number, ngettext, pgettext
from game.games import get_rules
from game.scenes.common import Background, draw_title
from game.scenes.manager import Scene
from game.scenes.play_aids import kind_words
from game.ui import theme as T
from game.ui.widgets import Button, draw_panel, layout_row, wrap

STEP_MS = 350        # one step of the count-up: a scoring line, the totals, the banner
COUNT_MS = 300       # how long a number takes to count up within its step
MAX_DT_MS = 100      # a stalled frame does not jump the count-up ahead
GLOW = (252, 226, 160)
BANNER_INK = (150, 82, 44)
# scoring-line segments: a small fixed palette, each also with its own pattern
SEGMENT_COLORS = [(196, 120, 64), (96, 150, 70), (112, 140, 196), (226, 184, 70), (170, 100, 150),
                  (140, 134, 120)]
PATTERNS = ("plain", "slant", "dots", "rows", "grid", "columns")
# scoring lines that have a colour of their own, the colour the table shows them in (a view may name
# more, or others, with a ``line_colours`` dict); every other line takes a palette colour unlike these
LINE_COLOURS = {
    "green_leaves": (104, 168, 62),    # Antics!: the green leaf (antics art LEAF_COLOURS["green"])
    "worms": (232, 128, 140),          # It Happens..: the pink worm
    "queens": (236, 196, 80),          # It Happens..: the gold Queen tile
    "generals": (156, 166, 184),       # It Happens..: the silver General tile
}
UNLIKE = 70                           # how far apart (RGB distance) two lines' colours must be
# the scoring lines and tie-breaks of the games whose tables do not name them (View.line_labels)
LINE_WORDS = {
    # i18n: a scoring line of It Happens.. on the final scores
    "item_sets": N_("Item sets"),
    # i18n: a scoring line of It Happens.. on the final scores
    "worms": N_("Worms"),
    # i18n: a scoring line of It Happens.. on the final scores (the Queen cards)
    "queens": N_("Queens"),
    # i18n: a scoring line of It Happens.. on the final scores (the General cards)
    "generals": N_("Generals"),
    # i18n: a scoring line of It Happens.. on the final scores
    "variety_bonus": N_("Variety bonus"),
    # i18n: a tie-break of It Happens..: how many Queen cards a player has
    "queen_count": N_("Queen count"),
    # i18n: a tie-break of It Happens..: how many General cards a player has
    "general_count": N_("General count"),
    # i18n: a tie-break of It Happens..: how many worms a player has
    "worm_count": N_("Worm count"),
    # i18n: a scoring line of Antics! on the final scores
    "prey": N_("Prey"),
    # i18n: a scoring line of Antics! on the final scores
    "fungus": N_("Fungus"),
    # i18n: a scoring line of Antics! on the final scores
    "green_leaves": N_("Green leaves"),
    # i18n: the tie-break of Micropolis: the size of a player's army
    "army": N_("Army"),
}


def line_label(name: str, labels: dict | None = None) -> str:
    """A scoring line's name in the chosen language: the game's own words for it (its view's
    line_labels, message ids) when it has them."""
    if labels and name in labels:
        return _(labels[name])
    if name in LINE_WORDS:
        return _(LINE_WORDS[name])
    if name.startswith("level_") and name[6:].isdigit():  # Antics! tie-breaks
        # i18n: a tie-break of Antics!: how many tiles a player has on that level of their ant-hill
        return _("Tiles on level {level}").format(level=int(name[6:]))
    return name.replace("_", " ").capitalize()       # a line no table names yet (new games, tests)


def explain_winners(rules, seats, sheets, winners, labels: dict | None = None) -> str:
    """Plain words for who won and, when totals tied, which tie-break decided (in the chosen language)."""
    names = [seats[w].shown_name for w in winners]
    best = max(sh.total for sh in sheets)
    tied = [sh for sh in sheets if sh.total == best]
    if len(winners) > 1:
        # i18n: the winner banner of the final scores; {names} lists the winners ("Ann and Bruno"),
        # {n} is their points
        return ngettext("Shared victory: {names} with {n} point, tied on every tie-break.",
                        "Shared victory: {names} with {n} points, tied on every tie-break.",
                        best).format(names=format_list(names), n=format_number(best))
    if len(tied) == 1:
        return _wins_with(names[0], best)
    w = sheets[winners[0]]
    for key in w.tiebreak:
        vals = {sh.player: sh.tiebreak.get(key, 0) for sh in tied}
        top = max(vals.values())
        if list(vals.values()).count(top) == 1:
            # i18n: one rival's count on a tie-break, in a list after "against": {name} and their {value} ("Bruno 2")
            others = format_list([_("{name} {value}").format(name=seats[p].shown_name, value=format_number(v))
                                  for p, v in vals.items() if p != w.player])
            # i18n: the winner banner when the points tied; {name} won, {n} is the tied points, {tiebreak}
            # names the tie-break that decided ("Queen count"), {value} is the winner's count on it and
            # {others} lists the others' ("Bruno 2 and Cid 1")
            return ngettext("{name} wins the tie at {n} point. {tiebreak}: {value} against {others}.",
                            "{name} wins the tie at {n} points. {tiebreak}: {value} against {others}.",
                            best).format(name=names[0], n=format_number(best), tiebreak=line_label(key, labels),
                                         value=format_number(top), others=others)
        tied = [sh for sh in tied if vals[sh.player] == top]
    return _wins_with(names[0], best)


def _wins_with(name: str, points: int) -> str:
    # i18n: the winner banner of the final scores; {name} is the winner, {n} their points
    return ngettext("{name} wins with {n} point.", "{name} wins with {n} points.", points).format(
        name=name, n=format_number(points))


def round_states(history, final) -> list:
    """The start, every state in which a new round opens (so the round before it is fully scored:
    end-of-round awards are logged just before the "round" event), and the final state."""
    out = [history[0]]
    for before, s in zip(history, history[1:]):
        if any(ev.get("type") == "round" for ev in s.log.since(len(before.log))):
            out.append(s)
    if out[-1] is not final:
        out.append(final)
    return out


def round_totals(rules, history, final) -> list[tuple[str, list[int]]]:
    """(tick label, total per player) at the start, after each round and at the end (the first tick
    is "Start", translated when drawn; the others are round numbers)."""
    states = round_states(history, final)
    return [("Start" if i == 0 else str(i), [sh.total for sh in rules.score_sheets(s)])
            for i, s in enumerate(states)]


def ease_out(x: float) -> float:
    return 1 - (1 - x) ** 3


def nice_step(span: float) -> int:
    """A round grid step (1, 2, 5, 10, 20, 50, ...) giving about four grid lines over span."""
    raw = max(1.0, span / 4)
    mag = 10 ** math.floor(math.log10(raw))
    return int(next(m * mag for m in (1, 2, 5, 10) if m * mag >= raw))


SMALLER = {"title": "label", "label": "body", "body": "small", "small": "tiny"}


def fit_text(th, s: str, style: str, color, width: int, bold: bool = False) -> pygame.Surface:
    """The words in ``style``, or a smaller type down to the smallest when they do not fit the
    width (a longer language); only then shortened with a dot."""
    img = th.text(s, style, color, bold)
    while img.get_width() > width and style in SMALLER:
        style = SMALLER[style]
        img = th.text(s, style, color, bold)
    while img.get_width() > width and len(s) > 1:
        s = s[:-1]
        img = th.text(s.rstrip() + ".", style, color, bold)
    return img


def draw_pattern(surf, rect: pygame.Rect, k: int, ink, gap: int):
    """Scoring line k's pattern over its segment (so the chart reads without colour)."""
    kind = PATTERNS[k % len(PATTERNS)]
    clip = surf.get_clip()
    surf.set_clip(rect.clip(clip))
    x0, y0, w, h = rect
    if kind in ("slant", "grid"):
        for i in range(0, w + h, gap):
            pygame.draw.line(surf, ink, (x0 + i, y0), (x0 + i - h, y0 + h), 2)
    if kind in ("rows", "grid"):
        for y in range(y0 + gap // 2, y0 + h, gap):
            pygame.draw.line(surf, ink, (x0, y), (x0 + w, y), 2)
    if kind == "columns":
        for x in range(x0 + gap // 2, x0 + w, gap):
            pygame.draw.line(surf, ink, (x, y0), (x, y0 + h), 2)
    if kind == "dots":
        for y in range(y0 + gap // 2, y0 + h, gap):
            for x in range(x0 + gap // 2, x0 + w, gap):
                pygame.draw.circle(surf, ink, (x, y), max(1, gap // 5))
    surf.set_clip(clip)


def line_colours(lines, own: dict | None = None) -> dict[str, tuple]:
    """Each scoring line's colour, the same in the legend and in the bars: its own colour when it
    has one (the table's ``own``, else LINE_COLOURS), else the next palette colour unlike every
    colour already given ("Green leaves" green, never the blue of a palette position)."""
    named = {**LINE_COLOURS, **(own or {})}
    out = {key: tuple(named[key]) for key in lines if key in named}

    def unlike(c):
        return all(math.dist(c, u) >= UNLIKE for u in out.values())
    spare = [c for c in SEGMENT_COLORS if unlike(c)]
    for k, key in enumerate(lines):
        if key not in out:
            out[key] = spare.pop(0) if spare else SEGMENT_COLORS[k % len(SEGMENT_COLORS)]
    return out


def draw_segment(surf, rect: pygame.Rect, k: int, th, color=None):
    """Scoring line k's segment: its colour (the palette's k-th unless given) and its pattern."""
    color = color or SEGMENT_COLORS[k % len(SEGMENT_COLORS)]
    pygame.draw.rect(surf, color, rect)
    draw_pattern(surf, rect, k, tuple(int(c * 0.62) for c in color), max(5, th.px(11)))
    pygame.draw.rect(surf, T.INK, rect, 1)


class ResultsScene(Scene):
    def __init__(self, app, game_id, seats, seed, options, state, from_replay=False, history=None):
        super().__init__(app)
        self.game_id, self.input_seats, self.seed, self.options = game_id, seats, seed, options
        self.rules = get_rules(game_id)
        self.state = state
        self.history = list(history) if history else [state]   # every state of the game, first to last
        self.seats = state.seats
        self.sheets = self.rules.score_sheets(state)
        self.winners = self.rules.winners(state)
        from game.ui.views.base import get_view
        self.view = get_view(game_id, self.rules, self.seats, app.theme)
        self.labels = dict(self.view.line_labels)     # the scoring lines named as on the table (message ids)
        self.lines = list(self.sheets[0].lines.keys())
        self.colours = line_colours(self.lines, getattr(self.view, "line_colours", None))
        self.rounds = round_totals(self.rules, self.history, state)
        self.notes = self.view.result_notes(state)
        self.bg = Background()
        self.buttons = [Button("", "again", style="primary")]
        if len(self.history) > 1:
            self.buttons.append(Button("", "replay"))
            self.buttons.append(Button("", "review"))
        self.buttons.append(Button("", "menu"))
        self._label_buttons()
        self.focus = 0
        self.t = 0.0            # ms into the count-up
        self.sounded = 0        # steps whose sound has played

    @property
    def explain(self) -> str:
        """Who won, and how, in the chosen language."""
        return explain_winners(self.rules, self.seats, self.sheets, self.winners, self.labels)

    def _label_buttons(self):
        from game.scenes.review import reviewed_player
        for b in self.buttons:
            if b.action == "again":
                # i18n: button on the final scores: a new game with the same players
                b.label = _("Play again")
            elif b.action == "replay":
                # i18n: button: step through the finished game move by move
                b.label = _("Watch the replay")
            elif b.action == "review":
                # i18n: button on the final scores: the strongest AI weighs {name}'s decisions (a game review)
                b.label = _("Review {name}'s moves").format(name=self.seats[reviewed_player(self.seats)].shown_name)
            else:
                # i18n: button: back to the main menu
                b.label = pgettext("button", "Menu")

    # -- the count-up ------------------------------------------------------------
    @property
    def steps(self) -> int:
        return len(self.lines) + 2          # each line, the totals, the banner

    def animating(self) -> bool:
        return self.t < self.steps * STEP_MS

    def revealed(self) -> bool:
        """The winner is known: banner, tie-breaks, glow and notes are shown."""
        return self.t >= (self.steps - 1) * STEP_MS

    def skip_animation(self):
        self.t = self.steps * STEP_MS
        self.sounded = self.steps
        self.dirty = True

    def shown(self, step: int, value: int) -> int | None:
        """The number on show for a value counted in the given step (None before its step)."""
        if self.t < step * STEP_MS:
            return None
        return round(value * ease_out(min(1.0, (self.t - step * STEP_MS) / COUNT_MS)))

    def update(self, dt_ms):
        if not self.animating():
            return False
        self.t += min(dt_ms, MAX_DT_MS)
        step = min(self.steps - 1, int(self.t // STEP_MS))
        if step >= self.sounded:             # one sound per step, never a burst
            self.app.sound.play("fanfare" if step == self.steps - 1 else "tick")
            self.sounded = step + 1
        self.dirty = True
        return self.animating()

    # -- input -------------------------------------------------------------------
    def _do(self, action):
        if action == "again":
            import random
            from game.scenes.play import PlayScene
            seed = random.SystemRandom().randrange(1, 10**9)
            self.app.scenes.replace(PlayScene(self.app, self.game_id, self.input_seats, seed, self.options))
        elif action == "review":
            from game.scenes.review import ReviewScene, reviewed_player
            self.app.scenes.push(ReviewScene(self.app, self.game_id, self.input_seats, self.seed, self.options,
                                             self.history, reviewed_player(self.seats)))
        elif action == "replay":
            from game.scenes.play import PlayScene
            self.app.scenes.push(PlayScene(self.app, self.game_id, self.input_seats, self.seed, self.options,
                                           states=self.history, replay=True))
        else:
            from game.scenes.select import SelectScene
            self.app.scenes.reset(SelectScene(self.app))

    def back(self):
        self._do("menu")

    def handle(self, ev):
        if ev.type == pygame.MOUSEMOTION:
            for b in self.buttons:
                b.hover = b.rect.collidepoint(ev.pos)
            self.dirty = True
        elif self.animating() and (ev.type == pygame.MOUSEBUTTONDOWN
                                   or (ev.type == pygame.KEYDOWN and ev.key != pygame.K_ESCAPE)):
            if self.sounded < self.steps:
                self.app.sound.play("fanfare")
            self.skip_animation()
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            for b in self.buttons:
                if b.hit(ev.pos):
                    self._do(b.action)
                    return
        elif ev.type == pygame.KEYDOWN:
            self.dirty = True
            back = ev.key == pygame.K_LEFT or (ev.key == pygame.K_TAB and ev.mod & pygame.KMOD_SHIFT)
            if ev.key == pygame.K_ESCAPE:
                self.back()
            elif ev.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                self.focus = (self.focus + (-1 if back else 1)) % len(self.buttons)
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self._do(self.buttons[self.focus].action)

    # -- drawing -----------------------------------------------------------------
    def draw(self, surf):
        """Once the count-up is over the picture only changes with the buttons: it is kept."""
        key = (surf.get_size(), self.focus, tuple(b.hover for b in self.buttons), self.th.scale, i18n.language())
        if not self.animating() and getattr(self, "_still", None) is not None and self._still[0] == key:
            surf.blit(self._still[1], (0, 0))
            return
        self._draw(surf)
        if not self.animating():
            self._still = (key, surf.copy())

    def _draw(self, surf):
        th = self.th
        W, H = surf.get_size()
        surf.blit(self.bg.get((W, H)), (0, 0))
        self._label_buttons()
        # i18n: the title of the results screen
        heading = _("Final scores")
        draw_title(surf, th, heading, _(self.rules.title))
        top = th.px(36) + th.font("hero").get_linesize() + th.font("body").get_linesize() + th.px(12)
        title_w = th.text(heading, "hero", T.INK, bold=True).get_width()
        self._draw_banner(surf, pygame.Rect(th.px(100) + title_w, th.px(26), W - th.px(140) - title_w,
                                            top - th.px(38)))
        bottom = H - th.px(112)
        half = (W - th.px(100)) // 2
        self._draw_sheet(surf, pygame.Rect(th.px(40), top, half, bottom - top))
        charts = pygame.Rect(th.px(60) + half, top, W - th.px(100) - half, bottom - top)
        draw_panel(surf, charts, th)
        inner = charts.inflate(-th.px(40), -th.px(32))
        split = inner.h * 11 // 20
        self._draw_bars(surf, pygame.Rect(inner.x, inner.y, inner.w, split - th.px(12)))
        self._draw_rounds(surf, pygame.Rect(inner.x, inner.y + split, inner.w, inner.h - split))
        row = pygame.Rect(0, H - th.px(92), W, th.px(62))
        gap = th.px(30)
        widest = max(th.text(b.label, "label", T.INK, bold=True).get_width() for b in self.buttons) + th.px(48)
        room = (W - th.px(80) - gap * (len(self.buttons) - 1)) // len(self.buttons)
        layout_row(self.buttons, row, gap, width=min(room, max(th.px(330), widest)))
        for i, b in enumerate(self.buttons):
            b.focus = i == self.focus
            b.draw(surf, th)

    def _draw_banner(self, surf, rect: pygame.Rect):
        th = self.th
        if not self.revealed():
            msg = th.text(_("Counting the points..."), "label", (236, 220, 190), bold=True)
            surf.blit(msg, msg.get_rect(midleft=(rect.x, rect.centery)))
            return
        draw_panel(surf, rect, th, fill=GLOW, edge=(214, 160, 70))
        r = th.px(20)
        x = rect.x + th.px(20)
        for w in self.winners:
            seat = self.seats[w]
            T.draw_symbol(surf, T.PLAYER_SYMBOLS.get(seat.color, "circle"), (x + r, rect.centery), r,
                          T.PLAYER_COLORS.get(seat.color, (200, 200, 200)))
            x += 2 * r + th.px(10)
        style = "label"
        text_w = rect.right - th.px(20) - x
        explain = self.explain
        rows = wrap(explain, th.font(style, True), text_w)
        if len(rows) * th.font(style).get_linesize() > rect.h:
            style = "small"
            rows = wrap(explain, th.font(style, True), text_w)
        lh = th.font(style).get_linesize()
        y = rect.centery - lh * len(rows) // 2
        for ln in rows:
            surf.blit(th.text(ln, style, BANNER_INK, bold=True), (x, y))
            y += lh

    def _note_rows(self, width: int) -> list[tuple[str, tuple, bool]]:
        out = []
        font = self.th.font("small", True)        # the first line of each note is bold: the widest
        for p, words in self.notes:
            ink = T.dark_ink(self.view.seat_color(p))
            # i18n: a note under the score sheet: {name} is a player, {note} says how some of their points came
            note = _("{name}: {note}").format(name=self.seats[p].shown_name, note=words)
            for i, ln in enumerate(wrap(note, font, width)):
                out.append((ln, ink, i == 0))
        return out

    def _draw_sheet(self, surf, panel: pygame.Rect):
        """The score table: lines, totals, tie-breaks; the winners' columns glow; notes below."""
        th = self.th
        draw_panel(surf, panel, th)
        inner = panel.inflate(-th.px(40), -th.px(36))
        tb_keys = list(self.sheets[0].tiebreak.keys())
        n = len(self.sheets)
        notes = self._note_rows(inner.w)
        note_h = th.font("small").get_linesize()
        labels = [th.text(line_label(k, self.labels), "body") for k in self.lines]
        labels += [th.text(self._tiebreak_label(k, key), "small") for k, key in enumerate(tb_keys)]
        # the labels take what the players' columns leave (a longer language needs more than 2/5)
        label_w = min(max(img.get_width() for img in labels) + th.px(16),
                      max(inner.w * 2 // 5, inner.w - n * th.px(130)))
        col_w = min(th.px(200), (inner.w - label_w) // n)
        xl = inner.centerx - (label_w + col_w * n) // 2
        x0 = xl + label_w
        sym_r = th.px(16)
        head_h = 2 * sym_r + th.font("label").get_linesize() + th.font("small").get_linesize() + th.px(10)
        rows = len(self.lines) + 1 + len(tb_keys)
        free = inner.h - head_h - th.px(24) - len(notes) * note_h - th.px(12)
        row_h = max(th.font("body").get_linesize() + th.px(4), min(th.px(46), free // rows))
        y = inner.y + max(0, free - rows * row_h) // 3      # a short table sits a little lower
        if self.revealed():
            for i, sh in enumerate(self.sheets):      # the winners' columns glow
                if sh.player in self.winners:
                    col = pygame.Rect(x0 + i * col_w + th.px(4), y - th.px(8), col_w - th.px(8),
                                      head_h + row_h * rows + th.px(30))
                    pygame.draw.rect(surf, GLOW, col, border_radius=th.px(14))
        for i, sh in enumerate(self.sheets):
            seat = self.seats[sh.player]
            cx = x0 + i * col_w + col_w // 2
            T.draw_symbol(surf, T.PLAYER_SYMBOLS.get(seat.color, "circle"), (cx, y + sym_r), sym_r,
                          T.PLAYER_COLORS.get(seat.color, (200, 200, 200)))
            nm = fit_text(th, seat.shown_name, "label", T.INK, col_w - th.px(6), bold=True)
            surf.blit(nm, nm.get_rect(midtop=(cx, y + 2 * sym_r + th.px(4))))
            kd = th.text(kind_words(seat.kind), "small", T.INK_SOFT)
            if kd.get_width() <= col_w - th.px(6):
                surf.blit(kd, kd.get_rect(midtop=(cx, y + 2 * sym_r + th.px(4) + nm.get_height())))
        y += head_h

        def row(label, values, stripe, style="body", ink=T.INK, bold=False):
            nonlocal y
            if stripe:
                pygame.draw.rect(surf, (238, 228, 206), (xl - th.px(8), y, label_w + col_w * n + th.px(16), row_h),
                                 border_radius=th.px(6))
            lab = fit_text(th, label, style, ink, label_w - th.px(8), bold)
            surf.blit(lab, (xl, y + (row_h - lab.get_height()) // 2))
            for i, v in enumerate(values):
                if v is not None:
                    img = th.text(format_number(v), style, ink, bold=bold) if not isinstance(v, pygame.Surface) else v
                    surf.blit(img, img.get_rect(center=(x0 + i * col_w + col_w // 2, y + row_h // 2)))
            y += row_h

        for k, key in enumerate(self.lines):
            row(line_label(key, self.labels), [self.shown(k, sh.lines[key]) for sh in self.sheets], k % 2 == 0)
        pygame.draw.line(surf, T.INK_SOFT, (xl, y + th.px(4)), (x0 + col_w * n, y + th.px(4)), th.px(2))
        y += th.px(10)
        totals = []
        for sh in self.sheets:
            v = self.shown(len(self.lines), sh.total)
            ink = BANNER_INK if self.revealed() and sh.player in self.winners else T.INK
            totals.append(None if v is None else th.text(format_number(v), "title", ink, bold=True))
        # i18n: the row of the score sheet with each player's total points
        row(_("Total"), totals, False, "label", bold=True)
        y += th.px(6)
        for k, key in enumerate(tb_keys):
            label = self._tiebreak_label(k, key)
            if th.text(label, "small").get_width() > label_w - th.px(8):
                label = line_label(key, self.labels)    # the rows stand in the order they decide: the name alone
            row(label, [sh.tiebreak[key] if self.revealed() else None for sh in self.sheets], False, "small", T.INK_SOFT)
        if not self.revealed():
            return
        y = max(y + th.px(8), inner.bottom - len(notes) * note_h)
        for ln, ink, bold in notes:
            if y + note_h > panel.bottom - th.px(6):
                break
            surf.blit(th.text(ln, "small", ink, bold=bold), (inner.x, y))
            y += note_h

    def _tiebreak_label(self, k: int, key: str) -> str:
        # i18n: a row of the score sheet; {n} numbers the tie-breaks (1 decides first), {tiebreak} names it ("Queen count")
        return _("Tie-break {n}: {tiebreak}").format(n=k + 1, tiebreak=line_label(key, self.labels))

    def _legend(self, surf, rect: pygame.Rect, items) -> int:
        """Flowing legend entries (draw(surf, rect) marker, words); returns the height used."""
        th = self.th
        mark_w, mark_h, gap = th.px(30), th.font("small").get_linesize() - th.px(4), th.px(18)
        lh = th.font("small").get_linesize() + th.px(4)
        x, y = rect.x, rect.y
        for draw_mark, words in items:
            img = fit_text(th, words, "small", T.INK, rect.w // 3)
            w = mark_w + th.px(6) + img.get_width()
            if x > rect.x and x + w > rect.right:
                x, y = rect.x, y + lh
            draw_mark(pygame.Rect(x, y + (lh - mark_h) // 2 - th.px(2), mark_w, mark_h))
            surf.blit(img, (x + mark_w + th.px(6), y))
            x += w + gap
        return y + lh - rect.y

    def _player_mark(self, surf, p: int):
        seat = self.seats[p]
        color = T.PLAYER_COLORS.get(seat.color, (200, 200, 200))
        sym = T.PLAYER_SYMBOLS.get(seat.color, "circle")

        def mark(r: pygame.Rect):
            pygame.draw.line(surf, T.INK, r.midleft, r.midright, self.th.px(3) + 2)
            pygame.draw.line(surf, color, r.midleft, r.midright, self.th.px(3))
            T.draw_symbol(surf, sym, r.center, r.h // 2, color)
        return mark

    def _draw_bars(self, surf, rect: pygame.Rect):
        """One bar per player, one patterned segment per scoring line, growing with the count-up."""
        th = self.th
        # i18n: the heading of the bar chart on the final scores
        head = th.text(_("Points by scoring line"), "label", T.INK, bold=True)
        surf.blit(head, rect.topleft)
        y = rect.y + head.get_height() + th.px(8)
        items = [(lambda r, k=k, key=key: draw_segment(surf, r, k, th, self.colours[key]), line_label(key, self.labels))
                 for k, key in enumerate(self.lines)]
        y += self._legend(surf, pygame.Rect(rect.x, y, rect.w, 0), items) + th.px(8)
        n = len(self.sheets)
        slot = (rect.bottom - y) // n
        bar_h = max(th.font("small").get_linesize(), min(th.px(40), slot - th.px(8)))
        name_w = min(th.px(190), rect.w // 4)
        num_w = th.text("000", "body", T.INK, bold=True).get_width() + th.px(10)
        length = rect.w - name_w - num_w
        scale = length / max(1, max(sh.total for sh in self.sheets))
        for i, sh in enumerate(self.sheets):
            seat = self.seats[sh.player]
            cy = y + i * slot + slot // 2
            if self.revealed() and sh.player in self.winners:
                glow_h = min(slot - th.px(4), bar_h + th.px(20))
                pygame.draw.rect(surf, GLOW, (rect.x - th.px(8), cy - glow_h // 2, rect.w + th.px(16), glow_h),
                                 border_radius=th.px(8))
            r = th.px(11)
            T.draw_symbol(surf, T.PLAYER_SYMBOLS.get(seat.color, "circle"), (rect.x + r, cy), r,
                          T.PLAYER_COLORS.get(seat.color, (200, 200, 200)))
            nm = fit_text(th, seat.shown_name, "body", T.INK, name_w - 2 * r - th.px(14), bold=True)
            surf.blit(nm, nm.get_rect(midleft=(rect.x + 2 * r + th.px(8), cy)))
            x = rect.x + name_w
            for k, key in enumerate(self.lines):
                v = self.shown(k, max(0, sh.lines[key]))
                w = round((v or 0) * scale)
                if w <= 0:
                    continue
                seg = pygame.Rect(x, cy - bar_h // 2, w, bar_h)
                draw_segment(surf, seg, k, th, self.colours[key])
                num = th.text(format_number(v), "small", T.INK, bold=True)
                if num.get_width() + th.px(8) <= w:
                    back = num.get_rect(center=seg.center).inflate(th.px(4), 0)
                    pygame.draw.rect(surf, T.PAPER, back, border_radius=th.px(4))
                    surf.blit(num, num.get_rect(center=seg.center))
                x += w
            total = self.shown(len(self.lines), sh.total)
            if total is not None:
                img = th.text(format_number(total), "body", T.INK, bold=True)
                surf.blit(img, img.get_rect(midleft=(x + th.px(8), cy)))

    def _draw_rounds(self, surf, rect: pygame.Rect):
        """The score after each round, one line per player, drawn from left to right."""
        th = self.th
        # i18n: the heading of the line chart on the final scores
        head = th.text(_("Score after each round"), "label", T.INK, bold=True)
        surf.blit(head, rect.topleft)
        y = rect.y + head.get_height() + th.px(8)
        items = [(self._player_mark(surf, sh.player), self.seats[sh.player].shown_name) for sh in self.sheets]
        y += self._legend(surf, pygame.Rect(rect.x, y, rect.w, 0), items) + th.px(10)
        small_h = th.font("small").get_linesize()
        all_totals = [v for _tick, totals in self.rounds for v in totals]
        step = nice_step(max(all_totals) - min(0, min(all_totals)))
        lo = step * math.floor(min(0, min(all_totals)) / step)
        hi = step * max(1, math.ceil(max(all_totals) / step))
        axis_w = max(th.text(format_number(v), "small").get_width() for v in (lo, hi)) + th.px(10)
        plot = pygame.Rect(rect.x + axis_w, y + small_h // 2, rect.w - axis_w - th.px(14),
                           rect.bottom - y - small_h * 2)
        for v in range(lo, hi + 1, step):
            gy = plot.bottom - round((v - lo) * plot.h / (hi - lo))
            pygame.draw.line(surf, T.PAPER_DARK if v else T.INK_SOFT, (plot.x, gy), (plot.right, gy), 1)
            lab = th.text(format_number(v), "small", T.INK_SOFT)
            surf.blit(lab, lab.get_rect(midright=(plot.x - th.px(6), gy)))
        count = len(self.rounds)
        xs = [plot.x + (i * plot.w // (count - 1) if count > 1 else plot.w // 2) for i in range(count)]
        # i18n: the first tick of the score chart's time axis: before round 1 (the others are round numbers)
        start = pgettext("score chart", "Start")
        ticks = [start if i == 0 else label for i, (label, _totals) in enumerate(self.rounds)]
        label_w = max(th.text(t, "small").get_width() for t in ticks[:1] + ticks[-1:]) + th.px(30)
        every = max(1, math.ceil(count * label_w / max(1, plot.w)))
        for i, label in enumerate(ticks):
            if (i % every == 0 and count - 1 - i >= every) or i == count - 1:
                lab = th.text(label, "small", T.INK_SOFT)
                box = lab.get_rect(midtop=(xs[i], plot.bottom + th.px(4)))
                box.left = max(box.left, plot.x)          # clear of the axis numbers
                surf.blit(lab, box)
        clip = surf.get_clip()
        reveal = min(1.0, self.t / ((self.steps - 1) * STEP_MS))
        surf.set_clip(pygame.Rect(plot.x - th.px(12), rect.y, round(plot.w * ease_out(reveal)) + th.px(24),
                                  rect.h).clip(clip))
        for p, sh in enumerate(self.sheets):
            seat = self.seats[sh.player]
            color = T.PLAYER_COLORS.get(seat.color, (200, 200, 200))
            pts = [(xs[i], plot.bottom - round((totals[p] - lo) * plot.h / (hi - lo)))
                   for i, (_tick, totals) in enumerate(self.rounds)]
            if len(pts) > 1:
                pygame.draw.lines(surf, T.INK, False, pts, th.px(3) + 2)
                pygame.draw.lines(surf, color, False, pts, th.px(3))
            for pt in pts:
                T.draw_symbol(surf, T.PLAYER_SYMBOLS.get(seat.color, "circle"), pt, max(6, th.px(9)), color)
        surf.set_clip(clip)
