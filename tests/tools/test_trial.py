"""The arena's trial seat: a level with changed settings, read from a checked YAML file."""
from __future__ import annotations

import json

import pytest

from game.ai.bots import Trial, make_bot
from game.core.rules import Seat
from game.games import get_rules
from game.games.antics import heuristics as antics_heuristics
from game.games.it_happens import heuristics as it_happens_heuristics
from game.tools.arena import play_match
from game.tools.cli import UsageError
from game.tools.trial import load_trial
from tests.tools.test_arena import run


def game_of(result: dict) -> tuple:
    return result["scores"], result["lines"], result["winners"]


@pytest.mark.parametrize("game", ["it_happens", "micropolis"])
def test_a_trial_that_changes_nothing_plays_the_games_of_its_level(game):
    plain = play_match((game, ("medium", "medium"), 5, 0, None, None))
    trial = play_match((game, ("trial", "medium"), 5, 0, None, Trial("medium")))
    assert trial["kinds"] == ["trial", "medium"]
    assert game_of(trial) == game_of(plain)


def test_a_trial_plays_by_its_changed_weights_and_leaves_the_level_as_it_is():
    rules = get_rules("antics")
    bot = make_bot("medium", rules, 1, timed=False, trial=Trial("medium", weights={"gamma": 0.5}))
    assert bot.heur.w.gamma == 0.5
    assert antics_heuristics.for_level("medium").w.gamma == 0.9
    changed = play_match(("antics", ("trial", "medium", "medium"), 4, 0, None, Trial("medium", weights={"gamma": 0.5})))
    plain = play_match(("antics", ("medium", "medium", "medium"), 4, 0, None, None))
    assert game_of(changed) != game_of(plain)


def test_an_it_happens_trial_weighs_the_items_by_its_own_weights():
    rules = get_rules("it_happens")
    bot = make_bot("hard", rules, 1, timed=False, trial=Trial("hard", weights={"item": 3.0}))
    assert bot.heur.w.item == 3.0 and bot.heur.w.variety == it_happens_heuristics.WEIGHTS.variety
    assert bot.heur.stage is it_happens_heuristics.stage           # Hard's play-outs still stop at a new round
    assert it_happens_heuristics.with_weights("medium", {"item": 3.0}) is bot.heur
    s = rules.new_game([Seat("A", "yellow", "medium"), Seat("B", "red", "medium"), Seat("C", "green", "medium")], 3, {})
    for _ in range(12):
        s = rules.apply(s, rules.legal_actions(s)[0])
    assert bot.heur.projections(rules, s) != it_happens_heuristics.projections(rules, s)


def test_a_hard_trial_searches_with_its_changed_settings():
    rules = get_rules("antics")
    bot = make_bot("hard", rules, 1, timed=False, trial=Trial("hard", search={"iterations": 7}, weights={"rival": 0.6}))
    assert bot.settings["iterations"] == 7
    assert bot.settings["candidates"] == 6          # the game's own where the trial says nothing
    assert bot.heur.w.rival == 0.6 and bot.heur.w.endgame   # Hard's profile, one weight changed


def test_the_same_changes_share_one_heuristics_and_forget_drops_it():
    first = antics_heuristics.with_weights("hard", {"gamma": 0.8})
    assert antics_heuristics.with_weights("hard", {"gamma": 0.8}) is first
    antics_heuristics.forget()
    assert antics_heuristics.with_weights("hard", {"gamma": 0.8}) is not first


def trial_file(tmp_path, text: str) -> str:
    path = tmp_path / "trial.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("game, text, expected", [
    ("antics", "level: hard\nsearch: {iterations: 120}\nweights: {gamma: 0.93}\n", None),
    ("antics", "level: medium\n", None),
    ("it_happens", "level: hard\nsearch: {by_seats: {3: {iterations: 50}}}\n", None),
    ("antics", "[1, 2]\n", "must be a mapping"),
    ("antics", "level: hard\nwhat: 1\n", "no part named what"),
    ("antics", "level: expert\n", "level: must be one of easy, medium, hard"),
    ("antics", "search: {iterations: 5}\n", "level: must be one of"),
    ("antics", "level: medium\nsearch: {iterations: 5}\n", "only Hard searches"),
    ("antics", "level: hard\nsearch: {iteration: 5}\n", "no Hard setting named 'iteration'"),
    ("antics", "level: hard\nsearch: {iterations: 2.5}\n", "iterations: must be a whole number"),
    ("antics", "level: hard\nsearch: {candidates: 0}\n", "candidates: must be more than 0"),
    ("antics", "level: hard\nsearch: {scale: -1}\n", "scale: must be a number, 0 or more"),
    ("antics", "level: hard\nsearch: {greedy_rollouts: 1}\n", "must be true or false"),
    ("antics", "level: hard\nsearch: {rivals_as: medium}\n", None),
    ("antics", "level: hard\nsearch: {rivals_as: expert}\n", "rivals_as: must be one of easy, medium, hard"),
    ("antics", "level: hard\nsearch: {rivals_as: 3}\n", "rivals_as: must be a name"),
    ("antics", "level: hard\nsearch: {by_seats: {3: {by_seats: {}}}}\n", "no Hard setting named 'by_seats'"),
    ("antics", "level: hard\nsearch: {by_seats: [3]}\n", "by_seats: must map a number of seats"),
    ("antics", "level: hard\nsearch: 5\n", "search: must be a mapping"),
    ("antics", "level: hard\nweights: {gama: 0.9}\n", "weights: no weight named 'gama'"),
    ("antics", "level: hard\nweights: {gamma: '0.9'}\n", "gamma: must be a number"),
    ("antics", "level: hard\nweights: {gamma: .nan}\n", "not-a-number"),
    ("antics", "level: hard\nweights: [gamma]\n", "weights: must be a mapping"),
    ("it_happens", "level: medium\nweights: {item: 2.4, variety: 15}\n", None),
    ("it_happens", "level: hard\nweights: {items: 2}\n", "weights: no weight named 'items' (the weights: item, variety)"),
    ("micropolis", "level: hard\nweights: {x: 1}\n", "no named weights to change"),
    ("antics", "level: [hard\n", "trial.yaml"),
])
def test_a_trial_file_is_checked_and_every_fault_is_named(tmp_path, game, text, expected):
    path = trial_file(tmp_path, text)
    if expected is None:
        assert isinstance(load_trial(path, get_rules(game)), Trial)
        return
    with pytest.raises(UsageError) as e:
        load_trial(path, get_rules(game))
    assert expected in str(e.value) and f"--trial {path}" in str(e.value)


