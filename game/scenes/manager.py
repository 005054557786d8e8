"""Scenes and the stack that switches between them."""
from __future__ import annotations

import pygame


class Scene:
    """One screen. ``dirty`` asks the app to redraw; idle scenes cost nothing."""

    def __init__(self, app):
        self.app = app
        self.dirty = True

    @property
    def th(self):
        return self.app.theme

    def enter(self) -> None:
        self.dirty = True

    def resize(self, size) -> None:
        self.dirty = True

    def handle(self, ev: pygame.event.Event) -> None:
        pass

    def update(self, dt_ms: float) -> bool:
        """Advance time; return True while something animates (keeps frames coming)."""
        return False

    def draw(self, surf: pygame.Surface) -> None:
        raise NotImplementedError

    def back(self) -> None:
        """Esc: go back one scene (scenes may ask first)."""
        self.app.scenes.pop()


class SceneManager:
    def __init__(self):
        self.stack: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene):
        self.stack.append(scene)
        scene.enter()

    def pop(self):
        if len(self.stack) > 1:
            self.stack.pop()
            self.stack[-1].enter()
        else:
            self.stack[-1].app.quit()

    def replace(self, scene: Scene):
        if self.stack:
            self.stack.pop()
        self.push(scene)

    def reset(self, scene: Scene):
        """Back to a single scene (e.g. the game-select menu)."""
        del self.stack[1:]
        if self.stack and type(self.stack[0]) is type(scene):
            self.stack[0].enter()
        else:
            self.stack[:] = []
            self.push(scene)
