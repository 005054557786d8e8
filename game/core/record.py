"""Game records: the one YAML format for saves, autosaves, replays and tools.

See ../shared/records.md. Loading replays every event through the rules; a
record that does not replay is refused with a message naming the event, and
the file is never touched.
"""
from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from game.core import safe_yaml

from game import __version__
from game.core.rules import Seat, SEAT_KINDS

FORMAT = "anthology-record/1"
MAX_SEATS = 8
MAX_NAME = 40


class RecordError(Exception):
    """A record that cannot be read or does not replay."""


@dataclass
class Record:
    game: str
    seed: int
    seats: list[Seat]
    options: dict = field(default_factory=dict)
    setup: dict = field(default_factory=dict)
    events: list[dict] = field(default_factory=list)
    final: dict | None = None
    app_version: str = __version__

    def to_dict(self) -> dict:
        d = {
            "format": FORMAT,
            "app_version": self.app_version,
            "game": self.game,
            "options": dict(self.options),
            "seed": self.seed,
            "seats": [s.to_record() for s in self.seats],
            "setup": self.setup,
            "events": self.events,
        }
        if self.final is not None:
            d["final"] = self.final
        return d


class _Dumper(yaml.SafeDumper):
    pass


def _repr_dict(dumper, data):
    # small flat mappings (seats, segments, sheet lines) read best on one line
    flow = len(data) <= 8 and all(not isinstance(v, (dict, list, tuple)) or
                                  (isinstance(v, (list, tuple)) and len(v) <= 4 and
                                   all(not isinstance(x, (dict, list)) for x in v))
                                  for v in data.values())
    return dumper.represent_mapping("tag:yaml.org,2002:map", data.items(), flow_style=flow)


def _repr_list(dumper, data):
    # events and short lists of scalars read best in flow style
    flow = all(not isinstance(x, (dict, list)) for x in data) and len(data) <= 12
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


_Dumper.add_representer(dict, _repr_dict)
_Dumper.add_representer(list, _repr_list)
_Dumper.add_representer(tuple, lambda d, t: _repr_list(d, list(t)))


class _FlowDumper(yaml.SafeDumper):
    """Everything on one line (one event per line)."""


_FlowDumper.add_representer(tuple, lambda d, t: d.represent_list(list(t)))


def dump_yaml(data: Any) -> str:
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=110)


def _event_lines(events: list[dict]) -> str:
    if not events:
        return "events: []\n"
    lines = ["events:"]
    for ev in events:
        one = yaml.dump(ev, Dumper=_FlowDumper, sort_keys=False, default_flow_style=True,
                        width=1 << 20, allow_unicode=True).strip()
        lines.append(f"  - {one}")
    return "\n".join(lines) + "\n"


def record_text(rec: Record) -> str:
    d = rec.to_dict()
    events = d.pop("events")
    final = d.pop("final", None)
    text = dump_yaml(d) + _event_lines(events)
    if final is not None:
        text += dump_yaml({"final": final})
    return text


def write_atomic(path: Path | str, text: str) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def save_record(path: Path | str, rec: Record) -> None:
    write_atomic(path, record_text(rec))


def read_record(path: Path | str) -> Record:
    """Parse a record file (no replay). Raises RecordError with a clear message."""
    path = Path(path)
    try:
        d = safe_yaml.load_file(path, path.name)
    except safe_yaml.LoadError as e:
        raise RecordError(str(e)) from None
    return record_from_dict(d, str(path))


def record_from_dict(d: Any, name: str = "record") -> Record:
    if not isinstance(d, dict):
        raise RecordError(f"{name}: is not a game record")
    fmt = d.get("format")
    if fmt != FORMAT:
        raise RecordError(f"{name}: unknown record format {fmt!r} (this version reads {FORMAT})")
    game, seed = d.get("game"), d.get("seed")
    if not isinstance(game, str) or not game.isidentifier() or len(game) > 40:
        raise RecordError(f"{name}: does not say which game it is")
    if type(seed) is not int or not 0 <= seed < 2 ** 64:
        raise RecordError(f"{name}: its seed is not a whole number from 0 to 2^64 - 1")
    raw_seats = d.get("seats")
    if not isinstance(raw_seats, list) or not 1 <= len(raw_seats) <= MAX_SEATS:
        raise RecordError(f"{name}: its seats are not a list of 1 to {MAX_SEATS} players")
    seats = []
    for i, st in enumerate(raw_seats):
        if not isinstance(st, dict):
            raise RecordError(f"{name}: seat {i + 1} is not a player")
        nm, col, kind = st.get("name"), st.get("color"), st.get("kind", "human")
        if not isinstance(nm, str) or not 0 < len(nm) <= MAX_NAME or not nm.isprintable():
            raise RecordError(f"{name}: seat {i + 1} has no usable name (1 to {MAX_NAME} printable characters)")
        if not isinstance(col, str) or not col.isidentifier() or len(col) > 20:
            raise RecordError(f"{name}: seat {i + 1} has no usable colour")
        if kind not in SEAT_KINDS:
            raise RecordError(f"{name}: seat {i + 1} is neither a person nor a known AI level")
        seats.append(Seat(nm, col, kind))
    options = d.get("options") or {}
    if not isinstance(options, dict) or not all(
            isinstance(k, str) and (v is None or type(v) in (bool, int, float, str)) for k, v in options.items()):
        raise RecordError(f"{name}: its options are not simple name: value pairs")
    setup, events, final = d.get("setup") or {}, d.get("events") or [], d.get("final")
    if not isinstance(setup, dict) or not isinstance(events, list) or not (final is None or isinstance(final, dict)):
        raise RecordError(f"{name}: its setup, events or final result are malformed")
    rec = Record(game=game, seed=seed, seats=seats, options=dict(options), setup=setup, events=list(events),
                 final=final, app_version=str(d.get("app_version", "?"))[:40])
    for i, ev in enumerate(rec.events):
        if not isinstance(ev, dict) or "type" not in ev:
            raise RecordError(f"{name}: event {i + 1} is not an event")
    return rec


