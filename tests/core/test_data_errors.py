"""Every problem in a data file is one message naming the file, the entry and the field."""
import pytest

from game.core.data import DataError, Entry, entries, in_range, load_yaml, one_of

GOOD = """games:
  - id: it_happens
    title: "It Happens.."
    designer: Stefan Feld
    pitch: Dice.
    players: {min: 2, max: 5}
    minutes: 30
"""


def _write(tmp_path, text):
    (tmp_path / "catalog.yaml").write_text(text)
    return tmp_path


def load_catalog(root):
    """A sample loader written like the games' own: a list of games with checked fields."""
    out = []
    for e in entries("data/catalog.yaml", load_yaml(root / "catalog.yaml"), "games"):
        pl = e.sub("players")
        lo = pl.req("min", int, in_range(1, 8))
        out.append((e.req("id", str, one_of(("it_happens", "micropolis", "antics"))), e.req("title", str), lo, pl.req("max", int, in_range(lo, 8)),
                    e.req("minutes", int, in_range(1, 600))))
    return out


def test_a_good_file_loads(tmp_path):
    assert load_catalog(_write(tmp_path, GOOD)) == [("it_happens", "It Happens..", 2, 5, 30)]


def test_yaml_syntax_error_names_file_and_line(tmp_path):
    root = _write(tmp_path, GOOD.replace("players: {min: 2, max: 5}", "players: {min: 2, max: 5"))
    with pytest.raises(DataError) as e:
        load_catalog(root)
    assert "catalog.yaml" in str(e.value) and "is not valid YAML (line" in str(e.value)


def test_missing_field_names_entry_and_field(tmp_path):
    root = _write(tmp_path, GOOD.replace("    minutes: 30\n", ""))
    with pytest.raises(DataError, match=r"data/catalog.yaml, entry 'it_happens', field 'minutes': is missing"):
        load_catalog(root)


def test_wrong_type_names_entry_and_field(tmp_path):
    root = _write(tmp_path, GOOD.replace("minutes: 30", "minutes: soon"))
    with pytest.raises(DataError, match=r"entry 'it_happens', field 'minutes': must be a whole number"):
        load_catalog(root)


def test_unknown_id_is_named(tmp_path):
    root = _write(tmp_path, GOOD.replace("id: it_happens", "id: chess"))
    with pytest.raises(DataError, match=r"entry 'chess', field 'id': unknown id 'chess'"):
        load_catalog(root)


def test_wrong_count_is_named(tmp_path):
    root = _write(tmp_path, GOOD.replace("max: 5", "max: 1"))
    with pytest.raises(DataError, match=r"field 'max': must be between 2 and 8"):
        load_catalog(root)


def test_duplicate_id_is_named(tmp_path):
    root = _write(tmp_path, GOOD + GOOD.split("\n", 1)[1])
    with pytest.raises(DataError, match=r"field 'id': duplicate id 'it_happens'"):
        load_catalog(root)


def test_missing_file_is_named(tmp_path):
    with pytest.raises(DataError, match="data/nothing.yaml: is missing"):
        load_yaml(tmp_path / "data" / "nothing.yaml")


def test_bool_is_not_a_number():
    e = Entry("f.yaml", "x", {"n": True})
    with pytest.raises(DataError, match="must be a whole number"):
        e.req("n", int)


def test_entry_helpers():
    es = entries("f.yaml", {"items": [{"id": "a", "n": 3}]}, "items")
    assert es[0].req("n", int, in_range(1, 5)) == 3
    with pytest.raises(DataError, match="expected one of"):
        es[0].req("id", str, one_of(["b"]))


def test_top_level_not_a_mapping(tmp_path):
    root = _write(tmp_path, "- just\n- a list\n")
    with pytest.raises(DataError, match="must be a mapping"):
        load_catalog(root)


@pytest.mark.parametrize("value, word", [
    ("!!timestamp 2020-99", "tag !!timestamp is not allowed"),
    ("!!int abc", '"abc" is not a whole number'),
    ("9" * 60, "more than 40 digits"),
    ("[" * 80 + "]" * 80, "nesting is deeper"),
    ("!!python/name:os.system", "is not allowed"),
])
def test_hostile_values_are_refused_naming_the_file(tmp_path, value, word):
    (tmp_path / "data").mkdir()
    root = _write(tmp_path / "data", GOOD.replace("minutes: 30", f"minutes: {value}"))
    with pytest.raises(DataError) as e:
        load_catalog(root)
    assert e.value.file == "data/catalog.yaml" and (e.value.entry, e.value.field) == (None, None)
    assert str(e.value).startswith("data/catalog.yaml: ") and word in e.value.problem


def test_plain_dates_stay_text(tmp_path):
    root = _write(tmp_path, GOOD.replace("minutes: 30", "minutes: 2020-01-01"))
    with pytest.raises(DataError, match=r"field 'minutes': must be a whole number, found '2020-01-01'"):
        load_catalog(root)


@pytest.mark.parametrize("value, shown", [
    (["x"], "found ['x']"), (list(range(50)), "found a list of 50 values"), ({"k": "v" * 50}, "found a mapping"),
    ("x" * 3000, "found 'xxxxxxxx"), (None, "found nothing"),
])
def test_wrong_values_are_shown_short(value, shown):
    with pytest.raises(DataError) as e:
        Entry("f.yaml", "x" * 500, {"n": value}).req("n", int)
    assert shown in str(e.value) and len(str(e.value)) < 150
