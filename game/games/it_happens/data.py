"""It Happens.. data: data/it_happens/*.yaml -> validated, frozen dataclasses.

Every problem raises ``game.core.data.DataError`` naming the file, the entry and the field.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from game.core.data import DataError, Entry, data_dir, describe, entries, in_range, list_of, load_yaml

PLAIN, WORM = "plain", "worm"


@dataclass(frozen=True)
class Mound:
    id: str
    worm_number: int
    queen_vp: int
    general_vp: int
    columns: tuple[tuple[str, ...], ...]   # left to right; each column bottom space first

    def to_record(self) -> dict:
        return {"id": self.id, "worm_number": self.worm_number, "queen_vp": self.queen_vp,
                "general_vp": self.general_vp, "columns": [list(c) for c in self.columns]}


@dataclass(frozen=True)
class Components:
    min_players: int
    max_players: int
    rounds: int
    mounds_per_round: int
    colors: tuple[str, ...]
    dice_per_color: int
    starting_worms: int
    worm_tiles: int
    item_types: tuple[str, ...]
    item_tiles: tuple[int, ...]            # per item type, same order as item_types
    vp_tiles: dict
    item_set_vp: int
    variety_vp: int
    worm_vp: int
    neutral_dice_per_player: int
    neutral_starting_worms: int
    mounds: tuple[Mound, ...]

    @cached_property
    def mound_by_id(self) -> dict:
        return {m.id: m for m in self.mounds}


def load(root: Path | None = None) -> Components:
    root = Path(root) if root else data_dir()
    cname, mname = "data/it_happens/components.yaml", "data/it_happens/mounds.yaml"
    top = Entry(cname, None, load_yaml(root / "it_happens" / "components.yaml"))
    players = top.sub("players")
    lo = players.req("min", int, in_range(2, 5))
    hi = players.req("max", int, in_range(lo, 5))
    dice = top.sub("dice")
    colors = tuple(dice.req("colors", list, list_of(str)))
    need = max(hi, 3)                                     # two players add a neutral third colour
    if len(colors) < need or len(set(colors)) != len(colors):
        raise dice.error("colors", f"needs {need} different colours, found {describe(list(colors))}")
    if dice.req("faces", list) != [1, 2, 3, 4, 5, 6]:
        raise dice.error("faces", "must be [1, 2, 3, 4, 5, 6]")
    item_types, item_counts = _item_tiles(top.sub("item_tiles"))
    vp_tiles = _vp_tiles(top.sub("vp_tiles"))
    mounds = _mounds(mname, load_yaml(root / "it_happens" / "mounds.yaml"), {PLAIN, WORM, *item_types})
    printed = Counter(v for m in mounds for v in (m.queen_vp, m.general_vp))
    if dict(printed) != vp_tiles:
        raise DataError(cname, "vp_tiles", None,
                        f"must equal the Queen and General values printed on the mounds {dict(sorted(printed.items()))}")
    for t, n in zip(item_types, item_counts):
        spaces = sum(col.count(t) for m in mounds for col in m.columns)
        if spaces > n:
            raise DataError(cname, "item_tiles", t, f"{n} tiles but {spaces} spaces show it")
    rounds = top.req("rounds", int, in_range(1, 4))
    per_round = top.req("mounds_per_round", int, in_range(1, 4))
    if rounds * per_round > len(mounds):
        raise top.error("mounds_per_round",
                        f"{rounds} rounds of {per_round} mounds need more than the {len(mounds)} mounds")
    setup, scoring, two = top.sub("setup"), top.sub("scoring"), top.sub("two_player")
    starting = setup.req("starting_worms_per_player", int, in_range(0, 5))
    worms = top.sub("worm_tiles").req("count", int, in_range(starting * hi, 99))
    return Components(
        min_players=lo, max_players=hi, rounds=rounds, mounds_per_round=per_round,
        colors=colors, dice_per_color=dice.req("per_color", int, in_range(1, 9)),
        starting_worms=starting, worm_tiles=worms,
        item_types=item_types, item_tiles=item_counts, vp_tiles=vp_tiles,
        item_set_vp=scoring.req("item_type_with_two_or_more", int, in_range(0, 99)),
        variety_vp=scoring.req("most_item_types_bonus", int, in_range(0, 99)),
        worm_vp=scoring.req("worm_tile", int, in_range(0, 99)),
        neutral_dice_per_player=two.req("neutral_dice_per_real_player", int, in_range(0, 5)),
        neutral_starting_worms=two.req("neutral_starting_worms", int, in_range(0, 5)),
        mounds=tuple(mounds),
    )


def _item_tiles(items: Entry) -> tuple[tuple[str, ...], tuple[int, ...]]:
    for t in items.value:
        if not isinstance(t, str) or t in (PLAIN, WORM):
            raise items.error(str(t), "must be named by an item type (text other than plain or worm)")
    item_types = tuple(items.value)
    item_counts = tuple(items.req(t, int, in_range(1, 32)) for t in item_types)
    if sum(item_counts) != 32:
        raise items.error(None, f"must hold 32 item tiles in all, found {sum(item_counts)}")
    return item_types, item_counts


def _vp_tiles(vp: Entry) -> dict:
    for k in vp.value:
        if isinstance(k, bool) or not isinstance(k, int):
            raise vp.error(str(k), "must be named by a victory point value (a whole number)")
    vp_tiles = {k: vp.req(k, int, in_range(0, 24)) for k in vp.value}
    if sum(vp_tiles.values()) != 24:
        raise vp.error(None, f"must hold 24 victory point tiles in all, found {sum(vp_tiles.values())}")
    return vp_tiles


def _mounds(mname: str, raw, known: set) -> list[Mound]:
    mounds = [_mound(e, known) for e in entries(mname, raw, "mounds")]
    if len(mounds) != 12:
        raise DataError(mname, None, "mounds", f"must list 12 mounds, found {len(mounds)}")
    return mounds


def _mound(e: Entry, known: set) -> Mound:
    mid = e.req("id", str)
    worm_number = e.req("worm_number", int, in_range(1, 18))
    queen = e.req("queen_vp", int, in_range(2, 9))
    general = e.req("general_vp", int, in_range(2, 9))
    if general >= queen:
        raise e.error("general_vp", f"must be smaller than queen_vp ({queen}), found {general}")
    cols = e.req("columns", list)
    if len(cols) != 5:
        raise e.error("columns", f"must list 5 columns, found {len(cols)}")
    for k, col in enumerate(cols):
        if not isinstance(col, list) or not 1 <= len(col) <= 3:
            raise e.error(f"columns[{k + 1}]", f"must be a list of 1 to 3 spaces, found {describe(col)}")
        for space in col:
            if not isinstance(space, str) or space not in known:
                raise e.error(f"columns[{k + 1}]",
                              f"unknown space {describe(space)} (expected plain, worm or an item type)")
    columns = tuple(tuple(col) for col in cols)
    if worm_number > 6 * max(len(c) for c in columns):
        raise e.error("worm_number", f"{worm_number} cannot be reached on this mound")
    return Mound(mid, worm_number, queen, general, columns)
