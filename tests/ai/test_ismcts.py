"""Hard AI (ISMCTS): sees only the observation, is reproducible, plays legal moves,
finds a win the move scores miss, and keeps chance outcomes apart in its tree."""
import types
from dataclasses import dataclass, replace

import pytest

from game.ai.bots import make_bot
from game.ai.ismcts import IsmctsBot, Node
from game.core.rng import Rng
from game.core.game import GameInfo
from game.core.rules import EMPTY_LOG, RulesBase, ScoreSheet, Seat
from game.games import get_rules
from tests.core.toy_game import Roll, ToyRules

SMALL = dict(iterations=16, candidates=3, rollout_turns=2)


def start(game_id: str, players: int, seed: int = 3):
    rules = get_rules(game_id)
    seats = [Seat(f"P{i}", rules.seat_colors[i], "hard") for i in range(players)]
    return rules, rules.new_game(seats, seed, {})


def choice_point(rules, s):
    """Play first legal moves until someone has a real choice."""
    while len(rules.legal_actions(s)) < 2:
        s = rules.apply(s, rules.legal_actions(s)[0])
    return s


@pytest.mark.parametrize("game_id,players", [("it_happens", 2), ("micropolis", 4), ("antics", 3)])
def test_plays_legal_moves_and_is_reproducible(game_id, players):
    rules, s = start(game_id, players)
    for _ in range(3):
        s = choice_point(rules, s)
        p = rules.to_move(s)
        obs = rules.observe(s, p)
        a = IsmctsBot(rules, 9, **SMALL).choose(obs, p)
        assert a in rules.legal_actions(s)
        assert IsmctsBot(rules, 9, **SMALL).choose(obs, p) == a
        s = rules.apply(s, a)


def test_sees_only_the_observation(monkeypatch):
    """Two states that differ only in what the mover cannot see get the same decision,
    and every determinization starts from the observation."""
    rules, s = start("micropolis", 4)
    s = choice_point(rules, s)
    p = rules.to_move(s)
    other = replace(s, pile=tuple(reversed(s.pile)), rng=Rng(12345))
    seen = []
    real = rules.determinize
    monkeypatch.setattr(rules, "determinize", lambda obs, player, rng: seen.append(obs) or real(obs, player, rng))
    first = IsmctsBot(rules, 4, **SMALL).choose(rules.observe(s, p), p)
    assert IsmctsBot(rules, 4, **SMALL).choose(rules.observe(other, p), p) == first
    assert seen and all(o.pile_hidden and o.rng is None for o in seen)


def test_make_bot_hard_is_the_search():
    rules, _ = start("it_happens", 2)
    assert isinstance(make_bot("hard", rules, 1, timed=False), IsmctsBot)


# ---------------------------------------------------------------- a tiny race: reach 10 exactly to win
@dataclass(frozen=True)
class Add:
    k: int

    def describe(self, seats=None):
        return f"add {self.k}"


@dataclass
class RaceState:
    seats: list
    total: int
    turn: int
    log: object


class RaceRules(RulesBase):
    id = "race_test"
    reveal_events = frozenset()

    def to_move(self, s):
        return None if self.is_over(s) else s.turn

    def legal_actions(self, s):
        return [Add(k) for k in (1, 2, 3) if s.total + k <= 10]

    def apply(self, s, a):
        return RaceState(s.seats, s.total + a.k, 1 - s.turn, s.log.add({"type": "add", "k": a.k}))

    def is_over(self, s):
        return s.total == 10

    def winners(self, s):
        return [1 - s.turn]

    def score_sheets(self, s):
        return [ScoreSheet(p, {"won": int(p == 1 - s.turn)}) for p in range(2)]

    def observe(self, s, player):
        return s

    def determinize(self, s, player, rng):
        return s


def fake_heuristics(register_game, game_id, scores):
    """Registers ``game_id`` with heuristics that score moves by ``scores(legal actions)``."""
    mod = types.SimpleNamespace()
    mod.score_actions = lambda rules, s, player, rng: scores(rules.legal_actions(s))
    mod.rollout_policy = lambda rules, s, rng: rules.legal_actions(s)[rng.below(len(rules.legal_actions(s)))]
    mod.evaluate = lambda rules, s, player: 0.0
    mod.for_level = lambda level: mod
    register_game(GameInfo(game_id, game_id, "", "", 2, 2, 1, load_rules=lambda: None, load_heuristics=lambda: mod))


def test_prefers_the_winning_move_over_the_move_scores(register_game):
    # the move scores like adding 1 best, but only adding 3 wins at once (8 or 9 lets the opponent win)
    fake_heuristics(register_game, "race_test", lambda acts: [3.0 if a.k == 1 else 0.0 for a in acts])
    rules = RaceRules()
    s = RaceState([Seat("A", "red"), Seat("B", "blue")], 7, 0, EMPTY_LOG)
    bot = IsmctsBot(rules, 1, iterations=60, candidates=3, greedy_rollouts=False)
    assert bot.choose(s, 0) == Add(3)


