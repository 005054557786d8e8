"""Game records: the one YAML format for saves, autosaves, replays and tools.

See ../shared/records.md. Loading replays every event through the rules; a
record that does not replay is refused with a message naming the event, and
the file is never touched.

Every way a record can fail to load -- the file (missing, a folder, a fifo, too
big, not YAML, a Python tag), a field of the wrong type, a game this build does
not have, a replay the rules refuse or choke on, a ``final`` section that is not
what the moves give -- is one ``RecordError`` whose message is plain words for a
player: it starts with the file's name and never shows a Python repr or traceback.
"""
from __future__ import annotations

import os
import re
import stat
import tempfile
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from game.core import safe_yaml

from game import __version__
from game.core.names import MAX_NAME, name_problem
from game.core.portable import replace_file
from game.core.rules import Seat, SEAT_KINDS

FORMAT = "anthology-record/1"
MAX_SEATS = 8
# A seat played from another machine (a hosted game) is written as a person's seat with ``net: true``
# (``{name: Bruno, color: blue, kind: human, net: true}``): every reader, an older version's too,
# sees a person, and the host resuming the save knows the seat is to be joined over the network.
# A seat written with ``kind: net`` is read the same way.
NET_KIND = "net"


class RecordError(Exception):
    """A record that cannot be read or does not replay (one plain message for a player)."""


