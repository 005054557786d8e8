"""The search path: apply_trusted gives exactly what apply gives, the cached legal moves match a
plain reference worked out from the board, and the same seed and actions give the same events.

Rulings cited by number are in docs/rulings_it_happens.md."""
import dataclasses

import pytest

from game.core.rng import Rng
from game.core.rules import RulesError
from game.games.it_happens.rules import get_rules
from game.games.it_happens.state import Pass, Place, Reroll, Roll, State
from tests.games.it_happens.util import game, seats, with_die

R = get_rules()
PUBLIC = [f.name for f in dataclasses.fields(State) if not f.name.startswith("_")]


def snapshot(s):
    """Every public field, with the random stream and the log as plain values."""
    out = {name: getattr(s, name) for name in PUBLIC}
    out["rng"] = None if s.rng is None else s.rng.state
    out["log"] = s.log.to_list()
    return out


def reference_legal(s):
    """Legal actions recomputed straight from the board (rulings 1, 5, 13), no caches."""
    def target(m, owner):
        spaces = s.mound(m).columns
        free = None
        for col, (who, vals) in enumerate(s.board[m]):
            if who == owner:
                return col if len(vals) < len(spaces[col]) else None
            if who is None and free is None:
                free = col
        return free

    def places(owner):
        return [Place(m, col) for m in range(len(s.mounds)) if (col := target(m, owner)) is not None]

    def rolls(p):
        return [Roll(c) for c, n in s.hand[p].items() if n > 0 and places(s.owner_of(c))]

    if s.phase == "roll":
        return rolls(s.turn)
    if s.phase != "place":
        return []
    owner = s.owner_of(s.current[0])
    acts = places(owner)
    if owner == s.turn and s.worms[owner] > 0:
        acts.append(Reroll())
        if any(q != s.turn and q not in s.skipped and rolls(q) for q in range(s.real)):
            acts.append(Pass())
    return acts


def fresh(a):
    """An equal action that is not the object legal_actions handed out (as a record replay makes)."""
    return dataclasses.replace(a)


def random_games(count):
    """(seed, players, options) for a spread of random games."""
    for g in range(count):
        yield g, 2 + g % 4, {"worm_supply_limited": g % 3 != 0}


@pytest.mark.parametrize("seed,n,options", list(random_games(24)))
def test_apply_trusted_matches_apply_and_legal_moves_match_the_reference(seed, n, options):
    s = R.new_game(seats(n), seed, options)
    rng = Rng(seed + 1000)
    while not R.is_over(s):
        acts = R.legal_actions(s)
        assert acts == reference_legal(s)
        a = acts[rng.below(len(acts))]
        before = snapshot(s)
        checked, trusted = R.apply(s, fresh(a)), R.apply_trusted(s, a)
        assert snapshot(s) == before                      # the state applied to is left as it was
        assert snapshot(checked) == snapshot(trusted)
        assert R.legal_actions(checked) == R.legal_actions(trusted)
        s = trusted if seed % 2 else checked
    assert R.legal_actions(s) == []


def test_same_seed_and_actions_give_the_same_events():
    def play(step):
        s = R.new_game(seats(3), 77, {})
        rng = Rng(5)
        while not R.is_over(s):
            acts = R.legal_actions(s)
            s = step(s, acts[rng.below(len(acts))])
        return s.log.to_list()

    assert play(R.apply) == play(R.apply_trusted)


def test_a_changed_copy_gets_fresh_legal_moves():
    s = game(3)
    p = s.turn
    assert R.legal_actions(s) == reference_legal(s)
    t = with_die(s, s.colors[p], 4)                       # a copy, changed before use
    assert R.legal_actions(t) == reference_legal(t)
    assert all(isinstance(a, (Place, Reroll, Pass)) for a in R.legal_actions(t))
    assert all(isinstance(a, Roll) for a in R.legal_actions(s))


def test_copy_keeps_every_field_but_the_legal_moves():
    s = game(4)
    R.legal_actions(s)
    c = s.copy()
    for f in dataclasses.fields(State):
        if f.name != "_legal":
            assert getattr(c, f.name) is getattr(s, f.name), f.name
    assert c._legal is None


def test_apply_still_refuses_an_illegal_action():
    s = game(3)
    with pytest.raises(RulesError):
        R.apply(s, Place(0, 0))
