"""Headless AI-only games: one record per game, one line per game, a summary."""
from __future__ import annotations

import time
from pathlib import Path

from game.ai.bots import bot_move, make_bot
from game.core.record import make_record, save_record
from game.core.rng import Rng
from game.core.rules import Seat
from game.games import get_rules

NAMES = ["Ann", "Bruno", "Cleo", "Dario", "Ella", "Femi"]
LEVELS = ["easy", "medium", "hard"]


def ai_seats(rules, players: int, ai: str, seed: int) -> list[Seat]:
    rng = Rng(seed ^ 0x51A75)
    colors = list(rules.seat_colors)
    seats = []
    for i in range(players):
        kind = LEVELS[rng.below(3)] if ai == "mixed" else ai
        seats.append(Seat(NAMES[i], colors[i % len(colors)], kind))
    return seats


def play_game(rules, seats, seed: int, options: dict, max_decisions: int = 100000):
    """Play one AI-only game; returns the final state."""
    s = rules.new_game(seats, seed, options)
    bots = {i: make_bot(seat.kind, rules, seed * 31 + i * 7919 + 0x5EED, timed=False)
            for i, seat in enumerate(s.seats) if seat.kind not in ("human", "imaginary")}
    n = 0
    while not rules.is_over(s):
        p = rules.to_move(s)
        s = rules.apply(s, bot_move(bots[p], rules, s, p))
        n += 1
        if n > max_decisions:
            raise RuntimeError(f"game with seed {seed} did not end after {max_decisions} decisions")
    return s


def autoplay(game: str, players: int | None, ai: str, seed: int, games: int, options: dict,
             records: str | None) -> int:
    rules = get_rules(game)
    players = players or rules.min_players
    if not rules.min_players <= players <= rules.max_players:
        raise ValueError(f"{rules.title} is for {rules.min_players}-{rules.max_players} players, not {players}")
    wins: dict[str, float] = {}
    totals: list[int] = []
    t0 = time.perf_counter()
    for g in range(games):
        gseed = seed + g
        seats = ai_seats(rules, players, ai, gseed)
        problem = rules.validate_setup(seats, options)
        if problem:
            raise ValueError(problem)
        s = play_game(rules, seats, gseed, options)
        sheets = rules.score_sheets(s)
        winners = rules.winners(s)
        if records:
            save_record(Path(records) / f"{game}-{gseed}.yaml", make_record(rules, s, seats, gseed, options))
        names = ", ".join(s.seats[w].name for w in winners)
        scores = " ".join(f"{s.seats[sh.player].name}({s.seats[sh.player].kind})={sh.total}" for sh in sheets)
        print(f"seed {gseed}: winner {names}; {scores}")
        for w in winners:
            k = s.seats[w].kind
            wins[k] = wins.get(k, 0) + 1 / len(winners)
        totals.extend(sh.total for sh in sheets)
    dt = time.perf_counter() - t0
    mean = sum(totals) / len(totals) if totals else 0
    wtxt = ", ".join(f"{k} {v:g}" for k, v in sorted(wins.items()))
    print(f"summary: {games} game(s) of {rules.title}, {players} players, ai={ai}: wins by level {wtxt}; "
          f"mean score {mean:.1f}; {dt / max(1, games):.2f} s per game")
    return 0
