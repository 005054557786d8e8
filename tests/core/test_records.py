"""Records: the YAML format of shared/records.md, atomic writes, replay that names the bad event."""
import os

import pytest
import yaml

from game.core.record import (FORMAT, RecordError, make_record, read_record, record_from_dict, replay,
                              save_record, write_atomic)
from tests.core.toy_game import ToyRules, play


def test_record_round_trip_replays_to_the_same_end(tmp_path):
    rules = ToyRules()
    seats, s = play(rules, seed=5)
    rec = make_record(rules, s, seats, 5, {})
    path = tmp_path / "g.yaml"
    save_record(path, rec)
    back = read_record(path)
    assert back.to_dict() == rec.to_dict()
    states = replay(rules, back)
    assert states[-1].scores == s.scores
    assert rules.is_over(states[-1])


def test_record_envelope_has_every_field_of_the_format(tmp_path):
    rules = ToyRules()
    seats, s = play(rules)
    path = tmp_path / "g.yaml"
    save_record(path, make_record(rules, s, seats, 1, {}))
    d = yaml.safe_load(path.read_text())
    assert d["format"] == FORMAT
    for key in ("app_version", "game", "options", "seed", "seats", "setup", "events", "final"):
        assert key in d
    assert set(d["final"]) >= {"sheets", "winners"}
    sheet = d["final"]["sheets"][0]
    assert sheet["total"] == sum(sheet["lines"].values())


def test_tampered_event_is_refused_naming_the_event(tmp_path):
    rules = ToyRules()
    seats, s = play(rules, seed=3)
    rec = make_record(rules, s, seats, 3, {})
    rec.events[3] = dict(rec.events[3], value=7 if rec.events[3].get("value") != 7 else 1)
    with pytest.raises(RecordError, match=r"event 4"):
        replay(rules, rec)


def test_illegal_event_is_refused_naming_the_event():
    rules = ToyRules()
    seats, s = play(rules, seed=3)
    rec = make_record(rules, s, seats, 3, {})
    rec.events.insert(1, {"type": "keep", "player": 0})
    with pytest.raises(RecordError, match=r"event 2 .* not a legal decision"):
        replay(rules, rec)


def test_unknown_format_is_refused():
    with pytest.raises(RecordError, match="unknown record format"):
        record_from_dict({"format": "anthology-record/99", "game": "toy"})


def test_not_yaml_is_refused_and_file_left_untouched(tmp_path):
    p = tmp_path / "bad.yaml"
    p.write_text("format: [unclosed\n")
    before = p.read_bytes()
    with pytest.raises(RecordError, match="not valid YAML"):
        read_record(p)
    assert p.read_bytes() == before


def test_atomic_write_leaves_no_temp_file_and_replaces(tmp_path):
    p = tmp_path / "x.yaml"
    write_atomic(p, "a: 1\n")
    write_atomic(p, "a: 2\n")
    assert p.read_text() == "a: 2\n"
    assert os.listdir(tmp_path) == ["x.yaml"]


def test_same_seed_and_decisions_give_the_same_events():
    rules = ToyRules()
    _, a = play(rules, seed=9)
    _, b = play(rules, seed=9)
    assert a.log.to_list() == b.log.to_list()


def test_wide_events_are_written_one_per_line_and_read_back(tmp_path):
    from game.core.record import Record
    from game.core.rules import Seat
    ev = {f"k{i}": i for i in range(12)}
    ev["type"] = "wide"
    ev["nested"] = {"a": [1, 2, {"b": None}]}
    rec = Record(game="toy", seed=1, seats=[Seat("A", "red")], events=[ev, {"type": "x"}])
    save_record(tmp_path / "w.yaml", rec)
    text = (tmp_path / "w.yaml").read_text()
    assert sum(1 for line in text.splitlines() if line.startswith("  - {")) == 2
    assert read_record(tmp_path / "w.yaml").events == rec.events
