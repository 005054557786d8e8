"""It Happens..: one test per rule, named after it (rulings: shared/components/it_happens.md s.5).

Rulings cited by number are in docs/rulings_it_happens.md."""
import pytest

from game.core.rules import RulesError
from game.games.it_happens.state import Pass, Place, Reroll, Roll
from tests.games.it_happens.util import R, at_table, game, place, put, seats, with_die


# -- setup -----------------------------------------------------------------------------
def test_setup_each_player_has_five_dice_and_two_worms():
    s = game(4)
    assert s.worms == (2, 2, 2, 2)
    assert all(h == {s.colors[p]: 5} for p, h in enumerate(s.hand))
    assert s.worm_supply == 24 - 8


def test_setup_twelve_mounds_shuffled_three_revealed():
    a, b = game(3, seed=1), game(3, seed=2)
    assert len(a.mounds) == 3 and len(a.deck) == 9
    assert sorted(a.order) == sorted(m.id for m in R.comps.mounds)
    assert a.order != b.order


def test_ruling_15_start_player_is_drawn_from_the_seed():
    starts = {game(5, seed).start_player for seed in range(40)}
    assert starts == {0, 1, 2, 3, 4}
    assert game(5, 7).start_player == game(5, 7).start_player


def test_players_count_is_two_to_five():
    assert R.validate_setup(seats(1), {}) and R.validate_setup(seats(6) if False else seats(5) + seats(1), {})
    assert R.validate_setup(seats(2), {}) is None and R.validate_setup(seats(5), {}) is None


# -- placement ---------------------------------------------------------------------------
def test_first_die_on_a_mound_goes_in_the_leftmost_free_column():
    s = at_table(game(3), ["M01", "M02", "M03"])
    s = put(s, 0, 0, (s.turn + 1) % 3, [3])
    s = with_die(s, s.colors[s.turn], 4)
    places = [a for a in R.legal_actions(s) if isinstance(a, Place)]
    assert Place(0, 1) in places and all(not (a.mound == 0 and a.column != 1) for a in places)


def test_die_goes_on_the_lowest_free_space_of_the_column():
    s = at_table(game(3), ["M03", "M02", "M01"])
    p = s.turn
    s = place(s, 0, 2)
    assert s.board[0][0] == (p, (2,))
    ev = s.log.to_list()[-1] if s.log.to_list()[-1]["type"] == "place" else [e for e in s.log.to_list() if e["type"] == "place"][-1]
    assert ev["space"] == 0


def test_one_column_per_player_per_mound_and_nobody_else_uses_it():
    s = at_table(game(3), ["M03", "M02", "M01"])
    s = put(s, 0, 0, s.turn, [5])
    s = put(s, 0, 1, (s.turn + 1) % 3, [2])
    s = with_die(s, s.colors[s.turn], 1)
    assert Place(0, 0) in R.legal_actions(s)          # own column only
    assert Place(0, 1) not in R.legal_actions(s) and Place(0, 2) not in R.legal_actions(s)


def test_ruling_1_full_column_closes_the_mound_to_its_owner():
    s = at_table(game(3), ["M03", "M02", "M01"])   # M03 column 3 has one space
    s = put(s, 0, 0, 1, [1, 1, 1])
    s = put(s, 0, 1, 2, [1, 1])
    s = put(s, 0, 2, s.turn, [6])
    s = with_die(s, s.colors[s.turn], 3)
    assert all(a.mound != 0 for a in R.legal_actions(s) if isinstance(a, Place))


def test_ruling_1_at_most_three_targets_and_the_roll_never_matters():
    s = at_table(game(3), ["M01", "M02", "M03"])
    for v in range(1, 7):
        t = with_die(s, s.colors[s.turn], v)
        assert [a for a in R.legal_actions(t) if isinstance(a, Place)] == [Place(0, 0), Place(1, 0), Place(2, 0)]


def test_item_space_gives_its_tile_at_once():
    s = at_table(game(3), ["M01", "M02", "M03"])   # M01 column 1 is [glove]
    p = s.turn
    s = place(s, 0, 4)
    k = R.comps.item_types.index("glove")
    assert s.items[p][k] == 1 and s.item_supply[k] == 3


