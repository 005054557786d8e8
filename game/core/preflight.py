"""Start-up check of every data file, so that a broken one is told in the window, not on stderr."""
from __future__ import annotations

from game.core.catalog import load_catalog
from game.core.data import DataError
from game.games import available_games, get_rules

CATALOG = "catalog"


def data_problems() -> dict[str, str]:
    """{"catalog" or a game id: the problem in plain words} for every data file that does not load."""
    problems: dict[str, str] = {}
    try:
        load_catalog()
    except DataError as e:
        problems[CATALOG] = str(e)
    for gid in available_games():
        try:
            get_rules(gid)
        except DataError as e:
            problems[gid] = str(e)
        except Exception as e:  # a loader bug must still reach the player as words
            problems[gid] = f"the data of {gid} could not be loaded ({type(e).__name__}: {e})"
    return problems
