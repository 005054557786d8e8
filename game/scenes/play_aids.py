"""Helpers of the play scene: keyboard focus over the legal moves and the hint.

- ``KeyFocus``: Tab / Shift+Tab step through the legal moves of the human to move; the focused move
  is named in words and ringed on the table (where the view can locate it); Enter plays it. With it
  every game can be played by keyboard alone, whatever its own shortcuts.
- ``Hint``: H asks the Hard AI (in a worker thread) for the human's decision; the answer becomes the
  focused move, with one line saying why.
"""
from __future__ import annotations

import math
import threading

import pygame

from game.core.i18n import N_, _
from game.ui import theme as T

# a seat's kind as a short label: under a name on the results, in brackets after a name in lists
KIND_WORDS = {
    # i18n: the kind of a seat, shown under a player's name on the final scores
    "human": N_("human"),
    # i18n: the computer player of the easiest level ("AI" = computer player); after a name: "Ann (easy AI)"
    "easy": N_("easy AI"),
    # i18n: the computer player of the middle level; after a name: "Ann (medium AI)"
    "medium": N_("medium AI"),
    # i18n: the computer player of the strongest level; after a name: "Ann (hard AI)"
    "hard": N_("hard AI"),
    # i18n: a computer player that picks its moves at random; after a name: "Ann (random AI)"
    "random": N_("random AI"),
    # i18n: the kind of a seat: the made-up extra player of a two-player game, moved by the rules; under its name
    "imaginary": N_("imaginary"),
}


def kind_words(kind: str) -> str:
    """A seat's kind in the chosen language ("easy AI"); an unknown kind as it is."""
    words = KIND_WORDS.get(kind)
    return _(words) if words else kind


def spot_rect(where) -> pygame.Rect | None:
    """The rect of a table spot (a rect, or a (centre, radius) circle)."""
    if where is None or isinstance(where, pygame.Rect):
        return where
    (cx, cy), r = where
    return pygame.Rect(int(cx - r), int(cy - r), int(2 * r), int(2 * r))


def draw_ring(surf, th, where, t_ms: float, color=T.HILITE, width: int | None = None):
    """A ring around a rect or a (centre, radius) spot on the table; pulsing unless a width is given."""
    if where is None:
        return
    if width is None:
        width = th.px(3) + int(th.px(3) * (0.5 + 0.5 * math.sin(t_ms / 160)))
    if isinstance(where, pygame.Rect):
        pygame.draw.rect(surf, color, where.inflate(th.px(10), th.px(10)), width, border_radius=th.px(10))
    else:
        (cx, cy), r = where
        pygame.draw.circle(surf, color, (int(cx), int(cy)), int(r + th.px(6)), width)


class KeyFocus:
    """Which legal move the keyboard points at (None: none)."""

    def __init__(self):
        self.index: int | None = None
        self.legal: list = []

    def reset(self):
        self.index, self.legal = None, []

    def step(self, legal: list, back: bool = False):
        if legal != self.legal:
            self.legal, self.index = list(legal), None
        if not self.legal:
            return
        if self.index is None:
            self.index = len(self.legal) - 1 if back else 0
        else:
            self.index = (self.index + (-1 if back else 1)) % len(self.legal)

    def point_at(self, legal: list, action):
        self.legal = list(legal)
        self.index = self.legal.index(action) if action in self.legal else None

    def action(self, legal: list):
        """The focused move if it is still legal now."""
        if self.index is None or legal != self.legal:
            return None
        return self.legal[self.index]

    def words(self, view, state) -> str:
        a = self.action(self.legal)
        if a is None:
            return ""
        # i18n: the move the Tab key points at; {tab_key} and {enter_key} are the key names "Tab" and
        # "Enter", {move} says the move in words ("Take the tile on the left")
        return _("{tab_key} {index} of {count}: {move}  ({enter_key})").format(
            tab_key=_("Tab"), index=self.index + 1, count=len(self.legal), move=view.action_words(a, state),
            enter_key=_("Enter"))


class Hint:
    """The Hard AI's advice for the human to move, thought out off the drawing loop: in the AI
    worker process when there is one (a thread would slow the frames), else in a thread."""

    def __init__(self):
        self.thread: threading.Thread | None = None
        self.future = None
        self.result = None          # (state it was asked for, action, reason)
        self.state = None
        self.reason = ""

    def ask(self, rules, state, player: int, seed: int, worker=None):
        from game.ai.hint import advise
        self.state, self.result, self.reason = state, None, ""
        obs = rules.observe(state, player)
        self.future = worker.submit_hint(rules.id, seed, obs, player) if worker is not None else None
        if self.future is not None:
            return

        def think():
            self.result = (state, *advise(rules, obs, player, seed))

        self.thread = threading.Thread(target=think, daemon=True)
        self.thread.start()

    @property
    def thinking(self) -> bool:
        if self.future is not None:
            return not self.future.done()
        return self.thread is not None and self.thread.is_alive()

    def wait(self, seconds: float) -> None:
        """Block until the advice is ready (tools and tests)."""
        if self.future is not None:
            self.future.result(seconds)
        elif self.thread is not None:
            self.thread.join(seconds)

    def take(self, state):
        """(action, reason) once the advice for ``state`` is ready, else None."""
        if self.future is not None:
            if not self.future.done():
                return None
            fut, self.future = self.future, None
            try:
                self.result = (self.state, *fut.result())
            except Exception:   # the worker failed: no advice this time
                return None
        elif self.thread is None or self.thread.is_alive():
            return None
        self.thread = None
        if self.result is None:
            return None
        asked, action, reason = self.result
        self.result = None
        return (action, reason) if asked is state else None

    def cancel(self):
        if self.future is not None:
            self.future.cancel()
        self.thread, self.future, self.result, self.reason = None, None, None, ""