def test_worm_space_gives_a_worm_at_once():
    s = at_table(game(3), ["M02", "M01", "M03"])
    s = put(s, 0, 0, 1, [2])                        # M02 column 2 is [worm]
    p = s.turn
    if p == 1:
        s = put(s, 0, 0, 2, [2])
    s = place(s, 0, 4)
    assert s.worms[p] == 3 and s.worm_supply == 24 - 6 - 1


def test_ruling_6_empty_supply_gives_nothing():
    s = at_table(game(3), ["M01", "M02", "M03"])
    s.item_supply = tuple(0 for _ in s.item_supply)
    p = s.turn
    s = place(s, 0, 4)
    assert sum(s.items[p]) == 0
    assert [e for e in s.log.to_list() if e["type"] == "place"][-1]["gain"] is None


# -- special actions ----------------------------------------------------------------------
def test_reroll_costs_one_worm_and_can_repeat():
    s = game(3)
    p = s.turn
    s = R.apply(s, Roll(s.colors[p]))
    s = R.apply(s, Reroll())
    s = R.apply(s, Reroll())
    assert s.worms[p] == 0 and s.turn == p and s.phase == "place"
    assert Reroll() not in R.legal_actions(s) and Pass() not in R.legal_actions(s)


def test_pass_costs_a_worm_and_the_die_goes_back_to_hand():
    s = game(3)
    p = s.turn
    s = R.apply(s, Roll(s.colors[p]))
    s = R.apply(s, Pass())
    assert s.worms[p] == 1 and s.hand[p][s.colors[p]] == 5 and s.turn != p


def test_ruling_3_must_place_without_worms():
    s = game(3)
    p = s.turn
    s.worms = tuple(0 for _ in s.worms)
    s = R.apply(s, Roll(s.colors[p]))
    assert all(isinstance(a, Place) for a in R.legal_actions(s))


def test_ruling_5_pass_only_when_someone_else_can_still_play():
    s = game(3)
    p = s.turn
    s.skipped = frozenset(q for q in range(3) if q != p)
    s = R.apply(s, Roll(s.colors[p]))
    assert Reroll() in R.legal_actions(s) and Pass() not in R.legal_actions(s)


def test_ruling_16_special_actions_only_on_your_turn_after_rolling():
    s = game(3)
    assert Reroll() not in R.legal_actions(s) and Pass() not in R.legal_actions(s)
    with pytest.raises(RulesError):
        R.apply(s, Pass())


def test_turns_go_clockwise_one_die_each():
    s = at_table(game(4), ["M03", "M05", "M09"])
    p = s.turn
    s = place(s, 0, 3)
    assert s.turn == (p + 1) % 4


# -- skipping and round end ---------------------------------------------------------------
def test_ruling_4_player_without_a_target_is_skipped_for_the_round():
    s = at_table(game(3), ["M01", "M02", "M07"])
    s.turn = 0
    # all columns of every mound claimed by players 1 and 2: player 0 has nowhere to go
    for m in range(3):
        for col in range(5):
            s = put(s, m, col, 1 + col % 2, [1])
    R._next_turn(s, 2)
    assert 0 in s.skipped and {"type": "skip", "player": 0} in s.log.to_list()


def test_round_ends_when_nobody_can_place_and_start_player_moves_clockwise():
    s = game(3, seed=4)
    first = s.start_player
    while s.round == 1:
        s = R.apply(s, [a for a in R.legal_actions(s) if isinstance(a, (Roll, Place))][0])
    assert s.round == 2 and s.start_player == (first + 1) % 3
    assert len(s.mounds) == 3 and len(s.deck) == 6
    assert all(h == {s.colors[p]: 5} for p, h in enumerate(s.hand))   # dice back


def test_game_lasts_four_rounds():
    s = game(2, seed=9)
    rounds = []
    while not R.is_over(s):
        rounds.append(s.round)
        s = R.apply(s, [a for a in R.legal_actions(s) if isinstance(a, (Roll, Place))][0])
    assert sorted(set(rounds)) == [1, 2, 3, 4] and len(s.deck) == 0


# -- mound evaluation ------------------------------------------------------------------------
def _evaluate(s, i=0):
    t = s.copy()
    R._evaluate(t, i)
    return t, t.log.to_list()[-1]


