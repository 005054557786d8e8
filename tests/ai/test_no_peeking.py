"""No peeking, proven: scrambling what ``observe`` hides (deck, pile or bag order, the RNG) never
changes a bot's choice; a control bot that reads the true state shows the scramble is felt."""
import zlib

import pytest

from game.ai.bots import Bot, bot_move, make_bot
from game.core.rng import Rng
from game.games import get_rules
from game.tools.autoplay import ai_seats

HIDDEN = {"it_happens": "deck", "micropolis": "pile", "antics": "bag"}


def midgame(game, n, steps, seed=3):
    rules = get_rules(game)
    s, rng = rules.new_game(ai_seats(rules, n, "medium", seed), seed, {}), Rng(seed)
    for k in range(steps + 200):
        acts = rules.legal_actions(s)
        if k >= steps and len(acts) > 2:
            break
        s = rules.apply(s, acts[rng.below(len(acts))])
    return rules, s


def scrambled(s, field, k):
    """The same position with the hidden order shuffled and another RNG."""
    t = s.copy()
    order = list(getattr(s, field))
    Rng(k).shuffle(order)
    setattr(t, field, tuple(order))
    t.rng = Rng(1000 + k)
    return t


class Cheat(Bot):
    """Control only: picks by the true hidden order (what a peeking bot would do)."""

    def __init__(self, rules, field):
        super().__init__(rules, 0)
        self.field = field

    def choose(self, state, player):
        acts = self.rules.legal_actions(state)
        order = repr(tuple(getattr(state, self.field))).encode()
        return acts[zlib.crc32(order) % len(acts)]     # stable across runs: str hashes are salted


@pytest.mark.parametrize("game,n,steps", [("it_happens", 3, 9), ("micropolis", 3, 7), ("antics", 3, 25)])
def test_scrambling_the_hidden_information_never_changes_a_choice(game, n, steps):
    rules, s = midgame(game, n, steps)
    field = HIDDEN[game]
    assert len(getattr(s, field)) > 1 and len(rules.legal_actions(s)) > 1
    p = rules.to_move(s)
    for level in ("easy", "medium", "hard"):
        first = bot_move(make_bot(level, rules, 11, timed=False), rules, s, p)
        for k in range(3):
            again = bot_move(make_bot(level, rules, 11, timed=False), rules, scrambled(s, field, k), p)
            assert again == first, f"{level} changed its choice when the hidden {field} changed"


@pytest.mark.parametrize("game,n,steps", [("it_happens", 3, 9), ("micropolis", 3, 7), ("antics", 3, 25)])
def test_control_a_bot_given_the_true_state_would_notice(game, n, steps):
    rules, s = midgame(game, n, steps)
    field = HIDDEN[game]
    p = rules.to_move(s)
    cheat = Cheat(rules, field)
    true_choices = {cheat.choose(scrambled(s, field, k), p) for k in range(8)}
    assert len(true_choices) > 1                                  # the scramble is felt by a peeker
    seen = {bot_move(cheat, rules, scrambled(s, field, k), p) for k in range(8)}
    assert len(seen) == 1                                         # ...but never through observe()
