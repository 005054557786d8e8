"""History: every finished game with its scores, and each player's statistics per game (games,
wins, best and mean score, results against each AI level, a chart of their last scores).

The summaries come from game/core/history.py; records the index does not know yet are read in a
background thread, with the count shown, so the scene opens at once whatever the folder holds.
A game of the list opens its replay (a click, or Enter on the chosen row), as Watch does in Saved games.
"""
from __future__ import annotations

import threading
from datetime import datetime

import pygame

from game.core import history
from game.core.i18n import N_, _, format_datetime, format_list, format_number, format_percent, ngettext, pgettext
from game.games import games, is_known
from game.scenes.common import Background, draw_message, draw_title
from game.scenes.manager import Scene
from game.ui import theme as T
from game.ui.tables import table_for
from game.ui.widgets import Button, draw_panel, wrap

# a player's results against one AI level: games won of the games with that level at the table
LEVEL_WORDS = {
    # i18n: in "Games won with an AI at the table: Easy 2/3, Medium 1/4": {won} of {played} games
    "easy": N_("Easy {won}/{played}"),
    # i18n: in "Games won with an AI at the table: Easy 2/3, Medium 1/4": {won} of {played} games
    "medium": N_("Medium {won}/{played}"),
    # i18n: in "Games won with an AI at the table: Easy 2/3, Hard 0/1": {won} of {played} games
    "hard": N_("Hard {won}/{played}"),
}
CHART_GAMES = 12


def _fit(text: str, font, width: int) -> list[str]:
    """The text as one line, or wrapped when it is wider than ``width`` (longer languages)."""
    return [text] if font.size(text)[0] <= width else wrap(text, font, width)


class HistoryScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.bg = Background()
        self.titles = {g.id: g.title for g in games()}      # message ids, translated when drawn
        self.back_btn = Button("", "back", style="primary")
        self.prev_btn = Button("<", "prev")
        self.next_btn = Button(">", "next")
        self.summaries: list = []
        self.stats: dict = {}
        self.names: list[str] = []
        self.player = 0
        self.top_row = 0
        self.sel = 0                    # the chosen game (Enter opens its replay)
        self.rows: list[pygame.Rect] = []       # the games drawn, from top_row on
        self.hover = -1                 # the game under the pointer
        self.message = ""               # a record set aside, or a replay that cannot be shown
        self.reading = (0, 0)           # records read, records to read (while the thread runs)
        self._lock = threading.Lock()
        self._done: list | None = None
        self._told: list = []           # records set aside by the thread's reading
        self.loading = True             # until the thread has handed its list over
        threading.Thread(target=self._refresh, daemon=True).start()

    def _refresh(self):
        def told(done, total):
            with self._lock:
                self.reading = (done, total)
        set_aside: list = []
        found = history.refresh(is_known=is_known, progress=told, messages=set_aside)
        with self._lock:
            self._done = found
            self._told = set_aside

    def update(self, dt_ms: float) -> bool:
        """Takes the thread's list when it is ready; keeps frames coming until then."""
        with self._lock:
            found, self._done = self._done, None
            reading = self.reading
            told = self._told
        if found is not None:
            self.summaries = found
            self.sel = min(self.sel, max(0, len(found) - 1))
            if told and not self.message:
                self.message = told[0]
            self.stats = history.player_stats(found)
            # the names people played under, most games first
            self.names = sorted(self.stats, key=lambda n: (-sum(s.games for s in self.stats[n].values()), n))
            self.player = min(self.player, max(0, len(self.names) - 1))
            self.reading = (0, 0)
            self.loading = False
            self.dirty = True
        elif reading[1]:
            self.dirty = True
        return self.loading

    # -- input ----------------------------------------------------------------------
    def _step_player(self, step: int):
        if len(self.names) > 1:
            self.player = (self.player + step) % len(self.names)
            self.dirty = True

    def _choose(self, sel: int):
        """Choose a game of the list (kept in view)."""
        if self.summaries:
            self.sel = max(0, min(sel, len(self.summaries) - 1))
            self.top_row = min(self.top_row, self.sel)
            if self.rows and self.sel >= self.top_row + len(self.rows):
                self.top_row = self.sel - len(self.rows) + 1
            self.dirty = True

    def _open(self, index: int) -> bool:
        """The replay of a game of the list, as Watch opens it in Saved games."""
        if not 0 <= index < len(self.summaries):
            return False
        from game.core.saves import FinishedInfo, finished_dir
        from game.scenes.saves import watch
        g = self.summaries[index]
        self.sel = index
        self.dirty = True
        return watch(self.app, FinishedInfo(finished_dir() / g.file, g), self)

    def handle(self, ev):
        if ev.type == pygame.KEYDOWN:
            page = max(1, len(self.rows))
            if ev.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.scenes.pop()
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if self.summaries:
                    self._open(self.sel)
                elif ev.key != pygame.K_SPACE:
                    self.app.scenes.pop()       # nothing to open: Enter leaves, as it always did
            elif ev.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self._step_player(1 if ev.key == pygame.K_RIGHT else -1)
            elif ev.key in (pygame.K_DOWN, pygame.K_UP):
                self._choose(self.sel + (1 if ev.key == pygame.K_DOWN else -1))
            elif ev.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
                self._choose(self.sel + (page if ev.key == pygame.K_PAGEDOWN else -page))
        elif ev.type == pygame.MOUSEWHEEL:
            self._choose(self.sel - ev.y)
        elif ev.type == pygame.MOUSEMOTION:
            hover = next((self.top_row + i for i, r in enumerate(self.rows) if r.collidepoint(ev.pos)), -1)
            if hover != self.hover:
                self.hover = hover
                self.dirty = True
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            if self.back_btn.hit(ev.pos):
                self.app.scenes.pop()
            elif self.prev_btn.hit(ev.pos):
                self._step_player(-1)
            elif self.next_btn.hit(ev.pos):
                self._step_player(1)
            else:
                for i, r in enumerate(self.rows):
                    if r.collidepoint(ev.pos):
                        self._open(self.top_row + i)
                        return

    # -- drawing --------------------------------------------------------------------
    def title_of(self, game_id: str) -> str:
        """A game's title in the chosen language (its id when the game is not known)."""
        return _(self.titles[game_id]) if game_id in self.titles else game_id

    def draw(self, surf):
        th = self.th
        W, H = surf.get_size()
        surf.blit(self.bg.get((W, H)), (0, 0))
        n = len(self.summaries)
        done, total = self.reading
        if total:
            # i18n: while the finished games are read; {done} of {total} records
            sub = _("Reading finished games... {done} of {total}").format(done=format_number(done),
                                                                          total=format_number(total))
        elif n:
            sub = ngettext("{n} finished game", "{n} finished games", n).format(n=format_number(n))
        else:
            sub = _("No finished games yet.")
        # i18n: the title of the screen with the finished games and each player's statistics
        draw_title(surf, th, _("History"), sub)
        top, pad = th.px(170), th.px(40)
        bottom = H - th.px(120)
        left = pygame.Rect(pad, top, int((W - pad * 3) * 0.52), bottom - top)
        right = pygame.Rect(left.right + pad, top, W - left.right - pad * 2, bottom - top)
        draw_panel(surf, left, th)
        draw_panel(surf, right, th)
        self._draw_games(surf, left.inflate(-th.px(32), -th.px(28)))
        self._draw_player(surf, right.inflate(-th.px(32), -th.px(28)))
        # i18n: a button: leave this screen for the one before
        self.back_btn.label = pgettext("button", "Back")
        self.back_btn.rect = pygame.Rect(0, 0, th.px(300), th.px(64))
        self.back_btn.rect.midbottom = (W // 2, H - th.px(30))
        self.back_btn.draw(surf, th)
        draw_message(surf, th, self.message)

    def _draw_games(self, surf, r):
        th = self.th
        # i18n: the heading of the list of finished games on the History screen
        surf.blit(th.text(_("Finished games"), "label", T.INK, bold=True), r.topleft)
        y = r.y + th.font("label").get_linesize() + th.px(10)
        row_h = th.font("body").get_linesize() + th.font("small").get_linesize() + th.px(16)
        fits = max(1, (r.bottom - y) // row_h)
        self.top_row = min(max(self.top_row, self.sel - fits + 1), self.sel) if self.summaries else 0
        self.rows = []
        for i, g in enumerate(self.summaries[self.top_row:], self.top_row):
            if y + row_h > r.bottom:
                break
            row = pygame.Rect(r.x - th.px(8), y - th.px(4), r.w + th.px(16), row_h - th.px(4))
            self.rows.append(row)
            if i == self.sel or i == self.hover:
                pygame.draw.rect(surf, (252, 226, 160), row, border_radius=th.px(10))
                if i == self.sel:
                    pygame.draw.rect(surf, T.HILITE, row, th.px(3), border_radius=th.px(10))
            accent = table_for(g.game).accents[0]
            pygame.draw.rect(surf, accent, (r.x, y + th.px(4), th.px(6), row_h - th.px(14)), border_radius=th.px(3))
            when = format_datetime(datetime.fromtimestamp(g.mtime), "medium")
            head = th.text(self.title_of(g.game), "body", T.INK, bold=True)
            surf.blit(head, (r.x + th.px(16), y))
            stamp = th.text(when, "small", T.INK_SOFT)
            surf.blit(stamp, stamp.get_rect(topright=(r.right, y + th.px(4))))
            x, y2 = r.x + th.px(16), y + head.get_height() + th.px(2)
            for p in sorted(g.players, key=lambda p: -p.score):
                if p.won:
                    # i18n: a player's final score in the list of finished games, the winner's
                    words = _("{name} {score} (won)").format(name=p.name, score=format_number(p.score))
                else:
                    # i18n: a player's final score in the list of finished games
                    words = _("{name} {score}").format(name=p.name, score=format_number(p.score))
                img = th.text(words, "small", T.INK if p.won else T.INK_SOFT, bold=p.won)
                if x + img.get_width() > r.right:
                    break
                surf.blit(img, (x, y2))
                x += img.get_width() + th.px(18)
            y += row_h

    def _draw_player(self, surf, r):
        th = self.th
        if not self.names:
            msg = _("Statistics appear here once a person has finished a game.") if not self.reading[1] else ""
            if msg:
                surf.blit(th.text(msg, "small", T.INK_SOFT), r.topleft)
            self.prev_btn.rect = self.next_btn.rect = pygame.Rect(0, 0, 0, 0)
            return
        name = self.names[self.player]
        bh = th.px(48)
        self.prev_btn.rect = pygame.Rect(r.x, r.y, bh, bh)
        self.next_btn.rect = pygame.Rect(r.right - bh, r.y, bh, bh)
        for b in (self.prev_btn, self.next_btn):
            b.enabled = len(self.names) > 1         # one person: nobody to step to
            b.draw(surf, th)
        title = th.text(name, "title", T.INK, bold=True)
        surf.blit(title, title.get_rect(center=(r.centerx, r.y + bh // 2)))
        y = r.y + bh + th.px(16)
        order = [g.id for g in games()]
        for game_id in sorted(self.stats[name], key=lambda gid: order.index(gid) if gid in order else len(order)):
            st = self.stats[name][game_id]
            block = th.px(150)
            if y + block > r.bottom:
                break
            surf.blit(th.text(self.title_of(game_id), "label", T.INK, bold=True), (r.x, y))
            y += th.font("label").get_linesize()
            # i18n: a player's statistics for one game: {n} games played, {wins} of them won, {rate} the
            # share won ("50%"), {best} the best score, {mean} the mean score ("12.5")
            line = ngettext("{n} game, {wins} won ({rate}).  Best {best}, mean {mean}",
                            "{n} games, {wins} won ({rate}).  Best {best}, mean {mean}", st.games).format(
                n=format_number(st.games), wins=format_number(st.wins), rate=format_percent(st.win_rate),
                best=format_number(st.best), mean=format_number(round(st.mean, 1)))
            for ln in _fit(line, th.font("small"), r.w):
                surf.blit(th.text(ln, "small", T.INK), (r.x, y))
                y += th.font("small").get_linesize()
            vs = [_(LEVEL_WORDS[lv]).format(won=format_number(st.against[lv][1]), played=format_number(st.against[lv][0]))
                  for lv in history.AI_LEVELS if lv in st.against and lv in LEVEL_WORDS]
            if vs:
                # i18n: {results} lists a player's wins against each AI level ("Easy 2/3, Medium 1/4 and Hard 0/1")
                words = _("Games won with an AI at the table: {results}").format(results=format_list(vs))
                for ln in _fit(words, th.font("small"), r.w):
                    surf.blit(th.text(ln, "small", T.INK_SOFT), (r.x, y))
                    y += th.font("small").get_linesize()
            chart = pygame.Rect(r.x, y + th.px(6), min(r.w, th.px(520)), th.px(64))
            self._chart(surf, chart, st.scores[-CHART_GAMES:], table_for(game_id).accents[0])
            y = chart.bottom + th.px(18)

    def _chart(self, surf, r, scores, colour):
        """The last scores as bars, oldest left, the best one's height the chart's."""
        th = self.th
        pygame.draw.line(surf, T.INK_SOFT, r.bottomleft, r.bottomright, max(1, th.px(2)))
        if not scores:
            return
        top = max(max(scores), 1)
        room = r.h - th.font("tiny").get_linesize()      # the last bar's number sits above it
        w = r.w // CHART_GAMES
        for i, v in enumerate(scores):
            h = max(th.px(3), int(room * max(v, 0) / top))
            bar = pygame.Rect(r.x + i * w + th.px(3), r.bottom - h, w - th.px(6), h)
            pygame.draw.rect(surf, colour, bar, border_top_left_radius=th.px(4), border_top_right_radius=th.px(4))
            if i == len(scores) - 1:
                label = th.text(format_number(v), "tiny", T.INK, bold=True)
                surf.blit(label, label.get_rect(midbottom=(bar.centerx, bar.y - th.px(2))))
