"""Data tests: the 61 reconstructed tiles and every YAML error path."""
from collections import Counter
from pathlib import Path

import pytest
import yaml

from game.core.data import DataError, data_dir
from game.games.micropolis.data import PORTS, get_data, load_constants, load_tiles

FIX = Path(__file__).parent / "fixtures"
RAW = yaml.safe_load((data_dir() / "micropolis" / "tiles.yaml").read_text())["anthill_tiles"]
D = get_data()


def segs():
    return [sg for t in D.tiles.values() for sg in t.segments]


def test_61_anthill_tiles_and_6_foundations():
    assert len(D.tiles) == 61 == D.constants.anthill_tiles
    assert len(D.foundations) == 6


def test_tile_ids_unique():
    ids = [t["id"] for t in RAW]
    assert len(set(ids)) == len(ids) == 61


def test_ports_valid_and_each_port_once_per_tile():
    for t in D.tiles.values():
        used = [p for sg in t.segments for p in sg.ports]
        assert set(used) <= set(PORTS)
        assert len(used) == len(set(used)), t.id


def test_each_port_open_on_50_tiles_balanced():
    c = Counter(p for sg in segs() for p in sg.ports)
    assert c == {"Li": 50, "Lo": 50, "Ri": 50, "Ro": 50}


def test_planarity_no_two_segments_of_a_tile_cross():
    order = {"Ri": 0, "Ro": 1, "Lo": 2, "Li": 3}
    for t in D.tiles.values():
        for i, a in enumerate(t.segments):
            for b in t.segments[i + 1:]:
                pa = sorted(order[p] for p in a.ports)
                pb = sorted(order[p] for p in b.ports)
                # two chords cross if one has an endpoint strictly inside the other's arc and one outside
                for x in range(len(pa)):
                    for y in range(x + 1, len(pa)):
                        lo, hi = pa[x], pa[y]
                        inside = [lo < q < hi for q in pb]
                        assert all(inside) or not any(inside), t.id


def test_specialists_counts_and_at_most_one_per_tile():
    c = Counter(sg.specialist for sg in segs() if sg.specialist)
    assert c == {"queen": 5, "nurse": 7, "architect": 2, "sergeant": 4, "sentry": 3}
    assert all(sum(1 for sg in t.segments if sg.specialist) <= 1 for t in D.tiles.values())


def test_eggs_only_on_nurses_1_to_3_total_15():
    for sg in segs():
        if sg.specialist == "nurse":
            assert 1 <= sg.eggs <= 3
        else:
            assert sg.eggs == 0
    assert sorted(sg.eggs for sg in segs() if sg.specialist == "nurse") == [1, 1, 2, 2, 3, 3, 3]


def test_barracks_sizes():
    c = Counter(t.barracks for t in D.tiles.values() if t.barracks)
    assert c == {1: 5, 2: 5, 3: 4, 4: 2}
    assert not any(t.barracks and t.specialist for t in D.tiles.values())


def test_fruits_6_5_4_3_2_1_plus_3_gifts():
    c = Counter(f for sg in segs() for f in sg.fruits)
    assert c == {"cherry": 6, "lemon": 5, "grape": 4, "blackberry": 3, "fig": 2, "pomegranate": 1, "gift": 3}
    assert all(len(t.fruits) <= 1 for t in D.tiles.values())


def test_workers_total_129_ants_150():
    assert sum(sg.workers for sg in segs()) == 129
    assert sum(t.ants for t in D.tiles.values()) == 150


def test_constants_from_rulebook():
    c = D.constants
    assert (c.soldiers, c.army_cap, c.line_size, c.soldiers_per_foundation) == (45, 10, 7, 5)
    assert c.harvest_vp == (0, 2, 5, 10, 15, 20, 25)
    assert c.barracks_vp == {1: 2, 2: 4, 3: 7, 4: 10}


# ---------------------------------------------------------------- broken fixtures

def _err(name):
    with pytest.raises(DataError) as e:
        load_tiles(FIX / name, D.constants)
    return str(e.value)


def test_broken_yaml_syntax_names_file_and_line():
    msg = _err("syntax_error.yaml")
    assert "syntax_error.yaml" in msg and "not valid YAML (line" in msg


def test_broken_missing_field_names_file_entry_field():
    msg = _err("missing_field.yaml")
    assert "missing_field.yaml" in msg and "'A02'" in msg and "segments[1].workers" in msg and "missing" in msg


