"""Game select: one big card per registered game, Continue and Quit."""
from __future__ import annotations

import time

import pygame

from game.core.i18n import _, ngettext, pgettext
from game.core.paths import saving_off_reason
from game.core.saves import any_saved, newest_save
from game.games import games, get_rules, is_known
from game.scenes.common import Background, draw_message, draw_title, draw_version
from game.scenes.manager import Scene
from game.ui import theme as T
from game.ui.tables import table_for
from game.ui.widgets import Button, layout_row

QUIT_ASK_SECONDS = 2.0


class SelectScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.bg = Background()
        self.catalog = games()
        self.available = {g.id for g in self.catalog} - set(app.data_problems)
        self.cards: list[tuple[pygame.Rect, object]] = []
        self.focus = 0
        self.hover = -1
        self.message = ""
        self.continue_btn = Button("", "continue", style="primary")
        self.saves_btn = Button("", "saves")
        self.history_btn = Button("", "history")
        self.settings_btn = Button("", "settings")
        self.quit_btn = Button("", "quit")
        self.host_btn = Button("", "host")      # play together from different machines
        self.join_btn = Button("", "join")
        self.hosting = False                    # "Host a table" chosen: the next card opens its setup
        self.saves: list = []
        self.rule_links: list[tuple[pygame.Rect, object]] = []   # each card's "How to play"
        self.help = None                                          # the rules shown over the menu
        self.quit_asked_at = float("-inf")   # when Esc last asked "press Esc again to quit"
        self._labels()

    def enter(self):
        super().enter()
        newest, msgs = newest_save(is_known, get_rules)    # never the whole folder: the menu stays quick
        self.saves = [newest] if newest else []
        self.message = self._told(msgs)
        why = saving_off_reason() or self.app.settings.problem_words()
        if why and not self.message:
            self.message = why
            self.app.settings.problem = None    # a settings file set aside is told once
        self.continue_btn.enabled = bool(self.saves)
        self.saves_btn.enabled = bool(self.saves) or any_saved()
        self._labels()

    def _labels(self):
        """The buttons' words, read from the catalog (again after Settings changed the language)."""
        if self.saves:
            gid = self.saves[0].record.game
            title = next((_(c.title) for c in self.catalog if c.id == gid), gid)
            # i18n: a button: go on with the last game played; {game} is its title ("Micropolis")
            self.continue_btn.label = _("Continue {game}").format(game=title)
        else:
            # i18n: a button: go on with the last game played (there is none)
            self.continue_btn.label = pgettext("button", "Continue")
        self.saves_btn.label = _("Saved games")
        # i18n: a button: the games played before and their results
        self.history_btn.label = pgettext("button", "History")
        self.settings_btn.label = pgettext("button", "Settings")
        # i18n: a button: close the program
        self.quit_btn.label = pgettext("button", "Quit")
        # i18n: a menu button: host a game that players on other machines join
        self.host_btn.label = _("Host a table")
        # i18n: a menu button: join a game hosted on another machine
        self.join_btn.label = _("Join a table")

    @staticmethod
    def _told(msgs: list[str]) -> str:
        """Every save set aside goes to the log; the menu says it in one line."""
        if not msgs:
            return ""
        from game.core.errlog import write_log
        log = write_log("saved games set aside:\n  " + "\n  ".join(msgs))
        if len(msgs) == 1:
            return msgs[0]
        n = len(msgs)
        if log:
            # i18n: {log} is the log file's full path
            return ngettext("{n} saved game could not be used and was kept aside (the reasons are in {log}).",
                            "{n} saved games could not be used and were kept aside (the reasons are in {log}).",
                            n).format(n=n, log=log)
        return ngettext("{n} saved game could not be used and was kept aside.",
                        "{n} saved games could not be used and were kept aside.", n).format(n=n)

    def _items(self):
        """Focusable things in keyboard order: the cards, then the buttons."""
        return list(range(len(self.catalog))) + ["continue", "saves", "history", "settings", "quit", "host", "join"]

    def _layout(self, size):
        w, h = size
        th = self.th
        n = len(self.catalog)
        gap = th.px(40)
        cw = min(th.px(520), (w - th.px(120) - gap * (n - 1)) // n)
        ch = min(th.px(600), h - th.px(360))
        x = (w - (cw * n + gap * (n - 1))) // 2
        y = th.px(190)
        self.cards = [(pygame.Rect(x + i * (cw + gap), y, cw, ch), c) for i, c in enumerate(self.catalog)]
        row = pygame.Rect(0, y + ch + th.px(44), w, th.px(70))
        layout_row(self._buttons()[:5], row, th.px(24), width=th.px(300))
        # the network's two buttons, in the top right corner (above the cards)
        bw, bh = th.px(250), th.px(52)
        self.host_btn.rect = pygame.Rect(w - th.px(24) - bw, th.px(20), bw, bh)
        self.join_btn.rect = pygame.Rect(w - th.px(24) - bw, th.px(20) + bh + th.px(12), bw, bh)

    def _buttons(self):
        return [self.continue_btn, self.saves_btn, self.history_btn, self.settings_btn, self.quit_btn,
                self.host_btn, self.join_btn]

    def _open(self, i: int):
        c = self.catalog[i]
        if c.id in self.app.data_problems:
            from game.scenes.error import ErrorScene
            from game.core.errlog import log_path
            # i18n: {game} is the game's title; the problem (in English) follows below
            self.app.scenes.push(ErrorScene(self.app, _("{game} cannot start: its data has a problem").format(
                                                game=_(c.title)),
                                            [self.app.data_problems[c.id]], log_path(), can_go_on=True))
            return
        if c.id not in self.available:
            self.message = _("{game} is not playable in this version yet.").format(game=_(c.title))
            self.dirty = True
            return
        from game.scenes.setup import SetupScene
        hosting, self.hosting = self.hosting, False
        self.app.scenes.push(SetupScene(self.app, c.id, network=hosting))

    def _continue(self):
        if not self.saves:
            return
        from game.scenes.saves import resume
        resume(self.app, self.saves[0], self)

    def _activate(self, item):
        if item == "continue":
            if self.continue_btn.enabled:
                self._continue()
        elif item == "saves":
            if self.saves_btn.enabled:
                from game.scenes.saves import SavesScene
                self.app.scenes.push(SavesScene(self.app))
        elif item == "history":
            from game.scenes.history import HistoryScene
            self.app.scenes.push(HistoryScene(self.app))
        elif item == "settings":
            from game.scenes.settings import SettingsScene
            self.app.scenes.push(SettingsScene(self.app))
        elif item == "quit":
            self.app.quit()
        elif item == "host":
            self.hosting = True
            self.message = _("Choose the game to host.")
        elif item == "join":
            from game.scenes.net_play import JoinScene
            self.app.scenes.push(JoinScene(self.app))
        else:
            self._open(item)

    def _show_rules(self, i: int):
        from game.ui.help import HelpOverlay
        c = self.catalog[i]
        self.help = HelpOverlay(c.id, c.title)    # the overlay translates the title when it draws

    def handle(self, ev):
        if self.help is not None:          # the rules, over the menu: they take every input
            if self.help.handle(ev) == "close":
                self.help = None
            self.dirty = True
            return
        items = self._items()
        if ev.type == pygame.MOUSEMOTION:
            old = (self.hover, [b.hover for b in self._buttons()])
            self.hover = next((i for i, (r, _c) in enumerate(self.cards) if r.collidepoint(ev.pos)), -1)
            for b in self._buttons():
                b.hover = b.rect.collidepoint(ev.pos)
            if old != (self.hover, [b.hover for b in self._buttons()]):
                self.dirty = True
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            self.message = ""
            self.dirty = True
            for i, (r, _c) in enumerate(self.rule_links):
                if r.collidepoint(ev.pos):
                    self._show_rules(i)
                    return
            for i, (r, _c) in enumerate(self.cards):
                if r.collidepoint(ev.pos):
                    self.focus = i
                    self._open(i)
                    return
            for b in self._buttons():
                if b.hit(ev.pos):
                    self._activate(b.action)
                    return
        elif ev.type == pygame.KEYDOWN:
            self.dirty = True
            if ev.key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
                self.focus = (self.focus + 1) % len(items)
            elif ev.key in (pygame.K_LEFT, pygame.K_UP):
                self.focus = (self.focus - 1) % len(items)
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.message = ""
                self._activate(items[self.focus])
            elif ev.key == pygame.K_ESCAPE:
                self._escape()
            elif ev.key == pygame.K_F1:       # the rules of the card in focus (or under the mouse)
                focused = items[self.focus]
                self._show_rules(focused if isinstance(focused, int) else max(self.hover, 0))
            elif pygame.K_1 <= ev.key <= pygame.K_9 and ev.key - pygame.K_1 < len(self.catalog):
                self._open(ev.key - pygame.K_1)
            elif ev.key == pygame.K_c:
                self._activate("continue")

    def _escape(self):
        """Esc asks first: a second press within QUIT_ASK_SECONDS quits."""
        now = time.monotonic()
        if now - self.quit_asked_at <= QUIT_ASK_SECONDS:
            self.app.quit()
            return
        self.quit_asked_at = now
        self.message = _("Press Esc again to quit.")

    def draw(self, surf):
        th = self.th
        self._labels()      # in the language chosen now (Settings may have changed it)
        surf.blit(self.bg.get(surf.get_size()), (0, 0))
        self._layout(surf.get_size())
        n = len(self.catalog)
        # i18n: the menu's title: the program's name (a collection of games)
        title = _("Anthology")
        # i18n: under the menu's title; {count} is how many games there are, as a word ("Three")
        draw_title(surf, th, title, ngettext("{count} ant game for one table: friends around the screen, "
                                             "or clever bots.",
                                             "{count} ant games for one table: friends around the screen, "
                                             "or clever bots.", n).format(count=_count_words(n)))
        items = self._items()
        focused = items[self.focus]
        self.rule_links = []
        for i, (r, c) in enumerate(self.cards):
            self._draw_card(surf, r, c, hover=(i == self.hover), focus=(focused == i))
        for b in self._buttons():
            b.focus = focused == b.action
            b.draw(surf, th)
        draw_version(surf, th)
        # i18n: the menu's keys; translate the key names as your keyboards label them
        hint = th.text(_("Arrows / Tab to move, Enter to choose, F1 how to play, F11 full screen, Esc to quit"),
                       "small", (236, 220, 190))
        surf.blit(hint, hint.get_rect(midbottom=(surf.get_width() // 2, surf.get_height() - th.px(70))))
        draw_message(surf, th, self.message)
        if self.help is not None:
            self.help.draw(surf, th)

    def _draw_card(self, surf, r, c, hover, focus):
        th = self.th
        lift = th.px(6) if (hover or focus) else 0
        r = r.move(0, -lift)
        table = table_for(c.id)
        accent = table.accents[0]
        playable = c.id in self.available
        card = T.paper_card(r.size, th.px(22), seed=sum(map(ord, c.id)))
        sh = pygame.Surface((r.w + th.px(16), r.h + th.px(16)), pygame.SRCALPHA)
        pygame.draw.rect(sh, (0, 0, 0, 80 if lift else 55), sh.get_rect(), border_radius=th.px(28))
        surf.blit(sh, (r.x - th.px(4), r.y + th.px(6) + lift))
        surf.blit(card, r.topleft)
        pad = th.px(22)
        band = pygame.Rect(r.x, r.y, r.w, th.px(14))
        pygame.draw.rect(surf, accent, band, border_top_left_radius=th.px(22), border_top_right_radius=th.px(22))
        ill_h = int(r.h * 0.46)
        ill = table.menu_picture(r.w - pad * 2, ill_h)
        surf.blit(ill, (r.x + pad, r.y + th.px(30)))
        y = r.y + th.px(40) + ill_h
        title = th.text(_(c.title), "title", T.INK, bold=True)
        surf.blit(title, (r.x + pad, y))
        y += title.get_height() + th.px(2)
        surf.blit(th.text(c.designer, "small", T.INK_SOFT), (r.x + pad, y))   # people's names, as they are
        y += th.px(32)
        # the foot first (how many play and how long, the rules link), so the words above stop
        # short of it whatever the language's length
        # i18n: a small button on a game's menu card that opens its rules
        link = th.text(_("How to play"), "small", T.WHITE, bold=True)
        lr = link.get_rect().inflate(th.px(22), th.px(12))
        lr.bottomright = (r.right - pad, r.bottom - pad + th.px(4))
        # i18n: on a game's menu card: {low}-{high} players, and about how many minutes a game takes
        facts = ngettext("{low}-{high} players   ~{minutes} min", "{low}-{high} players   ~{minutes} min",
                         c.max_players).format(low=c.min_players, high=c.max_players, minutes=c.minutes)
        beside = lr.x - th.px(12) - (r.x + pad)
        ft = th.text(facts, "label", T.INK_SOFT, bold=True)
        if ft.get_width() > beside:
            ft = th.text(facts, "small", T.INK_SOFT, bold=True)
        if ft.get_width() > beside:          # no room beside the link: on a line of its own above it
            ft_pos = (r.x + pad, lr.y - th.px(8) - ft.get_height())
        else:
            ft_pos = (r.x + pad, r.bottom - pad - ft.get_height())
        limit = min(ft_pos[1], lr.y) - th.px(8)
        from game.ui.widgets import wrap
        tag_h = th.font("small", True).get_linesize() + th.px(8)
        for size in ("body", "small"):       # the pitch in a smaller type when a row of tags would not fit
            body_h = th.font(size).get_linesize()
            lines = wrap(_(c.pitch), th.font(size), r.w - pad * 2)
            if y + len(lines) * body_h + th.px(12) + tag_h <= limit:
                break
        for line in lines:
            if y + body_h > limit:
                break
            surf.blit(th.text(line, size, T.INK), (r.x + pad, y))
            y += body_h
        y += th.px(12)
        tx = r.x + pad
        for tag in c.tags:
            img = th.text(_(tag), "small", T.WHITE, bold=True)
            tr = img.get_rect().inflate(th.px(18), th.px(8))
            if tx + tr.w > r.right - pad:
                tx = r.x + pad
                y += tr.h + th.px(8)
            tr.topleft = (tx, y)
            if tr.bottom > limit:            # a small card: the tags that fit
                break
            pygame.draw.rect(surf, accent, tr, border_radius=tr.h // 2)
            surf.blit(img, img.get_rect(center=tr.center))
            tx += tr.w + th.px(8)
        surf.blit(ft, ft_pos)
        pygame.draw.rect(surf, table.accents[0], lr, border_radius=lr.h // 2)
        surf.blit(link, link.get_rect(center=lr.center))
        self.rule_links.append((lr, c))
        if not playable:
            # i18n: a badge on a game's menu card
            words = _("cannot start") if c.id in self.app.data_problems else _("coming soon")
            tag = th.text(words, "small", T.WHITE, bold=True)
            tr = tag.get_rect().inflate(th.px(20), th.px(10))
            tr.topright = (r.right - pad, r.y + th.px(40))
            pygame.draw.rect(surf, (150, 82, 44), tr, border_radius=th.px(8))
            surf.blit(tag, tag.get_rect(center=tr.center))
        if hover or focus:
            pygame.draw.rect(surf, T.HILITE, r.inflate(th.px(6), th.px(6)), th.px(4), border_radius=th.px(25))


def _count_words(n: int) -> str:
    """``n`` as a word that starts a sentence ("Three"), in the chosen language."""
    if n >= 10:
        return str(n)
    # (the context is written out in each call: the catalog tool reads it from the code)
    return (pgettext("number of games, first word of a sentence", "No"),
            pgettext("number of games, first word of a sentence", "One"),
            pgettext("number of games, first word of a sentence", "Two"),
            pgettext("number of games, first word of a sentence", "Three"),
            pgettext("number of games, first word of a sentence", "Four"),
            pgettext("number of games, first word of a sentence", "Five"),
            pgettext("number of games, first word of a sentence", "Six"),
            pgettext("number of games, first word of a sentence", "Seven"),
            pgettext("number of games, first word of a sentence", "Eight"),
            pgettext("number of games, first word of a sentence", "Nine"))[n]
