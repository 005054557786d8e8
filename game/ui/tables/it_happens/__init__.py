"""The It Happens.. table: its view, art, help pictures and menu picture."""
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
    id="it_happens",
    make_view=_view,
    accents=((196, 120, 64), (150, 82, 44)),   # ochre / terracotta
    menu_picture=_menu_picture,
    load_help_pictures=_help_pictures,
    mascot="it_happens/anton",
)
