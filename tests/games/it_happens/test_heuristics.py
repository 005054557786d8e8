"""The Medium bot wins more than its share against random play, and prefers good placements."""
from game.ai.bots import bot_move, make_bot
from game.core.rules import Seat
from game.games.it_happens.rules import get_rules
from game.games.it_happens.state import Place
from tests.games.it_happens.util import at_table, game, put, with_die

R = get_rules()


def test_medium_beats_random_players_most_of_the_time():
    wins = 0
    for seed in range(16):
        seats = [Seat("M", "yellow", "medium"), Seat("R1", "red", "random"), Seat("R2", "green", "random")]
        s = R.new_game(seats, seed, {})
        bots = {0: make_bot("medium", R, seed), 1: make_bot("random", R, seed + 1), 2: make_bot("random", R, seed + 2)}
        while not R.is_over(s):
            p = R.to_move(s)
            s = R.apply(s, bot_move(bots[p], R, s, p))
        wins += 0 in R.winners(s)
    assert wins >= 10


def _queen_or_glove():
    s = at_table(game(3), ["M03", "M01", "M02"])
    other = (s.turn + 1) % 3
    s = put(s, 0, 0, other, [3])                       # M03 (Queen 9): a 5 takes the lead
    return with_die(s, s.colors[s.turn], 5)            # M01: a 5 opens the column under a glove


def test_medium_prefers_the_placement_that_wins_a_queen_when_the_items_are_settled():
    s = _queen_or_glove().copy()
    s.items = tuple((2,) * len(R.comps.item_types) for _ in s.seats)    # every pair made, the race tied
    a = make_bot("medium", R, 1).choose(R.observe(s, s.turn), s.turn)
    assert a == Place(0, 1)


def test_medium_takes_the_first_item_of_the_game_over_an_early_queen_lead():
    """In a fresh game the glove makes Medium the only player with an item (the 10-point race for
    the most kinds); a 1,600-simulation search playing every game out picks it too, 6 seeds of 6."""
    s = _queen_or_glove()
    a = make_bot("medium", R, 1).choose(R.observe(s, s.turn), s.turn)
    assert a == Place(1, 0)
