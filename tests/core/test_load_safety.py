"""Issue #7: whatever the autosave holds, the menu comes up; the save is refused with a plain
message and set aside. Forged results are refused; a fuzzed record never raises anything else."""
import os
import random

import pytest

from game.core import saves
from game.core.record import RecordError, make_record, read_record, record_text, replay
from game.core.rules import Seat
from game.games import get_rules, is_known

GOOD = None


def good_record_text(over=False):
    rules = get_rules("micropolis")
    seats = [Seat("Ann", "red", "human"), Seat("Bob", "blue", "human")]
    s = rules.new_game(seats, 5, {"expert": False})
    while not rules.is_over(s) and (over or len(s.log) < 40):
        s = rules.apply(s, rules.legal_actions(s)[0])
    return rules, record_text(make_record(rules, s, seats, 5, {"expert": False}))


def swap(text, old, new):
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize("mutate, words", [
    (lambda t: swap(t, "game: micropolis", "game: chess"), "does not have (chess)"),
    (lambda t: swap(t, "game: micropolis", "game: !!python/name:os.system"), "not allowed"),
    (lambda t: swap(t, "seed: 5", "seed: " + "9" * 5000), "more than 40 digits"),
    (lambda t: swap(t, "seed: 5", "seed: .inf"), "infinite"),
    (lambda t: swap(t, "seed: 5", "seed: !!timestamp 2020-99"), "!!timestamp"),
    (lambda t: swap(t, "game: micropolis", "game: !!bool maybe"), "true or false"),
    (lambda t: swap(t, "name: Ann", "name: " + "A" * 10_000_000), "limit"),
    (lambda t: swap(t, "name: Ann", 'name: "A\\0nn"'), "name"),
    (lambda t: swap(t, "name: Ann", "name: [1, 2]"), "name"),
    (lambda t: "x: " + "[" * 600 + "]" * 600, "deeper"),
    (lambda t: "setup: &r [*r]", "inside its own value"),
    (lambda t: swap(t, "seed: 5", "seed: -3"), "seed"),
])
def test_a_bad_autosave_is_refused_and_set_aside(mutate, words):
    _, text = good_record_text()
    p = saves.autosave_path()
    p.write_text(mutate(text), encoding="utf-8")
    rec, msg = saves.peek_autosave(is_known)
    assert rec is None and msg and words in msg
    assert "Traceback" not in msg and "{" not in msg
    assert not p.exists() and list(p.parent.glob("autosave.unreadable-*"))


def test_random_bytes_and_a_folder_in_place_of_the_save():
    p = saves.autosave_path()
    p.write_bytes(bytes(random.Random(1).randrange(256) for _ in range(4000)))
    assert saves.peek_autosave()[0] is None
    p.mkdir()
    rec, msg = saves.peek_autosave()
    assert rec is None and "not a regular file" in msg


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_named_pipe_does_not_hang_the_start():
    os.mkfifo(saves.autosave_path())
    rec, msg = saves.peek_autosave()
    assert rec is None and "not a regular file" in msg


def test_forged_final_scores_are_refused(tmp_path):
    rules, text = good_record_text(over=True)
    rec = read_record_text(tmp_path, text)
    replay(rules, rec)                                    # the honest one loads
    rec.final["winners"] = [1 - rec.final["winners"][0]] if len(rec.final["winners"]) == 1 else [0]
    with pytest.raises(RecordError, match="differ"):
        replay(rules, rec)


def test_a_final_on_an_unfinished_game_is_refused(tmp_path):
    rules, text = good_record_text(over=False)
    rec = read_record_text(tmp_path, text)
    rec.final = {"sheets": [], "winners": [0]}
    with pytest.raises(RecordError, match="not over"):
        replay(rules, rec)


def read_record_text(tmp_path, text):
    p = tmp_path / "r.yaml"
    p.write_text(text, encoding="utf-8")
    return read_record(p)


def test_fuzzed_records_load_cleanly_or_are_refused_by_name(tmp_path):
    """300 mutants of a real record (byte flips, cut lines, swapped values): each either replays
    or raises RecordError; never another exception."""
    rules, text = good_record_text()
    lines = text.splitlines()
    rng = random.Random(7)
    for k in range(300):
        kind = k % 3
        if kind == 0:
            b = bytearray(text.encode())
            for _ in range(rng.randint(1, 5)):
                b[rng.randrange(len(b))] = rng.randrange(256)
            data = bytes(b)
        elif kind == 1:
            cut = list(lines)
            for _ in range(rng.randint(1, 4)):
                cut.pop(rng.randrange(len(cut)))
            data = "\n".join(cut).encode()
        else:
            mixed = list(lines)
            i = rng.randrange(len(mixed))
            if ":" in mixed[i]:
                key = mixed[i].split(":", 1)[0]
                mixed[i] = f"{key}: {rng.choice(['[]', '{}', '-1', 'null', 'yes', '1e99', '~', '[[[]]]', 'x'])}"
            data = "\n".join(mixed).encode()
        p = tmp_path / f"m{k}.yaml"
        p.write_bytes(data)
        try:
            rec = read_record(p)
            replay(get_rules(rec.game) if rec.game in ("micropolis", "it_happens", "antics") else rules, rec)
        except RecordError:
            pass
