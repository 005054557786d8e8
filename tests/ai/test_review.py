"""The game review: decisions recovered from the states, a deliberate blunder found as the costliest
mistake with Hard's move, what it gains over the move played and the hint's words, seeded,
stoppable, and telling its progress."""
import pytest

from game.ai.bots import bot_move, heuristics_for, make_bot
from game.ai.review import Mistake, decisions_of, gain_words, measure_gains, review, why_line
from game.core.rules import ScoreSheet, Seat
from game.games import get_rules
from game.tools.autoplay import ai_seats

QUICK = {"iterations": 24}      # a quicker Hard where the test is not about its strength


def medium_game(game, players, seed, decisions, blunder_after=None, min_gap=3.0):
    """States of a seeded all-Medium game (at most ``decisions`` decisions). With ``blunder_after``,
    the first decision from there on whose Medium scores spread by ``min_gap`` or more is played
    with the worst-scored legal action; returns (rules, states, the blunder's index or None)."""
    rules = get_rules(game)
    s = rules.new_game(ai_seats(rules, players, "medium", seed), seed, {})
    bots = [make_bot("medium", rules, seed * 7 + i, timed=False) for i in range(players)]
    states, blunder = [s], None
    heur = heuristics_for(rules, "medium")
    from game.core.rng import Rng
    while len(states) <= decisions and not rules.is_over(s):
        p = rules.to_move(s)
        acts = rules.legal_actions(s)
        a = None
        if blunder is None and blunder_after is not None and len(states) > blunder_after and len(acts) > 1:
            vals = heur.score_actions(rules, rules.determinize(rules.observe(s, p), p, Rng(1)), p, Rng(1))
            if max(vals) - min(vals) >= min_gap:
                a = acts[min(range(len(acts)), key=vals.__getitem__)]
                blunder = len(states) - 1
        if a is None:
            a = bot_move(bots[p], rules, s, p)
        s = rules.apply(s, a)
        states.append(s)
    return rules, states, blunder


@pytest.mark.parametrize("game,players,steps", [("it_happens", 3, 200), ("micropolis", 3, 200), ("antics", 3, 60)])
def test_decisions_of_recovers_every_action(game, players, steps):
    rules, states, _ = medium_game(game, players, 4, steps)
    seen = {}
    for p in range(len(states[0].seats)):
        for k, a in decisions_of(rules, states, p):
            assert k not in seen and rules.to_move(states[k]) == p
            assert a in rules.legal_actions(states[k])
            before = len(states[k].log)
            assert rules.apply(states[k], a).log.since(before) == states[k + 1].log.since(before)
            seen[k] = a
    assert sorted(seen) == list(range(len(states) - 1))


def test_a_deliberate_blunder_is_the_costliest_mistake():
    rules, states, k = medium_game("it_happens", 3, 8, 45, blunder_after=12)
    assert k is not None
    p = rules.to_move(states[k])
    mistakes = review(rules, states, p, seed=5)
    assert mistakes and all(isinstance(m, Mistake) for m in mistakes)
    top = mistakes[0]
    assert top.index == k
    assert top.played == dict(decisions_of(rules, states, p))[k]
    assert top.better in rules.legal_actions(states[k]) and top.better != top.played
    assert top.cost > 1.0 and top.why.strip()
    assert [m.cost for m in mistakes] == sorted((m.cost for m in mistakes), reverse=True)
    # the why names what the better move gains over the move played, measured, before what it does
    assert top.gains and top.gains[-1] == ("later", None, round(top.cost, 1))
    assert top.why.startswith(gain_words(top.gains[0], states[k].seats)) and "than the move played" in top.why


def test_an_antics_blunder_is_found():
    rules, states, k = medium_game("antics", 3, 2, 40, blunder_after=6, min_gap=1.5)
    assert k is not None
    p = rules.to_move(states[k])
    states = states[:k + 8]
    mistakes = review(rules, states, p, seed=3, settings=QUICK)
    assert mistakes and mistakes[0].index == k
    assert mistakes[0].better in rules.legal_actions(states[k]) and mistakes[0].why.strip()
    assert all(m.cost > 0 for m in mistakes)


def test_the_same_seed_gives_the_same_review():
    rules, states, k = medium_game("micropolis", 3, 6, 30, blunder_after=5, min_gap=1.0)
    p = rules.to_move(states[k])                    # the player who blundered: something to find
    first = review(rules, states, p, seed=9, settings=QUICK)
    assert first and first == review(rules, states, p, seed=9, settings=QUICK)


