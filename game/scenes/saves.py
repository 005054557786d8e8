"""Saved games: every unfinished game (resume or delete) and the records of finished ones (watch)."""
from __future__ import annotations

from datetime import datetime

import pygame

from game.core.i18n import _, format_datetime, format_list, format_number, pgettext
from game.games import games, get_rules, is_known
from game.core.saves import delete_save, list_finished, list_saves, load_save
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
    """Open a saved game in the play scene; False (and a message on ``scene``) if it cannot be."""
    from game.games import get_rules
    from game.scenes.play import PlayScene
    rec, states, msg = load_save(info.path, get_rules, is_known)
    if rec is None:
        scene.message = msg or _("This game can no longer be resumed.")
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
        # i18n: {problem} is a technical detail (in English) of what is wrong with the file
        scene.message = _("This record cannot be shown: {problem}").format(problem=str(e).split(": ", 1)[-1])
        scene.dirty = True
        return False
    app.scenes.push(PlayScene(app, rec.game, rec.seats, rec.seed, rec.options, states=states, replay=True))
    return True


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
            # i18n: {problem} is a technical detail (in English) of what is wrong with the file
            self.message = _("This record cannot be reviewed: {problem}").format(problem=str(e).split(": ", 1)[-1])
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
        rec = info.record
        title = self.title_of(rec.game)
        if self.tab == 1 and rec.final:
            names = [rec.seats[w].shown_name for w in rec.final.get("winners", [])
                     if type(w) is int and 0 <= w < len(rec.seats)]
            if names:
                # i18n: a finished game in the list; {game} is its title, {names} lists the winners ("Ann and Bruno")
                return _("{game}  -  won by {names}").format(game=title, names=format_list(names))
            # i18n: a finished game in the list, without a winner to name; {game} is its title
            return _("{game}  -  finished").format(game=title)
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
            rec = info.record
            head = th.text(self._row_head(info), "label", T.INK, bold=True)
            surf.blit(head, (r.x + th.px(16), r.y + th.px(6)))
            sub = th.text(score_words(rec) if self.tab == 1 else seat_words(rec.seats), "small", T.INK_SOFT)
            surf.blit(sub, (r.x + th.px(16), r.y + th.px(8) + head.get_height()))
            when = th.text(when_words(info.when), "small", T.INK_SOFT)
            surf.blit(when, when.get_rect(topright=(r.right - th.px(16), r.y + th.px(10))))
            y += row_h
