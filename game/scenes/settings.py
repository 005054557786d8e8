"""Settings: language, sound, AI and animation speed, palette, size, full screen, confirm placements.

Every change applies at once and is saved in the user folder when the scene closes. A new language
shows at once too: every word is read from the catalog when it is drawn.
"""
from __future__ import annotations

import pygame

from game.core import i18n
from game.core.i18n import N_, _, pgettext
from game.scenes.common import Background, draw_message, draw_title, draw_version
from game.scenes.manager import Scene
from game.ui import settings as S
from game.ui import theme as T
from game.ui.widgets import Button, draw_panel, layout_row



def _on_off(v) -> str:
    # i18n: the value of a setting that is switched on or off
    return pgettext("setting", "on") if v else pgettext("setting", "off")


def _percent(v) -> str:
    # i18n: a setting's value in per cent ("70 %"); {n} is the number
    return _("{n} %").format(n=v)


def _pace(v) -> str:
    # i18n: how fast the AI plays or the animations run (a setting's value)
    words = {"slow": pgettext("pace", "slow"), "normal": pgettext("pace", "normal"),
             "fast": pgettext("pace", "fast")}
    return words.get(v, v)


def _language_name(code) -> str:
    """A language by its own name (English, Deutsch, Français): never translated."""
    if code == i18n.PSEUDO:
        return i18n.pseudo("Pseudo")      # the layout test's made-up language
    return i18n.LANGUAGES.get(code, code)


def language_codes() -> tuple:
    """The languages this build can show, in the order Left/Right steps through them."""
    return tuple(i18n.available_languages())


# (setting, label, values in the order Left/Right steps through them (or a function giving them),
# words for a value); labels are N_() messages, translated when drawn
ROWS = [
    ("language", N_("Language"), language_codes, _language_name),
    ("sound", N_("Sound"), (True, False), _on_off),
    ("volume", N_("Volume"), tuple(range(0, 101, 10)), _percent),
    ("ai_speed", N_("AI pace"), ("slow", "normal", "fast"), _pace),
    ("animation_speed", N_("Animations"), ("slow", "normal", "fast"), _pace),
    ("colorblind", N_("Colour-blind-safe colours"), (True, False), _on_off),
    ("ui_scale", N_("Size of everything"), (100, 125, 150, 175, 200), _percent),
    ("fullscreen", N_("Full screen (F11)"), (True, False), _on_off),
    ("confirm_placements", N_("Confirm each placement (a second click or Enter)"), (False, True), _on_off),
    # i18n: a setting: a hosted table is announced on the local network, and Join a table lists the tables found
    ("lan_discovery", N_("Find tables on the local network"), (True, False), _on_off),
]


class SettingsScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.bg = Background()
        self.sel = 0
        self.rows: list[pygame.Rect] = []
        self.back_btn = Button("", "back", style="primary")
        self._labels()
        self.message = S.load().problem_words()

    def _labels(self):
        """The button's words, read from the catalog (again when the language changes)."""
        # i18n: a button: leave the settings
        self.back_btn.label = pgettext("button", "Done")

    def current(self, key: str):
        """The setting's value as it applies now (a language not chosen yet: the one shown)."""
        value = self.app.settings[key]
        if key == "language" and not value:
            return i18n.language()
        return value

    def change(self, key: str, step: int):
        """Move one setting one step (wrapping) and apply it now."""
        values = next(r[2] for r in ROWS if r[0] == key)
        values = values() if callable(values) else values
        if not values:
            return
        cur = self.current(key)
        i = values.index(cur) if cur in values else 0
        value = values[(i + step) % len(values)]
        self.app.settings.set(key, value)
        self.apply(key, value)

    def apply(self, key, value):
        app = self.app
        if key in ("sound", "volume"):
            app.sound.set_muted(not app.settings["sound"])
            app.sound.set_volume(app.settings["volume"] / 100)
            app.sound.play("click")
        elif key == "colorblind":
            T.set_palette(value)
        elif key == "ui_scale":
            app.theme.set_ui_scale(value)
            app._resized()
        elif key == "fullscreen" and value != app.fullscreen:
            app.toggle_fullscreen()
        elif key == "language":
            i18n.set_language(value)
            self._labels()       # every other word is read again when drawn; the scenes below on enter()
        self.dirty = True

    def back(self):
        saved = S.save(self.app.settings)
        self.app.scenes.pop()
        if not saved and hasattr(self.app.scenes.top, "message"):
            self.app.scenes.top.message = _("Saving is off: these settings last until you close the program.")

    def handle(self, ev):
        self.dirty = True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button in (1, 3):
            for i, r in enumerate(self.rows):
                if r.collidepoint(ev.pos):
                    self.sel = i
                    self.change(ROWS[i][0], 1 if ev.button == 1 else -1)
                    return
            if ev.button == 1 and self.back_btn.hit(ev.pos):
                self.back()
        elif ev.type == pygame.MOUSEMOTION:
            self.back_btn.hover = self.back_btn.rect.collidepoint(ev.pos)
        elif ev.type == pygame.KEYDOWN:
            k = ev.key
            if k in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.back()
            elif k in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
                self.sel = (self.sel + (-1 if k == pygame.K_UP else 1)) % len(ROWS)
            elif k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE):
                self.change(ROWS[self.sel][0], -1 if k == pygame.K_LEFT else 1)

    def draw(self, surf):
        th = self.th
        self._labels()      # in the language chosen now (Settings may have changed it)
        W, H = surf.get_size()
        surf.blit(self.bg.get((W, H)), (0, 0))
        # i18n: the title of the settings screen
        draw_title(surf, th, pgettext("title", "Settings"),
                   _("Up/Down to choose, Left/Right or a click to change; Enter or Esc when done. "
                     "Changes apply at once."))
        row_h = th.px(64)
        panel = pygame.Rect(0, th.px(170), min(W - th.px(120), th.px(1100)), row_h * len(ROWS) + th.px(40))
        panel.centerx = W // 2
        draw_panel(surf, panel, th)
        self.rows = []
        y = panel.y + th.px(20)
        for i, (key, label, _values, words) in enumerate(ROWS):
            r = pygame.Rect(panel.x + th.px(20), y, panel.w - th.px(40), row_h - th.px(8))
            self.rows.append(r)
            if i == self.sel:
                pygame.draw.rect(surf, (252, 226, 160), r, border_radius=th.px(10))
                pygame.draw.rect(surf, T.HILITE, r, th.px(3), border_radius=th.px(10))
            val = th.text(f"<  {words(self.current(key))}  >", "body", (150, 82, 44), bold=True)
            room = r.w - val.get_width() - th.px(18 * 2 + 24)
            lab = th.text(_(label), "body", T.INK, bold=True)
            if lab.get_width() > room:          # a long label (a longer language) in a smaller type
                lab = th.text(_(label), "small", T.INK, bold=True)
            surf.blit(lab, lab.get_rect(midleft=(r.x + th.px(18), r.centery)))
            surf.blit(val, val.get_rect(midright=(r.right - th.px(18), r.centery)))
            y += row_h
        layout_row([self.back_btn], pygame.Rect(0, panel.bottom + th.px(28), W, th.px(60)), 0, width=th.px(300))
        self.back_btn.draw(surf, th)
        draw_version(surf, th)
        draw_message(surf, th, self.message)
