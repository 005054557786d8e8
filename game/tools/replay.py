"""Open a record in the play scene (arrow keys step through it), or print its log headless."""
from __future__ import annotations

import sys

from game.games import load_replay


def open_replay(path: str, start_time=None, size=None) -> int:
    """The record in a window of ``size`` (--size), else of the size that fits the desktop."""
    rec, states = load_replay(path)
    from game.app import App
    from game.scenes.play import PlayScene
    app = App(size, start_time=start_time)
    app.scenes.push(PlayScene(app, rec.game, rec.seats, rec.seed, rec.options, states=states, replay=True))
    app.run()
    return 0


def log_lines(game_id: str, rules, state) -> list[str]:
    """The log lines of every event of ``state``, as the play scene's log shows them at that state.

    A table that declares pure ``words`` is read without pygame; otherwise the table's view is
    made headless, and if even that fails each event is shown by its type and fields.
    """
    from game.ui.tables import table_for
    describe = table_for(game_id).words
    if describe is None:
        describe = _view_words(game_id, rules, state.seats)
    lines = []
    for ev in state.log.to_list():
        line = describe(rules, ev, state)
        if line:
            lines.append(line)
    return lines


def _view_words(game_id: str, rules, seats):
    """describe_event of the game's view, made without a window; plain event words if that fails."""
    try:
        from game.tools.headless import use_dummy_display
        use_dummy_display()
        from game.ui.theme import Theme
        from game.ui.views.base import get_view
        view = get_view(game_id, rules, seats, Theme((1600, 900)))
    except Exception:  # noqa: BLE001 - a table that cannot be made headless still gets a log
        return _plain_words
    return lambda rules, ev, state: view.describe_event(ev, state)


def _plain_words(rules, ev: dict, state) -> str:
    """An event by its own words: its type and fields, the seats by name."""
    def show(k, v):
        if k in ("player", "owner", "to") and isinstance(v, int) and 0 <= v < len(state.seats):
            return state.seats[v].name
        return v
    fields = ", ".join(f"{k} {show(k, v)}" for k, v in ev.items() if k != "type")
    return f"{ev.get('type', '?')}: {fields}" if fields else str(ev.get("type", "?"))


def print_log(path: str) -> int:
    """``replay FILE --log``: the record's events as the table's log lines, one a line; no window."""
    rec, states = load_replay(path)
    from game.games import get_rules
    lines = log_lines(rec.game, get_rules(rec.game), states[-1])
    try:
        for line in lines:
            print(line)
        sys.stdout.flush()
    except BrokenPipeError:  # `replay FILE --log | head`: the reader has had enough
        import os
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0
