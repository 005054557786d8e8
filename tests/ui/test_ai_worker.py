"""In the window the AI thinks in a worker process: the answer is a legal move, a stale one is dropped."""
import pygame
import pytest

from game.ai.worker import AiWorker
from game.core.rules import Seat
from game.games import get_rules


@pytest.fixture(scope="module")
def worker():
    w = AiWorker()
    yield w
    w.shutdown()


def test_the_worker_answers_with_a_legal_move(worker):
    rules = get_rules("antics")
    s = rules.new_game([Seat(f"P{i}", rules.seat_colors[i], "medium") for i in range(3)], 4, {})
    p = rules.to_move(s)
    fut = worker.submit("antics", "medium", 9, ("test", p), rules.observe(s, p), p)
    assert fut.result(timeout=120) in rules.legal_actions(s)


def test_the_hint_is_thought_out_in_the_worker_with_its_reason(worker):
    """A hint in the window must not slow the frames: the worker gives the move and the line."""
    from game.scenes.play_aids import Hint
    rules = get_rules("it_happens")
    s = rules.new_game([Seat(f"P{i}", rules.seat_colors[i], "human") for i in range(3)], 4, {})
    p = rules.to_move(s)
    s = rules.apply(s, rules.legal_actions(s)[0])           # a die is rolled: places to choose from
    hint = Hint()
    hint.ask(rules, s, p, 5, worker)
    assert hint.future is not None and hint.thread is None
    hint.wait(120)
    action, reason = hint.take(s)
    assert action in rules.legal_actions(s) and len(reason) > 20


def test_the_play_scene_drops_an_answer_to_a_position_that_moved_on(worker):
    from game.app import App
    from game.scenes.play import PlayScene
    app = App((1280, 720))                      # not headless: decisions go to the worker
    app._ai_worker = worker
    rules = get_rules("micropolis")
    seats = [Seat("Ann", "red", "human"), Seat("Bot", "blue", "medium")]
    play = PlayScene(app, "micropolis", seats, 5, {}, fast_ai=True)
    app.scenes.push(play)
    while rules.to_move(play.state) != 1:
        play.submit(rules.legal_actions(play.state)[0])
    play._start_ai(1)
    assert play.ai_future is not None
    play.ai_future[1].result(timeout=120)
    asked = play.ai_future[0]
    play.states.append(asked.copy())            # the table moved on (as after an undo and a redo)
    play.cursor = len(play.states) - 1
    n = len(play.states)
    play.update(16)
    assert len(play.states) == n                # the stale answer was not played
    app._ai_worker = None
    pygame.quit()
