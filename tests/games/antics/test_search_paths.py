"""What the search leans on: ``apply_trusted`` gives exactly what ``apply`` gives; the placements the
rules keep per hill (worked out once, then grown tile by tile) are those of ``hill.placements`` in
the same order; the heuristics' values do not depend on what they remembered."""
import pytest

from game.core.rng import Rng
from game.core.rules import Seat
from game.games import get_rules
from game.games.antics import heuristics as HEUR
from tests.games.antics import hill_oracle as H
from game.games.antics.rules import HillInfo
from game.games.antics.state import BuildCell, BuildDir, UseMagnificant, UseSpace

R = get_rules("antics")
D = R.d


def seats(n):
    return [Seat(f"P{i}", R.seat_colors[i], "human") for i in range(n)]


def builder(s, acts, rng):
    """Random play that builds a lot, on top of the hill when it can (upper placements)."""
    if s.phase == "act" and rng.random() < 0.6:
        build = [a for a in acts if (isinstance(a, UseSpace) and s.top(s.player, a.cell)[1] == "build")
                 or a == UseMagnificant("build")]
        acts = build or acts
    if s.phase == "build_cell" and rng.random() < 0.7:
        acts = [a for a in acts if a.cell in s.hills[s.player]] or acts
    return acts[rng.below(len(acts))]


def states(n, seed, policy):
    s = R.new_game(seats(n), seed, {})
    rng = Rng(seed)
    while not R.is_over(s):
        acts = R.legal_actions(s)
        a = policy(s, acts, rng)
        yield s, a
        s = R.apply(s, a)


def uniform(s, acts, rng):
    return acts[rng.below(len(acts))]


def fields(s) -> dict:
    """Every field of a state (the RNG by its position), without the rules' caches."""
    d = {k: v for k, v in vars(s).items() if k not in ("rng", "log") and not k.startswith("_")}
    d["rng"] = s.rng.state
    return d


def twin(s):
    """A copy of s with its own RNG (a state's RNG moves when a tile is drawn)."""
    t = s.copy()
    t.rng = s.rng.copy()
    return t


@pytest.mark.parametrize("n, seed, policy", [(3, 1, uniform), (4, 2, uniform), (3, 3, builder), (4, 4, builder)])
def test_apply_trusted_gives_what_apply_gives(n, seed, policy):
    for s, a in states(n, seed, policy):
        before = len(s.log)
        checked, trusted = R.apply(twin(s), a), R.apply_trusted(twin(s), a)
        assert trusted.log.since(before) == checked.log.since(before)
        assert fields(trusted) == fields(checked)
        assert R.legal_actions(trusted) == R.legal_actions(checked)


def placement_order(s) -> tuple:
    """BuildCell and, for each, BuildDir in the order ``hill.placements`` gives them."""
    p = s.player
    pairs = H.placements(s.hills[p], s.used | s.stored[p].keys(), D.max_level)
    cells = sorted({c for pair in pairs for c in pair})
    return ([BuildCell(c) for c in cells],
            {c: [BuildDir(y if x == c else x) for x, y in pairs if c in (x, y)] for c in cells})


@pytest.mark.parametrize("n, seed, policy", [(3, 5, uniform), (4, 6, builder), (4, 7, builder)])
def test_kept_placements_are_those_of_the_placement_search(n, seed, policy):
    upper = 0
    for s, a in states(n, seed, policy):
        for p in range(n):
            kept, fresh = R.hill_info(s, p), HillInfo(s.hills[p], D.max_level)
            assert list(kept.frontier) == list(fresh.frontier)
            assert (kept.free, kept.upper, list(kept.spaces.items())) == (fresh.free, fresh.upper,
                                                                         list(fresh.spaces.items()))
        if s.phase == "build_cell":
            cells, dirs = placement_order(s)
            assert R.legal_actions(s) == cells
            assert {frozenset(pr) for pr in R.placements(s)} == {frozenset(pr) for pr in H.placements(
                s.hills[s.player], s.used | s.stored[s.player].keys(), D.max_level)}
            info = R.hill_info(s, s.player)
            for b in cells:
                assert [BuildDir(x) for x in info.partners(b.cell, R._upper(s))] == dirs[b.cell]
            upper += isinstance(a, BuildCell) and a.cell in s.hills[s.player]
    assert policy is uniform or upper > 3, "the builder should build on top now and then"


def test_a_hill_replaced_by_hand_is_worked_out_afresh():
    s = R.new_game(seats(3), 8, {})
    R.legal_actions(s)
    hill = dict(s.hills[0])
    hill[(3, 0)] = (("X1", "heave"),)
    edited = s.copy()
    edited.hills = (hill,) + s.hills[1:]
    assert R.hill_info(edited, 0).hill is hill
    assert (3, 0) in R.hill_info(edited, 0).spaces and (3, 0) not in R.hill_info(s, 0).spaces


def test_heuristic_values_do_not_depend_on_what_was_remembered():
    for k, (s, _) in enumerate(states(4, 9, uniform)):
        if k % 25 or R.is_over(s):
            continue
        p = s.player
        remembered = HEUR.score_actions(R, twin(s), p, Rng(0))
        fresh = twin(s)
        fresh._hills = None
        HEUR.forget()
        assert HEUR.score_actions(R, fresh, p, Rng(0)) == remembered


def test_apply_never_advances_the_generator_of_the_state_it_was_given():
    from game.core.rng import Rng
    from game.core.rules import Seat
    from game.games.antics.rules import get_rules
    rules = get_rules()
    s = rules.new_game([Seat(f"P{i}", rules.seat_colors[i], "human") for i in range(3)], 6, {})
    rng = Rng(6)
    for _ in range(400):
        if rules.is_over(s):
            break
        before = s.rng.state
        acts = rules.legal_actions(s)
        nxt = rules.apply(s, acts[rng.below(len(acts))])
        assert s.rng.state == before
        s = nxt
