"""Problems a player must see in the window (the packaged build has no console)."""
import shutil

import pygame
import pytest

from game.tools.headless import headless_app

ROOT_DATA = __import__("game.core.paths", fromlist=["resource_path"]).resource_path("data")


@pytest.fixture
def broken_data(tmp_path, monkeypatch):
    root = tmp_path / "data"
    shutil.copytree(ROOT_DATA, root)
    monkeypatch.setenv("ANTHOLOGY_DATA", str(root))
    from game.games.it_happens import rules as ih
    ih.components.cache_clear()
    yield root
    ih.components.cache_clear()


def start(size=(1280, 720)):
    from game.app import first_scenes
    app = headless_app(size)
    first_scenes(app)
    app.frame(16)
    return app


def test_broken_data_file_is_told_in_the_window_and_the_log(broken_data, tmp_path):
    f = broken_data / "it_happens" / "components.yaml"
    f.write_text(f.read_text().replace("players: {min: 2, max: 5}", "players: {min: [x], max: 5}"))
    app = start()
    sc = app.scenes.top
    assert type(sc).__name__ == "ErrorScene"
    text = " ".join(sc.problems)
    assert "data/it_happens/components.yaml" in text and "'players'" in text and "'min'" in text
    log = (tmp_path / "home" / "anthology.log").read_text()
    assert "components.yaml" in log
    # the other games stay playable; the broken one says why when chosen
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    app.frame(16)
    sel = app.scenes.top
    assert type(sel).__name__ == "SelectScene" and "it_happens" not in sel.available
    assert {"micropolis", "antics"} <= sel.available
    sel._open(0)
    assert type(app.scenes.top).__name__ == "ErrorScene"
    pygame.quit()


def test_broken_catalog_shows_only_the_error_screen(broken_data):
    (broken_data / "catalog.yaml").write_text("games: [1, 2\n")
    app = start()
    assert [type(s).__name__ for s in app.scenes.stack] == ["ErrorScene"]
    assert "catalog.yaml" in app.scenes.top.problems[0]
    pygame.quit()


def test_an_unexpected_failure_shows_a_screen_instead_of_closing(tmp_path):
    app = start()
    sc = app.scenes.top

    def boom(ev):
        raise RuntimeError("simulated")
    sc.handle = boom
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run()  # the failure is caught, shown, and the loop goes on until QUIT
    assert "simulated" in (tmp_path / "home" / "anthology.log").read_text()
