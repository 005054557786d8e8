"""Antics! state and actions (pure Python, no UI imports).

State fields (read-only for the UI; ``rules.apply`` returns a new State):

Ant-hills, per player p:
- ``hills[p]``: dict axial cell (q, r) -> stack, a tuple of (tile id, symbol) bottom first; the
  level of a cell is the length of its stack, its visible symbol the last entry's.
- ``stored[p]``: dict cell -> prey id (a stored prey token covers that hex for the rest of the game);
  ``beside[p]``: prey kept beside the hill because no hex was free (ruling 18).
- ``leaves[p]``: (green, brown) leaves held. ``hands[p]``: tile ids of unbuilt tiles.
- ``supply[p]``: ants in the supply; one more ant always stands on the large ant-hill (ruling 3).
Board:
- ``hatch[area][p]``: ants waiting in each hatching area (data order, left to right).
- ``ants[p]``: dict trail id -> item or None: p's worker ants on trails, and p's bridge (on the
  chasm trail). Items are prey ids or "leaf:green" / "leaf:brown".
- ``guards``: dict trail id -> player whose guard soldier is on that trail (one per trail).
- ``prey_left``: tokens on each prey type's clearing (data order); ``leaves_left``: per leaf kind;
  ``exhausted``: prey ids whose clearing shows an exhausted token.
Scout fields:
- ``fields``: one tuple per row (row 0 nearest the board) of ``data.fields`` places, field 1 first:
  a tile id, None (empty) or ANTEATER. ``faces``: per row, (anteater tile id, face colour).
- ``arrived``: rows whose anteater reached field 1 this cycle, in arrival order.
- ``bag``: tile ids in the bag (after ``observe``: sorted, ``bag_hidden`` True; draws are random).
Turn:
- ``round`` (1-based), ``start_player``, ``player`` (whose turn), ``actions_left`` (markers left),
  ``used`` (cells with a marker this turn), ``magnificant_used``, ``took_tiles`` (scouted this turn),
  ``acted`` (any action taken this round, for the stall rule 36).
- ``phase``: "act" | "scout" | "build_tile" | "build_cell" | "build_dir" | "build_orient" | "hatch" |
  "ants" | "heave" | "store" | "discard" | "order" | "over". ``act``/``level``/``units`` describe
  the action in progress (units left); ``field`` the next scout field; ``build_tile``/``build_cell``
  the tile and first cell chosen; ``first_area`` the area of an action's first hatched ant.
- ``delivered``: prey brought home this turn, waiting to be stored at the end of the turn.
- ``pending``: rows that reached field 1 together and wait for the active player's order.
- ``end_by``: player whose turn triggered the end (None before), ``turns_left`` final turns left,
  ``end_reason``: "bag" | "prey" | "stall" | "rounds".
- ``rng``: game Rng (None after observe). ``log``: core Log of events (docs/records_antics.md).

A State is never changed once ``rules.apply`` has returned it, and neither is any dict, tuple or
set in it (a new one replaces it), so the rules remember on it its legal actions and build
placements and the heuristics every player's value (``_legal``, ``_pl``, ``_vals``: not fields,
and ``copy`` forgets them); the rules what they worked out about each hill (``_hills``), and the
heuristics what the next anteaters eat and what the bag will hold after this turn (``_doomed``,
``_bag_after``): these ``copy`` hands on, since each names the objects it was worked out from.
Whoever edits a copy (tests building a situation) puts new objects in its fields before asking.

Rulings cited by number are in docs/rulings_antics.md.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.core.i18n import _

ANTEATER = "@"
LEAF_PREFIX = "leaf:"


def _name(seats, p) -> str:
    from game.core.words import seat_name
    return seat_name(seats, p)


def item_name(item: str) -> str:
    """A carried item (a prey id or "leaf:<kind>") by its name in the chosen language, without an
    article: "ladybird", "green leaf"."""
    from .data import leaf_word, prey_word
    if item.startswith(LEAF_PREFIX):
        return leaf_word(item[len(LEAF_PREFIX):])
    return prey_word(item)


def cell_text(cell) -> str:
    return f"{cell[0]},{cell[1]}"


def _words():
    from . import data
    return data


# ---------------------------------------------------------------- actions
# describe(): the move in plain words for the log, in the chosen language; cells are shown as
# "q,r" (axial coordinates), trails and clearings by their ids from the data files
@dataclass(frozen=True, slots=True)
class UseSpace:
    """Put an action marker on a visible action hex of your hill and take that action at its level."""
    cell: tuple

    def describe(self, seats=None) -> str:
        # i18n: a move in the log; {cell} a hex of the hill as "q,r"
        return _("use the action space at {cell}").format(cell=cell_text(self.cell))


@dataclass(frozen=True, slots=True)
class UseMagnificant:
    """Put the marker on the magnificANT: any action at level 1, once per turn."""
    action: str

    def describe(self, seats=None) -> str:
        # i18n: a move in the log; {action} an action's name ("Scout", "ANTS!")
        return _("use the magnificANT for {action}").format(action=_words().action_word(self.action))


@dataclass(frozen=True, slots=True)
class EndActions:
    """End the action phase (giving up any markers left); the clean-up follows."""

    def describe(self, seats=None) -> str:
        return _("end the turn")


@dataclass(frozen=True, slots=True)
class Steal:
    """A soldier from the red area takes the item that ``victim``'s ant carries on ``trail``."""
    trail: str
    victim: int

    def describe(self, seats=None) -> str:
        # i18n: a move in the log; {name} a player's name, {trail} a trail's id
        return _("steal from {name} on trail {trail}").format(name=_name(seats, self.victim), trail=self.trail)