def _plain(x: Any, limit: int = 80) -> str:
    """A value as plain words for a message: no quotes, braces or Python reprs; cut short."""
    def show(v: Any, depth: int) -> str:
        if v is None:
            return "nothing"
        if isinstance(v, bool):
            return "yes" if v else "no"
        if isinstance(v, (int, float)):
            return str(v) if abs(v) < 10 ** 12 else "a huge number"
        if isinstance(v, str):
            return "".join(ch if ch.isprintable() else "?" for ch in v[:limit])
        if depth > 2:
            return "..."
        if isinstance(v, dict):
            kind = v.get("type") if isinstance(v.get("type"), str) else None
            parts = [f"{show(k, depth + 1)} {show(w, depth + 1)}" for k, w in list(v.items())[:12] if k != "type"]
            inner = ", ".join(parts)
            if kind is not None:
                return f"{show(kind, depth + 1)} ({inner})" if inner else show(kind, depth + 1)
            return f"({inner})"
        if isinstance(v, (list, tuple)):
            return "[" + ", ".join(show(w, depth + 1) for w in list(v)[:12]) + "]"
        return "a value"
    text = show(x, 0)
    return text if len(text) <= limit else text[:limit - 3] + "..."


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
    net: list[int] = field(default_factory=list)   # the seats played from other machines (a hosted game)

    def seat_records(self) -> list[dict]:
        out = []
        for i, st in enumerate(self.seats):
            d = st.to_record()
            if i in self.net:
                d["net"] = True
            out.append(d)
        return out

    def to_dict(self) -> dict:
        d = {
            "format": FORMAT,
            "app_version": self.app_version,
            "game": self.game,
            "options": dict(self.options),
            "seed": self.seed,
            "seats": self.seat_records(),
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


# an event's text -> its line: a game's events never change once logged, so the autosave after every
# decision dumps only the new ones (dumping the whole log took 50-120 ms, a visible stutter)
_LINES: "OrderedDict[str, str]" = OrderedDict()
MAX_CACHED_LINES = 50_000


def _event_line(ev: dict) -> str:
    key = repr(ev)
    line = _LINES.get(key)
    if line is None:
        one = yaml.dump(ev, Dumper=_FlowDumper, sort_keys=False, default_flow_style=True,
                        width=1 << 20, allow_unicode=True).strip()
        line = _LINES[key] = f"  - {one}"
        while len(_LINES) > MAX_CACHED_LINES:
            _LINES.popitem(last=False)
    return line


_HEADERS: "OrderedDict[str, str]" = OrderedDict()


def _header(d: dict) -> str:
    """The record's head (format, game, seats, setup): the same for every autosave of a game."""
    key = repr(d)
    text = _HEADERS.get(key)
    if text is None:
        text = _HEADERS[key] = dump_yaml(d)
        while len(_HEADERS) > 16:
            _HEADERS.popitem(last=False)
    return text


def _event_lines(events: list[dict]) -> str:
    if not events:
        return "events: []\n"
    return "\n".join(["events:"] + [_event_line(ev) for ev in events]) + "\n"


def record_text(rec: Record) -> str:
    d = rec.to_dict()
    events = d.pop("events")
    final = d.pop("final", None)
    text = _header(d) + _event_lines(events)
    if final is not None:
        text += dump_yaml({"final": final})
    return text


# write_atomic's temporary files: ".<name>.<8 letters of mkstemp>.tmp" next to the file they replace
_TEMP_RX = re.compile(r"\.(?P<name>.+)\.[a-z0-9_]{8}\.tmp")
STALE_TEMP_SECONDS = 60.0  # a temp file this old was left by a crash, not by a write in progress


def _is_own_temp(fname: str, target: str | None) -> bool:
    m = _TEMP_RX.fullmatch(fname)
    if m is None:
        return False
    return m["name"] == target if target is not None else m["name"].endswith(".yaml")


def remove_stale_temps(folder: Path | str, name: str | None = None,
                       older_than: float = STALE_TEMP_SECONDS) -> list[str]:
    """Delete temp files a crashed ``write_atomic`` left in ``folder``; returns their names.

    Only this module's own pattern (``.<name>.xxxxxxxx.tmp``; ``<name>`` a .yaml file, or
    exactly ``name`` if given), only regular files, and only ones older than ``older_than``
    seconds (a write in progress elsewhere is left alone). Never raises."""
    removed = []
    try:
        entries = list(os.scandir(folder))
    except (OSError, ValueError):
        return removed
    now = time.time()
    for entry in entries:
        if not _is_own_temp(entry.name, name):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime >= older_than:
                os.unlink(entry.path)
                removed.append(entry.name)
        except OSError:
            pass
    return removed


_swept: set[tuple[str, str | None]] = set()


def sweep_once(path: Path) -> None:
    """Remove crash leftovers at the first write into, or read of a save from, a folder this run
    (a folder of thousands of records is not scanned again at every write or read)."""
    name = None if path.name.endswith(".yaml") else path.name
    key = (os.path.abspath(path.parent), name)
    if key not in _swept:
        remove_stale_temps(path.parent, name)
        _swept.add(key)


def _fsync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable, where the OS allows (not on Windows)."""
    if os.name == "nt":
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems cannot fsync a folder; the rename itself is still atomic
    finally:
        os.close(fd)


def write_atomic(path: Path | str, text: str) -> None:
    """Write ``text`` to a temp file, fsync it, rename it over ``path``, fsync the folder.

    A reader sees the old file or the new one, never half of one. The first write into a
    folder removes the temp files an earlier crash left there (``remove_stale_temps``).
    Raises OSError if the folder cannot be written."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    sweep_once(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        replace_file(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_folder(path.parent)


def save_record(path: Path | str, rec: Record) -> None:
    """Write ``rec`` atomically; RecordError (nothing written) if the loader would refuse it."""
    path = Path(path)
    record_from_dict(rec.to_dict(), path.name)
    write_atomic(path, record_text(rec))


def read_record(path: Path | str) -> Record:
    """Parse a record file (no replay). Raises RecordError with a clear message."""
    path = Path(path)
    try:
        d = safe_yaml.load_file(path, path.name)
    except safe_yaml.LoadError as e:
        raise RecordError(str(e)) from None
    except (OSError, ValueError):  # a path the OS refuses outright
        raise RecordError(f"{path.name}: cannot be read") from None
    return record_from_dict(d, str(path))


def _scalar(v: Any) -> bool:
    return v is None or type(v) in (bool, int, float, str)


def record_from_dict(d: Any, name: str = "record") -> Record:
    """Check every field's type and range: a Record, or RecordError in plain words."""
    if not isinstance(d, dict):
        raise RecordError(f"{name}: is not a game record")
    fmt = d.get("format")
    if fmt != FORMAT:
        if fmt is None:
            raise RecordError(f"{name}: is not a game record (it has no format line)")
        raise RecordError(f"{name}: unknown record format \"{_plain(fmt, 40)}\" (this version reads {FORMAT})")
    game, seed = d.get("game"), d.get("seed")
    if not isinstance(game, str) or not game.isidentifier() or len(game) > 40:
        raise RecordError(f"{name}: does not say which game it is")
    if type(seed) is not int or not 0 <= seed < 2 ** 64:
        raise RecordError(f"{name}: its seed is not a whole number from 0 to 2^64 - 1")
    raw_seats = d.get("seats")
    if not isinstance(raw_seats, list) or not 1 <= len(raw_seats) <= MAX_SEATS:
        raise RecordError(f"{name}: its seats are not a list of 1 to {MAX_SEATS} players")
    seats, net = [], []
    for i, st in enumerate(raw_seats):
        if not isinstance(st, dict):
            raise RecordError(f"{name}: seat {i + 1} is not a player")
        nm, col, kind = st.get("name"), st.get("color"), st.get("kind", "human")
        flag = st.get("net", False)
        if type(flag) is not bool:
            raise RecordError(f"{name}: seat {i + 1} does not say plainly whether it is played from another machine")
        if kind == NET_KIND:
            kind, flag = "human", True
        if flag and kind != "human":
            raise RecordError(f"{name}: seat {i + 1} is played from another machine but is not a person's seat")
        if flag:
            net.append(i)
        problem = name_problem(nm)
        if problem:
            raise RecordError(f"{name}: seat {i + 1} has no usable name ({problem}; a name has 1 to "
                              f"{MAX_NAME} characters on one line)")
        if not isinstance(col, str) or not col.isidentifier() or len(col) > 20:
            raise RecordError(f"{name}: seat {i + 1} has no usable colour")
        if type(kind) is not str or kind not in SEAT_KINDS:
            raise RecordError(f"{name}: seat {i + 1} is neither a person nor a known AI level")
        seats.append(Seat(nm, col, kind))
    options = d.get("options")
    options = {} if options is None else options
    if not isinstance(options, dict) or not all(isinstance(k, str) and _scalar(v) for k, v in options.items()):
        raise RecordError(f"{name}: its options are not simple name: value pairs")
    setup, events, final = d.get("setup"), d.get("events"), d.get("final")
    setup = {} if setup is None else setup
    events = [] if events is None else events
    if not isinstance(setup, dict):
        raise RecordError(f"{name}: its setup is not a list of name: value pairs")
    if not isinstance(events, list):
        raise RecordError(f"{name}: its events are not a list")
    if not (final is None or isinstance(final, dict)):
        raise RecordError(f"{name}: its final result is malformed")
    for i, ev in enumerate(events):
        if not isinstance(ev, dict) or not isinstance(ev.get("type"), str) or \
                not all(isinstance(k, str) for k in ev):
            raise RecordError(f"{name}: event {i + 1} is not an event")
    version = d.get("app_version", "?")
    version = version[:40] if isinstance(version, str) and version.isprintable() else "?"
    return Record(game=game, seed=seed, seats=seats, options=dict(options), setup=setup, events=list(events),
                  final=final, app_version=version, net=net)


def _norm(x: Any) -> Any:
    """Normalise for comparison (tuples vs lists, as YAML reads them back)."""
    if isinstance(x, dict):
        return {k: _norm(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_norm(v) for v in x]
    return x


def final_of(rules, s) -> dict | None:
    """The ``final`` section of a record for state ``s`` (None while the game goes on)."""
    if not rules.is_over(s):
        return None
    final = dict(rules.final_extra(s))
    final["sheets"] = [sh.to_record() for sh in rules.score_sheets(s)]
    final["winners"] = list(rules.winners(s))
    return final


def make_record(rules, s, seats: list[Seat], seed: int, options: dict, net=()) -> Record:
    """The record of a game in state ``s`` (written after every decision).

    The record lists every seat of the game, the ones the rules add (the
    imaginary player of a 2-player It Happens..) included; ``net`` the seats played from other
    machines (a hosted game).
    """
    seats = list(getattr(s, "seats", seats))
    return Record(game=rules.id, seed=seed, seats=list(seats), options=dict(options),
                  setup=_norm(rules.record_setup(s)), events=_norm(s.log.to_list()), final=final_of(rules, s),
                  net=sorted(p for p in set(net) if 0 <= p < len(seats) and seats[p].kind == "human"))


def replay(rules, rec: Record, upto: int | None = None, name: str = "record"):
    """Replay a record through the rules; returns the list of states after each decision.

    states[0] is the state after setup; states[k] after the k-th decision.
    Raises RecordError naming the first event that does not replay; whatever else goes
    wrong inside the rules (a hand-edited record they choke on) is a RecordError too.
    With ``upto`` None, a ``final`` section must be exactly what the moves give.
    """
    where = {"event": None}
    try:
        return _replay(rules, rec, upto, name, where)
    except RecordError:
        raise
    except Exception:
        at = f" at event {where['event']}" if where["event"] is not None else ""
        raise RecordError(f"{name}: does not replay (the rules could not follow it{at})") from None


def _replay(rules, rec: Record, upto: int | None, name: str, where: dict):
    if rec.game != rules.id:
        raise RecordError(f"{name}: is a record of {_plain(rec.game, 40)}, not of {_plain(rules.id, 40)}")
    seated = [st for st in rec.seats if st.kind != "imaginary"]  # the rules add those again
    problem = rules.validate_setup(seated, rec.options)
    if problem:
        raise RecordError(f"{name}: seats or options are not valid: {_plain(problem, 200)}")
    try:
        s = rules.new_game(list(rec.seats), rec.seed, rec.options)  # an added seat's colour is kept
    except Exception:  # the rules refuse the options
        raise RecordError(f"{name}: cannot set up the game with these seats and options") from None
    dealt, given = _norm(rules.record_setup(s)), _norm(rec.setup)
    # a record written before the rules spelled out more of the setup lacks those keys: the ones it
    # holds must be what the seed deals (the seed deals the rest again); a key the rules do not write is refused
    if not isinstance(given, dict) or any(k not in dealt or dealt[k] != v for k, v in given.items()):
        raise RecordError(f"{name}: the setup does not match what seed {rec.seed} deals")
    events = rec.events
    produced = _norm(s.log.to_list())
    for k, ev in enumerate(produced):
        if k >= len(events) or _norm(events[k]) != ev:
            raise RecordError(f"{name}: event {k + 1} does not match the setup (the rules give {_plain(ev)})")
    states = [s]
    i = len(produced)
    while i < len(events) and (upto is None or len(states) <= upto):
        ev = events[i]
        where["event"] = i + 1
        if rules.is_over(s):
            raise RecordError(f"{name}: event {i + 1} ({_plain(ev)}) comes after the end of the game")
        try:
            a = rules.action_from_event(s, ev)
        except Exception:
            a = None
        if a is None or a not in rules.legal_actions(s):
            raise RecordError(f"{name}: event {i + 1} ({_plain(ev)}) is not a legal decision here")
        before = len(s.log)
        s = rules.apply(s, a)
        new = _norm(s.log.since(before))
        for k, got in enumerate(new):
            j = i + k
            if j >= len(events):
                break  # a truncated record (an autosave mid-turn is never truncated)
            if _norm(events[j]) != got:
                raise RecordError(f"{name}: event {j + 1} ({_plain(events[j])}) does not replay "
                                  f"(the rules give {_plain(got)})")
        i += len(new)
        states.append(s)
    where["event"] = None
    if upto is None and rec.final is not None:
        _check_final(rules, rec, s, name)
    return states


def _check_final(rules, rec: Record, end, name: str) -> None:
    """A record's ``final`` section must be what the replay computes (never trusted as written)."""
    if not rules.is_over(end):
        raise RecordError(f"{name}: claims a final result, but the game in it is not over")
    if _norm(rec.final) != _norm(final_of(rules, end)):
        raise RecordError(f"{name}: its final scores or winners differ from what the moves give")


def rules_for(game: str, name: str = "record", available=None):
    """The rules of a record's game, or RecordError if this build does not have that game."""
    from game import games as registry
    try:
        known = registry.available_games() if available is None else list(available)
    except Exception:
        known = []
    if game not in known:
        raise RecordError(f"{name}: is of a game this version does not have ({_plain(game, 40)})")
    try:
        return registry.get_rules(game)
    except Exception:  # the game's own data is broken: not the record's fault, but still no crash
        raise RecordError(f"{name}: its game ({_plain(game, 40)}) cannot be started in this version") from None


def load_game(rules, path: Path | str):
    """Read and replay a record file: (Record, list of states). Only ever raises RecordError.

    ``rules`` None picks the rules of the record's own game from the registry."""
    rec = read_record(path)
    if rules is None:
        rules = rules_for(rec.game, str(path))
    return rec, replay(rules, rec, name=str(path))
