"""The game review's screens: Review on the results runs in the background with the count shown,
then the replay opens at the costliest decision with both moves ringed; N / P walk the marks."""
import time

import pygame

from game.ai.review import Mistake
from game.core.rules import Seat
from game.games import get_rules
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
        return [Mistake(k, rules_.legal_actions(states_[k])[0], rules_.legal_actions(states_[k])[-1], 3.0 - i, "why")
                for i, k in enumerate(ks)]
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
    assert play.cursor == min(m.index for m in play.mistakes) and len(play.mistakes) == 3
    play.draw(app.window)                                   # the note and the rings draw
    first = play.cursor
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n", scancode=0))
    assert play.cursor > first and play.cursor in {m.index for m in play.mistakes}
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p", scancode=0))
    assert play.cursor == first
    pygame.quit()


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
