"""Hard AI: single-observer Information-Set Monte-Carlo Tree Search.

Each iteration samples a determinization of what the bot may know, walks the
tree with UCB restricted to the actions legal in that sample, expands one
node, plays a short heuristic rollout and backs up one value per player
(the game's leaf evaluation squashed to 0..1).
"""
from __future__ import annotations

import math
import time

from game.ai.bots import Bot, heuristics_for

UCB_C = 0.7


class Node:
    __slots__ = ("parent", "action", "player", "children", "visits", "avail", "value")

    def __init__(self, parent, action, player):
        self.parent, self.action, self.player = parent, action, player
        self.children: dict = {}
        self.visits = 0
        self.avail = 1
        self.value = 0.0


class IsmctsBot(Bot):
    level = "hard"

    def __init__(self, rules, seed: int, iterations: int = 300, seconds: float = 1.5, rollout_depth: int = 16):
        super().__init__(rules, seed)
        self.heur = heuristics_for(rules)
        self.iterations, self.seconds, self.depth = iterations, seconds, rollout_depth

    def choose(self, obs, player: int):
        rules = self.rules
        acts = rules.legal_actions(obs)
        if len(acts) == 1:
            return acts[0]
        root = Node(None, None, None)
        deadline = time.perf_counter() + self.seconds
        for it in range(self.iterations):
            if it >= 50 and time.perf_counter() > deadline:
                break
            s = rules.determinize(obs, player, self.rng.fork(it + 1))
            node = root
            # selection / expansion
            while not rules.is_over(s):
                legal = rules.legal_actions(s)
                mover = rules.to_move(s)
                for a in legal:
                    ch = node.children.get(a)
                    if ch is not None:
                        ch.avail += 1
                untried = [a for a in legal if a not in node.children]
                if untried:
                    a = untried[self.rng.below(len(untried))]
                    child = Node(node, a, mover)
                    node.children[a] = child
                    s = rules.apply(s, a)
                    node = child
                    break
                best, best_v = None, -1.0
                for a in legal:
                    ch = node.children[a]
                    v = ch.value / ch.visits + UCB_C * math.sqrt(math.log(ch.avail) / ch.visits)
                    if v > best_v:
                        best, best_v = ch, v
                s = rules.apply(s, best.action)
                node = best
            # rollout
            for _ in range(self.depth):
                if rules.is_over(s):
                    break
                s = rules.apply(s, self.heur.rollout_policy(rules, s, self.rng))
            values = self._values(s)
            # backpropagation
            while node is not None and node.parent is not None:
                node.visits += 1
                node.value += values[node.player]
                node = node.parent
        best = max(root.children.values(), key=lambda c: (c.visits, c.value))
        return best.action

    def _values(self, s) -> list[float]:
        rules = self.rules
        n = len(s.seats)
        if rules.is_over(s):
            win = set(rules.winners(s))
            sheets = rules.score_sheets(s)
            top = max(sh.total for sh in sheets) or 1
            return [(0.7 if i in win else 0.0) + 0.3 * sheets[i].total / top for i in range(n)]
        raw = [self.heur.evaluate(rules, s, i) for i in range(n)]
        return [1.0 / (1.0 + math.exp(-v / 8.0)) for v in raw]
