"""The History scene: opened from the menu, it lists finished games with scores and a player's
statistics, reading the records in the background."""
import time

import pygame

from tests.core.test_history import _finish
from game.tools.headless import headless_app


def test_history_opens_from_the_menu_and_shows_the_games_and_the_player():
    _finish(1)
    _finish(2)
    from game.scenes.select import SelectScene
    app = headless_app((1280, 720))
    menu = SelectScene(app)
    app.scenes.push(menu)
    app.frame(16)
    menu._activate("history")
    scene = app.scenes.top
    assert type(scene).__name__ == "HistoryScene"
    for _ in range(300):
        app.frame(16)
        if not scene.loading:
            break
        time.sleep(0.01)
    assert len(scene.summaries) == 2 and scene.names == ["Ann"]
    assert scene.stats["Ann"]["micropolis"].games == 2
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    assert app.scenes.top is menu
    pygame.quit()
