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


# -- loading is bounded, typed and replayed: every failure is one plain RecordError -------------

import random  # noqa: E402
import stat  # noqa: E402
import time  # noqa: E402

from game.core.record import load_game, record_text, remove_stale_temps, rules_for  # noqa: E402


def _plain(msg: str) -> str:
    """A message for a player: no traceback, no Python repr, not endless."""
    assert "Traceback" not in msg and "{" not in msg and "'" not in msg and " object at " not in msg, msg
    assert "Error" not in msg and len(msg) < 400, msg
    return msg


def _toy_text(over=True, seed=5):
    rules = ToyRules()
    seats, s = play(rules, seed=seed)
    if not over:
        s = rules.new_game(seats, seed, {})
        for _ in range(3):
            s = rules.apply(s, rules.legal_actions(s)[0])
    return rules, record_text(make_record(rules, s, seats, seed, {}))


def _refused(tmp_path, text, words, rules=None):
    """Write ``text`` as a record, load it (read + replay): RecordError with ``words``."""
    p = tmp_path / "bad.yaml"
    if isinstance(text, bytes):
        p.write_bytes(text)
    else:
        p.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError) as e:
        replay(rules or ToyRules(), read_record(p), name=p.name)
    assert words in str(e.value), str(e.value)
    return _plain(str(e.value))


def _swap(text, old, new):
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize("old, new, words", [
    ("game: toy", "game: !!python/name:os.system", "the tag !!python/name:os.system is not allowed"),
    ("game: toy", "game: !!python/object/apply:os.system [echo hi]", "is not allowed"),
    ("seed: 5", "seed: " + "9" * 5000, "more than 40 digits"),
    ("seed: 5", "seed: .inf", "infinite"),
    ("seed: 5", "seed: .nan", "not-a-number"),
    ("seed: 5", "seed: -1", "seed is not a whole number from 0 to 2^64 - 1"),
    ("seed: 5", "seed: 18446744073709551616", "seed is not a whole number"),
    ("seed: 5", "seed: '5'", "seed is not a whole number"),
    ("seed: 5", "seed: true", "seed is not a whole number"),
    ("seed: 5", "seed: 5.0", "seed is not a whole number"),
    ("game: toy", "game: 7", "does not say which game"),
    ("game: toy", "game: [toy]", "does not say which game"),
    ("name: P0", 'name: "P\\0"', "seat 1 has no usable name"),
    ("name: P0", 'name: "P\\e[31m"', "seat 1 has no usable name"),
    ("name: P0", 'name: "P\\t0"', "seat 1 has no usable name"),
    ("name: P0", "name: " + "A" * 41, "seat 1 has no usable name"),
    ("name: P0", "name: '   '", "seat 1 has no usable name"),
    ("name: P0", "name: [1, 2]", "seat 1 has no usable name"),
    ("name: P0", "name: 12", "seat 1 has no usable name"),
    ("color: red", "color: [red]", "seat 1 has no usable colour"),
    ("kind: easy", "kind: [easy]", "neither a person nor a known AI level"),
    ("kind: easy", "kind: god", "neither a person nor a known AI level"),
    ("options: {}", "options: [a, b]", "options are not simple"),
    ("options: {}", "options: {a: {b: 1}}", "options are not simple"),
    ("options: {}", "options: x", "options are not simple"),
    ("setup: {players: 2}", "setup: [2]", "setup is not"),
    ("events:\n", "events: {a: 1}\nold_events:\n", "events are not a list"),
    ("  - {type: start}", "  - start", "event 1 is not an event"),
    ("  - {type: start}", "  - {kind: start}", "event 1 is not an event"),
    ("  - {type: start}", "  - {type: [start]}", "event 1 is not an event"),
    ("format: anthology-record/1", "format: anthology-record/0", "unknown record format"),
    ("format: anthology-record/1", "format: {a: 1}", "unknown record format"),
    ("format: anthology-record/1", "", "no format line"),
])
def test_each_bad_field_is_refused_in_plain_words(tmp_path, old, new, words):
    _, text = _toy_text()
    _refused(tmp_path, _swap(text, old, new), words)


def test_the_final_section_must_be_a_mapping(tmp_path):
    _, text = _toy_text()
    i = text.index("final:")
    _refused(tmp_path, text[:i] + "final: [1, 2]\n", "final result is malformed")


def test_a_ten_million_character_name_is_refused_before_it_is_read(tmp_path):
    _, text = _toy_text()
    assert "limit" in _refused(tmp_path, _swap(text, "name: P0", "name: " + "A" * 10_000_000), "is 10.0 MB")
    with pytest.raises(RecordError, match="seat 1 has no usable name"):  # and when not read from a file
        record_from_dict(dict(yaml.safe_load(text), seats=[{"name": "A" * 10_000_000, "color": "red"}]))


