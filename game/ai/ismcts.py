"""Hard AI: Information-Set Monte-Carlo Tree Search guided by the game's own move scores.

The root keeps the best few actions by Medium's ``score_actions`` and splits the budget
between them by sequential halving: every candidate still in the running is tried in the
same sampled determinizations (common random numbers, so that luck cancels out of the
comparison), the worse half is dropped, and so on.

Below each candidate the search is ISMCTS: every mover picks, among the actions legal in
the sample, the best PUCT score (its mean value for that mover plus a bonus from a prior,
the softmax of ``score_actions``, worked out once per node). What an action reveals (a
die roll, a drawn tile: the log events it adds) keys the next node, so a decision after a
roll is judged on the value rolled. A new node is valued after a rollout (Medium's moves
or the game's fast rollout policy, to the end or a few steps) and one value per player is
backed up, each mover maximising their own (max-n): win share and score margin for a
finished game, the squashed own-minus-best-rival evaluation otherwise. With ``rivals_as`` the
rivals' priors and play-out moves come from that level's heuristics (the players the searcher
expects to sit with), the searcher's own from its own.

With ``stage_values`` a play-out stops where the game enters its next stage (the heuristics'
``stage``: a new round in It Happens..) and takes its values from the heuristics'
``expected_outcome`` there (win chances and expected totals), valued like a finished game.

With ``fitted_leaves`` a play-out that stops short of the end is valued by the heuristics'
``expected_outcome`` there (win chances and expected totals fitted on finished games), valued
like a finished game, rather than by the squashed evaluation.

The search stops after ``iterations`` simulations, or sooner when a game sets ``max_work``
(trusted applies, the heuristics' play-outs and the costly steps they report included) and a
decision runs out of it: that bounds the rare very costly decision the same way on every machine.
Time and work are checked after every simulation, and a search stopped in the middle of a world
judges the candidates on the worlds all of them finished, so a decision overruns its budget by one
simulation at most. A best move the heuristics call ``wasted`` gives way to Medium's move, and a
decision they call ``settled`` (one their move scores already weigh to its end) is not searched.
"""
from __future__ import annotations

import copy
import gc
import math
import time

from game.ai.bots import Bot, heuristics_for
from game.core.maths import softmax
from game.core.rng import Rng

PUCT_C = 1.5
WIN_WEIGHT = 0.75      # a finished game: this much for winning, the rest for the score margin
SEARCH_GC_THRESHOLD = 100_000   # allocations between young-generation collections while searching


def counting_applies(rules, bot):
    """A shallow copy of ``rules`` (sharing its data and memos) that counts on ``bot.work`` every
    trusted apply, the heuristics' play-outs included, and the costly steps they report
    (``count_work``): the search's work, which follows its time closely and, unlike time, is the
    same on every machine."""
    counted = copy.copy(rules)
    plain = rules.apply_trusted

    def apply_trusted(s, a):
        bot.work += 1
        return plain(s, a)

    def count_work(units):
        bot.work += units

    counted.apply_trusted = apply_trusted
    counted.count_work = count_work
    return counted


class Edge:
    """An action from a node: its prior, visits, value for the mover and what it led to."""
    __slots__ = ("action", "prior", "visits", "avail", "value", "outcomes")

    def __init__(self, action, prior: float):
        self.action, self.prior = action, prior
        self.visits = self.avail = 0
        self.value = 0.0
        self.outcomes: dict = {}

    def mean(self) -> float:
        return self.value / self.visits if self.visits else 0.0


class Node:
    __slots__ = ("edges", "visits", "value")

    def __init__(self, value: float):
        self.edges: dict = {}
        self.visits = 1
        self.value = value      # summed values for the player to move here


def best_of_whole_worlds(cands: list, samples: dict) -> Edge:
    """The candidate with the best mean over the worlds every one of ``cands`` finished (a search
    stopped in the middle of a world leaves that world out); the first, Medium's move, if none."""
    n = min(len(samples[e]) for e in cands)
    return max(cands, key=lambda e: sum(samples[e][:n]) / n if n else 0.0)


def squash(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, x))))


