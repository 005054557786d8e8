"""The pseudo-locale test: every scene of every game drawn in a made-up language whose messages
are 40 % longer and accented. Any text with a plain ASCII letter did not come from the catalog
(the seats' names have none), and any text that runs out of the area it is drawn in, or over
another text, outgrew its box. Both fail here, so every word added later is guarded too.

Run one scene by hand and look at it: ``python -m tests.ui.text_audit --scene play --game antics
--players 4 --out /tmp/a.png``.
"""
import dataclasses

import pygame
import pytest

from game.games import available_games, get_game
from tests.ui.text_audit import PSEUDO_NAMES, audit_scene

SMALL, LARGE = (1280, 720), (1920, 1080)


def cases():
    out = [("select", None, None, SMALL), ("select", None, None, LARGE), ("settings", None, None, SMALL),
           ("history", None, None, SMALL), ("saves", None, None, SMALL),
           # playing together from different machines: the hosted setup, the host waiting, the join form
           ("netsetup", "micropolis", None, SMALL), ("host", "micropolis", None, SMALL), ("join", None, None, SMALL),
           # a guest asks the host to take back a move; a guest's results wait for the host's next game
           ("undoask", "micropolis", 2, SMALL), ("guestresults", "micropolis", 2, SMALL)]
    for gid in available_games():
        info = get_game(gid)
        out += [("help", gid, None, SMALL), ("setup", gid, None, SMALL), ("results", gid, None, SMALL)]
        for players in sorted({info.min_players, info.max_players}):
            out.append(("play", gid, players, SMALL))
        out.append(("play", gid, info.max_players, LARGE))
    return out


def finished_game_and_save():
    """One finished record and one saved game in the user folder, with names in no ASCII letter."""
    from game.core import saves
    from game.core.record import make_record, save_record
    from game.core.rules import Seat
    from game.games import get_rules
    from game.tools.autoplay import play_game
    rules = get_rules("micropolis")
    seats = [Seat(n, c, "medium") for n, c in zip(PSEUDO_NAMES, rules.seat_colors[:3])]
    end = play_game(rules, seats, 3, {})
    folder = saves.finished_dir()
    folder.mkdir(parents=True, exist_ok=True)
    shown = [dataclasses.replace(seats[0], kind="human"), *seats[1:]]
    save_record(folder / "micropolis-3.yaml", dataclasses.replace(make_record(rules, end, seats, 3, {}), seats=shown))
    slot = saves.new_slot("micropolis")
    save_record(slot, make_record(rules, rules.new_game(shown, 4, {}), shown, 4, {}))


@pytest.mark.parametrize("scene,game,players,size", cases(),
                         ids=lambda v: "x".join(map(str, v)) if isinstance(v, tuple) else str(v))
def test_every_word_comes_from_the_catalog_and_fits(scene, game, players, size):
    if scene in ("history", "saves"):
        finished_game_and_save()
    audit = audit_scene(scene, game, players, seed=2, moves=30, size=size, lang="pseudo")
    pygame.quit()
    assert audit.texts, "nothing was drawn"
    assert audit.leaks() == [], "drawn without the catalog"
    assert audit.problems == [], "text outgrew its box"
