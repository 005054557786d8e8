"""The background saver: only the newest state is written, and it never falls behind."""
import threading
import time

import pygame

from game.core import saves
from game.core.record import make_record
from game.core.rules import Seat
from game.games import get_rules
from game.scenes.play import PlayScene
from game.tools.headless import headless_app
from tests.core.toy_game import ToyRules


def _records(n):
    rules = ToyRules()
    seats = [Seat(f"P{i}", c, "human") for i, c in enumerate(["red", "blue"])]
    s = rules.new_game(seats, 1, {})
    recs = []
    for _ in range(n):
        recs.append(make_record(rules, s, seats, 1, {}))
        s = rules.apply(s, rules.legal_actions(s)[0])
    return recs


class SlowDisk:
    """write_save stand-in: the first write waits until ``release`` is set; records what is written."""

    def __init__(self):
        self.started, self.release = threading.Event(), threading.Event()
        self.written = []

    def __call__(self, path, rec):
        if not self.written:
            self.started.set()
            self.release.wait(5)
        self.written.append(len(rec.events))
        return True


def test_records_asked_during_a_write_coalesce_to_the_newest(monkeypatch, tmp_path):
    disk = SlowDisk()
    monkeypatch.setattr(saves, "write_save", disk)
    saver = saves.BackgroundSaver()
    recs = _records(6)
    saver.save(tmp_path / "g.yaml", recs[0])
    assert disk.started.wait(5)
    for rec in recs[1:]:
        saver.save(tmp_path / "g.yaml", rec)
    assert saver.pending
    disk.release.set()
    saver.flush()
    assert not saver.pending
    assert disk.written == [len(recs[0].events), len(recs[-1].events)]


def test_the_newest_record_is_always_written(monkeypatch, tmp_path):
    written = []
    monkeypatch.setattr(saves, "write_save", lambda path, rec: written.append(rec))
    saver = saves.BackgroundSaver()
    recs = _records(4)
    for i in range(400):          # the writer thread ending just as a record comes must not strand it
        saver.save(tmp_path / "g.yaml", recs[i % 4])
        if i % 7 == 0:
            time.sleep(0.0005)
        saver.flush()
        assert written[-1] is recs[i % 4]


def test_a_record_the_loader_would_refuse_is_an_error_not_a_crash(tmp_path):
    rec = _records(1)[0]
    rec.seats[0] = Seat("A\x1bB", "red", "human")
    saver = saves.BackgroundSaver()
    saver.save(tmp_path / "g.yaml", rec)
    saver.flush()
    assert "no usable name" in str(saver.error) and not (tmp_path / "g.yaml").exists()


def test_the_play_scene_waits_for_the_last_save_before_the_next_decision(monkeypatch):
    app = headless_app((1280, 720))
    try:
        rules = get_rules("antics")
        seats = [Seat(f"P{i}", c, "human") for i, c in enumerate(rules.seat_colors[:rules.min_players])]
        play = PlayScene(app, "antics", seats, 3, {})
        app.scenes.push(play)
        play.saver = saves.BackgroundSaver(background=True)
        disk = SlowDisk()
        monkeypatch.setattr(saves, "write_save", disk)
        assert play.submit(rules.legal_actions(play.state)[0])
        first = len(play.state.log)
        threading.Timer(0.2, disk.release.set).start()
        assert play.submit(rules.legal_actions(play.state)[0])
        # on disk before the second decision was taken (the second save may already follow it: the
        # disk was released, and the saver writes in the background)
        assert disk.written[:1] == [first]
        play.saver.flush()
        assert disk.written == [first, len(play.state.log)]
    finally:
        pygame.quit()
