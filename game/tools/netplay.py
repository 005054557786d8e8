"""Headless network play from the command line (developers' English; the window comes later).

    main.py host --game GAME --seats net,net,medium --seed N --records DIR
        prints "ws://127.0.0.1:PORT code CODE" on its first line, waits (--wait SECONDS) for every
        network seat, plays the game and exits when it ends; the record is DIR/<game>-<seed>.yaml,
        saved after every decision. Exit 0 at the game's end, 3 when it could not be played to it.
        --undo allow|refuse answers a guest's request to take back a move (refuse by default; what
        may be taken back at all is core/undo.py's: own moves this turn, nothing revealed).
    main.py host --resume SAVEFILE [--wait S --code C --port P --bind A --lost-ai L ...]
        goes on with a saved game (a hosted game's save: its network seats are marked in it; a
        person's seat not marked is a network seat too, as no one is at a headless host's screen),
        prints its address and a new code, and saves to the same file after every decision. The
        guests join with the new code, each taking its seat by name (join --name).
    main.py join ws://127.0.0.1:PORT --code CODE --ai medium [--seat N | --name NAME | --count N] [--records DIR]
        joins, plays its seat by that AI level and prints the result at the game's end (exit 0);
        exit 3 when the host cannot be reached or refuses. With --records the finished game's record
        (the one the host sends everyone with the last view, checked here: it must replay to the
        very final this seat saw) is written as DIR/<game>-<seed>-seat<N>.yaml (N: the guest's first
        seat; the name never clashes with the host's own record in a shared folder); exit 3 when
        no record that checks came or it could not be written. --count N takes N free seats through
        one connection (as several people at one screen), each played by its own bot of that level.

Every input is checked before anything is started (one line on stderr, exit 2).
"""
from __future__ import annotations

import asyncio
import re
import secrets
import sys

from game.core.rules import AI_KINDS, Seat

HOST_KINDS = ("net", "human", *AI_KINDS)
ADDRESS_RX = re.compile(r"ws://(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]{1,253}):([0-9]{1,5})/?")
CODE_RX = re.compile(r"[A-Za-z0-9]{4,16}")
NAMES = ["Ann", "Bruno", "Cleo", "Dario", "Ella", "Femi", "Gus", "Hana"]


def parse_host_seats(rules, text: str) -> list[str]:
    """'net,net,medium' -> ['net', 'net', 'medium'], checked against the game's player count."""
    from game.tools.cli import UsageError, parse_seat_list
    kinds = parse_seat_list(rules, text, HOST_KINDS, "a seat kind", "kind")
    if "human" in kinds:
        raise UsageError(f"--seats {text}: a headless host has no one at its screen: use net (a person on "
                         f"another machine) or an AI level")
    return kinds


def resumed_game(save: str):
    """A saved game to host again: (rules, record, states, network seats); UsageError in one line."""
    from pathlib import Path

    from game.core.record import RecordError, load_game
    from game.tools.cli import UsageError
    path = Path(save)
    if not path.is_file():
        raise UsageError(f"--resume {save}: no such file")
    try:
        rec, states = load_game(None, path)
    except RecordError as e:
        raise UsageError(f"--resume: {e}") from None
    from game import games as registry
    rules = registry.get_rules(rec.game)
    if rules.is_over(states[-1]):
        raise UsageError(f"--resume {save}: that game is over (watch it with: main.py replay {save})")
    net = sorted(set(rec.net) | {i for i, st in enumerate(rec.seats) if st.kind == "human"})
    if not net:
        raise UsageError(f"--resume {save}: every seat is an AI; nobody would join")
    return rules, rec, states, net


def host(game: str | None, seats_text: str | None, seed: int | None, records: str | None, options, wait: float,
         code: str | None = None, port: int = 0, bind: str = "127.0.0.1", lost_wait: float = 60.0,
         lost_ai: str | None = None, turn_wait: float = 600.0, resume: str | None = None,
         undo: str = "refuse") -> int:
    from pathlib import Path

    from game.net.host import Host
    from game.tools.cli import MAX_SEED, UsageError, check_game, check_options, check_records
    if code is not None and not CODE_RX.fullmatch(code):
        raise UsageError(f"--code {code!r}: 4 to 16 letters and digits")
    if lost_ai is not None and lost_ai not in AI_KINDS:
        raise UsageError(f"--lost-ai: one of {', '.join(AI_KINDS)}, not {lost_ai!r}")
    if undo not in ("allow", "refuse"):
        raise UsageError(f"--undo: allow or refuse, not {undo!r}")
    states = None
    if resume is not None:
        given = [flag for flag, v in (("--game", game), ("--seats", seats_text), ("--seed", seed),
                                      ("--records", records), ("--option", options)) if v is not None and v != []]
        if given:
            raise UsageError(f"--resume takes the game, seats, seed, options and file from the save: "
                             f"drop {', '.join(given)}")
        rules, rec, states, net = resumed_game(resume)
        seats, seed, options, path = list(rec.seats), rec.seed, dict(rec.options), Path(resume)
        for p in net:
            if p not in rec.net:
                print(f"seat {p + 1} ({seats[p].name}) was played at the host's screen: here it is a network seat",
                      flush=True)
    else:
        if game is None or seats_text is None:
            raise UsageError("host: needs --game and --seats (or --resume SAVEFILE)")
        rules = check_game(game)
        kinds = parse_host_seats(rules, seats_text)
        options = check_options(rules, options)
        if seed is None:
            seed = secrets.randbelow(MAX_SEED + 1)      # never told to the guests
        colors = list(rules.seat_colors)
        seats = [Seat(NAMES[i], colors[i % len(colors)], "human" if k == "net" else k) for i, k in enumerate(kinds)]
        problem = rules.validate_setup(seats, options)
        if problem:
            raise UsageError(problem)
        path = None
        if records is not None:
            folder = check_records(records)
            path = folder / f"{game}-{seed}.yaml"
            if path.exists() and not path.is_file():
                raise UsageError(f"--records {records}: {path.name} is in the way (not a file)")
        net = [i for i, k in enumerate(kinds) if k == "net"]
    h = Host(rules, seats, net, seed, options, code=code.upper() if code else None, record_path=path,
             bind=bind, port=port, join_wait=wait, lost_wait=lost_wait, turn_wait=turn_wait, lost_ai=lost_ai,
             say=lambda line: print(line, flush=True), states=states, undo=undo)

    def ready(address: str, join_code: str) -> None:
        print(f"{address} code {join_code}", flush=True)
        if states is not None:
            names = ", ".join(seats[p].name for p in net)
            print(f"the game goes on after {len(states) - 1} decisions: waiting for {names} (join --name NAME)",
                  flush=True)

    try:
        result = asyncio.run(h.run(ready))
    except OSError as e:
        print(f"anthology: cannot listen on {bind}:{port} ({e.strerror or e})", file=sys.stderr)
        return 3
    if result.status == "no_guests":
        missing = ", ".join(str(p + 1) for p in result.missing)
        print(f"anthology: no one joined seat(s) {missing} within {wait:g} s: the game did not start",
              file=sys.stderr)
        return 3
    if result.status != "over":
        where = f"; record: {result.record}" if result.record else ""
        print(f"anthology: the game stopped after {result.decisions} decisions{where}", file=sys.stderr)
        return 3
    _print_result(rules, seats, result.winners, result.sheets, result.decisions)
    if result.record is not None:
        if result.save_error:
            print(f"anthology: the record could not be saved ({result.save_error})", file=sys.stderr)
            return 3
        print(f"record: {result.record}", flush=True)
    return 0


