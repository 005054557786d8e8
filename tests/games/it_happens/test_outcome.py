"""It Happens..: the fitted guess of a game's end at a round's start (Hard's play-outs stop there)."""
import math

import pytest

from game.core.rules import Seat
from game.games.it_happens import outcome
from game.games.it_happens.outcome import FEATURES, FIT, expected_outcome, features
from game.games.it_happens.rules import get_rules


def round_start(players: int, rnd: int, seed: int = 4):
    """The first state of round ``rnd``, reached with first legal moves."""
    rules = get_rules()
    s = rules.new_game([Seat(f"P{i}", rules.seat_colors[i], "hard") for i in range(players)], seed, {})
    while s.round < rnd:
        s = rules.apply(s, rules.legal_actions(s)[-1])
    return rules, s


def test_every_player_count_and_round_has_a_fit():
    rules = get_rules()
    for real in range(rules.min_players, rules.max_players + 1):
        assert sorted(FIT[real]) == [0, 1, 2]
        for weights, temperature in FIT[real].values():
            assert len(weights) == len(FEATURES) and temperature > 0


def test_features_read_items_worms_and_mound_points():
    rules, s = round_start(3, 2)
    kinds = len(rules.comps.item_types)
    s.items = ((2, 1) + (0,) * (kinds - 2), (1,) * 3 + (0,) * (kinds - 3), (0,) * kinds)
    s.worms = (4, 0, 1)
    s.queens = ((7, 5), (), (3,))
    rows = features(rules, s)
    named = [dict(zip(FEATURES, row)) for row in rows]
    assert named[0]["mound points"] == 12 + sum(s.generals[0]) and named[0]["worms"] == 4
    assert named[0]["item pairs"] == 1 and named[0]["single items"] == 1
    assert named[0]["kinds held minus the most a rival holds"] == -1 and named[1]["holds the most kinds alone"] == 1
    assert named[2]["holds the most kinds (ties too)"] == 0 and all(r["one"] == 1 for r in named)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_win_chances_sum_to_one_and_follow_the_points(players):
    """At every table size (two players include the imaginary one), the chances are a distribution,
    and points added to one seat raise both its expected total and its chance."""
    rules, s = round_start(players, 2)
    chances, totals = expected_outcome(rules, s)
    assert len(chances) == len(totals) == len(s.seats)
    assert math.isclose(sum(chances), 1.0) and all(0 < c < 1 for c in chances)
    s.queens = tuple(q + ((10,) if p == 0 else ()) for p, q in enumerate(s.queens))
    more, more_totals = expected_outcome(rules, s)
    assert more[0] > chances[0] and more_totals[0] > totals[0]


def test_a_later_round_reads_the_fit_for_fewer_rounds_to_come():
    assert [outcome.rounds_after(*round_start(4, rnd)) for rnd in (1, 2, 3, 4)] == [3, 2, 1, 0]
