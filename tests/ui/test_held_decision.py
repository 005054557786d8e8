"""Undo that works against the AI: a person's decision that hands the turn to an AI is held for a
moment (the AI waits and undo can take it back); after that the game goes on."""
import pygame
import pytest

from game.core.rules import Seat
from game.games import get_rules
from game.scenes import play as play_module
from game.scenes.play import PlayScene
from game.tools.headless import headless_app


@pytest.fixture
def app():
    a = headless_app((1280, 720))
    yield a
    pygame.quit()


def vs_ai(app, game):
    rules = get_rules(game)
    seats = [Seat("Ann", rules.seat_colors[0], "human")] + [
        Seat(n, c, "medium") for n, c in zip(("Bo", "Cy"), rules.seat_colors[1:3])]
    play = PlayScene(app, game, seats, 5, {})
    app.scenes.push(play)
    app.frame(16)
    return play, rules


def to_last_human_decision(play, rules):
    """Play Ann's first moves until her next one hands the turn on; returns that move."""
    for _ in range(200):
        s = play.state
        if rules.to_move(s) != 0:
            play.step_ai_now()
            continue
        for a in rules.legal_actions(s):
            nxt = rules.apply(s, a)
            if rules.to_move(nxt) != 0:
                return a
        play.submit(rules.legal_actions(s)[0])
    pytest.fail("no decision of Ann's handed the turn on")


@pytest.mark.parametrize("game", ["it_happens", "micropolis"])
def test_the_decision_before_an_ai_is_held_and_can_be_undone(app, game):
    play, rules = vs_ai(app, game)
    move = to_last_human_decision(play, rules)
    before = len(play.states)
    assert play.submit(move)
    assert play.held() and play.can_undo()
    play.update(play_module.HOLD_MS / 2)
    assert len(play.states) == before + 1 and play.ai_thread is None and play.ai_future is None   # the AI waits
    play.undo()
    assert len(play.states) == before and rules.to_move(play.state) == 0 and not play.held()


def test_once_the_moment_has_passed_the_ai_plays(app):
    play, rules = vs_ai(app, "it_happens")
    play.submit(to_last_human_decision(play, rules))
    play.update(play_module.HOLD_MS + 1)
    assert not play.held() and not play.can_undo()
