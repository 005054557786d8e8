"""Engine speed against another checkout (``main.py bench --against PATH``).

Separate processes run one after another drift by a fifth on a shared machine, which hides a
10 % difference. So both source trees are loaded side by side in this process (the other
tree's ``game`` package under its own module objects) and their random games are timed in
alternating short chunks: each ratio compares the two trees under the same conditions. Moves
are chosen with Python's ``random`` (C, so the chooser costs little) and applied with the
search's trusted apply where a tree has one.
"""
from __future__ import annotations

import importlib
import random
import statistics
import sys
import time
from pathlib import Path


def load_tree(root: str) -> dict:
    """The games of the checkout at ``root``, imported beside this one's: {"rules": {game id:
    rules object}, "Seat": its Seat}. The rules are made while that tree's modules are the ones
    imported (a game package may import lazily); this process's own modules are put back after."""
    if not (Path(root) / "game" / "games" / "__init__.py").is_file():
        raise ValueError(f"{root}: not a checkout of this project (no game/games/__init__.py)")
    ours = {k: m for k, m in sys.modules.items() if k == "game" or k.startswith("game.")}
    for k in ours:
        del sys.modules[k]
    sys.path.insert(0, str(Path(root).resolve()))
    try:
        games = importlib.import_module("game.games")
        seat = importlib.import_module("game.core.rules").Seat
        return {"rules": {gid: games.get_rules(gid) for gid in games.available_games()}, "Seat": seat}
    finally:
        sys.path.pop(0)
        for k in [k for k in sys.modules if k == "game" or k.startswith("game.")]:
            del sys.modules[k]
        sys.modules.update(ours)


def _runner(tree: dict, game: str, players: int, options: dict):
    """A function timing random games of ``tree`` for a while: games per CPU second."""
    rules = tree["rules"][game]
    seats = [tree["Seat"](f"P{i}", rules.seat_colors[i], "easy") for i in range(players)]
    apply = getattr(rules, "apply_trusted", rules.apply)
    pick = random.Random(1).random
    seeds = iter(range(10**9))

    def chunk(seconds: float) -> float:
        games, t0 = 0, time.process_time()
        while True:
            s = rules.new_game(seats, next(seeds), options)
            while not rules.is_over(s):
                acts = rules.legal_actions(s)
                s = apply(s, acts[int(pick() * len(acts))])
            rules.score_sheets(s)
            games += 1
            spent = time.process_time() - t0
            if spent >= seconds:
                return games / spent
    return chunk


def compare(other: dict, ours: dict, game: str, players: int, options: dict, rounds: int,
            seconds: float) -> dict:
    """Median games per second of each tree and the median (and quartiles) of ours / other."""
    theirs_run, ours_run = _runner(other, game, players, options), _runner(ours, game, players, options)
    theirs_run(seconds)   # warm up: imports, caches
    ours_run(seconds)
    a, b, ratios = [], [], []
    for i in range(rounds):
        if i % 2:   # alternate which goes first
            y = ours_run(seconds)
            x = theirs_run(seconds)
        else:
            x = theirs_run(seconds)
            y = ours_run(seconds)
        a.append(x)
        b.append(y)
        ratios.append(y / x)
    q = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else [ratios[0]] * 3
    return {"other": statistics.median(a), "ours": statistics.median(b), "ratio": statistics.median(ratios),
            "quartiles": (q[0], q[2])}


def speed_against(root: str, rounds: int = 30, seconds: float = 0.4, out=print) -> int:
    """Print, for every game of this tree that the other tree also has, at its smallest and
    largest player counts and with each yes/no option at the smallest, random games per CPU
    second of both."""
    try:
        other = load_tree(root)
    except (ValueError, ImportError, OSError) as e:
        out(f"bench --against: {e}")
        return 2
    from game.core.rules import Seat
    from game.games import available_games, get_rules
    ours = {"rules": {gid: get_rules(gid) for gid in available_games()}, "Seat": Seat}
    out(f"random games per CPU second, {root} against this checkout "
        f"({rounds} alternating chunks of {seconds} s; median, ratio quartiles):")
    for gid in available_games():
        if gid not in other["rules"]:
            out(f"  {gid:12s} (not in {root})")
            continue
        rules = get_rules(gid)
        cases = [(n, {}) for n in sorted({rules.min_players, rules.max_players})]
        cases += [(rules.min_players, {o["key"]: True}) for o in getattr(rules, "options_spec", ())
                  if o.get("type") == "bool"]
        for players, options in cases:
            if rules.validate_setup([Seat(f"P{i}", rules.seat_colors[i]) for i in range(players)], options):
                continue
            label = f"{gid} {players}p" + "".join(f" {k}" for k in options)
            try:
                r = compare(other, ours, gid, players, options, rounds, seconds)
            except Exception as e:   # the other tree may not know this game's options or seats
                out(f"  {label:34s} (the other tree cannot play this: {type(e).__name__}: {e})")
                continue
            out(f"  {label:34s} {r['other']:8.1f} -> {r['ours']:8.1f}   x{r['ratio']:.2f} "
                f"({r['quartiles'][0]:.2f}-{r['quartiles'][1]:.2f})")
    return 0
