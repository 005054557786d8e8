"""It Happens.. data: counts match the component list; every broken file names file, entry, field."""
import shutil
from collections import Counter

import pytest

from game.core.data import DataError, data_dir
from game.games.it_happens.data import load

ROOT = data_dir()


def test_twelve_mounds_of_five_columns_with_one_to_three_spaces():
    c = load()
    assert len(c.mounds) == 12
    assert all(len(m.columns) == 5 and all(1 <= len(col) <= 3 for col in m.columns) for m in c.mounds)
    assert sum(len(col) for m in c.mounds for col in m.columns) == 118


def test_component_counts_24_worms_32_items_24_vp_tiles_25_dice():
    c = load()
    assert c.worm_tiles == 24 and sum(c.item_tiles) == 32 and sum(c.vp_tiles.values()) == 24
    assert len(c.colors) * c.dice_per_color == 25


def test_vp_tiles_equal_the_mounds_queen_and_general_values():
    c = load()
    assert dict(Counter(v for m in c.mounds for v in (m.queen_vp, m.general_vp))) == c.vp_tiles


def test_item_spaces_four_per_type_never_twice_on_a_card():
    c = load()
    for t in c.item_types:
        assert sum(col.count(t) for m in c.mounds for col in m.columns) == 4
    for m in c.mounds:
        spaces = [x for col in m.columns for x in col if x not in ("plain", "worm")]
        assert len(spaces) == len(set(spaces))
        assert sum(col.count("worm") for col in m.columns) == 1


def _broken(tmp_path, name, old, new):
    shutil.copytree(ROOT / "it_happens", tmp_path / "it_happens")
    p = tmp_path / "it_happens" / name
    text = p.read_text()
    assert old in text
    p.write_text(text.replace(old, new, 1))
    return tmp_path


def test_broken_yaml_syntax_names_the_file_and_line(tmp_path):
    root = _broken(tmp_path, "mounds.yaml", "    worm_number: 6\n", "    worm_number: [6\n")
    with pytest.raises(DataError, match=r"data/it_happens/mounds.yaml: is not valid YAML \(line"):
        load(root)


def test_missing_field_names_entry_and_field(tmp_path):
    root = _broken(tmp_path, "mounds.yaml", "    worm_number: 5\n    queen_vp: 4\n", "    queen_vp: 4\n")
    with pytest.raises(DataError, match=r"mounds.yaml, entry 'M02', field 'worm_number': is missing"):
        load(root)


def test_wrong_type_names_entry_and_field(tmp_path):
    root = _broken(tmp_path, "mounds.yaml", "    queen_vp: 9\n", "    queen_vp: nine\n")
    with pytest.raises(DataError, match=r"entry 'M03', field 'queen_vp': must be a whole number"):
        load(root)


def test_unknown_space_id_names_entry_and_field(tmp_path):
    root = _broken(tmp_path, "mounds.yaml", "[glove]", "[umbrella]")
    with pytest.raises(DataError, match=r"entry 'M01', field 'columns\[1\]': unknown space 'umbrella'"):
        load(root)


def test_wrong_column_count_names_entry_and_field(tmp_path):
    root = _broken(tmp_path, "mounds.yaml", "      - [plain]\n  - id: M02", "  - id: M02")
    with pytest.raises(DataError, match=r"entry 'M01', field 'columns': must list 5 columns, found 4"):
        load(root)


def test_wrong_item_tile_count_is_named(tmp_path):
    root = _broken(tmp_path, "components.yaml", "  map: 4", "  map: 5")
    with pytest.raises(DataError, match=r"components.yaml, entry 'item_tiles': must hold 32 item tiles"):
        load(root)


def test_vp_tiles_not_matching_the_mounds_are_named(tmp_path):
    root = _broken(tmp_path, "components.yaml", "  2: 3\n  3: 4", "  2: 4\n  3: 3")
    with pytest.raises(DataError, match=r"entry 'vp_tiles'.*must equal the Queen and General values"):
        load(root)


def test_duplicate_mound_id_is_named(tmp_path):
    root = _broken(tmp_path, "mounds.yaml", "id: M02", "id: M01")
    with pytest.raises(DataError, match=r"field 'id': duplicate id 'M01'"):
        load(root)


def test_missing_file_is_named(tmp_path):
    (tmp_path / "it_happens").mkdir()
    with pytest.raises(DataError, match="components.yaml: is missing"):
        load(tmp_path)


@pytest.mark.parametrize("name, old, new, entry, field", [
    ("components.yaml", "colors: [yellow, red,", "colors: [[yellow], red,", "dice", "colors"),
    ("components.yaml", "colors: [yellow, red, green, blue, white]", "colors: [yellow, red]", "dice", "colors"),
    ("components.yaml", "  2: 3\n", "  abc: 3\n", "vp_tiles", "abc"),
    ("components.yaml", "  map: 4\n", "  7: 4\n", "item_tiles", "7"),
    ("components.yaml", "  map: 4\n", "  worm: 4\n", "item_tiles", "worm"),
    ("components.yaml", "mounds_per_round: 3", "mounds_per_round: 4", None, "mounds_per_round"),
    ("components.yaml", "  count: 24", "  count: 5", "worm_tiles", "count"),
    ("components.yaml", "  worm_tile: 1", "  worm_tile: [1]", "scoring", "worm_tile"),
    ("mounds.yaml", "[glove]", "[{glove: 1}]", "M01", "columns[1]"),
    ("mounds.yaml", "[glove]", "[[glove]]", "M01", "columns[1]"),
])
def test_wrong_kinds_of_value_are_named(tmp_path, name, old, new, entry, field):
    with pytest.raises(DataError) as e:
        load(_broken(tmp_path, name, old, new))
    assert e.value.file == f"data/it_happens/{name}" and (e.value.entry, e.value.field) == (entry, field)
