"""The hint's one line: plain words for every legal move of real games, never ids or Python text."""
import re

from game.core.rng import Rng
from game.games.it_happens.heuristics import explain
from game.games.it_happens.rules import get_rules
from game.tools.autoplay import ai_seats

R = get_rules()
BAD = re.compile(r"M\d\d|True|False|None|\(s\)|\[|\{|_")


def test_every_move_is_explained_in_plain_words():
    seen = 0
    for seed, n in ((1, 2), (2, 4)):
        s, rng = R.new_game(ai_seats(R, n, "medium", seed), seed, {}), Rng(seed)
        for _ in range(120):
            if R.is_over(s):
                break
            p = R.to_move(s)
            for a in R.legal_actions(s):
                line = explain(R, s, p, a)
                assert line and not BAD.search(line), line
                seen += 1
            acts = R.legal_actions(s)
            s = R.apply(s, acts[rng.below(len(acts))])
    assert seen > 200


def test_a_queen_taking_place_says_so():
    s, rng = R.new_game(ai_seats(R, 3, "medium", 4), 4, {}), Rng(4)
    while not any(type(a).__name__ == "Place" for a in R.legal_actions(s)):
        s = R.apply(s, R.legal_actions(s)[0])
    p = R.to_move(s)
    lines = [explain(R, s, p, a) for a in R.legal_actions(s)]
    assert any("ahead for the Queen" in ln for ln in lines)
