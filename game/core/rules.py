"""Rules-agnostic contracts shared by every game (see DESIGN.md).

Nothing here, in game/games or in game/ai may import pygame.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from game.core.i18n import _

SEAT_KINDS = ("human", "easy", "medium", "hard", "random", "imaginary")  # random: arena and tests only
AI_KINDS = ("easy", "medium", "hard")

Options = dict[str, Any]


@dataclass(frozen=True)
class Seat:
    name: str
    color: str
    kind: str = "human"  # human | easy | medium | hard | imaginary

    @property
    def is_ai(self) -> bool:
        return self.kind in AI_KINDS

    @property
    def shown_name(self) -> str:
        """The name as players see it, in the chosen language. A person's or an AI's name is shown
        as it was typed; an imaginary seat's name comes from the rules (``imaginary_seat``), which
        store its English message id (records hold no words), so it is translated here."""
        return _(self.name) if self.kind == "imaginary" else self.name

    def to_record(self) -> dict:
        return {"name": self.name, "color": self.color, "kind": self.kind}


@dataclass
class ScoreSheet:
    player: int
    lines: dict[str, int]
    tiebreak: dict[str, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(self.lines.values())

    def to_record(self) -> dict:
        return {"player": self.player, "lines": dict(self.lines), "total": self.total,
                "tiebreak": dict(self.tiebreak)}


def winners_by_sheets(sheets: list[ScoreSheet]) -> list[int]:
    """Most points, then each tie-break in the order the sheet lists them; shared after that."""
    key = {sh.player: (sh.total, *sh.tiebreak.values()) for sh in sheets}
    best = max(key.values())
    return [p for p, k in key.items() if k == best]


class Log:
    """Immutable, persistent event list: appending shares the old list (O(1)).

    States keep their event log in one of these so that ``apply`` can return a
    new state without copying the whole history. An event is stored as a dict, or
    as a tuple ``(keys, value, ...)`` that an engine builds more cheaply: readers
    get the dict ``dict(zip(keys, values))``, made when they read it. ``add_all`` appends
    several events in one node (its ``event`` is then the list of them).
    """
    __slots__ = ("parent", "event", "size")

    def __init__(self, parent: "Log | None" = None, event: dict | None = None):
        self.parent = parent
        self.event = event
        self.size = 0 if parent is None else parent.size + 1

    def add(self, event: dict) -> "Log":
        return Log(self, event)

    def add_all(self, events: list) -> "Log":
        """The log with ``events`` (dicts or tuples, not lists) appended, in one node."""
        node = Log(self, events)
        node.size = self.size + len(events)
        return node

    def __reduce__(self):
        """Pickled as a flat list (a long chain of parents would overflow pickle's recursion)."""
        return log_of, (self.to_list(),)

    def __len__(self) -> int:
        return self.size

    def to_list(self) -> list[dict]:
        return self.since(0)

    def since(self, size: int) -> list[dict]:
        """Events appended after the log had ``size`` entries."""
        return [ev if type(ev) is dict else dict(zip(ev[0], ev[1:])) for ev in self.stored_since(size)]

    def stored_since(self, size: int) -> list:
        """The entries appended after the log had ``size``, as stored (dicts or tuples, see the
        class): equal lists for equal events, without building dicts (the search's outcome key)."""
        out = []
        node = self
        while node.size > size:
            ev = node.event
            if type(ev) is list:   # several events (add_all): those after ``size``, last first
                out += reversed(ev[max(0, size - node.parent.size):])
            else:
                out.append(ev)
            node = node.parent
        out.reverse()
        return out


EMPTY_LOG = Log()


def log_of(events: list[dict]) -> Log:
    """A Log holding ``events`` in order."""
    log = EMPTY_LOG
    for ev in events:
        log = log.add(ev)
    return log


class Action(Protocol):
    """A small frozen dataclass: one atomic decision."""

    def describe(self, seats=None) -> str: ...   # plain words for the log, in the chosen language


class Rules(Protocol):
    """Everything the engine reads of a game's rules (``RulesBase`` gives the defaults)."""
    id: str
    title: str
    min_players: int
    max_players: int
    seat_colors: list
    options_spec: list
    private_info: bool
    reveal_events: frozenset

    def new_game(self, seats: list[Seat], seed: int, options: Options) -> Any: ...
    def to_move(self, s) -> int | None: ...
    def legal_actions(self, s) -> list: ...
    def apply(self, s, a) -> Any: ...
    def is_over(self, s) -> bool: ...
    def score_sheets(self, s) -> list[ScoreSheet]: ...
    def winners(self, s) -> list[int]: ...
    def observe(self, s, player: int) -> Any: ...
    def determinize(self, s, player: int, rng) -> Any: ...
    # records
    def record_setup(self, s) -> dict: ...          # the record's `setup` section
    def final_extra(self, s) -> dict: ...           # game-specific part of `final` (may be {})
    def action_from_event(self, s, event: dict) -> Any | None: ...
    def validate_setup(self, seats: list[Seat], options: Options) -> str | None: ...
    def imaginary_seat(self, real: int) -> str | None: ...
    def apply_trusted(self, s, a) -> Any: ...
    def count_work(self, units: int) -> None: ...   # a search's costly step that is not an apply
    def turn_given_up(self, s, a) -> bool | None: ...  # the arena's count of turns ended untouched
    def end_reason(self, s) -> str | None: ...      # what ended a finished game, where it varies


class RulesBase:
    """What every game's rules class inherits: the capabilities the engine reads, with their
    defaults. A game overrides what it has; ``reveal_events`` has no default, because a game that
    forgot it would let undo take back a roll or a draw.

    reveal_events: frozenset    # event types that show something new (a roll, a draw, a new round)
    """
    id: str
    title: str
    min_players: int
    max_players: int
    seat_colors: list = []          # the colours a seat may take, in the order setup offers them
    # [{"key", "label", "type": "bool", "default"}]: setup's options; "label" holds an N_() message
    # id (English), translated where setup draws it: _(o["label"])
    options_spec: list = []
    private_info = False            # True when a player holds something others must not see

    def imaginary_seat(self, real: int) -> str | None:
        """The name of a seat the rules add for ``real`` players, in the chosen language (None: no
        such seat). The seat the rules put in the game keeps the English message id as its name
        (see ``Seat.shown_name``)."""
        return None

    def apply_trusted(self, s, a):
        """``apply`` for an action known to be legal (the search and replays); may skip the check."""
        return self.apply(s, a)

    def count_work(self, units: int) -> None:
        """A heuristic reports a costly step that is not an apply (``units`` applies' worth of time):
        a search that bounds its work counts it (see ismcts.counting_applies); here it is nothing."""

    def turn_given_up(self, s, a) -> bool | None:
        """Whether ``a``, played in ``s``, ends a turn its player left untouched (True), ends a turn
        in which something was done (False), or ends no turn (None). The arena counts the turns each
        AI level gives up; a game whose turns cannot be given up leaves it None."""
        return None

    def end_reason(self, s) -> str | None:
        """What ended the finished game ``s`` (a short id, e.g. "prey"), for a game that can end in
        more than one way (the arena counts them); None for a game that always ends the same way."""
        return None


class RulesError(Exception):
    """An action that is not legal in the state it was applied to."""
