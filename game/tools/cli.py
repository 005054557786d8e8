"""Command-line entry: the window or a headless tool. Errors become messages, not tracebacks.

Every bad input is refused with one plain line on stderr and exit code 2, before any
game is played or any picture drawn: argparse's own errors (one line, no usage block),
and the checks below that need to know the game (its players, its options) or the
file system (--records, --out).
"""
from __future__ import annotations

import argparse
import math
import os
import re
import sys
import tempfile
from pathlib import Path

from game.core.data import DataError
from game.core.record import RecordError

MIN_SIZE = (640, 360)
MAX_SIZE = (7680, 4320)
MAX_SEED = 2 ** 64 - 1
MAX_GAMES = 100_000
TRUE_WORDS = ("true", "yes", "on", "1", "y", "t")
FALSE_WORDS = ("false", "no", "off", "0", "n", "f")


class UsageError(ValueError):
    """A bad command-line input; its message is one plain line naming the input."""


# ---------------------------------------------------------------- argparse value types
def _size(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*([0-9]{1,7})\s*[xX]\s*([0-9]{1,7})\s*", text)
    if not m:
        raise argparse.ArgumentTypeError(f"size must look like 1920x1080, not {text!r}")
    w, h = int(m.group(1)), int(m.group(2))
    try:
        check_size((w, h))
    except UsageError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return w, h


def check_size(size) -> tuple[int, int]:
    w, h = size
    if w < MIN_SIZE[0] or h < MIN_SIZE[1]:
        raise UsageError(f"size {w}x{h} is too small (at least {MIN_SIZE[0]}x{MIN_SIZE[1]})")
    if w > MAX_SIZE[0] or h > MAX_SIZE[1]:
        raise UsageError(f"size {w}x{h} is too large (at most {MAX_SIZE[0]}x{MAX_SIZE[1]})")
    return w, h


def _option(text: str) -> tuple[str, str]:
    """KEY=VALUE as two strings; the value is checked against the game's options later."""
    if "=" not in text:
        raise argparse.ArgumentTypeError(f"option must look like NAME=VALUE, not {text!r}")
    k, v = text.split("=", 1)
    if not k.strip():
        raise argparse.ArgumentTypeError(f"option must look like NAME=VALUE, not {text!r} (the name is missing)")
    return k.strip(), v.strip()


def _int_in(lo: int, hi: int | None = None, what: str = "a whole number"):
    def parse(text: str) -> int:
        try:
            n = int(text.strip())
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be {what}, not {text!r}") from None
        if n < lo or (hi is not None and n > hi):
            rng = f"from {lo} to {hi}" if hi is not None else f"at least {lo}"
            raise argparse.ArgumentTypeError(f"must be {rng}, not {n}")
        return n
    parse.__name__ = "whole number"
    return parse


def _whole(text: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, not {text!r}") from None


def _seconds(text: str) -> float:
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number of seconds, not {text!r}") from None
    if not math.isfinite(x) or not 0 < x <= 3600:
        raise argparse.ArgumentTypeError(f"must be more than 0 and at most 3600 seconds, not {text!r}")
    return x


# ---------------------------------------------------------------- checks that need the game or the disk
def check_game(game: str):
    """The Rules of an available game, or UsageError listing the available ones."""
    from game import games as registry
    avail = registry.available_games()
    if game not in avail:
        raise UsageError(f"unknown game {game!r} (available: {', '.join(avail) or 'none'})")
    return registry.get_rules(game)


def check_players(rules, players: int | None) -> int:
    """The number of players (the game's minimum when not given); never silently changed."""
    if players is None:
        return rules.min_players
    if type(players) is not int or not rules.min_players <= players <= rules.max_players:
        raise UsageError(f"--players: {rules.title} is for {rules.min_players} to {rules.max_players} players, "
                         f"not {players}")
    return players


def _known(rules) -> str:
    keys = [o["key"] for o in rules.options_spec]
    return f"known: {', '.join(keys)}" if keys else "it has no options"


def _coerce(rules, spec: dict, value):
    key, kind = spec["key"], spec.get("type", "str")
    if kind == "bool":
        if isinstance(value, bool):
            return value
        low = str(value).strip().lower()
        if low in TRUE_WORDS:
            return True
        if low in FALSE_WORDS:
            return False
        raise UsageError(f"--option {key}: takes true or false (yes/no, on/off, 1/0), not {value!r}")
    if kind in ("int", "float"):
        if isinstance(value, bool):
            raise UsageError(f"--option {key}: takes a number, not {value!r}")
        try:
            x = int(str(value).strip()) if kind == "int" else float(str(value).strip())
        except ValueError:
            raise UsageError(f"--option {key}: takes a {'whole ' if kind == 'int' else ''}number, "
                             f"not {value!r}") from None
        if kind == "float" and not math.isfinite(x):
            raise UsageError(f"--option {key}: takes a finite number, not {value!r}")
        lo, hi = spec.get("min"), spec.get("max")
        if (lo is not None and x < lo) or (hi is not None and x > hi):
            rng = (f"from {lo} to {hi}" if lo is not None and hi is not None
                   else f"at least {lo}" if lo is not None else f"at most {hi}")
            raise UsageError(f"--option {key}: must be {rng}, not {value!r}")
        return x
    choices = spec.get("choices")
    if choices is not None:
        for c in choices:
            if str(c).lower() == str(value).strip().lower():
                return c
        raise UsageError(f"--option {key}: must be one of {', '.join(map(str, choices))}, not {value!r}")
    return str(value)


def check_options(rules, options) -> dict:
    """NAME=VALUE pairs (a dict or a list of pairs) -> typed options of the game, or UsageError."""
    pairs = list(options.items()) if isinstance(options, dict) else list(options or [])
    specs = {o["key"]: o for o in rules.options_spec}
    out: dict = {}
    for key, value in pairs:
        if key not in specs:
            raise UsageError(f"--option {key}: unknown option for {rules.title} ({_known(rules)})")
        if key in out:
            raise UsageError(f"--option {key}: given more than once")
        out[key] = _coerce(rules, specs[key], value)
    return out


def _write_test(folder: Path, flag: str, shown) -> None:
    try:
        fd, tmp = tempfile.mkstemp(prefix=".anthology-write-test-", dir=folder)
        os.close(fd)
        os.unlink(tmp)
    except OSError as e:
        raise UsageError(f"{flag} {shown}: cannot write in this folder ({e.strerror or e})") from None


def _make_folder(folder: Path, flag: str, shown) -> None:
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"{flag} {shown}: {folder} is a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except (OSError, ValueError) as e:
        raise UsageError(f"{flag} {shown}: the folder cannot be created "
                         f"({getattr(e, 'strerror', None) or e})") from None
    _write_test(folder, flag, shown)


def check_records(path) -> Path:
    """The --records folder: refused when it is a file or cannot be created or written."""
    if not str(path).strip():
        raise UsageError("--records: needs a folder name")
    p = Path(path)
    if p.exists() and not p.is_dir():
        raise UsageError(f"--records {path}: is a file, not a folder")
    _make_folder(p, "--records", path)
    return p


def check_out(path) -> Path:
    """The --out picture file: refused when it is a folder or its folder cannot be created or written."""
    if not str(path).strip():
        raise UsageError("--out: needs a file name, e.g. shot.png")
    p = Path(path)
    if p.is_dir() or str(path).endswith(("/", os.sep)):
        raise UsageError(f"--out {path}: is a folder; give a file name, e.g. {p / 'shot.png'}")
    if p.exists() and not p.is_file():
        raise UsageError(f"--out {path}: is not a regular file")
    _make_folder(p.parent, "--out", path)
    return p


def parse_seat_list(rules, text: str, allowed, what: str, per: str) -> list[str]:
    """'hard,medium' -> ['hard', 'medium']: each part one of ``allowed`` (``what`` names one, e.g.
    "an AI level"; ``per`` the word for it, e.g. "level"), as many as the game's player count allows."""
    parts = [part.strip().lower() for part in str(text).split(",")]
    for part in parts:
        if part not in allowed:
            shown = f"{part!r} is not {what}" if part else f"a {per} is missing"
            raise UsageError(f"--seats {text}: {shown} (one of {', '.join(allowed)} per seat, comma-separated)")
    if not rules.min_players <= len(parts) <= rules.max_players:
        raise UsageError(f"--seats: {rules.title} is for {rules.min_players} to {rules.max_players} players, "
                         f"not {len(parts)} (one {per} per seat)")
    return parts


def _language(value: str) -> str:
    from game.core import i18n
    code = i18n.normalize(value)
    if code is None:
        known = ", ".join([*i18n.available_languages(), i18n.PSEUDO])
        raise argparse.ArgumentTypeError(f"must be one of {known}, not {value!r}")
    return code


# ---------------------------------------------------------------- the parser
class _Parser(argparse.ArgumentParser):
    """argparse whose errors are one plain line (no usage block) and exit code 2."""

    def error(self, message: str):  # noqa: D401 - argparse API
        self.exit(2, f"anthology: {' '.join(message.split())} (see {self.prog} --help)\n")


def parser() -> argparse.ArgumentParser:
    prog = "Anthology" if getattr(sys, "frozen", False) else "main.py"   # what the person typed
    p = _Parser(prog=prog, description="Anthology: three ant board games.")
    p.add_argument("--version", action="store_true", help="print the version and exit")
    p.add_argument("--selftest", action="store_true", help="load all data, play one AI game of each game, check records")
    p.add_argument("--size", type=_size, default=None, help="window size, e.g. 1600x900")
    p.add_argument("--lang", type=_language, default=None, metavar="CODE",
                   help="the language of every word shown (en, de, fr; the window's setting otherwise)")
    sub = p.add_subparsers(dest="cmd")

    a = sub.add_parser("autoplay", help="play AI-only games without a window")
    a.add_argument("--game", required=True)
    a.add_argument("--players", type=_whole, default=None)
    a.add_argument("--ai", default="medium", choices=["easy", "medium", "hard", "mixed", "random"])
    a.add_argument("--seed", type=_int_in(0, MAX_SEED), default=1)
    a.add_argument("--games", type=_int_in(1, MAX_GAMES), default=1)
    a.add_argument("--option", type=_option, action="append", default=[], help="NAME=VALUE, e.g. expert=true")
    a.add_argument("--records", default=None, help="folder for one record per game")

    m = sub.add_parser("arena", help="seeded AI-only matches between AI levels: win shares and think times")
    m.add_argument("--game", required=True)
    m.add_argument("--seats", required=True,
                   help="one AI level per seat, e.g. hard,medium (easy medium hard random, or trial with --trial)")
    m.add_argument("--games", type=_int_in(1, MAX_GAMES), default=20)
    m.add_argument("--seed", type=_int_in(0, MAX_SEED), default=1)
    m.add_argument("--jobs", type=_int_in(1, 64), default=1, help="processes playing games side by side")
    m.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    m.add_argument("--progress", action="store_true",
                   help="with --json: also print each game to stderr, one JSON line, as it ends")
    m.add_argument("--records", default=None, help="folder for one record per game")
    m.add_argument("--against", default=None, metavar="FILE",
                   help="what an earlier arena --json printed: compare win shares game by game")
    m.add_argument("--trial", default=None, metavar="FILE",
                   help="what the trial seat plays: a level with changed settings (see game/tools/trial.py)")

    s = sub.add_parser("screenshot", help="render a scene to a PNG without a window")
    s.add_argument("--scene", required=True,
                   choices=["select", "setup", "play", "results", "saves", "history", "settings"])
    s.add_argument("--game", default=None, help="a game id (the first game of the menu when not given)")
    s.add_argument("--players", type=_whole, default=None)
    s.add_argument("--seed", type=_int_in(0, MAX_SEED), default=1)
    s.add_argument("--moves", type=_int_in(0, 1_000_000), default=20)
    s.add_argument("--size", type=_size, default=(1920, 1080),
                   help=f"picture size, from {MIN_SIZE[0]}x{MIN_SIZE[1]} to {MAX_SIZE[0]}x{MAX_SIZE[1]}")
    s.add_argument("--option", type=_option, action="append", default=[], help="NAME=VALUE, e.g. expert=true")
    s.add_argument("--out", required=True)

    r = sub.add_parser("replay", help="open a record in the play scene; arrow keys step")
    r.add_argument("file")
    r.add_argument("--log", action="store_true",
                   help="print the record's events as the table's log lines instead, without a window")

    b = sub.add_parser("bench", help="print start-up time, frame times and playouts per second")
    b.add_argument("--frames", type=_int_in(3, 1_000_000), default=600)
    b.add_argument("--playout-seconds", type=_seconds, default=3.0)
    b.add_argument("--against", metavar="PATH",
                   help="instead: random games per CPU second against the checkout at PATH, side by side")
    b.add_argument("--rounds", type=_int_in(1, 10_000), default=30, help="alternating chunks (with --against)")
    n = sub.add_parser("host", help="referee a game for players on other machines (headless)")
    n.add_argument("--game", default=None, help="the game (required unless --resume)")
    n.add_argument("--seats", default=None,
                   help="one kind per seat, e.g. net,net,medium (net: a person on another machine; easy medium hard: "
                        "an AI here; required unless --resume)")
    n.add_argument("--resume", default=None, metavar="SAVEFILE",
                   help="go on with a saved game (its game, seats, seed and options; saved to the same file); "
                        "its network seats are joined again with the new code, each by its name (join --name)")
    n.add_argument("--seed", type=_int_in(0, MAX_SEED), default=None, help="the deal (a random one when not given)")
    n.add_argument("--records", default=None, help="folder for the game's record, saved after every decision")
    n.add_argument("--option", type=_option, action="append", default=[], help="NAME=VALUE, e.g. expert=true")
    n.add_argument("--wait", type=_seconds, default=300.0, help="seconds to wait for every network seat to join")
    n.add_argument("--code", default=None, help="the join code (a fresh one when not given)")
    n.add_argument("--port", type=_int_in(0, 65535), default=0, help="0: any free port")
    n.add_argument("--bind", default="127.0.0.1", help="the address to listen on (the loopback by default)")
    n.add_argument("--lost-wait", type=_seconds, default=60.0,
                   help="seconds a lost network seat may take to come back")
    n.add_argument("--turn-wait", type=_seconds, default=600.0, help="seconds a network seat may take for a move")
    n.add_argument("--lost-ai", default=None, choices=["easy", "medium", "hard"],
                   help="an AI plays a seat lost (or never joined) past its wait; without it the game stops there")
    n.add_argument("--undo", default="refuse", choices=["refuse", "allow"],
                   help="the answer to a guest asking to take back a move (only its own moves this turn "
                        "that revealed nothing can be)")

    j = sub.add_parser("join", help="join a hosted game and play a seat by an AI level (headless)")
    j.add_argument("address", help="what the host printed, e.g. ws://127.0.0.1:8765")
    j.add_argument("--code", required=True, help="the join code the host printed")
    j.add_argument("--ai", default="medium", choices=["easy", "medium", "hard"])
    j.add_argument("--seat", type=_int_in(1, 8), default=None, help="the seat to take (the first free one when not given)")
    j.add_argument("--name", default=None, help="the seat to take by its name (a table resumed from a save asks for it)")
    j.add_argument("--count", type=_int_in(1, 8), default=1,
                   help="how many free seats to take (as several people at one screen), each played by the AI")
    j.add_argument("--ai-seed", type=_int_in(0, MAX_SEED), default=None)
    j.add_argument("--timeout", type=_seconds, default=3600.0, help="seconds the whole game may take")
    j.add_argument("--records", default=None,
                   help="folder for the finished game's record (the one the host sends at the end)")
    return p


def _plain(e: BaseException) -> str:
    if isinstance(e, KeyError) and e.args:
        return str(e.args[0])
    if isinstance(e, OSError) and e.strerror:
        return f"{e.filename}: {e.strerror}" if e.filename else e.strerror
    return " ".join(str(e).split()) or type(e).__name__


def run(argv: list[str], start_time: float) -> int:
    args = parser().parse_args(argv)
    if args.lang:
        from game.core import i18n
        i18n.pin_language(args.lang)
    try:
        if args.version:
            from game import __version__
            print(f"Anthology {__version__}")
            return 0
        if args.selftest:
            from game.tools.selftest import selftest
            return selftest()
        if args.cmd == "autoplay":
            from game.tools.autoplay import autoplay
            return autoplay(args.game, args.players, args.ai, args.seed, args.games, args.option, args.records)
        if args.cmd == "arena":
            from game.tools.arena import arena
            return arena(args.game, args.seats, args.games, args.seed, args.jobs, args.json, args.records,
                         args.against, args.progress, args.trial)
        if args.cmd == "screenshot":
            from game.games import available_games
            from game.tools.screenshot import screenshot
            game = args.game if args.game is not None else (available_games() or [""])[0]
            return screenshot(args.scene, game, args.players, args.seed, args.moves, args.size,
                              args.option, args.out)
        if args.cmd == "bench" and args.against:
            from game.tools.speed_compare import speed_against
            return speed_against(args.against, args.rounds)
        if args.cmd == "bench":
            from game.tools.bench import bench
            return bench(args.frames, args.playout_seconds)
        if args.cmd == "replay" and args.log:
            from game.tools.replay import print_log
            return print_log(args.file)
        if args.cmd == "replay":
            from game.tools.replay import open_replay
            return open_replay(args.file, start_time, args.size)
        if args.cmd == "host":
            from game.tools.netplay import host
            return host(args.game, args.seats, args.seed, args.records, args.option, args.wait, args.code,
                        args.port, args.bind, args.lost_wait, args.lost_ai, args.turn_wait, resume=args.resume,
                        undo=args.undo)
        if args.cmd == "join":
            from game.tools.netplay import join
            return join(args.address, args.code, args.ai, None if args.seat is None else args.seat - 1,
                        args.ai_seed, args.timeout, name=args.name, records=args.records, count=args.count)
        from game.app import run_app
        return run_app(args.size, start_time)
    except (DataError, RecordError, ValueError, KeyError, OSError) as e:
        print(f"anthology: {_plain(e)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("anthology: interrupted", file=sys.stderr)
        return 130
