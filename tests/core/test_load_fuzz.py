"""Fuzzing the loaders: ~300 mutants of real records and autosaves (byte flips, cut lines,
values of the wrong type) each load cleanly or are refused with RecordError -- never any
other exception -- and the menu's save functions never raise. Fixed seed; fast."""
import functools
import random
import re

import pytest

from game.core import saves
from game.core.record import RecordError, load_game, make_record, read_record, record_text, replay
from game.core.rules import Seat
from game.games import available_games, get_rules
from tests.core.toy_game import ToyRules

SEED = 20261124

SWAPS = ["[]", "{}", "-1", "null", "yes", "1e99", "~", "[[[]]]", "x", '"\\0"', '"a\\tb"',
         "!!python/tuple [1]", "!!python/object/apply:os.system [ls]", "18446744073709551616",
         "9" * 60, ".inf", ".nan", "!!binary aGk=", "&a [*a]", "*nowhere", "2020-01-01",
         '"' + "Z" * 300 + '"', "{type: keep}", "[{type: roll}]", "<<: {a: 1}", "!!set {a}",
         "0x10", "0o7", "-0", "1_000", "!!float 3", "!!str 5", "|\n  text"]


@functools.lru_cache(maxsize=1)
def _sources():
    """(label, rules, text) of a few real records: toy, and each game in this build
    part-played (an autosave); then, apart, each game finished (with its final section,
    larger and slower to read, so mutated less often)."""
    out, ends = [], []
    toy = ToyRules()
    seats = [Seat("Ann", "red", "easy"), Seat("Bob", "blue", "human")]
    s = toy.new_game(seats, 3, {})
    while not toy.is_over(s):
        s = toy.apply(s, toy.legal_actions(s)[0])
    out.append(("toy", toy, record_text(make_record(toy, s, seats, 3, {}))))
    for gid in available_games():
        rules = get_rules(gid)
        n = max(rules.min_players, 2)
        seats = [Seat(nm, col, "human") for nm, col in zip(["Ann", "Bob", "Cid", "Dee"], rules.seat_colors)][:n]
        s = rules.new_game(seats, 11, {})
        rng = random.Random(gid)
        steps = 0
        while not rules.is_over(s) and steps < 400:
            s = rules.apply(s, rng.choice(rules.legal_actions(s)))
            steps += 1
            if steps == 20:
                out.append((f"{gid}-part", rules, record_text(make_record(rules, s, seats, 11, {}))))
        ends.append((f"{gid}-end", rules, record_text(make_record(rules, s, seats, 11, {}))))
    return tuple(out), tuple(ends)


def _mutate(text: str, rng: random.Random, kind: int) -> bytes:
    lines = text.splitlines()
    if kind == 0:  # byte flips
        b = bytearray(text.encode())
        for _ in range(rng.randint(1, 6)):
            b[rng.randrange(len(b))] = rng.randrange(256)
        return bytes(b)
    if kind == 1:  # line deletions
        for _ in range(rng.randint(1, 4)):
            if len(lines) > 1:
                lines.pop(rng.randrange(len(lines)))
        return "\n".join(lines).encode()
    if kind == 2:  # a top-level or seat value of another type
        keyed = [i for i, ln in enumerate(lines) if re.match(r"^\s*-?\s*\w+:", ln)]
        i = rng.choice(keyed)
        key = lines[i].split(":", 1)[0]
        lines[i] = f"{key}: {rng.choice(SWAPS)}"
        return "\n".join(lines).encode()
    # kind 3: a value inside one event (or the final section) swapped for another type
    flows = [i for i, ln in enumerate(lines) if re.search(r"\w+: [^,{}\[\]]+", ln)]
    i = rng.choice(flows)
    spots = list(re.finditer(r"(\w+: )([^,{}\[\]]+)", lines[i]))
    m = rng.choice(spots)
    new = rng.choice(SWAPS + ["0", "1", "99", "-5", "true", "red", "keep", "roll"]).replace("\n", " ")
    lines[i] = lines[i][:m.start(2)] + new + lines[i][m.end(2):]
    return "\n".join(lines).encode()


def _plain(msg: str) -> None:
    assert msg and "Traceback" not in msg and " object at 0x" not in msg, msg
    assert len(msg) < 1000, msg


def test_fuzzed_records_and_saves_load_cleanly_or_raise_record_error(tmp_path):
    rng = random.Random(SEED)
    parts, ends = _sources()
    outcomes = {"loaded": 0, "refused": 0}
    known = set(available_games())
    for k in range(300):
        label, rules, text = ends[k // 10 % len(ends)] if k % 10 == 9 else parts[k % len(parts)]
        data = _mutate(text, rng, rng.randrange(4))
        path = tmp_path / f"m{k}.yaml"
        path.write_bytes(data)
        try:
            if label == "toy":
                rec = read_record(path)
                replay(rules, rec, name=path.name)
            else:
                load_game(None, path)
            outcomes["loaded"] += 1
        except RecordError as e:
            _plain(str(e))
            outcomes["refused"] += 1
        if k % 4 == 0:  # the same bytes as the autosave: the menu's calls never raise
            ap = saves.autosave_path()
            ap.write_bytes(data)
            got, msg = saves.peek_autosave()
            assert got is None or got.game in known
            if msg is not None:
                _plain(msg)
            if ap.exists():
                got, states, msg = saves.load_autosave(get_rules)
                assert (got is None) == (states is None)
                if msg is not None:
                    _plain(msg)
                    assert not ap.exists()
            ap.unlink(missing_ok=True)
    assert outcomes["loaded"] > 0 and outcomes["refused"] > 100, outcomes


@pytest.mark.parametrize("kind", range(4))
def test_each_mutation_kind_alone_never_escapes(tmp_path, kind):
    rng = random.Random(SEED + kind)
    label, rules, text = _sources()[0][0]  # the toy record: quick to replay
    for k in range(25):
        path = tmp_path / f"k{k}.yaml"
        path.write_bytes(_mutate(text, rng, kind))
        try:
            replay(rules, read_record(path), name=path.name)
        except RecordError as e:
            _plain(str(e))