def _norm(x: Any) -> Any:
    """Normalise for comparison (tuples vs lists, as YAML reads them back)."""
    if isinstance(x, dict):
        return {k: _norm(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_norm(v) for v in x]
    return x


def make_record(rules, s, seats: list[Seat], seed: int, options: dict) -> Record:
    """The record of a game in state ``s`` (written after every decision).

    The record lists every seat of the game, the ones the rules add (the
    imaginary player of a 2-player It Happens..) included.
    """
    seats = list(getattr(s, "seats", seats))
    final = None
    if rules.is_over(s):
        final = dict(rules.final_extra(s))
        final["sheets"] = [sh.to_record() for sh in rules.score_sheets(s)]
        final["winners"] = list(rules.winners(s))
    return Record(game=rules.id, seed=seed, seats=list(seats), options=dict(options),
                  setup=_norm(rules.record_setup(s)), events=_norm(s.log.to_list()), final=final)


def replay(rules, rec: Record, upto: int | None = None, name: str = "record"):
    """Replay a record through the rules; returns the list of states after each decision.

    states[0] is the state after setup; states[k] after the k-th decision.
    Raises RecordError naming the first event that does not replay.
    """
    if rec.game != rules.id:
        raise RecordError(f"{name}: is a {rec.game!r} record, not {rules.id!r}")
    seated = [st for st in rec.seats if st.kind != "imaginary"]  # the rules add those again
    problem = rules.validate_setup(seated, rec.options)
    if problem:
        raise RecordError(f"{name}: seats or options are not valid: {problem}")
    try:
        s = rules.new_game(seated, rec.seed, rec.options)
    except Exception as e:  # the rules refuse the options
        raise RecordError(f"{name}: cannot set up the game ({e})") from None
    if _norm(rules.record_setup(s)) != _norm(rec.setup):
        raise RecordError(f"{name}: the setup does not match what seed {rec.seed} deals")
    events = rec.events
    produced = _norm(s.log.to_list())
    for k, ev in enumerate(produced):
        if k >= len(events) or _norm(events[k]) != ev:
            raise RecordError(f"{name}: event {k + 1} does not match the setup ({ev})")
    states = [s]
    i = len(produced)
    while i < len(events) and (upto is None or len(states) <= upto):
        ev = events[i]
        if rules.is_over(s):
            raise RecordError(f"{name}: event {i + 1} {ev!r} comes after the end of the game")
        try:
            a = rules.action_from_event(s, ev)
        except Exception:
            a = None
        if a is None or a not in rules.legal_actions(s):
            raise RecordError(f"{name}: event {i + 1} {ev!r} is not a legal decision here")
        before = len(s.log)
        s = rules.apply(s, a)
        new = _norm(s.log.since(before))
        for k, got in enumerate(new):
            j = i + k
            if j >= len(events):
                break  # a truncated record (an autosave mid-turn is never truncated)
            if _norm(events[j]) != got:
                raise RecordError(f"{name}: event {j + 1} {events[j]!r} does not replay (the rules give {got!r})")
        i += len(new)
        states.append(s)
    if upto is None and rec.final is not None:
        _check_final(rules, rec, s, name)
    return states


def _check_final(rules, rec: Record, end, name: str) -> None:
    """A record's ``final`` section must be what the replay computes (never trusted as written)."""
    if not rules.is_over(end):
        raise RecordError(f"{name}: claims a final result, but the game in it is not over")
    sheets = [sh.to_record() for sh in rules.score_sheets(end)]
    given = rec.final
    if _norm(given.get("sheets")) != _norm(sheets) or _norm(given.get("winners")) != _norm(list(rules.winners(end))):
        raise RecordError(f"{name}: its final scores or winners differ from what the moves give")


def load_game(rules, path: Path | str):
    """Read and replay a record file: (Record, list of states)."""
    rec = read_record(path)
    return rec, replay(rules, rec, name=str(path))
