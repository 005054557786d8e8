"""Seeded AI-only matches between AI levels, with win shares, scores (in all and line by line of
the score sheet) and think times (CPU) per level.

Seat order rotates so that each deal is played from every seat: with R the number of
distinct rotations of the --seats list (2 for ``hard,medium``, 4 for ``hard,medium,medium,medium``,
1 for ``medium,medium``), game k deals with seed S + k // R and seats the levels rotated by
k % R (seat i gets level (i + k % R) mod n of the list). --games must be a multiple of R.
With --json --progress, each game is also printed to stderr as one JSON line when it ends.
With --records, game k is saved as DIR/<game>-<deal seed>-r<rotation>.yaml.
A seat named ``trial`` plays the level a --trial FILE names, with the settings it changes (see
game/tools/trial.py): ``--seats trial,hard,hard,hard`` measures a change to Hard against Hard as it is.
With --against FILE (what an earlier ``arena --json`` printed, e.g. on another version of the
code), each level's win share is also compared game by game with the same deal and seat order
there: the mean difference and its 95 % half-width, where the deal's luck cancels out. The seats
are compared seat by seat, so a trial seat here may face the level it changes there
(``--seats trial,medium,medium`` against a run of ``hard,medium,medium``).
Every game is independent and deterministic from its deal seed and rotation, so the
results (think times aside) are the same whatever --jobs says.
Where the game declares them (the rules' ``turn_given_up`` and ``end_reason``), each level's turns
given up (and those given up while behind on points) and how the games ended are counted too.
A run stopped by SIGTERM (``timeout``) or Ctrl+C reports the games it finished, marked as stopped
(its --json can be compared --against later): a long trial can run under a time limit and keep
what it played.
"""
from __future__ import annotations

import dataclasses
import json
import math
import multiprocessing
import signal
import sys
import threading
import time
from collections import Counter
from pathlib import Path

from game.ai.bots import Trial
from game.core.record import make_record, save_record
from game.core.rules import Seat
from game.core.safe_yaml import LoadError, read_text
from game.tools.autoplay import NAMES, play_game
from game.tools.cli import MAX_SEED, UsageError, check_game, check_records
from game.tools.trial import describe, load_trial

LEVELS = ("easy", "medium", "hard", "random", "trial")
Z95 = 1.96
MAX_AGAINST_BYTES = 20_000_000   # an --against file is read only up to this size


# ---------------------------------------------------------------- inputs
def parse_seats(rules, text: str) -> list[str]:
    """'hard,medium' -> ['hard', 'medium'], checked against the levels and the game's player count."""
    from game.tools.cli import parse_seat_list
    return parse_seat_list(rules, text, LEVELS, "an AI level", "level")


def rotation_count(levels: list[str]) -> int:
    """How many different seat orders rotating ``levels`` gives."""
    return next(r for r in range(1, len(levels) + 1) if levels[r:] + levels[:r] == levels)


def rotated(levels: list[str], r: int) -> list[str]:
    return levels[r:] + levels[:r]


def arena_seats(rules, kinds: list[str], trial: Trial | None = None) -> list[Seat]:
    """The seats of a game, a trial seat playing as its level."""
    colors = list(rules.seat_colors)
    return [Seat(NAMES[i], colors[i % len(colors)], trial.level if kind == "trial" else kind)
            for i, kind in enumerate(kinds)]


def record_name(game: str, deal: int, rotation: int) -> str:
    return f"{game}-{deal}-r{rotation}.yaml"


# ---------------------------------------------------------------- one game (runs in a worker)
def play_match(task: tuple) -> dict:
    """One arena game from (game id, levels, deal seed, rotation, records folder or None, trial or None)."""
    from game.games import get_rules
    game, levels, deal, rotation, folder, trial = task
    rules = get_rules(game)
    kinds = rotated(list(levels), rotation)
    seats = arena_seats(rules, kinds, trial)
    think: list = []
    turns: list = []
    trials = {i: trial for i, kind in enumerate(kinds) if kind == "trial"}
    s = play_game(rules, seats, deal, {}, think=think, trials=trials, turns=turns)
    if folder is not None:
        save_record(Path(folder) / record_name(game, deal, rotation), make_record(rules, s, seats, deal, {}))
    n = len(kinds)
    every = rules.score_sheets(s)                  # an imaginary player's sheet comes after the seats
    sheets = every[:n]
    return {"deal": deal, "rotation": rotation, "kinds": kinds,
            "scores": [sh.total for sh in sheets], "lines": [dict(sh.lines) for sh in sheets],
            "winning_score": max(sh.total for sh in every),
            "winners": list(rules.winners(s)), "think": think[:n], "turns": turns[:n],
            "end_reason": rules.end_reason(s)}


