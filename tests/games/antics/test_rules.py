"""Antics! rules: one test per rule of the rulebook (seeds/002_250f0e7a7211f9f4.txt, sections B-G)
and per numbered ruling of shared/components/antics.md section 4, with the rulebook's worked
examples that can be set up (Daniel's scouts, hatch, ANTS! and heave; the green anteater; the
scoring examples).

Test names: ``test_B_...``/``test_C_...``/... cite a rulebook section, ``test_rNN_...`` a ruling.
Positions are hand-made: a copy of a fresh game with some fields replaced (``edit``), which also
drops the legal-action and placement caches the rules keep on a state.

Rulings cited by number are in docs/rulings_antics.md.
"""
import itertools

import pytest

from game.core.rules import RulesError, Seat
from game.games import get_rules
from tests.games.antics import hill_oracle as H
from game.games.antics.state import (ANTEATER, ArrivalFirst, BuildCell, BuildDir, BuildOrient, BuildTile, Bridge,
                                     Discard, EndActions, Hatch, HeaveHome, HeaveMove, HeavePick, PickUp, PlaceAnt,
                                     ScoutTake, Steal, Stop, StorePrey, UseMagnificant, UseSpace)
from tests.games.antics.positions import edit, put

R = get_rules("antics")
D = R.d
AREA = {a.id: i for i, a in enumerate(D.areas)}
PREY = {p.id: i for i, p in enumerate(D.prey)}
BASE = {(0, 0): "scout", (0, 1): "build", (1, 0): "hatch", (1, 1): "ants", (2, 0): "heave", (2, 1): "fungus"}
_ids = itertools.count(1)


# ---------------------------------------------------------------- helpers
def seats(n):
    return [Seat(f"P{i}", R.seat_colors[i], "human") for i in range(n)]


def new(n=4, seed=3):
    return R.new_game(seats(n), seed, {})




def ready(n=4, seed=3, **fields):
    """The start player's turn, past the first round: 3 action markers, nothing used."""
    s = new(n, seed)
    return edit(s, round=2, actions_left=3, **fields)


def raise_cell(s, cell, level, symbol=None, p=None):
    """Stack loose tiles on ``cell`` of p's hill until it is at ``level``; the top shows ``symbol``."""
    p = s.player if p is None else p
    hill = dict(s.hills[p])
    st = hill.get(cell, ())
    symbol = symbol or (st[-1][1] if st else "scout")
    while len(st) < level:
        st = st + ((f"X{next(_ids)}", "build" if len(st) < level - 1 else symbol),)
    if st and st[-1][1] != symbol:
        st = st[:-1] + ((st[-1][0], symbol),)
    hill[cell] = st
    return edit(s, hills=put(s.hills, p, hill))


def set_hatch(s, p, **areas):
    h = s.hatch
    for area, k in areas.items():
        h = put(h, AREA[area], put(h[AREA[area]], p, k))
    return edit(s, hatch=h, supply=put(s.supply, p, s.supply[p] - sum(areas.values())))


def set_ants(s, p, ants):
    return edit(s, ants=put(s.ants, p, dict(ants)), supply=put(s.supply, p, s.supply[p] - len(ants)))


def legal(s, kind=None):
    acts = R.legal_actions(s)
    return acts if kind is None else [a for a in acts if isinstance(a, kind)]


def do(s, *actions):
    for a in actions:
        s = R.apply(s, a)
    return s


def events(s, kind=None, since=0):
    ev = s.log.to_list()[since:]
    return ev if kind is None else [e for e in ev if e["type"] == kind]


def tiles_with(*syms):
    """A bag tile showing these two symbols."""
    return next(t for t in D.bag_tiles if sorted(D.tiles[t]) == sorted(syms))


def row_with_eater(row, field):
    """A scout-field row with its anteater in ``field`` (1-based) and the row's tiles around it."""
    tiles = [x for x in row if x not in (None, ANTEATER)]
    out = tiles[:field - 1] + [ANTEATER] + tiles[field - 1:]
    return tuple(out + [None] * (len(row) - len(out)))


def finish_turn(s):
    """End the action phase and take every clean-up decision (first legal choice)."""
    p = s.player
    s = R.apply(s, EndActions())
    while s.player == p and s.phase not in ("act", "over"):
        s = R.apply(s, legal(s)[0])
    return s


def placements(s):
    return {frozenset(pair) for pair in R.placements(s)}


FACES = (("A", "red"), ("B", "green"), ("C", "yellow"))


# ================================================================ B. set-up
@pytest.mark.parametrize("n, per_type", [(3, 2), (4, 3)])
def test_B_prey_per_type_3_players_2_and_4_players_3(n, per_type):
    """Rulebook B: 3 prey of each type on the board with four players, 2 with three."""
    for seed in (1, 2):
        assert new(n, seed).prey_left == (per_type,) * 6


@pytest.mark.parametrize("n", [3, 4])
def test_B_five_green_and_five_brown_leaves_on_the_board(n):
    """Rulebook B: place 5 of each type of leaf onto the board (the 6th of each is a spare)."""
    s = new(n)
    assert dict(zip(R.leaf_ids, s.leaves_left)) == {"green": 5, "brown": 5}
    assert all(lv == (0, 0) for lv in s.leaves)


@pytest.mark.parametrize("n", [3, 4])
def test_B_r3_each_player_has_12_ants_one_on_the_large_ant_hill(n):
    """Rulebook B, ruling 3: all ants of a colour form the supply except one placed on the large
    ant-hill; nothing is hatched or on a trail yet."""
    s = new(n)
    for p in range(n):
        assert s.supply[p] == 11 and s.ants_of(p) == 12
        assert s.ants[p] == {} and all(a[p] == 0 for a in s.hatch)
    assert s.guards == {}


@pytest.mark.parametrize("n", [3, 4])
def test_B_starting_tile_hatch_and_scout_is_the_initial_supply(n):
    """Rulebook B: each player's initial tile supply is one lighter starting tile (hatch + scout);
    the starting tiles never go into the bag."""
    s = new(n)
    assert all(len(h) == 1 and sorted(D.tiles[h[0]]) == ["hatch", "scout"] for h in s.hands)
    assert len({h[0] for h in s.hands}) == n
    assert not set(D.starting_tiles) & set(s.bag)


def test_B_base_is_three_separate_level_1_tiles_of_six_hexes():
    """Rulebook D(ii) note, ruling 39: the base is 3 separate 2-hex tiles at level 1 showing the five
    actions and a fungus."""
    s = new()
    for hill in s.hills:
        assert {c: st[-1][1] for c, st in hill.items()} == BASE
        assert all(len(st) == 1 for st in hill.values())
        assert len({st[0][0] for st in hill.values()}) == 3


@pytest.mark.parametrize("n", [3, 4])
def test_B_scout_fields_lowest_first_fungus_highest_first(n):
    """Rulebook B: tiles drawn one at a time go to the lowest field with room (1, 2, ...); a tile
    with fungus goes to the highest field with room (5, then 4, ...). Three tiles per field."""
    fungus_seen = plain_seen = 0
    for seed in range(12):
        s = new(n, seed)
        free = {f: 3 for f in range(1, 6)}
        draws = events(s, "draw")
        assert len(draws) == 15
        for e in draws:
            fungus = "fungus" in D.tiles[e["tile"]]
            order = range(5, 0, -1) if fungus else range(1, 6)
            want = next(f for f in order if free[f])
            assert e["field"] == want, (seed, e)
            free[want] -= 1
            assert s.fields[e["row"]][e["field"] - 1] == e["tile"]
            fungus_seen += fungus
            plain_seen += not fungus
        assert len(s.bag) == 56 - 15
    assert fungus_seen and plain_seen


@pytest.mark.parametrize("n", [3, 4])
def test_B_three_anteaters_chosen_at_random_wait_on_field_6(n):
    """Rulebook B: the three (double-sided) anteaters are placed on field 6, a random side up."""
    faces = set()
    for seed in range(8):
        s = new(n, seed)
        assert all(row[5] == ANTEATER and row.count(ANTEATER) == 1 for row in s.fields)
        assert sorted(t for t, _ in s.faces) == ["A", "B", "C"]
        sides = dict(D.anteater_tiles)
        assert all(f in sides[t] for t, f in s.faces)
        faces |= {f for _, f in s.faces}
        assert s.arrived == ()
    assert len(faces) > 3                                    # both sides do come up


def test_B_r25_three_or_four_players_only():
    """Rulebook B (3- and 4-player set-ups only), ruling 25: no 2- or 5-player game."""
    assert R.validate_setup(seats(2), {}) is not None
    assert R.validate_setup(seats(5), {}) is not None
    assert R.validate_setup(seats(3), {}) is None and R.validate_setup(seats(4), {}) is None
    with pytest.raises(RulesError):
        R.new_game(seats(2), 1, {})