@dataclass(frozen=True, slots=True)
class ScoutTake:
    """Take the tile of row ``row`` in the current scout field."""
    row: int

    def describe(self, seats=None) -> str:
        # i18n: a move in the log; {row} 1-3
        return _("take the tile in row {row}").format(row=self.row + 1)


@dataclass(frozen=True, slots=True)
class BuildTile:
    tile: str

    def describe(self, seats=None) -> str:
        return _("choose a tile to build")


@dataclass(frozen=True, slots=True)
class BuildCell:
    """The first hex the tile will cover."""
    cell: tuple

    def describe(self, seats=None) -> str:
        # i18n: a move in the log; {cell} a hex of the hill as "q,r"
        return _("build at {cell}").format(cell=cell_text(self.cell))


@dataclass(frozen=True, slots=True)
class BuildDir:
    """The second hex (a neighbour of the first)."""
    cell: tuple

    def describe(self, seats=None) -> str:
        # i18n: a move in the log (the hex the tile's second half covers); {cell} a hex as "q,r"
        return _("put its second half at {cell}").format(cell=cell_text(self.cell))


@dataclass(frozen=True, slots=True)
class BuildOrient:
    """Which of the tile's two symbols goes on the first hex."""
    symbol: str

    def describe(self, seats=None) -> str:
        # i18n: a move in the log; {symbol} an action's name ("Scout") or "Fungus"
        return _("turn the tile so {symbol} is on the first hex").format(symbol=_words().action_word(self.symbol))


@dataclass(frozen=True, slots=True)
class Hatch:
    area: str

    def describe(self, seats=None) -> str:
        # i18n: a move in the log; {area} a hatching area's terrain ("flower") or "soldier"
        return _("hatch an ant in the {area} area").format(area=_words().area_word(self.area))


@dataclass(frozen=True, slots=True)
class PlaceAnt:
    """Send an ant from hatching area ``area`` onto ``trail`` (the soldier area: a guard)."""
    area: str
    trail: str

    def describe(self, seats=None) -> str:
        # i18n: a move in the log; {area} the hatching area's terrain ("flower") or "soldier", {trail} a trail's id
        return _("send an ant from the {area} area onto trail {trail}").format(
            area=_words().area_word(self.area), trail=self.trail)


@dataclass(frozen=True, slots=True)
class Bridge:
    """Three soldiers bridge the chasm (two go back to the supply)."""

    def describe(self, seats=None) -> str:
        return _("bridge the chasm")


@dataclass(frozen=True, slots=True)
class PickUp:
    """Take an ant back into the supply: ``kind`` "ant" (worker or bridge on trail ``where``),
    "guard" (guard soldier on trail ``where``) or "area" (from hatching area ``where``)."""
    kind: str
    where: str

    def describe(self, seats=None) -> str:
        if self.kind == "area":
            # i18n: a move in the log; {area} a hatching area's terrain ("flower") or "soldier"
            return _("take back an ant waiting in the {area} area").format(area=_words().area_word(self.where))
        if self.kind == "guard":
            # i18n: a move in the log; {trail} a trail's id
            return _("take back the guard on trail {trail}").format(trail=self.where)
        # i18n: a move in the log; {trail} a trail's id
        return _("take back the ant on trail {trail}").format(trail=self.where)


@dataclass(frozen=True, slots=True)
class Stop:
    """Use no more units of this action."""

    def describe(self, seats=None) -> str:
        return _("stop this action")


@dataclass(frozen=True, slots=True)
class HeavePick:
    """The empty ant on ``trail`` picks up an item from clearing ``node`` at its end."""
    trail: str
    node: str

    def describe(self, seats=None) -> str:
        # i18n: a move in the log; {clearing} a clearing's id
        return _("pick up from {clearing}").format(clearing=self.node)


