"""The first window fits the desktop, is remembered between runs, and --size still wins."""
import pygame
import pytest

from game import app as app_module
from game.app import App, first_window_size, run_app
from game.ui import settings


@pytest.fixture
def desktop(monkeypatch):
    size = [(1920, 1080)]
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: list(size))
    yield size
    pygame.quit()


@pytest.mark.parametrize("room, remembered, opened", [
    ((3840, 2160), None, (1600, 900)),
    ((1920, 1080), None, (1600, 900)),
    ((1600, 900), None, (1440, 810)),            # 90 % of the desktop
    ((1366, 768), None, (1280, 720)),            # never below 1280x720 ...
    ((1024, 600), None, (921, 540)),             # ... unless the desktop is smaller
    ((2560, 1440), (2400, 1400), (2304, 1296)),
    ((1920, 1080), (1300, 750), (1300, 750)),
    ((1920, 1080), (200, 100), (1280, 720)),
    (None, (1500, 850), (1500, 850)),
    (None, None, (1600, 900)),
])
def test_the_first_window_fits_the_desktop(room, remembered, opened):
    assert first_window_size(room, remembered) == opened


def test_the_window_opens_at_a_size_the_desktop_holds(desktop):
    desktop[:] = [(1366, 768)]
    assert App(headless=True).window.get_size() == (1280, 720)


def test_the_last_size_is_remembered_and_size_still_wins(desktop, monkeypatch):
    monkeypatch.setattr(App, "run", lambda self: None)
    monkeypatch.setattr(app_module, "first_scenes", lambda app: None)
    run_app((1500, 850))                                   # --size
    assert settings.window_size(settings.load()) == (1500, 850)
    assert App().window.get_size() == (1500, 850)
    assert App((1400, 800)).window.get_size() == (1400, 800)
