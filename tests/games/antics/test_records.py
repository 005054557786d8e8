"""Records: a seeded Antics! game (finished or stopped half-way) saved, read back and replayed to
an identical state; a record whose decisions, draws, seed or final result were tampered with is
refused with a RecordError naming what is wrong."""
import pytest

from game.core.record import RecordError, make_record, read_record, record_text, replay, save_record
from game.core.rng import Rng
from game.core.rules import Seat
from game.games import get_rules
from game.games.antics.state import HeaveHome, HeaveMove, HeavePick, PlaceAnt, UseSpace

R = get_rules("antics")
D = R.d
BUSY = {"heave": 8, "ants": 6, "hatch": 4, "build": 2, "scout": 1}


def seats(n):
    return [Seat(f"P{i}", R.seat_colors[i], "human") for i in range(n)]


def _weight(s, a) -> float:
    """Random play that fetches prey and leaves now and then, so the records hold every event kind."""
    if isinstance(a, UseSpace):
        return BUSY[s.top(s.player, a.cell)[1]]
    return {HeavePick: 12, HeaveHome: 30, HeaveMove: 3, PlaceAnt: 6}.get(type(a), 1)


def play(n, seed, moves=None):
    """(seats, every state from the start, decisions made)."""
    st = seats(n)
    s = R.new_game(st, seed, {})
    rng = Rng(seed)
    states = [s]
    while not R.is_over(s) and (moves is None or len(states) <= moves):
        acts = R.legal_actions(s)
        ws = [_weight(s, a) for a in acts]
        x = rng.random() * sum(ws)
        k = 0
        while k < len(acts) - 1 and x >= ws[k]:
            x -= ws[k]
            k += 1
        s = R.apply(s, acts[k])
        states.append(s)
    return st, states


def snapshot(s) -> dict:
    """Every field of a state (the RNG by its position), the event log as a list; not the rules'
    caches (names starting with an underscore)."""
    d = {k: v for k, v in vars(s).items() if k not in ("rng", "log", "data") and not k.startswith("_")}
    d["rng"] = None if s.rng is None else s.rng.state
    d["log"] = s.log.to_list()
    return d


@pytest.mark.parametrize("n, seed, moves", [(3, 53, None), (4, 54, None), (3, 55, 150), (4, 56, 437)])
def test_record_save_read_replay_round_trip_finished_and_unfinished(tmp_path, n, seed, moves):
    st, played = play(n, seed, moves)
    s = played[-1]
    assert R.is_over(s) == (moves is None)
    rec = make_record(R, s, st, seed, {})
    assert rec.game == "antics" and rec.seed == seed and rec.options == {}
    setup = rec.setup
    assert setup["players"] == n and setup["start_player"] == s.start_player
    assert len(setup["tiles"]) == 60 and setup["starting_tiles"] == list(D.starting_tiles[:n])
    assert setup["prey_per_type"] == {3: 2, 4: 3}[n] and setup["leaves"] == {"green": 5, "brown": 5}
    assert rec.events[0]["type"] == "anteaters" and [e["type"] for e in rec.events[1:16]] == ["draw"] * 15
    if moves is None:
        assert set(rec.final) >= {"hills", "end_reason", "sheets", "winners"}
        assert rec.final["end_reason"] == s.end_reason and rec.final["winners"] == R.winners(s)
        assert [sh["total"] for sh in rec.final["sheets"]] == [sh.total for sh in R.score_sheets(s)]
        h0 = rec.final["hills"][0]
        assert set(h0) >= {"player", "cells", "stored", "beside", "leaves", "leaf_use"}
        assert len(h0["cells"]) == len(s.hills[0])
    else:
        assert rec.final is None
    path = tmp_path / "antics.yaml"
    save_record(path, rec)
    back = read_record(path)
    states = replay(R, back)
    assert len(states) == len(played), "one replayed state per decision"
    end = states[-1]
    assert snapshot(end) == snapshot(s)
    mid = len(played) // 2
    assert snapshot(states[mid]) == snapshot(played[mid])
    assert R.is_over(end) == R.is_over(s)
    assert [sh.to_record() for sh in R.score_sheets(end)] == [sh.to_record() for sh in R.score_sheets(s)]
    if R.is_over(s):
        assert R.winners(end) == R.winners(s)
    assert record_text(make_record(R, end, st, seed, {})) == path.read_text()


@pytest.fixture(scope="module")
def finished():
    st, played = play(4, 61)
    return st, played[-1]


def _place_ant_elsewhere(ev):
    terrain = next(a.terrain for a in D.areas if a.id == ev["area"])
    wrong = next(t for t, tr in D.trails.items() if terrain not in tr.terrains and t != D.chasm)
    return dict(ev, trail=wrong)                      # a trail the area's ants may never enter


TAMPER = {
    "place_ant": _place_ant_elsewhere,
    "action": lambda ev: dict(ev, cell=[9, 9]),        # no such hex on the hill
    "store": lambda ev: dict(ev, cell=[-7, 7]),
}


@pytest.mark.parametrize("kind", sorted(TAMPER))
def test_record_tampered_decision_refused_naming_event(tmp_path, finished, kind):
    st, s = finished
    rec = make_record(R, s, st, 61, {})
    idx = next(i for i, e in enumerate(rec.events) if e["type"] == kind and "magnificant" not in e)
    rec.events[idx] = TAMPER[kind](rec.events[idx])
    path = tmp_path / "tampered.yaml"
    save_record(path, rec)
    with pytest.raises(RecordError) as e:
        replay(R, read_record(path))
    assert f"event {idx + 1}" in str(e.value)
    assert "not a legal decision" in str(e.value) or "does not replay" in str(e.value)


def test_record_tampered_draw_refused(finished):
    st, s = finished
    rec = make_record(R, s, st, 61, {})
    idx = next(i for i, e in enumerate(rec.events) if e["type"] == "slide") + 1
    idx = next(i for i in range(idx, len(rec.events)) if rec.events[i]["type"] == "draw")
    other = next(t for t in D.bag_tiles if t != rec.events[idx]["tile"])
    rec.events[idx] = dict(rec.events[idx], tile=other)
    with pytest.raises(RecordError) as e:
        replay(R, rec)
    assert f"event {idx + 1}" in str(e.value) and "does not replay" in str(e.value)


def test_record_changed_seed_refused(finished):
    st, s = finished
    rec = make_record(R, s, st, 61, {})
    rec.seed = 62
    with pytest.raises(RecordError, match="setup does not match"):
        replay(R, rec)


def test_record_false_final_scores_refused(finished):
    st, s = finished
    rec = make_record(R, s, st, 61, {})
    sheets = [dict(sh) for sh in rec.final["sheets"]]
    sheets[0]["total"] += 1
    rec.final = dict(rec.final, sheets=sheets)
    with pytest.raises(RecordError, match="final scores or winners differ"):
        replay(R, rec)
