"""Saved games: every unfinished game (resume or delete) and the records of finished ones (watch)."""
from __future__ import annotations

import time

import pygame

from game.games import games, get_rules, is_known
from game.core.saves import delete_save, list_finished, list_saves, load_save
from game.scenes.common import Background, draw_message, draw_title
from game.scenes.manager import Scene
from game.ui import theme as T
from game.ui.widgets import Button, Dialog, draw_panel, layout_row

KIND_WORDS = {"human": "", "easy": "easy AI", "medium": "medium AI", "hard": "hard AI", "random": "random AI"}


def seat_words(seats) -> str:
    return ", ".join(f"{s.name} ({KIND_WORDS[s.kind]})" if KIND_WORDS.get(s.kind) else s.name
                     for s in seats if s.kind != "imaginary")


def score_words(rec) -> str:
    """A finished game's players with their scores, best first ('' without a final result)."""
    from game.core.history import summarize
    summary = summarize(rec, "", 0, 0.0)
    if summary is None:
        return seat_words(rec.seats)
    return ",  ".join(f"{p.name} {p.score}" + (f" ({KIND_WORDS[p.kind]})" if KIND_WORDS.get(p.kind) else "")
                      for p in sorted(summary.players, key=lambda p: -p.score))


def when_words(t: float) -> str:
    return time.strftime("%d %b %Y, %H:%M", time.localtime(t))


def resume(app, info, scene) -> bool:
    """Open a saved game in the play scene; False (and a message on ``scene``) if it cannot be."""
    from game.games import get_rules
    from game.scenes.play import PlayScene
    rec, states, msg = load_save(info.path, get_rules, is_known)
    if rec is None:
        scene.message = msg or "This game can no longer be resumed."
        scene.enter()
        scene.dirty = True
        return False
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
        scene.message = f"This record cannot be shown: {str(e).split(': ', 1)[-1]}"
        scene.dirty = True
        return False
    app.scenes.push(PlayScene(app, rec.game, rec.seats, rec.seed, rec.options, states=states, replay=True))
    return True


class SavesScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.bg = Background()
        self.titles = {g.id: g.title for g in games()}
        self.tab = 0             # 0: unfinished, 1: finished
        self.sel = 0
        self.top_row = 0
        self.rows: list[pygame.Rect] = []
        self.message = ""
        self.dialog: Dialog | None = None
        self.tabs = [Button("Unfinished", 0), Button("Finished", 1)]
        self.open_btn = Button("Resume", "open", style="primary")
        self.delete_btn = Button("Delete", "delete", style="danger")
        self.back_btn = Button("Back", "back")
        self.items = {0: [], 1: []}

    def enter(self):
        super().enter()
        saves, msgs = list_saves(is_known, get_rules)
        self.items = {0: saves, 1: list_finished(is_known)}
        if msgs and not self.message:
            self.message = msgs[0]
        if not self.items[0] and self.items[1]:
            self.tab = 1
        self.sel = min(self.sel, max(0, len(self.items[self.tab]) - 1))

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
        title = self.titles.get(info.record.game, info.record.game)
        self.dialog = Dialog("Delete this saved game?",
                             f"{title} with {seat_words(info.record.seats)}, saved {when_words(info.when)}. "
                             "It cannot be brought back.",
                             [Button("Delete", "delete", key=pygame.K_y, style="danger"),
                              Button("Keep it", "keep", key=pygame.K_n, style="primary")])
        self.dialog.focus = 1

    def _delete(self):
        info = self.current()
        if info is not None:
            self.message = delete_save(info.path) or ""
        self.enter()

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
            self.message = f"This record cannot be reviewed: {str(e).split(': ', 1)[-1]}"
            return
        seats = list(states[0].seats)
        self.app.scenes.push(ReviewScene(self.app, rec.game, rec.seats, rec.seed, rec.options, states,
                                         reviewed_player(seats)))

    def _switch(self, tab):
        self.tab, self.sel, self.top_row = tab, 0, 0

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
        draw_title(surf, th, "Saved games", "Every unfinished game is kept until you delete it. "
                   "Tab switches lists, Enter opens, Delete removes.")
        for i, b in enumerate(self.tabs):
            n = len(self.items[b.action])
            b.label = f"{('Unfinished', 'Finished')[i]} ({n})"
            b.style = "primary" if self.tab == b.action else "normal"
        layout_row(self.tabs, pygame.Rect(th.px(60), th.px(160), th.px(560), th.px(54)), th.px(16))
        for b in self.tabs:
            b.draw(surf, th)
        panel = pygame.Rect(th.px(60), th.px(230), W - th.px(120), H - th.px(380))
        draw_panel(surf, panel, th)
        self._draw_rows(surf, panel)
        self.open_btn.label = "Resume" if self.tab == 0 else "Watch the replay"
        self.open_btn.enabled = self.current() is not None
        self.delete_btn.label = "Delete" if self.tab == 0 else "Review (R)"
        self.delete_btn.style = "danger" if self.tab == 0 else "normal"
        self.delete_btn.enabled = self.current() is not None
        row = pygame.Rect(0, panel.bottom + th.px(24), W, th.px(60))
        layout_row([self.open_btn, self.delete_btn, self.back_btn], row, th.px(24), width=th.px(300))
        for b in (self.open_btn, self.delete_btn, self.back_btn):
            b.draw(surf, th)
        draw_message(surf, th, self.message)
        if self.dialog is not None:
            self.dialog.draw(surf, th)

    def _draw_rows(self, surf, panel):
        th = self.th
        items = self.items[self.tab]
        pad = th.px(20)
        row_h = th.px(76)
        fits = max(1, (panel.h - 2 * pad) // row_h)
        self.top_row = min(max(self.top_row, self.sel - fits + 1), self.sel) if items else 0
        self.rows = []
        if not items:
            empty = "No unfinished games." if self.tab == 0 else "No finished games yet."
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
            rec = info.record
            title = self.titles.get(rec.game, rec.game)
            where = f"round {info.round}" if info.round else ""
            if self.tab == 1 and rec.final:
                names = [rec.seats[w].name for w in rec.final.get("winners", []) if w < len(rec.seats)]
                where = f"won by {' and '.join(names)}" if names else "finished"
            head = th.text(f"{title}" + (f"  -  {where}" if where else ""), "label", T.INK, bold=True)
            surf.blit(head, (r.x + th.px(16), r.y + th.px(6)))
            sub = th.text(score_words(rec) if self.tab == 1 else seat_words(rec.seats), "small", T.INK_SOFT)
            surf.blit(sub, (r.x + th.px(16), r.y + th.px(8) + head.get_height()))
            when = th.text(when_words(info.when), "small", T.INK_SOFT)
            surf.blit(when, when.get_rect(topright=(r.right - th.px(16), r.y + th.px(10))))
            y += row_h
