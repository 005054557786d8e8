"""Micropolis data: data/micropolis/*.yaml -> validated, frozen dataclasses.

Every problem in a data file raises ``game.core.data.DataError`` naming the file,
the entry (tile id) and the field.

Rulings cited by number are in docs/rulings_micropolis.md.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from game.core.data import DataError, Entry, data_dir, describe, entries, in_range, list_of, load_yaml, one_of

PORTS = ("Li", "Lo", "Ri", "Ro")
# going round a tile's boundary the ports come in this cyclic order (planarity check)
_CYCLE = ("Ri", "Ro", "Lo", "Li")
SPECIALISTS = ("queen", "nurse", "architect", "sergeant", "sentry")
RULES_PLAYERS = 6                     # the most players the rules seat (MicropolisRules.max_players)


@dataclass(frozen=True)
class Segment:
    """One gallery piece of a tile: the ports it opens onto and what it holds."""
    ports: tuple[str, ...]
    workers: int
    specialist: str | None = None     # queen | nurse | architect | sergeant | sentry
    eggs: int = 0                     # nurses only
    fruits: tuple[str, ...] = ()      # fruit names or "gift"

    @property
    def ants(self) -> int:
        return self.workers + (1 if self.specialist else 0)

    def to_record(self) -> dict:
        d: dict = {"ports": list(self.ports), "workers": self.workers}
        if self.specialist:
            d["specialist"] = {"type": self.specialist}
            if self.specialist == "nurse":
                d["specialist"]["eggs"] = self.eggs
        if self.fruits:
            d["fruits"] = list(self.fruits)
        return d


class Ports(NamedTuple):
    """The segment index at each port of a tile (Li, Lo, Ri, Ro, in PORTS order), -1 where closed."""
    li: int
    lo: int
    ri: int
    ro: int


@dataclass(frozen=True)
class Tile:
    """One Anthill tile (never rotated). ``ps``: the segment at each port (``Ports``)."""
    id: str
    topology: str
    segments: tuple[Segment, ...]
    barracks: int = 0
    ps: Ports = field(init=False, compare=False, repr=False, default=Ports(-1, -1, -1, -1))

    def __post_init__(self):
        m = {p: -1 for p in PORTS}
        for i, sg in enumerate(self.segments):
            for p in sg.ports:
                m[p] = i
        object.__setattr__(self, "ps", Ports(*(m[p] for p in PORTS)))

    @property
    def ants(self) -> int:
        return sum(sg.ants for sg in self.segments)

    @property
    def specialist(self) -> str | None:
        for sg in self.segments:
            if sg.specialist:
                return sg.specialist
        return None

    @property
    def eggs(self) -> int:
        return sum(sg.eggs for sg in self.segments)

    @property
    def fruits(self) -> tuple[str, ...]:
        return tuple(f for sg in self.segments for f in sg.fruits)

    @property
    def port_seg(self) -> dict[str, int]:
        """``ps`` as a dict port name -> segment index (-1 where closed)."""
        return dict(zip(PORTS, self.ps))

    def to_record(self) -> dict:
        return {"segments": [sg.to_record() for sg in self.segments], "barracks": self.barracks}


@dataclass(frozen=True)
class Constants:
    anthill_tiles: int
    foundation_tiles: int
    soldiers: int
    architect_tokens: int
    min_players: int
    max_players: int
    soldiers_per_foundation: int
    line_size: int
    army_cap: int
    ring_slots: int
    colony_vp: int
    red_army_vp: int
    harvest_vp: tuple[int, ...]          # index = number of distinct fruits (0..6)
    barracks_vp: dict                    # size -> VP
    fruits: tuple[str, ...]
    wild_fruit: str
    expert_players: tuple[int, ...]
    anthills_per_player_expert: int
    expert_refill_every: int


@dataclass(frozen=True)
class MicropolisData:
    constants: Constants
    tiles: dict            # id -> Tile, in file order
    tile_ids: tuple[str, ...]
    foundations: tuple[str, ...]


def _crosses(a: set, b: set) -> bool:
    """True when two port sets of one tile interleave round the tile's boundary."""
    seq = [("a" if p in a else "b") for p in _CYCLE if p in a or p in b]
    changes = sum(1 for i in range(len(seq)) if seq[i] != seq[i - 1])
    return changes > 2