def _print_result(rules, seats, winners: list, sheets: list, decisions: int | None = None) -> None:
    table = list(seats)
    while len(table) < len(sheets):            # a seat the rules add (an imaginary player)
        table.append(Seat(f"seat {len(table) + 1}", "none", "imaginary"))
    names = ", ".join(table[w].name for w in winners if 0 <= w < len(table)) or "nobody"
    scores = " ".join(f"{table[sh['player']].name}={sh['total']}" for sh in sheets
                      if 0 <= sh.get("player", -1) < len(table))
    after = f" after {decisions} decisions" if decisions is not None else ""
    print(f"game over{after}: winner {names}; {scores}", flush=True)


def join(address: str, code: str, ai: str, seat: int | None = None, ai_seed: int | None = None,
         timeout: float = 3600.0, name: str | None = None, records: str | None = None, count: int = 1) -> int:
    from game.net.guest import Guest, GuestError
    from game.tools.cli import UsageError, check_records
    if not ADDRESS_RX.fullmatch(address.strip()) or not 0 < int(ADDRESS_RX.fullmatch(address.strip())[2]) < 65536:
        raise UsageError(f"join: {address!r} is not a host's address (it looks like ws://127.0.0.1:PORT)")
    if not CODE_RX.fullmatch(code.strip()):
        raise UsageError(f"--code {code!r}: the join code the host printed (4 to 16 letters and digits)")
    if ai not in AI_KINDS:
        raise UsageError(f"--ai: one of {', '.join(AI_KINDS)}, not {ai!r}")
    if name is not None:
        from game.core.names import name_problem
        name = " ".join(name.split())
        if name_problem(name) or len(name) > 40:
            raise UsageError(f"--name {name[:40]!r}: a seat's name as the host's table shows it")
        if seat is not None:
            raise UsageError("join: --seat or --name, not both")
    if count > 1 and (seat is not None or name is not None):
        raise UsageError("join: --count takes free seats; --seat and --name take one seat")
    folder = check_records(records) if records is not None else None
    guest = Guest(address.strip().rstrip("/"), code.strip().upper(), level=ai, seat=seat, ai_seed=ai_seed, name=name,
                  say=lambda line: print(line, flush=True), idle_timeout=min(timeout, 900.0), count=count)

    async def bounded():
        return await asyncio.wait_for(guest.run(), timeout)

    try:
        result = asyncio.run(bounded())
    except GuestError as e:
        print(f"anthology: {e}", file=sys.stderr)
        return 3
    except asyncio.TimeoutError:
        print(f"anthology: the game did not end within {timeout:g} s", file=sys.stderr)
        return 3
    mine = result.mine or [result.seat]
    print(f"seat{'s' if len(mine) > 1 else ''} {', '.join(str(p + 1) for p in mine)}: {result.moves} decisions sent",
          flush=True)
    _print_result(guest.rules, result.seats, result.winners, result.sheets)
    if folder is not None:
        return _keep_record(folder, result)
    return 0


def _keep_record(folder, result) -> int:
    """Write the finished game's record the host sent (checked by the guest) into ``folder``."""
    from game.core.record import save_record
    rec = result.record
    if rec is None:
        print("anthology: the host sent no record of the game that replays to this table's end; "
              "nothing was saved", file=sys.stderr)
        return 3
    path = folder / f"{rec.game}-{rec.seed}-seat{result.seat + 1}.yaml"
    if path.exists() and not path.is_file():
        print(f"anthology: {path} is in the way (not a file); the record was not saved", file=sys.stderr)
        return 3
    try:
        save_record(path, rec)
    except OSError as e:
        print(f"anthology: the record could not be saved ({e.strerror or e})", file=sys.stderr)
        return 3
    print(f"record: {path}", flush=True)
    return 0
