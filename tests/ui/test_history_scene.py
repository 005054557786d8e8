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


def _history(app):
    from game.scenes.history import HistoryScene
    scene = HistoryScene(app)
    app.scenes.push(scene)
    for _ in range(1000):
        app.frame(16)
        if not scene.loading:
            break
        time.sleep(0.01)
    assert not scene.loading
    return scene


def test_the_arrows_are_disabled_with_one_person_and_step_with_two():
    _finish(1)
    app = headless_app((1280, 720))
    scene = _history(app)
    scene.draw(app.window)
    assert scene.names == ["Ann"] and not scene.prev_btn.enabled and not scene.next_btn.enabled
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.next_btn.rect.center, button=1))
    assert scene.player == 0 and type(app.scenes.top).__name__ == "HistoryScene"
    _finish(2, kinds=("medium", "human", "easy"))           # Bo played this one
    scene = _history(app)
    scene.draw(app.window)
    assert len(scene.names) == 2 and scene.prev_btn.enabled and scene.next_btn.enabled
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.next_btn.rect.center, button=1))
    assert scene.player == 1
    pygame.quit()


def test_a_game_row_opens_its_replay_by_click_or_enter():
    _finish(1)
    _finish(2)
    app = headless_app((1280, 720))
    scene = _history(app)
    scene.draw(app.window)
    assert len(scene.rows) == 2
    newest, older = scene.summaries
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.rows[1].center, button=1))
    play = app.scenes.top
    assert type(play).__name__ == "PlayScene" and play.replay and f"micropolis-{play.seed}.yaml" == older.file
    app.scenes.pop()
    assert app.scenes.top is scene
    scene.sel = 1
    for k in (pygame.K_UP, pygame.K_RETURN):                # Up to the newest, Enter opens it
        app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    play = app.scenes.top
    assert type(play).__name__ == "PlayScene" and play.replay and f"micropolis-{play.seed}.yaml" == newest.file
    pygame.quit()


def test_a_record_set_aside_while_reading_is_told():
    from game.core import saves
    _finish(1)
    forged = saves.finished_dir() / "micropolis-7.yaml"
    forged.write_text("format: [not, a, record\n", encoding="utf-8")
    app = headless_app((1280, 720))
    scene = _history(app)
    assert "could not be read" in scene.message and not forged.exists()
    texts = []
    from game.ui.theme import Theme
    plain = Theme.text
    Theme.text = lambda self, s, *a, **k: texts.append(s) or plain(self, s, *a, **k)
    try:
        scene.draw(app.window)
    finally:
        Theme.text = plain
    assert any("could not be read" in t for t in texts)
    pygame.quit()