# ================================================================ C. play
def test_C_r33_start_player_at_random_then_clockwise():
    """Rulebook C, ruling 33: a start player is chosen (at random), play goes on in seat order."""
    starts = {new(4, seed).start_player for seed in range(20)}
    assert len(starts) > 1
    s = new(4, 5)
    order = []
    for _ in range(5):
        order.append(s.player)
        s = finish_turn(s)
    assert order == [(s.start_player + k) % 4 for k in range(5)]


@pytest.mark.parametrize("n", [3, 4])
def test_C_r21_first_round_1_then_2_actions_then_3(n):
    """Rulebook C, ruling 21: in round 1 the start player takes 1 action, the second 2, the rest 3;
    from round 2 everyone takes 3."""
    s = new(n, 3)
    got = []
    for _ in range(2 * n):
        got.append(s.actions_left)
        s = finish_turn(s)
    assert got == [1, 2] + [3] * (n - 2) + [3] * n


def test_C_up_to_three_actions_then_only_ending_the_turn():
    """Rulebook C: a turn is up to 3 actions (one marker each); then the turn can only end."""
    s = do(ready(), UseSpace((1, 0)), Hatch("grass"), UseMagnificant("hatch"), Hatch("grass"), UseSpace((1, 1)))
    s = do(s, PlaceAnt("grass", "T05"))
    assert s.phase == "act" and s.actions_left == 0
    assert legal(s) == [EndActions()]


def test_C_a_player_may_pass():
    """Rulebook C: a player may pass instead of placing a marker."""
    s = ready()
    assert EndActions() in legal(s)
    p = s.player
    s = R.apply(s, EndActions())
    assert s.player == (p + 1) % 4


def test_C_a_turn_ended_with_no_action_taken_is_a_turn_given_up():
    """Rulebook C (passing), for the arena's count of turns given up: ending the turn before any
    action, the magnificANT's included, gives it up; ending it after one does not; only the end of
    actions ends a turn."""
    s = ready()
    assert R.turn_given_up(s, EndActions()) is True
    after_hatch = do(s, UseSpace((1, 0)), Hatch("grass"))
    assert R.turn_given_up(after_hatch, EndActions()) is False
    after_magnificant = do(s, UseMagnificant("hatch"), Hatch("grass"))
    assert R.turn_given_up(after_magnificant, EndActions()) is False
    assert R.turn_given_up(s, UseSpace((1, 0))) is None


def test_C_one_marker_per_space():
    """Rulebook C/D: a space holding an action marker cannot be chosen again this turn."""
    s = do(ready(), UseSpace((1, 0)), Hatch("grass"))
    assert s.phase == "act" and (1, 0) in s.used
    assert UseSpace((1, 0)) not in legal(s)


def test_C_same_action_twice_on_two_spaces():
    """Rulebook C: the same action may be taken twice if the hill has two spaces showing it."""
    s = ready()
    hill = dict(s.hills[s.player])
    hill[(-1, 0)] = (("S9", "hatch"),)
    s = edit(s, hills=put(s.hills, s.player, hill))
    s = do(s, UseSpace((1, 0)), Hatch("grass"))
    assert UseSpace((-1, 0)) in legal(s)
    s = do(s, UseSpace((-1, 0)), Hatch("grass"))
    assert s.hatch[AREA["grass"]][s.player] == 2 and s.actions_left == 1


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_C_action_power_is_the_level_of_the_space(level):
    """Rulebook C: an action on level n is a level-n action (here: up to n ants hatched)."""
    s = raise_cell(ready(), (1, 0), level, "hatch")
    s = R.apply(s, UseSpace((1, 0)))
    assert s.level == level and s.units == level
    k = 0
    while s.phase == "hatch":
        s = R.apply(s, Hatch("grass"))
        k += 1
    assert k == level and sum(a[s.player] for a in s.hatch) == level


def test_C_spaces_built_this_turn_can_be_used_this_turn():
    """Rulebook C: you can use action spaces on tiles built earlier in your turn."""
    s = ready()
    tile = tiles_with("heave", "hatch")
    s = edit(s, hands=put(s.hands, s.player, (tile,)))
    s = build(R.apply(s, UseMagnificant("build")), tile, (0, 0), (1, 0), "heave")
    assert s.top(s.player, (0, 0))[1] == "heave" and s.height(s.player, (0, 0)) == 2
    assert UseSpace((0, 0)) in legal(s) and UseSpace((1, 0)) in legal(s)
    s = R.apply(s, UseSpace((1, 0)))
    assert s.act == "hatch" and s.units == 2


# ================================================================ D(i). scout
def test_D1_level_1_scout_takes_one_tile_from_field_1():
    """Rulebook D(i): a level-1 scout takes one tile from field 1 (any of its three rows)."""
    s = R.apply(ready(), UseMagnificant("scout"))
    assert s.phase == "scout" and s.field == 1
    assert legal(s) == [ScoutTake(0), ScoutTake(1), ScoutTake(2)]
    t = s.fields[1][0]
    s = R.apply(s, ScoutTake(1))
    assert s.phase == "act" and s.hands[s.player][-1] == t and s.fields[1][0] is None


def test_D1_r11_daniel_level_3_then_level_2_scout():
    """Rulebook D(i) example, ruling 11: Daniel's level-3 scout takes a tile from fields 1, 2 and 3;
    his level-2 scout in the same turn then has less choice, since the fields are only refilled
    at the end of the turn."""
    s = raise_cell(ready(), (0, 0), 3, "scout")
    s = raise_cell(s, (1, 0), 2, "scout")
    p = s.player
    f = s.fields
    s = R.apply(s, UseSpace((0, 0)))
    assert legal(s, ScoutTake) == [ScoutTake(0), ScoutTake(1), ScoutTake(2)] and Stop() not in legal(s)
    s = do(s, ScoutTake(0))
    assert s.field == 2
    s = do(s, ScoutTake(1), ScoutTake(2))
    assert s.phase == "act" and s.hands[p][1:] == (f[0][0], f[1][1], f[2][2])
    s = R.apply(s, UseSpace((1, 0)))
    assert legal(s, ScoutTake) == [ScoutTake(1), ScoutTake(2)]           # field 1, row 0 is gone
    s = R.apply(s, ScoutTake(2))
    assert legal(s, ScoutTake) == [ScoutTake(0), ScoutTake(2)]           # field 2, row 1 is gone
    s = R.apply(s, ScoutTake(0))
    assert len(s.hands[p]) == 6 and s.phase == "act"


def test_r11_a_field_emptied_earlier_this_turn_gives_nothing():
    """Ruling 11: tiles are taken one field at a time; a field already emptied this turn gives
    nothing (fields are refilled only at the end of the turn)."""
    s = raise_cell(ready(), (0, 0), 2, "scout")
    s = edit(s, fields=tuple((None,) + row[1:] for row in s.fields), took_tiles=True)
    s = R.apply(s, UseSpace((0, 0)))
    assert s.field == 2 and legal(s, ScoutTake) == [ScoutTake(0), ScoutTake(1), ScoutTake(2)]
    s = R.apply(s, ScoutTake(1))
    assert s.phase == "act" and len(s.hands[s.player]) == 2


def test_D1_must_take_every_tile_it_can():
    """Rulebook D(i): the player must take all the tiles he is able to (no stopping early)."""
    s = raise_cell(ready(), (0, 0), 4, "scout")
    s = R.apply(s, UseSpace((0, 0)))
    taken = 0
    while s.phase == "scout":
        assert Stop() not in legal(s)
        s = R.apply(s, legal(s, ScoutTake)[0])
        taken += 1
    assert taken == 4


def test_D1_no_tile_from_a_field_holding_all_three_anteaters():
    """Rulebook D(i): if all anteaters are in one field, the player gets no tile from that field."""
    s = ready()
    s = edit(s, fields=tuple(row_with_eater(r, 2) for r in s.fields))
    s = raise_cell(s, (0, 0), 3, "scout")
    s = do(s, UseSpace((0, 0)), ScoutTake(0))                  # field 1; field 2 holds the anteaters
    assert s.field == 3 and legal(s, ScoutTake) == [ScoutTake(0), ScoutTake(1), ScoutTake(2)]
    s = R.apply(s, ScoutTake(0))
    assert s.phase == "act" and len(s.hands[s.player]) == 3


def test_D1_an_anteater_in_a_field_restricts_the_choice():
    """Rulebook D(i): anteaters restrict choice as they move down the fields."""
    s = ready()
    s = edit(s, fields=(row_with_eater(s.fields[0], 1),) + s.fields[1:])
    s = R.apply(s, UseMagnificant("scout"))
    assert legal(s, ScoutTake) == [ScoutTake(1), ScoutTake(2)]


