"""Property test: random legal Antics! games (3 and 4 players) never fail, conserve every
component after every decision, and score as an independent recount says.

ANTICS_PROPERTY_GAMES (default 100) sets the number of games; the benchmark plays thousands.
"""
import os

from hypothesis import HealthCheck, given, settings, strategies as st

from game.core.rng import Rng
from game.core.rules import Seat
from game.games.antics.rules import get_rules
from game.games.antics.state import ANTEATER, LEAF_PREFIX

R = get_rules()
D = R.d
GAMES = int(os.environ.get("ANTICS_PROPERTY_GAMES", "100"))


def seats(n):
    return [Seat(f"P{i}", R.seat_colors[i], "human") for i in range(n)]


def loose_tiles(s) -> list:
    """Every bag tile and starting tile wherever it is: bag, scout fields, hands, hills."""
    out = list(s.bag)
    for row in s.fields:
        out += [t for t in row if t not in (None, ANTEATER)]
    for hand in s.hands:
        out += list(hand)
    base = {tid for tid, _ in D.base}
    for hill in s.hills:
        ids = {tid for stack in hill.values() for tid, _ in stack}
        out += [t for t in ids if t not in base]
    return out


def check_conservation(s, eaten: dict):
    n = len(s.seats)
    for p in range(n):
        assert s.ants_of(p) == D.ants_per_player, f"player {p} has {s.ants_of(p)} ants"
        assert s.supply[p] >= 0 and all(a[p] >= 0 for a in s.hatch)
    tiles = loose_tiles(s)
    assert len(tiles) == len(set(tiles)) == len(D.bag_tiles) + n, "a tile was lost or duplicated"
    per_type = D.prey_per_type[n]
    for i, prey in enumerate(R.prey_ids):
        where = s.prey_left[i] + eaten.get(prey, 0)
        where += sum(list(a.values()).count(prey) for a in s.ants)
        where += sum(list(st_.values()).count(prey) for st_ in s.stored)
        where += sum(b.count(prey) for b in s.beside) + s.delivered.count(prey)
        assert where == per_type, f"{prey}: {where} tokens instead of {per_type}"
    for li, leaf in enumerate(D.leaves):
        carried = sum(list(a.values()).count(LEAF_PREFIX + leaf.id) for a in s.ants)
        held = sum(lv[li] for lv in s.leaves)
        assert s.leaves_left[li] + carried + held == leaf.on_board, f"{leaf.id} leaves not conserved"


def recount(s, p) -> dict:
    """Rulebook scoring, done again from the final state: n prey score n*n; leaves go on the
    highest uncovered fungi, green first (ruling 37), each scoring the fungus level, +2 if green."""
    k = len(s.stored[p]) + len(s.beside[p])
    fungi = sorted((len(stack) for c, stack in s.hills[p].items()
                    if stack[-1][1] == "fungus" and c not in s.stored[p]), reverse=True)
    green, brown = s.leaves[p]
    laid = fungi[:green + brown]
    bonus = 2 * min(green, len(laid))
    return {"prey": k * k, "fungus": sum(laid), "green_leaves": bonus}


def play(seed, n):
    s = R.new_game(seats(n), seed, {})
    rng = Rng(seed * 31 + n)
    eaten: dict = {}
    steps = 0
    check_conservation(s, eaten)
    while not R.is_over(s):
        acts = R.legal_actions(s)
        assert acts, f"no legal action in phase {s.phase}"
        before = len(s.log)
        s = R.apply(s, acts[rng.below(len(acts))])
        for ev in s.log.since(before):
            if ev["type"] == "attack" and ev.get("prey"):
                eaten[ev["prey"]] = eaten.get(ev["prey"], 0) + 1
        check_conservation(s, eaten)
        steps += 1
        assert steps < 20000, "the game does not end"
    return s


@settings(max_examples=GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), n=st.sampled_from([3, 4]))
def test_random_games_conserve_components_and_score_as_recounted(seed, n):
    """Ants (12 each), tiles (56 + starting tiles), prey (2 or 3 per kind, eaten ones counted)
    and leaves (5 + 5) are conserved; final sheets match the rulebook recount (rulings 23, 37)."""
    s = play(seed, n)
    sheets = R.score_sheets(s)
    for p in range(n):
        assert sheets[p].lines == recount(s, p)
        assert sheets[p].total == sum(recount(s, p).values())
    # ruling 24: most points, then most tiles on level 5, 4, ... ; still tied: shared
    key = [(sh.total, *[sh.tiebreak[f"level_{lv}"] for lv in range(D.max_level, 0, -1)]) for sh in sheets]
    best = max(key)
    assert sorted(R.winners(s)) == [p for p in range(n) if key[p] == best]
    assert s.end_reason in ("bag", "prey", "stall", "rounds")


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 300))
def test_observe_hides_the_bag_and_determinize_keeps_the_choices(seed, steps):
    """Hidden information: the bag order and the RNG are hidden; any determinization offers the
    same decisions as the real game."""
    s = R.new_game(seats(4), seed, {})
    rng = Rng(seed)
    for _ in range(steps):
        if R.is_over(s):
            break
        acts = R.legal_actions(s)
        s = R.apply(s, acts[rng.below(len(acts))])
    p = s.player
    o = R.observe(s, p)
    assert o.rng is None and list(o.bag) == sorted(s.bag)
    d = R.determinize(o, p, Rng(seed + 1))
    assert sorted(d.bag) == sorted(s.bag)
    assert R.legal_actions(d) == R.legal_actions(s)
