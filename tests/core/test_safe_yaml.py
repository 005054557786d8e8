"""The bounded YAML loader: every hostile file becomes one LoadError naming the file."""
import os

import pytest

from game.core.safe_yaml import LoadError, load_file, parse, read_text

BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{n}: &{n} [{', '.join(['*' + p] * 9)}]\n" for p, n in zip("abcdefgh", "bcdefghi"))


@pytest.mark.parametrize("text, words", [
    ("seed: .inf", "infinite"),
    ("seed: .nan", "not-a-number"),
    ("seed: !!timestamp 2020-99", "!!timestamp"),
    ("game: !!bool maybe", "true or false"),
    ("x: !!int abc", "whole number"),
    ("seed: " + "9" * 5000, "more than 40 digits"),
    ("r: &r [*r]", "inside its own value"),
    ("[" * 600 + "]" * 600, "deeper than"),
    ("a: !!python/object/apply:os.system [ls]", "!!python"),
    ("a: {b: 1}\nc:\n  <<: {b: 2}", "merge keys"),
    ("? [1, 2]\n: x", "cannot be used as a key"),
    ("a: [1, 2", "not valid YAML"),
    (BOMB, "values"),
])
def test_hostile_documents_are_refused_with_a_plain_message(text, words):
    with pytest.raises(LoadError) as e:
        parse(text, "autosave.yaml")
    assert str(e.value).startswith("autosave.yaml: ")
    assert words in str(e.value)
    assert "Traceback" not in str(e.value) and "tag:yaml.org" not in str(e.value)


def test_plain_documents_load_and_dates_stay_text():
    assert parse("a: 1\nb: [x, 2.5, true, null]\nd: 2020-01-01", "f") == {
        "a": 1, "b": ["x", 2.5, True, None], "d": "2020-01-01"}


def test_a_few_aliases_are_fine():
    assert parse("a: &a [1]\nb: *a", "f") == {"a": [1], "b": [1]}


def test_limits_can_be_tightened():
    with pytest.raises(LoadError, match="longer than 10 characters"):
        parse("a: " + "x" * 11, "f", max_scalar_chars=10)


def test_big_files_are_refused_before_reading(tmp_path):
    p = tmp_path / "big.yaml"
    p.write_bytes(b"a: 1\n" * 1000)
    with pytest.raises(LoadError, match="limit"):
        read_text(p, max_bytes=100)


def test_non_text_and_nul_are_refused(tmp_path):
    p = tmp_path / "bin.yaml"
    p.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(LoadError, match="not a text file"):
        load_file(p)
    p.write_bytes(b"name: a\x00b")
    with pytest.raises(LoadError, match="NUL"):
        load_file(p)


def test_folders_missing_files_and_fifos_are_refused(tmp_path):
    with pytest.raises(LoadError, match="not a regular file"):
        load_file(tmp_path)
    with pytest.raises(LoadError, match="missing"):
        load_file(tmp_path / "none.yaml")
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "pipe.yaml"
        os.mkfifo(fifo)
        with pytest.raises(LoadError, match="not a regular file"):
            load_file(fifo)


def test_link_to_an_endless_device_is_refused(tmp_path):
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    link = tmp_path / "zero.yaml"
    link.symlink_to("/dev/zero")
    with pytest.raises(LoadError, match="not a regular file"):
        load_file(link)


def test_plain_documents_take_the_c_loader_and_read_the_same():
    """Records and data files (plain YAML) are read by the C loader, to the same values the
    checked loader gives; anchors, tags, merge keys and complex keys take the checked path."""
    from pathlib import Path

    from game.core import safe_yaml
    root = Path(__file__).resolve().parents[2] / "data"
    texts = [p.read_text(encoding="utf-8") for p in sorted(root.rglob("*.yaml"))]
    texts.append("when: 2020-01-01\nflags: [yes, no, true]\nn: 0x1f\nf: .5\ns: '<<'\n")
    for text in texts:
        assert safe_yaml._is_plain(text, {})
        checked = safe_yaml._Loader(text)
        assert safe_yaml.parse(text, "x") == checked.get_single_data()
        checked.dispose()
    for text in ("a: &x [1]\nb: *x\n", "a: !!str 1\n", "<<: {a: 1}\n", "? [a]\n: 1\n", "[" * 70 + "]" * 70):
        assert not safe_yaml._is_plain(text, {})
