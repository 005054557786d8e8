"""Antics! data: data/antics/*.yaml loads with the box's sourced counts (rulebook A/B,
shared/components/antics.md 1.2 and 3), and broken copies of the files are refused with the
project's DataError naming file, entry and field, never with another exception.

Rulings cited by number are in docs/rulings_antics.md."""
import pathlib
import shutil
from collections import Counter, deque

import pytest
import yaml

import game.games.antics.data as antics_data
from game.core.data import DataError, data_dir
from game.games.antics.data import get_data, load_data

SRC = data_dir() / "antics"
FILES = ("components.yaml", "tiles.yaml", "board.yaml")
D = get_data()


# ================================================================ the shipped data
def test_data_loads_and_is_cached():
    assert load_data() == D and get_data() is D


def test_60_tiles_including_4_starting_tiles_56_in_the_bag():
    """Rulebook A/B: 60 ant-hill tiles including the 4 lighter starting tiles (hatch + scout)."""
    assert len(D.tiles) == 60
    assert len(D.starting_tiles) == 4 and len(D.bag_tiles) == 56
    assert set(D.starting_tiles) | set(D.bag_tiles) == set(D.tiles)
    assert all(sorted(D.tiles[t]) == ["hatch", "scout"] for t in D.starting_tiles)


def test_18_prey_6_types_of_3_and_6_exhausted_tokens():
    """Rulebook A: 18 prey (3 of each of 6 types), 6 'prey exhausted' tokens; 2 per type on the
    board with 3 players, 3 with 4."""
    assert len(D.prey) == 6 and D.prey_tokens_per_type == 3
    assert len(D.prey) * D.prey_tokens_per_type == 18
    assert D.exhausted_tokens == 6
    assert D.prey_per_type == {3: 2, 4: 3}
    assert len({p.clearing for p in D.prey}) == 6


def test_named_prey_ladybird_is_red_butterfly_exists():
    """Rulebook E(v)a: the red anteater eats ladybirds; the heave example names a butterfly."""
    by = {p.id: p for p in D.prey}
    assert by["ladybird"].colour == "red" and "butterfly" in by


def test_12_leaves_6_green_6_brown_5_of_each_on_the_board():
    """Rulebook A/B: 12 leaves (6 green, 6 brown, one spare of each); green scores +2."""
    lv = {lf.id: lf for lf in D.leaves}
    assert sum(lf.on_board + lf.spare for lf in D.leaves) == 12
    assert (lv["green"].on_board, lv["green"].spare, lv["green"].bonus) == (5, 1, 2)
    assert (lv["brown"].on_board, lv["brown"].spare, lv["brown"].bonus) == (5, 1, 0)


def test_48_ants_and_12_action_markers_for_4_players():
    """Rulebook A: 48 ants (12 per colour) and 12 action markers (3 per colour), 3-4 players."""
    assert (D.min_players, D.max_players) == (3, 4)
    assert D.ants_per_player * D.max_players == 48
    assert D.markers_per_player * D.max_players == 12
    assert D.actions_per_turn == D.markers_per_player == 3
    assert len(set(D.player_colours)) >= 4


def test_turn_and_hill_constants_from_the_rulebook():
    """Rulebook C-E: first round 1 then 2 actions, 3 after; hand limit 3; never above level 5."""
    assert D.first_round_actions == (1, 2)
    assert D.hand_limit == 3 and D.max_level == 5


def test_scout_fields_6_fields_3_rows_set_up_on_1_to_5():
    """Rulebook B: six scout fields three tiles wide; anteaters on field 6 (fields 1-5 hold 15
    tiles, antics.md 1.4)."""
    assert (D.fields, D.rows, D.setup_fields) == (6, 3, 5)


def test_six_hatching_areas_five_terrains_and_the_red_soldiers():
    """Rulebook D(iii), antics.md 3.1: six hatching areas, five for the trail terrains plus the red
    soldier area; flower far left, red far right (anteater example), stone next to red."""
    ids = [a.id for a in D.areas]
    assert len(ids) == 6 and sorted(D.terrains) == sorted(a.terrain for a in D.areas if a.terrain)
    assert ids[0] == "flower" and ids[1] == "grass" and ids[4] == "stone"
    assert D.areas[5].soldier and D.areas[5].colour == "red" and sum(a.soldier for a in D.areas) == 1


