"""Autosave: a corrupt or old save is reported, moved aside, never deleted or overwritten."""
from game.core import saves
from game.core.record import make_record
from tests.core.toy_game import ToyRules, play


def test_no_save_means_no_continue():
    assert saves.peek_autosave() == (None, None)


def test_corrupt_save_is_moved_aside_not_deleted():
    p = saves.autosave_path()
    p.write_text("this: is: not: yaml: [")
    rec, msg = saves.peek_autosave()
    assert rec is None and "could not be read" in msg
    assert not p.exists()
    kept = list(p.parent.glob("autosave.unreadable-*.yaml"))
    assert len(kept) == 1 and kept[0].read_text() == "this: is: not: yaml: ["


def test_old_format_save_is_reported_and_kept():
    p = saves.autosave_path()
    p.write_text("format: anthology-record/0\ngame: toy\n")
    rec, msg = saves.peek_autosave()
    assert rec is None and "unknown record format" in msg
    assert len(list(p.parent.glob("autosave.unreadable-*"))) == 1


def test_unfinished_save_resumes_exactly():
    rules = ToyRules()
    seats = [__import__("game.core.rules", fromlist=["Seat"]).Seat(f"P{i}", c, "human")
             for i, c in enumerate(["red", "blue"])]
    s = rules.new_game(seats, 4, {})
    for _ in range(5):
        s = rules.apply(s, rules.legal_actions(s)[0])
    saves.write_autosave(make_record(rules, s, seats, 4, {}))
    rec, states, msg = saves.load_autosave(lambda gid: rules)
    assert msg is None
    assert states[-1].log.to_list() == s.log.to_list()
    assert states[-1].scores == s.scores and states[-1].rolled == s.rolled


def test_save_that_does_not_replay_is_moved_aside():
    rules = ToyRules()
    seats, s = play(rules, seed=2)
    rec = make_record(rules, s, seats, 2, {})
    rec.final = None
    rec.events[2]["value"] = 99
    saves.write_autosave(rec)
    got, states, msg = saves.load_autosave(lambda gid: rules)
    assert got is None and "does not replay" in msg
    assert not saves.autosave_path().exists()
