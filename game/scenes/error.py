"""A problem the player must see: broken data files, or an unexpected failure.

The packaged build has no console, so this screen is where such problems are told: what went
wrong (file, entry and field for a data file), that the games are saved, and where the log is.
The title and problems come in the player's words (the caller translates them; a data file's
problem is a technical detail and stays in English).
"""
from __future__ import annotations

import pygame

from game.core.i18n import _, pgettext
from game.scenes.common import Background, draw_title
from game.scenes.manager import Scene
from game.ui import theme as T
from game.ui.widgets import Button, draw_panel, layout_row, wrap


class ErrorScene(Scene):
    failure_screen = True

    def __init__(self, app, title: str, problems: list[str], log_path=None, can_go_on: bool = False):
        super().__init__(app)
        self.title, self.problems, self.log_path = title, list(problems), log_path
        self.bg = Background()
        self.buttons = [Button("", "quit", key=pygame.K_q)]
        if can_go_on:
            self.buttons.insert(0, Button("", "menu", key=pygame.K_RETURN, style="primary"))
        self._labels()
        self.focus = 0

    def _labels(self):
        """The buttons' words, read from the catalog (again when the language changes)."""
        for b in self.buttons:
            # i18n: a button: close the program
            b.label = pgettext("button", "Quit") if b.action == "quit" else _("Go on to the menu")

    def enter(self):
        super().enter()
        self._labels()

    def _press(self, action):
        if action == "quit":
            self.app.quit()
        else:
            from game.scenes.select import SelectScene
            self.app.scenes.reset(SelectScene(self.app))

    def handle(self, ev):
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            for b in self.buttons:
                if b.hit(ev.pos):
                    self._press(b.action)
        elif ev.type == pygame.MOUSEMOTION:
            for b in self.buttons:
                b.hover = b.rect.collidepoint(ev.pos)
            self.dirty = True
        elif ev.type == pygame.KEYDOWN:
            if ev.key in (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT):
                self.focus = (self.focus + 1) % len(self.buttons)
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self._press(self.buttons[self.focus].action)
            elif ev.key == pygame.K_ESCAPE:
                self._press("quit")
            self.dirty = True

    def back(self):
        self._press("quit")

    def draw(self, surf):
        th = self.th
        self._labels()      # in the language chosen now (Settings may have changed it)
        W, H = surf.get_size()
        surf.blit(self.bg.get((W, H)), (0, 0))
        # i18n: the program's name (a collection of three games); keep it unless it needs another script
        draw_title(surf, th, _("Anthology"), self.title)
        font = th.font("body")
        pad = th.px(30)
        width = W - th.px(120) - 2 * pad
        if self.log_path:
            # i18n: {path} is the log file's full path
            note = _("Your saved games are untouched. This message is also written to {path}.").format(
                path=self.log_path)
        else:
            note = _("Your saved games are untouched. Saving is off, so no log file could be written.")
        rows = [(line, T.DANGER) for problem in self.problems for line in wrap(problem, font, width) + [""]]
        rows += [(line, T.INK_SOFT) for line in wrap(note, font, width)]
        room = (H - th.px(330)) // font.get_linesize()
        if len(rows) > room:  # too many problems for the screen: the first ones, then how many more
            rows = rows[:room - 1] + [(_("... and more in the log."), T.DANGER)]
        panel = pygame.Rect(th.px(60), th.px(170), W - th.px(120), len(rows) * font.get_linesize() + 2 * pad)
        draw_panel(surf, panel, th)
        y = panel.y + pad
        for line, color in rows:
            if line:
                surf.blit(th.text(line, "body", color), (panel.x + pad, y))
            y += font.get_linesize()
        row = pygame.Rect(0, panel.bottom + th.px(36), W, th.px(64))
        layout_row(self.buttons, row, th.px(30), width=th.px(340))
        for i, b in enumerate(self.buttons):
            b.focus = i == self.focus
            b.draw(surf, th)
