"""One match loop below the scenes: a game's rules, seats, seed, options and the list of its states;
who moves, decisions checked and applied, the record, the autosave hook, AI turns, undo.

The play scene, autoplay, the arena and the headless network host all drive this one object (see
DESIGN.md, "One match loop, seen from any seat"). It is pure: no pygame, no clock, no threads, and no
import of the AI (core knows neither the AI nor a game): the owner hands it a ``make_bot`` factory,
``make_bot(kind, rules, seed, seat) -> bot`` with a ``choose(observation, seat)`` method, and the
match seeds each seat's bot the one way every owner does, ``seed * 31 + seat * 7919 + salt``.

A bot only ever sees ``rules.observe(state, seat)``. A decision comes in through ``submit(action,
seat)``: refused (``Refused``, the game unchanged) when the game is over, when ``seat`` is not the
one to decide, or when the action is not one of the legal ones.
"""
from __future__ import annotations

from typing import Any, Callable

from game.core.record import Record, make_record
from game.core.undo import revealing, takeback_allowed, undo_allowed

AI_SEED_SALT = 0x5EED          # the salt of play.py and autoplay: a seat's bot plays the same at the same seed
NOT_AI = ("human", "imaginary")   # the seat kinds no bot plays for (every other kind is an AI level)


def bot_seed(seed: int, seat: int, salt: int = AI_SEED_SALT) -> int:
    """The seed of seat ``seat``'s bot in a game dealt with ``seed``."""
    return seed * 31 + seat * 7919 + salt


class Refused(Exception):
    """A decision the match did not take; ``code`` says why in one word ("over", "turn", "illegal"),
    the message in English for logs (whoever shows it to a player words it from the code)."""

    def __init__(self, code: str, text: str):
        super().__init__(text)
        self.code = code


