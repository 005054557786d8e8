"""Trust: what the saved-games lists and History show is what the files in the folders confirm --
a broken link hides nothing, the history index is checked against the folder and field by field,
and a finished game counts only as a replay of its moves confirms it."""
import dataclasses
import os

import pytest
import yaml

from game.core import history, saves
from game.core.record import make_record, read_record, save_record
from game.core.rules import Seat
from game.games import get_rules
from game.tools.autoplay import play_game
from tests.core.toy_game import ToyRules

TOY_KNOWN = {"toy"}.__contains__
needs_links = pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links here")


def _toy_rules(gid):
    if gid != "toy":
        raise KeyError(gid)
    return ToyRules()


def _toy(seed, moves):
    rules = ToyRules()
    seats = [Seat("P0", "red", "human"), Seat("P1", "blue", "human")]
    s = rules.new_game(seats, seed, {})
    for _ in range(moves):
        if rules.is_over(s):
            break
        s = rules.apply(s, rules.legal_actions(s)[0])
    return make_record(rules, s, seats, seed, {})


def _links(folder):
    folder.mkdir(parents=True, exist_ok=True)
    try:
        os.symlink(folder / "nowhere.yaml", folder / "dangling.yaml")
        os.symlink(folder / "loop-b.yaml", folder / "loop-a.yaml")
        os.symlink(folder / "loop-a.yaml", folder / "loop-b.yaml")
    except (OSError, NotImplementedError):
        pytest.skip("symbolic links cannot be made here")
    (folder / "sub.yaml").mkdir()                 # a folder with a record's name: not a file either


@needs_links
def test_a_dangling_or_looping_link_in_saves_hides_no_save():
    p = saves.new_slot("toy")
    saves.write_save(p, _toy(1, 3))
    _links(saves.saves_dir())
    listed, msgs = saves.list_saves(TOY_KNOWN, _toy_rules)
    assert [i.path for i in listed] == [p] and msgs == []
    newest, msgs = saves.newest_save(TOY_KNOWN, _toy_rules)
    assert newest is not None and newest.path == p and msgs == []
    assert (saves.saves_dir() / "dangling.yaml").is_symlink()      # left alone, not set aside


@needs_links
def test_a_dangling_or_looping_link_in_finished_hides_no_record():
    p = saves.new_slot("toy")
    saves.write_save(p, _toy(3, 10_000))
    done = saves.finish_save(p)
    _links(saves.finished_dir())
    assert [i.path for i in saves.list_finished(TOY_KNOWN, _toy_rules)] == [done]
    assert [g.file for g in history.refresh(get_rules=_toy_rules)] == [done.name]


@needs_links
def test_only_links_leading_nowhere_are_not_something_saved():
    _links(saves.saves_dir())
    assert not saves.any_saved()


# -- History ----------------------------------------------------------------------------------

def _finish(seed, kinds=("human", "medium", "easy")):
    rules = get_rules("micropolis")
    seats = [Seat(n, c, "medium") for n, c in zip(("Ann", "Bo", "Cy"), rules.seat_colors)]
    end = play_game(rules, seats, seed, {})
    shown = [Seat(s.name, s.color, k) for s, k in zip(seats, kinds)]
    folder = saves.finished_dir()
    folder.mkdir(parents=True, exist_ok=True)
    rec = dataclasses.replace(make_record(rules, end, seats, seed, {}), seats=shown)
    path = folder / f"micropolis-{seed}.yaml"
    save_record(path, rec)
    return path, rules.winners(end)


def _index():
    return saves.finished_dir().parent / history.INDEX


def _edit_index(change):
    data = yaml.safe_load(_index().read_text(encoding="utf-8"))
    change(data["games"][0])
    _index().write_text(yaml.safe_dump(data, allow_unicode=False), encoding="utf-8")


def test_with_finished_missing_history_lists_no_deleted_game():
    path, _ = _finish(1)
    assert len(history.refresh()) == 1 and _index().exists()
    path.unlink()
    saves.finished_dir().rmdir()
    assert history.refresh() == []