# ---------------------------------------------------------------- statistics
def wilson(share: float, n: int) -> list[float]:
    """95 % Wilson score interval of a share observed over n games."""
    denom = 1 + Z95 ** 2 / n
    centre = (share + Z95 ** 2 / (2 * n)) / denom
    half = Z95 * math.sqrt(share * (1 - share) / n + Z95 ** 2 / (4 * n * n)) / denom
    return [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]


def game_share(res: dict, level: str) -> float:
    """The share of one game's win that went to the seats of ``level`` (a shared win split evenly)."""
    return seats_share(res, {i for i, kind in enumerate(res["kinds"]) if kind == level})


def seats_share(res: dict, seats: set) -> float:
    """The share of one game's win that went to the seats numbered in ``seats``."""
    return sum(1 / len(res["winners"]) for w in res["winners"] if w in seats)


def mean_half95(values: list[float]) -> tuple[float, float]:
    """The mean of ``values`` and the 95 % half-width of that mean (0 for fewer than two values)."""
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in values) / (n - 1)) if n > 1 else 0.0
    return mean, Z95 * sd / math.sqrt(n)


def line_means(sheets: list[dict]) -> dict:
    """Per score-sheet line (in the sheets' order): its mean points over ``sheets``, the 95 %
    half-width of that mean (0 for fewer than two sheets) and the share of them that scored on it."""
    names = dict.fromkeys(name for sheet in sheets for name in sheet)
    out = {}
    for name in names:
        points = [sheet.get(name, 0) for sheet in sheets]
        mean, half = mean_half95(points)
        out[name] = {"mean": round(mean, 2), "half95": round(half, 2),
                     "scored": round(sum(1 for x in points if x > 0) / len(points), 4)}
    return out


def summarize(game: str, levels: list[str], results: list[dict]) -> dict:
    """Per level: win share (a shared win split evenly), its 95 % interval, mean score, mean points
    and share of seats scoring on each line of the score sheet, think times; the winning score on average."""
    n_games = len(results)
    per = {lv: {"wins": 0.0, "scores": [], "sheets": [], "decisions": 0, "think_s": 0.0, "think_max": 0.0,
                "turns": [0, 0, 0]} for lv in levels}
    unseated = 0.0
    for res in results:
        for lv, agg in per.items():
            agg["wins"] += game_share(res, lv)
        unseated += sum(1 / len(res["winners"]) for w in res["winners"] if w >= len(res["kinds"]))
        for kind, score, sheet, (count, total, most) in zip(res["kinds"], res["scores"], res["lines"], res["think"]):
            agg = per[kind]
            agg["scores"].append(score)
            agg["sheets"].append(sheet)
            agg["decisions"] += count
            agg["think_s"] += total
            agg["think_max"] = max(agg["think_max"], most)
        for kind, counts in zip(res["kinds"], res.get("turns", ())):   # (an earlier run's file may lack them)
            agg = per[kind]["turns"]
            for i, c in enumerate(counts):
                agg[i] += c
    seats = {}
    for lv, agg in per.items():
        share = agg["wins"] / n_games
        seats[lv] = {"seats": levels.count(lv), "fair_share": round(levels.count(lv) / len(levels), 4),
                     "win_share": round(share, 4), "ci95": wilson(share, n_games),
                     "mean_score": round(sum(agg["scores"]) / len(agg["scores"]), 2),
                     "lines": line_means(agg["sheets"]),
                     "think_ms_mean": round(1000 * agg["think_s"] / max(1, agg["decisions"]), 3),
                     "think_ms_max": round(1000 * agg["think_max"], 3), "decisions": agg["decisions"]}
        ended, given_up, behind = agg["turns"]
        if ended:
            seats[lv]["turns"] = {"ended": ended, "given_up": given_up, "given_up_behind": behind}
    ends = Counter(res["end_reason"] for res in results if res.get("end_reason"))
    return {"game": game, "games": n_games, "seats_per_game": len(levels), "seat_list": levels,
            "rotations": rotation_count(levels), "seats": seats, "unseated_win_share": round(unseated / n_games, 4),
            "winner_mean_score": round(sum(res["winning_score"] for res in results) / n_games, 2),
            "end_reasons": dict(ends.most_common())}


