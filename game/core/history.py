"""Your history: a summary of every finished game, and statistics per player name and game.

The summaries are kept in ``history.yaml`` in the user folder, beside ``finished/``; each is checked
against its record's file name, size and time, so a record added, changed or removed is noticed,
and a lost or broken index is rebuilt from the records themselves. Only the folder says which
records there are, every field of every entry is checked for its type (a damaged entry: the record
is read again), and a record counts only as a replay of its moves confirms it: the rules compute
its final result again (``confirm``). Pure: no pygame.
"""
from __future__ import annotations

import math
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from game.core.names import name_problem
from game.core.paths import saving_enabled, user_dir
from game.core.record import MAX_SEATS, RecordError, dump_yaml, read_record, replay, write_atomic
from game.core.rules import SEAT_KINDS
from game.core.safe_yaml import LoadError, load_file

INDEX = "history.yaml"
AI_LEVELS = ("easy", "medium", "hard")


@dataclass(frozen=True)
class Player:
    name: str
    kind: str          # human | easy | medium | hard | random
    score: int
    won: bool


@dataclass(frozen=True)
class GameSummary:
    file: str          # the record's file name in finished/
    size: int
    mtime: float       # when the game ended (the record's last write)
    game: str
    players: tuple[Player, ...]

    def to_dict(self) -> dict:
        return {"file": self.file, "size": self.size, "mtime": self.mtime, "game": self.game,
                "players": [[p.name, p.kind, p.score, p.won] for p in self.players]}


def summarize(rec, file: str, size: int, mtime: float) -> GameSummary | None:
    """The summary of a finished record (None when it has no final result)."""
    final = rec.final or {}
    sheets = final.get("sheets")
    if not isinstance(sheets, list):
        return None
    winners = set(w for w in final.get("winners", []) if type(w) is int)
    totals = {sh.get("player"): sh.get("total") for sh in sheets if isinstance(sh, dict)}
    players = tuple(Player(seat.name, seat.kind, int(totals.get(i) or 0), i in winners)
                    for i, seat in enumerate(rec.seats) if seat.kind != "imaginary")
    return GameSummary(file, size, mtime, rec.game, players)


MAX_SCORE = 10 ** 12
INDEX_FORMAT = "anthology-history/2"    # every entry confirmed by a replay (format 1 believed the records)
_FIELDS = frozenset(("file", "size", "mtime", "game", "players"))


def _record_name(name) -> bool:
    """A record's file name as the folder can hold it (one name, printable, no path)."""
    return (type(name) is str and 5 < len(name) <= 255 and name.endswith(".yaml") and ".unreadable-" not in name
            and name.isprintable() and "/" not in name and "\\" not in name)


def _player(p) -> Player | None:
    if type(p) is not list or len(p) != 4:
        return None
    name, kind, score, won = p
    if name_problem(name) is not None or type(kind) is not str or kind not in SEAT_KINDS or kind == "imaginary":
        return None
    if type(score) is not int or abs(score) > MAX_SCORE or type(won) is not bool:
        return None
    return Player(name, kind, score, won)


def _from_dict(d) -> GameSummary | None:
    """An index entry whose every field has its type and range (won a bool, scores whole numbers,
    names a player's name: no NUL or other control character...), or None: a damaged entry, and
    its record is read again."""
    if type(d) is not dict or set(d) != _FIELDS:
        return None
    file, size, mtime, game, players = d["file"], d["size"], d["mtime"], d["game"], d["players"]
    if not _record_name(file) or type(size) is not int or size < 0:
        return None
    if type(mtime) not in (int, float) or not math.isfinite(mtime):
        return None
    if type(game) is not str or not game.isidentifier() or len(game) > 40:
        return None
    if type(players) is not list or not 1 <= len(players) <= MAX_SEATS:
        return None
    seats = tuple(_player(p) for p in players)
    if None in seats:
        return None
    return GameSummary(file, size, float(mtime), game, seats)


def read_index(path: Path) -> dict[str, GameSummary]:
    """name -> summary of every valid entry of the index (empty when it is missing or broken). A
    caller that lists reads it once and passes what it read on (``unindexed``, ``confirm_listed``):
    each reading parses the whole file."""
    try:
        data = load_file(path, INDEX)
    except (LoadError, OSError):
        return {}           # missing or broken: rebuilt from the records
    if not isinstance(data, dict) or data.get("format") != INDEX_FORMAT:
        return {}           # an earlier version's index (not confirmed by replays): rebuilt
    entries = data.get("games")
    out = {}
    for d in entries if isinstance(entries, list) else []:
        summary = _from_dict(d)
        if summary is not None:
            out[summary.file] = summary
    return out


def _write_index(index: Path, summaries) -> None:
    try:
        write_atomic(index, dump_yaml({"format": INDEX_FORMAT, "games": [g.to_dict() for g in summaries]}))
    except OSError:
        pass            # the index is only a shortcut: the records stay the truth


def _registry_rules(game: str):
    from game import games
    return games.get_rules(game)


def _scan(folder: Path) -> dict[str, tuple[int, float]]:
    """name -> (size, time) of every record in ``folder`` (regular ``.yaml`` files; a link that leads
    nowhere, a folder or a fifo is passed over). OSError when the folder cannot be listed."""
    out = {}
    with os.scandir(folder) as entries:
        for e in entries:
            if not e.name.endswith(".yaml") or ".unreadable-" in e.name:
                continue
            try:
                st = e.stat()
            except (OSError, ValueError):
                continue
            if stat.S_ISREG(st.st_mode):
                out[e.name] = (st.st_size, st.st_mtime)
    return out


