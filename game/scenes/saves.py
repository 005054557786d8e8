"""Saved games: every unfinished game (resume or delete) and the records of finished ones (watch).

Both lists are read in background threads, so the screen opens at once whatever the folders hold:
the unfinished games fill in newest first as they are read, the finished ones come from the history
index (game/core/history.py, shared with the History screen), which replays only records it does not
know yet. Saves read once are remembered for the rest of the run (``_SEEN``): coming back to the
screen reads only what changed, and deleting one reads nothing again.
"""
from __future__ import annotations

import math
import os
import threading
import time
from datetime import datetime

import pygame

from game.core.i18n import _, format_datetime, format_list, format_number, pgettext
from game.games import games, get_rules, is_known
from game.core.saves import delete_save, finished_dir, finished_games, list_saves, load_save
from game.scenes.common import Background, draw_message, draw_title
from game.scenes.manager import Scene
from game.scenes.play_aids import KIND_WORDS, kind_words
from game.ui import theme as T
from game.ui.widgets import Button, Dialog, draw_panel, layout_row

AI_KINDS = tuple(k for k in KIND_WORDS if k not in ("human", "imaginary"))   # named after the name


def seat_word(name: str, kind: str) -> str:
    """A player in a list: 'Ann', 'Bruno (easy AI)'."""
    if kind in AI_KINDS:
        # i18n: a computer player in a list of players; {kind} is its level ("easy AI")
        return _("{name} ({kind})").format(name=name, kind=kind_words(kind))
    return name


def seat_words(seats) -> str:
    """The players at a table ("Ann, Bruno (easy AI) and Cid"), in the chosen language."""
    return format_list([seat_word(s.name, s.kind) for s in seats if s.kind != "imaginary"])


def score_words(rec) -> str:
    """A finished game's players with their scores, best first ('' without a final result)."""
    from game.core.history import summarize
    summary = summarize(rec, "", 0, 0.0)
    if summary is None:
        return seat_words(rec.seats)
    return summary_words(summary)


def summary_words(summary) -> str:
    """The players of a finished game's summary (game/core/history.py) with their scores, best first."""
    out = []
    for p in sorted(summary.players, key=lambda p: -p.score):
        if p.kind in AI_KINDS:
            # i18n: a computer player's final score in a list; {kind} is its level ("easy AI")
            out.append(_("{name} {score} ({kind})").format(name=p.name, score=format_number(p.score),
                                                             kind=kind_words(p.kind)))
        else:
            # i18n: a player's final score in the list of finished games
            out.append(_("{name} {score}").format(name=p.name, score=format_number(p.score)))
    return format_list(out)


def when_words(t: float) -> str:
    """A moment as the chosen language writes it."""
    return format_datetime(datetime.fromtimestamp(t), "medium")


def resume(app, info, scene) -> bool:
    """Open a saved game in the play scene (a hosted game's save: as a hosted table again, see
    net_play.HostScene); False (and a message on ``scene``) if it cannot be."""
    from game.games import get_rules
    from game.scenes.play import PlayScene
    rec, states, msg = load_save(info.path, get_rules, is_known)
    if rec is None:
        scene.message = msg or _("This game can no longer be resumed.")
        scene.enter()
        scene.dirty = True
        return False
    if rec.net:     # a hosted game: its table opens again, with a new code, for the players elsewhere
        from game.scenes.net_play import HostScene
        app.scenes.push(HostScene(app, rec.game, rec.seats, rec.net, rec.seed, rec.options, states=states,
                                  save_path=info.path))
        return True
    app.scenes.push(PlayScene(app, rec.game, rec.seats, rec.seed, rec.options, states=states,
                              save_path=info.path))
    return True


def watch(app, info, scene) -> bool:
    """Step through a finished game's record."""
    from game.core.record import RecordError
    from game.scenes.play import PlayScene
    from game.games import load_replay
    try:
        rec, states = load_replay(str(info.path))
    except (RecordError, KeyError, ValueError) as e:
        # i18n: {problem} is a technical detail (in English) of what is wrong with the file
        scene.message = _("This record cannot be shown: {problem}").format(problem=str(e).split(": ", 1)[-1])
        scene.dirty = True
        return False
    app.scenes.push(PlayScene(app, rec.game, rec.seats, rec.seed, rec.options, states=states, replay=True))
    return True


