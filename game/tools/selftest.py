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
    problem = check_words_and_fonts()
    if problem:
        print(f"selftest: {problem}")
        return 1
    print(f"selftest: ok ({len(games)} games, {time.perf_counter() - t0:.1f} s)")
    return 0


NAMES_IN_SCRIPTS = ("שלום", "مرحبا", "李小龙", "Zoë 👨\u200d👩\u200d👧")


def check_words_and_fonts() -> str | None:
    """Every shipped language's catalog reads and translates, and the bundled fonts draw names
    in other scripts: the problem, or None."""
    from game.core import i18n
    from game.ui import text
    before = i18n.language()
    try:
        for lang in i18n.LANGUAGES:
            if lang == i18n.SOURCE:
                continue
            if not i18n.po_path(lang).is_file():
                return f"the {lang} catalog is missing from this build"
            i18n.forget_catalogs()
            i18n.set_language(lang)
            shown = i18n.pgettext("button", "Settings")
            if i18n.problem(lang) or shown == "Settings":
                return f"the {lang} catalog does not translate ({i18n.problem(lang) or 'Settings stays English'})"
        print(f"selftest: catalogs ok ({', '.join(i18n.available_languages())})")
    finally:
        i18n.set_language(before)
    for name in NAMES_IN_SCRIPTS:
        if not text.can_draw(name):
            return f"the bundled fonts cannot draw {name!r}: {text.missing_characters(name)}"
        if text.render(name, 24, True, (0, 0, 0)).get_width() < 8:
            return f"{name!r} drew nothing"
    print(f"selftest: fonts ok ({', '.join(NAMES_IN_SCRIPTS)})")
    return None