def test_chance_outcomes_get_their_own_nodes(register_game):
    """After a roll the tree holds one node per value rolled, not one for all of them."""
    fake_heuristics(register_game, "toy", lambda acts: [0.0] * len(acts))
    rules = ToyRules()
    s = rules.new_game([Seat("A", "red"), Seat("B", "blue")], 1, {})
    bot = IsmctsBot(rules, 1, rollout_turns=1)
    root = Node(0.0)
    bot._expand(root, s, 0)
    edge = root.edges[Roll()]
    for i in range(40):
        bot._simulate(root, edge, rules.determinize(rules.observe(s, 0), 0, Rng(i)), 0)
    assert len(edge.outcomes) == 6


def antics_choice():
    """(rules, observation, player) at the first real choice of a 3-seat Antics! game."""
    rules, s = start("antics", 3)
    s = choice_point(rules, s)
    p = rules.to_move(s)
    return rules, rules.observe(s, p), p


def watch_simulations(monkeypatch, note) -> list:
    """A list that gets ``note(bot)`` for every simulation a search runs."""
    sims = []
    real = IsmctsBot._simulate
    monkeypatch.setattr(IsmctsBot, "_simulate", lambda bot, *a: sims.append(note(bot)) or real(bot, *a))
    return sims


def test_a_work_budget_stops_the_search_the_same_way_on_every_machine(monkeypatch):
    """``max_work`` counts every trusted apply of the search (the heuristics' play-outs too) and ends
    the search after the simulation in which it ran out: the same decision for the same seed,
    whatever the machine's speed, and the worst decisions bounded by one simulation's work."""
    rules, obs, p = antics_choice()
    sims = watch_simulations(monkeypatch, lambda bot: bot)
    free = IsmctsBot(rules, 9, iterations=60, candidates=4, rollout_turns=1)
    free.choose(obs, p)
    free_sims = len(sims)
    sims.clear()
    picked = []
    real_pick = IsmctsBot._pick
    monkeypatch.setattr(IsmctsBot, "_pick", lambda bot, best, medium, samples, s:
                        picked.append((best, medium)) or real_pick(bot, best, medium, samples, s))
    tight = IsmctsBot(rules, 9, iterations=60, candidates=4, rollout_turns=1, max_work=1)
    a = tight.choose(obs, p)
    assert tight.work > 1 and free.work == 0          # only a budgeted bot counts
    assert len(sims) == 1 < free_sims                # one simulation, then it stops
    assert picked[-1][0] is picked[-1][1]            # no world finished: Medium's move
    again = IsmctsBot(rules, 9, iterations=60, candidates=4, rollout_turns=1, max_work=1)
    assert again.choose(obs, p) == a and again.work == tight.work
    assert rules.apply_trusted is not tight.rules.apply_trusted    # the game's own rules are untouched


def test_a_search_stopped_inside_a_world_judges_on_the_worlds_every_candidate_finished():
    """Out of time or work after some candidates of a world, the search leaves that world out: the
    unfinished world's lucky sample does not decide; with no world finished, Medium's move."""
    from game.ai.ismcts import Edge, best_of_whole_worlds
    medium, other = Edge("medium", 0.6), Edge("other", 0.4)
    assert best_of_whole_worlds([medium, other], {medium: [0.5, 0.5, 1.0], other: [0.6, 0.6]}) is other
    assert best_of_whole_worlds([medium, other], {medium: [0.5, 0.5], other: [0.4, 0.4, 1.0]}) is medium
    assert best_of_whole_worlds([medium, other], {medium: [0.1], other: []}) is medium


def test_the_rivals_moves_in_the_search_come_from_the_level_named_by_rivals_as(monkeypatch):
    """With ``rivals_as``, a rival's priors and play-out moves in the search are that level's
    (the players Hard sits with), the searcher's own stay its own; without it, all are its own."""
    from game.ai.bots import heuristics_for
    rules, obs, p = antics_choice()
    own, medium = heuristics_for(rules, "hard"), heuristics_for(rules, "medium")
    asked = []
    for heur in (own, medium):
        real = heur.score_actions
        monkeypatch.setattr(heur, "score_actions", lambda r, s, mover, rng, heur=heur, real=real:
                            asked.append((heur, mover)) or real(r, s, mover, rng))
    IsmctsBot(rules, 9, iterations=6, candidates=2, rollout_turns=3, rivals_as="medium").choose(obs, p)
    assert {h for h, mover in asked if mover == p} == {own}
    assert {h for h, mover in asked if mover != p} == {medium}
    asked.clear()
    IsmctsBot(rules, 9, iterations=6, candidates=2, rollout_turns=3).choose(obs, p)
    assert {h for h, mover in asked} == {own} and any(mover != p for h, mover in asked)


