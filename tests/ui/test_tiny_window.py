"""Every scene draws at a tiny window (full screen on a tiny display, or a window made small):
the menu, setup, play (each game) and results at 320x200 and 200x120, without exceptions."""
import pygame
import pytest

from game.core.rng import Rng
from game.games import available_games, get_rules
from game.tools.headless import demo_seats, headless_app

SIZES = [(320, 200), (200, 120), (1200, 200)]    # the last: a wide strip, tiny in height
GAMES = sorted(available_games())


class Sounds:
    def play(self, name, volume=1.0):
        pass


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def app(request):
    a = headless_app(request.param)
    a._sound = Sounds()
    from game.scenes.select import SelectScene
    a.scenes.push(SelectScene(a))
    yield a
    pygame.quit()


def settle(app, frames=3):
    """A few frames, a mouse move over the middle and a resize to the same size (layouts again)."""
    w, h = app.window.get_size()
    for i in range(frames):
        app.scenes.top.dirty = True
        app.frame(16)
        app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=(w // 2 + i, h // 2), rel=(1, 0), buttons=(0, 0, 0)))
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=(w, h), w=w, h=h))
    app.scenes.top.dirty = True
    app.frame(16)


def test_the_menu_draws(app):
    settle(app)
    assert type(app.scenes.top).__name__ == "SelectScene"


@pytest.mark.parametrize("game", GAMES)
def test_setup_draws(app, game):
    from game.scenes.setup import SetupScene
    app.scenes.push(SetupScene(app, game))
    settle(app)
    assert type(app.scenes.top).__name__ == "SetupScene"


@pytest.mark.parametrize("game", GAMES)
def test_play_draws(app, game):
    from game.scenes.play import PlayScene
    rules = get_rules(game)
    app.scenes.push(PlayScene(app, game, demo_seats(rules, rules.min_players), 5, {}))
    settle(app)
    assert type(app.scenes.top).__name__ == "PlayScene"


@pytest.mark.parametrize("game", GAMES)
def test_results_draw(app, game):
    from game.scenes.results import ResultsScene
    rules = get_rules(game)
    seats = demo_seats(rules, rules.min_players, human_first=False)
    s = rules.new_game(list(seats), 4, {})
    history, rng = [s], Rng(4)
    while not rules.is_over(s):
        acts = rules.legal_actions(s)
        s = rules.apply(s, acts[rng.below(len(acts))])
        history.append(s)
    app.scenes.push(ResultsScene(app, game, seats, 4, {}, s, history=history))
    settle(app, frames=6)
    assert type(app.scenes.top).__name__ == "ResultsScene"


def test_a_big_window_made_tiny_still_draws():
    a = headless_app((1280, 720))
    a._sound = Sounds()
    from game.scenes.play import PlayScene
    from game.scenes.select import SelectScene
    a.scenes.push(SelectScene(a))
    rules = get_rules("antics")
    a.scenes.push(PlayScene(a, "antics", demo_seats(rules, rules.min_players), 5, {}))
    a.frame(16)
    a.fullscreen = True            # full screen on a tiny display: no minimum holds
    pygame.display.set_mode((200, 120))
    a.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=(200, 120), w=200, h=120))
    settle(a)
    assert a.window.get_size() == (640, 384) and a.display.get_size() == (200, 120)
    pygame.quit()


def test_a_click_in_a_tiny_window_lands_where_it_is_drawn(app):
    """The scenes draw on a larger canvas shown scaled down; the mouse is scaled the same way."""
    settle(app)
    sel = app.scenes.top
    rect, entry = sel.cards[1]
    at = (int(rect.centerx / app.zoom), int(rect.centery / app.zoom))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    app.frame(16)
    assert type(app.scenes.top).__name__ == "SetupScene" and app.scenes.top.game_id == entry.id
