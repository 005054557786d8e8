"""A whole hot-seat game played the way a person does: clicks and keys on the table only."""
import pygame
import pytest

from game.ai.bots import bot_move, make_bot
from game.core.rules import Seat
from game.games.it_happens.state import Place
from game.games.micropolis.state import Take
from game.tools.headless import headless_app


@pytest.fixture
def app():
    return headless_app((1600, 900))


def click(app, pos):
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(pos[0]), int(pos[1])), button=1))


def press(app, key):
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def gesture(app, view, action):
    """Where a person clicks (or which key they press) for ``action``."""
    for b in view.buttons:
        if b.action == action:
            return lambda: click(app, b.rect.center)
    if isinstance(action, Place):
        return lambda: click(app, view.cols[(action.mound, action.column)].center)
    if isinstance(action, Take) and not action.architect:
        return lambda: click(app, view.line_rects[action.position].center)
    if isinstance(action, Take):
        return lambda: click(app, view.arch_rects[action.position].center)
    if hasattr(view, "ghosts") and getattr(action, "end", None) in view.ghosts:
        return lambda: click(app, view.ghosts[action.end].center)
    raise AssertionError(f"no gesture for {action}")


@pytest.mark.parametrize("game,n,options", [("it_happens", 2, {}), ("it_happens", 4, {}),
                                             ("micropolis", 3, {}), ("micropolis", 2, {"expert": True})])
def test_full_hot_seat_game_by_clicks(app, game, n, options):
    from game.games import get_rules
    from game.scenes.play import PlayScene
    rules = get_rules(game)
    seats = [Seat(f"H{i}", rules.seat_colors[i], "human") for i in range(n)]
    play = PlayScene(app, game, seats, 21, options)
    app.scenes.push(play)
    chooser = make_bot("medium", rules, 5)
    decisions = 0
    while not rules.is_over(play.state):
        for _ in range(100):                 # let animations finish, as a person waits
            if not play.view.update(100):
                break
        app.frame(16)
        play.dirty = True
        play.draw(app.window)
        p = rules.to_move(play.state)
        action = bot_move(chooser, rules, play.state, p)
        if isinstance(action, Take) and play.view.target != action.anthill:
            click(app, play.view.panels[action.anthill].center)   # choose which anthill grows
            play.draw(app.window)
            assert play.view.target == action.anthill
        before = len(play.states)
        gesture(app, play.view, action)()
        assert len(play.states) == before + 1, f"the click for {action} did nothing"
        assert play.states[-1].log.since(len(play.states[-2].log))  # something was logged
        decisions += 1
    press(app, pygame.K_RETURN)
    assert type(app.scenes.top).__name__ == "ResultsScene"
    assert decisions > 20


def test_full_antics_hot_seat_game_by_clicks(app):
    """Antics!: every decision by a click where the table shows the move (and the small menu when
    one spot allows several)."""
    from game.games import get_rules
    from game.scenes.play import PlayScene
    rules = get_rules("antics")
    seats = [Seat(f"H{i}", rules.seat_colors[i], "human") for i in range(3)]
    play = PlayScene(app, "antics", seats, 8, {})
    app.scenes.push(play)
    chooser = make_bot("medium", rules, 5)
    decisions = 0
    while not rules.is_over(play.state):
        while play.view.update(500):
            pass
        play.dirty = True
        play.draw(app.window)
        action = bot_move(chooser, rules, play.state, rules.to_move(play.state))
        where = play.view.locate(action, play.state)
        assert where is not None, f"{action} is not shown on the table"
        pos = where.center if isinstance(where, pygame.Rect) else where[0]
        before = len(play.states)
        click(app, pos)
        if len(play.states) == before and play.view.menu:        # one spot, several moves: pick from the menu
            entry = next(b for b in play.view.menu if b.action == action)
            play.draw(app.window)
            click(app, entry.rect.center)
        assert len(play.states) == before + 1, f"the click for {action} did nothing"
        decisions += 1
    press(app, pygame.K_RETURN)
    assert type(app.scenes.top).__name__ == "ResultsScene" and decisions > 100