def test_settings_by_seats_apply_only_at_a_table_of_that_size(monkeypatch):
    """``by_seats`` overrides the settings at a table of that many seats (Antics! looks a whole
    round ahead at three seats) and leaves every other table on the game's own settings."""
    rules, obs, p = antics_choice()
    sims = watch_simulations(monkeypatch, lambda bot: bot.turns)
    IsmctsBot(rules, 9, iterations=8, candidates=2, rollout_turns=1, by_seats={3: {"rollout_turns": 3}}).choose(obs, p)
    assert sims and set(sims) == {3}
    sims.clear()
    IsmctsBot(rules, 9, iterations=8, candidates=2, rollout_turns=1, by_seats={4: {"rollout_turns": 3}}).choose(obs, p)
    assert sims and set(sims) == {1}
    with pytest.raises(ValueError, match="rollout_turn"):     # a misspelt setting is never silently ignored
        IsmctsBot(rules, 9, by_seats={3: {"rollout_turn": 3}})


def test_keeps_mediums_move_unless_the_paired_worlds_show_a_clear_gain():
    """With ``confidence`` z, the search's best move replaces Medium's (the top prior) only when
    its mean gain over Medium's move, world by world, is more than z standard errors."""
    from game.ai.ismcts import Edge
    rules, s = start("it_happens", 2)
    bot = IsmctsBot(rules, 1, confidence=1.0)
    medium, best = Edge("medium", 0.6), Edge("best", 0.4)
    clear = {medium: [0.5, 0.4, 0.6, 0.5], best: [0.7, 0.6, 0.8, 0.7]}
    noisy = {medium: [0.5, 0.4, 0.6, 0.5], best: [0.9, 0.1, 0.9, 0.2]}
    assert bot._pick(best, medium, clear, s) == "best"
    assert bot._pick(best, medium, noisy, s) == "medium"
    assert IsmctsBot(rules, 1)._pick(best, medium, noisy, s) == "best"     # no gate: the search decides
    assert bot._pick(medium, medium, noisy, s) == "medium"


def test_the_search_never_plays_a_move_its_heuristics_call_wasted(monkeypatch):
    """A move the heuristics call ``wasted`` (in Antics!, an action spent on nothing, which only
    holds off the end of a stalled round) gives way to Medium's move, however well it searched."""
    from game.ai.ismcts import Edge
    rules, obs, p = antics_choice()
    bot = IsmctsBot(rules, 1)
    medium, best = Edge("medium", 0.6), Edge("best", 0.4)
    samples = {medium: [0.1, 0.2], best: [0.9, 0.8]}
    bot.me = p
    monkeypatch.setattr(bot.heur, "wasted", lambda r, s, q, a: a == "best" and q == p and s is obs)
    assert bot._pick(best, medium, samples, obs) == "medium"
    monkeypatch.setattr(bot.heur, "wasted", lambda r, s, q, a: False)
    assert bot._pick(best, medium, samples, obs) == "best"


def test_a_decision_the_heuristics_call_settled_is_not_searched(monkeypatch):
    """A decision the heuristics call ``settled`` (one their move scores already weigh to its end)
    runs no simulation: Hard plays its best-scored move, and takes the random stream a search would
    have, so that later searches draw what they would have drawn."""
    rules, obs, p = antics_choice()
    sims = watch_simulations(monkeypatch, lambda bot: 1)
    searched = IsmctsBot(rules, 4, **SMALL)
    searched.choose(obs, p)
    assert sims
    sims.clear()
    bot = IsmctsBot(rules, 4, **SMALL)
    monkeypatch.setattr(bot.heur, "settled", lambda r, s, q: q == p)
    acts = rules.legal_actions(obs)
    scores = bot.heur.score_actions(rules, rules.determinize(obs, p, Rng(0)), p, bot.rng)
    assert bot.choose(obs, p) == acts[scores.index(max(scores))]
    assert not sims
    assert bot.rng.next64() == searched.rng.next64()


def test_a_work_budget_counts_the_costly_steps_a_heuristic_reports():
    """A heuristic's step that is no apply (``count_work``) counts on a budgeted bot's work; the
    game's own rules ignore it."""
    rules, s = start("antics", 3)
    bot = IsmctsBot(rules, 9, iterations=4, candidates=2, rollout_turns=1, max_work=100)
    bot.rules.count_work(7)
    assert bot.work == 7
    rules.count_work(7)
    assert bot.work == 7


def test_stage_values_end_a_play_out_where_the_next_round_begins(monkeypatch):
    """With ``stage_values`` a play-out stops at the first state of the game's next stage (a new
    round in It Happens..) and takes the values of a finished game from the heuristics' expected
    outcome there; without it the play-out runs to the end."""
    rules, s = start("it_happens", 4)
    s = choice_point(rules, s)
    bot = IsmctsBot(rules, 5, greedy_rollouts=False, stage_values=True)
    seen = []
    real = bot.heur.expected_outcome
    monkeypatch.setattr(bot.heur, "expected_outcome", lambda r, st: seen.append(st) or real(r, st))
    values = bot._leaf_values(s, rules.to_move(s), 0, 0)
    assert len(seen) == 1 and seen[0].round == s.round + 1
    assert all(who is None for row in seen[0].board for who, _ in row)       # nothing placed yet
    assert values == bot._outcome_values(*real(rules, seen[0]))
    seen.clear()
    plain = IsmctsBot(rules, 5, greedy_rollouts=False)
    assert not plain.stage_values and len(plain._leaf_values(s, rules.to_move(s), 0, 0)) == 4 and not seen
