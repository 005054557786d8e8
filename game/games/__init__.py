"""The game registry: every package under game/games that declares a ``GAME`` (see
game/core/game.py), found by scanning, plus any registered at run time (the tests' toy game).
"""
from __future__ import annotations

import sys

from game.core.data import DataError
from game.core.record import RecordError, read_record, replay
from game.core.game import GameInfo, scan

_declared: dict[str, GameInfo] | None = None   # found by scanning, in menu order
_added: dict[str, GameInfo] = {}               # registered at run time


def _scan() -> dict[str, GameInfo]:
    global _declared
    if _declared is None:
        found = scan(sys.modules[__name__], "GAME", GameInfo)
        _declared = {g.id: g for g in sorted(found, key=lambda g: (g.menu_order, g.id))}
    return _declared


def register(info: GameInfo) -> None:
    """Add a game that lives outside game/games (tests); it lists after the declared ones."""
    _added[info.id] = info


def unregister(game_id: str) -> None:
    _added.pop(game_id, None)


def games() -> list[GameInfo]:
    """Every game of this build, in menu order."""
    return list(_scan().values()) + [g for gid, g in _added.items() if gid not in _scan()]


def available_games() -> list[str]:
    """The ids of every game, in menu order."""
    return [g.id for g in games()]


def is_known(game_id: str) -> bool:
    """Does this build have the game? (what the save listings ask)"""
    return game_id in available_games()


def get_game(game_id: str) -> GameInfo:
    for g in games():
        if g.id == game_id:
            return g
    raise KeyError(f"unknown game {game_id!r} (known: {', '.join(available_games())})")


def get_rules(game_id: str):
    """The Rules object of a game (data loaded and validated on first use)."""
    return get_game(game_id).load_rules()


def data_problems() -> dict[str, str]:
    """{game id: the problem in plain words} for every game whose data files do not load, so that
    a broken one is told in the window, not on stderr."""
    problems: dict[str, str] = {}
    for g in games():
        try:
            g.load_rules()
        except DataError as e:
            problems[g.id] = str(e)
        except Exception as e:  # a loader bug must still reach the player as words
            problems[g.id] = f"the data of {g.id} could not be loaded ({type(e).__name__}: {e})"
    return problems


def load_replay(path: str):
    """Read and replay a record: (record, states), or RecordError with one plain message.

    A record is a file anyone may have edited, so whatever goes wrong while reading it
    or replaying it through the rules is reported as a RecordError naming the file.
    """
    rec = read_record(path)  # raises RecordError: missing, unreadable, not YAML, malformed
    if rec.game not in available_games():
        known = ", ".join(available_games()) or "none"
        raise RecordError(f"{path}: is a record of {rec.game!r}, which this build cannot play (available: {known})")
    rules = get_rules(rec.game)  # a DataError names the game's broken data file
    try:
        states = replay(rules, rec, name=path)
    except RecordError:
        raise
    except Exception as e:  # a hand-edited record the rules choke on
        raise RecordError(f"{path}: does not replay ({type(e).__name__}: {' '.join(str(e).split())})") from None
    return rec, states
