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


# -- every bad save is set aside with its reason; peek and load never raise ------------------------

import os  # noqa: E402
import random  # noqa: E402
import time  # noqa: E402

import pytest  # noqa: E402

from game.core import paths  # noqa: E402
from game.core.record import record_text  # noqa: E402
from game.core.rules import Seat  # noqa: E402
from game.games import available_games, get_rules, is_known  # noqa: E402

TOY_KNOWN = {"toy"}.__contains__


def _plain(msg):
    assert msg and "Traceback" not in msg and "{" not in msg and " object at " not in msg, msg
    assert "Error" not in msg and len(msg) < 400, msg
    return msg


def _toy_save_text(moves=5, seed=4):
    rules = ToyRules()
    seats = [Seat("P0", "red", "human"), Seat("P1", "blue", "human")]
    s = rules.new_game(seats, seed, {})
    for _ in range(moves):
        s = rules.apply(s, rules.legal_actions(s)[0])
    return rules, record_text(make_record(rules, s, seats, seed, {}))


def _set_aside_with(msg, words):
    """The save is gone from its place, kept beside it, and the message says why."""
    assert words in _plain(msg), msg
    p = saves.autosave_path()
    assert not p.exists() and not p.is_symlink()
    kept = list(p.parent.glob("autosave.unreadable-*"))
    assert len(kept) == 1 and kept[0].name in msg


def _swap(text, old, new):
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize("old, new, words", [
    ("game: toy", "game: !!python/name:os.system", "the tag !!python/name:os.system is not allowed"),
    ("seed: 4", "seed: " + "9" * 5000, "more than 40 digits"),
    ("seed: 4", "seed: .inf", "infinite"),
    ("name: P0", "name: " + "A" * 10_000_000, "the limit is"),
    ("name: P0", 'name: "P\\0"', "seat 1 has no usable name"),
    ("name: P0", "name: {a: 1}", "seat 1 has no usable name"),
    ("seed: 4", "seed: [4", "not valid YAML"),
    ("seed: 4", "seed: [4]", "seed is not a whole number"),
])
def test_a_bad_save_is_refused_set_aside_and_the_reason_returned(old, new, words):
    _, text = _toy_save_text()
    saves.autosave_path().write_text(_swap(text, old, new), encoding="utf-8")
    rec, msg = saves.peek_autosave(TOY_KNOWN)
    assert rec is None
    _set_aside_with(msg, words)
    assert msg.startswith("The saved game could not be read (")


def test_a_save_of_a_game_this_version_does_not_have_is_refused_and_set_aside():
    _, text = _toy_save_text()
    saves.autosave_path().write_text(_swap(text, "game: toy", "game: chess"))
    rec, msg = saves.peek_autosave(is_known)  # what the menu passes: game.games.is_known
    assert rec is None and "chess" not in available_games()
    _set_aside_with(msg, "is of a game this version does not have (chess)")


def test_load_autosave_sets_aside_a_game_the_registry_does_not_know():
    _, text = _toy_save_text()
    saves.autosave_path().write_text(_swap(text, "game: toy", "game: chess"))
    rec, states, msg = saves.load_autosave(get_rules)  # get_rules("chess") raises KeyError
    assert rec is None and states is None
    _set_aside_with(msg, "does not have (chess)")


def test_load_autosave_never_raises_when_the_rules_cannot_be_had():
    rules, text = _toy_save_text()
    saves.autosave_path().write_text(text)

    def broken(gid):
        raise RuntimeError("data/toy.yaml: line 3: bad")

    rec, states, msg = saves.load_autosave(broken)
    assert rec is None and states is None
    _set_aside_with(msg, "could not be loaded")


def test_an_is_known_that_raises_does_not_stop_the_menu():
    _, text = _toy_save_text()
    saves.autosave_path().write_text(text)

    def is_known(gid):
        raise ImportError("no module")

    rec, msg = saves.peek_autosave(is_known)
    assert rec is None and "does not have (toy)" in msg


def test_random_bytes_in_the_save_are_set_aside():
    saves.autosave_path().write_bytes(bytes(random.Random(3).randrange(256) for _ in range(5000)))
    rec, msg = saves.peek_autosave(TOY_KNOWN)
    assert rec is None
    _set_aside_with(msg, "could not be read")


def test_a_folder_in_place_of_the_save_is_set_aside():
    saves.autosave_path().mkdir()
    rec, msg = saves.peek_autosave(TOY_KNOWN)
    assert rec is None
    _set_aside_with(msg, "is not a regular file")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_fifo_in_place_of_the_save_does_not_block_and_is_set_aside():
    os.mkfifo(saves.autosave_path())
    start = time.monotonic()
    rec, msg = saves.peek_autosave(TOY_KNOWN)
    assert rec is None and time.monotonic() - start < 2
    _set_aside_with(msg, "is not a regular file")


def test_a_save_that_cannot_be_moved_aside_still_gives_a_message(monkeypatch):
    saves.autosave_path().write_text("{{{")

    def refuse(path):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(saves, "move_aside", refuse)
    rec, msg = saves.peek_autosave(TOY_KNOWN)
    assert rec is None and "could not be moved aside (permission denied)" in _plain(msg)
    assert saves.autosave_path().exists()


