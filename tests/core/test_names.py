"""Player names: whatever setup keeps as a name, the record loader reads back."""
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game.core.names import MAX_NAME, clean_name, name_problem
from game.core.record import RecordError, make_record, read_record, record_from_dict, save_record
from game.core.rules import Seat
from tests.core.toy_game import ToyRules, play

FAMILY = "\U0001F468\u200d\U0001F469\u200d\U0001F467"
RLM = "\u200f"

# any code point (surrogates too), with the awkward ones drawn often
awkward = st.sampled_from(["\u200d", RLM, "\u200e", "\u202e", "\ufe0f", "\x00", "\t", "\n", "\x1b", "\x85",
                           "\u2028", "\u2029", "\ud800", "\ufffe", "\uffff", "\U0001F3FD", "\u0301", " ",
                           "\u00a0", "\u3000", FAMILY, "\U000E0001", "\U0010FFFF", "'", '"', "#", ":", "-"])
any_text = st.lists(st.one_of(awkward, st.characters(codec=None), st.text(max_size=3)), max_size=60).map("".join)


def _record(names: list[str]):
    rules = ToyRules()
    seats, s = play(rules, seed=2)
    rec = make_record(rules, s, seats, 2, {})
    rec.seats = [Seat(nm, seat.color, seat.kind) for nm, seat in zip(names, seats)]
    return rec


@pytest.mark.parametrize("name", [FAMILY, f"Dana {FAMILY}", f"{RLM}\u05d3\u05e0\u05d4", "A" * MAX_NAME,
                                  "Zo\u0308e", "\u0645\u0631\u064a\u0645\u200f", "Ann\U0001F3FD\ufe0f"])
def test_names_setup_accepts_load(name):
    assert clean_name(name) == name
    assert name_problem(name) is None
    rec = _record([name, "Bo"])
    assert record_from_dict(rec.to_dict()).seats[0].name == name


def test_a_paste_past_the_limit_is_cut_as_typed_not_refused_later():
    name = clean_name("B" * 100)
    assert len(name) == MAX_NAME and name_problem(name) is None
    assert clean_name("Ann" + FAMILY, 5) == "Ann\U0001F468"      # never ends on a joiner


@pytest.mark.parametrize("name, why", [("", "empty"), ("   ", "empty"), (RLM, "empty"), ("\u200d", "empty"),
                                       ("A" * (MAX_NAME + 1), "longer"), ("A\tB", "control"),
                                       ("A\nB", "control"), ("A\u2028B", "control"), (12, "not text")])
def test_names_nobody_can_use_are_refused_in_words(name, why):
    assert why in name_problem(name)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(any_text, min_size=2, max_size=2))
def test_any_cleaned_name_loads(texts):
    names = [clean_name(t) for t in texts]
    assert all(name_problem(nm) in (None, "it is empty") for nm in names)   # setup asks for a name then
    rec = _record(names)
    if all(name_problem(nm) is None for nm in names):
        assert [s.name for s in record_from_dict(rec.to_dict()).seats] == names
    else:
        with pytest.raises(RecordError, match="no usable name"):
            record_from_dict(rec.to_dict())


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(any_text, min_size=2, max_size=2))
def test_cleaned_names_round_trip_through_save_and_load(tmp_path, texts):
    names = [clean_name(t) or "X" for t in texts]
    names = [nm if name_problem(nm) is None else nm + "X" for nm in names]
    rec = _record(names)
    path = tmp_path / "names.yaml"
    save_record(path, rec)
    back = read_record(path)
    assert [s.name for s in back.seats] == names
    assert back.to_dict() == rec.to_dict()


def test_the_saver_refuses_a_record_the_loader_would_refuse(tmp_path):
    path = tmp_path / "bad.yaml"
    with pytest.raises(RecordError, match="no usable name"):
        save_record(path, _record(["A\x1bB", "Bo"]))
    assert not path.exists()