def test_progress_is_reported_and_should_stop_stops_early():
    rules, states, _ = medium_game("it_happens", 3, 2, 40)
    p = 0
    total = len(decisions_of(rules, states, p))
    assert total > 4
    calls = []
    review(rules, states, p, seed=1, progress=lambda done, n: calls.append((done, n)), settings=QUICK)
    assert calls == [(i, total) for i in range(1, total + 1)]
    calls.clear()
    got = review(rules, states, p, seed=1, progress=lambda done, n: calls.append((done, n)),
                 should_stop=lambda: len(calls) >= 2, settings=QUICK)
    assert calls == [(1, total), (2, total)]
    assert all(m.index <= decisions_of(rules, states, p)[1][0] for m in got)


class Sheets:
    """Rules that know only score sheets: a 'state' is [(lines, tie-breaks)] by seat."""
    def score_sheets(self, s):
        return [ScoreSheet(p, dict(lines), dict(ties)) for p, (lines, ties) in enumerate(s)]


def test_the_gains_are_measured_from_the_two_continuations():
    """Scoring lines that end the turn higher and the best rival kept lower, the most points first,
    then more tiles on the highest level (Antics!' tie-breaks), and last the points the evaluation
    sees later; a difference below half a point in the mean over the worlds tells nothing."""
    good = [({"prey": 9, "fungus": 2, "green_leaves": 1}, {"level_2": 3, "level_1": 4}), ({"prey": 4}, {}),
            ({"prey": 1}, {})]
    bad = [({"prey": 4, "fungus": 2, "green_leaves": 0}, {"level_2": 2, "level_1": 5}), ({"prey": 9}, {}),
           ({"prey": 1}, {})]
    same = [({"prey": 4, "fungus": 2, "green_leaves": 0}, {"level_2": 2, "level_1": 5}), ({"prey": 9}, {}),
            ({"prey": 1}, {})]
    assert measure_gains(Sheets(), [(good, bad)], 0, 2.345) == (
        ("line", "prey", 5.0), ("rival", 1, 5.0), ("line", "green_leaves", 1.0), ("level", 2, 1.0),
        ("later", None, 2.3))
    # in one world of two only: half of each, and the leaves' half a point still counts, not less
    half = measure_gains(Sheets(), [(good, bad), (same, same)], 0, 1.0)
    assert half == (("line", "prey", 2.5), ("rival", 1, 2.5), ("line", "green_leaves", 0.5), ("level", 2, 0.5),
                    ("later", None, 1.0))
    rival_most = [({"prey": 5}, {}), ({"prey": 1}, {})], [({"prey": 4}, {}), ({"prey": 9}, {})]
    assert measure_gains(Sheets(), [rival_most], 0, 9.0)[0] == ("rival", 1, 8.0)
    assert measure_gains(Sheets(), [(same, same)], 0, 0.8) == (("later", None, 0.8),)


def test_the_why_says_what_the_better_move_gains_then_what_it_does():
    seats = [Seat("Ann", "red"), Seat("Bo", "blue")]
    what = "It builds Scout at level 3."
    assert why_line((("line", "prey", 5.0), ("later", None, 2.3)), seats, what) == (
        "By the end of the turn it scores about 5 more points of Prey than the move played. " + what)
    assert gain_words(("level", 3, 1.0)) == (
        "By the end of the turn it puts about 1 more tile on level 3 of your hill than the move played.")
    assert gain_words(("rival", 1, 2.5), seats) == (
        "By the end of the turn it leaves Bo about 2.5 points lower than the move played.")
    assert gain_words(("later", None, 1.7)) == ("Its points come later: it leaves you about 1.7 points better "
                                                "placed for the turns to come than the move played.")
    assert gain_words(("line", "population", 1.0)) == (
        "By the end of the turn it scores about 1 more point of Population than the move played.")
    assert why_line((("later", None, 0.4),), seats, "") == gain_words(("later", None, 0.4))


def _ladybird_three_heaves_out(heave_level: int = 1):
    """Antics!, P0 to act: the ladybird on T18 (J14 to the red prey), home through P0's ants on T19
    (J5 to J14) and T05 (the ant-hill to J5): three heaves; P0's heave space at ``heave_level``."""
    from tests.games.antics.test_ai_level import at_act, seats, with_heave_level
    rules = get_rules("antics")
    s = at_act(rules.new_game(seats(4), 8, {}))
    s.ants = ({"T05": None, "T19": None, "T18": "ladybird"},) + s.ants[1:]
    s.supply = (s.supply[0] - 3,) + s.supply[1:]
    if heave_level > 1:
        s.hills = with_heave_level(s, 0, heave_level)
    return rules, s


