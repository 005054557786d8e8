"""``python -m game.tools.refit``: a game's table of expected outcomes fitted again on Medium games."""
from game.games import get_rules
from game.games.it_happens.outcome import FEATURES
from game.tools import refit


def test_medium_games_give_samples_at_every_later_stage_start():
    """It Happens..: a sample at the start of rounds 2-4, keyed by the rounds still to come."""
    got = refit.stage_samples(get_rules("it_happens"), 3, 11, 2)
    assert sorted(got) == [0, 1, 2] and all(len(v) == 2 for v in got.values())
    rows, finals, winners = got[0][0]
    assert len(rows) == len(finals) == 3 and winners and all(len(r) == len(FEATURES) for r in rows)


def test_the_table_prints_as_the_code_holds_it():
    text = refit.format_table({2: {0: ((1.0, 0.25), 6), 1: ((2.5, -1.0), 8)}})
    assert text == "FIT = {\n    2: {0: ((1.0, 0.25), 6),\n        1: ((2.5, -1.0), 8)},\n}"


def test_bad_requests_get_a_usage_message(capsys):
    assert refit.main([]) == 2
    assert refit.main(["chess"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err
    assert refit.main(["it_happens", "many"]) == 2
    assert "GAMES: a whole number above 0, not 'many'" in capsys.readouterr().err
    assert refit.main(["micropolis"]) == 2
    assert "micropolis: its Hard fits no table of outcomes" in capsys.readouterr().err
