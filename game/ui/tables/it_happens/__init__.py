"""The It Happens.. table: its view, art, help pictures, menu picture and words."""
from game.core.game import on_demand
from game.ui.tables import TableInfo

TABLE = TableInfo(
    id="it_happens",
    make_view=on_demand(f"{__name__}.view", "View"),
    accents=((196, 120, 64), (150, 82, 44)),   # ochre / terracotta
    menu_picture=on_demand(f"{__name__}.menu_picture", "menu_picture"),
    load_help_pictures=on_demand(f"{__name__}.help_pictures", "register_all"),
    words=on_demand(f"{__name__}.words", "describe_event"),
    mascot="it_happens/anton",
)
