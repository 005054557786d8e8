"""Fit a game's table of expected outcomes again: ``python -m game.tools.refit GAME [GAMES]``.

A game whose Hard stops its play-outs where a new stage begins (the Hard setting
``stage_values``) values that state by a table fitted on how games of Medium players end. Its
heuristics give ``stage(s)`` and ``outcome_sample(rules, s)``: (the table's key there, each seat's
features). This plays ``GAMES`` Medium games at every table size (the same seeds every time, so
the same games), takes a sample at each new stage, fits every key (game/core/maths.py) and prints
the table: {players: {key: (weights, temperature)}}, to paste into the game's code.
"""
from __future__ import annotations

import sys

from game.ai.bots import bot_move, heuristics_for, make_bot
from game.core.maths import fit_outcomes
from game.tools.arena import arena_seats
from game.tools.cli import UsageError, check_game


def stage_samples(rules, players: int, first_seed: int, games: int) -> dict:
    """key -> [(features per seat, final totals, winners)] from ``games`` games of Medium players."""
    heur = heuristics_for(rules)
    out: dict = {}
    for seed in range(first_seed, first_seed + games):
        s = rules.new_game(arena_seats(rules, ["medium"] * players), seed, {})
        bots = {i: make_bot("medium", rules, seed * 31 + i, timed=False) for i in range(players)}
        starts, seen = [], heur.stage(s)
        while not rules.is_over(s):
            p = rules.to_move(s)
            s = rules.apply(s, bot_move(bots[p], rules, s, p))
            stage = heur.stage(s)
            if stage != seen and not rules.is_over(s):
                starts.append(heur.outcome_sample(rules, s))
                seen = stage
        finals, winners = [sheet.total for sheet in rules.score_sheets(s)], rules.winners(s)
        for key, rows in starts:
            out.setdefault(key, []).append((rows, finals, winners))
    return out


def refit_table(rules, games: int) -> dict:
    """{players: {key: (weights, temperature)}} over every table size the game has."""
    table = {}
    for players in range(rules.min_players, rules.max_players + 1):
        samples = stage_samples(rules, players, 100_000 * players, games)
        table[players] = {key: fit_outcomes(samples[key]) for key in sorted(samples)}
    return table


def format_table(table: dict) -> str:
    lines = ["FIT = {"]
    for players, fits in table.items():
        lines.append(f"    {players}: {{" + ",\n        ".join(
            f"{key}: (({', '.join(str(round(w, 3)) for w in weights)}), {temperature})"
            for key, (weights, temperature) in fits.items()) + "},")
    return "\n".join(lines + ["}"])


def main(argv: list[str]) -> int:
    try:
        if not argv or len(argv) > 2:
            raise UsageError("usage: python -m game.tools.refit GAME [GAMES]")
        rules = check_game(argv[0])
        games = 800
        if len(argv) == 2:
            if not argv[1].isdigit() or int(argv[1]) < 1:
                raise UsageError(f"GAMES: a whole number above 0, not {argv[1]!r}")
            games = int(argv[1])
        if not hasattr(heuristics_for(rules), "outcome_sample"):
            raise UsageError(f"{argv[0]}: its Hard fits no table of outcomes (no outcome_sample in its heuristics)")
    except UsageError as e:
        print(f"anthology: {e}", file=sys.stderr)
        return 2
    print(format_table(refit_table(rules, games)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
