"""The arena's trial seat: an AI level with some of its settings changed, read from a YAML file,
so that a change can be measured against the level as it is (``arena --seats trial,hard,hard,hard
--trial FILE``) before it goes into the code. The file holds:

    level: hard           # easy, medium or hard: the level the trial seat starts from
    search:               # Hard only: search settings that differ from the game's hard_settings
      iterations: 120
    weights:              # named weights of the game's heuristics that differ (with_weights)
      gamma: 0.93

Every part but ``level`` may be left out; a file with no changes plays the level's own games.
"""
from __future__ import annotations

import inspect

from game.ai.bots import Trial, heuristics_for
from game.ai.ismcts import IsmctsBot
from game.core.safe_yaml import LoadError, load_file
from game.core.settings import wrong_kind
from game.tools.cli import UsageError

MAX_TRIAL_BYTES = 20_000
TRIAL_LEVELS = ("easy", "medium", "hard")
NOT_SEARCH = ("self", "rules", "seed", "seconds", "by_seats", "weights")
MORE_THAN_ZERO = ("candidates", "temperature", "scale")   # a search setting that counts or divides


def search_defaults() -> dict:
    """Hard's search settings by name, with their defaults (IsmctsBot's keywords)."""
    return {name: p.default for name, p in inspect.signature(IsmctsBot.__init__).parameters.items()
            if name not in NOT_SEARCH}


def _check_search(where: str, changes, seats_allowed: bool = True) -> dict:
    if not isinstance(changes, dict):
        raise UsageError(f"{where}: must be a mapping of setting: value")
    defaults = search_defaults()
    for name, value in changes.items():
        if name == "by_seats" and seats_allowed:
            if not isinstance(value, dict) or not all(type(k) is int and k > 0 for k in value):
                raise UsageError(f"{where}: by_seats: must map a number of seats to the settings that differ there")
            for seats, more in value.items():
                _check_search(f"{where}: by_seats: {seats}", more, seats_allowed=False)
            continue
        if name not in defaults:
            raise UsageError(f"{where}: no Hard setting named {name!r} (the settings: {', '.join(defaults)}"
                             f"{', by_seats' if seats_allowed else ''})")
        problem = wrong_kind(name, value, defaults[name])
        if problem is None and name == "rivals_as" and value not in ("", *TRIAL_LEVELS):
            problem = f"rivals_as: must be one of {', '.join(TRIAL_LEVELS)} (or empty), not {value!r}"
        if problem is None and name in MORE_THAN_ZERO and value == 0:
            problem = f"{name}: must be more than 0"
        if problem:
            raise UsageError(f"{where}: {problem}")
    return changes


def load_trial(path: str, rules) -> Trial:
    """The trial seat read from ``path`` and checked against ``rules``' game, or UsageError naming
    the file and the part that is wrong."""
    where = f"--trial {path}"
    try:
        data = load_file(path, where, MAX_TRIAL_BYTES)
    except LoadError as e:
        raise UsageError(str(e)) from None
    if not isinstance(data, dict):
        raise UsageError(f"{where}: must be a mapping with level, and search or weights")
    unknown = sorted(set(map(str, data)) - {"level", "search", "weights"})
    if unknown:
        raise UsageError(f"{where}: no part named {', '.join(unknown)} (the parts: level, search, weights)")
    level = data.get("level")
    if level not in TRIAL_LEVELS:
        raise UsageError(f"{where}: level: must be one of {', '.join(TRIAL_LEVELS)}, not {level!r}")
    search = _check_search(f"{where}: search", data.get("search") or {})
    if search and level != "hard":
        raise UsageError(f"{where}: search: only Hard searches (this trial is {level})")
    weights = data.get("weights") or {}
    if not isinstance(weights, dict):
        raise UsageError(f"{where}: weights: must be a mapping of weight: value")
    if weights:
        if not hasattr(heuristics_for(rules), "with_weights"):
            raise UsageError(f"{where}: weights: {rules.title}'s heuristics have no named weights to change")
        try:
            heuristics_for(rules, level, weights)
        except ValueError as e:
            raise UsageError(f"{where}: weights: {e}") from None
    return Trial(level, dict(search), dict(weights))


def describe(trial: Trial) -> str:
    """One line: the level and what differs from it."""
    parts = [f"{name}={value}" for name, value in {**trial.search, **trial.weights}.items()]
    return f"{trial.level}" + (f" with {', '.join(parts)}" if parts else " (nothing changed)")
