"""The engine as search uses it (issue #10): apply_trusted is apply without the check,
legal actions and score sheets are worked out once per State, and the remembered
gallery lines agree with the galleries drawn for the player."""
import dataclasses

import pytest

from game.core.rng import Rng
from game.core.rules import RulesError
from game.games.micropolis.data import get_data
from game.games.micropolis.scoring import LINES, anthill_lines, galleries, own_lines
from game.games.micropolis.state import Take

from .util import R, new, ring, seats, tile


def snapshot(s) -> dict:
    """Every field of a State, the log as its events and the RNG as its number."""
    out = {f.name: getattr(s, f.name) for f in dataclasses.fields(s)}
    out["log"] = s.log.to_list()
    out["rng"] = s.rng.state if s.rng is not None else None
    return out


@pytest.mark.parametrize("n,expert", [(2, False), (3, False), (4, False), (6, False), (2, True), (3, True)])
def test_apply_trusted_gives_the_same_states_and_events_as_apply(n, expert):
    for seed in range(3):
        s = t = R.new_game(seats(n), seed, {"expert": expert})
        rng = Rng(seed + 17)
        while not R.is_over(s):
            acts = R.legal_actions(s)
            assert R.legal_actions(t) == acts
            a = acts[rng.below(len(acts))]
            s, t = R.apply(s, a), R.apply_trusted(t, a)
            assert snapshot(s) == snapshot(t)
        assert [sh.to_record() for sh in R.score_sheets(s)] == [sh.to_record() for sh in R.score_sheets(t)]


def test_apply_still_refuses_an_illegal_action_in_plain_words():
    s = new(2)
    with pytest.raises(RulesError) as e:
        R.apply(s, Take(0, False, 1))          # anthill 1 is not the player's on turn
    assert "Take(" not in str(e.value) and "take the tile at position 1" in str(e.value)


def test_an_equal_action_made_afresh_is_accepted():
    s = new(2)
    assert R.legal_actions(s)[0] is not Take(0, False, 0)
    assert R.apply(s, Take(0, False, 0)).pending == s.line[0]


def test_legal_actions_and_sheets_worked_out_once_per_state_and_forgotten_by_copy():
    s = new(2)
    assert R.legal_actions(s) is R.legal_actions(s)
    assert R.score_sheets(s) is R.score_sheets(s)
    n = s.copy()
    n.line = (None,) * 6 + (s.line[6],)       # a test edits its copy before asking
    assert [a.position for a in R.legal_actions(n)] == [6]
    assert R.legal_actions(s) != R.legal_actions(n)


def recount(slots, tiles, consts) -> tuple:
    """Population, best gallery, harvest and royal from the galleries the view draws."""
    gs = galleries(slots, tiles)
    return (sum(g.ants for g in gs), max((g.ants for g in gs), default=0),
            sum(consts.harvest_vp[g.fruit_kinds(consts.wild_fruit)] for g in gs),
            sum(g.span for g in gs if g.queens == 1))


def test_remembered_lines_match_galleries_for_rings_arcs_and_gaps():
    data = get_data()
    tiles, c = data.tiles, data.constants
    rng = Rng(5)
    ids = list(data.tile_ids)
    for k in range(400):
        rng.shuffle(ids)
        slots = [ids[i] if k % 4 == 0 or rng.below(3) else None for i in range(10)]
        ln = own_lines(slots, 0, (), tiles, c)
        assert (ln["population"], ln["colony"], ln["harvest"], ln["royal"]) == recount(slots, tiles, c)


def test_two_tile_sets_with_the_same_ids_are_scored_apart():
    few, many = {"L": tile("L", (["Li", "Ri"], 1))}, {"L": tile("L", (["Li", "Ri"], 3))}
    slots = ring(["L"] * 4)
    assert own_lines(slots, 0, (), few, R.c)["population"] == 4
    assert own_lines(slots, 0, (), many, R.c)["population"] == 12


def test_score_sheets_sum_the_anthill_lines_of_each_player():
    s = new(3, seed=4, expert=True)
    rng = Rng(8)
    for _ in range(60):
        acts = R.legal_actions(s)
        s = R.apply_trusted(s, acts[rng.below(len(acts))])
    per = anthill_lines(s.anthills, s.tiles, s.consts)
    for sh in R.score_sheets(s):
        mine = [i for i, a in enumerate(s.anthills) if a.owner == sh.player]
        assert sh.lines == {k: sum(per[i][k] for i in mine) for k in LINES}
        assert sh.tiebreak == {"army": sum(s.anthills[i].army for i in mine)}