def _not_counted(path: Path, problem: str, messages) -> None:
    from game.core.saves import _set_aside      # saves lists the records; history only counts them
    told = _set_aside(path, problem)
    if messages is not None:
        messages.append(told)


def confirm(path: Path, size: int, mtime: float, is_known=lambda game: True, get_rules=None,
            messages: list | None = None) -> GameSummary | None:
    """The summary of the finished game in ``path`` as a replay of its moves confirms it, or None.

    The rules replay the record and compute its final result again: a record that cannot be read,
    does not replay or claims scores or winners its moves do not give is set aside (kept under
    another name) and not counted, and the reason told in ``messages``. A record without a final
    result, or of a game this build does not have or cannot start, is not counted and left alone."""
    from game.core.saves import _not_replaying, _reason, _unreadable     # the saved games' own sentences
    try:
        rec = read_record(path)
    except RecordError as e:
        _not_counted(path, _unreadable(_reason(e)), messages)
        return None
    except OSError:
        return None
    if rec.final is None:
        return None
    try:
        if not is_known(rec.game):
            return None
        rules = (get_rules or _registry_rules)(rec.game)
    except Exception:
        return None
    try:
        replay(rules, rec, name=path.name)
    except RecordError as e:        # "its final scores or winners differ from what the moves give", ...
        _not_counted(path, _not_replaying(_reason(e)), messages)
        return None
    return summarize(rec, path.name, size, mtime)


def unindexed(known: dict[str, GameSummary], listed: dict) -> int:
    """How many of the ``listed`` records (name -> (size, time)) the index entries ``known`` do not
    know as they are now."""
    return sum(1 for name, (size, mtime) in listed.items()
               if (g := known.get(name)) is None or (g.size, g.mtime) != (size, mtime))


def _check(folder: Path, index: Path | None, listed: dict, is_known, get_rules, progress, messages,
           whole: bool, known: dict | None = None) -> dict[str, GameSummary]:
    """The confirmed summaries of the ``listed`` records (name -> (size, time)): the index's entry
    when it is valid and matches the file, else a replay (``confirm``). ``whole``: ``listed`` is the
    whole folder, and the index keeps only what it holds. ``known``: the index as the caller has
    just read it (``read_index``), else it is read here."""
    if known is None:
        known = read_index(index) if index is not None else {}
    found: dict[str, GameSummary] = {}
    stale = []
    for name, (size, mtime) in listed.items():
        old = known.get(name)
        if old is not None and old.size == size and old.mtime == mtime:
            found[name] = old
        else:
            stale.append((name, size, mtime))
    for done, (name, size, mtime) in enumerate(stale, 1):
        summary = confirm(Path(folder) / name, size, mtime, is_known, get_rules, messages)
        if summary is not None:
            found[name] = summary
        if progress is not None:
            progress(done, len(stale))
    if index is not None:
        if whole:
            keep = found
        else:
            keep = {n: g for n, g in known.items() if n not in listed}
            keep.update(found)
        if stale or set(keep) != set(known):
            _write_index(index, keep.values())
    return found


def confirm_listed(folder: Path, index: Path | None, listed: dict, is_known=lambda game: True, get_rules=None,
                   messages: list | None = None, known: dict | None = None) -> dict[str, GameSummary]:
    """name -> confirmed summary for some records of ``folder`` (``listed``: name -> (size, time)), as
    the Finished list needs them; the ones replayed join the index, which keeps its other entries.
    ``known``: the index's entries as the caller read them (``read_index``), not read again."""
    return _check(folder, index, listed, is_known, get_rules, None, messages, whole=False, known=known)


def refresh(folder: Path | None = None, index: Path | None = None, is_known=lambda game: True,
            progress=None, get_rules=None, messages: list | None = None) -> list[GameSummary]:
    """Every finished game, newest first, as replays of the records confirm them, replaying only the
    records the index does not know as they are now; ``progress(done, to_read)`` is told after each
    record read, and a record set aside is told in ``messages`` (see ``confirm``). ``get_rules`` gives
    a game's rules (by default the game registry's). Never raises."""
    try:
        if folder is None:
            if not saving_enabled():
                return []
            folder, index = user_dir() / "finished", user_dir() / INDEX
        try:
            listed = _scan(folder)
        except OSError:
            return []       # no folder, no records: the index alone is never believed
        found = _check(folder, index, listed, is_known, get_rules, progress, messages, whole=True)
        return sorted((g for g in found.values() if is_known(g.game)), key=lambda g: -g.mtime)
    except Exception:
        return []


@dataclass
class PlayerStats:
    games: int = 0
    wins: int = 0
    scores: list = field(default_factory=list)      # oldest first
    against: dict = field(default_factory=dict)     # AI level -> [games, wins] with that level at the table

    @property
    def best(self) -> int:
        return max(self.scores, default=0)

    @property
    def mean(self) -> float:
        return sum(self.scores) / len(self.scores) if self.scores else 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def player_stats(summaries: list[GameSummary]) -> dict[str, dict[str, PlayerStats]]:
    """name -> game -> statistics of the people (human seats) who played, from the summaries."""
    out: dict[str, dict[str, PlayerStats]] = {}
    for g in sorted(summaries, key=lambda g: g.mtime):
        levels = {p.kind for p in g.players if p.kind in AI_LEVELS}
        for p in g.players:
            if p.kind != "human":
                continue
            st = out.setdefault(p.name, {}).setdefault(g.game, PlayerStats())
            st.games += 1
            st.wins += p.won
            st.scores.append(p.score)
            for level in levels:
                tally = st.against.setdefault(level, [0, 0])
                tally[0] += 1
                tally[1] += p.won
    return out
