"""The engine's behaviour is pinned: seeded random games give the same legal moves, events and
score sheets as before the rules were made faster, and the placement caches the rules keep on the
states always agree with the board worked out afresh."""
import hashlib

from game.games.it_happens.rules import get_rules
from tests.games.it_happens.util import seats
from tests.games.random_play import played

R = get_rules()

# sha256 (first 16 hex digits) of the games below, recorded on the engine before its speed-up
FINGERPRINT = "7b7558a2393229c4"


def random_games(count):
    """Every state of ``count`` seeded games (2 to 5 players) under a seeded random policy."""
    for g in range(count):
        for s, _ in played(R, seats(2 + g % 4), g, {"worm_supply_limited": g % 3 != 0}, policy_seed=g + 500):
            yield s


def test_seeded_games_play_exactly_as_before():
    h = hashlib.sha256()
    for s in random_games(120):
        h.update(repr(R.legal_actions(s)).encode())
        if R.is_over(s):
            h.update(repr(s.log.to_list()).encode())
            h.update(repr([sh.to_record() for sh in R.score_sheets(s)]).encode())
            h.update(repr(s.rng.state).encode())
    assert h.hexdigest()[:16] == FINGERPRINT


def test_placement_cache_matches_the_board():
    for s in random_games(40):
        fresh = s.copy()
        fresh._geometry = None                        # worked out again from the board alone
        assert R._geometry(s)[1:] == R._geometry(fresh)[1:]
