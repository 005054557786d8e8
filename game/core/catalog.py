"""The menu's list of games, read from data/catalog.yaml and validated."""
from __future__ import annotations

from dataclasses import dataclass

from game.core.data import data_dir, entries, in_range, load_yaml, one_of
from game.games import GAME_IDS


@dataclass(frozen=True)
class CatalogEntry:
    id: str
    title: str
    designer: str
    pitch: str
    min_players: int
    max_players: int
    minutes: int
    tags: tuple[str, ...] = ()


def load_catalog(root=None) -> list[CatalogEntry]:
    path = (root or data_dir()) / "catalog.yaml"
    name = "data/catalog.yaml"
    out = []
    for e in entries(name, load_yaml(path), "games"):
        gid = e.req("id", str, one_of(GAME_IDS))
        pl = e.sub("players")
        lo = pl.req("min", int, in_range(1, 8))
        hi = pl.req("max", int, in_range(lo, 8))
        out.append(CatalogEntry(gid, e.req("title", str), e.req("designer", str), e.req("pitch", str),
                                lo, hi, e.req("minutes", int, in_range(1, 600)),
                                tuple(str(t) for t in e.opt("tags", list, []))))
    return out
