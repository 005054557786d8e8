"""Open a record in the play scene; arrow keys step through it."""
from __future__ import annotations

from game.core.record import RecordError, read_record, replay


def load_replay(path: str):
    """Read and replay a record: (record, states), or RecordError with one plain message.

    A record is a file anyone may have edited, so whatever goes wrong while reading it
    or replaying it through the rules is reported as a RecordError naming the file.
    """
    from game import games as registry
    rec = read_record(path)  # raises RecordError: missing, unreadable, not YAML, malformed
    if rec.game not in registry.available_games():
        known = ", ".join(registry.available_games()) or "none"
        raise RecordError(f"{path}: is a record of {rec.game!r}, which this build cannot play (available: {known})")
    rules = registry.get_rules(rec.game)  # a DataError names the game's broken data file
    try:
        states = replay(rules, rec, name=path)
    except RecordError:
        raise
    except Exception as e:  # a hand-edited record the rules choke on
        raise RecordError(f"{path}: does not replay ({type(e).__name__}: {' '.join(str(e).split())})") from None
    return rec, states


def open_replay(path: str, start_time=None) -> int:
    rec, states = load_replay(path)
    from game.app import App
    from game.scenes.play import PlayScene
    app = App((1600, 900), start_time=start_time)
    app.scenes.push(PlayScene(app, rec.game, rec.seats, rec.seed, rec.options, states=states, replay=True))
    app.run()
    return 0
