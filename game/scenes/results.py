"""Results: every scoring line per player, the winner, and the tie-break that decided."""
from __future__ import annotations

import pygame

from game.games import get_rules
from game.scenes.common import Background, draw_title
from game.scenes.manager import Scene
from game.ui import theme as T
from game.ui.widgets import Button, draw_panel, layout_row, wrap


def line_label(name: str) -> str:
    if name.startswith("level_") and name[6:].isdigit():  # Antics! tie-breaks
        return f"Tiles on level {name[6:]}"
    return name.replace("_", " ").capitalize()


def explain_winners(rules, seats, sheets, winners) -> str:
    """Plain words for who won and, when totals tied, which tie-break decided."""
    names = [seats[w].name for w in winners]
    best = max(sh.total for sh in sheets)
    tied = [sh for sh in sheets if sh.total == best]
    if len(winners) > 1:
        return f"Shared victory: {' and '.join(names)} with {best} points, tied on every tie-break."
    if len(tied) == 1:
        return f"{names[0]} wins with {best} points."
    w = sheets[winners[0]]
    for key in w.tiebreak:
        vals = {sh.player: sh.tiebreak.get(key, 0) for sh in tied}
        top = max(vals.values())
        if list(vals.values()).count(top) == 1:
            others = ", ".join(f"{seats[p].name} {v}" for p, v in vals.items() if p != w.player)
            return (f"{names[0]} wins the tie at {best} points on {line_label(key).lower()}: "
                    f"{top} against {others}.")
        tied = [sh for sh in tied if vals[sh.player] == top]
    return f"{names[0]} wins with {best} points."


