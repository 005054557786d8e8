"""Headless AI-only games: one record per game, one line per game, a summary."""
from __future__ import annotations

import time

from game.ai.bots import make_bot
from game.core.match import Match
from game.core.record import make_record, save_record
from game.core.rng import Rng
from game.core.rules import Seat

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


def play_game(rules, seats, seed: int, options: dict, max_decisions: int = 100000, think: list | None = None,
              trials: dict | None = None, turns: list | None = None):
    """Play one AI-only game; returns the final state. ``trials`` maps a seat to the Trial its AI
    plays (the arena's trial seat).

    ``think``, when given, receives per seat [decisions, total seconds, longest seconds], in CPU time
    (the process's own): a machine busy with other work does not inflate it. ``turns``, when given,
    receives per seat [turns ended, turns given up, given up while behind] (the rules'
    ``turn_given_up``; behind: fewer points scored then than a rival)."""
    trials = trials or {}

    def bot(kind, rules_, bot_seed, seat):
        return make_bot(kind, rules_, bot_seed, timed=False, trial=trials.get(seat))

    match = Match(rules, seats, seed, options, make_bot=bot)
    if think is not None:
        think[:] = [[0, 0.0, 0.0] for _ in match.table_seats]
    if turns is not None:
        turns[:] = [[0, 0, 0] for _ in match.table_seats]
    for _n in range(max_decisions + 1):
        p = match.to_move()
        if p is None:
            return match.state
        t0 = time.process_time()
        action = match.ai_move(p)
        if think is not None:
            dt = time.process_time() - t0
            think[p][0] += 1
            think[p][1] += dt
            think[p][2] = max(think[p][2], dt)
        if turns is not None:
            _count_turn(rules, match.state, action, p, turns)
        match.submit(action, p)
    if match.over():
        return match.state
    raise RuntimeError(f"game with seed {seed} did not end after {max_decisions} decisions")


def _count_turn(rules, s, action, p: int, turns: list) -> None:
    """(adds to ``turns``) the turn ``action`` ends, if it ends one: given up, and while behind."""
    given_up = rules.turn_given_up(s, action)
    if given_up is None:
        return
    turns[p][0] += 1
    if given_up:
        turns[p][1] += 1
        points = [sheet.total for sheet in rules.score_sheets(s)]
        if points[p] < max(x for q, x in enumerate(points) if q != p):
            turns[p][2] += 1


def autoplay(game: str, players: int | None, ai: str, seed: int, games: int, options,
             records: str | None) -> int:
    """Play ``games`` AI-only games. Every input is checked before the first game starts.

    ``options`` is a dict or a list of (name, value) pairs; values may be text ("true", "3")
    and are checked against the game's ``options_spec``. Bad inputs raise UsageError.
    """
    from game.tools.cli import MAX_SEED, UsageError, check_game, check_options, check_players, check_records
    rules = check_game(game)
    players = check_players(rules, players)
    if ai not in LEVELS + ["mixed", "random"]:
        raise UsageError(f"--ai: must be one of {', '.join(LEVELS + ['mixed', 'random'])}, not {ai!r}")
    if type(games) is not int or games < 1:
        raise UsageError(f"--games: must be a whole number of at least 1, not {games}")
    if type(seed) is not int or seed < 0 or seed + games - 1 > MAX_SEED:
        raise UsageError(f"--seed: seeds {seed} to {seed + games - 1} are not all whole numbers "
                         f"from 0 to {MAX_SEED}")
    options = check_options(rules, options)
    all_seats = []
    for g in range(games):
        seats = ai_seats(rules, players, ai, seed + g)
        problem = rules.validate_setup(seats, options)
        if problem:
            raise UsageError(problem)
        all_seats.append(seats)
    folder = None
    if records is not None:
        folder = check_records(records)
        for g in range(games):
            target = folder / f"{game}-{seed + g}.yaml"
            if target.exists() and not target.is_file():
                raise UsageError(f"--records {records}: {target.name} is in the way (not a file)")
    wins: dict[str, float] = {}
    totals: list[int] = []
    t0 = time.perf_counter()
    for g in range(games):
        gseed = seed + g
        seats = all_seats[g]
        s = play_game(rules, seats, gseed, options)
        sheets = rules.score_sheets(s)
        winners = rules.winners(s)
        if folder is not None:
            save_record(folder / f"{game}-{gseed}.yaml", make_record(rules, s, seats, gseed, options))
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
