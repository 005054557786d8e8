"""The hint's one line (heuristics.explain): plain words for every legal move of real games."""
import importlib
import re

import pytest

from game.core.rng import Rng
from game.games import get_rules
from game.tools.autoplay import ai_seats

BAD = re.compile(r"\b[AM]\d\d\b|True|False|None|\(s\)|\[|\{|_")


def explained(game, seed, n, steps):
    rules = get_rules(game)
    explain = importlib.import_module(f"game.games.{game}.heuristics").explain
    s, rng, lines = rules.new_game(ai_seats(rules, n, "medium", seed), seed, {}), Rng(seed), []
    for _ in range(steps):
        if rules.is_over(s):
            break
        p = rules.to_move(s)
        lines += [explain(rules, s, p, a) for a in rules.legal_actions(s)]
        acts = rules.legal_actions(s)
        s = rules.apply(s, acts[rng.below(len(acts))])
    return lines


@pytest.mark.parametrize("game,seed,n,steps", [("it_happens", 1, 2, 120), ("it_happens", 2, 4, 120),
                                               ("micropolis", 1, 3, 60), ("antics", 1, 3, 150)])
def test_every_move_is_explained_in_plain_words(game, seed, n, steps):
    lines = explained(game, seed, n, steps)
    assert len(lines) > 100
    for line in lines:
        assert line and not BAD.search(line), line


def test_it_happens_says_when_a_queen_is_at_stake():
    assert any("ahead for the Queen" in ln for ln in explained("it_happens", 4, 3, 30))


def test_micropolis_names_the_scoring_line_a_move_grows():
    assert any(ln.startswith("It brings") for ln in explained("micropolis", 1, 3, 60))


def test_antics_tells_what_the_whole_action_brings():
    """Medium's own game: the reasons name prey brought home with the points it adds."""
    from game.ai.bots import bot_move, make_bot
    from game.games.antics.heuristics import explain
    rules = get_rules("antics")
    s = rules.new_game(ai_seats(rules, 3, "medium", 5), 5, {})
    bots = [make_bot("medium", rules, i, timed=False) for i in range(3)]
    lines = []
    while not rules.is_over(s) and len(lines) < 400:
        p = rules.to_move(s)
        a = bot_move(bots[p], rules, s, p)
        if s.phase == "act":
            lines.append(explain(rules, s, p, a))
        s = rules.apply(s, a)
    assert any(re.search(r"brings the \w+ home \(\+\d+ points?\)", ln) for ln in lines)
    assert any("lays" in ln and "ant" in ln for ln in lines)
    assert all(ln and not BAD.search(ln) for ln in lines)


@pytest.mark.parametrize("game,n", [("it_happens", 2), ("micropolis", 3), ("antics", 3)])
def test_the_hint_gives_its_reason_in_words(game, n):
    """What the play scene shows: the Hard AI's move for the first player and one line why."""
    from game.ai.hint import advise
    rules = get_rules(game)
    s = rules.new_game(ai_seats(rules, n, "medium", 2), 2, {})
    p = rules.to_move(s)
    action, why = advise(rules, rules.observe(s, p), p, 7)
    assert action in rules.legal_actions(s)
    assert why and not BAD.search(why), why
