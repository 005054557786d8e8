"""Settings: sound, AI and animation speed, palette, size, full screen, confirm placements.

Every change applies at once and is saved in the user folder when the scene closes.
"""
from __future__ import annotations

import pygame

from game.scenes.common import Background, draw_message, draw_title
from game.scenes.manager import Scene
from game.ui import settings as S
from game.ui import theme as T
from game.ui.widgets import Button, draw_panel, layout_row

# (setting, label, values in the order Left/Right steps through them, words for a value)
ROWS = [
    ("sound", "Sound", (True, False), lambda v: "on" if v else "off"),
    ("volume", "Volume", tuple(range(0, 101, 10)), lambda v: f"{v} %"),
    ("ai_speed", "AI pace", ("slow", "normal", "fast"), str),
    ("animation_speed", "Animations", ("slow", "normal", "fast"), str),
    ("colorblind", "Colour-blind-safe colours", (True, False), lambda v: "on" if v else "off"),
    ("ui_scale", "Size of everything", (100, 125, 150, 175, 200), lambda v: f"{v} %"),
    ("fullscreen", "Full screen (F11)", (True, False), lambda v: "on" if v else "off"),
    ("confirm_placements", "Confirm each placement (a second click or Enter)", (False, True),
     lambda v: "on" if v else "off"),
]


class SettingsScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.bg = Background()
        self.sel = 0
        self.rows: list[pygame.Rect] = []
        self.back_btn = Button("Done", "back", style="primary")
        self.message = S.load().problem or ""

    def change(self, key: str, step: int):
        """Move one setting one step (wrapping) and apply it now."""
        _, _, values, _ = next(r for r in ROWS if r[0] == key)
        cur = self.app.settings[key]
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
        self.dirty = True

    def back(self):
        saved = S.save(self.app.settings)
        self.app.scenes.pop()
        if not saved and hasattr(self.app.scenes.top, "message"):
            self.app.scenes.top.message = "Saving is off: these settings last until you close the program."

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
        W, H = surf.get_size()
        surf.blit(self.bg.get((W, H)), (0, 0))
        draw_title(surf, th, "Settings", "Up/Down to choose, Left/Right or a click to change; "
                   "Enter or Esc when done. Changes apply at once.")
        row_h = th.px(64)
        panel = pygame.Rect(0, th.px(170), min(W - th.px(120), th.px(1100)), row_h * len(ROWS) + th.px(40))
        panel.centerx = W // 2
        draw_panel(surf, panel, th)
        self.rows = []
        y = panel.y + th.px(20)
        for i, (key, label, _, words) in enumerate(ROWS):
            r = pygame.Rect(panel.x + th.px(20), y, panel.w - th.px(40), row_h - th.px(8))
            self.rows.append(r)
            if i == self.sel:
                pygame.draw.rect(surf, (252, 226, 160), r, border_radius=th.px(10))
                pygame.draw.rect(surf, T.HILITE, r, th.px(3), border_radius=th.px(10))
            lab = th.text(label, "body", T.INK, bold=True)
            surf.blit(lab, lab.get_rect(midleft=(r.x + th.px(18), r.centery)))
            val = th.text(f"<  {words(self.app.settings[key])}  >", "body", (150, 82, 44), bold=True)
            surf.blit(val, val.get_rect(midright=(r.right - th.px(18), r.centery)))
            y += row_h
        layout_row([self.back_btn], pygame.Rect(0, panel.bottom + th.px(28), W, th.px(60)), 0, width=th.px(300))
        self.back_btn.draw(surf, th)
        draw_message(surf, th, self.message)
