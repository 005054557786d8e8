"""rules.potential_score: the score if what a player's ants carry got home (prey beside the hill,
leaves laid by ruling 37), worked out by score_lines on a copy without changing the state."""
from game.core.rules import Seat
from game.games import get_rules
from game.games.antics.state import LEAF_PREFIX

R = get_rules("antics")
PREY = [p.id for p in R.d.prey]
TRAILS = sorted(R.ends)


def ready(**fields):
    s = R.new_game([Seat(f"P{i}", R.seat_colors[i], "human") for i in range(4)], 3, {})
    n = s.copy()
    for k, v in fields.items():
        setattr(n, k, v)
    return n


def total(s, p):
    return sum(R.score_lines(s, p).values())


def test_nothing_carried_is_the_score_now():
    s = ready()
    for p in range(4):
        assert R.potential_score(s, p) == total(s, p)


def test_carried_prey_and_a_green_leaf_count_as_if_home():
    p = 1
    ants = list(ready().ants)
    ants[p] = {TRAILS[0]: PREY[1], TRAILS[1]: LEAF_PREFIX + "green", TRAILS[2]: None}
    beside = list(ready().beside)
    beside[p] = (PREY[0],)
    s = ready(ants=tuple(ants), beside=tuple(beside))
    assert total(s, p) == 1                       # one prey: 1 x 1, the leaf not laid yet
    # two prey: 2 x 2; the green leaf on the base hill's level-1 fungus: 1 + 2
    assert R.potential_score(s, p) == 4 + 3
    assert s.beside[p] == (PREY[0],) and s.leaves[p] == (0, 0)      # the state is untouched
    assert total(s, p) == 1


def test_prey_delivered_this_turn_counts_for_the_player_to_move_only():
    s = ready()
    p = s.player
    s = ready(delivered=(PREY[2],))
    assert R.potential_score(s, p) == total(s, p) + 1
    q = (p + 1) % 4
    assert R.potential_score(s, q) == total(s, q)