# ================================================================ D(ii). build
def build(s, tile, c1, c2, symbol):
    """One tile of a build action; steps with a single choice are taken by the rules themselves."""
    if s.phase == "build_tile":
        s = R.apply(s, BuildTile(tile))
    s = R.apply(s, BuildCell(c1))
    if s.phase == "build_dir":
        s = R.apply(s, BuildDir(c2))
    if s.phase == "build_orient":
        s = R.apply(s, BuildOrient(symbol))
    return s


def test_D2_level_2_build_places_two_tiles_and_cannot_stop():
    """Rulebook D(ii): a level-n build places n tiles, and must place all it can."""
    s = raise_cell(ready(), (0, 1), 2, "build")
    p = s.player
    a, b = tiles_with("scout", "heave"), tiles_with("ants", "hatch")
    s = edit(s, hands=put(s.hands, p, (a, b)))
    s = R.apply(s, UseSpace((0, 1)))
    assert s.phase == "build_tile" and s.units == 2 and Stop() not in legal(s)
    s = build(s, a, (3, 0), (3, 1), "scout")
    assert s.phase in ("build_tile", "build_cell") and Stop() not in legal(s)
    s = build(s, b, (4, 0), (4, 1), "ants")
    assert s.phase == "act" and s.hands[p] == ()
    assert s.top(p, (3, 0)) == (a, "scout") and s.top(p, (3, 1)) == (a, "heave")
    assert s.top(p, (4, 0)) == (b, "ants") and s.top(p, (4, 1)) == (b, "hatch")


def test_D2_builds_fewer_only_when_the_supply_runs_out():
    """Rulebook D(ii): fewer tiles than the level only if the supply holds fewer tiles."""
    s = raise_cell(ready(), (0, 1), 3, "build")
    s = R.apply(s, UseSpace((0, 1)))
    assert s.units == 1                                          # only the starting tile in hand
    s = build(s, s.hands[s.player][0], (3, 0), (3, 1), "hatch")
    assert s.phase == "act" and s.hands[s.player] == ()


def test_D2_a_new_tile_must_touch_the_hill():
    """Rulebook D(ii): a built tile touches the hill along a side (or lies on top of it)."""
    s = R.apply(ready(), UseMagnificant("build"))
    hill = s.hills[s.player]
    for a, b in R.placements(s):
        if a not in hill:
            assert b not in hill
            assert any(n in hill for c in (a, b) for n in H.neighbours(c)), (a, b)
    assert frozenset({(3, 0), (3, 1)}) in placements(s)
    assert frozenset({(5, 5), (5, 6)}) not in placements(s)
    assert s.phase == "build_cell" and BuildCell((5, 5)) not in legal(s)


def test_D2_no_overhang():
    """Rulebook D(ii): a tile never overhangs: never half on the hill and half off it, never over
    two stacks of different heights."""
    s = raise_cell(ready(), (1, 0), 2, "hatch")
    s = R.apply(s, UseMagnificant("build"))
    hill = s.hills[s.player]
    for a, b in R.placements(s):
        assert (a in hill) == (b in hill)
        if a in hill:
            assert len(hill[a]) == len(hill[b])
    assert frozenset({(0, 0), (1, 0)}) not in placements(s)       # heights 1 and 2
    assert frozenset({(1, 0), (1, 1)}) not in placements(s)


def test_D2_on_top_must_rest_on_two_different_tiles():
    """Rulebook D(ii) and its note: on top, a tile lies over two tiles, never directly on one; the
    base counts as three separate tiles."""
    s = R.apply(ready(), UseMagnificant("build"))
    pl = placements(s)
    assert frozenset({(0, 0), (0, 1)}) not in pl                 # both halves of base tile B1
    assert frozenset({(1, 0), (1, 1)}) not in pl                 # B2
    assert frozenset({(0, 0), (1, 0)}) in pl                     # B1 + B2
    assert frozenset({(0, 1), (1, 0)}) in pl
    p = s.player
    s = build(s, s.hands[p][0], (0, 0), (1, 0), "hatch")
    assert s.height(p, (0, 0)) == 2 and s.height(p, (1, 0)) == 2
    s = R.apply(edit(s, hands=put(s.hands, p, (tiles_with("scout", "build"),)), magnificant_used=False),
                UseMagnificant("build"))
    assert frozenset({(0, 0), (1, 0)}) not in placements(s)       # now one tile would carry it


def test_D2_never_higher_than_level_5():
    """Rulebook D(ii): you may never build higher than level 5."""
    s = raise_cell(ready(), (0, 0), 4, "scout")
    s = raise_cell(s, (1, 0), 4, "hatch")
    assert frozenset({(0, 0), (1, 0)}) in placements(R.apply(s, UseMagnificant("build")))
    s = raise_cell(raise_cell(s, (0, 0), 5, "scout"), (1, 0), 5, "hatch")
    assert frozenset({(0, 0), (1, 0)}) not in placements(R.apply(s, UseMagnificant("build")))


def test_D2_r17_not_over_a_marker():
    """Rulebook D(ii), ruling 17: you cannot build on top of a space holding an action marker
    (here the hatch used earlier and the build space being used)."""
    s = do(ready(), UseSpace((1, 0)), Hatch("grass"), UseSpace((0, 1)))
    pl = placements(s)
    assert not any((1, 0) in pair or (0, 1) in pair for pair in pl)
    assert frozenset({(1, 1), (2, 0)}) in pl


def test_D2_E2_r17_not_over_stored_prey():
    """Rulebook D(ii)/E(ii), ruling 17: a space holding a stored prey can never be built on."""
    s = ready()
    s = edit(s, stored=put(s.stored, s.player, {(0, 0): "ladybird"}))
    s = R.apply(s, UseMagnificant("build"))
    assert not any((0, 0) in pair for pair in R.placements(s))


def test_D2_r17_fungus_may_be_covered():
    """Ruling 17: a fungus may be built over (it then no longer scores)."""
    s = R.apply(ready(), UseMagnificant("build"))
    assert frozenset({(1, 1), (2, 1)}) in placements(s)
    p = s.player
    s = build(s, s.hands[p][0], (1, 1), (2, 1), "scout")
    assert s.top(p, (2, 1))[1] == "hatch"


def test_D2_no_limit_to_the_width():
    """Rulebook D(ii): no restriction to how wide the hill can be."""
    s = ready()
    hill = {(q, 0): ((f"W{q}", "heave"),) for q in range(-10, 11)}
    s = edit(s, hills=put(s.hills, s.player, hill))
    s = R.apply(s, UseMagnificant("build"))
    assert frozenset({(11, 0), (12, 0)}) in placements(s)


# ================================================================ D(iii). hatch
def test_D3_daniel_level_4_hatch():
    """Rulebook D(iii) example: Daniel's level-4 hatch puts his first ant in the water area; the
    second must go there too; the last two go freely to grass and the soldier area."""
    s = raise_cell(ready(), (1, 0), 4, "hatch")
    p = s.player
    s = do(s, UseSpace((1, 0)), Hatch("water"))
    assert legal(s, Hatch) == [Hatch("water")]
    s = R.apply(s, Hatch("water"))
    assert {a.area for a in legal(s, Hatch)} == set(AREA)
    s = do(s, Hatch("grass"), Hatch("soldier"))
    assert s.phase == "act" and s.supply[p] == 7
    assert {a: s.hatch[i][p] for a, i in AREA.items()} == {
        "flower": 0, "grass": 1, "water": 2, "pebble": 0, "stone": 0, "soldier": 1}


def test_D3_up_to_level_ants_may_stop_early():
    """Rulebook D(iii): up to n ants for a level-n hatch."""
    s = raise_cell(ready(), (1, 0), 3, "hatch")
    s = do(s, UseSpace((1, 0)), Hatch("stone"), Stop())
    assert s.phase == "act" and s.hatch[AREA["stone"]][s.player] == 1


def test_D3_hatching_needs_ants_in_the_supply():
    """Rulebook D(iii): ants come from the player's supply; an empty supply hatches nothing."""
    s = ready()
    s = edit(s, supply=put(s.supply, s.player, 0))
    s = R.apply(s, UseMagnificant("hatch"))
    assert s.phase == "act" and all(a[s.player] == 0 for a in s.hatch)


# ================================================================ D(iv). ANTS!
def test_D4_daniel_level_5_ants():
    """Rulebook D(iv) example: Daniel's level-5 ANTS!: (1) a water ant onto a water trail at the
    large ant-hill, (2) a grass ant onto a grass trail linked to it, (3) another water ant, (4) a
    soldier onto an unprotected trail holding his ant, (5) he picks up an ant he no longer needs."""
    s = raise_cell(ready(), (1, 1), 5, "ants")
    p = s.player
    s = set_hatch(s, p, water=2, grass=1, soldier=1, stone=1)
    s = R.apply(s, UseSpace((1, 1)))
    assert s.units == 5
    assert PlaceAnt("grass", "T16") not in legal(s)               # not linked yet
    s = R.apply(s, PlaceAnt("water", "T06"))                     # 1: AH-J6
    assert PlaceAnt("grass", "T16") in legal(s)                  # J6-J14 now linked
    s = R.apply(s, PlaceAnt("grass", "T16"))                     # 2
    s = R.apply(s, PlaceAnt("water", "T07"))                     # 3: J6-J1
    s = R.apply(s, PlaceAnt("soldier", "T16"))                   # 4
    assert PlaceAnt("stone", "T02") in legal(s)                  # he could move his rock ant...
    assert PickUp("ant", "T06") not in legal(s)                  # T16 traces back through T06
    s = R.apply(s, PickUp("ant", "T07"))                         # 5
    assert s.phase == "act"
    assert s.ants[p] == {"T06": None, "T16": None} and s.guards == {"T16": p}
    assert s.hatch[AREA["stone"]][p] == 1 and s.supply[p] == 6 + 1 and s.ants_of(p) == 12


