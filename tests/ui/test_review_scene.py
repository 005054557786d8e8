"""The game review's screens: Review on the results runs in the background with the count shown,
then the replay opens at the costliest decision with both moves ringed; N / P walk the marks from
the costliest down. A review whose worker dies or goes quiet says so, with the way back."""
import threading
import time

import pygame
import pytest

from game.ai.review import Mistake
from game.core.rules import Seat
from game.games import get_rules
from game.scenes.manager import Scene
from game.tools.autoplay import play_game
from game.tools.headless import headless_app


def test_review_from_the_results_marks_the_costliest_decisions_on_the_replay(monkeypatch):
    rules = get_rules("micropolis")
    seats = [Seat("Ann", rules.seat_colors[0], "medium"), Seat("Bo", rules.seat_colors[1], "medium")]
    end = play_game(rules, seats, 3, {})
    from game.core.record import make_record, replay
    states = replay(rules, make_record(rules, end, seats, 3, {}))
    shown = [Seat("Ann", rules.seat_colors[0], "human"), seats[1]]
    asked = []

    def fake_review(rules_, states_, player, seed, progress=None, should_stop=lambda: False, settings=None):
        asked.append((player, seed))
        ks = [k for k in range(len(states_) - 1) if rules_.to_move(states_[k]) == player][:3]
        for done in range(1, 4):
            progress(done, 3)
        # the later the decision, the costlier (so game order and cost order differ), listed shuffled
        found = [Mistake(k, rules_.legal_actions(states_[k])[0], rules_.legal_actions(states_[k])[-1], 1.0 + i, "why")
                 for i, k in enumerate(ks)]
        return [found[1], found[0], found[2]]
    monkeypatch.setattr("game.ai.review.review", fake_review)
    monkeypatch.setattr("game.scenes.review.ReviewScene.use_process", False)
    from game.scenes.results import ResultsScene
    app = headless_app((1280, 720))
    res = ResultsScene(app, "micropolis", shown, 3, {}, states[-1], history=states)
    res.seats = shown
    app.scenes.push(res)
    app.frame(16)
    res._do("review")
    for _ in range(200):
        app.frame(16)
        if type(app.scenes.top).__name__ == "PlayScene":
            break
        time.sleep(0.01)
    play = app.scenes.top
    assert type(play).__name__ == "PlayScene" and play.replay and asked[0][0] == 0
    assert len(play.mistakes) == 3
    by_cost = [m.index for m in sorted(play.mistakes, key=lambda m: -m.cost)]
    assert [m.index for m in play.mistakes] == by_cost        # ranked costliest first: "1 of 3" is the costliest
    assert play.cursor == by_cost[0] == max(by_cost)          # it opens at the costliest (here the latest)
    texts = drawn_texts(monkeypatch, play, app)             # the note and the rings draw
    assert "Costly decision 1 of 3: about 3 points" in " ".join(texts)   # (the note's lines are wrapped)
    walked = [play.cursor]
    for _ in range(3):                                        # N: the next costliest, and no further
        app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n", scancode=0))
        walked.append(play.cursor)
    assert walked == by_cost + [by_cost[-1]]
    assert "Costly decision 3 of 3: about 1 point" in " ".join(drawn_texts(monkeypatch, play, app))
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p", scancode=0))
    assert play.cursor == by_cost[1]
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p", scancode=0))
    assert play.cursor == by_cost[0]
    pygame.quit()


def drawn_texts(monkeypatch, scene, app) -> list[str]:
    """Every text the scene makes for one frame."""
    from game.ui.theme import Theme
    plain, seen = Theme.text, []

    def text(self, s, *a, **k):
        seen.append(s)
        return plain(self, s, *a, **k)
    monkeypatch.setattr(Theme, "text", text)
    try:
        scene.draw(app.window)
    finally:
        monkeypatch.setattr(Theme, "text", plain)
    return seen


