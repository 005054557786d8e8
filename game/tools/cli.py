"""Command-line entry: the window or a headless tool. Errors become messages, not tracebacks."""
from __future__ import annotations

import argparse
import os
import sys

from game.core.data import DataError
from game.core.record import RecordError


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = text.lower().split("x")
        return int(w), int(h)
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1920x1080, not {text!r}") from None


def _option(text: str) -> tuple[str, object]:
    if "=" not in text:
        raise argparse.ArgumentTypeError(f"option must look like KEY=VALUE, not {text!r}")
    k, v = text.split("=", 1)
    low = v.lower()
    if low in ("true", "yes", "on"):
        return k, True
    if low in ("false", "no", "off"):
        return k, False
    try:
        return k, int(v)
    except ValueError:
        return k, v


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="main.py", description="Anthology: three ant board games.")
    p.add_argument("--selftest", action="store_true", help="load all data, play one AI game of each game, check records")
    p.add_argument("--size", type=_size, default=None, help="window size, e.g. 1600x900")
    sub = p.add_subparsers(dest="cmd")

    a = sub.add_parser("autoplay", help="play AI-only games without a window")
    a.add_argument("--game", required=True)
    a.add_argument("--players", type=int, default=None)
    a.add_argument("--ai", default="medium", choices=["easy", "medium", "hard", "mixed", "random"])
    a.add_argument("--seed", type=int, default=1)
    a.add_argument("--games", type=int, default=1)
    a.add_argument("--option", type=_option, action="append", default=[])
    a.add_argument("--records", default=None, help="folder for one record per game")

    s = sub.add_parser("screenshot", help="render a scene to a PNG without a window")
    s.add_argument("--scene", required=True, choices=["select", "setup", "play", "results"])
    s.add_argument("--game", default="it_happens")
    s.add_argument("--players", type=int, default=None)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--moves", type=int, default=20)
    s.add_argument("--size", type=_size, default=(1920, 1080))
    s.add_argument("--option", type=_option, action="append", default=[])
    s.add_argument("--out", required=True)

    r = sub.add_parser("replay", help="open a record in the play scene; arrow keys step")
    r.add_argument("file")

    b = sub.add_parser("bench", help="print start-up time, frame times and playouts per second")
    b.add_argument("--frames", type=int, default=600)
    b.add_argument("--playout-seconds", type=float, default=3.0)
    return p


def run(argv: list[str], start_time: float) -> int:
    args = parser().parse_args(argv)
    try:
        if args.selftest:
            from game.tools.selftest import selftest
            return selftest()
        if args.cmd == "autoplay":
            from game.tools.autoplay import autoplay
            return autoplay(args.game, args.players, args.ai, args.seed, args.games, dict(args.option), args.records)
        if args.cmd == "screenshot":
            from game.tools.screenshot import screenshot
            return screenshot(args.scene, args.game, args.players, args.seed, args.moves, args.size,
                              dict(args.option), args.out)
        if args.cmd == "bench":
            from game.tools.bench import bench
            return bench(args.frames, args.playout_seconds)
        if args.cmd == "replay":
            from game.tools.replay import open_replay
            return open_replay(args.file, start_time)
        from game.app import run_app
        return run_app(args.size, start_time)
    except (DataError, RecordError, ValueError, KeyError) as e:
        msg = e.args[0] if isinstance(e, KeyError) and e.args else e
        print(f"anthology: {msg}", file=sys.stderr)
        return 2
