"""The game review: every decision of one player judged against Hard, the mistakes costliest first.

Pure (no pygame): a screen runs it in a worker or a thread, with ``progress`` and ``should_stop``.
Like the hint it never peeks: Hard chooses from the player's observation, and a decision is
valued on determinizations of that observation (never the true hidden order).

The value of an action in a decision is the mean, over ``WORLDS`` sampled worlds consistent with
what the player saw, of the game's heuristic evaluation for the player (their projected points
minus the best rival's) once the action is played and the rest of the player's turn is played
out by Medium. The played action and Hard's choice are valued in the same worlds with the same
random numbers, so luck cancels out of their difference: the cost, in points.

The same continuations tell what the better move gains (``gains``, ids and values, and the ``why``
line made from them): the scoring lines of the player's sheet that end the turn higher, the best
rival kept lower, a turn saved (Antics!: the food the player's ants carry home sooner), a tile on a
higher level of the hill (Antics!' tie-break), or else points that come later (the evaluation's
difference with nothing yet on the sheet).
"""
from __future__ import annotations

from dataclasses import dataclass

from game.ai.bots import heuristics_for, make_bot
from game.ai.hint import reason
from game.core.i18n import N_, _, format_number, ngettext
from game.core.rng import Rng
from game.core.words import seat_name

WORLDS = 4          # determinizations per decision
PLAYOUT = 40        # at most this many of the player's own decisions to finish the turn
MIN_COST = 0.05     # a smaller loss is the estimate's noise, not a mistake
MIN_GAIN = 0.5      # a scoring line, a level's tiles or a rival's points that differ by less tell nothing

# the scoring lines by the names the final scores give them (game/scenes/results.py LINE_WORDS, the
# Micropolis table's LINE_LABELS: the same messages), translated when the why is made
LINE_WORDS = {
    "item_sets": N_("Item sets"), "worms": N_("Worms"), "queens": N_("Queens"), "generals": N_("Generals"),
    "variety_bonus": N_("Variety bonus"),
    "prey": N_("Prey"), "fungus": N_("Fungus"), "green_leaves": N_("Green leaves"),
    "population": N_("Population"), "colony": N_("Colony"), "harvest": N_("Harvest"),
    "royal": N_("Royal gallery"), "red_army": N_("Largest army"), "barracks": N_("Barracks"),
}


@dataclass(frozen=True)
class Mistake:
    index: int          # the decision's position: states[index] is the state the player decided in
    played: object      # the action the player took
    better: object      # Hard's choice there
    cost: float         # estimated points lost against Hard's choice (>= 0)
    why: str            # one line (in the language chosen while reviewing): what ``better`` gains over
                        # ``played`` (why_words of ``gains``), then the hint's words on what it does
    gains: tuple = ()   # what ``better`` gains, as measured: (kind, key, amount) tuples, the most telling
                        # first (see measure_gains); ids and values, no words


def decisions_of(rules, states, player: int) -> list[tuple[int, object]]:
    """(index, action played) for each decision of ``player`` in a game's states (states[k+1]
    follows states[k] by one decision): the legal action whose apply gives the same new events.

    Raises ValueError when no legal action leads from one state to the next."""
    out = []
    for k in range(len(states) - 1):
        s, nxt = states[k], states[k + 1]
        if rules.is_over(s) or rules.to_move(s) != player:
            continue
        out.append((k, _played(rules, s, nxt, k)))
    return out


def _played(rules, s, nxt, k: int):
    size = len(s.log)
    want = nxt.log.since(size)
    legal = rules.legal_actions(s)
    guess = None
    if want:   # the record's own way: the first new event names the action
        try:
            guess = rules.action_from_event(s, want[0])
        except Exception:
            guess = None
    tried = [guess] if guess is not None and guess in legal else []
    for a in tried + [a for a in legal if a != guess]:
        if rules.apply_trusted(s, a).log.since(size) == want:
            return a
    raise ValueError(f"no legal action leads from state {k} to state {k + 1}")


def review(rules, states, player: int, seed: int, progress=None, should_stop=lambda: False,
           settings: dict | None = None, worlds: int = WORLDS, min_cost: float = MIN_COST) -> list[Mistake]:
    """Every decision of ``player`` judged against Hard (``make_bot("hard", rules, seed_k,
    timed=False)`` choosing from ``rules.observe(states[k], player)``); returns the mistakes (an
    estimated loss above ``min_cost`` points), costliest first.

    Seeded: the same game, player and seed give the same review. ``progress(done, total)`` after
    each decision (total: the player's decisions); stops early, returning the mistakes found so
    far, when ``should_stop()`` is true. ``settings`` (IsmctsBot keywords) override the game's
    Hard settings, e.g. fewer iterations for a quicker review."""
    decisions = decisions_of(rules, states, player)
    total = len(decisions)
    heur, medium = heuristics_for(rules), heuristics_for(rules, "medium")
    found: list[Mistake] = []
    for done, (k, played) in enumerate(decisions, 1):
        if should_stop():
            break
        s = states[k]
        if len(rules.legal_actions(s)) > 1:
            stream = Rng(seed).fork(k + 1)
            bot_seed = stream.next64() & 0xFFFFFFFF
            obs = rules.observe(s, player)
            better = _hard(rules, bot_seed, settings).choose(obs, player)
            if better != played:
                gap, pairs, starts = 0.0, [], []
                for w in range(worlds):
                    world = rules.determinize(obs, player, stream.fork(w + 1))
                    luck = stream.fork(1000 + w).next64()
                    good, t_good = _value(rules, heur, medium, world, player, better, luck)
                    bad, t_bad = _value(rules, heur, medium, world, player, played, luck)
                    gap += good - bad
                    pairs.append((t_good, t_bad))
                    starts.append(world)
                cost = max(0.0, gap / worlds)
                if cost > min_cost:
                    gains = measure_gains(rules, pairs, player, round(cost, 3), starts)
                    found.append(Mistake(k, played, better, round(cost, 3),
                                         why_line(gains, s.seats, reason(rules, obs, player, better, bot_seed)),
                                         gains))
        if progress is not None:
            progress(done, total)
    found.sort(key=lambda m: (-m.cost, m.index))
    return found


