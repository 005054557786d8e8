"""Saved games opens at once whatever the folders hold: the lists are read in background threads
(the unfinished games fill in, the finished ones come from the history index), the drawing thread
reads no file, and deleting one reads nothing again."""
import os
import shutil
import threading
import time

import pygame
import pytest

from game.core import history, saves
from game.core.record import make_record, save_record
from game.core.rules import Seat
from game.games import get_rules
from game.tools.headless import headless_app
from tests.core.test_history import _finish


def _one_save(name: str = "micropolis-0.yaml"):
    """A small unfinished Micropolis save, as the play scene writes it."""
    rules = get_rules("micropolis")
    seats = [Seat(n, c, "human") for n, c in zip(("Ann", "Bo"), rules.seat_colors)]
    folder = saves.saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    save_record(path, make_record(rules, rules.new_game(seats, 3, {}), seats, 3, {}))
    return path


def _copies(path, n: int, stem: str, start: float):
    """``n`` copies of one record beside it, a second apart (newest last)."""
    for i in range(1, n):
        copy = path.with_name(f"{stem}-{i}.yaml")
        shutil.copyfile(path, copy)
        os.utime(copy, (start + i, start + i))


def _big_folder(n_saves: int = 3000, n_finished: int = 200):
    """3,000 saves and 200 finished games (one record each, copied); the history index knows the
    finished ones (written here from the one record's entry, as History would have left it)."""
    start = time.time() - 100_000
    first = _one_save()
    os.utime(first, (start, start))
    _copies(first, n_saves, "micropolis", start)
    _finish(1)
    done = saves.finished_dir() / "micropolis-1.yaml"
    os.utime(done, (start, start))
    [entry] = history.refresh()
    _copies(done, n_finished, "done", start)
    entries = []
    for p in saves.finished_dir().glob("*.yaml"):
        st = p.stat()
        entries.append(history.GameSummary(p.name, st.st_size, st.st_mtime, entry.game, entry.players))
    history._write_index(saves.finished_dir().parent / history.INDEX, entries)


@pytest.fixture
def reads(monkeypatch):
    """Every record read: (thread name, file's folder name, file name)."""
    seen = []
    for module in (saves, history):
        real = module.read_record

        def spy(p, real=real):
            seen.append((threading.current_thread() is threading.main_thread(), p.parent.name, p.name))
            return real(p)
        monkeypatch.setattr(module, "read_record", spy)
    return seen


def _until_loaded(app, scene, limit: float = 120.0):
    until = time.monotonic() + limit
    while scene.loading and time.monotonic() < until:
        app.frame(16)
        time.sleep(0.01)
    assert not scene.loading


@pytest.fixture
def app():
    a = headless_app((1280, 720))
    from game.scenes.select import SelectScene
    a.scenes.push(SelectScene(a))
    a.frame(16)
    yield a
    top = a.scenes.top
    if type(top).__name__ == "SavesScene":
        top.back()                  # the threads stop reading for a screen that is gone
    pygame.quit()


def test_a_big_folder_opens_at_once_and_the_drawing_thread_reads_no_file(app, reads):
    _big_folder()
    reads.clear()
    from game.scenes.saves import SavesScene
    t0 = time.perf_counter()
    scene = SavesScene(app)
    app.scenes.push(scene)
    app.frame(16)
    first = time.perf_counter() - t0
    assert first < 1.0, f"the first frame took {first:.2f} s"           # was 15 s and more
    longest = 0.0
    until = time.monotonic() + 120
    while scene.loading and time.monotonic() < until:
        t = time.perf_counter()
        scene.dirty = True
        app.frame(16)
        longest = max(longest, time.perf_counter() - t)
        time.sleep(0.01)
    assert not scene.loading and longest < 1.0
    assert not [r for r in reads if r[0]], "the drawing thread read a record"
    assert not [r for r in reads if r[1] == saves.FINISHED], "a finished game the index knows was read"
    assert len(scene.items[0]) == saves.MAX_LISTED and len(scene.items[1]) == 200
    assert scene.tabs[0].label == "Unfinished (200)" and scene.tabs[1].label == "Finished (200)"
    scene._switch(1)
    scene.draw(app.window)                                               # rows from the index alone
    assert scene.current().summary.players[0].name == "Ann"


