"""Seeded mutations of every file under data/: each broken copy either loads and plays, or is
refused with one DataError naming a file of that game. Anything else is an escape.

DATA_FUZZ=5000 runs that many mutants per game instead of the quick default (a manual sweep);
DATA_FUZZ_MOVES=100000 plays every game that loads to its end instead of 30 random moves.
"""
import copy
import functools
import os
import pathlib
import random
import shutil
from collections import Counter

import pytest
import yaml

from game.core import safe_yaml
from game.core.data import DataError, data_dir
from game.core.rules import Seat
from game.games.antics import data as antics_data
from game.games.antics.rules import AnticsRules
from game.games.it_happens import data as it_happens_data
from game.games.it_happens import rules as it_happens_rules
from game.games.micropolis import data as micropolis_data
from game.games.micropolis.rules import MicropolisRules

MUTANTS = int(os.environ.get("DATA_FUZZ", "0")) or 75
MOVES = int(os.environ.get("DATA_FUZZ_MOVES", "0")) or 30

# values put in place of any value of a file
BAD_VALUES = [["x"], {"x": 1}, [], {}, None, True, False, "", "zzz", 1.5, -1, 0, 10 ** 30, -(10 ** 30),
              [[0, 0, "x"]], [1, 2, 3], {1: 2}, "x" * 3000]
# YAML text put in place of any value: tags, numbers and nesting the loader must refuse or survive
RAW_VALUES = ["!!timestamp 2020-99", "!!timestamp 2020-01-01", "!!int abc", "!!float x", "!!bool maybe",
              "!!binary aGk=", "!!set {a: null}", "!!python/name:os.system", "!!str 5", "!!int 0x1F",
              "9" * 60, "-" + "9" * 39, ".inf", ".nan", "2020-01-01", "0o17", "1_000", "yes", "~",
              "[" * 40 + "]" * 40, "[" * 80 + "]" * 80, "{a: " * 30 + "1" + "}" * 30]
WHOLE_FILES = ["", "x\n", "[1, 2]\n", "42\n", "{}\n", "a: &a [*a]\n", "- &a [1]\n- *a\n" * 3]


class Target:
    """One data folder's loader and a short game on whatever it loaded."""

    def __init__(self, name, files, load, play):
        self.name, self.files, self.load, self.play = name, files, load, play
        self.names = {f"data/{f}" for f in files}


def _playout(rules, counts, options_list, seed):
    rng = random.Random(seed)
    for n in counts:
        seats = [Seat(f"P{i}", rules.seat_colors[i % len(rules.seat_colors)]) for i in range(n)]
        for options in options_list:
            if rules.validate_setup(seats, options):
                continue                    # a plain refusal the setup screen shows
            s = rules.new_game(seats, seed, options)
            for _ in range(MOVES):
                if rules.is_over(s):
                    break
                s = rules.apply(s, rng.choice(rules.legal_actions(s)))
            rules.score_sheets(s)
            rules.winners(s)


def _play_it_happens(comps, seed, monkeypatch):
    monkeypatch.setattr(it_happens_rules, "components", lambda: comps)
    rules = it_happens_rules.ItHappensRules()
    _playout(rules, range(rules.min_players, rules.max_players + 1), [{}, {"worm_supply_limited": False}], seed)


def _play_micropolis(d, seed, monkeypatch):
    rules = MicropolisRules(d)
    _playout(rules, range(rules.min_players, rules.max_players + 1), [{}, {"expert": True}], seed)


def _play_antics(d, seed, monkeypatch):
    rules = AnticsRules(d)
    _playout(rules, range(rules.min_players, rules.max_players + 1), [{}], seed)


TARGETS = [
    Target("it_happens", ["it_happens/components.yaml", "it_happens/mounds.yaml"],
           it_happens_data.load, _play_it_happens),
    Target("micropolis", ["micropolis/constants.yaml", "micropolis/tiles.yaml", "micropolis/foundations.yaml"],
           lambda root: micropolis_data.load_data(root / "micropolis"), _play_micropolis),
    Target("antics", ["antics/components.yaml", "antics/tiles.yaml", "antics/board.yaml"],
           lambda root: antics_data.load_data(root / "antics"), _play_antics),
]


# ---------------------------------------------------------------- mutations of a parsed file
def _paths(v, pre=()):
    yield pre
    if isinstance(v, dict):
        for k, x in v.items():
            yield from _paths(x, pre + (k,))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            yield from _paths(x, pre + (i,))


def _get(v, path):
    for k in path:
        v = v[k]
    return v


def _scalars(tree):
    return [x for p in _paths(tree) for x in [_get(tree, p)] if not isinstance(x, (dict, list))]


def _replacement(rng, old, tree, raws):
    """A wrong value for ``old``: a bad type, a near miss, another value of the file or raw YAML."""
    roll = rng.random()
    if roll < 0.3:
        return rng.choice(BAD_VALUES)
    if roll < 0.45:
        raws.append(rng.choice(RAW_VALUES))
        return f"RAWxx{len(raws) - 1}xx"
    if roll < 0.7 and isinstance(old, int) and not isinstance(old, bool):
        return rng.choice([old + 1, old - 1, -old, old * 100, 0])
    if roll < 0.85:
        return rng.choice(_scalars(tree) or [None])
    return [old] if rng.random() < 0.5 else {"x": old}


