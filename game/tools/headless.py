"""Running scenes without a window (screenshots, bench, tests)."""
from __future__ import annotations

import os


def use_dummy_display():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def headless_app(size=(1920, 1080)):
    use_dummy_display()
    from game.app import App
    return App(size, headless=True)


def demo_seats(rules, players: int | None, human_first: bool = True):
    from game.core.rules import Seat
    from game.tools.autoplay import NAMES
    n = players or rules.min_players
    colors = list(rules.seat_colors)
    return [Seat(NAMES[i], colors[i % len(colors)], "human" if (i == 0 and human_first) else "medium")
            for i in range(n)]


def advance_play(scene, moves: int, stop_on_human: bool = True, extra: int = 40):
    """Play ``moves`` decisions with bots for every seat (the human's too), then settle animations.

    With stop_on_human, keep going (at most ``extra`` more) until a human is to move, so the
    picture shows the highlighted choices.
    """
    from game.ai.bots import bot_move, make_bot
    rules = scene.rules
    stand_in = make_bot("medium", rules, 12345)
    done = 0
    while not rules.is_over(scene.state):
        p = rules.to_move(scene.state)
        human = scene.seats[p].kind == "human"
        if done >= moves and (not stop_on_human or human or done >= moves + extra):
            break
        bot = scene.bots.get(p, stand_in)
        scene.submit(bot_move(bot, rules, scene.state, p))
        done += 1
    settle(scene)
    return done


def settle(scene, ms: float = 5000):
    """Let animations finish (the view's update returns False when still)."""
    for _ in range(200):
        if not scene.view.update(50):
            break
    scene.dirty = True