# -- turns and rounds, from the events (one place for every game) ------------------------------------
def new_round(before, after) -> bool:
    """The decision from ``before`` to ``after`` began a round: its events hold one of type "round"."""
    return any(ev.get("type") == "round" for ev in after.log.since(len(before.log)))


def new_turn(rules, before, after) -> bool:
    """After the decision from ``before`` to ``after`` a turn begins: another player is to act (a
    player's turn is a run of decisions by the same player), or a round began."""
    return rules.to_move(after) != rules.to_move(before) or new_round(before, after)


class Timeline:
    """Where a game's turns and rounds begin, as positions of the replay's cursor (the state after
    that many decisions); the first position begins both."""

    def __init__(self, rules, states: list):
        self.count = len(states) - 1
        self.turns, self.rounds = [0], [0]
        for k in range(1, len(states)):
            if new_round(states[k - 1], states[k]):
                self.rounds.append(k)
                self.turns.append(k)
            elif rules.to_move(states[k]) != rules.to_move(states[k - 1]):
                self.turns.append(k)

    def round_at(self, cursor: int) -> int:
        """Which round the cursor is in (1 for the first)."""
        return sum(1 for k in self.rounds if k <= cursor)

    def jump(self, cursor: int, step: int, by: str) -> int:
        """The start of the next (step > 0) or this / the previous (step < 0) turn or round."""
        starts = self.turns if by == "turn" else self.rounds
        if step > 0:
            return next((k for k in starts if k > cursor), self.count)
        return next((k for k in reversed(starts) if k < cursor), 0)


# -- the replay's control strip ------------------------------------------------------------------------
REPLAY_SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
REPLAY_STEP_MS = 900        # a decision's time on screen at 1x
REPLAY_BUTTONS = ("start", "round_back", "turn_back", "step_back", "play", "step", "turn", "round", "end")