def test_next_mark_walks_the_marks_costliest_first():
    from game.scenes.review import marked, next_mark
    found = [Mistake(k, None, None, c, "") for k, c in ((10, 1.0), (4, 3.0), (30, 2.0), (50, 0.5))]
    marks = marked(found)
    assert [m.index for m in marks] == [4, 30, 10]
    assert next_mark(marks, 4, 1) == 30 and next_mark(marks, 30, 1) == 10 and next_mark(marks, 10, 1) is None
    assert next_mark(marks, 10, -1) == 30 and next_mark(marks, 4, -1) is None
    assert next_mark(marks, 7, 1) == 4 and next_mark(marks, 7, -1) == 10      # off a mark: costliest / cheapest
    assert next_mark([], 3, 1) is None


def test_a_finished_record_can_be_reviewed_from_saved_games(monkeypatch):
    from game.core import saves
    from game.core.record import make_record, save_record
    rules = get_rules("it_happens")
    seats = [Seat("Ann", rules.seat_colors[0], "medium"), Seat("Bo", rules.seat_colors[1], "medium")]
    end = play_game(rules, seats, 4, {})
    saves.finished_dir().mkdir(parents=True, exist_ok=True)
    save_record(saves.finished_dir() / "it_happens-4.yaml", make_record(rules, end, seats, 4, {}))
    monkeypatch.setattr("game.ai.review.review", lambda *a, **k: [])
    monkeypatch.setattr("game.scenes.review.ReviewScene.use_process", False)
    from game.scenes.saves import SavesScene
    app = headless_app((1280, 720))
    scene = SavesScene(app)
    app.scenes.push(scene)
    app.frame(16)
    for _ in range(500):                       # the lists are read in the background (bounded wait)
        if not scene.loading:
            break
        app.frame(16)
        time.sleep(0.01)
    scene._switch(1)
    app.frame(16)
    assert scene.delete_btn.label.startswith("Review") and scene.delete_btn.enabled
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r", scancode=0))
    assert type(app.scenes.top).__name__ == "ReviewScene"
    for _ in range(100):
        app.frame(16)
        if type(app.scenes.top).__name__ == "PlayScene":
            break
        time.sleep(0.01)
    assert type(app.scenes.top).__name__ == "PlayScene" and app.scenes.top.replay
    pygame.quit()


def test_the_review_thinks_with_half_the_simulations_and_one_setting_for_every_table():
    """The review's Hard halves the game's simulations and plays by the same settings at every
    table size (a longer horizon at three seats would make a whole game's review four times as
    long): checked on the bot the review builds, which takes these over the game's own settings."""
    from game.ai.review import _hard
    from game.games import get_game
    from game.scenes.review import quick_settings
    full = get_game("antics").hard_settings
    bot = _hard(get_rules("antics"), 1, quick_settings("antics"))
    assert full["by_seats"] and bot.by_seats == {}
    assert bot.iterations == full["iterations"] // 2
    assert bot.settings == {**bot.settings, **{k: v for k, v in full.items() if k not in ("iterations", "by_seats")}}


class Under(Scene):
    """The screen the review was opened from."""
    def draw(self, surf):
        surf.fill((0, 0, 0))


def open_review(monkeypatch=None, use_process=True):
    """A review of a seeded Micropolis game for Ann, opened over another screen: (app, scene)."""
    rules = get_rules("micropolis")
    seats = [Seat("Ann", rules.seat_colors[0], "medium"), Seat("Bo", rules.seat_colors[1], "medium")]
    end = play_game(rules, seats, 3, {})
    from game.core.record import make_record, replay
    states = replay(rules, make_record(rules, end, seats, 3, {}))
    if monkeypatch is not None:
        monkeypatch.setattr("game.scenes.review.ReviewScene.use_process", use_process)
    from game.scenes.review import ReviewScene
    app = headless_app((1280, 720))
    app.scenes.push(Under(app))
    scene = ReviewScene(app, "micropolis", seats, 3, {}, states, 0)
    app.scenes.push(scene)
    return app, scene


def frames_until(app, done, seconds: float) -> float:
    """Frames until ``done()`` or ``seconds`` have passed: the time it took."""
    start = time.monotonic()
    while not done() and time.monotonic() - start < seconds:
        app.frame(16)
        time.sleep(0.02)
    return time.monotonic() - start


