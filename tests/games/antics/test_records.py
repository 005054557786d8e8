"""Records: a seeded Antics! game saved, read back and replayed to the same state; a record
that was tampered with is refused by name."""
import pytest

from game.core.record import RecordError, make_record, read_record, record_text, replay, save_record
from game.core.rng import Rng
from game.core.rules import Seat
from game.games.antics.rules import get_rules

R = get_rules()


def play(n, seed, moves=None):
    st = [Seat(f"P{i}", R.seat_colors[i], "human") for i in range(n)]
    s = R.new_game(st, seed, {})
    rng = Rng(seed)
    k = 0
    while not R.is_over(s) and (moves is None or k < moves):
        acts = R.legal_actions(s)
        s = R.apply(s, acts[rng.below(len(acts))])
        k += 1
    return st, s


@pytest.mark.parametrize("n, moves", [(3, None), (4, None), (4, 137)])
def test_record_round_trip_finished_and_unfinished(tmp_path, n, moves):
    st, s = play(n, 50 + n, moves)
    rec = make_record(R, s, st, 50 + n, {})
    assert (rec.final is not None) == R.is_over(s)
    path = tmp_path / "antics.yaml"
    save_record(path, rec)
    back = read_record(path)
    end = replay(R, back)[-1]
    assert end.log.to_list() == s.log.to_list()
    assert [sh.total for sh in R.score_sheets(end)] == [sh.total for sh in R.score_sheets(s)]
    assert end.hills == s.hills and end.ants == s.ants and end.bag == s.bag
    assert record_text(make_record(R, end, st, 50 + n, {})) == path.read_text()


def test_a_tampered_decision_is_refused(tmp_path):
    st, s = play(4, 61, 80)
    rec = make_record(R, s, st, 61, {})
    k = next(i for i, ev in enumerate(rec.events) if ev["type"] == "place_ant")
    rec.events[k] = dict(rec.events[k], trail="T39")      # far from any network
    with pytest.raises(RecordError, match="not a legal decision|does not replay"):
        replay(R, rec)


def test_a_changed_seed_is_refused():
    st, s = play(3, 62, 30)
    rec = make_record(R, s, st, 62, {})
    rec.seed = 63
    with pytest.raises(RecordError, match="setup does not match"):
        replay(R, rec)
