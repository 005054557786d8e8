"""Antics! rules, one test per rule or ruling (rulebook sections and the numbered rulings of
shared/components/antics.md), including the rulebook's worked examples that can be set up."""
import pytest

from game.core.rules import RulesError, Seat
from game.games.antics.rules import get_rules
from game.games.antics.state import (ANTEATER, BuildCell, EndActions, Hatch, HeaveHome, HeaveMove, HeavePick,
                                     PlaceAnt, ScoutTake, Stop, UseMagnificant, UseSpace)

R = get_rules()
D = R.d


def new(n=4, seed=1):
    return R.new_game([Seat(f"P{i}", R.seat_colors[i], "human") for i in range(n)], seed, {})


def edit(s, **fields):
    """A hand-made position: a copy of s with some fields replaced (legal-action cache cleared)."""
    n = s.copy()
    for k, v in fields.items():
        setattr(n, k, v)
    return n


def put(tup, i, v):
    return tup[:i] + (v,) + tup[i + 1:]


@pytest.mark.parametrize("n, per_type", [(3, 2), (4, 3)])
def test_setup_prey_leaves_and_ants(n, per_type):
    """Set-up (rulebook B): 2 prey per kind with 3 players, 3 with 4; 5 green and 5 brown
    leaves; 11 ants in supply, one on the large ant-hill (ruling 3); a starting tile in hand."""
    s = new(n)
    assert s.prey_left == (per_type,) * 6
    assert s.leaves_left == (5, 5)
    assert all(s.supply[p] == 11 and s.ants_of(p) == 12 for p in range(n))
    assert all(len(h) == 1 and D.tiles[h[0]] == ("hatch", "scout") for h in s.hands)


def test_setup_scout_fields_fungus_goes_high_and_anteaters_wait_in_field_6():
    """Set-up (rulebook B, ruling 34): fields 1-5 filled, fungus tiles from field 5 down, plain
    tiles from field 1 up; the three anteaters stand in field 6."""
    for seed in range(10):
        s = new(4, seed)
        assert all(row[5] == ANTEATER for row in s.fields)
        tiles = [(f, t) for row in s.fields for f, t in enumerate(row[:5])]
        assert all(t is not None for _, t in tiles)
        fungus_fields = [f for f, t in tiles if "fungus" in D.tiles[t]]
        plain_fields = [f for f, t in tiles if "fungus" not in D.tiles[t]]
        if fungus_fields and plain_fields:
            assert min(fungus_fields) >= max(plain_fields)
        assert len(s.bag) == 56 - 15


def test_r21_first_round_start_player_one_action_second_two_others_three():
    """Ruling 21: in round 1 the start player has 1 action, the next 2, everyone else 3."""
    s = new(4, 3)
    got = []
    for _ in range(4):
        got.append(s.actions_left)
        s = R.apply(s, EndActions())
        while s.phase not in ("act",) and not R.is_over(s):
            s = R.apply(s, R.legal_actions(s)[0])
    assert got == [1, 2, 3, 3]


def test_action_power_is_the_level_of_the_space():
    """Rulebook D: a space at level 2 gives two uses of its action."""
    s = new(4, 3)
    hill = dict(s.hills[s.player])
    hill[(1, 0)] = hill[(1, 0)] + (("K01", "hatch"),)           # hatch now on level 2
    s = edit(s, hills=put(s.hills, s.player, hill), actions_left=3)
    s = R.apply(s, UseSpace((1, 0)))
    assert s.phase == "hatch" and s.units == 2


def test_a_used_space_cannot_be_used_again_this_turn():
    """Rulebook D: a space holding a marker cannot be chosen again."""
    s = edit(new(4, 3), actions_left=3)
    s = R.apply(s, UseSpace((1, 0)))                              # hatch at level 1
    s = R.apply(s, Hatch("grass"))
    assert s.phase == "act"
    assert UseSpace((1, 0)) not in R.legal_actions(s)


