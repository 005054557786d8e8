"""The hint's one line for Micropolis: plain words for moves of real games."""
import re

from game.core.rng import Rng
from game.games.micropolis.heuristics import explain
from game.games.micropolis.rules import get_rules
from game.tools.autoplay import ai_seats

R = get_rules()
BAD = re.compile(r"A\d\d|True|False|None|\(s\)|\[|\{|_")


def test_every_move_is_explained_in_plain_words():
    seen = 0
    s, rng = R.new_game(ai_seats(R, 3, "medium", 1), 1, {}), Rng(1)
    for _ in range(60):
        if R.is_over(s):
            break
        p = R.to_move(s)
        for a in R.legal_actions(s):
            line = explain(R, s, p, a)
            assert line and not BAD.search(line), line
            seen += 1
        acts = R.legal_actions(s)
        s = R.apply(s, acts[rng.below(len(acts))])
    assert seen > 100
    assert any("It brings" in explain(R, s, R.to_move(s), a) for a in R.legal_actions(s)) or R.is_over(s)
