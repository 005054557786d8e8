"""One contract suite for every registered game, and the toy fourth game that proves a new game
needs no edit outside its own packages (tests/fourth_game registers it from here alone)."""
import pickle

import pygame
import pytest

from game import games as registry
from game.core.record import make_record, read_record, replay, save_record
from game.core.rng import Rng
from game.core.undo import undo_allowed
from game.tools.autoplay import ai_seats
from tests import fourth_game

GAMES = registry.available_games() + [fourth_game.GAME_ID]


@pytest.fixture
def game(request, register_game):
    """The game id under test, with the toy game registered when it is the one."""
    if request.param == fourth_game.GAME_ID:
        register_game(fourth_game.GAME, fourth_game.TABLE)
    return request.param


def each_game(fn):
    return pytest.mark.parametrize("game", GAMES, indirect=True)(fn)


def seats_for(rules, n, kind, seed):
    seats = ai_seats(rules, n, kind, seed)
    extra = rules.imaginary_seat(n)
    if extra:
        from game.core.rules import Seat
        free = [c for c in rules.seat_colors if c not in {s.color for s in seats}]
        seats.append(Seat(extra, free[0], "imaginary"))
    return seats


def random_game(rules, n, seed, every=None):
    """Play random legal moves to the end; ``every(prev, cur)`` sees each step."""
    seats = seats_for(rules, n, "random", seed)
    s, rng = rules.new_game(seats, seed, {}), Rng(seed)
    for _ in range(20000):
        if rules.is_over(s):
            return seats, s
        acts = rules.legal_actions(s)
        assert acts, "a game that is not over has a legal move"
        cur = rules.apply(s, acts[rng.below(len(acts))])
        if every:
            every(s, cur)
        s = cur
    pytest.fail("a random game did not end")


@each_game
def test_the_declaration_agrees_with_the_rules(game):
    info, rules = registry.get_game(game), registry.get_rules(game)
    assert (rules.id, rules.title, rules.min_players, rules.max_players) == \
        (info.id, info.title, info.min_players, info.max_players)
    assert isinstance(rules.reveal_events, frozenset) and rules.reveal_events
    assert len(rules.seat_colors) >= rules.max_players
    heur = info.load_heuristics()
    for level in ("easy", "medium", "hard"):
        h = heur.for_level(level)
        assert callable(h.score_actions) and callable(h.evaluate)
    assert callable(heur.rollout_policy) and callable(heur.explain)


@each_game
def test_random_games_run_through_the_whole_api(game):
    rules = registry.get_rules(game)
    for n in range(rules.min_players, rules.max_players + 1):
        steps = []

        def look(prev, cur):
            steps.append(cur)
            p = rules.to_move(cur)
            if p is not None and len(steps) % 17 == 0:
                obs = rules.observe(cur, p)
                assert rules.legal_actions(rules.determinize(obs, p, Rng(len(steps))))
        seats, s = random_game(rules, n, 11 + n, look)
        sheets = rules.score_sheets(s)
        assert {sh.player for sh in sheets} >= set(range(n))
        assert set(rules.winners(s)) <= {sh.player for sh in sheets}


@each_game
def test_undo_never_crosses_a_chance_outcome(game):
    """Whenever undo is offered, the game's random stream did not move: nothing was rolled or drawn."""
    rules = registry.get_rules(game)
    offered = []

    def look(prev, cur):
        if undo_allowed(rules, prev, cur, lambda p: True):
            offered.append(1)
            assert pickle.dumps(prev.rng) == pickle.dumps(cur.rng), cur.log.since(len(prev.log))
    random_game(rules, rules.min_players, 5, look)
    random_game(rules, rules.max_players, 6, look)


@each_game
def test_records_round_trip_and_replay(game, tmp_path):
    rules = registry.get_rules(game)
    seats, s = random_game(rules, rules.min_players, 3)
    rec = make_record(rules, s, seats, 3, {})
    save_record(tmp_path / "r.yaml", rec)
    back = read_record(tmp_path / "r.yaml")
    states = replay(rules, back)
    assert rules.is_over(states[-1]) and back.final == rec.final
    assert registry.load_replay(str(tmp_path / "r.yaml"))[0].final == rec.final


@each_game
def test_every_legal_move_has_words_and_a_place_on_the_table(game):
    from game.tools.headless import headless_app
    from game.ui.views.base import ViewContext, get_view
    app = headless_app((1280, 720))
    rules = registry.get_rules(game)
    seats = seats_for(rules, rules.min_players, "human", 2)
    s, rng = rules.new_game(seats, 2, {}), Rng(2)
    view = get_view(game, rules, s.seats if hasattr(s, "seats") else seats, app.theme)
    view.layout(pygame.Rect(0, 60, 1280, 600))
    looked = 0
    while not rules.is_over(s) and looked < 40:
        p = rules.to_move(s)
        acts = rules.legal_actions(s)
        ctx = ViewContext(p, p, True, acts)
        view.draw(app.window, s, ctx, (0, 0))
        for a in acts:
            assert view.action_words(a, s).strip(), a
            assert view.locate(a, s, p) is not None, a
        looked += 1
        s = rules.apply(s, acts[rng.below(len(acts))])
    pygame.quit()


@each_game
def test_every_scene_renders(game):
    from game.scenes.play import PlayScene
    from game.scenes.results import ResultsScene
    from game.scenes.select import SelectScene
    from game.scenes.setup import SetupScene
    from game.tools.headless import headless_app
    app = headless_app((1280, 720))
    select = SelectScene(app)
    app.scenes.push(select)
    app.frame(16)
    assert game in [c.id for _, c in select.cards]            # a card on the menu
    app.scenes.push(SetupScene(app, game))
    app.frame(16)
    rules = registry.get_rules(game)
    seats = seats_for(rules, rules.min_players, "medium", 4)
    play = PlayScene(app, game, seats, 4, {})
    app.scenes.push(play)
    app.frame(16)
    seats, end = random_game(rules, rules.min_players, 4)
    app.scenes.push(ResultsScene(app, game, seats, 4, {}, end))
    app.frame(16)
    pygame.quit()


def test_the_fourth_game_plays_in_autoplay_and_the_arena(register_game, capsys, tmp_path):
    from game.tools.arena import arena
    from game.tools.autoplay import autoplay
    register_game(fourth_game.GAME, fourth_game.TABLE)
    assert autoplay("toy", 3, "mixed", 1, 2, {}, str(tmp_path)) == 0
    assert len(list(tmp_path.glob("toy-*.yaml"))) == 2
    assert arena("toy", "medium,random", 4, 1, jobs=1, as_json=True) == 0
    import json
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1])["games"] == 4
