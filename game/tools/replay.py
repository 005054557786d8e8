"""Open a record in the play scene; arrow keys step through it."""
from __future__ import annotations

from game.games import load_replay


def open_replay(path: str, start_time=None) -> int:
    rec, states = load_replay(path)
    from game.app import App
    from game.scenes.play import PlayScene
    app = App((1600, 900), start_time=start_time)
    app.scenes.push(PlayScene(app, rec.game, rec.seats, rec.seed, rec.options, states=states, replay=True))
    app.run()
    return 0