def test_the_unfinished_list_fills_in_newest_first(app, monkeypatch):
    """A slow folder: rows appear while the rest is read, newest first."""
    for i in range(6):
        p = _one_save(f"micropolis-{i}.yaml")
        os.utime(p, (1_000_000 + i, 1_000_000 + i))
    real, gate = saves._peek_keeping_final, threading.Event()

    def slow(p, is_known):
        if p.name != "micropolis-5.yaml":
            gate.wait(10)               # every save but the newest waits
        return real(p, is_known)
    monkeypatch.setattr(saves, "_peek_keeping_final", slow)
    from game.scenes.saves import SavesScene
    scene = SavesScene(app)
    app.scenes.push(scene)
    for _ in range(200):
        app.frame(16)
        if scene.items[0]:
            break
        time.sleep(0.01)
    assert scene.loading and [i.path.name for i in scene.items[0]] == ["micropolis-5.yaml"]
    gate.set()
    _until_loaded(app, scene)
    assert [i.path.name for i in scene.items[0]] == [f"micropolis-{i}.yaml" for i in range(5, -1, -1)]


def test_delete_takes_the_row_off_and_reads_nothing_again(app, reads):
    for i in range(3):
        p = _one_save(f"micropolis-{i}.yaml")
        os.utime(p, (1_000_000 + i, 1_000_000 + i))
    from game.scenes.saves import SavesScene
    scene = SavesScene(app)
    app.scenes.push(scene)
    _until_loaded(app, scene)
    reads.clear()
    scene.sel = 1
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DELETE, mod=0, unicode="", scancode=0))
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_y, mod=0, unicode="y", scancode=0))
    app.frame(16)
    assert [i.path.name for i in scene.items[0]] == ["micropolis-2.yaml", "micropolis-0.yaml"]
    assert not (saves.saves_dir() / "micropolis-1.yaml").exists() and reads == []
    assert scene.tabs[0].label == "Unfinished (2)"
    app.scenes.push(type(scene)(app))           # coming back later: unchanged saves are not read again
    app.scenes.pop()
    _until_loaded(app, scene)
    assert reads == [] and len(scene.items[0]) == 2


def test_a_finished_record_set_aside_is_told(app):
    _finish(1)
    forged = saves.finished_dir() / "micropolis-9.yaml"
    forged.write_text("format: [not, a, record\n", encoding="utf-8")
    from game.scenes.saves import SavesScene
    scene = SavesScene(app)
    app.scenes.push(scene)
    _until_loaded(app, scene)
    assert "could not be read" in scene.message and not forged.exists()
    assert [i.path.name for i in scene.items[1]] == ["micropolis-1.yaml"] and scene.tab == 1


def test_watch_opens_a_finished_game_listed_from_the_index(app, reads):
    _finish(2)
    history.refresh()                           # History has read it: the index knows it
    reads.clear()
    from game.scenes.saves import SavesScene
    scene = SavesScene(app)
    app.scenes.push(scene)
    _until_loaded(app, scene)
    assert reads == []                          # listed and drawn without reading the record
    assert scene.tab == 1 and scene.open_btn.label == "Watch the replay"
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    play = app.scenes.top
    assert type(play).__name__ == "PlayScene" and play.replay and play.seed == 2


@pytest.fixture
def index_parses(monkeypatch):
    """Every History index parsed in this (the window's) process: its path, for each parse."""
    seen = []
    real = history.load_file

    def spy(path, *a, **k):
        if os.path.exists(path):            # a missing index costs nothing to find missing
            seen.append(path)
        return real(path, *a, **k)
    monkeypatch.setattr(history, "load_file", spy)
    return seen


def test_a_listing_parses_the_history_index_once(app, index_parses):
    """Each reading parses the whole index in the window's process: a listing reads it once (it was
    read twice, once to count the records it does not know, once for the list)."""
    for seed in range(1, 4):
        _finish(seed)
    history.refresh()
    index_parses.clear()
    from game.scenes.saves import SavesScene
    scene = SavesScene(app)
    app.scenes.push(scene)
    _until_loaded(app, scene)
    assert len(scene.items[1]) == 3
    assert len(index_parses) == 1


def test_many_unindexed_records_are_replayed_in_a_child_process(monkeypatch, index_parses):
    """A first visit with records the History index does not know (after an upgrade): they are read
    and replayed in a spawned child, never in the window's process, whose frames would wait on the
    YAML parser; the list comes from the child as it is (the window's process does not parse the
    index the child wrote)."""
    import game.core.history as history_module
    from game.scenes.saves import SavesScene
    for seed in range(1, 7):
        _finish(seed)
    assert saves.unindexed_count() == 6
    index_parses.clear()
    replayed = []
    real = history_module.replay
    monkeypatch.setattr(history_module, "replay", lambda *a, **k: replayed.append(1) or real(*a, **k))
    app = headless_app((1280, 720))
    try:
        scene = SavesScene(app)
        app.scenes.push(scene)
        for _ in range(3000):
            if not scene.loading:
                break
            app.frame(16)
            time.sleep(0.01)
        assert not scene.loading and len(scene.items[1]) == 6
        assert replayed == [] and index_parses == []
        assert scene.items[1][0].summary.players[0].name == "Ann"
        assert saves.unindexed_count() == 0
    finally:
        pygame.quit()
