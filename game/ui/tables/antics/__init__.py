"""The Antics! table: its view, art, help pictures and menu picture."""
from game.ui.tables import TableInfo


def _view(rules, seats, theme):
    from .view import View
    return View(rules, seats, theme)


def _menu_picture(w: int, h: int):
    from .menu_picture import menu_picture
    return menu_picture(w, h)


def _check() -> list[str]:
    from .board_map import check_bundled_map
    return check_bundled_map()


def _help_pictures() -> None:
    from .help_pictures import register_all
    register_all()


TABLE = TableInfo(
    id="antics",
    make_view=_view,
    accents=((96, 150, 70), (200, 220, 120)),  # meadow
    menu_picture=_menu_picture,
    load_help_pictures=_help_pictures,
    mascot="antics/magnificant",
    check=_check,
)
