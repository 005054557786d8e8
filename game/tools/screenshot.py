"""Render one scene to a PNG without a window."""
from __future__ import annotations

import time

from game.tools.headless import advance_play, demo_seats, headless_app

SCENES = ("select", "setup", "play", "results", "saves", "history", "settings")
LOAD_WAIT_S = 120.0     # the longest a picture waits for a scene's lists to be read


def build_scene(app, scene: str, game: str, players, seed: int, moves: int, options: dict):
    """The scene to draw. Saved games and History read the user folder (ANTHOLOGY_HOME) as they
    would in the window, in their background threads: see ``wait_loaded``."""
    from game.games import get_rules
    if scene == "select":
        from game.scenes.select import SelectScene
        return SelectScene(app)
    if scene == "setup":
        from game.scenes.setup import SetupScene
        return SetupScene(app, game)
    if scene == "saves":
        from game.scenes.saves import SavesScene
        return SavesScene(app)
    if scene == "history":
        from game.scenes.history import HistoryScene
        return HistoryScene(app)
    if scene == "settings":
        from game.scenes.settings import SettingsScene
        return SettingsScene(app)
    rules = get_rules(game)
    seats = demo_seats(rules, players, human_first=(scene == "play"))
    problem = rules.validate_setup(seats, options)
    if problem:
        raise ValueError(problem)
    from game.scenes.play import PlayScene
    play = PlayScene(app, game, seats, seed, options)
    play.autosave = lambda: None  # a picture must not touch the player's save
    if scene == "play":
        advance_play(play, moves)
        return play
    advance_play(play, 10**9, stop_on_human=False)
    from game.scenes.results import ResultsScene
    return ResultsScene(app, game, seats, seed, options, play.state, history=play.states)


def wait_loaded(app, sc, limit: float = LOAD_WAIT_S) -> bool:
    """Run frames until a scene that reads in the background (``loading``) has its lists, at most
    ``limit`` seconds; True when it finished."""
    until = time.monotonic() + limit
    while getattr(sc, "loading", False):
        if time.monotonic() > until:
            return False
        app.frame(16)
        time.sleep(0.01)
    app.frame(16)
    return True


def check_inputs(scene: str, game: str, players, seed: int, moves: int, size, options, out: str):
    """Every input checked before anything is drawn; returns (players, size, options, out path).

    Bad inputs raise UsageError with one plain line naming the input.
    """
    from game.tools.cli import (MAX_SEED, UsageError, check_game, check_options, check_out, check_players,
                                check_size)
    if scene not in SCENES:
        raise UsageError(f"--scene: must be one of {', '.join(SCENES)}, not {scene!r}")
    try:
        w, h = size
    except (TypeError, ValueError):
        raise UsageError(f"--size: must be a width and a height, e.g. 1920x1080, not {size!r}") from None
    if type(w) is not int or type(h) is not int:
        raise UsageError(f"--size: must be whole numbers, e.g. 1920x1080, not {size!r}")
    check_size((w, h))
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise UsageError(f"--seed: must be a whole number from 0 to {MAX_SEED}, not {seed!r}")
    if type(moves) is not int or moves < 0:
        raise UsageError(f"--moves: must be a whole number of at least 0, not {moves!r}")
    rules = check_game(game)
    players = check_players(rules, players)
    options = check_options(rules, options)
    if scene in ("play", "results"):
        problem = rules.validate_setup(demo_seats(rules, players, human_first=(scene == "play")), options)
        if problem:
            raise UsageError(problem)
    path = check_out(out)
    return players, (w, h), options, path


def screenshot(scene: str, game: str, players, seed: int, moves: int, size, options, out: str) -> int:
    players, size, options, path = check_inputs(scene, game, players, seed, moves, size, options, out)
    import pygame
    app = headless_app(size)
    sc = build_scene(app, scene, game, players, seed, moves, options)
    if scene == "results":
        sc.skip_animation()  # the picture shows the end of the count-up
    app.scenes.push(sc)
    if not wait_loaded(app, sc):
        print(f"note: the {scene} scene was still reading after {LOAD_WAIT_S:.0f} s; drawn as it was")
    sc.draw(app.window)
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        pygame.image.save(app.window, str(path))
    except pygame.error as e:
        raise OSError(f"--out {out}: the picture cannot be written ({e})") from None
    print(f"wrote {out} ({size[0]}x{size[1]}, scene {scene})")
    return 0
