"""Keys never double: a held Esc, Enter or move key acts once; arrows and Backspace repeat."""
import pygame
import pytest

from game.app import HeldKeys
from game.scenes import select
from game.scenes.manager import Scene
from game.scenes.select import SelectScene
from game.tools.headless import headless_app


@pytest.fixture
def app():
    a = headless_app((1280, 720))
    yield a
    pygame.quit()


def down(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def up(k):
    return pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)


class Recorder(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.keys = []

    def handle(self, ev):
        if ev.type == pygame.KEYDOWN:
            self.keys.append(ev.key)

    def draw(self, surf):
        surf.fill((0, 0, 0))


def test_held_keys_repeat_only_where_holding_should():
    held = HeldKeys()
    seen = [ev.key for ev in [down(pygame.K_ESCAPE), down(pygame.K_ESCAPE), up(pygame.K_ESCAPE),
                              down(pygame.K_ESCAPE), down(pygame.K_RETURN), down(pygame.K_RETURN),
                              down(pygame.K_KP_ENTER), down(pygame.K_KP_ENTER), down(pygame.K_SPACE),
                              down(pygame.K_SPACE), down(pygame.K_UP), down(pygame.K_UP),
                              down(pygame.K_BACKSPACE), down(pygame.K_BACKSPACE)]
            if not held.repeated(ev) and ev.type == pygame.KEYDOWN]
    assert seen == [pygame.K_ESCAPE, pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE,
                    pygame.K_UP, pygame.K_UP, pygame.K_BACKSPACE, pygame.K_BACKSPACE]


def test_a_key_released_in_another_window_is_not_held_when_pressed_again():
    held = HeldKeys()
    assert not held.repeated(down(pygame.K_RETURN))
    held.repeated(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    assert not held.repeated(down(pygame.K_RETURN))


def test_the_main_loop_drops_repeated_presses(app):
    rec = Recorder(app)
    app.scenes.push(rec)
    for ev in [down(pygame.K_RETURN), down(pygame.K_RETURN), down(pygame.K_RETURN), up(pygame.K_RETURN),
               down(pygame.K_RETURN), down(pygame.K_LEFT), down(pygame.K_LEFT), pygame.event.Event(pygame.QUIT)]:
        pygame.event.post(ev)
    app.run()
    assert rec.keys == [pygame.K_RETURN, pygame.K_RETURN, pygame.K_LEFT, pygame.K_LEFT]


def test_esc_on_the_menu_asks_before_quitting(app, monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(select.time, "monotonic", lambda: now[0])
    menu = SelectScene(app)
    app.scenes.push(menu)
    menu.handle(down(pygame.K_ESCAPE))
    assert app.running and "Esc again" in menu.message
    now[0] += 3.0                                    # too late: asks again
    menu.handle(down(pygame.K_ESCAPE))
    assert app.running
    now[0] += 1.5
    menu.handle(down(pygame.K_ESCAPE))
    assert not app.running
