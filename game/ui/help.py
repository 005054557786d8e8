"""The rules help overlay (F1): our own words, from assets/help/<game>.md."""
from __future__ import annotations

import pygame

from game.core.paths import resource_path
from game.ui import theme as T
from game.ui.widgets import draw_panel, wrap


def load_help(game_id: str) -> str:
    p = resource_path("assets", "help", f"{game_id}.md")
    try:
        return p.read_text(encoding="utf-8")
    except OSError:
        return "# Rules\nThe rules help for this game is not available."


class HelpOverlay:
    def __init__(self, game_id: str, title: str):
        self.text = load_help(game_id)
        self.title = title
        self.scroll = 0
        self._rows = None
        self._width = None

    def handle(self, ev):
        if ev.type == pygame.KEYDOWN:
            if ev.key in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN):
                return "close"
            if ev.key in (pygame.K_DOWN, pygame.K_j):
                self.scroll += 1
            elif ev.key in (pygame.K_UP, pygame.K_k):
                self.scroll = max(0, self.scroll - 1)
            elif ev.key == pygame.K_PAGEDOWN:
                self.scroll += 10
            elif ev.key == pygame.K_PAGEUP:
                self.scroll = max(0, self.scroll - 10)
        elif ev.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - ev.y * 3)
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            if not self.rect.collidepoint(ev.pos):
                return "close"
        return None

    @staticmethod
    def _blocks(text: str) -> list[tuple[str, str, int]]:
        """Markdown lines -> (kind, text, depth) blocks: a line that is not a heading, a bullet or
        blank continues the block above it, so hard-wrapped source reads as flowing text."""
        blocks: list[list] = []
        for raw in text.splitlines():
            line = raw.rstrip()
            body = line.lstrip()
            depth = (len(line) - len(body)) // 2
            if line.startswith("#"):
                level = len(line) - len(line.lstrip("#"))
                blocks.append(["title" if level == 1 else "label", line.lstrip("#").strip(), 0])
            elif body.startswith(("- ", "* ")):
                blocks.append(["bullet", body[2:], depth])
            elif not body:
                blocks.append(["gap", "", 0])
            elif blocks and blocks[-1][0] in ("bullet", "body"):
                blocks[-1][1] += " " + body
            else:
                blocks.append(["body", body, 0])
        return [tuple(b) for b in blocks]

    def _layout_rows(self, th, width):
        rows = []
        for kind, text, depth in self._blocks(self.text):
            text = text.replace("**", "")
            if kind in ("title", "label"):
                rows.append(("gap", ""))
                rows.append((kind, text))
            elif kind == "bullet":
                indent = th.px(30) * (depth + 1)
                for k, p in enumerate(wrap(text, th.font("body"), width - indent)):
                    rows.append(("bullet" if k == 0 else "indent", p) if not depth else ("indent", ("– " if k == 0 else "   ") + p))
            elif kind == "gap":
                rows.append(("gap", ""))
            else:
                for p in wrap(text, th.font("body"), width):
                    rows.append(("body", p))
        return rows

    def draw(self, surf, th):
        shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surf.blit(shade, (0, 0))
        W, H = surf.get_size()
        self.rect = r = pygame.Rect(0, 0, min(th.px(1200), W - th.px(80)), H - th.px(100))
        r.center = (W // 2, H // 2)
        draw_panel(surf, r, th)
        pad = th.px(36)
        inner_w = r.w - pad * 2
        if self._rows is None or self._width != inner_w:
            self._rows, self._width = self._layout_rows(th, inner_w), inner_w
        head = th.text(f"How to play {self.title}", "title", T.INK, bold=True)
        surf.blit(head, (r.x + pad, r.y + pad // 2))
        foot = th.text("Scroll with the wheel or arrows. Esc or F1 closes.", "small", T.INK_SOFT)
        surf.blit(foot, (r.x + pad, r.bottom - pad // 2 - foot.get_height()))
        area = pygame.Rect(r.x + pad, r.y + pad + head.get_height(), inner_w, r.h - pad * 2 - head.get_height() - foot.get_height())
        clip = surf.get_clip()
        surf.set_clip(area)
        self.scroll = min(self.scroll, max(0, len(self._rows) - 5))
        y = area.y
        for kind, text in self._rows[self.scroll:]:
            if y > area.bottom:
                break
            if kind == "gap":
                y += th.px(10)
                continue
            if kind in ("title", "label"):
                img = th.text(text, kind, (150, 82, 44), bold=True)
                surf.blit(img, (area.x, y))
            elif kind == "bullet":
                pygame.draw.circle(surf, (150, 82, 44), (area.x + th.px(10), y + th.font("body").get_linesize() // 2), th.px(5))
                img = th.text(text, "body", T.INK)
                surf.blit(img, (area.x + th.px(30), y))
            elif kind == "indent":
                img = th.text(text, "body", T.INK)
                surf.blit(img, (area.x + th.px(30), y))
            else:
                img = th.text(text, "body", T.INK)
                surf.blit(img, (area.x, y))
            y += img.get_height() + th.px(2)
        surf.set_clip(clip)
