"""Undo never crosses a reveal (DESIGN 'Undo'; issue #7), decided in one place for every game.

Independent check: if a decision revealed nothing, applying it to any other hidden world the
player could be in (a determinization of what they saw before) logs exactly the same events.
"""
import pytest

from game.core.rng import Rng
from game.core.rules import Seat
from game.core.undo import revealing, undo_allowed
from game.games import available_games, get_rules


def _seats(rules, n):
    return [Seat(f"P{i + 1}", rules.seat_colors[i], "human") for i in range(n)]


def _walk(gid, seed, n, options=None):
    rules = get_rules(gid)
    s = rules.new_game(_seats(rules, n), seed, options or {})
    rng = Rng(seed * 17 + 3)
    while not rules.is_over(s):
        acts = rules.legal_actions(s)
        a = acts[rng.below(len(acts))]
        yield rules, s, a, rules.apply(s, a)
        s = rules.apply(s, a)


def _same_outcome_in_other_worlds(rules, prev, action, cur, rng):
    p = rules.to_move(prev)
    seen = cur.log.since(len(prev.log))
    for _ in range(3):
        world = rules.determinize(rules.observe(prev, p), p, Rng(rng.next64()))
        other = rules.apply_trusted(world, action) if hasattr(rules, "apply_trusted") else rules.apply(world, action)
        if other.log.since(len(world.log)) != seen:
            return False
    return True


@pytest.mark.parametrize("gid, n, seed", [
    ("it_happens", 2, 1), ("it_happens", 4, 2),
    ("micropolis", 3, 3), ("micropolis", 6, 4),
    ("antics", 3, 5), ("antics", 4, 6),
])
def test_no_undo_ever_crosses_a_reveal(gid, n, seed):
    if gid not in available_games():
        pytest.skip(f"{gid} not in this build")
    checked = 0
    rng = Rng(seed)
    for rules, prev, action, cur in _walk(gid, seed, n):
        ok = undo_allowed(rules, prev, cur, lambda p: True)
        if ok:
            assert not revealing(rules, cur.log.since(len(prev.log)))
            assert _same_outcome_in_other_worlds(rules, prev, action, cur, rng), (
                f"{gid}: undo allowed after {action!r} although the outcome depended on hidden information")
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("gid, n, seed, reveal", [("micropolis", 2, 11, "refill"), ("it_happens", 3, 12, "round")])
def test_a_refill_or_new_round_ends_the_undo_range(gid, n, seed, reveal):
    """The bugs of issue #7: the mover kept the move across a Micropolis refill or a new It
    Happens.. round, and the RNG-only check let them undo it."""
    for rules, prev, action, cur in _walk(gid, seed, n):
        types = {ev["type"] for ev in cur.log.since(len(prev.log))}
        if reveal in types and rules.to_move(cur) == rules.to_move(prev):
            assert not undo_allowed(rules, prev, cur, lambda p: True)
            return
    pytest.fail(f"no {reveal} where the same player kept the move")


def test_undo_is_only_for_the_human_at_the_screen():
    for rules, prev, action, cur in _walk("micropolis", 13, 2):
        if undo_allowed(rules, prev, cur, lambda p: True):
            assert not undo_allowed(rules, prev, cur, lambda p: False)
            return
    pytest.fail("no undoable decision found")


def test_each_game_declares_its_chance_and_rounds_as_reveals():
    assert {"roll", "reroll", "round"} <= get_rules("it_happens").reveal_events
    assert {"draw", "refill", "round", "game_over"} <= get_rules("micropolis").reveal_events
    assert {"draw", "round", "attack", "arrival", "game_over"} <= get_rules("antics").reveal_events