def test_peek_never_raises_even_when_the_folder_lookup_does(monkeypatch):
    def boom():
        raise RuntimeError("no home")

    monkeypatch.setattr(saves, "user_dir", boom)
    rec, msg = saves.peek_autosave(TOY_KNOWN)
    assert rec is None and _plain(msg)
    rec, states, msg = saves.load_autosave(lambda gid: ToyRules())
    assert rec is None and states is None and _plain(msg)


def test_a_forged_save_does_not_replay_and_is_set_aside():
    _, text = _toy_save_text()
    lines = text.splitlines()
    i = next(k for k, ln in enumerate(lines) if "type: roll" in ln)
    lines[i] = lines[i].replace("value: ", "value: 1") if "value: 1" not in lines[i] else lines[i].replace(
        "value: 1", "value: 2")
    saves.autosave_path().write_text("\n".join(lines) + "\n")
    rec, states, msg = saves.load_autosave(lambda gid: ToyRules())
    assert rec is None
    _set_aside_with(msg, "does not replay (event")


def test_a_finished_game_offers_no_continue():
    rules = ToyRules()
    seats, s = play(rules, seed=2)
    saves.write_autosave(make_record(rules, s, seats, 2, {}))
    assert saves.peek_autosave(TOY_KNOWN) == (None, None)
    assert saves.clear_autosave() is True
    assert not saves.autosave_path().exists()
    assert (saves.autosave_path().parent / saves.LAST_FINISHED).exists()


# -- writing ------------------------------------------------------------------------------------

def test_peek_removes_temp_files_a_crash_left_in_the_user_folder():
    folder = saves.autosave_path().parent
    stale = folder / ".autosave.yaml.q1w2e3r4.tmp"
    stale.write_text("half a save")
    t = time.time() - 3600
    os.utime(stale, (t, t))
    fresh = folder / ".autosave.yaml.a1s2d3f4.tmp"
    fresh.write_text("a write in progress")
    other = folder / "notes.txt"
    other.write_text("keep")
    assert saves.peek_autosave(TOY_KNOWN) == (None, None)
    assert not stale.exists() and fresh.exists() and other.exists()


def test_write_autosave_leaves_only_the_save():
    rules = ToyRules()
    seats, s = play(rules, seed=2)
    assert saves.write_autosave(make_record(rules, s, seats, 2, {})) is True
    assert sorted(os.listdir(saves.autosave_path().parent)) == ["autosave.yaml"]


# -- the user folder: when it cannot be made or written, the game runs without saving ------------

def test_saving_works_in_a_normal_folder():
    assert paths.saving_status() == (True, None)
    assert paths.saving_enabled() and paths.saving_off_reason() is None
    assert paths.user_dir().is_dir()


def test_a_file_in_place_of_the_user_folder_turns_saving_off(tmp_path, monkeypatch):
    home = tmp_path / "home-file"
    home.write_text("not a folder")
    monkeypatch.setenv("ANTHOLOGY_HOME", str(home))
    ok, why = paths.saving_status()
    assert not ok and why == f"Saving is off: {home} is a file, not a folder."
    assert paths.user_dir() == home  # no exception
    rules = ToyRules()
    seats, s = play(rules, seed=2)
    assert saves.write_autosave(make_record(rules, s, seats, 2, {})) is False
    assert saves.clear_autosave() is False
    assert home.read_text() == "not a folder"
    assert saves.peek_autosave(TOY_KNOWN) == (None, None)
    assert saves.load_autosave(lambda gid: rules) == (None, None, None)


def test_a_user_folder_that_cannot_be_created_turns_saving_off(tmp_path, monkeypatch):
    (tmp_path / "file").write_text("x")
    home = tmp_path / "file" / "anthology"
    monkeypatch.setenv("ANTHOLOGY_HOME", str(home))
    ok, why = paths.saving_status()
    assert not ok and why.startswith(f"Saving is off: the folder {home} cannot be created (")
    assert "Error" not in why and "errno" not in why.lower()
    assert paths.user_dir() == home and not paths.saving_enabled()


@pytest.mark.skipif(os.name == "nt" or (hasattr(os, "geteuid") and os.geteuid() == 0),
                    reason="needs POSIX permissions that bind (not root)")
def test_a_read_only_user_folder_turns_saving_off(tmp_path, monkeypatch):
    home = tmp_path / "ro"
    home.mkdir()
    home.chmod(0o500)
    try:
        monkeypatch.setenv("ANTHOLOGY_HOME", str(home))
        ok, why = paths.saving_status()
        assert not ok and why == f"Saving is off: the folder {home} cannot be written (permission denied)."
    finally:
        home.chmod(0o700)