def test_r20_magnificant_any_action_at_level_1_once_a_turn():
    """Ruling 20: the magnificANT takes any action at level 1, once per turn, using a marker."""
    s = edit(new(4, 3), actions_left=3)
    mags = [a for a in R.legal_actions(s) if isinstance(a, UseMagnificant)]
    assert {a.action for a in mags} == {"scout", "build", "hatch", "ants", "heave"}
    s = R.apply(s, UseMagnificant("hatch"))
    assert s.units == 1 and s.actions_left == 2
    s = R.apply(s, Hatch("water"))
    assert not any(isinstance(a, UseMagnificant) for a in R.legal_actions(s))


def test_scout_takes_one_tile_per_field_starting_at_field_1():
    """Rulebook D(i) example: a level-2 scout takes one tile from field 1, then one from field 2."""
    s = new(4, 3)
    hill = dict(s.hills[s.player])
    hill[(0, 0)] = hill[(0, 0)] + (("K01", "scout"),)
    s = edit(s, hills=put(s.hills, s.player, hill), actions_left=3)
    s = R.apply(s, UseSpace((0, 0)))
    assert s.field == 1 and {a.row for a in R.legal_actions(s) if isinstance(a, ScoutTake)} == {0, 1, 2}
    t1 = s.fields[2][0]
    s = R.apply(s, ScoutTake(2))
    assert s.field == 2
    t2 = s.fields[0][1]
    s = R.apply(s, ScoutTake(0))
    assert s.hands[s.player][-2:] == (t1, t2) and s.phase == "act"


def test_r35_second_hatched_ant_follows_the_first():
    """Ruling 35: the second ant of one hatch action goes to the first ant's area."""
    s = new(4, 3)
    hill = dict(s.hills[s.player])
    hill[(1, 0)] = hill[(1, 0)] + (("K01", "hatch"),)
    s = edit(s, hills=put(s.hills, s.player, hill), actions_left=3)
    s = R.apply(s, UseSpace((1, 0)))
    s = R.apply(s, Hatch("water"))
    assert [a for a in R.legal_actions(s) if isinstance(a, Hatch)] == [Hatch("water")]
    s = R.apply(s, Hatch("water"))
    water = next(i for i, a in enumerate(D.areas) if a.id == "water")
    assert s.hatch[water][s.player] == 2


def test_ants_go_only_on_trails_of_their_terrain_linked_to_the_network():
    """Rulebook D(iv): a water ant goes on a water trail that joins the large ant-hill or the
    player's ants; never on a trail elsewhere on the board."""
    s = new(4, 3)
    p = s.player
    water = next(i for i, a in enumerate(D.areas) if a.id == "water")
    s = edit(s, hatch=put(s.hatch, water, put(s.hatch[water], p, 1)), supply=put(s.supply, p, 10),
             actions_left=3)
    s = R.apply(s, UseMagnificant("ants"))
    places = {a.trail for a in R.legal_actions(s) if isinstance(a, PlaceAnt)}
    assert places == {"T01", "T06"}                   # the water trails that touch the ant-hill


def test_r4_heave_pick_move_and_home():
    """Ruling 4: pick up from a clearing at the end of your ant's trail, pass it to an adjacent
    own empty ant, and from a trail touching the ant-hill drop it home."""
    s = new(4, 3)
    p = s.player
    mine = {"T01": None, "T08": None, "T15": None}         # AH-J1, J1-J7, J7-P_FLOWER
    s = edit(s, ants=put(s.ants, p, mine), supply=put(s.supply, p, 8), actions_left=3)
    hill = dict(s.hills[p])
    hill[(2, 0)] = hill[(2, 0)] + (("K01", "heave"),) + (("K02", "heave"),) + (("K03", "heave"),)
    s = edit(s, hills=put(s.hills, p, hill))
    s = R.apply(s, UseSpace((2, 0)))                      # heave at level 4
    assert s.units == 4
    s = R.apply(s, HeavePick("T15", "P_FLOWER"))
    assert s.ants[p]["T15"] == "butterfly"
    s = R.apply(s, HeaveMove("T15", "T08"))
    s = R.apply(s, HeaveMove("T08", "T01"))
    s = R.apply(s, HeaveHome("T01"))
    assert "butterfly" in s.delivered and s.ants[p]["T01"] is None