@pytest.mark.parametrize("area, trails", [
    ("water", {"T01", "T06"}), ("stone", {"T02"}), ("pebble", {"T03", "T04"}), ("grass", {"T05"}),
    ("flower", set())])
def test_D4_r38_ants_go_only_on_trails_of_their_terrain_from_the_ant_hill(area, trails):
    """Rulebook D(iv), ruling 38: an ant from an area goes only onto a trail of that terrain, linked
    to the large ant-hill; no flower trail touches the ant-hill, so a flower ant cannot start."""
    s = set_hatch(ready(), ready().player, **{area: 1})
    s = R.apply(s, UseMagnificant("ants"))
    got = {a.trail for a in legal(s, PlaceAnt)}
    assert got == trails
    assert all(area in D.trails[t].terrains for t in got)


def test_D4_r26_each_new_ant_links_through_own_ants_only():
    """Rulebook D(iv), ruling 26: a new ant links with the player's own ants or the large
    ant-hill; another player's ants are no link."""
    s = ready()
    p, q = s.player, (s.player + 1) % 4
    s = set_ants(s, q, {"T06": None})
    s = set_hatch(s, p, grass=1)
    s = R.apply(s, UseMagnificant("ants"))
    assert PlaceAnt("grass", "T16") not in legal(s)
    s2 = set_ants(ready(), p, {"T06": None})
    s2 = R.apply(set_hatch(s2, p, grass=1), UseMagnificant("ants"))
    assert PlaceAnt("grass", "T16") in legal(s2)


def test_D4_r2_networks_link_through_clearings():
    """Ruling 2: clearings are ordinary nodes for linking (T22 and T23 meet at the grass clearing)."""
    s = set_ants(ready(), ready().player, {"T05": None, "T22": None})
    s = R.apply(set_hatch(s, s.player, grass=1), UseMagnificant("ants"))
    assert PlaceAnt("grass", "T23") in legal(s)


def test_D4_r1_ants_share_trails_but_one_of_each_player_per_trail():
    """Rulebook D(iv), ruling 1: ants may share trails with other players' ants; a player has at
    most one worker ant on a trail."""
    s = ready()
    p, q = s.player, (s.player + 1) % 4
    s = set_ants(s, q, {"T01": None})
    s = R.apply(set_hatch(s, p, water=2), UseMagnificant("ants"))
    assert PlaceAnt("water", "T01") in legal(s)
    s = set_ants(ready(), p, {"T01": None})
    s = R.apply(set_hatch(s, p, water=1), UseMagnificant("ants"))
    assert PlaceAnt("water", "T01") not in legal(s) and PlaceAnt("water", "T06") in legal(s)


def test_D4_send_and_pick_up_in_one_action_hatching_areas_included():
    """Rulebook D(iv): one unit sends out or picks up one ant (trail or hatching area), both in
    the same action."""
    s = raise_cell(ready(), (1, 1), 2, "ants")
    p = s.player
    s = set_hatch(s, p, water=1, stone=1)
    s = do(s, UseSpace((1, 1)), PlaceAnt("water", "T01"), PickUp("area", "stone"))
    assert s.phase == "act" and s.ants[p] == {"T01": None}
    assert s.hatch[AREA["stone"]][p] == 0 and s.supply[p] == 10


def test_D4_r9_cannot_pick_up_a_carrying_ant_or_cut_the_chain():
    """Rulebook D(iv), ruling 9: every ant must still trace back to the large ant-hill; an ant
    carrying an item cannot be picked up."""
    s = set_ants(ready(), ready().player, {"T01": None, "T08": None, "T06": "leaf:brown"})
    s = R.apply(s, UseMagnificant("ants"))
    picks = {a.where for a in legal(s, PickUp) if a.kind == "ant"}
    assert picks == {"T08"}


def test_D4_guard_soldier_only_where_the_player_has_an_ant_one_per_trail():
    """Rulebook D(iv)1: a soldier goes onto a trail already holding one of the player's ants;
    only one soldier per trail (not where another player has one)."""
    s = ready()
    p, q = s.player, (s.player + 1) % 4
    s = set_ants(s, p, {"T01": None, "T06": None, "T07": None})
    s = set_ants(s, q, {"T06": None})
    s = edit(s, guards={"T06": q})
    s = R.apply(set_hatch(s, p, soldier=1), UseMagnificant("ants"))
    assert {a.trail for a in legal(s, PlaceAnt)} == {"T01", "T07"}


def test_r29_guard_goes_home_free_when_its_worker_leaves():
    """Ruling 29: when its owner's worker leaves the trail, the guard returns to the supply at no
    extra cost."""
    s = ready()
    p = s.player
    s = set_ants(s, p, {"T01": None})
    s = edit(s, guards={"T01": p}, supply=put(s.supply, p, s.supply[p] - 1))
    s = set_hatch(raise_cell(s, (1, 1), 2, "ants"), p, water=1)
    s = do(s, UseSpace((1, 1)), PickUp("ant", "T01"))
    assert s.guards == {} and s.ants[p] == {} and s.supply[p] == 10
    assert s.phase == "ants" and s.units == 1                     # one unit for both


def test_D4_r10_bridge_needs_level_3_and_three_soldiers():
    """Rulebook D(iv)2, ruling 10: at least a level-3 ANTS! and three soldiers: two go back to the
    supply, one bridges the chasm; it uses 3 units."""
    base = ready()
    p = base.player
    s = set_hatch(set_ants(base, p, {"T02": None}), p, soldier=3)
    s2 = R.apply(raise_cell(s, (1, 1), 2, "ants"), UseSpace((1, 1)))
    assert Bridge() not in legal(s2)
    assert Bridge() not in legal(R.apply(s, UseMagnificant("ants")))
    s3 = R.apply(raise_cell(s, (1, 1), 3, "ants"), UseSpace((1, 1)))
    assert Bridge() in legal(s3)
    s3 = R.apply(s3, Bridge())
    assert s3.phase == "act" and s3.ants[p] == {"T02": None, "CHASM": None}
    assert s3.hatch[AREA["soldier"]][p] == 0 and s3.supply[p] == 10 - 3 + 2
    s4 = set_hatch(set_ants(base, p, {"T02": None}), p, soldier=2)
    assert Bridge() not in legal(R.apply(raise_cell(s4, (1, 1), 5, "ants"), UseSpace((1, 1))))


def test_r27_bridge_must_join_the_network():
    """Ruling 27: a bridge needs an own ant on a trail ending at one of the chasm's ends."""
    s = ready()
    p = s.player
    s = set_hatch(set_ants(s, p, {"T01": None}), p, soldier=3)
    s = R.apply(raise_cell(s, (1, 1), 3, "ants"), UseSpace((1, 1)))
    assert Bridge() not in legal(s)


def test_r27_r28_each_player_may_bridge_and_ants_link_across_it():
    """Rulebook D(iv)2, rulings 27-28: each player may have their own bridge; ants beyond the chasm
    link through it; no guard soldier goes on the chasm."""
    s = ready()
    p, q = s.player, (s.player + 1) % 4
    s = set_ants(s, q, {"T02": None, "CHASM": None})
    s = set_hatch(set_ants(s, p, {"T02": None}), p, soldier=4, stone=1)
    s = R.apply(raise_cell(s, (1, 1), 5, "ants"), UseSpace((1, 1)))
    assert PlaceAnt("stone", "T39") not in legal(s)
    s = R.apply(s, Bridge())
    assert PlaceAnt("stone", "T39") in legal(s) and PlaceAnt("stone", "T38") in legal(s)
    assert PlaceAnt("soldier", "CHASM") not in legal(s)
    assert PlaceAnt("soldier", "T02") in legal(s)


def test_D4_steal_needs_no_action_soldier_goes_home():
    """Rulebook D(iv)3, ruling 8: at any time in his turn, with no action, a player with a soldier
    in the red area and an ant on the same trail takes the item another player's ant carries; the
    soldier returns to the supply."""
    s = ready()
    p, q = s.player, (s.player + 1) % 4
    s = set_ants(set_ants(s, q, {"T01": "leaf:green"}), p, {"T01": None})
    s = set_hatch(s, p, soldier=1)
    assert Steal("T01", q) in legal(s)
    s = R.apply(s, Steal("T01", q))
    assert s.ants[p]["T01"] == "leaf:green" and s.ants[q]["T01"] is None
    assert s.hatch[AREA["soldier"]][p] == 0 and s.supply[p] == 10 and s.actions_left == 3