def paired(levels: list[str], results: list[dict], base: list[dict], base_levels: list[str] | None = None) -> dict:
    """Per level, the win share of its seats here minus that of the same seats there over the games
    both played (the same deal and seat order), with the 95 % half-width of that mean difference.
    ``base_levels`` (the seat list there, by default the same) names what those seats were there."""
    base_levels = levels if base_levels is None else base_levels
    there = {(r["deal"], r["rotation"]): r for r in base}
    both = [(r, there[r["deal"], r["rotation"]]) for r in results if (r["deal"], r["rotation"]) in there]
    m = len(both)
    out = {"games": m, "levels": {}}
    if not m:
        return out
    for lv in dict.fromkeys(levels):
        diffs, shares_there = [], []
        for a, b in both:
            seats = {i for i, kind in enumerate(a["kinds"]) if kind == lv}
            shares_there.append(seats_share(b, seats))
            diffs.append(seats_share(a, seats) - shares_there[-1])
        mean, half = mean_half95(diffs)
        out["levels"][lv] = {"diff": round(mean, 4), "half95": round(half, 4),
                             "there": round(sum(shares_there) / m, 4)}
        was = sorted({b for a, b in zip(levels, base_levels) if a == lv})
        if was != [lv]:
            out["levels"][lv]["there_level"] = ",".join(was)
    return out


# ---------------------------------------------------------------- output
def game_line(res: dict) -> str:
    kinds = res["kinds"]
    won = ", ".join(kinds[w] if w < len(kinds) else "imaginary player" for w in res["winners"])
    scores = " ".join(f"{kind}={score}" for kind, score in zip(kinds, res["scores"]))
    return f"deal {res['deal']} rotation {res['rotation']}: won by {won}; scores {scores}"


def report_lines(summary: dict, title: str, seconds: float, jobs: int) -> list[str]:
    g, n = summary["games"], summary["seats_per_game"]
    lines = [f"{title}: {g} games, {n} seats ({','.join(summary['seat_list'])}), "
             f"{summary['rotations']} seat order(s) per deal; {seconds:.2f} s with {jobs} job(s)",
             f"{'level':<8}{'seats':>6}{'fair':>7}{'win share':>11}{'95% CI':>15}{'mean score':>12}"
             f"{'think ms':>10}{'max ms':>10}"]
    for lv, st in summary["seats"].items():
        lo, hi = st["ci95"]
        lines.append(f"{lv:<8}{st['seats']:>6}{st['fair_share']:>7.2f}{st['win_share']:>11.3f}"
                     f"{f'{lo:.3f}-{hi:.3f}':>15}{st['mean_score']:>12.1f}"
                     f"{st['think_ms_mean']:>10.2f}{st['think_ms_max']:>10.1f}")
    lines.append(f"the winning score: {summary['winner_mean_score']:.1f} on average")
    if summary["end_reasons"]:
        lines.append("the games ended by: " + ", ".join(f"{why} {n}" for why, n in summary["end_reasons"].items()))
    given = [(lv, st["turns"]) for lv, st in summary["seats"].items() if "turns" in st]
    if given:
        lines.append("turns given up (ended with nothing done; behind: fewer points than a rival then):")
        lines += [f"{lv:<8}{tu['given_up']} of {tu['ended']} ({100 * tu['given_up'] / tu['ended']:.1f} %), "
                  f"{tu['given_up_behind']} behind" for lv, tu in given]
    lines.append("by line of the score sheet, mean points +/- 95 % (share of seats scoring on it):")
    for lv, st in summary["seats"].items():
        parts = [f"{name.replace('_', ' ')} {got['mean']:.1f} +/- {got['half95']:.1f} ({100 * got['scored']:.0f} %)"
                 for name, got in st["lines"].items()]
        lines.append(f"{lv:<8}" + ", ".join(parts))
    if summary["unseated_win_share"]:
        lines.append(f"the imaginary player took {summary['unseated_win_share']:.3f} of the wins")
    return lines