def _mutate(rng, tree, raws):
    """Change ``tree`` in place at one random spot (the top mapping itself is never replaced)."""
    paths = [p for p in _paths(tree) if p]
    if not paths:
        return
    path = rng.choice(paths)
    parent, key = _get(tree, path[:-1]), path[-1]
    how = rng.choice(["replace"] * 5 + ["delete", "duplicate", "swap", "rekey", "add"])
    if how == "delete":
        del parent[key]
    elif how == "duplicate" and isinstance(parent, list):
        parent.insert(key, parent[key])
    elif how == "swap" and isinstance(parent, list) and len(parent) > 1:
        j = rng.randrange(len(parent))
        parent[key], parent[j] = parent[j], parent[key]
    elif how == "rekey" and isinstance(parent, dict):
        new = rng.choice([str(key), "zzz", 99, -1, True, None, f"{key}x"])
        parent[new] = parent.pop(key)
    elif how == "add" and isinstance(parent, dict):
        parent[rng.choice(["zzz", 7, None])] = rng.choice(BAD_VALUES)
    else:
        parent[key] = _replacement(rng, parent[key], tree, raws)


@functools.lru_cache(maxsize=16)
def _parsed(text):
    return safe_yaml.parse(text, "original")


def _mutant_text(rng, text):
    roll = rng.random()
    if roll < 0.04:
        return rng.choice(WHOLE_FILES)
    if roll < 0.08:
        return text[:rng.randrange(len(text))]
    tree, raws = copy.deepcopy(_parsed(text)), []
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        _mutate(rng, tree, raws)
    out = yaml.safe_dump(tree, sort_keys=False, default_flow_style=None, allow_unicode=True, width=10 ** 6)
    for i, raw in enumerate(raws):
        out = out.replace(f"RAWxx{i}xx", raw)
    return out


# ---------------------------------------------------------------- the sweep
def _outcome(target, root, seed, monkeypatch) -> str:
    """'played' or 'refused' (a clear DataError) for one mutant, else a description of the escape."""
    rng = random.Random(seed)
    file = rng.choice(target.files)
    original = (root / file).read_text(encoding="utf-8")
    (root / file).write_text(_mutant_text(rng, original), encoding="utf-8")
    try:
        return _load_and_play(target, root, seed, monkeypatch)
    finally:
        (root / file).write_text(original, encoding="utf-8")


def _load_and_play(target, root, seed, monkeypatch) -> str:
    try:
        loaded = target.load(root)
    except DataError as e:
        msg = str(e)
        clear = e.file in target.names and msg.startswith(e.file) and len(msg) <= 300
        return "refused" if clear else f"unclear DataError: {msg[:300]}"
    except Exception as e:                                     # noqa: BLE001 - the point of the test
        return f"{type(e).__name__} while loading: {e}"[:300]
    try:
        target.play(loaded, seed, monkeypatch)
    except Exception as e:                                     # noqa: BLE001
        return f"{type(e).__name__} while playing: {e}"[:300]
    return "played"


def _parse_unchanged_files_once(monkeypatch, root):
    """The loader is pure Python and slow on big files: a file still equal to its original is
    parsed once and handed out as a copy; a mutated file goes through the loader every time."""
    real = safe_yaml.load_file
    originals = {str(p): p.read_bytes() for p in root.rglob("*.yaml")}
    trees = {}

    def load_file(path, name=None, **limits):
        key = str(path)
        if key not in originals or originals[key] != pathlib.Path(path).read_bytes():
            return real(path, name, **limits)
        if key not in trees:
            trees[key] = real(path, name, **limits)
        return copy.deepcopy(trees[key])
    monkeypatch.setattr(safe_yaml, "load_file", load_file)


@pytest.mark.parametrize("target", TARGETS, ids=[t.name for t in TARGETS])
def test_mutated_data_loads_and_plays_or_is_refused(target, tmp_path, monkeypatch):
    root = tmp_path / "data"
    shutil.copytree(data_dir(), root)
    monkeypatch.setenv("ANTHOLOGY_DATA", str(root))
    _parse_unchanged_files_once(monkeypatch, root)
    outcomes, escapes = Counter(), []
    for seed in range(MUTANTS):
        got = _outcome(target, root, seed, monkeypatch)
        if got in ("played", "refused"):
            outcomes[got] += 1
        else:
            escapes.append(f"seed {seed}: {got}")
    print(f"{target.name}: {MUTANTS} mutants, {dict(outcomes)}, {len(escapes)} escaped")
    assert not escapes, f"{len(escapes)} of {MUTANTS} mutants escaped:\n" + "\n".join(escapes[:15])
    assert outcomes["played"] and outcomes["refused"], "the mutations should both break and spare the data"


def test_the_copied_data_plays(tmp_path, monkeypatch):
    """The unmutated copy loads and plays, so a refusal above is the mutation's doing."""
    root = tmp_path / "data"
    shutil.copytree(data_dir(), root)
    for target in TARGETS:
        target.play(target.load(root), 1, monkeypatch)