def test_r8_steal_needs_a_soldier_and_an_empty_own_ant():
    """Ruling 8: no steal without a soldier in the red area, nor onto an ant already carrying."""
    s = ready()
    p, q = s.player, (s.player + 1) % 4
    s = set_ants(set_ants(s, q, {"T01": "leaf:green"}), p, {"T01": None})
    assert not legal(s, Steal)
    s2 = set_ants(set_ants(ready(), q, {"T01": "leaf:green"}), p, {"T01": "leaf:brown"})
    assert not legal(set_hatch(s2, p, soldier=1), Steal)


def test_r7_a_guard_stops_everyone_but_its_owner_from_stealing():
    """Rulebook D(iv)1, ruling 7: food carried on a trail with a soldier cannot be stolen by
    another player; the soldier's owner may still steal there."""
    s = ready()
    p, q = s.player, (s.player + 1) % 4
    s = set_ants(set_ants(s, q, {"T01": "leaf:green"}), p, {"T01": None})
    s = set_hatch(s, p, soldier=1)
    assert not legal(edit(s, guards={"T01": q}), Steal)
    assert Steal("T01", q) in legal(edit(s, guards={"T01": p}))


def test_r6_cannot_steal_a_prey_kind_already_owned_leaves_always():
    """Ruling 6: a prey kind you already carry or store cannot be stolen; leaves have no limit."""
    s = ready()
    p, q = s.player, (s.player + 1) % 4
    s = set_ants(set_ants(s, q, {"T01": "ladybird", "T06": "leaf:brown"}), p, {"T01": None, "T06": None})
    s = set_hatch(s, p, soldier=1)
    assert set(legal(s, Steal)) == {Steal("T01", q), Steal("T06", q)}
    s = edit(s, stored=put(s.stored, p, {(0, 0): "ladybird"}), leaves=put(s.leaves, p, (0, 3)))
    assert legal(s, Steal) == [Steal("T06", q)]


def test_r28_a_bridge_may_steal_from_another_bridge():
    """Ruling 28: for stealing the chasm is one trail shared by the bridges."""
    s = ready()
    p, q = s.player, (s.player + 1) % 4
    s = set_ants(set_ants(s, q, {"T02": None, "CHASM": "beetle"}), p, {"T02": None, "CHASM": None})
    s = set_hatch(s, p, soldier=1)
    assert Steal("CHASM", q) in legal(s)


def test_r30_steal_between_the_units_of_an_action():
    """Ruling 30: a steal may be made between the units of one action (here mid-heave, after the
    player's own ant was emptied)."""
    s = raise_cell(ready(), (2, 0), 2, "heave")
    p, q = s.player, (s.player + 1) % 4
    s = set_ants(set_ants(s, q, {"T01": "leaf:green"}), p, {"T01": "leaf:brown"})
    s = set_hatch(s, p, soldier=1)
    assert not legal(s, Steal)
    s = do(s, UseSpace((2, 0)), HeaveHome("T01"))
    assert s.phase == "heave" and Steal("T01", q) in legal(s)
    s = R.apply(s, Steal("T01", q))
    assert s.phase == "heave" and s.units == 1 and s.ants[p]["T01"] == "leaf:green"
    s = R.apply(s, HeaveHome("T01"))
    assert s.leaves[p] == (1, 1)


def test_r30_no_steal_once_the_clean_up_has_started():
    """Ruling 30: steals belong to the action phase, never to the end-of-turn clean-up."""
    s = ready()
    p, q = s.player, (s.player + 1) % 4
    s = set_ants(set_ants(s, q, {"T01": "leaf:green"}), p, {"T01": None})
    s = set_hatch(s, p, soldier=1)
    s = edit(s, delivered=("beetle",))
    assert legal(s, Steal)
    s = R.apply(s, EndActions())
    assert s.phase == "store" and not legal(s, Steal)


# ================================================================ D(v). heave
def test_D5_daniel_level_4_heave_brown_leaf_in_three_then_a_butterfly():
    """Rulebook D(v) example: Daniel's level-4 heave uses three heaves to bring a brown leaf home
    and the fourth to pick up a butterfly, safe from thieves as his soldier guards that trail."""
    s = raise_cell(ready(), (2, 0), 4, "heave")
    p, q = s.player, (s.player + 1) % 4
    s = set_ants(s, p, {"T04": None, "T25": None, "T01": None, "T08": None, "T15": None})
    s = edit(s, guards={"T15": p}, supply=put(s.supply, p, s.supply[p] - 1))
    s = do(s, UseSpace((2, 0)), HeavePick("T25", "L_BROWN"))    # 1: from the leaf clearing
    assert s.ants[p]["T25"] == "leaf:brown" and HeaveHome("T25") not in legal(s)
    s = do(s, HeaveMove("T25", "T04"))                           # 2: to the next ant
    s = do(s, HeaveHome("T04"))                                  # 3: into his ant-hill
    assert s.leaves[p] == (0, 1) and s.leaves_left == (5, 4)
    s = R.apply(s, HeavePick("T15", "P_FLOWER"))                 # 4: a butterfly
    assert s.phase == "act" and s.ants[p]["T15"] == "butterfly"
    assert s.prey_left[PREY["butterfly"]] == 2
    thief = set_hatch(set_ants(edit(s, player=q, actions_left=3), q, {"T15": None}), q, soldier=1)
    assert not legal(thief, Steal)


def test_r4_heave_pick_move_and_home_one_unit_each():
    """Ruling 4: one heave picks up from a clearing at the end of the ant's trail, moves an item to
    an adjacent own empty ant, or drops it into the hill from a trail touching the ant-hill."""
    s = raise_cell(ready(), (2, 0), 4, "heave")
    p = s.player
    s = set_ants(s, p, {"T01": None, "T08": None, "T15": None})     # AH-J1, J1-J7, J7-P_FLOWER
    s = R.apply(s, UseSpace((2, 0)))
    assert set(legal(s, HeavePick)) == {HeavePick("T15", "P_FLOWER")}
    s = do(s, HeavePick("T15", "P_FLOWER"), HeaveMove("T15", "T08"), HeaveMove("T08", "T01"))
    assert s.units == 1
    s = R.apply(s, HeaveHome("T01"))
    assert s.delivered == ("butterfly",) and s.ants[p]["T01"] is None and s.phase == "act"


def test_r5_items_may_move_to_any_adjacent_own_empty_ant():
    """Ruling 5: heave direction is free (sideways, toward or away from the hill); an item on a
    trail touching the ant-hill goes home instead (ruling 40)."""
    ants = {"T07": "leaf:brown", "T01": None, "T08": None, "T06": None, "T12": None, "T16": None}
    s = set_ants(ready(), ready().player, ants)                 # T07: J1-J6, away from the ant-hill
    s = R.apply(s, UseMagnificant("heave"))
    assert set(legal(s, HeaveMove)) == {HeaveMove("T07", t) for t in ("T01", "T08", "T06", "T12", "T16")}
    assert not legal(s, HeaveHome)


def test_D5_one_item_per_ant():
    """Rulebook D(v): an ant carries one item at a time; food cannot pass through a carrying ant,
    and a carrying ant picks nothing up."""
    s = set_ants(ready(), ready().player, {"T01": None, "T08": "leaf:brown", "T15": "ladybird"})
    s = R.apply(s, UseMagnificant("heave"))
    assert not legal(s, HeavePick)
    assert legal(s, HeaveMove) == [HeaveMove("T08", "T01")]     # the ladybird cannot pass T08


def test_D5_other_players_ants_do_not_matter_for_heaving():
    """Rulebook D(v): other players' ants do not affect you when heaving."""
    s = ready()
    p, q = s.player, (s.player + 1) % 4
    s = set_ants(s, q, {"T05": None, "T22": "caterpillar"})
    s = set_ants(s, p, {"T05": None, "T22": None})
    s = R.apply(s, UseMagnificant("heave"))
    assert HeavePick("T22", "P_GRASS") in legal(s)


def test_r6_r31_no_second_prey_of_a_kind_leaves_unlimited():
    """Rulebook D(v), rulings 6 and 31: no pick-up of a prey kind already carried, stored or
    delivered this turn; leaves have no such limit."""
    s = ready()
    p = s.player
    s = set_ants(s, p, {"T05": None, "T22": None, "T04": None, "T25": None})
    for kind in ("stored", "carried", "delivered"):
        if kind == "stored":
            t = edit(s, stored=put(s.stored, p, {(0, 0): "caterpillar"}))
        elif kind == "carried":
            t = edit(s, ants=put(s.ants, p, {**s.ants[p], "T04": "caterpillar"}))
        else:
            t = edit(s, delivered=("caterpillar",))
        t = R.apply(edit(t, leaves=put(t.leaves, p, (2, 3))), UseMagnificant("heave"))
        assert HeavePick("T22", "P_GRASS") not in legal(t), kind
        assert HeavePick("T25", "L_BROWN") in legal(t), kind
    assert HeavePick("T22", "P_GRASS") in legal(R.apply(s, UseMagnificant("heave")))