def _hard(rules, seed: int, settings: dict | None):
    if settings is None:
        return make_bot("hard", rules, seed, timed=False)
    from game.ai.ismcts import IsmctsBot
    from game.games import get_game
    return IsmctsBot(rules, seed, **{**get_game(rules.id).hard_settings, **settings})


def _value(rules, heur, medium, s, player: int, action, luck: int):
    """(the player's evaluation, the state) after ``action`` in world ``s`` and Medium's play to
    the end of the player's turn (chance after it comes from the world's own random numbers)."""
    rng = Rng(luck)
    t = rules.apply_trusted(s, action)
    for _step in range(PLAYOUT):
        if rules.is_over(t) or rules.to_move(t) != player:
            break
        acts = rules.legal_actions(t)
        if len(acts) > 1:
            vals = medium.score_actions(rules, t, player, rng)
            a = acts[max(range(len(acts)), key=vals.__getitem__)]
        else:
            a = acts[0]
        t = rules.apply_trusted(t, a)
    return heur.evaluate(rules, t, player), t


def _sheet(rules, s, player: int):
    return next(sh for sh in rules.score_sheets(s) if sh.player == player)


def measure_gains(rules, pairs, player: int, cost: float, starts=None) -> tuple:
    """What the better move gains over the move played, from ``pairs``: (the state after the
    better move's continuation, after the played one's) in each world, and ``starts``: each world
    before the move. (kind, key, amount) tuples, the most telling first, amounts the mean over the
    worlds (one decimal):

    - ("line", line id, points): a line of the player's score sheet that ends the turn higher;
    - ("rival", seat, points): the best rival (after the move played) ends the turn lower;
      these two by their points, the most first;
    - ("turns", None, turns): the food the player carried before the move is home sooner, in
      turns (the rules' ``turns_home(start, end, player)``, Antics!; a world where a game is over
      or some food has no way home counts none);
    - ("level", level, tiles): more tiles on a level of the hill (Antics!' tie-breaks ``level_N``),
      the highest such level only;
    - ("later", None, cost): always last: the points the evaluation sees coming in later turns.
    Each of the first four only when it differs by ``MIN_GAIN`` or more."""
    n = len(pairs)
    lines: dict[str, float] = {}
    ties: dict[str, float] = {}
    rivals: dict[int, float] = {}
    turns_home = getattr(rules, "turns_home", None)
    saved = 0.0
    if turns_home is not None and starts is not None:
        for start, (good, bad) in zip(starts, pairs):
            if rules.is_over(good) or rules.is_over(bad):
                continue
            t_good, t_bad = turns_home(start, good, player), turns_home(start, bad, player)
            if t_good is not None and t_bad is not None:
                saved += (t_bad - t_good) / n
    for good, bad in pairs:
        g, b = _sheet(rules, good, player), _sheet(rules, bad, player)
        for key in {**b.lines, **g.lines}:
            lines[key] = lines.get(key, 0.0) + (g.lines.get(key, 0) - b.lines.get(key, 0)) / n
        for key in {**b.tiebreak, **g.tiebreak}:
            ties[key] = ties.get(key, 0.0) + (g.tiebreak.get(key, 0) - b.tiebreak.get(key, 0)) / n
        g_all = {sh.player: sh.total for sh in rules.score_sheets(good)}
        b_all = {sh.player: sh.total for sh in rules.score_sheets(bad)}
        others = [q for q in b_all if q != player]
        if others:
            q = max(others, key=lambda q: (b_all[q], -q))        # the best rival after the move played
            rivals[q] = rivals.get(q, 0.0) + (b_all[q] - g_all.get(q, 0)) / n
    points = [("line", key, v) for key, v in lines.items() if v >= MIN_GAIN]
    points += [("rival", q, v) for q, v in rivals.items() if v >= MIN_GAIN]
    points.sort(key=lambda g: (-g[2], g[0], g[1]))
    out = [(kind, key, round(v, 1)) for kind, key, v in points]
    if saved >= MIN_GAIN:
        out.append(("turns", None, round(saved, 1)))
    levels = [(int(key[6:]), v) for key, v in ties.items() if key.startswith("level_") and key[6:].isdigit()]
    up = [(lvl, v) for lvl, v in sorted(levels, reverse=True) if v >= MIN_GAIN]
    if up:
        out.append(("level", up[0][0], round(up[0][1], 1)))
    out.append(("later", None, round(cost, 1)))
    return tuple(out)


