"""The game review: Hard judges each decision of one player (game/ai/review.py) in a process of
its own (so the window keeps drawing smoothly; a thread when no process can be had), with the
count shown; then the replay opens at the costliest decision, the better move ringed and one line
saying why. Opened from the results or from a finished record.
"""
from __future__ import annotations

import multiprocessing
import queue
import threading

import pygame

from game.core import i18n
from game.core.i18n import _, format_number, pgettext
from game.scenes.common import Background, draw_message, draw_title
from game.scenes.manager import Scene
from game.ui import theme as T
from game.ui.widgets import Button, draw_panel

MARKED = 3          # the costliest decisions marked on the replay
REVIEW_SEED = 2718  # the same game gives the same review


class ReviewScene(Scene):
    use_process = True      # the tests review in a thread, where they can stand in for the engine

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
        self._stop = False
        self.process = None
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
        except Exception:        # no process here: a thread shares the window's time instead
            self.news = queue.Queue()
            threading.Thread(target=review_job, args=(*job, self.news), daemon=True).start()

    def _read_news(self):
        while True:
            try:
                kind, *value = self.news.get_nowait()
            except (queue.Empty, OSError, EOFError):
                return
            if kind == "progress":
                self.progress = tuple(value)
            elif kind == "done":
                self.result = value[0]
            else:
                self.error = str(value[0]) or "error"

    def update(self, dt_ms: float) -> bool:
        self._read_news()
        found, error = self.result, self.error
        if found is not None and not self._stop:
            from game.scenes.play import PlayScene
            self.app.scenes.replace(PlayScene(self.app, self.game_id, self.seats, self.seed, self.options,
                                              states=self.states, replay=True,
                                              review=(self.player, found[:MARKED])))
            return False
        self.dirty = True
        return not error

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
        if self.error:
            # i18n: {problem} is a technical name (in English) of what went wrong
            draw_message(surf, th, _("The review could not be made ({problem}).").format(problem=self.error))


def reviewed_player(seats) -> int:
    """Whose decisions a review looks at: the first person at the table (else the first seat)."""
    return next((i for i, s in enumerate(seats) if s.kind == "human"), 0)


def quick_settings(game_id: str) -> dict:
    """The review's Hard: the game's settings with half the simulations, and the same settings at
    every table size (Antics!' longer horizon at three seats would make a whole game's review four
    times as long: 36 s of CPU against 9 s in a seeded game)."""
    from game.games import get_game
    quick = dict(get_game(game_id).hard_settings)
    quick["iterations"] = max(20, quick.get("iterations", 120) // 2)
    quick["by_seats"] = {}      # (the review's Hard takes these over the game's own: see game/ai/review.py)
    return quick


def review_job(game_id: str, record: dict, player: int, seed: int, news, lang: str | None = None) -> None:
    """In the review's process (or thread): replay the record, review ``player``'s decisions (Hard
    with half its simulations: the same costliest mistakes in the games tried, in half the time)
    and send ("progress", done, total) as it goes, then ("done", mistakes) or ("error", the
    exception's name). ``lang``: the window's language, chosen in a process of its own."""
    try:
        if lang and lang != i18n.language():
            i18n.set_language(lang)
        from game.ai.review import review
        from game.core.record import record_from_dict, replay
        from game.games import get_rules
        rules = get_rules(game_id)
        states = replay(rules, record_from_dict(record, "review"))
        found = review(rules, states, player, seed, settings=quick_settings(game_id),
                       progress=lambda done, total: news.put(("progress", done, total)))
        news.put(("done", found))
    except Exception as e:   # a review must never take the table down
        news.put(("error", type(e).__name__))