@dataclass(frozen=True, slots=True)
class HeaveMove:
    src: str
    dst: str

    def describe(self, seats=None) -> str:
        # i18n: a move in the log; {src} and {dst} trails' ids
        return _("heave from trail {src} to trail {dst}").format(src=self.src, dst=self.dst)


@dataclass(frozen=True, slots=True)
class HeaveHome:
    trail: str

    def describe(self, seats=None) -> str:
        # i18n: a move in the log; {trail} a trail's id
        return _("heave home from trail {trail}").format(trail=self.trail)


@dataclass(frozen=True, slots=True)
class StorePrey:
    """Store the next delivered prey on hex ``cell`` (None: beside the hill, nothing free)."""
    cell: tuple | None

    def describe(self, seats=None) -> str:
        if self.cell is None:
            return _("keep the prey beside the hill")
        # i18n: a move in the log; {cell} a hex of the hill as "q,r"
        return _("store the prey at {cell}").format(cell=cell_text(self.cell))


@dataclass(frozen=True, slots=True)
class Discard:
    tile: str

    def describe(self, seats=None) -> str:
        return _("put a tile back in the bag")


@dataclass(frozen=True, slots=True)
class ArrivalFirst:
    """Of the anteaters reaching field 1 together, the one in ``row`` arrives next."""
    row: int

    def describe(self, seats=None) -> str:
        # i18n: a move in the log; {row} 1-3
        return _("the anteater of row {row} arrives first").format(row=self.row + 1)


# ---------------------------------------------------------------- state
@dataclass
class State:
    seats: list
    data: object
    hills: tuple
    stored: tuple
    beside: tuple
    leaves: tuple
    hands: tuple
    supply: tuple
    hatch: tuple
    ants: tuple
    guards: dict
    prey_left: tuple
    leaves_left: tuple
    exhausted: frozenset
    fields: tuple
    faces: tuple
    arrived: tuple
    bag: tuple
    bag_hidden: bool
    round: int
    start_player: int
    player: int
    actions_left: int
    used: frozenset
    magnificant_used: bool
    took_tiles: bool
    acted: bool
    phase: str
    act: str | None
    level: int
    units: int
    field: int
    build_tile: str | None
    build_cell: tuple | None
    build_second: tuple | None
    first_area: str | None
    delivered: tuple
    pending: tuple
    end_by: int | None
    turns_left: int
    end_reason: str | None
    bag_short: bool
    rng: object
    log: object

    _legal = None    # caches of the rules and heuristics (class defaults, not fields): see the module docstring
    _pl = None
    _vals = None
    _doomed = None
    _bag_after = None
    _hills = None

    def copy(self) -> "State":
        """A shallow copy (every field is immutable or shared) without the caches that hold for this
        state alone (rules.apply_trusted does the same inline)."""
        n = State.__new__(State)
        d = n.__dict__ = self.__dict__.copy()
        d["_legal"] = d["_pl"] = d["_vals"] = None
        return n

    def __getstate__(self) -> dict:
        """Pickled (to the AI's process) without the caches."""
        return {k: v for k, v in self.__dict__.items() if not k.startswith("_")}

    @property
    def n_players(self) -> int:
        return len(self.seats)

    def height(self, p: int, cell) -> int:
        return len(self.hills[p].get(cell, ()))

    def top(self, p: int, cell):
        """(tile id, symbol) visible at ``cell`` of p's hill, or None."""
        st = self.hills[p].get(cell)
        return st[-1] if st else None

    def eater_field(self, row: int) -> int:
        """1-based field of the anteater in ``row``."""
        return self.fields[row].index(ANTEATER) + 1

    def prey_to_go(self) -> int:
        """Prey tokens still to leave the board before the end is triggered: all but those of the
        kind with most left (ruling 22: the end comes when one kind at most is left)."""
        return sum(self.prey_left) - max(self.prey_left)

    def has_prey(self, p: int, prey: str) -> bool:
        """p carries, has delivered or has stored this prey type (ruling 6, 31)."""
        if prey in self.stored[p].values() or prey in self.beside[p]:
            return True
        if p == self.player and prey in self.delivered:
            return True
        return prey in self.ants[p].values()

    # conservation counts (tests and the property checks)
    def ants_of(self, p: int) -> int:
        """Every ant of p: supply + areas + trails + guards + the one on the large ant-hill."""
        return (self.supply[p] + sum(a[p] for a in self.hatch) + len(self.ants[p])
                + sum(1 for g in self.guards.values() if g == p) + 1)