def test_broken_wrong_type_names_file_entry_field():
    msg = _err("wrong_type.yaml")
    assert "wrong_type.yaml" in msg and "'A02'" in msg and "segments[1].workers" in msg and "whole number" in msg


def test_broken_unknown_id_names_file_entry_field():
    msg = _err("unknown_id.yaml")
    assert "unknown_id.yaml" in msg and "'A02'" in msg and "segments[1].fruits" in msg and "banana" in msg


def test_broken_wrong_count_names_file_and_field():
    msg = _err("wrong_count.yaml")
    assert "wrong_count.yaml" in msg and "anthill_tiles" in msg and "61" in msg and "found 2" in msg


def test_broken_crossing_segments_refused():
    msg = _err("crossing.yaml")
    assert "crossing.yaml" in msg and "'A01'" in msg and "segments[2].ports" in msg and "cross" in msg


def test_broken_duplicate_id_refused():
    msg = _err("duplicate_id.yaml")
    assert "duplicate_id.yaml" in msg and "'A01'" in msg and "'id'" in msg and "duplicate" in msg


def test_broken_empty_tile_id_refused(tmp_path):
    bad = tmp_path / "empty_id.yaml"
    bad.write_text((FIX / "duplicate_id.yaml").read_text().replace("id: A01", 'id: ""', 1))
    with pytest.raises(DataError) as e:
        load_tiles(bad, D.constants)
    assert "empty_id.yaml" in str(e.value) and "'id'" in str(e.value) and "must not be empty" in str(e.value)


def test_broken_constants_missing_field():
    with pytest.raises(DataError) as e:
        load_constants(FIX / "constants_missing.yaml")
    msg = str(e.value)
    assert "constants_missing.yaml" in msg and "army_cap" in msg and "missing" in msg


# ---------------------------------------------------------------- values the rules use later
def _constants_error(tmp_path, old, new):
    text = (data_dir() / "micropolis" / "constants.yaml").read_text()
    assert old in text
    path = tmp_path / "data" / "micropolis" / "constants.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(DataError) as e:
        load_constants(path)
    return e.value


@pytest.mark.parametrize("new, word", [
    ("players: ['x', 3]", "whole numbers"),
    ("players: []", "different player counts"),
    ("players: [2, 2]", "different player counts"),
    ("players: [2, 7]", "between 2 and 6"),
])
def test_expert_players_must_be_player_counts(tmp_path, new, word):
    e = _constants_error(tmp_path, "players: [2, 3]", new)
    assert (e.file, e.entry, e.field) == ("data/micropolis/constants.yaml", "expert", "players") and word in e.problem


def test_expert_tables_need_enough_tiles_soldiers_and_line(tmp_path):
    e = _constants_error(tmp_path, "players: [2, 3]", "players: [2, 4]")    # 8 anthills need 80 tiles
    assert (e.entry, e.field) == ("components", "anthill_tiles") and "80" in e.problem
    e = _constants_error(tmp_path / "b", "soldiers: 45", "soldiers: 25")
    assert (e.entry, e.field) == ("components", "soldiers")
    e = _constants_error(tmp_path / "c", "line_size: 7", "line_size: 5")     # six players take 6 a round
    assert e.field == "line_size" and "6 tiles" in e.problem


def test_the_rules_seat_up_to_six_players(tmp_path):
    e = _constants_error(tmp_path, "players: {min: 2, max: 6}", "players: {min: 2, max: 5}")
    assert (e.entry, e.field) == ("players", "max")


@pytest.mark.parametrize("old, new, field", [
    ("[0, 2, 5, 10, 15, 20, 25]", "[0, 2, 5, 10, 15, 20, [25]]", "harvest_vp_by_distinct_fruits"),
    ("{1: 2, 2: 4, 3: 7, 4: 10}", "{1: 2, 2: 4, 3: 7, 4: {a: 1}}", "barracks_vp_by_size"),
    ("colony_vp: 5", "colony_vp: -5", "colony_vp"),
    ("fruits: [cherry, lemon", "fruits: [[cherry], lemon", "fruits"),
    ("fruits: [cherry, lemon", "fruits: [gift, lemon", "fruits"),
])
def test_scoring_values_are_checked_before_use(tmp_path, old, new, field):
    assert _constants_error(tmp_path, old, new).field == field