class IsmctsBot(Bot):
    level = "hard"

    def __init__(self, rules, seed: int, iterations: int = 120, seconds: float = float("inf"),
                 candidates: int = 4, rollout_turns: int = 1000, greedy_rollouts: bool = True,
                 temperature: float = 1.0, scale: float = 8.0, max_work: float = math.inf,
                 confidence: float = 0.0, stage_values: bool = False, fitted_leaves: bool = False,
                 rivals_as: str = "",
                 by_seats: dict | None = None, weights: dict | None = None):
        """``by_seats`` maps a number of seats to the settings (these keywords) that differ at a
        table of that size: a game whose search wants a longer horizon at three seats than at four.
        ``weights`` changes some named weights of the heuristics (see bots.heuristics_for);
        ``rivals_as`` names the level whose heuristics give the rivals' priors and play-out moves
        (empty: the searcher's own)."""
        self.settings = {"iterations": iterations, "candidates": candidates, "rollout_turns": rollout_turns,
                         "greedy_rollouts": greedy_rollouts, "temperature": temperature, "scale": scale,
                         "max_work": max_work, "confidence": confidence, "stage_values": stage_values,
                         "fitted_leaves": fitted_leaves,
                         "rivals_as": rivals_as}
        self.by_seats = by_seats or {}
        for seats, changes in self.by_seats.items():
            unknown = sorted(set(changes) - set(self.settings))
            if unknown:
                raise ValueError(f"by_seats[{seats}]: no Hard setting named {', '.join(unknown)}")
        if any(o.get("max_work", max_work) < math.inf for o in (self.settings, *self.by_seats.values())):
            rules = counting_applies(rules, self)
        super().__init__(rules, seed)
        self.heur = heuristics_for(rules, self.level, weights)
        self.apply = rules.apply_trusted
        self.seconds, self.work = seconds, 0
        self._configure(self.settings)

    def _configure(self, settings: dict) -> None:
        self.iterations, self.candidates = settings["iterations"], settings["candidates"]
        self.turns, self.greedy_rollouts = settings["rollout_turns"], settings["greedy_rollouts"]
        self.temperature, self.scale = settings["temperature"], settings["scale"]
        self.max_work, self.confidence = settings["max_work"], settings["confidence"]
        self.stage_values, self.fitted_leaves = settings["stage_values"], settings["fitted_leaves"]
        self.rival_heur = heuristics_for(self.rules, settings["rivals_as"]) if settings["rivals_as"] else self.heur

    def choose(self, obs, player: int):
        acts = self.rules.legal_actions(obs)
        if len(acts) == 1:
            return acts[0]
        self._configure({**self.settings, **self.by_seats.get(len(obs.seats), {})})
        # a search makes many short-lived objects and few cycles: collecting less often saves a
        # tenth of its time (the thresholds are put back afterwards)
        thresholds = gc.get_threshold()
        gc.set_threshold(SEARCH_GC_THRESHOLD, *thresholds[1:])
        try:
            return self._search(obs, player, acts)
        finally:
            gc.set_threshold(*thresholds)

    def _search(self, obs, player: int, acts: list):
        rules = self.rules
        self.me = player
        stream = Rng(self.rng.next64())
        self.memo: dict = {}
        root = Node(0.0)
        first = rules.determinize(obs, player, stream.fork(0))
        self._expand(root, first, player)
        cands = sorted((root.edges[a] for a in acts), key=lambda e: -e.prior)[:self.candidates]
        medium = cands[0]                   # the move Medium would play: kept unless clearly beaten
        settled = getattr(self.heur, "settled", None)
        if settled is not None and settled(rules, first, player):
            return medium.action
        samples = {e: [] for e in cands}    # each candidate's value, world by world
        deadline = time.perf_counter() + self.seconds
        self.work = 0
        phases = max(1, math.ceil(math.log2(len(cands))))
        world = 0
        while len(cands) > 1:
            for _ in range(max(1, self.iterations // (phases * len(cands)))):
                world += 1
                s = rules.determinize(obs, player, stream.fork(world))
                for e in cands:
                    samples[e].append(self._simulate(root, e, s, player))
                    if time.perf_counter() > deadline or self.work > self.max_work:
                        return self._pick(best_of_whole_worlds(cands, samples), medium, samples, first)
            cands = sorted(cands, key=Edge.mean, reverse=True)[:(len(cands) + 1) // 2]
        return self._pick(cands[0], medium, samples, first)

    def _pick(self, best: Edge, medium: Edge, samples: dict, s):
        """``best``, if the worlds both were tried in show it better than Medium's move by more than
        ``confidence`` standard errors of the paired difference (luck cancels out of it); else
        Medium's move. With ``confidence`` 0 the search's best always, unless the heuristics call it
        ``wasted`` in ``s`` (a move that spends an action on nothing: Medium's move then)."""
        if best is medium:
            return best.action
        wasted = getattr(self.heur, "wasted", None)
        if wasted is not None and wasted(self.rules, s, self.me, best.action):
            return medium.action
        if self.confidence <= 0:
            return best.action
        diffs = [b - m for b, m in zip(samples[best], samples[medium])]
        n = len(diffs)
        if n < 2:
            return medium.action
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return best.action if mean > self.confidence * math.sqrt(var / n) else medium.action

    # ------------------------------------------------------------------ one simulation
    def _simulate(self, root: Node, first: Edge, s, player: int) -> float:
        """Play ``first`` from the root in determinization ``s``, walk the tree below it as far
        as the horizon (``rollout_turns`` ended turns), roll out from a new node, back up; the
        value for ``player``."""
        rules = self.rules
        path = []
        node, edge, mover, where, ended = root, first, player, 0, 0
        while True:
            path.append((node, edge, mover))
            s, revealed = self._step(s, edge.action)
            where = hash((where, edge.action, revealed))
            nxt = rules.to_move(s)
            ended += nxt != mover
            child = edge.outcomes.get(revealed)
            if child is None or nxt is None or ended >= self.turns:
                values = self._leaf_values(s, nxt, ended, where)
                if child is None:
                    edge.outcomes[revealed] = Node(values[nxt] if nxt is not None else 0.0)
                break
            node, mover = child, nxt
            edge = self._select(node, s, mover)
        for node, edge, mover in path:
            v = values[mover]
            node.visits += 1
            node.value += v
            edge.visits += 1
            edge.value += v
        return values[player]

    def _step(self, s, a) -> tuple:
        """The state after ``a`` and what it revealed (its log events: chance outcomes apart)."""
        size = len(s.log)
        s = self.apply(s, a)
        return s, repr(s.log.stored_since(size))

    def _expand(self, node: Node, s, mover: int) -> list:
        """The actions legal in ``s``, with an edge each (priors from Medium's scores)."""
        legal = self.rules.legal_actions(s)
        edges = node.edges
        if any(a not in edges for a in legal):
            priors = [1.0] if len(legal) == 1 else softmax(
                self._heur_of(mover).score_actions(self.rules, s, mover, self.rng), self.temperature)
            for a, p in zip(legal, priors):
                if a not in edges:
                    edges[a] = Edge(a, p)
        return legal

    def _select(self, node: Node, s, mover: int) -> Edge:
        legal = self._expand(node, s, mover)
        edges = node.edges
        fpu = node.value / node.visits
        best, best_v = None, -math.inf
        for a in legal:
            e = edges[a]
            e.avail += 1
            q = e.value / e.visits if e.visits else fpu
            v = q + PUCT_C * e.prior * math.sqrt(e.avail) / (1 + e.visits)
            if v > best_v:
                best, best_v = e, v
        return best

    # ------------------------------------------------------------------ values, one per player
    def _leaf_values(self, s, mover, ended: int, where) -> list[float]:
        """Values after rolling out until ``rollout_turns`` turns have ended (``mover`` is to move).

        ``where`` (the actions from the root and what they revealed) names the public position,
        under which Medium's choice is remembered for the other determinizations. With
        ``stage_values``, a play-out that reaches the game's next stage stops there."""
        rules = self.rules
        stage = self.heur.stage(s) if self.stage_values and mover is not None else None
        while ended < self.turns and mover is not None:
            if self.greedy_rollouts:
                a = self._greedy(s, mover, where)
                s, revealed = self._step(s, a)
                where = hash((where, a, revealed))
            else:
                s = self.apply(s, self.heur.rollout_policy(rules, s, self.rng))
            p = rules.to_move(s)
            ended += p != mover
            mover = p
            if stage is not None and mover is not None and self.heur.stage(s) != stage:
                return self._outcome_values(*self.heur.expected_outcome(rules, s))
        return self._values(s)

    def _greedy(self, s, mover: int, where):
        """Medium's move in ``s``."""
        acts = self.rules.legal_actions(s)
        if len(acts) == 1:
            return acts[0]
        a = self.memo.get(where)
        if a is None or a not in acts:
            vals = self._heur_of(mover).score_actions(self.rules, s, mover, self.rng)
            a = self.memo[where] = acts[max(range(len(acts)), key=vals.__getitem__)]
        return a

    def _heur_of(self, mover: int):
        """The heuristics that choose ``mover``'s moves in the search (``rivals_as``)."""
        return self.heur if mover == self.me else self.rival_heur

    def _values(self, s) -> list[float]:
        rules = self.rules
        n = len(s.seats)
        if not rules.is_over(s):
            if self.fitted_leaves:
                return self._outcome_values(*self.heur.expected_outcome(rules, s))
            return [squash(self.heur.evaluate(rules, s, p) / self.scale) for p in range(n)]
        win = rules.winners(s)
        return self._outcome_values([1.0 / len(win) if p in win else 0.0 for p in range(n)],
                                    [sh.total for sh in rules.score_sheets(s)])

    def _outcome_values(self, shares: list[float], totals: list[float]) -> list[float]:
        """Per player, the value of an end: WIN_WEIGHT for the share of the win (or the chance of
        it), the rest for the squashed margin over the best rival's total."""
        out = []
        for p, share in enumerate(shares):
            margin = totals[p] - max(t for q, t in enumerate(totals) if q != p)
            out.append(WIN_WEIGHT * share + (1 - WIN_WEIGHT) * squash(margin / self.scale))
        return out
