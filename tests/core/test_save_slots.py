"""Save slots: every unfinished game keeps its own file; nothing is replaced without asking."""
from game.core import saves
from game.core.record import make_record
from game.core.rules import Seat
from tests.core.toy_game import ToyRules

TOY_KNOWN = {"toy"}.__contains__


def _game(rules, seed, moves):
    seats = [Seat(f"P{i}", c, "human") for i, c in enumerate(["red", "blue"])]
    s = rules.new_game(seats, seed, {})
    for _ in range(moves):
        if rules.is_over(s):
            break
        s = rules.apply(s, rules.legal_actions(s)[0])
    return seats, s


def test_a_new_game_takes_a_new_slot_and_the_old_one_stays():
    rules = ToyRules()
    a, b = saves.new_slot("toy"), None
    seats, s = _game(rules, 1, 3)
    saves.write_save(a, make_record(rules, s, seats, 1, {}))
    b = saves.new_slot("toy")
    assert b != a
    seats, s2 = _game(rules, 2, 2)
    saves.write_save(b, make_record(rules, s2, seats, 2, {}))
    listed, msgs = saves.list_saves(TOY_KNOWN)
    assert msgs == [] and {i.path for i in listed} == {a, b}


def test_a_slot_resumes_exactly():
    rules = ToyRules()
    seats, s = _game(rules, 4, 5)
    p = saves.new_slot("toy")
    saves.write_save(p, make_record(rules, s, seats, 4, {}))
    rec, states, msg = saves.load_save(p, lambda gid: rules, TOY_KNOWN)
    assert msg is None and states[-1].log.to_list() == s.log.to_list()


def test_a_finished_game_moves_to_the_finished_records():
    rules = ToyRules()
    seats, s = _game(rules, 3, 10_000)
    assert rules.is_over(s)
    p = saves.new_slot("toy")
    saves.write_save(p, make_record(rules, s, seats, 3, {}))
    assert saves.finish_save(p) is not None and not p.exists()
    assert saves.list_saves(TOY_KNOWN)[0] == []
    assert [i.path.name for i in saves.list_finished(TOY_KNOWN, lambda gid: ToyRules())] == [p.name]


def test_a_broken_slot_is_set_aside_and_told_the_others_stay():
    rules = ToyRules()
    seats, s = _game(rules, 5, 3)
    good = saves.new_slot("toy")
    saves.write_save(good, make_record(rules, s, seats, 5, {}))
    bad = saves.saves_dir() / "toy-broken.yaml"
    bad.write_text("not: [valid")
    listed, msgs = saves.list_saves(TOY_KNOWN)
    assert [i.path for i in listed] == [good]
    assert len(msgs) == 1 and "could not be read" in msgs[0]
    assert not bad.exists() and list(saves.saves_dir().glob("toy-broken.unreadable-*"))


def test_the_old_single_autosave_joins_the_list():
    rules = ToyRules()
    seats, s = _game(rules, 6, 3)
    saves.write_autosave(make_record(rules, s, seats, 6, {}))
    listed, _ = saves.list_saves(TOY_KNOWN)
    assert len(listed) == 1 and not saves.autosave_path().exists()


def test_delete_removes_only_what_was_chosen():
    rules = ToyRules()
    seats, s = _game(rules, 7, 3)
    a, = [saves.new_slot("toy")]
    saves.write_save(a, make_record(rules, s, seats, 7, {}))
    b = saves.saves_dir() / "toy-other.yaml"
    saves.write_save(b, make_record(rules, s, seats, 7, {}))
    assert saves.delete_save(a) is None
    assert [i.path for i in saves.list_saves(TOY_KNOWN)[0]] == [b]


def test_the_round_is_read_from_the_events():
    rules = ToyRules()
    seats, s = _game(rules, 8, 3)
    p = saves.new_slot("toy")
    rec = make_record(rules, s, seats, 8, {})
    info = saves.SaveInfo(p, rec, 0.0)
    assert info.round == 0
    rec.events.insert(0, {"type": "round", "round": 3})
    assert info.round == 3


def _same_second(monkeypatch):
    monkeypatch.setattr(saves.time, "strftime", lambda fmt, *t: "20260101-120000")


def test_two_programs_starting_games_in_the_same_second_take_two_files(monkeypatch):
    _same_second(monkeypatch)
    a, b = saves.new_slot("toy"), saves.new_slot("toy")    # neither written yet
    assert a != b and a.exists() and b.exists()
    assert a.name == "toy-20260101-120000.yaml" and b.name.startswith("toy-20260101-120000-")


def test_a_slot_not_written_yet_is_neither_listed_nor_set_aside():
    p = saves.new_slot("toy")
    assert saves.list_saves(TOY_KNOWN) == ([], []) and p.exists()


def test_with_the_clock_set_back_a_new_game_never_replaces_a_finished_one(monkeypatch):
    _same_second(monkeypatch)
    rules = ToyRules()
    for seed in (3, 4):
        p = saves.new_slot("toy")
        seats, s = _game(rules, seed, 10_000)
        saves.write_save(p, make_record(rules, s, seats, seed, {}))
        assert saves.finish_save(p) is not None
    assert sorted(i.record.seed for i in saves.list_finished(TOY_KNOWN, lambda gid: ToyRules())) == [3, 4]


def test_adopting_the_old_autosave_never_replaces_an_earlier_save(monkeypatch):
    _same_second(monkeypatch)
    rules = ToyRules()
    seats, s = _game(rules, 6, 3)
    earlier = saves.saves_dir() / "earlier-20260101-120000.yaml"
    saves.write_save(earlier, make_record(rules, s, seats, 6, {}))
    saves.write_autosave(make_record(rules, s, seats, 9, {}))
    listed, msgs = saves.list_saves(TOY_KNOWN)
    assert msgs == [] and sorted(i.record.seed for i in listed) == [6, 9]
    assert not saves.autosave_path().exists()


def test_a_file_set_aside_twice_in_a_second_keeps_both(monkeypatch):
    _same_second(monkeypatch)
    saves.saves_dir().mkdir(parents=True)
    for _ in range(2):
        (saves.saves_dir() / "toy-broken.yaml").write_text("not: [valid")
        saves.list_saves(TOY_KNOWN)
    assert len(list(saves.saves_dir().glob("toy-broken.unreadable-*"))) == 2
