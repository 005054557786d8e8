"""Absurd full-screen shapes (1280x1, 1x720, a display that reports nothing or something huge):
the canvas the scenes draw on stays bounded, holds CANVAS_MIN, and a click lands where it is drawn."""
import pygame
import pytest

from game import app as app_module
from game.app import CANVAS_MIN, canvas_size
from game.tools.headless import demo_seats, headless_app

ABSURD = [(1280, 1), (1, 720), (0, 0), (1, 1), (20000, 720), (720, 20000), (100000, 100000), (65535, 3)]


@pytest.mark.parametrize("size", ABSURD, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_canvas_is_bounded_whatever_the_display_reports(size):
    (w, h), zoom = canvas_size(size)
    assert CANVAS_MIN[0] <= w <= app_module.CANVAS_MAX_SIDE and CANVAS_MIN[1] <= h <= app_module.CANVAS_MAX_SIDE
    assert max(w, h) <= app_module.CANVAS_ASPECT * min(w, h) + 1
    assert w * h <= 8192 * 8192 and zoom > 0


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (320, 200), (200, 120), (1200, 200)])
def test_ordinary_shapes_are_drawn_as_before(size):
    (w, h), zoom = canvas_size(size)
    if size[0] >= CANVAS_MIN[0] and size[1] >= CANVAS_MIN[1]:
        assert (w, h) == size and zoom == 1.0
    else:          # grown in the window's own shape until it holds CANVAS_MIN
        assert w >= CANVAS_MIN[0] and h >= CANVAS_MIN[1] and abs(w / h - size[0] / size[1]) < 0.02


@pytest.mark.parametrize("size", [(1280, 1), (1, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_full_screen_of_an_absurd_shape_draws_and_clicks_land(size):
    from game.games import get_rules
    from game.scenes.play import PlayScene
    a = headless_app((1280, 720))
    try:
        rules = get_rules("micropolis")
        a.scenes.push(PlayScene(a, "micropolis", demo_seats(rules, 2), 5, {}))
        a.frame(16)
        a.fullscreen = True           # full screen: no minimum size holds
        pygame.display.set_mode(size)
        a.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        cw, ch = a.window.get_size()
        assert cw <= app_module.CANVAS_MAX_SIDE and ch <= app_module.CANVAS_MAX_SIDE
        a.scenes.top.dirty = True
        a.frame(16)
        seen = []
        a.scenes.top.handle = seen.append
        dw, dh = a.display.get_size()
        a.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=(dw - 1, dh - 1), rel=(1, 1), buttons=(0, 0, 0)))
        a.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=(dw // 2, dh // 2), rel=(0, 0), buttons=(0, 0, 0)))
        far, mid = seen[0].pos, seen[1].pos
        assert cw - cw // max(1, dw) - 2 <= far[0] < cw and ch - ch // max(1, dh) - 2 <= far[1] < ch
        assert abs(mid[0] - cw // 2) <= cw // max(1, dw) + 1 and abs(mid[1] - ch // 2) <= ch // max(1, dh) + 1
    finally:
        pygame.quit()