def test_random_bytes_are_refused(tmp_path):
    rng = random.Random(11)
    for n in range(20):
        data = bytes(rng.randrange(256) for _ in range(rng.randint(1, 3000)))
        with pytest.raises(RecordError) as e:
            replay(ToyRules(), read_record(_write(tmp_path / f"r{n}.yaml", data)))
        _plain(str(e.value))


def _write(p, data):
    p.write_bytes(data)
    return p


def test_a_folder_where_the_record_should_be_is_refused(tmp_path):
    (tmp_path / "r.yaml").mkdir()
    with pytest.raises(RecordError, match="r.yaml: is not a regular file"):
        read_record(tmp_path / "r.yaml")


def test_a_missing_record_is_refused(tmp_path):
    with pytest.raises(RecordError, match="r.yaml: is missing"):
        read_record(tmp_path / "r.yaml")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_named_pipe_is_refused_without_blocking(tmp_path):
    os.mkfifo(tmp_path / "r.yaml")
    start = time.monotonic()
    with pytest.raises(RecordError, match="not a regular file"):
        read_record(tmp_path / "r.yaml")
    assert time.monotonic() - start < 2


def test_another_games_record_is_refused_by_the_rules_given():
    rules = ToyRules()
    seats, s = play(rules)
    rec = make_record(rules, s, seats, 1, {})
    rec.game = "micropolis"
    with pytest.raises(RecordError) as e:
        replay(rules, rec, name="r.yaml")
    assert _plain(str(e.value)) == "r.yaml: is a record of micropolis, not of toy"


def test_a_record_of_a_game_this_build_does_not_have_is_refused(tmp_path):
    _, text = _toy_text()
    p = tmp_path / "r.yaml"
    p.write_text(_swap(text, "game: toy", "game: chess"))
    with pytest.raises(RecordError, match=r"does not have \(chess\)"):
        load_game(None, p)
    with pytest.raises(RecordError, match=r"does not have \(toy\)"):
        rules_for("toy", "r.yaml")


def test_load_game_picks_the_rules_of_the_records_game(tmp_path):
    from game.core.rules import Seat
    from game.games import get_rules
    rules = get_rules("micropolis")
    seats = [Seat("Ann", "red"), Seat("Bob", "blue")]
    s = rules.new_game(seats, 3, {})
    for _ in range(10):
        s = rules.apply(s, rules.legal_actions(s)[0])
    save_record(tmp_path / "m.yaml", make_record(rules, s, seats, 3, {}))
    rec, states = load_game(None, tmp_path / "m.yaml")
    assert rec.game == "micropolis" and states[-1].log.to_list() == s.log.to_list()


class _Choking(ToyRules):
    """Rules that fail inside (a bug, or a record they were never meant to see)."""

    def __init__(self, where):
        self.where = where

    def validate_setup(self, seats, options):
        if self.where == "validate":
            raise TypeError("unsupported operand type(s) for +: 'int' and 'str'")
        return super().validate_setup(seats, options)

    def new_game(self, seats, seed, options):
        if self.where == "new_game":
            raise KeyError("colour")
        return super().new_game(seats, seed, options)

    def apply(self, s, a):
        if self.where == "apply" and len(s.log) > 3:
            raise ZeroDivisionError("division by zero")
        return super().apply(s, a)

    def legal_actions(self, s):
        if self.where == "legal" and len(s.log) > 5:
            raise IndexError("list index out of range")
        return super().legal_actions(s)

    def score_sheets(self, s):
        if self.where == "final":
            raise AttributeError("'NoneType' object has no attribute 'lines'")
        return super().score_sheets(s)


@pytest.mark.parametrize("where, words", [
    ("validate", "does not replay"), ("new_game", "cannot set up the game"),
    ("apply", "does not replay (the rules could not follow it at event"),
    ("legal", "does not replay (the rules could not follow it at event"),
    ("final", "does not replay"),
])
def test_a_replay_that_raises_anything_is_one_record_error(where, words):
    rules = ToyRules()
    seats, s = play(rules, seed=4)
    rec = make_record(rules, s, seats, 4, {})
    with pytest.raises(RecordError) as e:
        replay(_Choking(where), rec, name="r.yaml")
    assert words in _plain(str(e.value))
    assert e.value.__cause__ is None and e.value.__suppress_context__


def test_replay_messages_show_events_in_plain_words():
    rules = ToyRules()
    seats, s = play(rules, seed=3)
    rec = make_record(rules, s, seats, 3, {})
    rec.events.insert(1, {"type": "keep", "player": 0})
    with pytest.raises(RecordError) as e:
        replay(rules, rec, name="r.yaml")
    assert _plain(str(e.value)) == "r.yaml: event 2 (keep (player 0)) is not a legal decision here"


# -- the final section is recomputed, never trusted ----------------------------------------------

def _finished():
    rules = ToyRules()
    seats, s = play(rules, seed=6)
    return rules, make_record(rules, s, seats, 6, {})


def test_an_honest_final_section_loads():
    rules, rec = _finished()
    assert rules.is_over(replay(rules, rec)[-1])


