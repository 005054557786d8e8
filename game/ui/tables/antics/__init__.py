"""The Antics! table: its view, art, help pictures and menu picture."""
from game.core.game import on_demand
from game.ui.tables import TableInfo


def _check() -> list[str]:
    from .board_map import check_bundled_map
    return check_bundled_map()


TABLE = TableInfo(
    id="antics",
    make_view=on_demand(f"{__name__}.view", "View"),
    accents=((96, 150, 70), (200, 220, 120)),  # meadow
    menu_picture=on_demand(f"{__name__}.menu_picture", "menu_picture"),
    load_help_pictures=on_demand(f"{__name__}.help_pictures", "register_all"),
    mascot="antics/magnificant",
    check=_check,
)
