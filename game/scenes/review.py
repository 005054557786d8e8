"""The game review: Hard judges each decision of one player (game/ai/review.py) in a process of
its own (so the window keeps drawing smoothly; a thread when no process can be had), with the
count shown; then the replay opens at the costliest decision, the better move ringed and one line
saying why. Opened from the results or from a finished record.

The review never hangs the screen: a child that dies (its process ends with no answer) or goes
quiet (no decision weighed for ``STALL_SECONDS``) turns into a message with the way back.
"""
from __future__ import annotations

import multiprocessing
import queue
import threading
import time

import pygame

from game.ai.review import quick_settings, review_job  # noqa: F401  (quick_settings: the review's Hard, here too)
from game.core import i18n
from game.core.i18n import _, format_number, ngettext, pgettext
from game.scenes.common import Background, draw_title
from game.scenes.manager import Scene
from game.ui import theme as T
from game.ui.widgets import Button, draw_panel, wrap

MARKED = 3          # the costliest decisions marked on the replay
REVIEW_SEED = 2718  # the same game gives the same review
STALL_SECONDS = 60.0    # no word from the review for this long: it is stuck (a decision takes a few seconds)
LAST_WORDS_SECONDS = 1.0    # a child seen ended: its last words may still be on their way this long


class ReviewScene(Scene):
    use_process = True      # the tests review in a thread, where they can stand in for the engine
    stall_seconds = STALL_SECONDS

    def __init__(self, app, game_id, seats, seed, options, states, player: int):
        super().__init__(app)
        from game.games import get_rules
        self.game_id, self.seats, self.seed, self.options = game_id, list(seats), seed, options
        self.states, self.player = list(states), player
        self.rules = get_rules(game_id)
        self.bg = Background()
        self.cancel_btn = Button(pgettext("button", "Cancel"), "cancel")
        self.progress = (0, 0)
        self.result: list | None = None
        self.error = ""          # what went wrong (the exception's name, for the log), '' while all is well
        self.problem: tuple | None = None   # ("error", name) / ("ended", exit code) / ("stalled", seconds)
        self._stop = False
        self.process = None
        self.worker = None       # the process or the thread doing the review
        self.heard = time.monotonic()       # when the review last sent word
        self.ended_at: float | None = None  # when the worker was first seen ended without an answer
        from game.core.record import make_record
        record = make_record(self.rules, self.states[-1], self.seats, seed, options).to_dict()
        job = (game_id, record, player, REVIEW_SEED + seed % 1000)
        try:
            if not self.use_process:
                raise OSError("reviewing in a thread")
            context = multiprocessing.get_context("spawn")
            self.news = context.Queue()
            # the process speaks the window's language (the "why" lines of the mistakes are words)
            self.process = context.Process(target=review_job, args=(*job, self.news),
                                           kwargs={"lang": i18n.language()}, daemon=True)
            self.process.start()
            self.worker = self.process
        except Exception:        # no process here: a thread shares the window's time instead
            self.process = None
            self.news = queue.Queue()
            self.worker = threading.Thread(target=review_job, args=(*job, self.news), daemon=True)
            self.worker.start()
        self.heard = time.monotonic()

    def _read_news(self):
        while True:
            try:
                kind, *value = self.news.get_nowait()
            except (queue.Empty, OSError, EOFError):
                return
            self.heard = time.monotonic()
            if kind == "progress":
                self.progress = tuple(value)
            elif kind == "done":
                self.result = value[0]
            else:
                self._fail("error", str(value[0]) or "error")

    def _fail(self, kind: str, value) -> None:
        if self.problem is None:
            self.problem = (kind, value)
            self.error = kind if kind != "error" else str(value)
        if self.process is not None and self.process.is_alive():
            self.process.terminate()

    def _watch_worker(self) -> None:
        """A worker that ended without an answer, or that has gone quiet too long, is a failed review."""
        if self.result is not None or self.problem is not None or self.worker is None:
            return
        now = time.monotonic()
        if not self.worker.is_alive():
            if self.ended_at is None:
                self.ended_at = now         # its last words may still be in the pipe
            elif now - self.ended_at >= LAST_WORDS_SECONDS:
                self._fail("ended", getattr(self.worker, "exitcode", None))
        elif now - self.heard >= self.stall_seconds:
            self._fail("stalled", round(self.stall_seconds))

    def update(self, dt_ms: float) -> bool:
        self._read_news()
        self._watch_worker()
        found = self.result
        if found is not None and self.problem is None and not self._stop:
            from game.scenes.play import PlayScene
            marks = marked(found)
            play = PlayScene(self.app, self.game_id, self.seats, self.seed, self.options, states=self.states,
                             replay=True, review=(self.player, marks))
            if marks and play.cursor != marks[0].index:   # the replay opens at the costliest decision
                play.cursor = marks[0].index
                play._rebuild_log()
            self.app.scenes.replace(play)
            return False
        self.dirty = True
        return self.problem is None

    def _cancel(self):
        self._stop = True
        if self.process is not None and self.process.is_alive():
            self.process.terminate()
        self.app.scenes.pop()

    def handle(self, ev):
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self._cancel()
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self.cancel_btn.hit(ev.pos):
            self._cancel()

    def draw(self, surf):
        th = self.th
        W, H = surf.get_size()
        surf.blit(self.bg.get((W, H)), (0, 0))
        name = self.seats[self.player].shown_name
        # i18n: the title of the screen shown while the strongest AI weighs a player's decisions
        draw_title(surf, th, _("Game review"),
                   # i18n: under the title "Game review": {name} is the player whose decisions are weighed;
                   # "Hard" is the strongest AI level
                   _("Each of {name}'s decisions, weighed against the Hard AI's choice.").format(name=name))
        panel = pygame.Rect(0, 0, min(W - th.px(120), th.px(900)), th.px(260))
        panel.center = (W // 2, H // 2)
        draw_panel(surf, panel, th)
        done, total = self.progress
        if self.problem is not None:
            self._draw_problem(surf, panel)
            return
        if total:
            # i18n: the progress of a game review: {done} decisions weighed of {total}
            words = _("Looking at decision {done} of {total}...").format(done=format_number(done),
                                                                        total=format_number(total))
        else:
            words = _("Finding the decisions...")
        t = th.text(words, "label", T.INK, bold=True)
        surf.blit(t, t.get_rect(midtop=(panel.centerx, panel.y + th.px(40))))
        bar = pygame.Rect(panel.x + th.px(60), panel.y + th.px(110), panel.w - th.px(120), th.px(28))
        pygame.draw.rect(surf, (226, 212, 186), bar, border_radius=bar.h // 2)
        if total:
            fill = bar.copy()
            fill.w = max(bar.h, int(bar.w * done / total))
            pygame.draw.rect(surf, (96, 150, 70), fill, border_radius=bar.h // 2)
        note = th.text(_("The three costliest decisions are marked on the replay, the better move ringed."),
                       "small", T.INK_SOFT)
        surf.blit(note, note.get_rect(midtop=(panel.centerx, bar.bottom + th.px(24))))
        # i18n: button: stop the game review and go back
        self.cancel_btn.label = pgettext("button", "Cancel")
        self.cancel_btn.rect = pygame.Rect(0, 0, th.px(260), th.px(60))
        self.cancel_btn.rect.midtop = (W // 2, panel.bottom + th.px(30))
        self.cancel_btn.draw(surf, th)

    def problem_words(self) -> str:
        """What went wrong, in the chosen language ('' while all is well)."""
        if self.problem is None:
            return ""
        kind, value = self.problem
        if kind == "ended" and value is None:
            # i18n: the game review's worker ended before it was done
            return _("The review stopped before it was done.")
        if kind == "ended":
            # i18n: the game review's worker (a process of its own) ended before it was done; {code}
            # is the number it ended with (technical, for a bug report)
            return _("The review stopped before it was done: its process ended (code {code}).").format(code=value)
        if kind == "stalled":
            # i18n: the game review gave no sign of progress for {n} seconds and was stopped
            return ngettext("The review stopped: no decision was weighed in {n} second.",
                            "The review stopped: no decision was weighed in {n} seconds.", value).format(n=value)
        # i18n: {problem} is a technical name (in English) of what went wrong
        return _("The review could not be made ({problem}).").format(problem=value)

    def _draw_problem(self, surf, panel):
        """A failed review: what went wrong, the game untouched, and the way back (Esc or Back)."""
        th = self.th
        W = surf.get_width()
        width = panel.w - th.px(60)
        # i18n: under a failed game review; {esc_key} is the key name "Esc", {back} the button's label
        back_words = _("Nothing in the game was changed. {esc_key} or {back} returns to where you were.").format(
            esc_key=_("Esc"), back=pgettext("button", "Back"))
        y = panel.y + th.px(30)
        for text, size, colour, bold in ((self.problem_words(), "label", T.DANGER, True),
                                         (back_words, "small", T.INK_SOFT, False)):
            for ln in wrap(text, th.font(size, bold), width):
                img = th.text(ln, size, colour, bold=bold)
                surf.blit(img, img.get_rect(midtop=(panel.centerx, y)))
                y += img.get_height()
            y += th.px(16)
        # i18n: button: leave a failed game review
        self.cancel_btn.label = pgettext("button", "Back")
        self.cancel_btn.rect = pygame.Rect(0, 0, th.px(260), th.px(60))
        self.cancel_btn.rect.midtop = (W // 2, panel.bottom + th.px(30))
        self.cancel_btn.draw(surf, th)


def marked(found) -> list:
    """The decisions a reviewed replay marks: the ``MARKED`` costliest, costliest first (the
    replay opens at the first; N goes on to the next costliest, P back)."""
    return sorted(found, key=lambda m: (-m.cost, m.index))[:MARKED]


def next_mark(mistakes, cursor: int, step: int) -> int | None:
    """N (``step`` 1) / P (-1) on a reviewed replay at decision ``cursor``: the decision of the next
    costliest mark / of the one before it, in the marks' order (costliest first); from a decision
    that is no mark, N goes to the costliest and P to the cheapest. None: no further mark that way."""
    order = [m.index for m in mistakes]
    if not order:
        return None
    if cursor not in order:
        return order[0] if step > 0 else order[-1]
    k = order.index(cursor) + (1 if step > 0 else -1)
    return order[k] if 0 <= k < len(order) else None


def reviewed_player(seats) -> int:
    """Whose decisions a review looks at: the first person at the table (else the first seat)."""
    return next((i for i, s in enumerate(seats) if s.kind == "human"), 0)
