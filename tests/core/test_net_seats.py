"""A hosted game's save marks its network seats: written as a person's seat with ``net: true`` (any
reader, an older one too, sees a person), read back into ``Record.net``; ``kind: net`` reads the
same way; a malformed flag is refused in words; records without it load as before."""
import dataclasses

import pytest
import yaml

from game.core.match import Match
from game.core.record import RecordError, make_record, read_record, record_from_dict, record_text, replay, save_record
from game.core.rules import SEAT_KINDS, Seat
from game.games import get_rules


def seats(rules, n=3):
    return [Seat(f"P{i}", rules.seat_colors[i], "human" if i < 2 else "medium") for i in range(n)]


def test_network_seats_are_kept_in_the_record_and_read_back(tmp_path):
    rules = get_rules("micropolis")
    m = Match(rules, seats(rules), 5, {}, net=[1])
    for a in m.legal_actions()[:1]:
        m.submit(a)
    rec = m.record()
    assert rec.net == [1]
    d = yaml.safe_load(record_text(rec))
    assert d["seats"][1] == {"name": "P1", "color": rules.seat_colors[1], "kind": "human", "net": True}
    assert "net" not in d["seats"][0] and all(st["kind"] in SEAT_KINDS for st in d["seats"])
    path = tmp_path / "g.yaml"
    save_record(path, rec)
    back = read_record(path)
    assert back.net == [1] and [s.kind for s in back.seats] == ["human", "human", "medium"]
    assert replay(rules, back)[-1].log.to_list() == m.state.log.to_list()


def test_kind_net_reads_as_a_person_elsewhere_and_old_records_are_unchanged():
    rules = get_rules("micropolis")
    rec = make_record(rules, rules.new_game(seats(rules), 3, {}), seats(rules), 3, {})
    d = rec.to_dict()
    assert rec.net == [] and all("net" not in st for st in d["seats"])
    assert record_from_dict(d).net == []
    d["seats"][0] = dict(d["seats"][0], kind="net")
    back = record_from_dict(d)
    assert back.net == [0] and back.seats[0].kind == "human"


@pytest.mark.parametrize("change,words", [
    ({"net": "yes"}, "another machine"),
    ({"net": 1}, "another machine"),
    ({"kind": "medium", "net": True}, "not a person"),
])
def test_a_malformed_network_flag_is_refused_in_words(change, words):
    rules = get_rules("micropolis")
    d = make_record(rules, rules.new_game(seats(rules), 3, {}), seats(rules), 3, {}).to_dict()
    d["seats"][1] = dict(d["seats"][1], **change)
    with pytest.raises(RecordError, match=words):
        record_from_dict(d, "g.yaml")


def test_make_record_keeps_only_persons_seats_as_network_seats():
    rules = get_rules("micropolis")
    s = seats(rules)
    rec = make_record(rules, rules.new_game(s, 3, {}), s, 3, {}, net=[0, 2, 9])
    assert rec.net == [0]
    assert dataclasses.replace(rec, net=[]).to_dict()["seats"] == [st.to_record() for st in s]
