"""The one match loop (game/core/match.py): turns and legality checked, nothing changed by a refused
decision, bots seeded as play.py and autoplay seed them, autosave after every decision and undo,
undo read from the events (core/undo.py)."""
import pytest

from game.ai.bots import bot_move, make_bot
from game.core.match import AI_SEED_SALT, Match, Refused, bot_seed
from game.core.rules import Seat
from game.core.undo import undo_allowed
from game.games import available_games, get_rules
from game.tools.autoplay import play_game

GAMES = available_games()


def seats(rules, kinds):
    return [Seat(f"P{i}", rules.seat_colors[i], k) for i, k in enumerate(kinds)]


def untimed(kind, rules, seed, seat):
    return make_bot(kind, rules, seed, timed=False)


def test_bot_seeds_are_the_play_scene_and_autoplay_ones():
    assert AI_SEED_SALT == 0x5EED
    assert bot_seed(12, 3) == 12 * 31 + 3 * 7919 + 0x5EED
    rules = get_rules(GAMES[0])
    m = Match(rules, seats(rules, ["medium", "human", "easy"][:rules.max_players]), 9, {}, make_bot=untimed)
    assert m.bot_seeds == {i: bot_seed(9, i) for i, st in enumerate(m.table_seats) if st.kind not in ("human", "imaginary")}


@pytest.mark.parametrize("game", GAMES)
def test_play_game_through_the_match_is_the_loop_it_replaced(game):
    """autoplay's play_game now drives a Match: the same moves at the same seeds as the loop it had."""
    rules = get_rules(game)
    st = seats(rules, ["medium"] * rules.min_players)
    s = rules.new_game(st, 21, {})
    bots = {i: make_bot("medium", rules, 21 * 31 + i * 7919 + 0x5EED, timed=False) for i in range(len(s.seats))
            if s.seats[i].kind not in ("human", "imaginary")}
    while not rules.is_over(s):
        p = rules.to_move(s)
        s = rules.apply(s, bot_move(bots[p], rules, s, p))
    end = play_game(rules, st, 21, {})
    assert end.log.to_list() == s.log.to_list()


@pytest.mark.parametrize("game", GAMES)
def test_refused_decisions_change_nothing(game):
    rules = get_rules(game)
    saved = []
    m = Match(rules, seats(rules, ["human"] * rules.min_players), 4, {}, autosave=saved.append)
    p = m.to_move()
    other = next(q for q in range(len(m.seats)) if q != p)
    legal = m.legal_actions()
    before = m.state
    with pytest.raises(Refused) as e:
        m.submit(legal[0], other)
    assert e.value.code == "turn"
    with pytest.raises(Refused) as e:
        m.submit(object(), p)
    assert e.value.code == "illegal"
    assert m.state is before and m.decisions == 0 and saved == []
    events = m.submit(legal[0], p)
    assert m.decisions == 1 and saved == [m] and events == m.state.log.since(len(before.log))
    with pytest.raises(Refused) as e:
        m.ai_move()
    assert e.value.code == "turn"


def test_a_finished_game_refuses_every_decision():
    rules = get_rules(GAMES[0])
    m = Match(rules, seats(rules, ["medium"] * rules.min_players), 3, {}, make_bot=untimed)
    m.play_out()
    assert m.over() and m.to_move() is None and m.legal_actions() == [] and m.winners()
    last = m.states[-2]
    with pytest.raises(Refused) as e:
        m.submit(rules.legal_actions(last)[0])
    assert e.value.code == "over"
    assert m.record().final is not None


@pytest.mark.parametrize("game", GAMES)
def test_undo_is_what_the_events_allow_and_autosaves(game):
    """Every decision of a game of people: can_undo says what core/undo.py says; an undo goes back one
    state (and whatever ``answered`` names), never past a reveal, and is saved."""
    rules = get_rules(game)
    saved = []
    m = Match(rules, seats(rules, ["human"] * rules.min_players), 8, {}, autosave=lambda match: saved.append(1))
    chooser = make_bot("medium", rules, 5, timed=False)
    human = lambda p: True   # noqa: E731
    undone = seen = 0
    for _ in range(60):
        if m.over():
            break
        m.submit(bot_move(chooser, rules, m.state, m.to_move()))
        allowed = undo_allowed(rules, m.states[-2], m.states[-1], human)
        assert m.can_undo(human) == allowed
        seen += allowed
        if allowed and undone < 3:
            n, before = len(m.states), len(saved)
            assert m.undo(human)
            assert len(m.states) == n - 1 and len(saved) == before + 1
            undone += 1
            m.submit(bot_move(chooser, rules, m.state, m.to_move()))
        elif not allowed:
            assert not m.undo(human) and len(m.states) >= 2
    assert undone == min(seen, 3)
    assert not m.can_undo(lambda p: False)    # nobody at this screen: nothing to take back
    assert not Match(rules, m.seats, 8, {}).undo(human)   # nothing decided yet


def test_a_lost_seat_given_to_an_ai_plays_on_with_its_seed():
    rules = get_rules(GAMES[0])
    st = seats(rules, ["human"] + ["medium"] * (rules.min_players - 1))
    m = Match(rules, st, 6, {}, make_bot=untimed)
    m.play_out()
    assert not m.over() and m.to_move() == 0 and m.ai_to_move() is None
    m.give_to_ai(0, "medium")
    assert m.bot_seeds[0] == bot_seed(6, 0) and m.is_ai(0)
    m.play_out()
    assert m.over()
    assert [s.kind for s in m.record().seats][:1] == ["human"]    # the record keeps the seat as it was
    with pytest.raises(Refused):
        Match(rules, st, 6, {}).give_to_ai(0, "medium")


def test_the_hold_follows_a_persons_move_that_hands_over_to_an_ai():
    rules = get_rules(GAMES[0])
    st = seats(rules, ["human"] + ["medium"] * (rules.min_players - 1))
    m = Match(rules, st, 2, {}, make_bot=untimed)
    chooser = make_bot("medium", rules, 3, timed=False)
    for _ in range(400):
        if m.over():
            break
        p = m.to_move()
        before = m.state
        if m.is_ai(p):
            m.step_ai()
            assert not m.holds_after(p, before, m.state, lambda q: q == 0)
            continue
        m.submit(bot_move(chooser, rules, m.state, p), p)
        held = m.holds_after(p, before, m.state, lambda q: q == 0)
        hands_over = not m.over() and m.is_ai(m.to_move())
        assert held <= hands_over