def test_three_double_sided_anteaters_whose_faces_are_the_prey_colours():
    """Rulebook A/E(v): 3 double-sided anteater tiles; each face eats the prey of its colour and
    starts its ant search at the area of that colour (red: soldiers, green: grass)."""
    assert len(D.anteater_tiles) == 3
    faces = [f for _, sides in D.anteater_tiles for f in sides]
    assert sorted(faces) == sorted(p.colour for p in D.prey)
    assert D.anteater_area["red"] == "soldier" and D.anteater_area["green"] == "grass"
    assert D.guide == {3: ("prey", "prey", "ants"), 4: ("prey", "prey", "prey_and_ants")}


def test_r39_base_three_tiles_five_actions_and_a_fungus():
    """Rulebook D(ii) note, ruling 39: the base is three separate 2-hex tiles showing scout, build,
    hatch, ANTS!, heave and one fungus."""
    assert len(D.base) == 3
    syms = sorted(sym for _, hexes in D.base for _, _, sym in hexes)
    assert syms == sorted(["scout", "build", "hatch", "ants", "heave", "fungus"])


def test_bag_mix_matches_the_reconstruction():
    """antics.md 3.4: 56 bag tiles, 14 with fungus, hexes scout 19, build 19, hatch 18, ants 21,
    heave 21, fungus 14."""
    hexes = Counter(sym for t in D.bag_tiles for sym in D.tiles[t])
    assert hexes == {"scout": 19, "build": 19, "hatch": 18, "ants": 21, "heave": 21, "fungus": 14}
    assert sum("fungus" in D.tiles[t] for t in D.bag_tiles) == 14


def test_board_41_trails_terrain_counts_and_one_chasm():
    """antics.md 3.6: 40 trails (stone 9, pebble 9, grass 9, water 6, flower 7) and the chasm between
    two junctions; T16 is grass (ruling 38); no flower trail touches the ant-hill."""
    c = Counter(t for tr in D.trails.values() for t in tr.terrains)
    assert c == {"stone": 9, "pebble": 9, "grass": 9, "water": 6, "flower": 7, "chasm": 1}
    assert D.chasm == "CHASM" and D.trails["CHASM"].ends == ("J2", "J16")
    assert D.trails["T16"].terrains == ("grass",)
    assert not any("flower" in tr.terrains and D.ant_hill in tr.ends for tr in D.trails.values())


def _distances(with_chasm):
    dist, todo = {D.ant_hill: 0}, deque([D.ant_hill])
    while todo:
        n = todo.popleft()
        for tr in D.trails.values():
            if tr.id == D.chasm and not with_chasm:
                continue
            if n in tr.ends:
                m = tr.b if tr.a == n else tr.a
                if m not in dist:
                    dist[m] = dist[n] + 1
                    todo.append(m)
    return dist


def test_board_distances_match_the_table_brown_leaf_two_trails_away():
    """antics.md 3.6 table; the rulebook's brown leaf needs three heaves to get home, so it lies two
    trails from the ant-hill; the bridge shortens the way to the stone prey and the green leaves."""
    want = {"P_GRASS": (2, 2), "L_BROWN": (2, 2), "P_RED": (3, 3), "P_FLOWER": (3, 3), "P_WATER": (3, 3),
            "P_PEBBLE": (3, 3), "L_GREEN": (4, 3), "P_STONE": (5, 3)}
    foot, bridge = _distances(False), _distances(True)
    assert {n: (foot[n], bridge[n]) for n in want} == want


# ================================================================ broken copies
def copy_data(tmp_path):
    d = tmp_path / "antics"
    d.mkdir(parents=True)
    for name in FILES:
        shutil.copy(SRC / name, d / name)
    return d


