"""Drawing helpers shared by the scenes: the table background and the title bar.

They draw words their callers give them, already in the player's language."""
from __future__ import annotations

import pygame

from game.ui import theme as T


class Background:
    """The table top, drawn once per window size."""

    def __init__(self):
        self.surf: pygame.Surface | None = None

    def get(self, size) -> pygame.Surface:
        if self.surf is None or self.surf.get_size() != tuple(size):
            self.surf = T.table_surface(tuple(size))
        return self.surf


def draw_title(surf, th: T.Theme, title: str, subtitle: str = ""):
    t = th.text(title, "hero", (250, 236, 206), bold=True)
    sh = th.text(title, "hero", (40, 24, 12), bold=True)
    x = th.px(60)
    y = th.px(36)
    surf.blit(sh, (x + th.px(3), y + th.px(4)))
    surf.blit(t, (x, y))
    if subtitle:
        s = th.text(subtitle, "body", (236, 220, 190))
        if s.get_width() > surf.get_width() - x - th.px(40):     # a longer language: a smaller type
            s = th.text(subtitle, "small", (236, 220, 190))
        surf.blit(s, (x + th.px(4), y + t.get_height() + th.px(2)))


def draw_message(surf, th: T.Theme, text: str, color=T.DANGER):
    """A message strip at the bottom centre (errors, refusals)."""
    if not text:
        return
    font = th.font("body")
    from game.ui.widgets import wrap
    lines = wrap(text, font, surf.get_width() - th.px(240))
    h = font.get_linesize() * len(lines) + th.px(20)
    w = max(font.size(l)[0] for l in lines) + th.px(40)
    r = pygame.Rect(0, 0, w, h)
    r.midbottom = (surf.get_width() // 2, surf.get_height() - th.px(24))
    pygame.draw.rect(surf, (250, 240, 224), r, border_radius=th.px(10))
    pygame.draw.rect(surf, color, r, th.px(3), border_radius=th.px(10))
    y = r.y + th.px(10)
    for l in lines:
        img = th.text(l, "body", color)
        surf.blit(img, (r.centerx - img.get_width() // 2, y))
        y += font.get_linesize()


def draw_version(surf, th: T.Theme):
    """The program's version in the bottom-right corner (menu and Settings), for bug reports."""
    from game import __version__
    from game.core.i18n import _
    # i18n: the small line in the corner of the menu and Settings; {version} like 0.9.0
    img = th.text(_("Anthology {version}").format(version=__version__), "tiny", (214, 196, 166))
    surf.blit(img, img.get_rect(bottomright=(surf.get_width() - th.px(14), surf.get_height() - th.px(8))))