class Match:
    """A game being played: ``states[0]`` after set-up, ``states[-1]`` now.

    ``seats`` are the seats as given (a rules-added imaginary seat is not among them; the table's
    seats, ``table_seats``, are). ``make_bot`` (optional) makes the bots of the AI seats, built at
    once; without it an AI seat has no bot and ``ai_move`` refuses. ``autosave(match)`` (optional) is
    called after every decision and every undo. ``states`` continues a game (a loaded record).
    ``net`` lists the seats played from other machines (a hosted game): person's seats, marked so
    in the record so that the host can open the table again from its save.
    """

    def __init__(self, rules, seats, seed: int, options: dict | None = None, *, states: list | None = None,
                 make_bot: Callable | None = None, autosave: Callable[["Match"], Any] | None = None,
                 salt: int = AI_SEED_SALT, net=()):
        self.rules = rules
        self.net = sorted(set(net))     # the seats played from other machines (kept in the record)
        self.seats = list(seats)
        self.seed = seed
        self.options = dict(options or {})
        self.states = list(states) if states else [rules.new_game(list(seats), seed, self.options)]
        self.table_seats = list(self.states[0].seats)
        self.autosave = autosave
        self.salt = salt
        self.bot_seeds = {i: bot_seed(seed, i, salt) for i, st in enumerate(self.table_seats)
                          if st.kind not in NOT_AI}
        self.bots: dict[int, Any] = {}
        self.make_bot = make_bot
        if make_bot is not None:
            self.bots = {i: make_bot(self.table_seats[i].kind, rules, k, i) for i, k in self.bot_seeds.items()}

    # ---------------------------------------------------------------- reading
    @property
    def state(self):
        return self.states[-1]

    @property
    def decisions(self) -> int:
        """Decisions taken so far (the number of states after set-up)."""
        return len(self.states) - 1

    def over(self) -> bool:
        return self.rules.is_over(self.state)

    def to_move(self) -> int | None:
        """The seat to decide now (None when the game is over)."""
        return None if self.over() else self.rules.to_move(self.state)

    def legal_actions(self) -> list:
        return [] if self.over() else self.rules.legal_actions(self.state)

    def observe(self, seat: int):
        """What ``seat`` may know of the game now (what its bot and a remote table see)."""
        return self.rules.observe(self.state, seat)

    def is_ai(self, seat: int) -> bool:
        return seat in self.bots

    def record(self) -> Record:
        """The game's record as it stands (written after every decision)."""
        return make_record(self.rules, self.state, self.seats, self.seed, self.options, self.net)

    def winners(self) -> list[int]:
        return list(self.rules.winners(self.state)) if self.over() else []

    # ---------------------------------------------------------------- deciding
    def check(self, action, seat: int | None) -> None:
        """Refused unless ``seat`` may take ``action`` now (``seat`` None: whoever is to move)."""
        if self.over():
            raise Refused("over", "the game is over")
        p = self.rules.to_move(self.state)
        if seat is not None and seat != p:
            raise Refused("turn", f"it is seat {p}'s turn, not seat {seat}'s")
        if action not in self.rules.legal_actions(self.state):
            raise Refused("illegal", "that move is not allowed right now")

    def submit(self, action, seat: int | None = None) -> list[dict]:
        """Take ``action`` for ``seat`` if it may (else ``Refused``, nothing changed); autosave.
        Returns the events the decision logged."""
        self.check(action, seat)
        s = self.state
        new = self.rules.apply(s, action)
        self.states.append(new)
        self._saved()
        return new.log.since(len(s.log))

    def _saved(self) -> None:
        if self.autosave is not None:
            self.autosave(self)

    # ---------------------------------------------------------------- AI turns
    def ai_to_move(self) -> int | None:
        """The AI seat to decide now, or None (the game is over, or a person is to move)."""
        p = self.to_move()
        return p if p is not None and p in self.bots else None

    def ai_move(self, seat: int | None = None):
        """What ``seat``'s bot (the seat to move by default) plays now; it sees only its observation."""
        p = self.rules.to_move(self.state) if seat is None else seat
        if p not in self.bots:
            raise Refused("turn", f"seat {p} is not played by an AI here")
        return self.bots[p].choose(self.rules.observe(self.state, p), p)

    def step_ai(self) -> bool:
        """Play the AI's decision at once if an AI is to move; True if one was played."""
        p = self.ai_to_move()
        if p is None:
            return False
        self.submit(self.ai_move(p), p)
        return True

    def give_to_ai(self, seat: int, kind: str) -> None:
        """From now on a bot of level ``kind`` plays ``seat`` (a seat whose player is gone); seeded
        like every bot of the match. The record keeps the seat as it was."""
        if self.make_bot is None:
            raise Refused("no_ai", "this match has no AI to give the seat to")
        self.bot_seeds[seat] = bot_seed(self.seed, seat, self.salt)
        self.bots[seat] = self.make_bot(kind, self.rules, self.bot_seeds[seat], seat)

    def play_out(self, max_decisions: int = 100_000) -> None:
        """Let the AIs play until the game ends or a person is to move (bounded)."""
        for _n in range(max_decisions):
            if not self.step_ai():
                return
        if not self.over() and self.ai_to_move() is not None:
            raise RuntimeError(f"game with seed {self.seed} did not end after {max_decisions} decisions")

    def holds_after(self, mover: int | None, before, after, human: Callable[[int], bool]) -> bool:
        """Should the AI wait a moment (the hold) after ``mover``'s decision from ``before`` to
        ``after``? Yes when a person's decision hands the turn to an AI and revealed nothing, so
        undo can still take it back before the AI answers. The clock is the owner's."""
        events = after.log.since(len(before.log))
        return (mover is not None and human(mover) and not self.rules.is_over(after)
                and self.rules.to_move(after) in self.bots and not revealing(self.rules, events))

    # ---------------------------------------------------------------- undo
    def can_undo(self, human: Callable[[int], bool]) -> bool:
        """May the last decision be taken back? (BGA's rules, read from the events: see core/undo.py)."""
        if len(self.states) < 2 or self.over():
            return False
        return undo_allowed(self.rules, self.states[-2], self.states[-1], human)

    def undo(self, human: Callable[[int], bool], answered: Callable[[Any], bool] | None = None,
             force: bool = False) -> bool:
        """Take the last decision back if ``can_undo`` (or ``force``: the owner's hold allows it),
        and the decisions ``answered(state)`` says followed it by themselves; autosave."""
        if len(self.states) < 2 or self.over() or not (force or self.can_undo(human)):
            return False
        self.states.pop()
        while answered is not None and len(self.states) > 1 and answered(self.states[-1]):
            self.states.pop()
        self._saved()
        return True

    def can_take_back(self, steps: int, human: Callable[[int], bool]) -> bool:
        """May the last ``steps`` decisions be taken back together? Every one of them by the rule of
        ``can_undo`` (core/undo.py): the same person's, this turn, nothing revealed. The network host
        asks this for a guest's request, so a guest can never reach past a reveal or another seat's move."""
        return not self.over() and takeback_allowed(self.rules, self.states, steps, human)

    def take_back(self, steps: int, human: Callable[[int], bool]) -> bool:
        """Take the last ``steps`` decisions back if ``can_take_back``; autosave. False if not."""
        if not self.can_take_back(steps, human):
            return False
        del self.states[-steps:]
        self._saved()
        return True