def broken(tmp_path, name, old, new):
    """A copy of the data folder in which ``old`` (found exactly once) in ``name`` became ``new``."""
    d = copy_data(tmp_path)
    text = (d / name).read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {name}"
    (d / name).write_text(text.replace(old, new), encoding="utf-8")
    return d


def refused(d):
    with pytest.raises(DataError) as e:
        load_data(d)
    return e.value


CASES = [
    # (file, old text, new text, file named, entry, field, word in the problem)
    ("components.yaml", "players: {min: 3, max: 4}", "players: {max: 4}",
     "components.yaml", "players", "min", "missing"),
    ("components.yaml", "  ants: 12 ", "  ants: twelve ", "components.yaml", "per_player", "ants", "whole number"),
    ("components.yaml", "  ants: 12 ", "  ants: 11 ", "components.yaml", None, "ants", "48"),
    ("components.yaml", "action_markers: 3", "action_markers: 2", "components.yaml", None, "action markers", "12"),
    ("components.yaml", "prey_tokens_per_type: 3", "prey_tokens_per_type: 4", "components.yaml", None, "prey", "18"),
    ("components.yaml", "{id: green, on_board: 5, spare: 1", "{id: green, on_board: 5, spare: 2",
     "components.yaml", None, "leaves", "12"),
    ("components.yaml", "{id: water,   ant: worker,  terrain: water", "{id: water,   ant: worker,  terrain: lava",
     "components.yaml", "water", "terrain", "lava"),
    ("components.yaml", "{id: pebble,  ant: worker", "{id: pebble,  ant: queen",
     "components.yaml", "pebble", "ant", "queen"),
    ("components.yaml", "colour: red,    clearing: P_RED}", "colour: red,    clearing: P_NOWHERE}",
     "components.yaml", "ladybird", "clearing", "P_NOWHERE"),
    ("components.yaml", "{id: caterpillar, name: caterpillar", "{id: butterfly, name: caterpillar",
     "components.yaml", "butterfly", "id", "duplicate"),
    ("components.yaml", "{id: A, sides: [red, blue]}", "{id: A, sides: [red]}",
     "components.yaml", "A", "sides", "2 values"),
    ("components.yaml", "  red: soldier", "  red: kitchen", "components.yaml", None, "anteater_colours", "kitchen"),
    ("components.yaml", "3: [prey, prey, ants]", "3: [prey, prey, everything]",
     "components.yaml", None, "anteater_guide.3", "everything"),
    ("components.yaml", "prey_per_type: {3: 2, 4: 3}", "prey_per_type: {4: 3}",
     "components.yaml", None, "prey_per_type", "3 players"),
    ("components.yaml", "  fields: 6", "  fields: many", "components.yaml", "scout_fields", "fields", "whole number"),
    ("tiles.yaml", "{hexes: [fungus, scout], count: 3}", "{hexes: [fungus, scoot], count: 3}",
     "tiles.yaml", "bag[#1]", "hexes", "scoot"),
    ("tiles.yaml", "{hexes: [fungus, scout], count: 3}", "{hexes: [fungus, scout], count: three}",
     "tiles.yaml", "bag[#1]", "count", "whole number"),
    ("tiles.yaml", "bag_count: 56", "bag_count: 57", "tiles.yaml", None, "bag", "57"),
    ("tiles.yaml", "hexes: [hatch, scout], count: 4}", "hexes: [hatch, scout], count: 3}",
     "tiles.yaml", "starting_tile", "count", "between 4 and 4"),
    ("tiles.yaml", "[[1, 0, hatch], [1, 1, ants]]", "[[1, 0, hatch], [3, 3, ants]]",
     "tiles.yaml", "B2", "hexes", "neighbours"),
    ("tiles.yaml", "[[1, 0, hatch], [1, 1, ants]]", "[[0, 0, hatch], [1, 0, ants]]",
     "tiles.yaml", "B2", "hexes", "twice"),
    ("tiles.yaml", "[[2, 0, heave], [2, 1, fungus]]", "[[2, 0, heave], [2, 1, fungus], [3, 1, fungus]]",
     "tiles.yaml", "B3", "hexes", "2 hexes"),
    ("board.yaml", "{id: T05, a: AH, b: J5,", "{id: T05, a: AH, b: J99,", "board.yaml", "T05", "b", "J99"),
    ("board.yaml", "{id: T05, a: AH, b: J5, terrain: grass}", "{id: T05, a: AH, b: J5, terrain: lava}",
     "board.yaml", "T05", "terrain", "lava"),
    ("board.yaml", "{id: T05, a: AH, b: J5,", "{id: T05, a: AH, b: AH,", "board.yaml", "T05", "b", "different"),
    ("board.yaml", "{id: T40, a: J3, b: J4, terrain: pebble}", "{id: T40, a: J3, b: J4, terrain: chasm}",
     "board.yaml", "CHASM", "terrain", "one chasm"),
    ("board.yaml", "{id: CHASM, a: J2, b: J16,", "{id: CHASM, a: J2, b: P_STONE,",
     "board.yaml", "CHASM", "terrain", "junctions"),
    ("board.yaml", "{id: J3, kind: junction}", "{id: J3, kind: castle}", "board.yaml", "J3", "kind", "castle"),
    ("board.yaml", "{id: J16, kind: junction}", "{id: J16, kind: junction}\n  - {id: J99, kind: junction}",
     "board.yaml", "J99", None, "reached"),
    ("board.yaml", "{id: J3, kind: junction}", "{id: J2, kind: junction}", "board.yaml", "J2", "id", "duplicate"),
    ("board.yaml", "{id: J1, kind: junction}", "{id: J1, kind: ant_hill}", "board.yaml", None, "nodes", "one ant_hill"),
    ("board.yaml", "{id: P_RED, kind: clearing}", "{id: P_RED, kind: junction}",
     "components.yaml", "ladybird", "clearing", "P_RED"),
    ("board.yaml", "{id: T05, a: AH, b: J5,", "{id: T05, b: J5,", "board.yaml", "T05", "a", "missing"),
    ("board.yaml", "{id: L_GREEN, kind: leaf_clearing}", "{id: L_GREEN, kind: junction}",
     "components.yaml", "green", "clearing", "L_GREEN"),
]


