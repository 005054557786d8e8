"""A tiny game for testing the core contracts without a real game.

Each player in turn rolls a die (chance) and then keeps it or stops; first to 10 or more wins.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from game.core.i18n import N_, _
from game.core.rng import Rng
from game.core.rules import EMPTY_LOG, Log, RulesBase, RulesError, ScoreSheet, Seat


@dataclass(frozen=True)
class Roll:
    def describe(self):
        return _("roll")


@dataclass(frozen=True)
class Keep:
    def describe(self):
        return _("keep")


@dataclass
class ToyState:
    seats: list
    scores: tuple
    turn: int
    rolled: int | None
    rng: Rng | None
    log: Log


class ToyRules(RulesBase):
    id = "toy"
    title = N_("Toy")
    reveal_events = frozenset({"roll"})
    min_players, max_players = 2, 3
    seat_colors = ["red", "blue", "green"]

    def validate_setup(self, seats, options):
        return None if 2 <= len(seats) <= 3 else _("The toy game is for 2 or 3 players.")

    def new_game(self, seats, seed, options):
        return ToyState(list(seats), tuple(0 for _ in seats), 0, None, Rng(seed), EMPTY_LOG.add({"type": "start"}))

    def to_move(self, s):
        return None if self.is_over(s) else s.turn

    def legal_actions(self, s):
        if self.is_over(s):
            return []
        return [Roll()] if s.rolled is None else [Keep()]

    def apply(self, s, a):
        if a not in self.legal_actions(s):
            raise RulesError(a)
        if isinstance(a, Roll):
            rng = s.rng.copy()
            v = rng.randint(1, 6)
            return replace(s, rolled=v, rng=rng, log=s.log.add({"type": "roll", "player": s.turn, "value": v}))
        scores = list(s.scores)
        scores[s.turn] += s.rolled
        return replace(s, scores=tuple(scores), rolled=None, turn=(s.turn + 1) % len(s.seats),
                       log=s.log.add({"type": "keep", "player": s.turn}))

    def is_over(self, s):
        return max(s.scores) >= 10

    def score_sheets(self, s):
        return [ScoreSheet(i, {"points": v}) for i, v in enumerate(s.scores)]

    def winners(self, s):
        best = max(s.scores)
        return [i for i, v in enumerate(s.scores) if v == best]

    def observe(self, s, player):
        return replace(s, rng=None)

    def determinize(self, s, player, rng):
        return replace(s, rng=Rng(rng.next64()))

    def record_setup(self, s):
        return {"players": len(s.seats)}

    def final_extra(self, s):
        return {}

    def action_from_event(self, s, ev):
        return {"roll": Roll(), "keep": Keep()}.get(ev["type"])


def play(rules, seed=1, players=2):
    seats = [Seat(f"P{i}", rules.seat_colors[i], "easy") for i in range(players)]
    s = rules.new_game(seats, seed, {})
    while not rules.is_over(s):
        s = rules.apply(s, rules.legal_actions(s)[0])
    return seats, s
