"""It Happens.. Medium collects items, races for the variety bonus and passes when it pays (issue 21).

Medium once valued a new item type at nothing unless it already led in types, and a pass at a
flat loss, so it scored little from items and never passed. These tests fail if it falls back."""
from game.ai.bots import bot_move, make_bot
from game.core.rules import Seat
from game.games.it_happens.rules import get_rules
from game.games.it_happens.state import Pass, Place
from tests.games.it_happens.util import at_table, game, with_die

R = get_rules()


def _choice(s):
    return make_bot("medium", R, 1).choose(R.observe(s, s.turn), s.turn)


def test_medium_passes_a_one_that_could_only_open_a_column():
    # a fresh round: any place for a 1 opens a column it can barely win with, the rivals hold
    # all their dice (and would take the leftmost columns meanwhile): pay a worm and wait
    s = at_table(game(3), ["M03", "M09", "M12"])
    s = with_die(s, s.colors[s.turn], 1)
    assert _choice(s) == Pass()
    # a 6 is placed
    s = with_die(at_table(game(3), ["M03", "M09", "M12"]), s.colors[s.turn], 6)
    assert isinstance(_choice(s), Place)


def test_medium_takes_a_new_item_type_when_behind_in_the_variety_race():
    s = at_table(game(3), ["M11", "M03", "M12"])   # a key on the cheapest mound
    me = s.turn
    s = s.copy()
    # a rival leads in types (4 against 2): the old Medium saw no value in a third type
    items = [list(row) for row in s.items]
    items[me] = [1, 1, 0, 0, 0, 0, 0, 0]          # map, sneakers
    items[(me + 1) % 3] = [0, 0, 1, 1, 1, 1, 0, 0]   # bone, eyeglasses, speaker, glove
    s.items = tuple(tuple(r) for r in items)
    s = with_die(s, s.colors[me], 4)
    kinds = R.comps.item_types
    a = _choice(s)
    assert isinstance(a, Place)
    space = s.mound(a.mound).columns[a.column][0]
    assert space in kinds and s.items[me][kinds.index(space)] == 0, space


def test_medium_scores_items_and_variety_in_seeded_games():
    points = 0
    games = 8
    for g in range(games):
        kinds = ["random", "random"]
        seat = g % 3
        kinds.insert(seat, "medium")
        seats = [Seat(f"P{i}", c, k) for i, (c, k) in enumerate(zip(["yellow", "red", "green"], kinds))]
        s = R.new_game(seats, 500 + g, {})
        bots = [make_bot(k, R, g * 3 + i) for i, k in enumerate(kinds)]
        while not R.is_over(s):
            p = R.to_move(s)
            s = R.apply(s, bot_move(bots[p], R, s, p))
        lines = R.score_sheets(s)[seat].lines
        points += lines["item_sets"] + lines["variety_bonus"]
    assert points / games >= 12, points / games
