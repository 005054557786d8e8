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
