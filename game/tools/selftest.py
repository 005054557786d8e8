"""--selftest: load all data, play one seeded AI game of every available game, write and re-read its record.

Runs in the frozen build too (CI checks it there).
"""
from __future__ import annotations

import tempfile
import time
from pathlib import Path

from game.core.record import make_record, read_record, replay, save_record
from game.games import available_games, get_rules
from game.tools.autoplay import ai_seats, play_game


def selftest() -> int:
    t0 = time.perf_counter()
    games = available_games()
    from game.core.data import data_dir
    missing = [d.name for d in sorted(data_dir().iterdir()) if d.is_dir() and d.name not in games]
    if missing:
        print(f"selftest: the rules of {', '.join(missing)} are missing from this build")
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        for gid in games:
            rules = get_rules(gid)
            seats = ai_seats(rules, rules.min_players + 1 if rules.max_players > rules.min_players else rules.min_players,
                             "medium", 7)
            s = play_game(rules, seats, 7, {})
            path = Path(tmp) / f"{gid}.yaml"
            rec = make_record(rules, s, seats, 7, {})
            save_record(path, rec)
            back = read_record(path)
            states = replay(rules, back, name=path.name)
            if back.final != rec.final or not rules.is_over(states[-1]):
                print(f"selftest: {gid}: the record did not replay to the same end")
                return 1
            print(f"selftest: {gid}: {len(rec.events)} events, winners {rec.final['winners']}, record replays")
    # the UI modules import and draw a frame headless
    from game.tools.headless import headless_app
    from game.scenes.select import SelectScene
    app = headless_app((1280, 720))
    sc = SelectScene(app)
    app.scenes.push(sc)
    sc.draw(app.window)
    print(f"selftest: ok ({len(games)} games, {time.perf_counter() - t0:.1f} s)")
    return 0