@pytest.mark.parametrize("forge", [
    lambda f: f["sheets"][0].update(total=f["sheets"][0]["total"] + 1),          # forged total
    lambda f: f["sheets"][1]["lines"].update(points=99),                        # forged line
    lambda f: f.update(winners=[1 - f["winners"][0]] if len(f["winners"]) == 1 else [0]),
    lambda f: f.update(winners=[0, 1]),
    lambda f: f.pop("sheets"),
    lambda f: f.pop("winners"),
    lambda f: f.update(champion="P1"),                                          # a claim the rules never make
    lambda f: f["sheets"].append(dict(f["sheets"][0])),
])
def test_a_forged_final_section_is_refused(forge):
    rules, rec = _finished()
    forge(rec.final)
    with pytest.raises(RecordError, match="final scores or winners differ from what the moves give"):
        replay(rules, rec)


def test_a_forged_final_in_a_file_is_refused(tmp_path):
    rules, rec = _finished()
    text = record_text(rec)
    total = rec.final["sheets"][0]["total"]
    forged = text.replace(f"total: {total}", f"total: {total + 50}", 1)
    assert forged != text
    _refused(tmp_path, forged, "differ from what the moves give", rules)


def test_a_final_section_on_an_unfinished_game_is_refused(tmp_path):
    rules, text = _toy_text(over=False)
    assert "final:" not in text
    forged = text + "final: {sheets: [], winners: [0]}\n"
    _refused(tmp_path, forged, "claims a final result, but the game in it is not over", rules)


def test_a_part_replay_does_not_check_the_final_section():
    rules, rec = _finished()
    rec.final["winners"] = [0, 1]
    assert len(replay(rules, rec, upto=2)) == 3


# -- atomic writes: folder synced, crash leftovers removed ---------------------------------------

def test_atomic_write_syncs_the_file_and_then_its_folder(tmp_path, monkeypatch):
    synced = []
    real = os.fsync

    def spy(fd):
        synced.append(stat.S_ISDIR(os.fstat(fd).st_mode))
        return real(fd)

    monkeypatch.setattr(os, "fsync", spy)
    write_atomic(tmp_path / "x.yaml", "a: 1\n")
    if os.name == "nt":
        assert synced == [False]
    else:
        assert synced == [False, True]  # the data first, then the rename


def test_atomic_write_that_fails_keeps_the_old_file_and_no_temp(tmp_path, monkeypatch):
    p = tmp_path / "x.yaml"
    write_atomic(p, "a: 1\n")

    def broken(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        write_atomic(p, "a: 2\n")
    assert p.read_text() == "a: 1\n" and os.listdir(tmp_path) == ["x.yaml"]


def _age(p, seconds):
    t = time.time() - seconds
    os.utime(p, (t, t))
    return p


def test_stale_temp_files_of_a_crash_are_removed_on_the_next_write(tmp_path):
    old = _age(_write(tmp_path / ".x.yaml.ab12_xyz.tmp", b"half"), 3600)
    other = _age(_write(tmp_path / ".y.yaml.ab12cdef.tmp", b"half"), 3600)  # another record's
    fresh = _write(tmp_path / ".x.yaml.cd34efgh.tmp", b"being written")    # another write, now
    mine = _age(_write(tmp_path / "notes.tmp", b"mine"), 3600)              # not our pattern
    odd = _age(_write(tmp_path / ".x.yaml.TOOLONG12.tmp", b"?"), 3600)
    json = _age(_write(tmp_path / ".s.json.ab12cdef.tmp", b"?"), 3600)     # not a record's
    (tmp_path / ".x.yaml.dir12345.tmp").mkdir()
    write_atomic(tmp_path / "x.yaml", "a: 1\n")
    assert not old.exists() and not other.exists()
    assert fresh.exists() and mine.exists() and odd.exists() and json.exists()
    assert (tmp_path / ".x.yaml.dir12345.tmp").is_dir()
    write_atomic(tmp_path / "s.json", "{}")  # a file of another kind sweeps its own leftovers
    assert not json.exists()


def test_a_folder_is_swept_once_per_run_not_at_every_write(tmp_path, monkeypatch):
    from game.core import record
    scans = []
    monkeypatch.setattr(record, "remove_stale_temps", lambda *a, **k: scans.append(a))
    for n in range(5):
        write_atomic(tmp_path / f"g{n}.yaml", "a: 1\n")
    assert len(scans) == 1


def test_remove_stale_temps_of_a_folder_only_takes_record_temps(tmp_path):
    a = _age(_write(tmp_path / ".autosave.yaml.k2j4h5g6.tmp", b"half"), 600)
    b = _age(_write(tmp_path / ".settings.json.k2j4h5g6.tmp", b"not ours"), 600)
    c = _write(tmp_path / ".autosave.yaml.zzzzzzzz.tmp", b"fresh")
    assert remove_stale_temps(tmp_path) == [a.name]
    assert b.exists() and c.exists()
    assert remove_stale_temps(tmp_path / "missing") == []
