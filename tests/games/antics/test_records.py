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


# -- setup spells out the definitions a record is checked against (issue 22) -----------------------

import re  # noqa: E402
from pathlib import Path  # noqa: E402

import yaml  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]
ADDED = ("starting_hands", "board", "hatching_areas", "anteater_colours", "anteater_guide",
         "ants_per_player", "hand_limit", "round_cap")


def _data(name):
    return yaml.safe_load((ROOT / "data" / "antics" / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("n", [3, 4])
def test_setup_holds_the_board_areas_anteaters_and_limits_as_in_the_data_files(n):
    st = seats(n)
    s = R.new_game(st, 7, {})
    setup = yaml.safe_load(record_text(make_record(R, s, st, 7, {})))["setup"]
    board, comps = _data("board.yaml"), _data("components.yaml")
    assert setup["board"]["ant_hill"] == "AH"
    assert setup["board"]["nodes"] == {nd["id"]: nd["kind"] for nd in board["nodes"]}
    terr = lambda t: t if isinstance(t, list) else [t]     # noqa: E731
    assert setup["board"]["trails"] == [{"id": t["id"], "a": t["a"], "b": t["b"], "terrain": terr(t["terrain"])}
                                        for t in board["trails"]]
    clearings = {p["clearing"]: p["id"] for p in comps["prey"]}
    clearings.update({lf["clearing"]: f"leaf:{lf['id']}" for lf in comps["leaves"]})
    assert setup["board"]["clearings"] == clearings
    assert [a["id"] for a in setup["hatching_areas"]] == [a["id"] for a in comps["hatching_areas"]]
    assert setup["hatching_areas"][-1] == {"id": "soldier", "ant": "soldier", "terrain": None, "colour": "red"}
    prey_of = {p["colour"]: p["id"] for p in comps["prey"]}
    assert setup["anteater_colours"] == {c: {"prey": prey_of[c], "area": a} for c, a in comps["anteater_colours"].items()}
    assert setup["anteater_guide"] == comps["anteater_guide"][n]
    assert setup["ants_per_player"] == comps["per_player"]["ants"] == 12
    assert setup["hand_limit"] == comps["hand_limit"] and setup["round_cap"] == comps["stall_rounds"]
    assert setup["starting_hands"] == [{"player": p, "tile": t} for p, t in enumerate(D.starting_tiles[:n])]
    assert all(s.hands[p] == (t["tile"],) for p, t in enumerate(setup["starting_hands"]))


def test_an_old_record_without_the_added_setup_still_loads(tmp_path, finished):
    st, s = finished
    rec = make_record(R, s, st, 61, {})
    for key in ADDED:
        del rec.setup[key]
    path = tmp_path / "old.yaml"
    save_record(path, rec)
    states = replay(R, read_record(path))
    assert snapshot(states[-1]) == snapshot(s)


@pytest.mark.parametrize("change", ["trail terrain", "guide", "hand limit", "round cap", "unknown key", "hands"])
def test_a_record_whose_setup_definitions_were_changed_is_refused(finished, change):
    st, s = finished
    rec = make_record(R, s, st, 61, {})
    setup = rec.setup
    if change == "trail terrain":
        setup["board"]["trails"][4] = dict(setup["board"]["trails"][4], terrain=["stone"])
    elif change == "guide":
        setup["anteater_guide"] = ["ants", "prey", "prey"]
    elif change == "hand limit":
        setup["hand_limit"] = 9
    elif change == "round cap":
        setup["round_cap"] = 2
    elif change == "hands":
        setup["starting_hands"] = [dict(h, player=(h["player"] + 1) % 4) for h in setup["starting_hands"]]
    else:
        setup["house_rule"] = True
    with pytest.raises(RecordError, match="setup does not match"):
        replay(R, rec)


def test_the_record_doc_names_every_setup_key_and_every_event_field(finished):
    """docs/records_antics.md documents each setup key and, per event type, each field records hold."""
    doc = (ROOT / "docs" / "records_antics.md").read_text(encoding="utf-8")
    st, s = finished
    rec = make_record(R, s, st, 61, {})
    setup_block = doc[doc.index("## setup"):doc.index("## events")]
    missing = [k for k in rec.setup if not re.search(rf"^\s*{k}:", setup_block, re.M)]
    st3, played3 = play(3, 53)
    events = rec.events + make_record(R, played3[-1], st3, 53, {}).events
    table = doc[doc.index("## events"):doc.index("## final")]
    rows = {}
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| ") and len(cells) >= 3:
            for t in cells[0].split(" / "):
                rows[t] = rows.get(t, "") + " " + cells[1] + " " + cells[2]
    for ev in events:
        t = ev["type"]
        if t not in rows:
            missing.append(f"event {t}")
            continue
        missing += [f"{t}.{k}" for k in ev if k != "type" and not re.search(rf"\b{k}\b", rows[t])]
    attack = doc[doc.index("`attack` fields"):doc.index("## final")]
    missing += [f"attack.{k} (explained)" for k in ("row", "colour", "order", "eats", "prey", "exhausted", "area", "ants")
                if not re.search(rf"`{k}\b", attack)]
    assert "random" in (ROOT / "docs" / "records.md").read_text(encoding="utf-8")
    assert sorted(set(missing)) == []