def against_lines(comparison: dict, path: str) -> list[str]:
    m = comparison["games"]
    if not m:
        return [f"against {path}: no game here has the same deal and seat order there"]
    lines = [f"against {path}, the same {m} game(s) (deal and seat order), win share here minus there:"]
    for lv, st in comparison["levels"].items():
        was = f", {st['there_level']} there" if "there_level" in st else ""
        lines.append(f"{lv:<8}{st['diff']:>+8.3f} +/- {st['half95']:.3f} (there {st['there']:.3f}{was})")
    return lines


# ---------------------------------------------------------------- the command
def check_arena(game: str, seats: str, games: int, seed: int, jobs: int, records, trial_file=None) -> tuple:
    """Every input checked before the first game: (rules, levels, records folder or None, trial or None)."""
    rules = check_game(game)
    levels = parse_seats(rules, seats)
    trial = None
    if ("trial" in levels) != (trial_file is not None):
        raise UsageError("--trial FILE and a seat named trial in --seats go together (the trial seat plays "
                         "what the file says)")
    if trial_file is not None:
        trial = load_trial(trial_file, rules)
    rot = rotation_count(levels)
    if type(games) is not int or games < 1:
        raise UsageError(f"--games: must be a whole number of at least 1, not {games}")
    if games % rot:
        lower = max(rot, games - games % rot)
        raise UsageError(f"--games: {games} is not a multiple of {rot} (each deal is played once in each of "
                         f"the {rot} seat orders); try {lower} or {lower + rot}")
    last = seed + games // rot - 1
    if type(seed) is not int or seed < 0 or last > MAX_SEED:
        raise UsageError(f"--seed: seeds {seed} to {last} are not all whole numbers from 0 to {MAX_SEED}")
    if type(jobs) is not int or jobs < 1:
        raise UsageError(f"--jobs: must be a whole number of at least 1, not {jobs}")
    for r in range(rot):
        problem = rules.validate_setup(arena_seats(rules, rotated(levels, r), trial), {})
        if problem:
            raise UsageError(problem)
    folder = None
    if records is not None:
        folder = check_records(records)
        for k in range(games):
            target = folder / record_name(game, seed + k // rot, k % rot)
            if target.exists() and not target.is_file():
                raise UsageError(f"--records {records}: {target.name} is in the way (not a file)")
    return rules, levels, folder, trial


def incomparable(levels: list[str], there) -> str | None:
    """Why a run of the seat list ``there`` cannot be compared seat by seat with one of ``levels``
    (None if it can): the same seats, but that a trial seat here may be any level there, and the
    same seat orders."""
    if not (isinstance(there, list) and len(there) == len(levels) and all(k in LEVELS for k in there)
            and all(a == b or a == "trial" for a, b in zip(levels, there))):
        return "other seats (only a trial seat here may be another level there)"
    if rotation_count(there) != rotation_count(levels):
        return (f"other seat orders ({rotation_count(there)} a deal there, {rotation_count(levels)} here), "
                "so no game there is this one")
    return None


def load_against(path: str, game: str, levels: list[str]) -> tuple[list[dict], list[str]]:
    """The games of an earlier ``arena --json`` run and its seat list, checked before the first game
    is played: the same game and a comparable seat list (``incomparable``), each game's deal, seat
    order, levels and winners readable."""
    where = f"--against {path}"
    try:
        data = json.loads(read_text(path, where, MAX_AGAINST_BYTES))
    except LoadError as e:
        raise UsageError(str(e)) from None
    except (ValueError, RecursionError) as e:
        raise UsageError(f"{where}: not what arena --json prints ({type(e).__name__})") from None
    if not isinstance(data, dict) or not isinstance(data.get("results"), list):
        raise UsageError(f"{where}: not what arena --json prints (no list of games in 'results')")
    why = f"not {game!r}" if data.get("game") != game else incomparable(levels, data.get("seat_list"))
    if why:
        raise UsageError(f"{where}: a run of {data.get('game')!r} with seats {data.get('seat_list')!r}: "
                         f"{why} (here {game!r} with {levels!r})")
    n = len(levels)
    for i, r in enumerate(data["results"]):
        ok = (isinstance(r, dict) and type(r.get("deal")) is int and type(r.get("rotation")) is int
              and isinstance(r.get("kinds"), list) and len(r["kinds"]) == n
              and all(k in LEVELS for k in r["kinds"])
              and isinstance(r.get("winners"), list) and r["winners"]
              and all(type(w) is int and w >= 0 for w in r["winners"]))
        if not ok:
            raise UsageError(f"{where}: game {i + 1} in 'results' lacks a deal, rotation, seat levels or winners")
    return data["results"], data["seat_list"]


class Stopped(Exception):
    """The run was asked to stop (SIGTERM or SIGINT): the games finished so far are reported."""


def _stop(signum, frame):
    raise Stopped(signal.Signals(signum).name)


def _worker_start() -> None:
    """A worker leaves Ctrl+C to the run, which stops the pool (no traceback from every worker),
    and ends at the pool's SIGTERM (not a handler it may have inherited)."""
    from game.core.lifeline import watch_parent
    watch_parent()                          # a run killed hard leaves no worker behind
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def run_matches(tasks: list[tuple], jobs: int):
    """Yield each game's result in task order, played in ``jobs`` processes when more than one (a
    run that stops ends the games still playing: the pool is terminated)."""
    if jobs == 1:
        yield from map(play_match, tasks)
        return
    # spawn, as on Windows and macOS: a worker starts from nothing and imports what it needs
    with multiprocessing.get_context("spawn").Pool(min(jobs, len(tasks)), initializer=_worker_start) as pool:
        yield from pool.imap(play_match, tasks)


def play_until_stopped(tasks: list[tuple], jobs: int, each) -> str | None:
    """Play ``tasks`` (``each`` gets every result as it ends) until done, or until SIGTERM or
    SIGINT asks the run to stop: the signal's name then, else None."""
    on_main = threading.current_thread() is threading.main_thread()
    kept = {sig: signal.signal(sig, _stop) for sig in (signal.SIGTERM, signal.SIGINT)} if on_main else {}
    games = run_matches(tasks, jobs)
    try:
        for res in games:
            each(res)
    except Stopped as e:
        return str(e)
    finally:
        for sig in kept:                    # a second signal does not cut the clean-up short
            signal.signal(sig, signal.SIG_IGN)
        games.close()                       # the workers' games end now, not when collected
        for sig, handler in kept.items():
            signal.signal(sig, handler)
    return None


def arena(game: str, seats: str, games: int, seed: int, jobs: int = 1, as_json: bool = False,
          records: str | None = None, against: str | None = None, progress: bool = False,
          trial: str | None = None) -> int:
    """Play ``games`` rotated AI-only games and print per-level statistics (text or one JSON object,
    the games included), compared game by game with an earlier run when ``against`` names one.
    With ``progress``, JSON output also gives each game on stderr as it ends (a long run can be
    read, and compared with an earlier one, while it plays). ``trial`` names the file of the
    trial seat."""
    rules, levels, folder, trial_seat = check_arena(game, seats, games, seed, jobs, records, trial)
    base, base_levels = (None, None) if against is None else load_against(against, game, levels)
    rot = rotation_count(levels)
    tasks = [(game, tuple(levels), seed + k // rot, k % rot, None if folder is None else str(folder), trial_seat)
             for k in range(games)]
    t0 = time.perf_counter()
    results = []

    def each(res: dict) -> None:
        results.append(res)
        if not as_json:
            print(game_line(res), flush=True)
        elif progress:
            print(json.dumps(res), file=sys.stderr, flush=True)

    stopped = play_until_stopped(tasks, jobs, each)
    seconds = time.perf_counter() - t0
    if stopped and not results:
        print(f"anthology: arena stopped by {stopped} before its first game ended: nothing to report",
              file=sys.stderr)
        return 1
    summary = summarize(game, levels, results)
    if stopped:
        summary["stopped"] = {"by": stopped, "games_planned": games}
    comparison = None if base is None else paired(levels, results, base, base_levels)
    if as_json:
        extra = {} if comparison is None else {"against": {"file": against, **comparison}}
        if trial_seat is not None:
            extra["trial"] = {"file": trial, **dataclasses.asdict(trial_seat)}
        print(json.dumps({**summary, "seed": seed, "jobs": jobs, "seconds": round(seconds, 3), **extra,
                          "results": results}))
    else:
        lines = report_lines(summary, rules.title, seconds, jobs)
        if stopped:
            lines.append(f"stopped by {stopped} after {len(results)} of {games} games: the figures are of those")
        if trial_seat is not None:
            lines.append(f"trial ({trial}): {describe(trial_seat)}")
        if comparison is not None:
            lines += against_lines(comparison, against)
        print("\n".join(lines))
    return 0