def test_a_user_folder_whose_writes_fail_turns_saving_off(tmp_path, monkeypatch):
    home = tmp_path / "full"
    monkeypatch.setenv("ANTHOLOGY_HOME", str(home))

    def full(*a, **k):
        raise OSError(30, "Read-only file system")

    with monkeypatch.context() as m:
        m.setattr(paths.tempfile, "mkstemp", full)
        ok, why = paths.saving_status()
    assert not ok and why == f"Saving is off: the folder {home} cannot be written (read-only file system)."
    assert paths.saving_status() == (False, why)        # remembered for the run...
    assert paths.saving_status(recheck=True) == (True, None)  # ...until asked to look again


@pytest.mark.skipif(not os.name == "posix", reason="the XDG layout")
def test_no_home_folder_turns_saving_off_without_creating_anything(tmp_path, monkeypatch):
    monkeypatch.delenv("ANTHOLOGY_HOME")
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setattr(paths.sys, "platform", "linux")
    monkeypatch.setattr(paths.os.path, "expanduser", lambda p: p)  # "~" stays "~": no home
    monkeypatch.chdir(tmp_path)
    ok, why = paths.saving_status()
    assert not ok and why == "Saving is off: no home folder was found to save games in."
    paths.user_dir()
    assert os.listdir(tmp_path) == []  # no "~" folder made in the current one


# -- a save in saves/ that carries a final result (issue 22) -------------------------------------

def _slot_with(rec):
    p = saves.new_slot("toy")
    saves.write_save(p, rec)
    return p


def _toy_rules(gid):
    if gid != "toy":
        raise KeyError(gid)
    return ToyRules()


def test_an_unfinished_save_given_a_final_result_is_told_and_stays_resumable():
    rules = ToyRules()
    seats = [Seat("P0", "red", "human"), Seat("P1", "blue", "human")]
    s = rules.new_game(seats, 4, {})
    for _ in range(5):
        s = rules.apply(s, rules.legal_actions(s)[0])
    assert not rules.is_over(s)
    _, done = play(rules, seed=4)
    rec = make_record(rules, s, seats, 4, {})
    rec.final = make_record(rules, done, seats, 4, {}).final          # a final result pasted in
    p = _slot_with(rec)
    infos, msgs = saves.list_saves(TOY_KNOWN, _toy_rules)
    assert saves.list_finished(TOY_KNOWN, _toy_rules) == []                         # not moved where it cannot be watched
    assert [i.path for i in infos] == [p] and infos[0].record.final is None
    assert len(msgs) == 1 and "claimed a final result" in _plain(msgs[0]) and "can be resumed" in msgs[0]
    kept = list(p.parent.glob(f"{p.stem}.unreadable-*"))
    assert len(kept) == 1 and kept[0].name in msgs[0]                  # the file as it was, kept
    got, states, msg = saves.load_save(p, _toy_rules, TOY_KNOWN)
    assert msg is None and states[-1].log.to_list() == s.log.to_list()
    assert saves.list_saves(TOY_KNOWN, _toy_rules) == (infos, [])       # told once


def test_a_finished_save_with_a_wrong_result_is_set_aside_and_told():
    rules = ToyRules()
    seats, s = play(rules, seed=2)
    rec = make_record(rules, s, seats, 2, {})
    rec.final["winners"] = [1 - rec.final["winners"][0]] if len(rec.final["winners"]) == 1 else [0]
    p = _slot_with(rec)
    infos, msgs = saves.newest_save(TOY_KNOWN, _toy_rules)
    assert infos is None and saves.list_finished(TOY_KNOWN, _toy_rules) == []
    assert len(msgs) == 1 and "claims a final result" in _plain(msgs[0])
    assert not p.exists() and list(p.parent.glob(f"{p.stem}.unreadable-*"))


def test_a_truly_finished_save_still_moves_to_the_finished_records_silently():
    rules = ToyRules()
    seats, s = play(rules, seed=2)
    p = _slot_with(make_record(rules, s, seats, 2, {}))
    assert saves.list_saves(TOY_KNOWN, _toy_rules) == ([], [])
    assert [i.path.name for i in saves.list_finished(TOY_KNOWN, _toy_rules)] == [p.name]


def test_without_rules_a_save_with_a_final_result_is_left_where_it_is_and_told():
    rules = ToyRules()
    seats, s = play(rules, seed=2)
    p = _slot_with(make_record(rules, s, seats, 2, {}))
    infos, msgs = saves.list_saves(TOY_KNOWN)
    assert infos == [] and p.exists() and "could not be checked" in _plain(msgs[0])
    assert saves.list_finished(TOY_KNOWN, _toy_rules) == []


def test_peeking_at_many_saves_scans_their_folder_for_leftovers_once(monkeypatch):
    """Issue 62's note: filling Saved games read 200 saves of a 3,000-file folder and scanned the whole
    folder for a crash's leftovers before each one; a folder is swept once a run."""
    from game.core import record
    folder = saves.autosave_path().parent
    record._swept.discard((os.path.abspath(folder), None))
    scans = []
    real = record.remove_stale_temps
    monkeypatch.setattr(record, "remove_stale_temps", lambda *a, **k: scans.append(a) or real(*a, **k))
    for n in range(20):
        saves.peek_save(folder / f"nothing-{n}.yaml", TOY_KNOWN)
    assert len(scans) == 1