@pytest.mark.parametrize("name, old, new, file, entry, field, word", CASES,
                         ids=[f"{c[0]}:{c[5]}:{c[4]}:{c[6]}" for c in CASES])
def test_broken_copy_names_file_entry_and_field(tmp_path, name, old, new, file, entry, field, word):
    """Each broken copy is refused with a DataError naming the file, the entry and the field."""
    d = broken(tmp_path, name, old, new)
    try:
        load_data(d)
    except DataError as e:
        assert e.file.endswith(file), f"names {e.file!r}, expected {file}: {e}"
        assert e.entry == entry and e.field == field, f"entry/field {e.entry!r}/{e.field!r}: {e}"
        assert word in e.problem, str(e)
        assert file in str(e) and (field is None or field in str(e))
    except Exception as e:                                     # noqa: BLE001 - the point of the test
        pytest.fail(f"{name}: {old!r} -> {new!r} raised {type(e).__name__}: {e} (expected DataError)")
    else:
        pytest.fail(f"{name}: {old!r} -> {new!r} was accepted")


def test_broken_tile_total_names_the_tiles_file(tmp_path):
    """A tiles.yaml whose bag (consistently) holds 57 tiles breaks the box's 60 tiles: the error
    must name tiles.yaml, where the mistake is."""
    d = copy_data(tmp_path)
    t = (d / "tiles.yaml").read_text()
    t = t.replace("bag_count: 56", "bag_count: 57").replace("[ants, ants],    count: 1", "[ants, ants],    count: 2")
    (d / "tiles.yaml").write_text(t)
    e = refused(d)
    assert "60" in e.problem and "61" in e.problem
    assert e.file.endswith("tiles.yaml"), f"the tile-count error names {e.file!r}, not tiles.yaml: {e}"


