"""The toy game's table: the scores and one button for the move to make."""
import pygame

from game.ui import theme as T
from game.ui.views.base import GameView


class View(GameView):
    event_sounds = {"roll": "dice", "keep": "tick"}

    def layout(self, rect):
        super().layout(rect)
        self.button = pygame.Rect(0, 0, self.th.px(240), self.th.px(80))
        self.button.center = rect.center

    def draw(self, surf, state, ctx, mouse):
        pygame.draw.rect(surf, (230, 210, 170), self.rect)
        for i, (seat, score) in enumerate(zip(self.seats, state.scores)):
            surf.blit(self.th.text(f"{seat.name}: {score}", "body", T.INK), (self.rect.x + 20, self.rect.y + 20 + 30 * i))
        if ctx.legal:
            pygame.draw.rect(surf, T.HILITE, self.button, border_radius=8)
            words = self.th.text(self.action_words(ctx.legal[0], state), "label", T.INK)
            surf.blit(words, words.get_rect(center=self.button.center))

    def click(self, pos, state, ctx):
        return ctx.legal[0] if ctx.legal and self.button.collidepoint(pos) else None

    def locate(self, action, state, player=None):
        return self.button