def test_D5_last_prey_picked_up_places_the_exhausted_token():
    """Rulebook D(v): when the last token of a prey type is picked up, its clearing gets a 'prey
    exhausted' token; nothing more can be picked up there."""
    s = ready()
    p = s.player
    s = set_ants(s, p, {"T05": None, "T22": None, "T20": None, "T23": None})
    s = edit(s, prey_left=put(s.prey_left, PREY["caterpillar"], 1))
    s = R.apply(s, UseMagnificant("heave"))
    s = R.apply(s, HeavePick("T22", "P_GRASS"))
    assert s.prey_left[PREY["caterpillar"]] == 0 and "caterpillar" in s.exhausted


def test_D5_no_pick_up_from_an_empty_clearing():
    """Rulebook D(v): an exhausted clearing (or an empty leaf clearing) offers nothing."""
    s = set_ants(ready(), ready().player, {"T04": None, "T25": None, "T05": None, "T22": None})
    s = edit(s, prey_left=put(s.prey_left, PREY["caterpillar"], 0), leaves_left=(5, 0),
             exhausted=frozenset({"caterpillar"}))
    s = R.apply(s, UseMagnificant("heave"))
    assert not legal(s, HeavePick)


# ================================================================ D(vi), D(vii)
def test_D6_fungus_is_never_an_action():
    """Rulebook D(vi): fungus cannot be taken as an action."""
    s = ready()
    assert UseSpace((2, 1)) not in legal(s)
    assert {a.cell for a in legal(s, UseSpace)} == set(BASE) - {(2, 1)}
    assert {a.action for a in legal(s, UseMagnificant)} == {"scout", "build", "hatch", "ants", "heave"}


def test_D7_r20_magnificant_any_action_at_level_1_once_a_turn():
    """Rulebook D(vii), ruling 20: once per turn, a marker on the magnificANT takes any action at
    level 1; it counts as one of the turn's actions."""
    s = R.apply(ready(), UseMagnificant("hatch"))
    assert s.units == 1 and s.level == 1 and s.actions_left == 2
    s = R.apply(s, Hatch("water"))
    assert not legal(s, UseMagnificant) and legal(s, UseSpace)


def test_D7_magnificant_is_level_1_even_with_a_high_hill():
    """Rulebook D(vii): the magnificANT action is always level 1."""
    s = raise_cell(ready(), (0, 0), 5, "scout")
    s = R.apply(s, UseMagnificant("scout"))
    s = R.apply(s, ScoutTake(0))
    assert s.phase == "act" and len(s.hands[s.player]) == 2


# ================================================================ E. clean-up
def test_E1_markers_come_back_for_the_next_turn():
    """Rulebook E(i): the action markers are picked up at the end of the turn."""
    s = do(ready(), UseSpace((1, 0)), Hatch("grass"))
    p = s.player
    s = finish_turn(s)
    assert s.used == frozenset() and s.actions_left == 3 and not s.magnificant_used
    for _ in range(3):
        s = finish_turn(s)
    assert s.player == p and UseSpace((1, 0)) in legal(s)


def test_E2_r18_prey_stored_on_an_empty_action_space_for_good():
    """Rulebook E(ii), ruling 18: each prey brought home is stored on an empty action space
    (player's choice, never a fungus while an action space is free); that space is never used nor
    built on again. Leaves are kept beside the hill."""
    s = ready()
    p = s.player
    s = set_ants(s, p, {"T05": "caterpillar", "T04": "leaf:green"})
    s = raise_cell(s, (2, 0), 2, "heave")
    s = do(s, UseSpace((2, 0)), HeaveHome("T05"), HeaveHome("T04"))
    assert s.delivered == ("caterpillar",) and s.leaves[p] == (1, 0)
    s = R.apply(s, EndActions())
    assert s.phase == "store"
    assert {a.cell for a in legal(s)} == set(BASE) - {(2, 1)}
    s = R.apply(s, StorePrey((1, 1)))
    assert s.stored[p] == {(1, 1): "caterpillar"} and s.player != p
    mine = edit(s, player=p, actions_left=3)
    assert UseSpace((1, 1)) not in legal(mine)
    mine = R.apply(mine, UseMagnificant("build"))
    assert not any((1, 1) in pair for pair in R.placements(mine))


def test_r18_fungus_then_beside_when_no_action_space_is_free():
    """Ruling 18: with no free action space the prey goes on a free fungus; with nothing free it
    is kept beside the hill (and still scores)."""
    s = ready()
    p = s.player
    full = {c: k for c, k in zip([c for c in BASE if c != (2, 1)], R.prey_ids)}
    s = edit(s, stored=put(s.stored, p, full), delivered=("beetle",))
    assert R.store_cells(s, p) == [(2, 1)]
    s2 = edit(s, stored=put(s.stored, p, {**full, (2, 1): "x"}))
    assert R.store_cells(s2, p) == []
    s2 = R.apply(edit(s2, delivered=("beetle",)), EndActions())
    assert s2.beside[p] == ("beetle",)


def test_E3_r19_hand_limit_3_excess_back_to_the_bag_player_chooses():
    """Rulebook E(iii), ruling 19: at the end of the turn at most 3 unbuilt tiles are kept; the
    player chooses which go back into the bag."""
    s = raise_cell(ready(), (0, 0), 3, "scout")
    p = s.player
    s = do(s, UseSpace((0, 0)), ScoutTake(0), ScoutTake(0), ScoutTake(0))
    hand = s.hands[p]
    assert len(hand) == 4
    bag = len(s.bag)
    s = R.apply(s, EndActions())
    assert s.phase == "discard" and {a.tile for a in legal(s)} == set(hand)
    s = R.apply(s, Discard(hand[2]))
    assert s.hands[p] == hand[:2] + hand[3:] and s.player != p
    assert len(s.bag) == bag + 1 - 3                             # back in, then 3 places refilled


def test_r32_the_starting_tile_may_be_discarded_into_the_bag():
    """Ruling 32: the starting tile may go back to the bag like any tile."""
    s = raise_cell(ready(), (0, 0), 3, "scout")
    p = s.player
    start = s.hands[p][0]
    s = do(s, UseSpace((0, 0)), ScoutTake(0), ScoutTake(0), ScoutTake(0), EndActions(), Discard(start))
    assert start not in s.hands[p]
    assert start in s.bag or any(start in row for row in s.fields)


def test_E4_r12_r34_slide_toward_field_1_then_refill_in_field_order():
    """Rulebook E(iv), rulings 12 and 34: after scouting, the tiles and anteater of each row slide
    toward field 1 to close gaps; the gaps are refilled from the bag, field by field."""
    s = raise_cell(ready(), (0, 0), 3, "scout")
    s = raise_cell(s, (1, 0), 2, "scout")
    before = s.fields
    s = do(s, UseSpace((0, 0)), ScoutTake(0), ScoutTake(1), ScoutTake(2), UseSpace((1, 0)), ScoutTake(1),
           ScoutTake(0))
    mark = len(events(s))
    s = R.apply(s, EndActions())
    while s.phase == "discard":
        s = R.apply(s, legal(s)[0])
    assert [s.eater_field(r) for r in range(3)] == [4, 4, 5]
    assert s.fields[0][:3] == (before[0][2], before[0][3], before[0][4])
    assert s.fields[2][:4] == (before[2][0], before[2][1], before[2][3], before[2][4])
    assert all(x is not None for row in s.fields for x in row)
    draws = [(e["field"], e["row"]) for e in events(s, "draw", mark)]
    assert len(draws) == 5 and draws == sorted(draws)


def test_E4_no_scouting_no_slide():
    """Rulebook E(iv): only a player who took tiles refills the scout fields."""
    s = ready()
    before = s.fields
    s = finish_turn(do(s, UseSpace((1, 0)), Hatch("grass")))
    assert s.fields == before and not events(s, "slide")


def test_E5_anteater_reaching_field_1_eats_its_prey():
    """Rulebook E(v)a: the first anteater to reach field 1 eats a prey of its colour from the board
    (the red one a ladybird); the anteater tile stays in field 1."""
    s = ready()
    s = edit(s, faces=FACES, fields=(row_with_eater(s.fields[0], 2),) + s.fields[1:])
    s = do(s, UseMagnificant("scout"), ScoutTake(0), EndActions())
    att = events(s, "attack")
    assert len(att) == 1 and att[0]["order"] == 1 and att[0]["prey"] == "ladybird"
    assert s.prey_left[PREY["ladybird"]] == 2 and s.fields[0][0] == ANTEATER and s.arrived == (0,)