_SEEN: dict = {}        # saves read in this run: path -> (size, time, record) (see list_saves' cache)
FIRST_WAIT_S = 0.05     # how long entering waits for the lists (a short list shows complete at once)


class _Stale(Exception):
    """The listing was asked again (or the screen left) while this one was being read."""


class _Listing:
    """One reading of both lists, filled by its threads under the scene's lock."""

    def __init__(self, gen: int):
        self.gen = gen
        self.saves: list = []           # read so far, newest first
        self.saves_done = False
        self.messages: list = []        # files of saves/ set aside (told when the list is done)
        self.finished: list | None = None
        self.told: list = []            # records of finished/ set aside
        self.stamp = None               # finished/ as it was when its listing began
        self.done = False               # both lists complete
        self.threads: list[threading.Thread] = []


def _stamp(folder):
    """The folder's last change (a file added, removed or renamed in it), or None."""
    try:
        return os.stat(folder).st_mtime_ns
    except (OSError, ValueError):
        return None


class SavesScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.bg = Background()
        self.titles = {g.id: g.title for g in games()}      # message ids, translated when drawn
        self.tab = 0             # 0: unfinished, 1: finished
        self.sel = 0
        self.top_row = 0
        self.rows: list[pygame.Rect] = []
        self.message = ""
        self.dialog: Dialog | None = None
        self.tabs = [Button("", 0), Button("", 1)]
        self.open_btn = Button("", "open", style="primary")
        self.delete_btn = Button("", "delete", style="danger")
        self.back_btn = Button("", "back")
        self.items = {0: [], 1: []}
        self.loading = False            # a listing is being read
        self._listed = [False, False]   # each list has been read whole once
        self._chosen = False            # the player chose a tab since entering
        self._lock = threading.Lock()
        self._gen = 0
        self._job: _Listing | None = None
        self._label_buttons()

    def title_of(self, game_id: str) -> str:
        """A game's title in the chosen language (its id when the game is not known)."""
        return _(self.titles[game_id]) if game_id in self.titles else game_id

    def _label_buttons(self):
        """The buttons' words for the list shown, in the chosen language."""
        unfinished, finished = self.tabs
        # i18n: a tab: the saved games not played to the end; {n} is how many there are
        unfinished.label = _("Unfinished ({n})").format(n=format_number(len(self.items[0])))
        # i18n: a tab: the records of finished games; {n} is how many there are
        finished.label = _("Finished ({n})").format(n=format_number(len(self.items[1])))
        # i18n: buttons under the list of saved games: go on with the chosen game / watch the chosen finished game
        self.open_btn.label = pgettext("button", "Resume") if self.tab == 0 else _("Watch the replay")
        if self.tab == 0:
            # i18n: button: delete the chosen saved game
            self.delete_btn.label = pgettext("button", "Delete")
        else:
            # i18n: button: the strongest AI weighs the decisions of the chosen finished game; R is the key (fixed)
            self.delete_btn.label = _("Review (R)")
        # i18n: a button: leave this screen for the one before
        self.back_btn.label = pgettext("button", "Back")

    def enter(self):
        super().enter()
        self._chosen = False
        self._load(FIRST_WAIT_S)

    # -- reading the lists (background threads) -------------------------------------
    def _load(self, wait: float = 0.0):
        """Read both lists again in the background; wait up to ``wait`` seconds for them (a short
        list then shows whole in the first frame, a long one fills in)."""
        with self._lock:
            self._gen += 1
            job = self._job = _Listing(self._gen)
        self.loading = True
        finished = threading.Thread(target=self._read_finished, args=(job,), daemon=True)
        unfinished = threading.Thread(target=self._read_saves, args=(job, finished), daemon=True)
        job.threads = [unfinished, finished]
        finished.start()
        unfinished.start()
        if wait > 0:
            until = time.perf_counter() + wait
            for t in job.threads:
                t.join(max(0.0, until - time.perf_counter()))
        self._take()

    def _current(self, job: _Listing) -> None:
        if job.gen != self._gen:
            raise _Stale

    def _read_finished(self, job: _Listing):
        def rules(game_id):
            self._current(job)          # a listing no longer wanted replays nothing more
            return get_rules(game_id)

        def stale() -> bool:
            return job.gen != self._gen
        job.stamp = _stamp(finished_dir())
        told: list = []
        # the index is read once; many records to replay (a first visit after an upgrade) are read and
        # replayed in a child process, whose list is taken as it is: the frames share this process's
        # interpreter with whatever is parsed here (98 ms frames seen)
        found = finished_games(is_known, rules, messages=told, off_process=stale)
        with self._lock:
            job.finished = found
            job.told.extend(told)       # a second reading (see _read_saves) adds to what the first told

    def _read_saves(self, job: _Listing, finished: threading.Thread):
        def found(info):
            with self._lock:
                self._current(job)
                job.saves.append(info)
        infos, messages = list_saves(is_known, get_rules, found=found, cache=_SEEN)
        with self._lock:
            if job.gen != self._gen:
                return
            job.saves, job.messages, job.saves_done = infos, messages, True
        listed = {i.path for i in infos}
        for path in [p for p in _SEEN if p not in listed]:
            _SEEN.pop(path, None)
        finished.join()
        if job.gen == self._gen and _stamp(finished_dir()) != job.stamp:
            self._read_finished(job)    # a save moved to finished/ (or an old record adopted) meanwhile
        with self._lock:
            job.done = True

    def _take(self):
        """Show what the threads have read so far."""
        with self._lock:
            job = self._job
            if job is None:
                return
            saves, saves_done, finished, done = list(job.saves), job.saves_done, job.finished, job.done
            messages, told = job.messages, job.told
            if done:
                self._job = None
        before = (len(self.items[0]), len(self.items[1]))
        if saves_done or not self._listed[0]:
            self.items[0] = saves                   # the first reading fills in; a later one shows when done
            self._listed[0] = self._listed[0] or saves_done
        if finished is not None:
            self.items[1] = finished
            self._listed[1] = True
        if done:
            self.loading = False
            for said in (messages, told):
                if said and not self.message:
                    self.message = said[0]
            if not self.items[0] and self.items[1] and not self._chosen:
                self.tab = 1
        self.sel = min(self.sel, max(0, len(self.items[self.tab]) - 1))
        if done or before != (len(self.items[0]), len(self.items[1])):
            self._label_buttons()
            self.dirty = True

    def update(self, dt_ms: float) -> bool:
        """Takes what the threads have read; keeps frames coming while they read."""
        if self.loading:
            self._take()
        return self.loading

    def back(self):
        with self._lock:
            self._gen += 1              # stop reading for a screen that is gone
            self._job = None
        self.loading = False
        super().back()

    # -- actions --------------------------------------------------------------------
    def current(self):
        items = self.items[self.tab]
        return items[self.sel] if 0 <= self.sel < len(items) else None

    def _open(self):
        info = self.current()
        if info is None:
            return
        (resume if self.tab == 0 else watch)(self.app, info, self)

    def _ask_delete(self):
        info = self.current()
        if info is None or self.tab != 0:
            return
        # i18n: asking before a saved game is deleted; {game} is its title, {players} lists the players
        # ("Ann, Bruno (easy AI) and Cid"), {when} is the date and time it was saved
        body = _("{game} with {players}, saved {when}. It cannot be brought back.").format(
            game=self.title_of(info.record.game), players=seat_words(info.record.seats), when=when_words(info.when))
        self.dialog = Dialog(_("Delete this saved game?"), body,
                             [Button(pgettext("button", "Delete"), "delete", key=pygame.K_y, style="danger"),
                              # i18n: button: do not delete the saved game
                              Button(_("Keep it"), "keep", key=pygame.K_n, style="primary")])
        self.dialog.focus = 1

    def _delete(self):
        """Delete the chosen save and take it off the list: nothing is read again."""
        info = self.current()
        if info is None:
            return
        problem = delete_save(info.path)
        self.message = problem or ""
        if problem is None:
            _SEEN.pop(info.path, None)
            self.items[0] = [i for i in self.items[0] if i is not info]
            self.sel = min(self.sel, max(0, len(self.items[0]) - 1))
            if self.loading:
                self._load()            # a listing under way may have read it already

    def _second(self):
        """The middle button: Delete an unfinished game, Review a finished one."""
        (self._ask_delete if self.tab == 0 else self._review)()

    def _review(self):
        """Hard weighs the decisions of the first person at that table (game/scenes/review.py)."""
        info = self.current()
        if info is None or self.tab != 1:
            return
        from game.core.record import RecordError
        from game.games import load_replay
        from game.scenes.review import ReviewScene, reviewed_player
        try:
            rec, states = load_replay(str(info.path))
        except (RecordError, KeyError, ValueError) as e:
            # i18n: {problem} is a technical detail (in English) of what is wrong with the file
            self.message = _("This record cannot be reviewed: {problem}").format(problem=str(e).split(": ", 1)[-1])
            return
        seats = list(states[0].seats)
        self.app.scenes.push(ReviewScene(self.app, rec.game, rec.seats, rec.seed, rec.options, states,
                                         reviewed_player(seats)))

    def _switch(self, tab):
        self.tab, self.sel, self.top_row = tab, 0, 0
        self._chosen = True

    # -- input ----------------------------------------------------------------------
    def handle(self, ev):
        self.dirty = True
        if self.dialog is not None:
            choice = self.dialog.handle(ev)
            if choice == "delete":
                self._delete()
            if choice is not None or (ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE):
                self.dialog = None
            return
        if ev.type == pygame.MOUSEMOTION:
            for b in self._buttons():
                b.hover = b.rect.collidepoint(ev.pos)
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            for b in self.tabs:
                if b.rect.collidepoint(ev.pos):
                    self._switch(b.action)
                    return
            for i, r in enumerate(self.rows):
                if r.collidepoint(ev.pos):
                    if self.sel == self.top_row + i:
                        self._open()       # a second click on the chosen row opens it
                    self.sel = self.top_row + i
                    return
            for b in (self.open_btn, self.delete_btn, self.back_btn):
                if b.hit(ev.pos):
                    {"open": self._open, "delete": self._second, "back": self.back}[b.action]()
                    return
        elif ev.type == pygame.MOUSEWHEEL:
            self.sel = max(0, min(len(self.items[self.tab]) - 1, self.sel - ev.y))
        elif ev.type == pygame.KEYDOWN:
            k = ev.key
            n = len(self.items[self.tab])
            if k == pygame.K_ESCAPE:
                self.back()
            elif k == pygame.K_TAB:
                self._switch(1 - self.tab)
            elif k in (pygame.K_UP, pygame.K_DOWN) and n:
                self.sel = (self.sel + (1 if k == pygame.K_DOWN else -1)) % n
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self._open()
            elif k in (pygame.K_DELETE, pygame.K_BACKSPACE):
                self._ask_delete()
            elif k == pygame.K_r and self.tab == 1:
                self._review()

    def _buttons(self):
        return self.tabs + [self.open_btn, self.delete_btn, self.back_btn]

    # -- drawing --------------------------------------------------------------------
    def draw(self, surf):
        th = self.th
        W, H = surf.get_size()
        surf.blit(self.bg.get((W, H)), (0, 0))
        # i18n: under the title "Saved games"; {tab_key}, {enter_key} and {delete_key} are the key names
        # "Tab", "Enter" and "Delete"
        sub = _("Every unfinished game is kept until you delete it. {tab_key} switches lists, {enter_key} opens, "
                "{delete_key} removes.").format(tab_key=_("Tab"), enter_key=_("Enter"),
                                                delete_key=pgettext("key", "Delete"))
        draw_title(surf, th, _("Saved games"), sub)
        self._label_buttons()
        for b in self.tabs:
            b.style = "primary" if self.tab == b.action else "normal"
        layout_row(self.tabs, pygame.Rect(th.px(60), th.px(160), th.px(560), th.px(54)), th.px(16))
        for b in self.tabs:
            b.draw(surf, th)
        panel = pygame.Rect(th.px(60), th.px(230), W - th.px(120), H - th.px(380))
        draw_panel(surf, panel, th)
        self._draw_rows(surf, panel)
        self.open_btn.enabled = self.current() is not None
        self.delete_btn.style = "danger" if self.tab == 0 else "normal"
        self.delete_btn.enabled = self.current() is not None
        row = pygame.Rect(0, panel.bottom + th.px(24), W, th.px(60))
        layout_row([self.open_btn, self.delete_btn, self.back_btn], row, th.px(24), width=th.px(300))
        for b in (self.open_btn, self.delete_btn, self.back_btn):
            b.draw(surf, th)
        draw_message(surf, th, self.message)
        if self.dialog is not None:
            self.dialog.draw(surf, th)

    def _row_head(self, info) -> str:
        """A row's first line: the game's title and how far it went ('Micropolis  -  round 3')."""
        if self.tab == 1:
            title = self.title_of(info.summary.game)
            names = [p.name for p in info.summary.players if p.won]
            if names:
                # i18n: a finished game in the list; {game} is its title, {names} lists the winners ("Ann and Bruno")
                return _("{game}  -  won by {names}").format(game=title, names=format_list(names))
            # i18n: a finished game in the list, without a winner to name; {game} is its title
            return _("{game}  -  finished").format(game=title)
        title = self.title_of(info.record.game)
        if info.round:
            # i18n: a saved game in the list; {game} is its title, {n} the round it has reached
            return _("{game}  -  round {n}").format(game=title, n=format_number(info.round))
        return title

    def _draw_rows(self, surf, panel):
        th = self.th
        items = self.items[self.tab]
        pad = th.px(20)
        row_h = th.px(76)
        fits = max(1, (panel.h - 2 * pad) // row_h)
        self.top_row = min(max(self.top_row, self.sel - fits + 1), self.sel) if items else 0
        self.rows = []
        if not items and not self._listed[self.tab]:
            self._draw_waiting(surf, panel.center)
            return
        if not items:
            empty = _("No unfinished games.") if self.tab == 0 else _("No finished games yet.")
            t = th.text(empty, "body", T.INK_SOFT)
            surf.blit(t, t.get_rect(center=panel.center))
            return
        y = panel.y + pad
        for i in range(self.top_row, min(len(items), self.top_row + fits)):
            info = items[i]
            r = pygame.Rect(panel.x + pad, y, panel.w - 2 * pad, row_h - th.px(8))
            self.rows.append(r)
            if i == self.sel:
                pygame.draw.rect(surf, (252, 226, 160), r, border_radius=th.px(10))
                pygame.draw.rect(surf, T.HILITE, r, th.px(3), border_radius=th.px(10))
            head = th.text(self._row_head(info), "label", T.INK, bold=True)
            surf.blit(head, (r.x + th.px(16), r.y + th.px(6)))
            words = summary_words(info.summary) if self.tab == 1 else seat_words(info.record.seats)
            sub = th.text(words, "small", T.INK_SOFT)
            surf.blit(sub, (r.x + th.px(16), r.y + th.px(8) + head.get_height()))
            when = th.text(when_words(info.when), "small", T.INK_SOFT)
            surf.blit(when, when.get_rect(topright=(r.right - th.px(16), r.y + th.px(10))))
            y += row_h

    def _draw_waiting(self, surf, center):
        """Three dots that pulse while a list is read (no words: the tab's count grows meanwhile)."""
        th = self.th
        phase = time.perf_counter() * 3
        for i in range(3):
            glow = 0.5 + 0.5 * math.sin(phase - i * 0.9)
            colour = tuple(int(a + (b - a) * glow) for a, b in zip(T.PAPER_DARK[:3], T.INK_SOFT[:3]))
            pygame.draw.circle(surf, colour, (center[0] + (i - 1) * th.px(28), center[1]), th.px(7))