class ResultsScene(Scene):
    def __init__(self, app, game_id, seats, seed, options, state, from_replay=False, history=None):
        super().__init__(app)
        self.game_id, self.input_seats, self.seed, self.options = game_id, seats, seed, options
        self.rules = get_rules(game_id)
        self.state = state
        self.history = list(history) if history else [state]   # every state of the game, first to last
        self.seats = state.seats
        self.sheets = self.rules.score_sheets(state)
        self.winners = self.rules.winners(state)
        self.explain = explain_winners(self.rules, self.seats, self.sheets, self.winners)
        from game.ui.views.base import get_view
        self.view = get_view(game_id, self.rules, self.seats, app.theme)
        self.notes = self.view.result_notes(state)
        self.bg = Background()
        self.again_btn = Button("Play again", "again", style="primary")
        self.menu_btn = Button("Menu", "menu")
        self.focus = 0

    def _do(self, action):
        if action == "again":
            import random
            from game.scenes.play import PlayScene
            seed = random.SystemRandom().randrange(1, 10**9)
            self.app.scenes.replace(PlayScene(self.app, self.game_id, self.input_seats, seed, self.options))
        else:
            from game.scenes.select import SelectScene
            self.app.scenes.reset(SelectScene(self.app))

    def back(self):
        self._do("menu")

    def handle(self, ev):
        bs = [self.again_btn, self.menu_btn]
        if ev.type == pygame.MOUSEMOTION:
            for b in bs:
                b.hover = b.rect.collidepoint(ev.pos)
            self.dirty = True
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            for b in bs:
                if b.hit(ev.pos):
                    self._do(b.action)
                    return
        elif ev.type == pygame.KEYDOWN:
            self.dirty = True
            if ev.key == pygame.K_ESCAPE:
                self.back()
            elif ev.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                self.focus = 1 - self.focus
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self._do(bs[self.focus].action)

    def draw(self, surf):
        th = self.th
        W, H = surf.get_size()
        surf.blit(self.bg.get((W, H)), (0, 0))
        draw_title(surf, th, "Final scores", self.rules.title)
        panel = pygame.Rect(th.px(60), th.px(170), W - th.px(120), H - th.px(300))
        draw_panel(surf, panel, th)
        pad = th.px(30)
        lines = list(self.sheets[0].lines.keys())
        tb_keys = list(self.sheets[0].tiebreak.keys())
        n = len(self.sheets)
        label_w = th.px(320)
        col_w = min(th.px(260), (panel.w - pad * 2 - label_w) // n)
        x0 = panel.centerx - (label_w + col_w * n) // 2 + label_w
        xl = x0 - label_w
        # the explanation on top of the sheet
        ex = th.text(self.explain, "title", (150, 82, 44), bold=True)
        surf.blit(ex, ex.get_rect(midtop=(panel.centerx, panel.y + pad)))
        y = panel.y + pad + ex.get_height() + th.px(26)
        rows = len(lines) + len(tb_keys) + 3
        row_h = max(th.px(30), min(th.px(50), (panel.bottom - pad - y - th.px(120)) // rows))
        table_h = th.px(110) + row_h * (rows - 2) + th.px(28)
        for i, sh in enumerate(self.sheets):      # winners' columns glow
            if sh.player in self.winners:
                col = pygame.Rect(x0 + i * col_w + th.px(6), y - th.px(10), col_w - th.px(12), table_h)
                pygame.draw.rect(surf, (252, 226, 160), col, border_radius=th.px(14))
        for i, sh in enumerate(self.sheets):
            seat = self.seats[sh.player]
            cx = x0 + i * col_w + col_w // 2
            rgb = T.PLAYER_COLORS.get(seat.color, (200, 200, 200))
            T.draw_symbol(surf, T.PLAYER_SYMBOLS.get(seat.color, "circle"), (cx, y + th.px(18)), th.px(16), rgb)
            nm = th.text(seat.name, "label", T.INK, bold=True)
            surf.blit(nm, nm.get_rect(midtop=(cx, y + th.px(42))))
            kind = "imaginary" if seat.kind == "imaginary" else ("human" if seat.kind == "human" else f"{seat.kind} AI")
            kd = th.text(kind, "small", T.INK_SOFT)
            surf.blit(kd, kd.get_rect(midtop=(cx, y + th.px(76))))
        y += th.px(110)

        def row(label, values, k, style="body", ink=T.INK, bold=False):
            nonlocal y
            if k % 2 == 0:
                pygame.draw.rect(surf, (238, 228, 206, 0), (xl - th.px(10), y, label_w + col_w * n + th.px(20), row_h),
                                 border_radius=th.px(6))
            lab = th.text(label, style, ink, bold=bold)
            surf.blit(lab, (xl, y + (row_h - lab.get_height()) // 2))
            for i, v in enumerate(values):
                img = th.text(str(v), style, ink, bold=bold) if not isinstance(v, pygame.Surface) else v
                surf.blit(img, img.get_rect(center=(x0 + i * col_w + col_w // 2, y + row_h // 2)))
            y += row_h

        for k, key in enumerate(lines):
            row(line_label(key), [sh.lines[key] for sh in self.sheets], k)
        pygame.draw.line(surf, T.INK_SOFT, (xl, y + th.px(4)), (x0 + col_w * n, y + th.px(4)), th.px(2))
        y += th.px(10)
        totals = [th.text(str(sh.total), "title", (150, 82, 44) if sh.player in self.winners else T.INK, bold=True)
                  for sh in self.sheets]
        row("Total", totals, 1, "label", bold=True)
        y += th.px(8)
        for k, key in enumerate(tb_keys):
            row(f"Tie-break {k + 1}: {line_label(key).lower()}", [sh.tiebreak[key] for sh in self.sheets], 1,
                "small", T.INK_SOFT)
        y += th.px(14)
        for p, words in self.notes:
            ink = T.dark_ink(self.view.seat_color(p))
            for i, ln in enumerate(wrap(f"{self.seats[p].name}: {words}", th.font("small"), panel.w - 2 * pad)):
                if y + th.font("small").get_linesize() > panel.bottom - th.px(8):
                    break
                surf.blit(th.text(ln, "small", ink, bold=i == 0), (panel.x + pad, y))
                y += th.font("small").get_linesize()
        row = pygame.Rect(0, H - th.px(100), W, th.px(64))
        layout_row([self.again_btn, self.menu_btn], row, th.px(30), width=th.px(300))
        self.again_btn.focus, self.menu_btn.focus = self.focus == 0, self.focus == 1
        self.again_btn.draw(surf, th)
        self.menu_btn.draw(surf, th)