def test_r15_anteater_eats_only_prey_on_its_clearing():
    """Rulebook E(v)a, ruling 15: if no prey of its colour is left on the board it eats none; eating
    the last one places the exhausted token."""
    s = ready()
    s = edit(s, faces=FACES, fields=(row_with_eater(s.fields[0], 2),) + s.fields[1:])
    none = edit(s, prey_left=put(s.prey_left, PREY["ladybird"], 0), exhausted=frozenset({"ladybird"}))
    none = do(none, UseMagnificant("scout"), ScoutTake(0), EndActions())
    assert events(none, "attack")[0]["prey"] is None
    assert none.prey_left[PREY["ladybird"]] == 0
    last = edit(s, prey_left=put(s.prey_left, PREY["ladybird"], 1))
    last = do(last, UseMagnificant("scout"), ScoutTake(0), EndActions())
    assert last.prey_left[PREY["ladybird"]] == 0 and "ladybird" in last.exhausted


def test_E5_r13_two_arrivals_together_the_active_player_orders_them():
    """Rulebook E(v), ruling 13: if two anteaters reach field 1 in the same turn, the player who
    just finished decides their order of arrival."""
    s = ready()
    rows = (row_with_eater(s.fields[0], 2), row_with_eater(s.fields[1], 2), s.fields[2])
    s = edit(s, faces=FACES, fields=rows)
    s = do(s, UseSpace((0, 0)), ScoutTake(0), UseMagnificant("scout"), ScoutTake(1))
    p = s.player
    s = R.apply(s, EndActions())
    assert s.phase == "order" and s.player == p
    assert set(legal(s)) == {ArrivalFirst(0), ArrivalFirst(1)}
    s = R.apply(s, ArrivalFirst(1))
    att = events(s, "attack")
    assert [(e["row"], e["order"]) for e in att] == [(1, 1), (0, 2)]
    assert s.arrived == (1, 0) and s.player != p


def test_r13_an_anteater_attacks_once_then_waits_in_field_1():
    """Ruling 13: an anteater attacks once, at the end of the turn it reaches field 1, then stays
    there (taking a place) until all three have arrived."""
    s = ready()
    s = edit(s, faces=FACES, fields=(row_with_eater(s.fields[0], 1),) + s.fields[1:], arrived=(0,))
    s = raise_cell(s, (0, 0), 2, "scout")
    s = do(s, UseSpace((0, 0)), ScoutTake(1), ScoutTake(0), EndActions())
    assert not events(s, "attack") and s.fields[0][0] == ANTEATER and s.arrived == (0,)
    assert s.eater_field(1) == 5


def test_E5_r14_all_three_home_reset_flipped_on_field_6():
    """Rulebook E(v) clean-up, ruling 14: when the third anteater reaches field 1 it attacks (4
    players: prey and ants), then all three are removed, the tiles slide to field 1, the
    anteaters are flipped and put on field 6, and the gaps refilled."""
    s = ready()
    p = s.player
    rows = (row_with_eater(s.fields[0], 2), row_with_eater(s.fields[1], 1), row_with_eater(s.fields[2], 1))
    s = edit(s, faces=FACES, fields=rows, arrived=(1, 2))
    s = set_hatch(s, p, flower=2)
    s = R.apply(s, UseMagnificant("scout"))
    mark = len(events(s))
    s = R.apply(s, EndActions())
    kinds = [e["type"] for e in events(s, since=mark) if e["type"] in ("slide", "draw", "attack", "reset")]
    assert kinds[:3] == ["slide", "attack", "reset"] and set(kinds[3:]) == {"draw"}   # no refill first
    att = events(s, "attack")
    assert len(att) == 1 and att[0]["eats"] == "prey_and_ants" and att[0]["order"] == 3
    assert att[0]["prey"] == "ladybird" and att[0]["area"] == "flower"
    assert s.hatch[AREA["flower"]][p] == 0 and s.supply[p] == 11
    assert s.faces == (("A", "blue"), ("B", "grey"), ("C", "orange")) and s.arrived == ()
    assert all(row[5] == ANTEATER and None not in row for row in s.fields)


@pytest.mark.parametrize("n, third", [(3, "ants"), (4, "prey_and_ants")])
def test_E5_guide_first_two_eat_prey_third_eats_by_player_count(n, third):
    """Rulebook E(v) guide: 1st and 2nd arrivals eat prey; the 3rd eats ants (3 players) or prey
    and ants (4 players) (column choice INFERRED in antics.md 3.3)."""
    got = []
    for k in range(3):
        s = new(n, 4)
        s = edit(s, round=2, actions_left=3, faces=FACES, arrived=tuple(range(1, k + 1)),
                 fields=tuple(row_with_eater(r, 2 if i == 0 else (1 if i <= k else 6))
                              for i, r in enumerate(s.fields)))
        s = R.apply(s, UseMagnificant("scout"))
        if s.phase == "scout":
            s = R.apply(s, ScoutTake(0))
        s = R.apply(s, EndActions())
        got.append(events(s, "attack")[-1]["eats"])
    assert got == ["prey", "prey", third]


def test_E5_r16_green_anteater_example_grass_flower_red_then_stone():
    """Rulebook E(v)b example, ruling 16: the green anteater (last to arrive, 3 players: ants) finds
    no ants on grass, moves left to flower, wraps round to the red area, then eats all three ants
    in the stone area; they go back to their owners' supplies. Ants to the right (water, pebble)
    are not reached first."""
    s = new(3, 3)
    faces = (("B", "green"), ("A", "red"), ("C", "yellow"))
    rows = (row_with_eater(s.fields[0], 2), row_with_eater(s.fields[1], 1), row_with_eater(s.fields[2], 1))
    hatch = tuple((0, 0, 0) for _ in D.areas)
    hatch = put(hatch, AREA["stone"], (2, 0, 1))
    hatch = put(hatch, AREA["water"], (0, 1, 0))
    hatch = put(hatch, AREA["pebble"], (0, 0, 1))
    s = edit(s, round=2, actions_left=3, faces=faces, fields=rows, arrived=(1, 2), hatch=hatch, supply=(9, 10, 9))
    prey = s.prey_left
    s = do(s, UseMagnificant("scout"), EndActions())
    att = events(s, "attack")[-1]
    assert att["colour"] == "green" and att["eats"] == "ants" and att["area"] == "stone"
    assert att["ants"] == [2, 0, 1] and s.prey_left == prey
    assert s.hatch[AREA["stone"]] == (0, 0, 0) and s.hatch[AREA["water"]] == (0, 1, 0)
    assert s.hatch[AREA["pebble"]] == (0, 0, 1)
    assert s.supply == (11, 10, 10)


def test_r16_no_ants_anywhere_eats_none():
    """Rulebook E(v)b: with no ants in any hatching area the anteater eats no ants."""
    s = new(3, 3)
    rows = (row_with_eater(s.fields[0], 2), row_with_eater(s.fields[1], 1), row_with_eater(s.fields[2], 1))
    s = edit(s, round=2, actions_left=3, faces=FACES, fields=rows, arrived=(1, 2))
    s = do(s, UseMagnificant("scout"), EndActions())
    assert events(s, "attack")[-1]["area"] is None and s.supply == (11, 11, 11)


# ================================================================ F. game end
def test_F_r22_bag_cannot_refill_everyone_one_more_turn():
    """Rulebook F (1), ruling 22: when the scout fields cannot be refilled the end is triggered;
    every player, the trigger player included, has one more turn, then the game is over."""
    s = ready(bag=())
    p = s.player
    s = do(s, UseMagnificant("scout"), ScoutTake(0), EndActions())
    assert s.end_by == p and s.end_reason == "bag" and s.fields[0][5] is None
    order = []
    while not R.is_over(s):
        order.append(s.player)
        s = finish_turn(s)
    assert order == [(p + k) % 4 for k in range(1, 5)]


def test_F_r22_one_exhausted_token_left_triggers_the_end():
    """Rulebook F (2): when only one (or no) 'prey exhausted' token is left beside the board
    (5 of 6 kinds gone), the end is triggered; with 2 left it is not."""
    s = ready()
    p = s.player
    gone = ("ladybird", "butterfly", "dragonfly", "grasshopper")
    left = tuple(0 if k in gone else v for k, v in zip(R.prey_ids, s.prey_left))
    s = edit(s, exhausted=frozenset(gone), prey_left=put(left, PREY["caterpillar"], 1))
    s = set_ants(s, p, {"T05": None, "T22": None})
    quiet = finish_turn(s)
    assert quiet.end_by is None
    s = do(s, UseMagnificant("heave"), HeavePick("T22", "P_GRASS"), EndActions())
    assert s.end_by == p and s.end_reason == "prey" and s.turns_left == 4