def test_a_damaged_index_entry_is_not_believed_and_the_record_is_read_again():
    _finish(1)
    [g] = history.refresh()
    truth = [(p.name, p.score, p.won) for p in g.players]
    loser = next(i for i, p in enumerate(g.players) if not p.won)

    def says_won(entry):
        entry["players"][loser][3] = "no"          # a string: it is no bool, and "no" is truthy
    _edit_index(says_won)
    [g] = history.refresh()
    assert [(p.name, p.score, p.won) for p in g.players] == truth

    def says_score(entry):
        entry["players"][0][2] = "12"
    _edit_index(says_score)
    [g] = history.refresh()
    assert [(p.name, p.score, p.won) for p in g.players] == truth
    assert history._from_dict({**g.to_dict(), "size": True}) is None
    assert history._from_dict({**g.to_dict(), "mtime": "1"}) is None
    assert history._from_dict({**g.to_dict(), "game": 7}) is None
    assert history._from_dict({**g.to_dict(), "players": [["Ann", "human", 1.5, True]]}) is None
    assert history._from_dict(g.to_dict()) == g


@pytest.mark.parametrize("bad", ["Ann\0", "Ann\x1b[2J", "A\nnn", ""])
def test_a_control_character_in_an_index_name_never_reaches_the_screen(bad):
    _finish(1)
    history.refresh()

    def renamed(entry):
        entry["players"][0][0] = bad
    _edit_index(renamed)
    [g] = history.refresh()
    assert [p.name for p in g.players] == ["Ann", "Bo", "Cy"]
    assert all(p.name.isprintable() for p in g.players)
    assert "Ann" in history.player_stats([g])


def _forge(path, winners):
    rec = read_record(path)
    loser = next(i for i in range(3) if i not in winners)
    rec.final["winners"] = [loser]
    for sheet in rec.final["sheets"]:
        if sheet.get("player") == loser:
            sheet["total"] = 999
    save_record(path, rec)                        # a record anyone could have written by hand


def test_a_forged_final_result_is_not_counted_anywhere_and_is_told():
    honest, _ = _finish(1)
    forged, winners = _finish(2)
    _forge(forged, winners)
    told = []
    found = history.refresh(messages=told)
    assert [g.file for g in found] == [honest.name]
    assert len(told) == 1 and "does not replay" in told[0] and "It was kept as micropolis-2.unreadable-" in told[0]
    assert "differ from what the moves give" in told[0]
    assert not forged.exists() and list(saves.finished_dir().glob("micropolis-2.unreadable-*"))
    stats = history.player_stats(found)
    assert stats["Ann"]["micropolis"].games == 1 and 999 not in stats["Ann"]["micropolis"].scores
    assert [i.path for i in saves.list_finished()] == [honest]


def test_a_forged_record_is_not_listed_in_the_finished_tab_either():
    honest, _ = _finish(1)
    forged, winners = _finish(2)
    _forge(forged, winners)
    told = []
    assert [i.path for i in saves.list_finished(messages=told)] == [honest]
    assert len(told) == 1 and "does not replay" in told[0]
    assert [g.file for g in history.refresh()] == [honest.name]     # the index remembers what was replayed


def test_a_forged_index_of_an_earlier_version_is_rebuilt_by_replays():
    path, winners = _finish(1)
    st = path.stat()
    loser = next(i for i in range(3) if i not in winners)
    players = [[n, k, 0, i == loser] for i, (n, k) in enumerate((("Ann", "human"), ("Bo", "medium"), ("Cy", "easy")))]
    _index().write_text(yaml.safe_dump({"games": [{"file": path.name, "size": st.st_size, "mtime": st.st_mtime,
                                                   "game": "micropolis", "players": players}]}), encoding="utf-8")
    [g] = history.refresh()
    assert [i for i, p in enumerate(g.players) if p.won] == list(winners)