def test_a_trial_file_too_big_or_missing_is_refused(tmp_path):
    rules = get_rules("antics")
    with pytest.raises(UsageError, match="missing.yaml"):
        load_trial(str(tmp_path / "missing.yaml"), rules)
    big = trial_file(tmp_path, "level: hard\n#" + "x" * 30_000 + "\n")
    with pytest.raises(UsageError, match="trial.yaml"):
        load_trial(big, rules)


def test_the_arena_reports_the_trial_seat_as_its_own_level(capsys, tmp_path):
    path = trial_file(tmp_path, "level: medium\n")
    code, out, err = run(capsys, "--game", "it_happens", "--seats", "trial,medium", "--trial", path, "--games", "2")
    assert code == 0, err
    assert f"trial ({path}): medium (nothing changed)" in out
    assert any(line.startswith("trial ") and "0.50" in line for line in out.splitlines())
    code, out, err = run(capsys, "--game", "it_happens", "--seats", "trial,medium", "--trial", path,
                         "--games", "2", "--json")
    d = json.loads(out)
    assert d["trial"] == {"file": path, "level": "medium", "search": {}, "weights": {}}
    assert {r["kinds"][0] for r in d["results"]} <= {"trial", "medium"}
    before = tmp_path / "before.json"
    before.write_text(out, encoding="utf-8")
    code, out, err = run(capsys, "--game", "it_happens", "--seats", "trial,medium", "--trial", path,
                         "--games", "2", "--against", str(before))
    assert code == 0, err
    assert "+0.000" in out


def test_a_trial_run_is_compared_seat_by_seat_with_a_run_of_the_level_it_changes(capsys, tmp_path):
    """--against a run where the trial seat was the plain level: the trial seat is set against that
    level's seat in the same deal and seat order (a trial that changes nothing: +0.000)."""
    path = trial_file(tmp_path, "level: medium\n")
    args = ("--game", "micropolis", "--seed", "7", "--games", "4")
    code, out, err = run(capsys, *args, "--seats", "medium,random", "--json")
    assert code == 0, err
    before = tmp_path / "before.json"
    before.write_text(out, encoding="utf-8")
    code, out, err = run(capsys, *args, "--seats", "trial,random", "--trial", path, "--json", "--against", str(before))
    assert code == 0, err
    got = json.loads(out)["against"]
    assert got["games"] == 4
    assert got["levels"]["trial"] == {"diff": 0.0, "half95": 0.0, "there": json.loads(before.read_text())[
        "seats"]["medium"]["win_share"], "there_level": "medium"}
    assert got["levels"]["random"]["diff"] == 0.0 and "there_level" not in got["levels"]["random"]
    code, out, err = run(capsys, *args, "--seats", "trial,random", "--trial", path, "--against", str(before))
    assert code == 0, err
    assert "+0.000" in out and "medium there" in out


@pytest.mark.parametrize("seats, why", [("random,trial", "only a trial seat here may be another level there"),
                                        ("trial,trial", "other seat orders (2 a deal there, 1 here)")])
def test_a_run_with_other_seats_is_refused_as_against(capsys, tmp_path, seats, why):
    """Only a trial seat may differ from the run it is compared with, and the seat orders must match."""
    path = trial_file(tmp_path, "level: medium\n")
    before = tmp_path / "before.json"
    before.write_text(json.dumps({"game": "micropolis", "seat_list": ["medium", "random"], "results": []}))
    code, out, err = run(capsys, "--game", "micropolis", "--seats", seats, "--trial", path, "--games", "2",
                         "--against", str(before))
    assert code == 2 and out == "" and why in err, err


@pytest.mark.parametrize("argv", [["--seats", "trial,medium"], ["--seats", "hard,medium", "--trial", "x.yaml"]])
def test_a_trial_seat_and_its_file_go_together(capsys, argv):
    code, out, err = run(capsys, "--game", "it_happens", *argv, "--games", "2")
    assert code == 2
    assert "--trial FILE and a seat named trial" in err