def load_constants(path: Path) -> Constants:
    file = "data/micropolis/constants.yaml" if "data" in Path(path).parts else str(path)
    top = Entry(file, None, load_yaml(path))
    comp, players, sc, ex = top.sub("components"), top.sub("players"), top.sub("scoring"), top.sub("expert")
    harvest = sc.req("harvest_vp_by_distinct_fruits", list, _points(7))
    bvp = sc.req("barracks_vp_by_size", dict, _barracks_vp)
    fruits = top.req("fruits", list, list_of(str, 6))
    wild = top.req("wild_fruit", str)
    if len(set(fruits)) != 6 or wild in fruits:
        raise top.error("fruits", f"must list 6 different fruits, none of them the wild fruit {describe(wild)}")
    lo = players.req("min", int, in_range(2, RULES_PLAYERS))
    c = Constants(
        anthill_tiles=comp.req("anthill_tiles", int, in_range(1, 200)),
        foundation_tiles=comp.req("foundation_tiles", int, in_range(1, 12)),
        soldiers=comp.req("soldiers", int, in_range(1, 200)),
        architect_tokens=comp.req("architect_tokens", int, in_range(0, 10)),
        min_players=lo,
        max_players=players.req("max", int, in_range(RULES_PLAYERS, RULES_PLAYERS)),
        soldiers_per_foundation=top.req("soldiers_per_foundation", int, in_range(0, 10)),
        line_size=top.req("line_size", int, in_range(1, 20)),
        army_cap=top.req("army_cap", int, in_range(1, 50)),
        ring_slots=top.req("ring_slots", int, in_range(10, 10)),
        colony_vp=sc.req("colony_vp", int, in_range(0, 99)),
        red_army_vp=sc.req("red_army_vp", int, in_range(0, 99)),
        harvest_vp=tuple(harvest),
        barracks_vp=dict(bvp),
        fruits=tuple(fruits),
        wild_fruit=wild,
        expert_players=tuple(ex.req("players", list, _expert_players)),
        anthills_per_player_expert=ex.req("anthills_per_player", int, in_range(1, 2)),
        expert_refill_every=ex.req("refill_every_rounds", int, in_range(1, 10)),
    )
    _check_supplies(top, c)
    return c


def _points(n: int):
    check = list_of(int, n)
    return lambda v: check(v) or (None if all(0 <= x <= 99 for x in v) else "each value must be between 0 and 99")


def _barracks_vp(v: dict) -> str | None:
    ok = set(v) == {1, 2, 3, 4} and not any(isinstance(k, bool) for k in v)
    if ok and not _points(4)(list(v.values())):
        return None
    return "must map sizes 1-4 to whole numbers between 0 and 99"


def _expert_players(v: list) -> str | None:
    problem = list_of(int)(v)
    if problem:
        return problem
    if not v or len(set(v)) != len(v) or not all(2 <= x <= RULES_PLAYERS for x in v):
        return f"must list different player counts between 2 and {RULES_PLAYERS}, found {describe(v)}"
    return None


def _check_supplies(top: Entry, c: Constants) -> None:
    """The largest table the rules allow must find enough tiles, soldiers and room in the line."""
    expert = max(c.expert_players) * c.anthills_per_player_expert
    anthills = max(RULES_PLAYERS, expert)
    if c.anthill_tiles < anthills * c.ring_slots:
        raise DataError(top.file, "components", "anthill_tiles",
                        f"{anthills} anthills need {anthills * c.ring_slots} tiles, found {c.anthill_tiles}")
    if c.soldiers < anthills * c.soldiers_per_foundation:
        raise DataError(top.file, "components", "soldiers",
                        f"{anthills} anthills need {anthills * c.soldiers_per_foundation}, found {c.soldiers}")
    if c.soldiers_per_foundation > c.army_cap:
        raise top.error("soldiers_per_foundation", f"must not exceed the army cap ({c.army_cap})")
    need = max(RULES_PLAYERS, max(c.expert_players) * c.expert_refill_every)
    if c.line_size < need:
        raise top.error("line_size", f"the line must hold the {need} tiles taken between two refills")


