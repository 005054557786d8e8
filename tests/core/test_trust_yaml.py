"""The plain-YAML fast path and the checked path accept exactly the same documents, and a file of
too many values is refused after one pass of the C parser."""
import time

import pytest
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

from game.core import safe_yaml
from game.core.safe_yaml import LoadError, load_file, parse, parse_checked


class Lit(str):
    """A scalar written as it is, in plain style (a number with a sign, underscores, 0x...)."""


class _Dumper(yaml.SafeDumper):
    pass


_Dumper.add_representer(Lit, lambda d, v: d.represent_scalar("tag:yaml.org,2002:int", str(v)))


def _big_digits():
    """Digit strings up to ~5,400 long: below, at and above the 40-digit limit and Python's 4,300."""
    return st.builds(lambda chunk, times: (chunk * times)[:5400],
                     st.text("0123456789", min_size=1, max_size=12), st.integers(1, 450))


_int_literals = st.one_of(
    st.builds(lambda sign, d: Lit(sign + d.lstrip("0") or sign + "0"), st.sampled_from(["", "-", "+"]), _big_digits()),
    st.builds(lambda sign, d: Lit(f"{sign}1_{d}"), st.sampled_from(["", "-", "+"]), _big_digits()),
    st.builds(lambda sign, d: Lit(f"{sign}0x{d}"), st.sampled_from(["", "-", "+"]), _big_digits()),
    st.builds(lambda sign, d: Lit(f"{sign}0{d.translate(str.maketrans('89', '01'))}"),
              st.sampled_from(["", "-", "+"]), _big_digits()),
    st.builds(lambda sign, d: Lit(f"{sign}1{d}:30"), st.sampled_from(["", "-"]), st.text("0123456789", max_size=60)),
)

_scalars = st.one_of(
    st.none(), st.booleans(),
    st.integers(), st.integers(min_value=-(10 ** 60), max_value=10 ** 60),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(st.characters(exclude_categories=("Cs",)), max_size=30),
    st.sampled_from(["<<", "2020-01-01", "=", "yes", "~", "0x1f", "1:30", ".5", "1e5", "+1", "-0"]),
    _int_literals,
)

_documents = st.recursive(
    _scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=5),
                            st.dictionaries(st.one_of(st.text(max_size=8), st.integers(), st.booleans(), st.none()),
                                            inner, max_size=5)),
    max_leaves=20)


def _outcome(read, text):
    try:
        value = read(text, "f")
    except LoadError:
        return "refused"
    return ("read", repr(value))     # repr: tells 1 from 1.0 and True, nan compares equal to itself


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_documents, st.sampled_from([None, False, True]), st.booleans())
def test_the_fast_path_and_the_checked_path_agree_on_every_document(doc, flow, explicit_start):
    try:
        text = yaml.dump(doc, Dumper=_Dumper, default_flow_style=flow, explicit_start=explicit_start,
                         allow_unicode=True, sort_keys=False)
    except ValueError:               # Python cannot even write an int of more than 4,300 digits
        return
    assert _outcome(parse, text) == _outcome(parse_checked, text)


@pytest.mark.parametrize("digits", [41, 100, 4299])
@pytest.mark.parametrize("sign", ["-", "+"])
def test_signed_whole_numbers_over_the_digit_limit_are_refused_by_both_paths(sign, digits):
    text = f"seed: {sign}{'7' * digits}\n"
    for read in (parse, parse_checked):
        with pytest.raises(LoadError, match="more than 40 digits"):
            read(text, "f")


def test_a_file_of_too_many_values_is_refused_after_one_quick_pass(tmp_path):
    p = tmp_path / "autosave.yaml"
    p.write_text("x: [" + ",".join(["0"] * 500_001) + "]\n", encoding="utf-8")
    assert p.stat().st_size < 1_100_000
    composed = []
    real = safe_yaml._Loader.compose_node
    safe_yaml._Loader.compose_node = lambda self, *a: composed.append(1) or real(self, *a)
    try:
        t = time.perf_counter()
        with pytest.raises(LoadError, match="more than 500,000 values"):
            load_file(p)
        took = time.perf_counter() - t
    finally:
        safe_yaml._Loader.compose_node = real
    assert composed == []                       # never composed again, value by value, in Python
    assert took < 5                             # was 14 to 26 s; about 1 s now


def test_too_many_values_after_an_anchor_are_refused_in_the_same_pass():
    text = "a: &x 1\nb: *x\nx: [" + ",".join(["0"] * 2_001) + "]\n"
    with pytest.raises(safe_yaml._Refused, match="more than 2,000 values"):
        safe_yaml._is_plain(text, {"max_nodes": 2_000})
    for read in (parse, parse_checked):
        with pytest.raises(LoadError, match="more than 2,000 values"):
            read(text, "f", max_nodes=2_000)
