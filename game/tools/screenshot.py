"""Render one scene to a PNG without a window."""
from __future__ import annotations

from pathlib import Path

from game.tools.headless import advance_play, demo_seats, headless_app


def build_scene(app, scene: str, game: str, players, seed: int, moves: int, options: dict):
    from game.games import get_rules
    if scene == "select":
        from game.scenes.select import SelectScene
        return SelectScene(app)
    if scene == "setup":
        from game.scenes.setup import SetupScene
        return SetupScene(app, game)
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
    return ResultsScene(app, game, seats, seed, options, play.state)


def screenshot(scene: str, game: str, players, seed: int, moves: int, size, options: dict, out: str) -> int:
    import pygame
    app = headless_app(size)
    sc = build_scene(app, scene, game, players, seed, moves, options)
    app.scenes.push(sc)
    sc.draw(app.window)
    Path(out).parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.window, out)
    print(f"wrote {out} ({size[0]}x{size[1]}, scene {scene})")
    return 0
