"""The game review: every decision of one player judged against Hard, the mistakes costliest first.

Pure (no pygame): a screen runs it in a worker or a thread, with ``progress`` and ``should_stop``.
Like the hint it never peeks: Hard chooses from the player's observation, and a decision is
valued on determinizations of that observation (never the true hidden order).

The value of an action in a decision is the mean, over ``WORLDS`` sampled worlds consistent with
what the player saw, of the game's heuristic evaluation for the player (their projected points
minus the best rival's) once the action is played and the rest of the player's turn is played
out by Medium. The played action and Hard's choice are valued in the same worlds with the same
random numbers, so luck cancels out of their difference: the cost, in points.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.ai.bots import heuristics_for, make_bot
from game.ai.hint import reason
from game.core.rng import Rng

WORLDS = 4          # determinizations per decision
PLAYOUT = 40        # at most this many of the player's own decisions to finish the turn
MIN_COST = 0.05     # a smaller loss is the estimate's noise, not a mistake


@dataclass(frozen=True)
class Mistake:
    index: int          # the decision's position: states[index] is the state the player decided in
    played: object      # the action the player took
    better: object      # Hard's choice there
    cost: float         # estimated points lost against Hard's choice (>= 0)
    why: str            # one line, the hint's words (in the language chosen while reviewing), on why
                        # ``better`` is good ('' when none)


def decisions_of(rules, states, player: int) -> list[tuple[int, object]]:
    """(index, action played) for each decision of ``player`` in a game's states (states[k+1]
    follows states[k] by one decision): the legal action whose apply gives the same new events.

    Raises ValueError when no legal action leads from one state to the next."""
    out = []
    for k in range(len(states) - 1):
        s, nxt = states[k], states[k + 1]
        if rules.is_over(s) or rules.to_move(s) != player:
            continue
        out.append((k, _played(rules, s, nxt, k)))
    return out


def _played(rules, s, nxt, k: int):
    size = len(s.log)
    want = nxt.log.since(size)
    legal = rules.legal_actions(s)
    guess = None
    if want:   # the record's own way: the first new event names the action
        try:
            guess = rules.action_from_event(s, want[0])
        except Exception:
            guess = None
    tried = [guess] if guess is not None and guess in legal else []
    for a in tried + [a for a in legal if a != guess]:
        if rules.apply_trusted(s, a).log.since(size) == want:
            return a
    raise ValueError(f"no legal action leads from state {k} to state {k + 1}")


def review(rules, states, player: int, seed: int, progress=None, should_stop=lambda: False,
           settings: dict | None = None, worlds: int = WORLDS, min_cost: float = MIN_COST) -> list[Mistake]:
    """Every decision of ``player`` judged against Hard (``make_bot("hard", rules, seed_k,
    timed=False)`` choosing from ``rules.observe(states[k], player)``); returns the mistakes (an
    estimated loss above ``min_cost`` points), costliest first.

    Seeded: the same game, player and seed give the same review. ``progress(done, total)`` after
    each decision (total: the player's decisions); stops early, returning the mistakes found so
    far, when ``should_stop()`` is true. ``settings`` (IsmctsBot keywords) override the game's
    Hard settings, e.g. fewer iterations for a quicker review."""
    decisions = decisions_of(rules, states, player)
    total = len(decisions)
    heur, medium = heuristics_for(rules), heuristics_for(rules, "medium")
    found: list[Mistake] = []
    for done, (k, played) in enumerate(decisions, 1):
        if should_stop():
            break
        s = states[k]
        if len(rules.legal_actions(s)) > 1:
            stream = Rng(seed).fork(k + 1)
            bot_seed = stream.next64() & 0xFFFFFFFF
            obs = rules.observe(s, player)
            better = _hard(rules, bot_seed, settings).choose(obs, player)
            if better != played:
                gap = 0.0
                for w in range(worlds):
                    world = rules.determinize(obs, player, stream.fork(w + 1))
                    luck = stream.fork(1000 + w).next64()
                    gap += (_value(rules, heur, medium, world, player, better, luck)
                            - _value(rules, heur, medium, world, player, played, luck))
                cost = max(0.0, gap / worlds)
                if cost > min_cost:
                    found.append(Mistake(k, played, better, round(cost, 3),
                                         reason(rules, obs, player, better, bot_seed)))
        if progress is not None:
            progress(done, total)
    found.sort(key=lambda m: (-m.cost, m.index))
    return found


def _hard(rules, seed: int, settings: dict | None):
    if settings is None:
        return make_bot("hard", rules, seed, timed=False)
    from game.ai.ismcts import IsmctsBot
    from game.games import get_game
    return IsmctsBot(rules, seed, **{**get_game(rules.id).hard_settings, **settings})


def _value(rules, heur, medium, s, player: int, action, luck: int) -> float:
    """The player's evaluation after ``action`` in world ``s`` and Medium's play to the end of
    the player's turn (chance after it comes from the world's own random numbers)."""
    rng = Rng(luck)
    t = rules.apply_trusted(s, action)
    for _ in range(PLAYOUT):
        if rules.is_over(t) or rules.to_move(t) != player:
            break
        acts = rules.legal_actions(t)
        if len(acts) > 1:
            vals = medium.score_actions(rules, t, player, rng)
            a = acts[max(range(len(acts)), key=vals.__getitem__)]
        else:
            a = acts[0]
        t = rules.apply_trusted(t, a)
    return heur.evaluate(rules, t, player)
