"""The table registry: each game's table package (``game/ui/tables/<id>/__init__.py``) declares
one ``TableInfo`` named ``TABLE``, found by scanning; tests may register one for a game of their own.
A game with no table gets a plain placeholder, so the menu and the engine never need to know it.
Importing this registry does not import pygame (a headless tool reads ``words`` without it).
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from game.core.game import scan

if TYPE_CHECKING:
    import pygame

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class TableInfo:
    id: str                                         # the game's id (game/games/<id>)
    make_view: Callable                             # (rules, seats, theme) -> GameView
    accents: tuple[Colour, Colour]                  # the menu card's band and tags; the help's tabs
    menu_picture: Callable[[int, int], pygame.Surface]   # (w, h) -> the menu card's picture
    load_help_pictures: Callable[[], None] = lambda: None   # registers its pictures (help_pictures.register)
    mascot: str | None = None                       # a help picture shown under the help's contents
    check: Callable[[], list[str]] = lambda: []      # start-up check of the table's own files: problems in words
    # the log's words without pygame: (rules, event, state, colour_word=None) -> line or None, as the
    # view's describe_event gives them (its words module); None: only the view has them
    words: Callable | None = None


_declared: dict[str, TableInfo] | None = None
_added: dict[str, TableInfo] = {}


def _scan() -> dict[str, TableInfo]:
    global _declared
    if _declared is None:
        _declared = {t.id: t for t in scan(sys.modules[__name__], "TABLE", TableInfo)}
    return _declared


def register(info: TableInfo) -> None:
    _added[info.id] = info


def unregister(game_id: str) -> None:
    _added.pop(game_id, None)


def tables() -> list[TableInfo]:
    return list(_scan().values()) + [t for gid, t in _added.items() if gid not in _scan()]


def _placeholder_view(rules, seats, theme):
    from game.ui.views.base import PlaceholderView
    return PlaceholderView(rules, seats, theme)


def _plain_picture(w: int, h: int) -> pygame.Surface:
    import pygame

    from game.ui.sprites.common import draw_ant
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(s, (222, 200, 160), (0, 0, w, h), border_radius=h // 10)
    draw_ant(s, (w / 2, h / 2), h * 0.4, (50, 32, 20))
    return s


def table_for(game_id: str) -> TableInfo:
    """The table of ``game_id``, or a placeholder table for a game that has none."""
    found = _added.get(game_id) or _scan().get(game_id)
    if found is None:
        return TableInfo(game_id, _placeholder_view, ((150, 82, 44), (150, 82, 44)), _plain_picture)
    return found