def test_evaluation_queen_to_highest_general_to_second():
    s = at_table(game(4), ["M03", "M01", "M02"])
    s = put(s, 0, 0, 2, [6, 6])
    s = put(s, 0, 1, 0, [6, 6, 1])
    s = put(s, 0, 2, 1, [3])
    t, ev = _evaluate(s)
    assert (ev["queen"], ev["general"]) == (0, 2)
    assert t.queens[0] == (9,) and t.generals[2] == (5,)


def test_ruling_8_ties_go_to_the_die_furthest_left():
    s = at_table(game(4), ["M03", "M01", "M02"])
    s = put(s, 0, 0, 3, [4])
    s = put(s, 0, 1, 1, [4])
    s = put(s, 0, 2, 2, [4])
    _, ev = _evaluate(s)
    assert (ev["queen"], ev["general"]) == (3, 1)


def test_ruling_9_single_player_takes_only_the_queen():
    s = at_table(game(3), ["M03", "M01", "M02"])
    s = put(s, 0, 0, 1, [2])
    t, ev = _evaluate(s)
    assert ev["general"] is None and sum(map(len, t.generals)) == 0
    _, ev = _evaluate(s, 1)
    assert ev["queen"] is None


def test_ruling_10_every_exact_worm_total_gets_a_worm_winners_included():
    s = at_table(game(3), ["M07", "M01", "M02"])      # M07 worm number 5
    s = put(s, 0, 0, 0, [5])
    s = put(s, 0, 1, 1, [2, 3])
    t, ev = _evaluate(s)
    assert sorted(ev["worms"]) == [0, 1] and t.worms[0] == 3 and t.worms[1] == 3


def test_ruling_7_worm_supply_limited_seat_order_from_start_player():
    s = at_table(game(3), ["M07", "M01", "M02"])
    s.start_player = 2
    s.worm_supply = 1
    s = put(s, 0, 0, 0, [5])
    s = put(s, 0, 1, 2, [5])
    t, ev = _evaluate(s)
    assert ev["worms"] == [2] and t.worm_supply == 0


def test_ruling_7_unlimited_worm_option():
    s = R.new_game(seats(3), 1, {"worm_supply_limited": False})
    s = at_table(s, ["M07", "M01", "M02"])
    s.worm_supply = 0
    s = put(s, 0, 0, 0, [5])
    _, ev = _evaluate(s)
    assert ev["worms"] == [0]


def test_rulebook_mound_evaluation_example_on_M07():
    # Queen 5 / General 2: Yellow 7 takes the Queen, Green 6 the General, Red matches the worm
    # number 5 and takes a worm, Blue gets nothing.
    s = at_table(game(4), ["M07", "M01", "M02"])     # seats: 0 yellow, 1 red, 2 green, 3 blue
    s = put(s, 0, 0, 0, [3, 4])
    s = put(s, 0, 1, 2, [2, 4])
    s = put(s, 0, 2, 1, [1, 4])
    s = put(s, 0, 3, 3, [3])
    t, ev = _evaluate(s)
    assert ev == {"type": "award", "mound": "M07", "queen": 0, "general": 2, "worms": [1]}
    assert t.queens[0] == (5,) and t.generals[2] == (2,) and t.worms[1] == 3 and t.worms[3] == 2


# -- final scoring ------------------------------------------------------------------------------
def _holding(s, p, items=None, worms=0, queens=(), generals=()):
    t = s.copy()
    row = [0] * len(R.comps.item_types)
    for name, n in (items or {}).items():
        row[R.comps.item_types.index(name)] = n
    it = list(t.items)
    it[p] = tuple(row)
    t.items = tuple(it)
    w = list(t.worms)
    w[p] = worms
    t.worms = tuple(w)
    q = list(t.queens)
    q[p] = tuple(queens)
    t.queens = tuple(q)
    g = list(t.generals)
    g[p] = tuple(generals)
    t.generals = tuple(g)
    return t


