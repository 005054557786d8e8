"""Open a record in the play scene; arrow keys step through it."""
from __future__ import annotations

from game.core.record import read_record, replay
from game.games import get_rules


def open_replay(path: str, start_time=None) -> int:
    rec = read_record(path)
    rules = get_rules(rec.game)
    states = replay(rules, rec, name=path)
    from game.app import App
    from game.scenes.play import PlayScene
    app = App((1600, 900), start_time=start_time)
    app.scenes.push(PlayScene(app, rec.game, rec.seats, rec.seed, rec.options, states=states, replay=True))
    app.run()
    return 0
