"""Game select: one big card per registered game, Continue and Quit."""
from __future__ import annotations

import time

import pygame

from game.core.paths import saving_off_reason
from game.core.saves import any_saved, newest_save
from game.games import games, get_rules, is_known
from game.scenes.common import Background, draw_message, draw_title
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
        self.continue_btn = Button("Continue", "continue", style="primary")
        self.saves_btn = Button("Saved games", "saves")
        self.history_btn = Button("History", "history")
        self.settings_btn = Button("Settings", "settings")
        self.quit_btn = Button("Quit", "quit")
        self.saves: list = []
        self.rule_links: list[tuple[pygame.Rect, object]] = []   # each card's "How to play"
        self.help = None                                          # the rules shown over the menu
        self.quit_asked_at = float("-inf")   # when Esc last asked "press Esc again to quit"

    def enter(self):
        super().enter()
        newest, msgs = newest_save(is_known, get_rules)    # never the whole folder: the menu stays quick
        self.saves = [newest] if newest else []
        self.message = self._told(msgs)
        why = saving_off_reason() or self.app.settings.problem
        if why and not self.message:
            self.message = why
            self.app.settings.problem = None    # a settings file set aside is told once
        self.continue_btn.enabled = bool(self.saves)
        self.saves_btn.enabled = bool(self.saves) or any_saved()
        if self.saves:
            gid = self.saves[0].record.game
            title = next((c.title for c in self.catalog if c.id == gid), gid)
            self.continue_btn.label = f"Continue {title}"
        else:
            self.continue_btn.label = "Continue"

    @staticmethod
    def _told(msgs: list[str]) -> str:
        """Every save set aside goes to the log; the menu says it in one line."""
        if not msgs:
            return ""
        from game.core.errlog import write_log
        log = write_log("saved games set aside:\n  " + "\n  ".join(msgs))
        if len(msgs) == 1:
            return msgs[0]
        where = f" (the reasons are in {log})" if log else ""
        return f"{len(msgs)} saved games could not be used and were kept aside{where}."

    def _items(self):
        """Focusable things in keyboard order: the cards, then the buttons."""
        return list(range(len(self.catalog))) + ["continue", "saves", "history", "settings", "quit"]

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
        layout_row(self._buttons(), row, th.px(24), width=th.px(300))

    def _buttons(self):
        return [self.continue_btn, self.saves_btn, self.history_btn, self.settings_btn, self.quit_btn]

    def _open(self, i: int):
        c = self.catalog[i]
        if c.id in self.app.data_problems:
            from game.scenes.error import ErrorScene
            from game.core.errlog import log_path
            self.app.scenes.push(ErrorScene(self.app, f"{c.title} cannot start: its data has a problem",
                                            [self.app.data_problems[c.id]], log_path(), can_go_on=True))
            return
        if c.id not in self.available:
            self.message = f"{c.title} is not playable in this version yet."
            self.dirty = True
            return
        from game.scenes.setup import SetupScene
        self.app.scenes.push(SetupScene(self.app, c.id))

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
        else:
            self._open(item)

    def _show_rules(self, i: int):
        from game.ui.help import HelpOverlay
        c = self.catalog[i]
        self.help = HelpOverlay(c.id, c.title)

    def handle(self, ev):
        if self.help is not None:          # the rules, over the menu: they take every input
            if self.help.handle(ev) == "close":
                self.help = None
            self.dirty = True
            return
        items = self._items()
        if ev.type == pygame.MOUSEMOTION:
            old = (self.hover, [b.hover for b in self._buttons()])
            self.hover = next((i for i, (r, _) in enumerate(self.cards) if r.collidepoint(ev.pos)), -1)
            for b in self._buttons():
                b.hover = b.rect.collidepoint(ev.pos)
            if old != (self.hover, [b.hover for b in self._buttons()]):
                self.dirty = True
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            self.message = ""
            self.dirty = True
            for i, (r, _) in enumerate(self.rule_links):
                if r.collidepoint(ev.pos):
                    self._show_rules(i)
                    return
            for i, (r, _) in enumerate(self.cards):
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
        self.message = "Press Esc again to quit."

    def draw(self, surf):
        th = self.th
        surf.blit(self.bg.get(surf.get_size()), (0, 0))
        self._layout(surf.get_size())
        draw_title(surf, th, "Anthology", f"{_count_words(len(self.catalog))} ant games for one table: "
                                          "friends around the screen, or clever bots.")
        items = self._items()
        focused = items[self.focus]
        self.rule_links = []
        for i, (r, c) in enumerate(self.cards):
            self._draw_card(surf, r, c, hover=(i == self.hover), focus=(focused == i))
        for b in self._buttons():
            b.focus = focused == b.action
            b.draw(surf, th)
        hint = th.text("Arrows / Tab to move, Enter to choose, F1 how to play, F11 full screen, Esc to quit",
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
        title = th.text(c.title, "title", T.INK, bold=True)
        surf.blit(title, (r.x + pad, y))
        y += title.get_height() + th.px(2)
        surf.blit(th.text(c.designer, "small", T.INK_SOFT), (r.x + pad, y))
        y += th.px(32)
        from game.ui.widgets import wrap
        for line in wrap(c.pitch, th.font("body"), r.w - pad * 2):
            surf.blit(th.text(line, "body", T.INK), (r.x + pad, y))
            y += th.font("body").get_linesize()
        y += th.px(12)
        tx = r.x + pad
        for tag in c.tags:
            img = th.text(tag, "small", T.WHITE, bold=True)
            tr = img.get_rect().inflate(th.px(18), th.px(8))
            if tx + tr.w > r.right - pad:
                tx = r.x + pad
                y += tr.h + th.px(8)
            tr.topleft = (tx, y)
            pygame.draw.rect(surf, accent, tr, border_radius=tr.h // 2)
            surf.blit(img, img.get_rect(center=tr.center))
            tx += tr.w + th.px(8)
        facts = f"{c.min_players}-{c.max_players} players   ~{c.minutes} min"
        ft = th.text(facts, "label", T.INK_SOFT, bold=True)
        surf.blit(ft, (r.x + pad, r.bottom - pad - ft.get_height()))
        link = th.text("How to play", "small", T.WHITE, bold=True)
        lr = link.get_rect().inflate(th.px(22), th.px(12))
        lr.bottomright = (r.right - pad, r.bottom - pad + th.px(4))
        pygame.draw.rect(surf, table.accents[0], lr, border_radius=lr.h // 2)
        surf.blit(link, link.get_rect(center=lr.center))
        self.rule_links.append((lr, c))
        if not playable:
            words = "cannot start" if c.id in self.app.data_problems else "coming soon"
            tag = th.text(words, "small", T.WHITE, bold=True)
            tr = tag.get_rect().inflate(th.px(20), th.px(10))
            tr.topright = (r.right - pad, r.y + th.px(40))
            pygame.draw.rect(surf, (150, 82, 44), tr, border_radius=th.px(8))
            surf.blit(tag, tag.get_rect(center=tr.center))
        if hover or focus:
            pygame.draw.rect(surf, T.HILITE, r.inflate(th.px(6), th.px(6)), th.px(4), border_radius=th.px(25))


def _count_words(n: int) -> str:
    words = ("No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine")
    return words[n] if n < len(words) else str(n)