@pytest.mark.parametrize("name, old, new", [
    ("components.yaml", "- {id: flower,  ant: worker", "- {id: [flower],  ant: worker"),
    ("tiles.yaml", "- {id: B2, hexes:", "- {id: {b: 2}, hexes:"),
    ("board.yaml", "- {id: J3, kind: junction}", "- {id: [J, 3], kind: junction}"),
])
def test_broken_id_that_is_a_list_or_mapping(tmp_path, name, old, new):
    """An entry whose id is a list or a mapping is refused with a DataError naming the file and
    the id field (not a TypeError from hashing the id)."""
    d = broken(tmp_path, name, old, new)
    try:
        load_data(d)
    except DataError as e:
        assert e.file.endswith(name) and e.field == "id", str(e)
    except Exception as e:                                     # noqa: BLE001
        pytest.fail(f"{name}: id {new!r} raised {type(e).__name__}: {e} (expected DataError)")
    else:
        pytest.fail(f"{name}: id {new!r} was accepted")


def test_broken_yaml_syntax_names_file_and_line(tmp_path):
    d = broken(tmp_path, "components.yaml", "players: {min: 3, max: 4}", "players: {min: 3, max: 4")
    e = refused(d)
    assert e.file.endswith("components.yaml") and "not valid YAML (line" in e.problem


@pytest.mark.parametrize("name", FILES)
def test_broken_missing_file(tmp_path, name):
    d = copy_data(tmp_path)
    (d / name).unlink()
    e = refused(d)
    assert e.file.endswith(name) and "missing" in e.problem


@pytest.mark.parametrize("name", FILES)
def test_broken_not_a_mapping_or_empty(tmp_path, name):
    for text in ("- just\n- a list\n", "", "42\n"):
        d = copy_data(tmp_path / f"x{len(text)}")
        (d / name).write_text(text)
        e = refused(d)
        assert e.file.endswith(name) and "mapping" in e.problem, str(e)


def test_broken_not_utf8(tmp_path):
    d = copy_data(tmp_path)
    (d / "board.yaml").write_bytes(b"nodes: [\xff\xfe]\n")
    e = refused(d)
    assert e.file.endswith("board.yaml") and "not UTF-8" in e.problem


# ---------------------------------------------------------------- exhaustive sweep
BAD = [None, "x", -1, 10 ** 6, True, [], {}, 1.5, ["x"], [[0, 0, "x"]]]


def _paths(v, pre=()):
    yield pre
    if isinstance(v, dict):
        for k, x in v.items():
            yield from _paths(x, pre + (k,))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            yield from _paths(x, pre + (i,))


def _set(v, path, new, delete=False):
    """A copy of v with the value at ``path`` replaced (or deleted); only the path is copied."""
    if not path:
        return new
    c = dict(v) if isinstance(v, dict) else list(v)
    if len(path) == 1 and delete:
        del c[path[0]]
    else:
        c[path[0]] = _set(v[path[0]], path[1:], new, delete)
    return c


def test_broken_anywhere_is_a_data_error_never_another_exception(monkeypatch):
    """Every value of every file deleted or replaced by a wrong type/value: the loader either
    accepts the copy or raises DataError, never another exception. (The files are parsed once; the
    loader's YAML reader is swapped for one returning the broken trees, to keep this fast.)"""
    src = {n: yaml.safe_load((SRC / n).read_text(encoding="utf-8")) for n in FILES}
    cur = {}
    monkeypatch.setattr(antics_data, "load_yaml", lambda p: cur[pathlib.Path(p).name])
    crashes, tried = [], 0
    for name, tree in src.items():
        for path in _paths(tree):
            muts = ([("delete", None)] if path else []) + [("set", b) for b in BAD]
            for how, bad in muts:
                cur.clear()
                cur.update(src)
                cur[name] = _set(tree, path, bad, how == "delete")
                tried += 1
                try:
                    load_data("/broken/antics")
                except DataError:
                    pass
                except Exception as e:                         # noqa: BLE001
                    crashes.append(f"{name} {'.'.join(map(str, path))} {how} {bad!r}: "
                                   f"{type(e).__name__}: {e}")
    assert tried > 3000
    assert not crashes, f"{len(crashes)} broken copies raised something else than DataError:\n" + \
        "\n".join(crashes[:12])
