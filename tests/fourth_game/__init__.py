"""A fourth game that lives only in the tests: the toy dice race of tests/core/toy_game.py, declared
the way every game is (a GameInfo and a TableInfo) and registered from the tests alone. If it shows
up in the menu, autoplay, the arena and the contract suite, a new game needs no engine edit.
"""
from game.core.game import GameInfo
from game.core.i18n import N_
from game.ui.tables import TableInfo

GAME_ID = "toy"


def _rules():
    from tests.core.toy_game import ToyRules
    return ToyRules()


def _heuristics():
    from tests.fourth_game import heuristics
    return heuristics


def _view(rules, seats, theme):
    from tests.fourth_game.view import View
    return View(rules, seats, theme)


def _menu_picture(w, h):
    import pygame
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(s, (230, 210, 170), (0, 0, w, h), border_radius=h // 10)
    pygame.draw.rect(s, (250, 250, 250), (w // 2 - h // 6, h // 3, h // 3, h // 3), border_radius=h // 20)
    return s


def _help_pictures():
    from game.ui.help_pictures import register
    register("toy/die", lambda size: _menu_picture(size, size))


GAME = GameInfo(id=GAME_ID, title=N_("Toy"), designer="the tests", pitch=N_("Roll, keep, first to ten."),
                min_players=2, max_players=3, minutes=2, tags=(N_("dice"),), menu_order=4,
                load_rules=_rules, load_heuristics=_heuristics, hard_settings={"iterations": 20})
TABLE = TableInfo(id=GAME_ID, make_view=_view, accents=((90, 120, 200), (60, 80, 160)),
                  menu_picture=_menu_picture, load_help_pictures=_help_pictures, mascot="toy/die")
