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

from game.ui import theme as T


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
        return f"Tab {self.index + 1} of {len(self.legal)}: {view.action_words(a, state)}  (Enter)"


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
