"""Micropolis game state and actions (pure Python, no UI imports).

State fields (read-only for the UI; ``rules.apply`` returns a new State):

- ``seats``: list[Seat], player number = index; seat 0 is the first Military leader.
- ``expert``: bool, expert mode (two anthills per player, 2-3 players).
- ``tiles``: dict tile id -> data.Tile (shared, immutable definitions); ``consts``: data.Constants.
- ``anthills``: tuple[Anthill], one per anthill. Base game: anthill i belongs to player i.
  Expert: anthills 2p and 2p+1 belong to player p. See ``Anthill`` below.
- ``line``: tuple of 7 entries, tile id or None (a gap left by a taken tile; the line
  closes up only when it is refilled). Index 0 = position 1 = the free tile.
- ``line_soldiers``: tuple of 7 ints, soldiers lying on each line position.
- ``pile``: tuple of tile ids, the face-down draw pile, next draw first
  (after ``observe`` it is sorted: the order is hidden). ``pile_hidden`` says so.
- ``reserve``: soldiers in the reserve; ``architect_reserve``: Architect tokens in the reserve.
- ``architects``: tuple, Architect tokens held by each player (index = player). R28: a token
  belongs to the player, not to an anthill, so in expert mode either of the player's anthills
  may spend it (a token is never stranded when one anthill is complete).
- ``leader``: the anthill index holding the Red army token; ``leader_player`` = its owner.
- ``round``: 1..last_round (10, or 20 in expert mode); ``last_round``.
- ``turn_order``: tuple of players for this round (starts with the leader, clockwise =
  increasing seat number); ``turn_index``: position in it of the player on turn.
- ``phase``: "take" (choose a line tile) | "place" (choose the left or right end) |
  "barracks" (fill the new tile's barracks or not) | "sentry" (rearrange barracks) |
  "leader" (the Military leader chooses among tied challengers) | "over".
- ``pending``: tile id taken this turn (None in "take"/"leader"/"over");
  ``pending_slot``: its slot once placed (else None); ``active_anthill``: the anthill
  receiving it (None outside a turn).
- ``leader_choices``: anthills the leader may hand the token to (phase "leader").
- ``setup_line``: the first line (for the record). ``rng``: game Rng (None after observe).
- ``log``: game.core.rules.Log of events (see docs/records_micropolis.md).

A State is never changed once ``rules.apply`` has returned it, so the rules remember its
legal actions and score sheets on it (``_legal``, ``_sheets``; not fields, and ``copy``
forgets them). Whoever edits a copy (tests building a situation) does so before asking.
``_gaps`` (the line and the bits of its empty positions) is handed on to copies and trusted
only while ``line`` is that very tuple. Its attributes live in a plain dict (``__post_init__``):
copies made with ``dict.copy`` keep the interpreter's fast attribute access.

Anthill (NamedTuple): ``owner`` player; ``slots`` 10 tile ids or None (slot k clockwise;
right edge of k touches the left edge of k+1); ``left`` slot of the counter-clockwise end of
the arc (meaningful when count > 0); ``count`` tiles placed; ``army`` soldiers on the
Foundation; ``full`` frozenset of tile ids whose barracks are full (soldiers in them =
that tile's barracks size); ``architects`` Architect tokens this anthill may spend, which is
always its owner's tokens (``State.architects[owner]``, R28). It is a mirror kept for readers of
the per-anthill count: in expert mode both anthills of a player show the same shared tokens, so
never add it up over anthills; count tokens with ``State.architects``.

Rulings cited by number are in docs/rulings_micropolis.md.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from game.core.i18n import _, format_list
from game.core.rng import Rng
from game.core.rules import Log


class Anthill(NamedTuple):
    owner: int
    slots: tuple
    left: int
    count: int
    army: int
    full: frozenset
    architects: int   # mirror of State.architects[owner] (R28), see the module docstring

    @property
    def right(self) -> int:
        """Slot of the clockwise end of the arc."""
        return (self.left + self.count - 1) % 10

    def barracks_soldiers(self, tiles) -> int:
        return sum(tiles[t].barracks for t in self.full)


def _name(seats, p) -> str:
    from game.core.words import seat_name
    return seat_name(seats, p)


@dataclass(frozen=True)
class Take:
    """Take the tile at line ``position`` (0-based) for ``anthill`` (global anthill index).
    Pays one army soldier per tile before it, unless ``architect`` (spend a token: free; R28:
    the token is the player's, so any unfinished anthill of the player may receive the tile)."""
    position: int
    architect: bool = False
    anthill: int = 0

    def describe(self, seats=None) -> str:
        if self.architect:
            # i18n: a move in the log; {position} 1-7 in the line of tiles, {anthill} the anthill's number
            return _("take the tile at position {position} with an Architect token (anthill {anthill})").format(
                position=self.position + 1, anthill=self.anthill + 1)
        # i18n: a move in the log; {position} 1-7 in the line of tiles, {anthill} the anthill's number
        return _("take the tile at position {position} (anthill {anthill})").format(
            position=self.position + 1, anthill=self.anthill + 1)


@dataclass(frozen=True)
class PlaceEnd:
    """Put the pending tile at the "left" (counter-clockwise) or "right" (clockwise) end.
    First and tenth tile: only "right" is offered (one possible slot)."""
    end: str

    def describe(self, seats=None) -> str:
        if self.end == "left":
            return _("place the tile at the left end")
        if self.end == "right":
            return _("place the tile at the right end")
        # i18n: a move in the log; {end} the id of an end of the arc the game does not name
        return _("place the tile at the {end} end").format(end=self.end)


@dataclass(frozen=True)
class FillBarracks:
    """Fill the new tile's barracks from the army (all slots) or not."""
    fill: bool

    def describe(self, seats=None) -> str:
        return _("fill the barracks") if self.fill else _("leave the barracks empty")


@dataclass(frozen=True)
class Sentry:
    """Rearrange soldiers: ``full`` = tile ids whose barracks end full (the rest empty)."""
    full: frozenset

    def describe(self, seats=None) -> str:
        if not self.full:
            return _("sentry: all barracks empty")
        # i18n: a move in the log; {tiles} the ids of the tiles whose barracks end full, as a list
        return _("sentry: full barracks {tiles}").format(tiles=format_list(sorted(self.full)))


@dataclass(frozen=True)
class ChooseLeader:
    """The Military leader gives the Red army token to ``anthill`` (a tie among challengers)."""
    anthill: int

    def describe(self, seats=None) -> str:
        # i18n: a move in the log; {anthill} the anthill's number
        return _("give the Red army token to anthill {anthill}").format(anthill=self.anthill + 1)


@dataclass
class State:
    seats: list
    expert: bool
    tiles: dict
    consts: object
    anthills: tuple
    line: tuple
    line_soldiers: tuple
    pile: tuple
    pile_hidden: bool
    reserve: int
    architect_reserve: int
    architects: tuple
    leader: int
    round: int
    last_round: int
    turn_order: tuple
    turn_index: int
    phase: str
    pending: str | None
    pending_slot: int | None
    active_anthill: int | None
    leader_choices: tuple
    setup_line: tuple
    rng: Rng | None
    log: Log

    _legal = None    # caches of the rules (class defaults, not fields): see the module docstring
    _sheets = None
    _gaps = (None, 0)   # (line, bits of its empty positions): kept by copies, trusted only for that line

    def __post_init__(self):
        # a plain dict holding the caches too: attribute access on the State and its copies
        # (dict.copy) then takes the interpreter's fast path, which a shared-key dict misses
        self.__dict__ = dict(self.__dict__, _legal=None, _sheets=None, _gaps=State._gaps)

    def __setstate__(self, state: dict) -> None:
        self.__dict__ = dict(state)   # unpickled (the AI's process): a plain dict, see __post_init__

    def copy(self) -> "State":
        """A shallow copy (every field is immutable or shared) without the caches."""
        n = State.__new__(State)
        d = n.__dict__ = self.__dict__.copy()
        d["_legal"] = d["_sheets"] = None
        return n

    @property
    def n_players(self) -> int:
        return len(self.seats)

    @property
    def leader_player(self) -> int:
        return self.anthills[self.leader].owner

    @property
    def current_player(self) -> int | None:
        if self.phase == "over":
            return None
        if self.phase == "leader":
            return self.leader_player
        return self.turn_order[self.turn_index]

    def anthills_of(self, player: int) -> list[int]:
        return [i for i, a in enumerate(self.anthills) if a.owner == player]

    def tiles_in_play(self) -> int:
        """Pile + line + anthills + pending (always 61 in a legal game)."""
        placed = sum(a.count for a in self.anthills)
        line = sum(1 for t in self.line if t is not None)
        pend = 1 if self.pending is not None and self.pending_slot is None else 0
        return len(self.pile) + line + placed + pend

    def soldiers_in_play(self) -> int:
        """Reserve + armies + barracks + line (always 45)."""
        return (self.reserve + sum(self.line_soldiers)
                + sum(a.army + a.barracks_soldiers(self.tiles) for a in self.anthills))