def _load_segment(e: Entry, tid: str, k: int, raw, c: Constants) -> Segment:
    where = f"segments[{k + 1}]"
    s = Entry(e.file, tid, raw) if isinstance(raw, dict) else None
    if s is None:
        raise DataError(e.file, tid, where, f"must be a mapping, found {describe(raw)}")

    def err(field, problem):
        return DataError(e.file, tid, f"{where}.{field}", problem)

    if "ports" not in raw:
        raise err("ports", "is missing")
    ports = raw["ports"]
    if not isinstance(ports, list) or not all(isinstance(p, str) for p in ports):
        raise err("ports", f"must be a list of port names, found {describe(ports)}")
    for p in ports:
        if p not in PORTS:
            raise err("ports", f"unknown id {describe(p)} (expected one of {', '.join(PORTS)})")
    if len(set(ports)) != len(ports):
        raise err("ports", "lists a port twice")
    if "workers" not in raw:
        raise err("workers", "is missing")
    w = raw["workers"]
    if not isinstance(w, int) or isinstance(w, bool):
        raise err("workers", f"must be a whole number, found {describe(w)}")
    if not 0 <= w <= 9:
        raise err("workers", f"must be between 0 and 9, found {w}")
    spec, eggs = None, 0
    if raw.get("specialist") is not None:
        sp = raw["specialist"]
        if not isinstance(sp, dict):
            raise err("specialist", f"must be a mapping, found {describe(sp)}")
        spec = sp.get("type")
        if spec is None:
            raise err("specialist.type", "is missing")
        if not isinstance(spec, str):
            raise err("specialist.type", f"must be text, found {describe(spec)}")
        if spec not in SPECIALISTS:
            raise err("specialist.type", f"unknown id {describe(spec)} (expected one of {', '.join(SPECIALISTS)})")
        if spec == "nurse":
            eggs = sp.get("eggs")
            if eggs is None:
                raise err("specialist.eggs", "is missing (a nurse holds 1-3 eggs)")
            if not isinstance(eggs, int) or isinstance(eggs, bool):
                raise err("specialist.eggs", f"must be a whole number, found {describe(eggs)}")
            if not 1 <= eggs <= 3:
                raise err("specialist.eggs", f"must be between 1 and 3, found {eggs}")
        elif "eggs" in sp:
            raise err("specialist.eggs", "only a nurse holds eggs")
    fruits = raw.get("fruits") or []
    if not isinstance(fruits, list):
        raise err("fruits", f"must be a list, found {describe(fruits)}")
    known = one_of(list(c.fruits) + [c.wild_fruit])
    for f in fruits:
        problem = known(f)
        if problem:
            raise err("fruits", problem)
    return Segment(tuple(ports), w, spec, eggs, tuple(fruits))


def load_tiles(path: Path, c: Constants) -> dict[str, Tile]:
    file = "data/micropolis/tiles.yaml" if "data" in Path(path).parts else str(path)
    raw = load_yaml(path)
    out: dict[str, Tile] = {}
    for e in entries(file, raw, "anthill_tiles"):
        tid = e.req("id", str, lambda v: None if v.strip() else "must not be empty")   # the rules rely on it
        topo = e.opt("topology", str, "")
        segs_raw = e.req("segments", list, lambda v: None if v else "must list at least one segment")
        segs = tuple(_load_segment(e, tid, k, r, c) for k, r in enumerate(segs_raw))
        barracks = e.opt("barracks", int, 0, in_range(0, 4))
        seen: dict[str, int] = {}
        for k, sg in enumerate(segs):
            for p in sg.ports:
                if p in seen:
                    raise e.error(f"segments[{k + 1}].ports", f"port {p} already used by segment {seen[p] + 1}")
                seen[p] = k
        for i in range(len(segs)):
            for j in range(i + 1, len(segs)):
                if _crosses(set(segs[i].ports), set(segs[j].ports)):
                    raise e.error(f"segments[{j + 1}].ports",
                                  f"crosses segment {i + 1} (galleries on one tile cannot cross; make one junction)")
        specs = [sg.specialist for sg in segs if sg.specialist]
        if len(specs) > 1:
            raise e.error("segments", "has more than one specialist")
        out[tid] = Tile(tid, topo, segs, barracks)
    if len(out) != c.anthill_tiles:
        raise DataError(file, None, "anthill_tiles", f"must list {c.anthill_tiles} tiles, found {len(out)}")
    return out


def load_foundations(path: Path, c: Constants) -> tuple[str, ...]:
    file = "data/micropolis/foundations.yaml" if "data" in Path(path).parts else str(path)
    raw = load_yaml(path)
    ids = []
    for e in entries(file, raw, "foundation_tiles"):
        ids.append(e.req("id", str))
        e.req("sides", int, in_range(10, 10))
        e.req("soldier_holes", int, in_range(c.army_cap, c.army_cap))
        e.opt("segments", list, [], lambda v: None if not v else "a Foundation has no galleries (ruling R3)")
    if len(ids) != c.foundation_tiles:
        raise DataError(file, None, "foundation_tiles", f"must list {c.foundation_tiles} tiles, found {len(ids)}")
    return tuple(ids)


def load_data(directory: Path | str | None = None) -> MicropolisData:
    d = Path(directory) if directory else data_dir() / "micropolis"
    c = load_constants(d / "constants.yaml")
    tiles = load_tiles(d / "tiles.yaml", c)
    found = load_foundations(d / "foundations.yaml", c)
    return MicropolisData(c, tiles, tuple(tiles), found)


def get_data() -> MicropolisData:
    """The bundled data, loaded and validated once: the rules object's (``rules.get_rules().data``)."""
    from .rules import get_rules   # (the rules import this module)
    return get_rules().data