def leaves_by_esc(app, scene):
    """The failed review says what went wrong and how to go back (Esc or Back), and Esc does."""
    from game.ui.theme import Theme
    words, plain = [], Theme.text
    Theme.text = lambda self, s, *a, **k: (words.append(s), plain(self, s, *a, **k))[1]
    try:
        scene.draw(app.window)
    finally:
        Theme.text = plain
    shown = " ".join(words)
    assert scene.problem_words() and scene.problem_words().split()[0] in shown
    assert "returns to where you were" in shown and scene.cancel_btn.label == "Back"
    assert "Looking at decision" not in shown
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0))
    assert type(app.scenes.top).__name__ == "Under"


def test_a_killed_review_process_is_told_within_seconds():
    app, scene = open_review()
    try:
        assert scene.process is not None and scene.process.is_alive()
        frames_until(app, lambda: scene.progress[1] > 0, 60)       # reviewing (it takes far longer than this test)
        scene.process.kill()
        took = frames_until(app, lambda: scene.problem is not None, 10)
        assert scene.problem is not None and scene.problem[0] == "ended" and took < 4
        assert "stopped before it was done" in scene.problem_words() and type(app.scenes.top) is type(scene)
        assert not app.frame(16)                    # no more frames asked for: the message stays, still
        leaves_by_esc(app, scene)
    finally:
        if scene.process is not None and scene.process.is_alive():
            scene.process.kill()
        pygame.quit()


def test_a_review_that_goes_quiet_is_stopped(monkeypatch):
    release = threading.Event()

    def stuck(rules_, states_, player, seed, progress=None, should_stop=lambda: False, settings=None):
        progress(1, 5)
        release.wait(30)
        return []
    monkeypatch.setattr("game.ai.review.review", stuck)
    app, scene = open_review(monkeypatch, use_process=False)
    scene.stall_seconds = 0.5
    try:
        took = frames_until(app, lambda: scene.problem is not None, 10)
        assert scene.problem[0] == "stalled"
        assert took < 5 and "no decision was weighed" in scene.problem_words()
        leaves_by_esc(app, scene)
    finally:
        release.set()
        pygame.quit()


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_a_review_thread_that_ends_without_a_word_is_told(monkeypatch):
    def dies(*a, **k):
        raise SystemExit      # a thread ends quietly on this: no "done", no "error"
    monkeypatch.setattr("game.ai.review.review", dies)
    app, scene = open_review(monkeypatch, use_process=False)
    try:
        took = frames_until(app, lambda: scene.problem is not None, 10)
        assert scene.problem == ("ended", None) and took < 4
        assert scene.problem_words() == "The review stopped before it was done."
        leaves_by_esc(app, scene)
    finally:
        pygame.quit()


@pytest.mark.parametrize("phase", ["act", "store"])
def test_a_reviewed_replay_tells_no_past_turn_what_to_click(monkeypatch, phase):
    """At a marked decision of a person, the replay shows the review's note, never the table's live
    instructions for that (past) turn ("Click a lit hex of your hill")."""
    from game.core.record import make_record, record_from_dict, replay
    from game.scenes.play import PlayScene
    rules = get_rules("antics")
    seats = [Seat(n, rules.seat_colors[i], "medium") for i, n in enumerate(("Ann", "Bo", "Cy"))]
    record = make_record(rules, play_game(rules, seats, 3, {}), seats, 3, {}).to_dict()
    record["seats"][0]["kind"] = "human"                  # Ann played it herself
    states = replay(rules, record_from_dict(record, "review"))
    k = next(k for k, s in enumerate(states[:-1]) if rules.to_move(s) == 0 and s.phase == phase
             and len(rules.legal_actions(s)) > 1 and (phase != "act" or s.actions_left))
    acts = rules.legal_actions(states[k])
    app = headless_app((1280, 720))
    play = PlayScene(app, "antics", states[0].seats, 3, {}, states=states, replay=True,
                     review=(0, [Mistake(k, acts[0], acts[-1], 2.0, "why")]))
    app.scenes.push(play)
    play.cursor = k
    shown = " ".join(drawn_texts(monkeypatch, play, app))      # the first frame (the table keeps its words drawn)
    assert "Costly decision 1 of 1" in shown                 # the review's own note
    words = play.view.words
    live = [words.status(states[k]), words.hint(states[k], True, acts), words.guide(states[k]) or ""]
    assert [w for w in live if w and w in shown] == []
    assert "click" not in shown.lower()
    pygame.quit()