def _heave(rules, s, *moves):
    """P0 takes the heave action on the base heave space and makes ``moves``."""
    from game.games.antics.state import UseSpace
    s = rules.apply(s, UseSpace((2, 0)))
    for move in moves:
        s = rules.apply(s, move)
    return s


def test_antics_counts_the_turns_carried_food_needs_to_be_home():
    """Three heaves at two a turn (a level-1 heave space and the magnificANT): two turns; one heave
    on, one turn; heaved home, none (the item followed along the log, not looked for by name); a
    level-3 heave space, four heaves a turn; food with no way home through the player's ants, None."""
    from game.games.antics.state import HeaveMove
    rules, s = _ladybird_three_heaves_out()
    assert rules.heaves_home(s.ants[0], "T18") == 3 and rules.heaves_per_turn(s, 0) == 2
    assert rules.turns_home(s, s, 0) == 2
    on = _heave(rules, s, HeaveMove("T18", "T19"))
    assert rules.turns_home(s, on, 0) == 1
    _, higher = _ladybird_three_heaves_out(3)
    assert rules.heaves_per_turn(higher, 0) == 4 and rules.turns_home(higher, higher, 0) == 1
    cut = s.copy()
    cut.ants = ({"T05": None, "T18": "ladybird"},) + s.ants[1:]
    assert rules.turns_home(cut, cut, 0) is None
    assert rules.turns_home(rules.new_game(s.seats, 1, {}), rules.new_game(s.seats, 1, {}), 0) == 0


def test_a_turn_saved_is_a_gain_of_the_better_move():
    """The better move heaves the ladybird one trail on, the move played leaves it: the food carried
    is home a turn sooner, told after the points and before a level; not with rules that cannot tell."""
    from game.games.antics.state import HeaveMove
    rules, s = _ladybird_three_heaves_out()
    on = _heave(rules, s, HeaveMove("T18", "T19"))
    gains = measure_gains(rules, [(on, s)], 0, 1.234, [s])
    assert ("turns", None, 1.0) in gains and gains[-1] == ("later", None, 1.2)
    assert measure_gains(rules, [(on, s), (s, s)], 0, 1.0, [s, s])[0] == ("turns", None, 0.5)
    assert measure_gains(rules, [(s, on)], 0, 1.0, [s]) == (("later", None, 1.0),)    # a turn lost: no gain
    assert measure_gains(rules, [(on, s)], 0, 1.0) == (("later", None, 1.0),)          # no starts given

    class Turns(Sheets):
        """A 'state' is [(lines, tie-breaks, turns the food carried needs)] by seat."""
        def score_sheets(self, s):
            return super().score_sheets([seat[:2] for seat in s])

        def is_over(self, s):
            return False

        def turns_home(self, start, end, p):
            return end[p][2]
    good = [({"prey": 9}, {"level_2": 3}, 1), ({"prey": 1}, {}, 0)]
    bad = [({"prey": 4}, {"level_2": 2}, 3), ({"prey": 1}, {}, 0)]
    assert measure_gains(Turns(), [(good, bad)], 0, 2.0, [None]) == (
        ("line", "prey", 5.0), ("turns", None, 2.0), ("level", 2, 1.0), ("later", None, 2.0))
    seats = [Seat("Ann", "red"), Seat("Bo", "blue")]
    assert why_line((("turns", None, 1.0), ("later", None, 0.8)), seats, "It heaves the ladybird closer to home.") == (
        "The food your ants were carrying can be home about 1 turn sooner than after the move played. "
        "It heaves the ladybird closer to home.")
    assert gain_words(("turns", None, 1.5)) == (
        "The food your ants were carrying can be home about 1.5 turns sooner than after the move played.")


def test_the_review_names_the_turn_a_better_move_saves():
    """P0 ends the turn with every action unused and the ladybird three heaves from home: Hard's move,
    played out to the end of the turn, brings it nearer, and the why says so."""
    from game.games.antics.state import EndActions
    rules, s = _ladybird_three_heaves_out()
    [top] = review(rules, [s, rules.apply(s, EndActions())], 0, seed=1, settings=QUICK)
    assert ("turns", None, 1.0) in top.gains
    assert "The food your ants were carrying can be home about 1 turn sooner" in top.why
