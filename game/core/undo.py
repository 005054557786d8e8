"""When may a player take a decision back? One answer for every game, read from the events.

Board Game Arena's rule: undo never changes who is to act, never reaches back across another
player's decision and never goes past anything that showed new information. The RNG alone cannot
tell (a deck shuffled at set-up is revealed later without touching the RNG), so the events decide:
any event whose type is one of the game's ``reveal_events`` ends the undo range (a chance outcome,
something hidden turned up, a new round, scoring, the end).
"""
from __future__ import annotations


def revealing(rules, events) -> list[dict]:
    """The events among ``events`` that showed something new."""
    kinds = rules.reveal_events
    return [ev for ev in events if ev.get("type") in kinds]


def undo_allowed(rules, prev, cur, human) -> bool:
    """May the decision that led from ``prev`` to ``cur`` be taken back?

    ``human(p)`` says whether seat p is a person at this screen. True only when the same human
    decides in both states and nothing between them revealed anything.
    """
    if rules.is_over(cur):
        return False
    p = rules.to_move(cur)
    if p is None or not human(p) or rules.to_move(prev) != p:
        return False
    return not revealing(rules, cur.log.since(len(prev.log)))


def takeback_allowed(rules, states, steps: int, human) -> bool:
    """May the last ``steps`` decisions of ``states`` (a game's states, first to last) be taken back
    together? Each one by ``undo_allowed``: so all of them the same person's, within one turn, and
    none past a reveal. (A table asks for more than one when the later ones finished the first by
    themselves, e.g. a tile placed whole in one gesture; over the network the host checks them all.)"""
    if steps < 1 or len(states) <= steps:
        return False
    return all(undo_allowed(rules, states[-2 - k], states[-1 - k], human) for k in range(steps))