def test_r6_only_one_prey_of_each_kind():
    """Ruling 6: a prey kind you already own cannot be picked up again."""
    s = new(4, 3)
    p = s.player
    mine = {"T05": None, "T22": None}                      # AH-J5, J5-P_GRASS
    s = edit(s, ants=put(s.ants, p, mine), stored=put(s.stored, p, {(0, 0): "caterpillar"}), actions_left=3)
    s = R.apply(s, UseMagnificant("heave"))
    assert not any(isinstance(a, HeavePick) and a.node == "P_GRASS" for a in R.legal_actions(s))


@pytest.mark.parametrize("prey, expect", [(2, 4), (3, 9)])
def test_scoring_prey_n_squared(prey, expect):
    """Rulebook G example: 2 prey score 4, 3 prey score 9."""
    s = new(4, 3)
    kinds = list(R.prey_ids[:prey])
    stored = {(0, 0): kinds[0], (1, 0): kinds[1]}
    beside = tuple(kinds[2:])
    s = edit(s, stored=put(s.stored, 0, stored), beside=put(s.beside, 0, beside))
    assert R.score_sheets(s)[0].lines["prey"] == expect


def test_scoring_level_4_fungus_with_a_green_leaf_scores_6():
    """Rulebook G example: a leaf on a level-4 fungus scores 4, +2 because it is green."""
    s = new(4, 3)
    hill = dict(s.hills[0])
    hill[(2, 1)] = hill[(2, 1)] + (("K01", "build"),) + (("K02", "scout"),) + (("K03", "fungus"),)
    s = edit(s, hills=put(s.hills, 0, hill), leaves=put(s.leaves, 0, (1, 0)))
    sh = R.score_sheets(s)[0]
    assert sh.lines["fungus"] + sh.lines["green_leaves"] == 6


def test_r24_tie_break_by_tiles_on_the_highest_level():
    """Ruling 24: equal points go to the player with more tiles at level 5, then 4, ..."""
    s = new(3, 3)
    hill = dict(s.hills[1])
    hill[(0, 0)] = hill[(0, 0)] + (("K01", "build"),)
    s = edit(s, hills=put(s.hills, 1, hill))
    assert R.winners(s) == [1]


def test_illegal_decisions_are_refused():
    s = new(4, 3)
    with pytest.raises(RulesError):
        R.apply(s, PlaceAnt("water", "T39"))
    with pytest.raises(RulesError):
        R.apply(s, BuildCell((9, 9)))


def test_stop_ends_an_action_early():
    """An action's units may be left unused (rulebook D: 'up to')."""
    s = edit(new(4, 3), actions_left=3)
    s = R.apply(s, UseMagnificant("hatch"))
    s = R.apply(s, Stop())
    assert s.phase == "act" and s.actions_left == 2


def test_r16_green_anteater_searches_grass_flower_red_then_eats_at_stone():
    """Rulebook anteater example / ruling 16: the green anteater (third to arrive, 3 players:
    ants) finds grass, flower and the soldier area empty, wraps round and eats every ant in the
    stone area; the ants go back to their owners' supplies."""
    s = new(3, 3)
    stone = next(i for i, a in enumerate(D.areas) if a.id == "stone")
    hatch = tuple((0, 0, 0) for _ in D.areas)
    hatch = put(hatch, stone, (2, 0, 1))
    water = next(i for i, a in enumerate(D.areas) if a.id == "water")
    hatch = put(hatch, water, (0, 1, 0))          # to the right of stone: not reached first
    s = edit(s, hatch=hatch, supply=(9, 10, 10), faces=((s.faces[0][0], "green"),) + s.faces[1:],
             arrived=(1, 2))
    n = s.copy()
    R._attack(n, 0)
    ev = n.log.to_list()[-1]
    assert ev["type"] == "attack" and ev["eats"] == "ants" and ev["area"] == "stone"
    assert n.hatch[stone] == (0, 0, 0) and n.hatch[water] == (0, 1, 0)
    assert n.supply == (11, 10, 11)
