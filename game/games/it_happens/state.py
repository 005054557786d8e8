"""It Happens.. game state and actions.

State fields (the UI only reads them; ``apply`` returns a new State):
- seats: list[Seat], every seat in turn order; in a 2-player game seat 2 is the imaginary player
- real: number of real players (turns rotate among seats 0..real-1)
- neutral: seat index of the imaginary player, or None
- comps: Components (shared, immutable)
- round: 1..4; start_player: who began this round
- mounds: tuple of the 3 mound ids on the table, left to right ("display order")
- deck: tuple of mound ids still face down, in reveal order (hidden: ``observe`` sorts it)
- order: all 12 mound ids in reveal order (for the record; None in an observation)
- board: per current mound, per column, (owner seat or None, tuple of die values bottom first)
- die_colors: per current mound, per column, tuple of the colours of the dice placed there
- hand: per seat, dict colour -> dice still in hand (the imaginary seat holds none: its dice are
  in the real players' hands under its colour)
- colors: per seat, the seat's own dice colour
- turn: the seat to decide; phase: "roll" | "place" | "over"
- current: (colour, value) of the die just rolled, or None
- skipped: seats that can no longer place this round
- worms, worm_supply; items (per seat, counts per item type, in comps.item_types order), item_supply
- queens, generals: per seat, tuple of the VP tile values won
- rng: the game's random stream (None in an observation); log: the event Log

A State is never changed once ``apply`` or ``new_game`` has returned it: the rules cache its
legal actions on it. To edit a position (tests, heuristics), ``copy()`` it first and change the
copy before asking the rules about it. Copies share the tuples and hand dicts: replace those,
never change them in place.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.core.i18n import _
from game.core.rng import Rng
from game.core.rules import Log

_new = object.__new__   # (State.copy runs every move: one lookup less)


@dataclass(frozen=True)
class Roll:
    """Roll one die of ``color`` (with two colours in hand, this is also the colour choice)."""
    color: str

    def describe(self, seats=None) -> str:
        from game.core.words import colour_word
        # i18n: a move in the log; {colour} a dice colour word ("red")
        return _("roll a {colour} die").format(colour=colour_word(self.color))


@dataclass(frozen=True)
class Reroll:
    def describe(self, seats=None) -> str:
        return _("pay a worm to roll again")


@dataclass(frozen=True)
class Pass:
    def describe(self, seats=None) -> str:
        return _("pay a worm to pass")


@dataclass(frozen=True)
class Place:
    mound: int   # index into State.mounds (0..2)
    column: int  # 0..4, left to right

    def describe(self, seats=None) -> str:
        # i18n: a move in the log; {mound} 1-3 (the mound's place on the table, left to right), {column} 1-5
        return _("place the die on mound {mound}, column {column}").format(mound=self.mound + 1,
                                                                            column=self.column + 1)


@dataclass(slots=True)
class State:
    seats: list
    real: int
    neutral: int | None
    comps: object
    options: dict
    round: int
    start_player: int
    mounds: tuple
    deck: tuple
    order: tuple | None
    board: tuple
    die_colors: tuple
    hand: tuple
    colors: tuple
    turn: int | None
    phase: str
    current: tuple | None
    skipped: frozenset
    worms: tuple
    worm_supply: int
    items: tuple
    item_supply: tuple
    queens: tuple
    generals: tuple
    rng: Rng | None
    log: Log
    # caches kept by the rules: what the board allows (tagged with the board it was worked out
    # for, so copies share it), and the legal actions of this very state (a copy starts without)
    _geometry: tuple | None = field(default=None, repr=False, compare=False)
    _legal: list | None = field(default=None, init=False, repr=False, compare=False)

    def copy(self) -> "State":
        """A shallow copy without the legal-action cache. Field by field, one statement each: search
        copies a state per move and this is the quickest way Python has."""
        n = _new(State)
        n.seats = self.seats
        n.real = self.real
        n.neutral = self.neutral
        n.comps = self.comps
        n.options = self.options
        n.round = self.round
        n.start_player = self.start_player
        n.mounds = self.mounds
        n.deck = self.deck
        n.order = self.order
        n.board = self.board
        n.die_colors = self.die_colors
        n.hand = self.hand
        n.colors = self.colors
        n.turn = self.turn
        n.phase = self.phase
        n.current = self.current
        n.skipped = self.skipped
        n.worms = self.worms
        n.worm_supply = self.worm_supply
        n.items = self.items
        n.item_supply = self.item_supply
        n.queens = self.queens
        n.generals = self.generals
        n.rng = self.rng
        n.log = self.log
        n._geometry = self._geometry
        n._legal = None
        return n

    def owner_of(self, color: str) -> int:
        """The seat a die colour belongs to."""
        return self.colors.index(color)

    def mound(self, i: int):
        return self.comps.mound_by_id[self.mounds[i]]

