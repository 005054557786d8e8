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


def test_history_and_saved_games_words_come_from_the_catalog(monkeypatch):
    """In the pseudo-locale a plain ASCII letter drawn (names and Babel's dates aside) bypassed the
    catalog; counts and dates are the language's own."""
    import re
    from game.core import i18n
    from game.scenes.history import HistoryScene
    from game.scenes.saves import SavesScene, when_words
    from game.ui.theme import Theme
    _finish(1)
    app = headless_app((1280, 720))
    texts, plain = [], Theme.text

    def spy(self, s, *a, **k):
        texts.append(s)
        return plain(self, s, *a, **k)
    monkeypatch.setattr(Theme, "text", spy)
    i18n.set_language("pseudo")
    try:
        scene = HistoryScene(app)
        app.scenes.push(scene)
        for _ in range(300):
            app.frame(16)
            if not scene.loading:
                break
            time.sleep(0.01)
        saves = SavesScene(app)
        app.scenes.push(saves)
        saves.enter()
        texts.clear()
        scene.draw(pygame.Surface((1280, 720)))
        saves.draw(pygame.Surface((1280, 720)))
        dates = {when_words(g.mtime) for g in scene.summaries} | {when_words(i.when) for i in saves.items[1]}
        leaks = [t for t in texts if t not in dates and re.search(r"[A-Za-z]", re.sub(r"\b(Ann|Bo|Cy)\b", "", t))]
        assert texts and not leaks
    finally:
        i18n.set_language("en")
        pygame.quit()
