"""The Micropolis table: its view, art, help pictures and menu picture."""
from game.ui.tables import TableInfo


def _view(rules, seats, theme):
    from .view import View
    return View(rules, seats, theme)


def _menu_picture(w: int, h: int):
    from .menu_picture import menu_picture
    return menu_picture(w, h)


def _help_pictures() -> None:
    from .help_pictures import register_all
    register_all()


TABLE = TableInfo(
    id="micropolis",
    make_view=_view,
    accents=((112, 78, 50), (232, 170, 60)),  # earth / amber
    menu_picture=_menu_picture,
    load_help_pictures=_help_pictures,
    mascot="micropolis/anthill",
)
