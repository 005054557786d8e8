"""Property: thousands of random legal games (2-5 players) with no exception, components conserved
after every step and every score recomputed from the state. IH_PROPERTY_GAMES sets the count."""
import os

from hypothesis import HealthCheck, given, settings, strategies as st

from game.core.rng import Rng
from game.games.it_happens.rules import get_rules
from tests.games.it_happens.util import seats

R = get_rules()
GAMES = int(os.environ.get("IH_PROPERTY_GAMES", "4000"))   # IH_PROPERTY_GAMES=10000 for the full sweep
BATCH = 50


def check_conserved(s):
    c = R.comps
    assert sum(s.worms) + s.worm_supply == c.worm_tiles
    assert all(w >= 0 for w in s.worms) and s.worm_supply >= 0
    for k in range(len(c.item_types)):
        assert sum(row[k] for row in s.items) + s.item_supply[k] == c.item_tiles[k]
    if s.phase == "over":
        return
    on_board = {}
    for m in s.die_colors:
        for col in m:
            for color in col:
                on_board[color] = on_board.get(color, 0) + 1
    in_hand = {}
    for h in s.hand:
        for color, n in h.items():
            in_hand[color] = in_hand.get(color, 0) + n
    if s.current:
        in_hand[s.current[0]] = in_hand.get(s.current[0], 0) + 1
    for p in range(s.real):
        own = s.colors[p]
        assert on_board.get(own, 0) + in_hand.get(own, 0) == c.dice_per_color
    if s.neutral is not None:
        third = s.colors[s.neutral]
        assert on_board.get(third, 0) + in_hand.get(third, 0) == c.neutral_dice_per_player * s.real


def recomputed(s):
    kinds = [sum(1 for x in row if x) for row in s.items]
    out = []
    for p in range(len(s.seats)):
        total = (5 * sum(1 for x in s.items[p] if x >= 2) + s.worms[p] + sum(s.queens[p]) + sum(s.generals[p])
                 + (10 if kinds[p] and kinds[p] == max(kinds) else 0))
        out.append(total)
    return out


@settings(max_examples=max(1, GAMES // BATCH), deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**31), n=st.integers(2, 5), limited=st.booleans())
def test_random_legal_games_conserve_components_and_score_correctly(seed, n, limited):
    for g in range(BATCH):
        s = R.new_game(seats(n), seed + g, {"worm_supply_limited": limited})
        rng = Rng(seed * 7 + g)
        steps = 0
        while not R.is_over(s):
            acts = R.legal_actions(s)
            assert acts and R.to_move(s) in range(s.real)
            s = R.apply(s, acts[rng.below(len(acts))])
            if limited:
                check_conserved(s)
            steps += 1
            assert steps < 2000
        sheets = R.score_sheets(s)
        assert [sh.total for sh in sheets] == recomputed(s)
        assert all(sh.total == sum(sh.lines.values()) for sh in sheets)
        assert sum(len(q) for q in s.queens) == 12 or sum(len(q) for q in s.queens) <= 12
        assert R.winners(s)
