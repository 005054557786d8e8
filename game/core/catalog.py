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


def _plain_words(tags) -> str | None:
    bad = next((t for t in tags if not isinstance(t, str) or not t.strip() or len(t) > 30), None)
    return None if bad is None else "each tag must be a short word or two of text"


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
                                tuple(e.opt("tags", list, [], _plain_words))))
    return out
