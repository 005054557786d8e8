"""Antics!: the fitted guess of how a game ends (issue 63: Hard's ``fitted_leaves`` values the
positions where its play-outs stop by each seat's chance of winning)."""
import math

import pytest

from game.ai.ismcts import IsmctsBot
from game.core.rules import Seat
from game.games.antics import heuristics, outcome
from game.games.antics.outcome import FEATURES, FIT
from game.games.antics.rules import get_rules


def game(players: int, seed: int = 4, moves: int = 40):
    """A state ``moves`` first legal moves into a new game."""
    rules = get_rules()
    s = rules.new_game([Seat(f"P{i}", rules.seat_colors[i], "hard") for i in range(players)], seed, {})
    for _ in range(moves):
        s = rules.apply(s, rules.legal_actions(s)[0])
    return rules, s


def test_every_table_size_and_stage_has_a_fit():
    rules = get_rules()
    for seats in range(rules.min_players, rules.max_players + 1):
        assert sorted(FIT[seats]) == [0, 1, 2, 3, 4]
        for weights, temperature in FIT[seats].values():
            assert len(weights) == len(FEATURES) and temperature > 0


def test_the_stage_follows_the_prey_still_to_go_and_the_triggered_end():
    """Ruling 22: the end comes when at most one kind of prey is left on the board."""
    rules, s = game(4, moves=0)
    assert s.prey_to_go() == 15 and outcome.key(s) == 4
    for prey_left, key in (((3, 3, 3, 0, 0, 0), 3), ((1, 1, 1, 1, 0, 0), 2), ((1, 1, 0, 0, 0, 0), 1)):
        s.prey_left = prey_left
        assert outcome.key(s) == key
    s.end_by = 0
    assert outcome.key(s) == 0


def test_features_read_points_projection_lead_and_who_plays_next():
    rules, s = game(3)
    vals, points = [10.0, 14.0, 9.0], [4.0, 6.0, 9.0]
    named = [dict(zip(FEATURES, row)) for row in outcome.features(s, vals, points)]
    assert [r["points scored"] for r in named] == points
    assert [r["points the projection adds"] for r in named] == [6.0, 8.0, 0.0]
    assert [r["projection minus the best rival's"] for r in named] == [-4.0, 4.0, -5.0]
    assert [r["projects the most (ties too)"] for r in named] == [0.0, 1.0, 0.0]
    assert [r["plays next"] for r in named] == [float(p == s.player) for p in range(3)]


@pytest.mark.parametrize("players", [3, 4])
def test_win_chances_are_a_distribution_that_follows_the_points(players):
    rules, s = game(players)
    heur = heuristics.for_level("hard")
    rows = heur.outcome_features(rules, s)
    chances, totals = outcome.expected_outcome(s, rows)
    assert len(chances) == len(totals) == players
    assert math.isclose(sum(chances), 1.0) and all(0 < c < 1 for c in chances)
    rows[1][1] += 10            # ten more points scored, the same prospects
    rows[1][3] += 10
    more, more_totals = outcome.expected_outcome(s, rows)
    assert more[1] > chances[1] and more_totals[1] > totals[1]


def test_fitted_leaves_value_an_unfinished_play_out_by_the_expected_outcome():
    rules, s = game(4)
    bot = IsmctsBot(rules, 5, rollout_turns=1, fitted_leaves=True)
    want = bot._outcome_values(*bot.heur.expected_outcome(rules, s))
    assert bot._values(s) == want
    plain = IsmctsBot(rules, 5, rollout_turns=1)
    assert plain._values(s) != want


def test_refit_samples_every_turn_start():
    from game.tools import refit
    got = refit.stage_samples(get_rules(), 3, 11, 1)
    rows, finals, winners = next(iter(got.values()))[0]
    assert len(rows) == len(finals) == 3 and winners and all(len(r) == len(FEATURES) for r in rows)
    assert sum(len(v) for v in got.values()) > 20     # a sample at every turn's start


def test_hard_values_its_play_outs_by_the_fit():
    """Issue 63: against three Mediums 0.395 -> 0.515 of the wins, +0.120 +/- 0.112 paired over 100 games."""
    from game.ai.bots import make_bot
    bot = make_bot("hard", get_rules(), 1)
    assert bot.settings["fitted_leaves"] and bot.heur is heuristics.for_level("hard")
    assert bot.by_seats[3]["fitted_leaves"] is False        # three seats: not measured well enough yet