class ReplayPlayer:
    """Play / pause and the speed of a replay: how many decisions to move on after a frame."""

    def __init__(self):
        self.playing = False
        self.speed = REPLAY_SPEEDS.index(1.0)
        self.wait = 0.0

    @property
    def factor(self) -> float:
        return REPLAY_SPEEDS[self.speed]

    def faster(self, step: int):
        self.speed = max(0, min(len(REPLAY_SPEEDS) - 1, self.speed + step))

    def toggle(self):
        self.playing, self.wait = not self.playing, 0.0

    def tick(self, dt_ms: float) -> int:
        """The decisions to step on after ``dt_ms`` (0 while paused)."""
        if not self.playing:
            return 0
        self.wait += dt_ms
        per = REPLAY_STEP_MS / self.factor
        n = int(self.wait // per)
        self.wait -= n * per
        return n


def _icon(surf, action: str, rect: pygame.Rect, color, playing: bool):
    """A button's picture drawn with lines (no words, no font): bars and triangles like a player's."""
    cx, cy = rect.center
    s = max(3, rect.h // 5)

    def tri(x, facing):
        pts = [(x - s * facing, cy - s), (x + s * facing, cy), (x - s * facing, cy + s)]
        pygame.draw.polygon(surf, color, pts)

    def bar(x):
        pygame.draw.rect(surf, color, pygame.Rect(x - max(1, s // 3), cy - s, max(2, s * 2 // 3), 2 * s + 1))

    if action == "play":
        if playing:
            bar(cx - s // 2 - 1)
            bar(cx + s // 2 + 1)
        else:
            tri(cx, 1)
    elif action in ("step", "step_back"):
        f = 1 if action == "step" else -1
        tri(cx - f * s // 3, f)
        bar(cx + f * s)
    elif action in ("turn", "turn_back"):
        f = 1 if action == "turn" else -1
        tri(cx - f * s // 2, f)
        tri(cx + f * s // 2 + f, f)
    elif action in ("round", "round_back"):
        f = 1 if action == "round" else -1
        tri(cx - f * s, f)
        tri(cx, f)
        tri(cx + f * s, f)
    elif action in ("start", "end"):
        f = 1 if action == "end" else -1
        tri(cx - f * s // 3, f)
        bar(cx + f * (s + s // 3))
    elif action in ("slower", "faster"):
        pygame.draw.rect(surf, color, pygame.Rect(cx - s, cy - max(1, s // 4), 2 * s, max(2, s // 2)))
        if action == "faster":
            pygame.draw.rect(surf, color, pygame.Rect(cx - max(1, s // 4), cy - s, max(2, s // 2), 2 * s))


class ReplayStrip:
    """The replay's controls under the table: jump to the start, by round, by turn, by decision,
    play / pause, the speed, and a timeline with the rounds and the review's marks (click to go)."""

    def __init__(self):
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[tuple[str, pygame.Rect]] = []
        self.line = pygame.Rect(0, 0, 0, 0)      # the timeline
        self.speed_box = pygame.Rect(0, 0, 0, 0)
        self.hover: str | None = None

    def layout(self, rect: pygame.Rect, th, speed_words: str):
        self.rect = rect
        pad, gap = th.px(8), th.px(6)
        size = rect.h - 2 * pad
        x = rect.x + pad
        self.buttons = []
        for a in REPLAY_BUTTONS:
            w = size + th.px(10) if a == "play" else size
            self.buttons.append((a, pygame.Rect(x, rect.y + pad, w, size)))
            x += w + gap
        right = rect.right - pad
        faster = pygame.Rect(right - size, rect.y + pad, size, size)
        words_w = th.text(speed_words, "small", T.INK, bold=True).get_width() + th.px(12)
        self.speed_box = pygame.Rect(faster.x - gap - words_w, rect.y + pad, words_w, size)
        slower = pygame.Rect(self.speed_box.x - gap - size, rect.y + pad, size, size)
        self.buttons += [("slower", slower), ("faster", faster)]
        left = x + th.px(14)
        self.line = pygame.Rect(left, rect.centery - th.px(4), max(th.px(40), slower.x - th.px(22) - left), th.px(8))

    def x_of(self, k: int, count: int) -> int:
        return self.line.x + (round(self.line.w * k / count) if count else 0)

    def position_at(self, x: int, count: int) -> int:
        return max(0, min(count, round((x - self.line.x) / max(1, self.line.w) * count)))

    def mark_at(self, pos, marks: list[int], count: int, th) -> int | None:
        """The marked decision whose tick is under ``pos`` (the nearest one), else None."""
        if not self.line.inflate(th.px(12), th.px(28)).collidepoint(pos):
            return None
        near = [(abs(self.x_of(k, count) - pos[0]), k) for k in marks]
        near = [(d, k) for d, k in near if d <= th.px(7)]
        return min(near)[1] if near else None

    def hit(self, pos, marks: list[int], count: int, th):
        """What a click at ``pos`` asks: ("button", action), ("go", position) or None."""
        for a, r in self.buttons:
            if r.collidepoint(pos):
                return ("button", a)
        k = self.mark_at(pos, marks, count, th)
        if k is not None:
            return ("go", k)
        if self.line.inflate(th.px(12), th.px(28)).collidepoint(pos):
            return ("go", self.position_at(pos[0], count))
        return None

    def draw(self, surf, th, cursor: int, timeline: Timeline, marks: list[int], playing: bool, speed_words: str,
             mouse=None):
        from game.ui.widgets import draw_panel
        draw_panel(surf, self.rect, th, fill=(58, 40, 28), edge=(30, 20, 12), radius=12)
        light = (250, 232, 196)
        for a, r in self.buttons:
            hover = mouse is not None and r.collidepoint(mouse)
            fill = tuple(min(255, c + 18) for c in T.PAPER) if hover else T.PAPER
            pygame.draw.rect(surf, fill, r, border_radius=th.px(8))
            pygame.draw.rect(surf, T.HILITE if hover else T.INK_SOFT, r, th.px(2), border_radius=th.px(8))
            _icon(surf, a, r, T.INK, playing)
        words = th.text(speed_words, "small", light, bold=True)
        surf.blit(words, words.get_rect(center=self.speed_box.center))
        count, line = timeline.count, self.line
        pygame.draw.rect(surf, (110, 86, 62), line, border_radius=line.h // 2)
        done = pygame.Rect(line.x, line.y, self.x_of(cursor, count) - line.x, line.h)
        if done.w > 0:
            pygame.draw.rect(surf, (214, 170, 96), done, border_radius=line.h // 2)
        for k in timeline.rounds[1:]:           # where each round begins
            x = self.x_of(k, count)
            pygame.draw.line(surf, light, (x, line.y - th.px(5)), (x, line.bottom + th.px(4)), max(1, th.px(2)))
        hovered = self.mark_at(mouse, marks, count, th) if mouse is not None else None
        for k in marks:                         # the review's costly decisions: red ticks to click
            x = self.x_of(k, count)
            big = th.px(3) if k in (hovered, cursor) else 0
            top = line.y - th.px(13) - big
            pygame.draw.polygon(surf, T.DANGER, [(x - th.px(6) - big, top), (x + th.px(6) + big, top),
                                                  (x, line.y - th.px(2))])
            pygame.draw.line(surf, T.DANGER, (x, line.y), (x, line.bottom + th.px(6)), max(2, th.px(3)))
        x = self.x_of(cursor, count)
        pygame.draw.circle(surf, light, (x, line.centery), th.px(9))
        pygame.draw.circle(surf, (58, 40, 28), (x, line.centery), th.px(9), max(1, th.px(2)))