def _count(n: float) -> int:
    """The number that picks a message's plural form for an amount shown with one decimal."""
    return int(n) if float(n).is_integer() else 2


def gain_words(gain, seats=None) -> str:
    """One sentence, in the chosen language, for one of ``measure_gains``' tuples."""
    kind, key, amount = gain
    n = format_number(amount)
    if kind == "line":
        line = _(LINE_WORDS[key]) if key in LINE_WORDS else str(key).replace("_", " ").capitalize()
        # i18n: the game review, on the better move; {n} points with one decimal ("2.5"), {line} a
        # scoring line of the final scores ("Prey", "Population")
        return ngettext("By the end of the turn it scores about {n} more point of {line} than the move played.",
                        "By the end of the turn it scores about {n} more points of {line} than the move played.",
                        _count(amount)).format(n=n, line=line)
    if kind == "level":
        # i18n: the game review, on the better move in Antics!; {n} tiles with one decimal ("1"),
        # {level} a level of the player's ant-hill (1, 2, 3)
        return ngettext("By the end of the turn it puts about {n} more tile on level {level} of your hill "
                        "than the move played.",
                        "By the end of the turn it puts about {n} more tiles on level {level} of your hill "
                        "than the move played.", _count(amount)).format(n=n, level=key)
    if kind == "turns":
        # i18n: the game review, on the better move in Antics!; {n} turns with one decimal ("1"): how much
        # sooner the prey and leaves the player's ants carried before the move can all be heaved home
        return ngettext("The food your ants were carrying can be home about {n} turn sooner than after the move "
                        "played.",
                        "The food your ants were carrying can be home about {n} turns sooner than after the move "
                        "played.", _count(amount)).format(n=n)
    if kind == "rival":
        # i18n: the game review, on the better move; {name} the best rival, {n} points with one decimal
        return ngettext("By the end of the turn it leaves {name} about {n} point lower than the move played.",
                        "By the end of the turn it leaves {name} about {n} points lower than the move played.",
                        _count(amount)).format(name=seat_name(seats, key), n=n)
    # i18n: the game review, on the better move when nothing shows on the score sheet yet; {n} points
    # with one decimal ("1.7")
    return ngettext("Its points come later: it leaves you about {n} point better placed for the turns to come "
                    "than the move played.",
                    "Its points come later: it leaves you about {n} points better placed for the turns to come "
                    "than the move played.", _count(amount)).format(n=n)


def why_line(gains, seats=None, what: str = "") -> str:
    """The review's why for a mistake: the most telling gain of the better move, then what the move
    does (the hint's words, ``what``) when there are any."""
    gain = gain_words(gains[0], seats) if gains else ""
    if not gain or not what:
        return gain or what
    # i18n: the game review's line on the better move: {gain} what it gains over the move played ("By
    # the end of the turn it scores about 2 more points of Prey than the move played."), {what} what it
    # does ("It builds Scout at level 3.")
    return _("{gain} {what}").format(gain=gain, what=what)



def quick_settings(game_id: str) -> dict:
    """The review's Hard: the game's settings with half the simulations, and the same settings at
    every table size (Antics!' longer horizon at three seats would make a whole game's review four
    times as long: 36 s of CPU against 9 s in a seeded game)."""
    from game.games import get_game
    quick = dict(get_game(game_id).hard_settings)
    quick["iterations"] = max(20, quick.get("iterations", 120) // 2)
    quick["by_seats"] = {}      # (the review's Hard takes these over the game's own: see _hard)
    return quick


def review_job(game_id: str, record: dict, player: int, seed: int, news, lang: str | None = None) -> None:
    """The review's process (or thread, game/scenes/review.py): replay the record, review
    ``player``'s decisions (Hard with half its simulations: the same costliest mistakes in the games
    tried, in half the time) and send ("progress", done, total) as it goes, then ("done",
    mistakes) or ("error", the exception's name). ``lang``: the window's language, chosen in a
    process of its own. Pure (no pygame), so the process starts quickly; in a process of its own it
    ends with its parent however the parent died (game/core/lifeline.py)."""
    from game.core.lifeline import watch_parent
    watch_parent()
    try:
        from game.core import i18n
        if lang and lang != i18n.language():
            i18n.set_language(lang)
        from game.core.record import record_from_dict, replay
        from game.games import get_rules
        rules = get_rules(game_id)
        states = replay(rules, record_from_dict(record, "review"))
        found = review(rules, states, player, seed, settings=quick_settings(game_id),
                       progress=lambda done, total: news.put(("progress", done, total)))
        news.put(("done", found))
    except Exception as e:   # a review must never take the table down
        news.put(("error", type(e).__name__))