def test_rulebook_34_vp_scoring_example():
    s = game(3)
    s = _holding(s, 0, {"map": 2, "sneakers": 2, "bone": 1, "eyeglasses": 1, "speaker": 1}, 3, (9, 5, 4), (3,))
    s = _holding(s, 1, {"map": 1, "key": 1, "glove": 1, "spyglass": 1, "bone": 1, "speaker": 1})
    sheet = R.score_sheets(s)[0]
    assert sheet.lines == {"item_sets": 10, "worms": 3, "queens": 18, "generals": 3, "variety_bonus": 0}
    assert sheet.total == 34
    s = _holding(s, 1, {"map": 1})
    assert R.score_sheets(s)[0].total == 44       # nobody has more types: +10


def test_ruling_11_three_or_four_of_a_type_still_score_five():
    s = _holding(game(3), 0, {"map": 4, "bone": 3})
    assert R.score_sheets(s)[0].lines["item_sets"] == 10


def test_ruling_11_variety_bonus_to_every_tied_player_and_none_for_zero():
    s = _holding(game(3), 0, {"map": 1, "bone": 1})
    s = _holding(s, 1, {"key": 1, "glove": 1})
    bonus = [sh.lines["variety_bonus"] for sh in R.score_sheets(s)]
    assert bonus == [10, 10, 0]
    assert [sh.lines["variety_bonus"] for sh in R.score_sheets(game(3))] == [0, 0, 0]


def test_ruling_12_winner_tie_breaks_queens_generals_worms_then_shared():
    s = game(3)
    s = _holding(s, 0, queens=(5, 3))
    s = _holding(s, 1, queens=(4,), generals=(2, 2))
    assert R.winners(s) == [0]                          # 8 each: 2 Queens beat 1
    s = _holding(s, 0, queens=(4,), generals=(4,))
    assert R.winners(s) == [1]                          # 1 Queen each: 2 Generals beat 1
    s = _holding(s, 0, queens=(4,), generals=(2, 1), worms=1)
    assert R.winners(s) == [0]                          # Queens and Generals equal: 1 worm beats 0
    s = _holding(s, 1, queens=(4,), generals=(2, 1), worms=1)
    assert R.winners(s) == [0, 1]                       # equal on everything: shared


# -- two players -----------------------------------------------------------------------------
def test_two_players_get_an_imaginary_third_colour():
    s = game(2)
    assert len(s.seats) == 3 and s.seats[2].kind == "imaginary" and s.neutral == 2
    third = s.colors[2]
    assert third not in s.colors[:2]
    assert s.hand[0] == {s.colors[0]: 5, third: 2} and s.hand[1] == {s.colors[1]: 5, third: 2}
    assert s.worms == (2, 2, 0)                          # ruling: the imaginary player has none


def test_two_players_choose_which_colour_to_roll():
    s = game(2)
    assert R.legal_actions(s) == [Roll(s.colors[s.turn]), Roll(s.colors[2])]


def test_ruling_13_no_worms_for_the_third_colour():
    s = game(2)
    s = R.apply(s, Roll(s.colors[2]))
    assert all(isinstance(a, Place) for a in R.legal_actions(s))


def test_ruling_13_third_colour_dice_share_one_column_and_collect_for_it():
    s = at_table(game(2), ["M01", "M02", "M03"])
    p = s.turn
    t = with_die(s, s.colors[2], 3)
    t = R.apply(t, Place(0, 0))                          # M01 column 1: [glove]
    assert t.board[0][0] == (2, (3,))
    assert t.items[2][R.comps.item_types.index("glove")] == 1
    ev = [e for e in t.log.to_list() if e["type"] == "place"][-1]
    assert ev["player"] == p and ev["owner"] == 2
    u = with_die(t, t.colors[2], 2)
    assert R.target(u, 0, 2) is None                    # its column (one space) is full: mound closed


def test_ruling_13_only_colours_with_a_legal_target_can_be_chosen():
    s = at_table(game(2), ["M03", "M02", "M01"])
    for m in range(3):
        for col in range(5):
            if col > 0:
                s = put(s, m, col, col % 2, [1])
        s = put(s, m, 0, 2, [1] * len(R.comps.mound_by_id[s.mounds[m]].columns[0]))
    assert Roll(s.colors[2]) not in R.legal_actions(s)


def test_ruling_12_the_imaginary_player_can_win():
    s = game(2)
    s = _holding(s, 2, queens=(9, 9))
    assert R.winners(s) == [2]
