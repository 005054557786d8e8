"""Generic AI players for every game.

A bot only ever receives ``rules.observe(state, player)`` and searches on
``rules.determinize(obs, player, rng)`` with its own random stream.

Each game's ``heuristics.py`` provides:
    score_actions(rules, s, player, rng) -> list[float]   # one value per rules.legal_actions(s)
    rollout_policy(rules, s, rng) -> action               # fast playout move
    evaluate(rules, s, player) -> float                   # leaf value for ``player``
    explain(rules, s, player, action) -> str              # the hint's one line of why
    for_level(level) -> heuristics                        # what a level plays by (these four)
and may provide (Hard reads them when there):
    wasted(rules, s, player, action) -> bool              # a move that spends a turn's action on nothing
    settled(rules, s, player) -> bool                     # a decision score_actions already weighs to
                                                          # the end: Hard plays its best score, unsearched
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.core.rng import Rng


@dataclass(frozen=True)
class Trial:
    """An AI level with some of its settings changed (the arena's trial seat): ``search`` holds
    the Hard search settings that differ from the game's ``hard_settings``, ``weights`` the named
    weights of the game's heuristics that differ (the heuristics' ``with_weights``)."""
    level: str
    search: dict = field(default_factory=dict)
    weights: dict = field(default_factory=dict)


def heuristics_for(rules, level: str | None = None, weights: dict | None = None):
    """The game's heuristics module, or, given a ``level``, the heuristics that level plays by
    (the module's ``for_level(level)``, or ``with_weights(level, weights)`` when some differ)."""
    from game.games import get_game
    module = get_game(rules.id).load_heuristics()
    if level is None:
        return module
    return module.with_weights(level, weights) if weights else module.for_level(level)


class Bot:
    level = "random"

    def __init__(self, rules, seed: int):
        self.rules = rules
        self.rng = Rng(seed ^ 0xA1A1A1A1)

    def choose(self, obs, player: int):
        acts = self.rules.legal_actions(obs)
        return acts[self.rng.below(len(acts))]


class HeuristicBot(Bot):
    """Easy: heuristic values with heavy noise. Medium: best heuristic value."""

    def __init__(self, rules, seed: int, noise: float, weights: dict | None = None):
        super().__init__(rules, seed)
        self.noise = noise
        self.level = "easy" if noise > 0 else "medium"
        self.heur = heuristics_for(rules, self.level, weights)

    def choose(self, obs, player: int):
        s = self.rules.determinize(obs, player, self.rng.fork(self.rng.next64() & 0xFFFF))
        acts = self.rules.legal_actions(s)
        if len(acts) == 1:
            return acts[0]
        vals = self.heur.score_actions(self.rules, s, player, self.rng)
        if self.noise:
            spread = (max(vals) - min(vals)) or 1.0
            vals = [v + self.noise * spread * (self.rng.random() - 0.5) for v in vals]
        best = max(range(len(acts)), key=lambda i: vals[i])
        return acts[best]


HARD_SECONDS = 1.0      # in the window, Hard also stops thinking after this long


def make_bot(kind: str, rules, seed: int, timed: bool = True, trial: Trial | None = None) -> Bot:
    """An AI player (of level ``kind`` with a ``trial``'s changes, when given one). Untimed bots
    (headless tools) stop by iteration count only, so a seed always gives the same game whatever
    the machine's speed."""
    weights = trial.weights if trial else None
    if kind == "easy":
        return HeuristicBot(rules, seed, noise=0.9, weights=weights)
    if kind == "medium":
        return HeuristicBot(rules, seed, noise=0.0, weights=weights)
    if kind == "hard":
        from game.ai.ismcts import IsmctsBot
        from game.games import get_game
        # each game's Hard settings (GameInfo.hard_settings, tuned with ``main.py arena``):
        # ``iterations`` simulations shared by the best ``candidates`` moves; a simulation ends
        # ``rollout_turns`` ended turns after the root (the tree, then Medium's own moves, or the
        # game's fast policy without ``greedy_rollouts``) and is valued by the heuristic evaluation
        # squashed by ``scale``; ``max_work`` (trusted applies per decision) cuts short the rare
        # decision that would take far longer than most; ``confidence`` keeps Medium's move unless
        # the search shows another clearly better (see IsmctsBot._pick); ``temperature`` softens the
        # priors taken from Medium's move scores (a game whose scores run large wants it higher);
        # ``rivals_as`` names the level whose moves the search expects of the rivals (empty: its
        # own); ``by_seats`` holds what differs at a table of a given size.
        settings = {**get_game(rules.id).hard_settings, **(trial.search if trial else {})}
        return IsmctsBot(rules, seed, seconds=HARD_SECONDS if timed else float("inf"), weights=weights, **settings)
    if kind == "random":
        return Bot(rules, seed)
    raise ValueError(f"no AI level {kind!r}")


def bot_move(bot: Bot, rules, state, player: int):
    """What ``bot`` plays for ``player`` in ``state`` (it sees only the observation)."""
    return bot.choose(rules.observe(state, player), player)
