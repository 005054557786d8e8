"""Your history: a summary of every finished game, and statistics per player name and game.

The summaries are kept in ``history.yaml`` in the user folder, beside ``finished/``; each is checked
against its record's file name, size and time, so a record added, changed or removed is noticed,
and a lost or broken index is rebuilt from the records themselves. Pure: no pygame.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from game.core.paths import saving_enabled, user_dir
from game.core.record import RecordError, dump_yaml, read_record, write_atomic
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


def _from_dict(d) -> GameSummary | None:
    try:
        players = tuple(Player(str(n), str(k), int(s), bool(w)) for n, k, s, w in d["players"])
        return GameSummary(str(d["file"]), int(d["size"]), float(d["mtime"]), str(d["game"]), players)
    except (KeyError, TypeError, ValueError):
        return None


def _read_index(path: Path) -> dict[str, GameSummary]:
    try:
        data = load_file(path, INDEX)
    except (LoadError, OSError):
        return {}           # missing or broken: rebuilt from the records
    entries = data.get("games") if isinstance(data, dict) else None
    out = {}
    for d in entries if isinstance(entries, list) else []:
        summary = _from_dict(d) if isinstance(d, dict) else None
        if summary is not None:
            out[summary.file] = summary
    return out


def refresh(folder: Path | None = None, index: Path | None = None, is_known=lambda game: True,
            progress=None) -> list[GameSummary]:
    """Every finished game, newest first, reading only the records the index does not know as
    they are now; ``progress(done, to_read)`` is told after each record read. Never raises."""
    if folder is None:
        if not saving_enabled():
            return []
        folder, index = user_dir() / "finished", user_dir() / INDEX
    known = _read_index(index) if index is not None else {}
    found: dict[str, GameSummary] = {}
    stale = []
    try:
        with os.scandir(folder) as entries:
            for e in entries:
                if not e.name.endswith(".yaml") or ".unreadable-" in e.name or not e.is_file():
                    continue
                st = e.stat()
                old = known.get(e.name)
                if old is not None and old.size == st.st_size and old.mtime == st.st_mtime:
                    found[e.name] = old
                else:
                    stale.append((e.name, st.st_size, st.st_mtime))
    except OSError:
        return sorted(known.values(), key=lambda g: -g.mtime)
    for done, (name, size, mtime) in enumerate(stale, 1):
        try:
            summary = summarize(read_record(Path(folder) / name), name, size, mtime)
        except (RecordError, OSError):
            summary = None
        if summary is not None:
            found[name] = summary
        if progress is not None:
            progress(done, len(stale))
    if index is not None and (stale or set(found) != set(known)):
        try:
            write_atomic(index, dump_yaml({"games": [g.to_dict() for g in found.values()]}))
        except OSError:
            pass            # the index is only a shortcut: the records stay the truth
    return sorted((g for g in found.values() if is_known(g.game)), key=lambda g: -g.mtime)


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