def test_r22_a_short_bag_fills_what_it_can():
    """Ruling 22: if the bag runs short, as many places as possible are filled (fields first),
    and the end is triggered."""
    s = ready()
    one = s.bag[0]
    s = raise_cell(edit(s, bag=(one,)), (0, 0), 2, "scout")
    s = do(s, UseSpace((0, 0)), ScoutTake(0), ScoutTake(0), EndActions())
    assert s.bag == () and s.end_reason == "bag"
    assert s.fields[0][4] == one and s.fields[0][5] is None and s.eater_field(0) == 4


def test_r22_further_triggers_are_ignored():
    """Ruling 22: once the end is triggered, further triggers change nothing."""
    s = ready(bag=())
    p = s.player
    s = do(s, UseMagnificant("scout"), ScoutTake(0), EndActions())
    s = do(s, UseMagnificant("scout"), ScoutTake(0), EndActions())
    assert s.end_by == p and s.turns_left == 3


def test_r36_a_round_without_any_action_ends_the_game():
    """Ruling 36: if every player ends a whole round without an action, the end is triggered."""
    s = new(4, 3)
    for _ in range(4):
        s = R.apply(s, EndActions())
    assert s.end_reason == "stall" and not R.is_over(s)
    for _ in range(4):
        s = R.apply(s, EndActions())
    assert R.is_over(s) and legal(s) == []


def test_r36_the_end_is_triggered_after_round_40():
    """Ruling 36: after 40 rounds the end is triggered as by the other end conditions."""
    s = new(4, 3)
    last = (s.start_player - 1) % 4
    s = edit(s, round=40, player=last, actions_left=3, acted=True)
    s = finish_turn(s)
    assert s.end_reason == "rounds" and s.end_by == last
    s39 = finish_turn(edit(new(4, 3), round=39, player=last, actions_left=3, acted=True))
    assert s39.end_by is None


# ================================================================ G. scoring
@pytest.mark.parametrize("prey, points", [(1, 1), (2, 4), (3, 9), (6, 36)])
def test_G_prey_n_prey_score_n_times_n(prey, points):
    """Rulebook G(i) example: 2 prey score 4, 3 prey score 9 (each worth the number brought back);
    prey kept beside a full hill count too (ruling 18)."""
    s = new(4, 3)
    kinds = list(R.prey_ids[:prey])
    cells = [c for c in BASE if c != (2, 1)]
    stored = dict(zip(cells, kinds))
    s = edit(s, stored=put(s.stored, 0, stored), beside=put(s.beside, 0, tuple(kinds[len(stored):])))
    assert R.score_sheets(s)[0].lines["prey"] == points


def test_r23_carried_prey_and_leaves_on_trails_score_nothing():
    """Ruling 23: only prey stored on (or beside) the hill and leaves brought home score."""
    s = new(4, 3)
    s = edit(s, ants=put(s.ants, 0, {"T01": "ladybird", "T06": "leaf:green"}))
    sh = R.score_sheets(s)[0]
    assert sh.total == 0


def test_G_level_4_fungus_with_a_green_leaf_scores_6():
    """Rulebook G(ii) example: a fungus on level 4 scores 4 with a leaf, +2 with a green leaf."""
    s = new(4, 3)
    s = raise_cell(s, (2, 1), 4, "fungus", p=0)
    green = edit(s, leaves=put(s.leaves, 0, (1, 0)))
    brown = edit(s, leaves=put(s.leaves, 0, (0, 1)))
    assert R.score_sheets(green)[0].total == 6
    assert R.score_sheets(brown)[0].total == 4


def test_G_fungus_or_leaf_alone_scores_nothing():
    """Rulebook G(ii): fungus or leaves do not score by themselves, only combined."""
    s = new(4, 3)
    assert R.score_sheets(s)[0].total == 0                       # a fungus, no leaf
    s = edit(s, leaves=put(s.leaves, 0, (3, 2)))
    s = edit(s, hills=put(s.hills, 0, {c: st for c, st in s.hills[0].items() if c != (2, 1)}))
    assert R.score_sheets(s)[0].total == 0                       # leaves, no fungus


def test_G_r37_leaves_go_on_the_highest_fungi_first_one_leaf_each():
    """Rulebook G(ii), ruling 37: one leaf per fungus; with too few leaves the highest fungi score."""
    s = new(4, 3)
    s = raise_cell(s, (2, 1), 3, "fungus", p=0)
    hill = dict(s.hills[0])
    hill[(3, 1)] = (("F1", "fungus"),)
    hill[(3, 0)] = (("F2", "build"), ("F3", "fungus"))
    s = edit(s, hills=put(s.hills, 0, hill))
    one = edit(s, leaves=put(s.leaves, 0, (0, 1)))
    assert R.score_sheets(one)[0].total == 3
    two = edit(s, leaves=put(s.leaves, 0, (1, 1)))
    assert R.score_sheets(two)[0].total == 3 + 2 + 2
    many = edit(s, leaves=put(s.leaves, 0, (5, 5)))
    assert R.score_sheets(many)[0].total == (3 + 2 + 1) + 3 * 2


def test_G_covered_fungus_or_fungus_under_prey_scores_nothing():
    """Rulebook G(ii) ("uncovered fungus"), ruling 18: a covered fungus, or one holding a stored
    prey, takes no leaf."""
    s = new(4, 3)
    s = edit(s, leaves=put(s.leaves, 0, (1, 0)))
    covered = raise_cell(s, (2, 1), 2, "heave", p=0)
    assert R.score_sheets(covered)[0].lines["fungus"] == 0
    under = edit(s, stored=put(s.stored, 0, {(2, 1): "beetle"}))
    sh = R.score_sheets(under)[0]
    assert sh.lines["fungus"] == 0 and sh.lines["prey"] == 1


def test_G_r24_tie_break_by_tiles_on_level_5_then_4():
    """Rulebook G, ruling 24: equal points go to the player with more tiles on level 5, then on
    level 4, and so on; still equal is a shared win."""
    s = new(3, 3)
    assert sorted(R.winners(s)) == [0, 1, 2]                    # all equal: a shared win
    assert R.winners(raise_cell(s, (0, 0), 2, "scout", p=1)) == [1]
    a = raise_cell(s, (0, 0), 5, "scout", p=0)                  # p0: one tile on each level 2-5
    a = raise_cell(raise_cell(a, (0, 0), 4, "scout", p=1), (1, 0), 4, "hatch", p=1)   # p1: two on 2-4
    assert R.winners(a) == [0]                                  # level 5 first
    b = raise_cell(a, (1, 0), 5, "hatch", p=1)                  # p1: one on 5, two on 4
    assert R.winners(b) == [1]                                  # equal on 5, decided on 4


def test_G_points_before_tie_break():
    """Rulebook G: the highest score wins; the tie-break only decides equal scores."""
    s = new(3, 3)
    s = raise_cell(s, (0, 0), 5, "scout", p=1)
    s = edit(s, stored=put(s.stored, 2, {(0, 0): "beetle"}))
    assert R.winners(s) == [2]


def test_illegal_decisions_are_refused():
    """Every decision is checked: anything not in legal_actions raises RulesError."""
    s = ready()
    with pytest.raises(RulesError):
        R.apply(s, PlaceAnt("water", "T39"))
    with pytest.raises(RulesError):
        R.apply(s, BuildCell((9, 9)))
    with pytest.raises(RulesError):
        R.apply(s, UseSpace((2, 1)))


def test_ruling_40_an_item_beside_the_hill_goes_home_with_the_next_heave():
    """Ruling 40: an item on an ant whose trail ends at the large ant-hill can only be heaved home;
    it is never handed through the ant-hill (or outward) to another of the player's ants."""
    s = ready()
    p = s.player
    s = set_ants(s, p, {"T01": "leaf:brown", "T06": None, "T05": None, "T07": None})   # T01, T05, T06 touch AH
    s = R.apply(s, UseMagnificant("heave"))
    assert not legal(s, HeaveMove)
    assert legal(s, HeaveHome) == [HeaveHome("T01")]
    for bad in (HeaveMove("T01", "T06"), HeaveMove("T01", "T05"), HeaveMove("T01", "T07")):
        with pytest.raises(RulesError):
            R.apply(s, bad)
    s = R.apply(s, HeaveHome("T01"))
    assert s.leaves[p] == (0, 1) and s.ants[p]["T01"] is None
    # an item one trail further out still moves on toward the hill, then goes home
    s = set_ants(ready(), p, {"T07": "ladybird", "T06": None, "T05": None})
    s = raise_cell(s, (2, 0), 3, "heave")
    s = do(s, UseSpace((2, 0)), HeaveMove("T07", "T06"))
    assert legal(s, HeaveMove) == [] and legal(s, HeaveHome) == [HeaveHome("T06")]
    s = R.apply(s, HeaveHome("T06"))
    assert s.delivered == ("ladybird",)
