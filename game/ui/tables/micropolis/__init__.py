"""The Micropolis table: its view, art, help pictures, menu picture and words."""
from game.core.game import on_demand
from game.ui.tables import TableInfo

TABLE = TableInfo(
    id="micropolis",
    make_view=on_demand(f"{__name__}.view", "View"),
    accents=((112, 78, 50), (232, 170, 60)),  # earth / amber
    menu_picture=on_demand(f"{__name__}.menu_picture", "menu_picture"),
    load_help_pictures=on_demand(f"{__name__}.help_pictures", "register_all"),
    words=on_demand(f"{__name__}.words", "describe_event"),
    mascot="micropolis/anthill",
)
