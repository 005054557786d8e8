"""Antics! data: data/antics/*.yaml -> validated, frozen dataclasses.

Every problem raises ``game.core.data.DataError`` naming the file, the entry and the field.
The counts of the box are checked: 60 ant-hill tiles (4 starting ones), 18 prey, 12 leaves,
48 ants and 12 action markers for 4 players.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from game.core.data import DataError, Entry, data_dir, describe, entries, in_range, list_of, load_yaml, one_of
from game.core.i18n import N_, _

SYMBOLS = ("scout", "build", "hatch", "ants", "heave", "fungus")
ACTIONS = ("scout", "build", "hatch", "ants", "heave")
# the names of the actions (and the fungus), as message ids: translate where shown, with
# ``action_word`` (or _(ACTION_WORDS[k]))
ACTION_WORDS = {"scout": N_("Scout"), "build": N_("Build"), "hatch": N_("Hatch"), "ants": N_("ANTS!"),
                "heave": N_("Heave"), "fungus": N_("Fungus")}
# the hatching areas by their terrain (or "soldier"), as in "the flower area": see ``area_word``
AREA_WORDS = {"flower": N_("flower"), "grass": N_("grass"), "water": N_("water"), "pebble": N_("pebble"),
              "stone": N_("stone"), "soldier": N_("soldier")}
# one leaf and several, by the leaf's id: see ``leaf_word``
LEAF_WORDS = {"green": (N_("green leaf"), N_("green leaves")), "brown": (N_("brown leaf"), N_("brown leaves"))}
NODE_KINDS = ("ant_hill", "junction", "clearing", "leaf_clearing")
EATS = ("prey", "ants", "prey_and_ants")
NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))   # axial hex directions
CHASM = "chasm"


@dataclass(frozen=True)
class Area:
    id: str
    soldier: bool
    terrain: str | None      # the trails its worker ants may enter (None for soldiers)
    colour: str


@dataclass(frozen=True)
class Prey:
    id: str
    name: str
    colour: str
    clearing: str


@dataclass(frozen=True)
class Leaf:
    id: str                  # "green" | "brown"
    on_board: int
    spare: int
    bonus: int
    clearing: str


@dataclass(frozen=True)
class Trail:
    id: str
    a: str
    b: str
    terrains: tuple[str, ...]   # ("chasm",) for the chasm

    @property
    def ends(self) -> tuple[str, str]:
        return (self.a, self.b)


@dataclass(frozen=True)
class AnticsData:
    min_players: int
    max_players: int
    player_colours: tuple[str, ...]
    ants_per_player: int
    markers_per_player: int
    actions_per_turn: int
    first_round_actions: tuple[int, ...]
    hand_limit: int
    max_level: int
    stall_rounds: int
    terrains: tuple[str, ...]
    areas: tuple[Area, ...]              # hatching areas, left to right
    prey: tuple[Prey, ...]
    prey_per_type: dict                  # players -> tokens per type on the board
    prey_tokens_per_type: int
    exhausted_tokens: int
    leaves: tuple[Leaf, ...]
    anteater_tiles: tuple[tuple[str, tuple[str, str]], ...]   # (tile id, (face, face))
    anteater_area: dict                  # face colour -> hatching area id searched first
    guide: dict                          # players -> (what the 1st, 2nd, 3rd arrival eats)
    fields: int
    rows: int
    setup_fields: int                    # set-up fills fields 1..setup_fields
    tiles: dict                          # tile id -> (symbol, symbol) for every loose tile
    starting_tiles: tuple[str, ...]      # one per player
    bag_tiles: tuple[str, ...]
    base: tuple[tuple[str, tuple[tuple[int, int, str], ...]], ...]  # (tile id, ((q, r, symbol), ...))
    nodes: dict                          # node id -> kind
    trails: dict                         # trail id -> Trail (file order)
    ant_hill: str
    chasm: str | None                    # the chasm trail id

    # derived look-ups (filled in by load)
    @property
    def area_index(self) -> dict:
        return {a.id: i for i, a in enumerate(self.areas)}

    def tile_record(self) -> dict:
        return {t: list(sy) for t, sy in self.tiles.items()}


def _file(path: Path, name: str) -> str:
    return f"data/antics/{name}" if "data" in Path(path).parts else str(path)


def _components(path: Path) -> dict:
    f = _file(path, "components.yaml")
    top = Entry(f, None, load_yaml(path))
    out: dict = {}
    pl = top.sub("players")
    out["min_players"] = pl.req("min", int, in_range(2, 6))
    out["max_players"] = pl.req("max", int, in_range(out["min_players"], 6))
    out["player_colours"] = tuple(top.req("player_colours", list, list_of(str)))
    if len(out["player_colours"]) < out["max_players"] or len(set(out["player_colours"])) != len(out["player_colours"]):
        raise top.error("player_colours", f"must list at least {out['max_players']} different colours")
    per = top.sub("per_player")
    out["ants_per_player"] = per.req("ants", int, in_range(2, 40))
    out["markers_per_player"] = per.req("action_markers", int, in_range(1, 10))
    per.req("magnificants", int, in_range(1, 1))
    out["actions_per_turn"] = top.req("actions_per_turn", int, in_range(1, 10))
    out["first_round_actions"] = tuple(top.req("first_round_actions", list, list_of(int)))
    if any(not 0 < x <= out["actions_per_turn"] for x in out["first_round_actions"]):
        raise top.error("first_round_actions", f"each must be between 1 and {out['actions_per_turn']}")
    out["hand_limit"] = top.req("hand_limit", int, in_range(0, 20))
    out["max_level"] = top.req("max_level", int, in_range(2, 9))
    out["stall_rounds"] = top.req("stall_rounds", int, in_range(5, 500))
    terrains = tuple(top.req("terrains", list, list_of(str)))
    if len(set(terrains)) != len(terrains) or CHASM in terrains:
        raise top.error("terrains", "must list different terrain names (not 'chasm')")
    out["terrains"] = terrains
    areas = []
    for e in entries(f, top.value, "hatching_areas"):
        aid = e.req("id", str)
        ant = e.req("ant", str, one_of(("worker", "soldier")))
        terrain = e.req("terrain", str, one_of(terrains)) if ant == "worker" else None
        areas.append(Area(aid, ant == "soldier", terrain, e.req("colour", str)))
    if sum(a.soldier for a in areas) != 1:
        raise DataError(f, None, "hatching_areas", "must have exactly one soldier area")
    if sorted(a.terrain for a in areas if a.terrain) != sorted(terrains):
        raise DataError(f, None, "hatching_areas", "must have one worker area per terrain")
    out["areas"] = tuple(areas)
    prey = []
    for e in entries(f, top.value, "prey"):
        prey.append(Prey(e.req("id", str), e.req("name", str), e.req("colour", str), e.req("clearing", str)))
    out["prey"] = tuple(prey)
    ppt = top.req("prey_per_type", dict)
    out["prey_tokens_per_type"] = top.req("prey_tokens_per_type", int, in_range(1, 9))
    for k, v in ppt.items():
        if not isinstance(k, int) or not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= out["prey_tokens_per_type"]:
            raise top.error("prey_per_type", f"must map player counts to 1-{out['prey_tokens_per_type']} tokens")
    for n in range(out["min_players"], out["max_players"] + 1):
        if n not in ppt:
            raise top.error("prey_per_type", f"has no entry for {n} players")
    out["prey_per_type"] = dict(ppt)
    out["exhausted_tokens"] = top.req("prey_exhausted_tokens", int, in_range(len(prey), len(prey)))
    leaves = []
    for e in entries(f, top.value, "leaves"):
        leaves.append(Leaf(e.req("id", str, one_of(("green", "brown"))), e.req("on_board", int, in_range(1, 20)),
                           e.req("spare", int, in_range(0, 5)), e.req("bonus", int, in_range(0, 10)),
                           e.req("clearing", str)))
    out["leaves"] = tuple(leaves)
    eaters = []
    for e in entries(f, top.value, "anteaters"):
        sides = e.req("sides", list, list_of(str, 2))
        eaters.append((e.req("id", str), tuple(sides)))
    if len(eaters) != 3:
        raise DataError(f, None, "anteaters", f"must list 3 anteater tiles, found {len(eaters)}")
    out["anteater_tiles"] = tuple(eaters)
    faces = [c for _, s in eaters for c in s]
    prey_colours = sorted(p.colour for p in prey)
    if sorted(faces) != prey_colours:
        raise DataError(f, None, "anteaters", "the six faces must be the six prey colours, once each")
    amap = top.req("anteater_colours", dict)
    area_ids = [a.id for a in areas]
    for c in faces:
        if c not in amap:
            raise top.error("anteater_colours", f"has no hatching area for the {c} anteater")
        if amap[c] not in area_ids:
            raise top.error("anteater_colours", f"unknown id {describe(amap[c])} (expected one of {', '.join(area_ids)})")
    out["anteater_area"] = {c: amap[c] for c in faces}
    guide = top.req("anteater_guide", dict)
    for n in range(out["min_players"], out["max_players"] + 1):
        if n not in guide:
            raise top.error("anteater_guide", f"has no column for {n} players")
        problem = list_of(str, 3, EATS)(guide[n]) if isinstance(guide[n], list) else "must be a list"
        if problem:
            raise top.error(f"anteater_guide.{n}", problem)
    out["guide"] = {n: tuple(guide[n]) for n in range(out["min_players"], out["max_players"] + 1)}
    sf = top.sub("scout_fields")
    out["fields"] = sf.req("fields", int, in_range(2, 9))
    out["rows"] = sf.req("rows", int, in_range(3, 3))
    sf.req("anteater_start_field", int, in_range(out["fields"], out["fields"]))
    setup = sf.req("setup_fields", list, list_of(int, 2))
    if setup[0] != 1 or not 1 <= setup[1] < out["fields"]:
        raise sf.error("setup_fields", f"must be [1, N] with N below {out['fields']}")
    out["setup_fields"] = setup[1]
    return out


def _tiles(path: Path, max_players: int) -> dict:
    f = _file(path, "tiles.yaml")
    top = Entry(f, None, load_yaml(path))
    sym2 = list_of(str, 2, SYMBOLS)
    st = Entry(f, "starting_tile", top.req("starting_tile", dict))
    s_syms = tuple(st.req("hexes", list, sym2))
    s_count = st.req("count", int, in_range(max_players, max_players))
    tiles, starting, bag = {}, [], []
    for i in range(s_count):
        tid = f"S{i + 1}"
        tiles[tid] = s_syms
        starting.append(tid)
    base, cells = [], set()
    for e in entries(f, top.value, "base"):
        bid = e.req("id", str)
        hexes = e.req("hexes", list)
        if len(hexes) != 2:
            raise e.error("hexes", "must list the tile's 2 hexes")
        got = []
        for h in hexes:
            if (not isinstance(h, list) or len(h) != 3 or not all(isinstance(x, int) and not isinstance(x, bool) for x in h[:2])
                    or h[2] not in SYMBOLS):
                raise e.error("hexes", f"each hex must be [q, r, symbol], found {describe(h)}")
            if (h[0], h[1]) in cells:
                raise e.error("hexes", f"cell {h[0]},{h[1]} is used twice")
            cells.add((h[0], h[1]))
            got.append((h[0], h[1], h[2]))
        if (got[1][0] - got[0][0], got[1][1] - got[0][1]) not in NEIGHBOURS:
            raise e.error("hexes", "the two hexes of a tile must be neighbours")
        base.append((bid, tuple(got)))
    if len(base) != 3:
        raise DataError(f, None, "base", f"must list 3 tiles, found {len(base)}")
    k = 0
    for e in entries(f, top.value, "bag"):
        syms = tuple(e.req("hexes", list, sym2))
        for _ in range(e.req("count", int, in_range(1, 60))):
            k += 1
            tid = f"K{k:02d}"
            tiles[tid] = syms
            bag.append(tid)
    want = top.req("bag_count", int, in_range(1, 200))
    if len(bag) != want:
        raise DataError(f, None, "bag", f"the counts must add up to {want} tiles, found {len(bag)}")
    return {"tiles": tiles, "starting_tiles": tuple(starting), "bag_tiles": tuple(bag), "base": tuple(base)}


def _board(path: Path, terrains, prey, leaves) -> dict:
    f = _file(path, "board.yaml")
    top = Entry(f, None, load_yaml(path))
    nodes = {}
    for e in entries(f, top.value, "nodes"):
        nodes[e.req("id", str)] = e.req("kind", str, one_of(NODE_KINDS))
    hills = [n for n, k in nodes.items() if k == "ant_hill"]
    if len(hills) != 1:
        raise DataError(f, None, "nodes", "must have exactly one ant_hill node")
    trails, chasm = {}, None
    allowed = tuple(terrains) + (CHASM,)
    for e in entries(f, top.value, "trails"):
        tid = e.req("id", str)
        a = e.req("a", str, one_of(nodes))
        b = e.req("b", str, one_of(nodes))
        if a == b:
            raise e.error("b", "a trail must join two different nodes")
        ter = e.req("terrain", (str, list))
        ter = (ter,) if isinstance(ter, str) else tuple(ter)
        problem = list_of(str, None, allowed)(list(ter)) or (None if ter else "must name a terrain")
        if problem:
            raise e.error("terrain", problem)
        if CHASM in ter:
            if len(ter) != 1 or chasm is not None:
                raise e.error("terrain", "there is one chasm, and it has no other terrain")
            if nodes[a] != "junction" or nodes[b] != "junction":
                raise e.error("terrain", "the chasm must join two junctions")
            chasm = tid
        trails[tid] = Trail(tid, a, b, ter)
    for p in prey:
        if nodes.get(p.clearing) != "clearing":
            raise DataError(_file(path.with_name("components.yaml"), "components.yaml"), p.id, "clearing", f"{describe(p.clearing)} is not a clearing of the board")
    for lf in leaves:
        if nodes.get(lf.clearing) != "leaf_clearing":
            raise DataError(_file(path.with_name("components.yaml"), "components.yaml"), lf.id, "clearing", f"{describe(lf.clearing)} is not a leaf clearing of the board")
    # every node is reachable from the ant-hill on foot
    seen, todo = {hills[0]}, [hills[0]]
    while todo:
        n = todo.pop()
        for t in trails.values():
            if CHASM in t.terrains:
                continue
            for x, y in ((t.a, t.b), (t.b, t.a)):
                if x == n and y not in seen:
                    seen.add(y)
                    todo.append(y)
    lost = [n for n in nodes if n not in seen]
    if lost:
        raise DataError(f, lost[0], None, "cannot be reached from the ant-hill")
    return {"nodes": nodes, "trails": trails, "ant_hill": hills[0], "chasm": chasm}


def load_data(directory: Path | str | None = None) -> AnticsData:
    d = Path(directory) if directory else data_dir() / "antics"
    c = _components(d / "components.yaml")
    t = _tiles(d / "tiles.yaml", c["max_players"])
    b = _board(d / "board.yaml", c["terrains"], c["prey"], c["leaves"])
    data = AnticsData(**c, **t, **b)
    f = _file(d / "components.yaml", "components.yaml")
    n_max = data.max_players
    counts = {
        "ant-hill tiles": (len(data.tiles), 60),
        "prey": (len(data.prey) * data.prey_tokens_per_type, 18),
        "leaves": (sum(lf.on_board + lf.spare for lf in data.leaves), 12),
        "ants": (data.ants_per_player * n_max, 48),
        "action markers": (data.markers_per_player * n_max, 12),
    }
    for what, (got, want) in counts.items():
        if got != want:
            where = _file(d / "tiles.yaml", "tiles.yaml") if what == "ant-hill tiles" else f
            raise DataError(where, None, what, f"the box holds {want} {what}, the data gives {got}")
    clearings = Counter(p.clearing for p in data.prey) + Counter(lf.clearing for lf in data.leaves)
    dup = [cl for cl, k in clearings.items() if k > 1]
    if dup:
        raise DataError(f, None, "prey", f"two kinds of item share the clearing {dup[0]}")
    return data


_CACHE: dict = {}


def get_data() -> AnticsData:
    """The bundled data, loaded and validated once."""
    if "data" not in _CACHE:
        _CACHE["data"] = load_data()
    return _CACHE["data"]


# ---------------------------------------------------------------- names for people
def action_word(symbol: str) -> str:
    """An action's (or the fungus's) name in the chosen language ("Scout", "ANTS!"); an unknown
    symbol as it is."""
    return _(ACTION_WORDS[symbol]) if symbol in ACTION_WORDS else symbol


def area_word(area: str) -> str:
    """A hatching area by its terrain in the chosen language ("flower", "soldier"); an unknown
    area by its id."""
    return _(AREA_WORDS[area]) if area in AREA_WORDS else area.replace("_", " ")


def leaf_word(leaf: str, many: bool = False) -> str:
    """A leaf kind in the chosen language: "green leaf" (``many``: "green leaves")."""
    words = LEAF_WORDS.get(leaf)
    if words is None:
        # i18n: a leaf of a kind the game does not name; {kind} its id from the data files
        return _("leaves ({kind})").format(kind=leaf) if many else _("leaf ({kind})").format(kind=leaf)
    return _(words[1] if many else words[0])


def prey_word(prey: str) -> str:
    """A prey kind by its name from the data files, in the chosen language ("ladybird")."""
    try:
        found = next((p.name for p in get_data().prey if p.id == prey), None)
    except DataError:
        found = None
    return _(found) if found else prey.replace("_", " ")
