"""The event log every game keeps (game.core.rules.Log)."""
import pickle

from game.core.rules import EMPTY_LOG, Log, log_of

KEYS = ("type", "player", "tile")


def test_an_event_stored_as_keys_and_values_reads_as_the_same_dict():
    log = EMPTY_LOG.add({"type": "round", "round": 1}).add((KEYS, "take", 0, "A1"))
    assert log.to_list() == [{"type": "round", "round": 1}, {"type": "take", "player": 0, "tile": "A1"}]
    assert list(log.to_list()[1]) == list(KEYS)   # the keys keep their order
    assert len(log) == 2


def test_events_added_together_count_and_read_one_by_one():
    first = EMPTY_LOG.add((KEYS, "take", 0, "A1"))
    both = first.add_all([(KEYS, "draw", None, "B2"), {"type": "round", "round": 2}, (KEYS, "draw", None, "C3")])
    after = both.add({"type": "over"})
    assert len(both) == 4 and len(after) == 5
    assert [ev["type"] for ev in after.to_list()] == ["take", "draw", "round", "draw", "over"]
    assert after.since(len(first)) == after.to_list()[1:]
    assert [ev["type"] for ev in after.since(2)] == ["round", "draw", "over"]   # inside the batch
    assert after.stored_since(len(both)) == [{"type": "over"}]


def test_a_log_pickles_as_its_events():
    log = EMPTY_LOG.add((KEYS, "take", 0, "A1")).add_all([(KEYS, "draw", None, "B2"), {"type": "x"}])
    back = pickle.loads(pickle.dumps(log))
    assert isinstance(back, Log) and back.to_list() == log.to_list() and len(back) == 3
    assert log_of(log.to_list()).to_list() == log.to_list()
