"""The It Happens.. table draws at every size and player count, and clicks become legal actions.

Rulings cited by number are in docs/rulings_it_happens.md."""
import re

import pygame
import pytest

from game.games.it_happens.rules import get_rules
from game.games.it_happens.state import Pass, Place, Reroll, Roll
from game.tools.headless import headless_app
from game.ui.views.base import ViewContext
from game.ui.tables.it_happens.view import View, item_words
from tests.games.it_happens.util import at_table, game, put, seats, with_die

R = get_rules()


@pytest.fixture(scope="module")
def app():
    return headless_app((1280, 720))


def colours(surf):
    return {surf.get_at((x, y))[:3] for x in range(0, surf.get_width(), 53) for y in range(0, surf.get_height(), 47)}


def ctx_for(s):
    p = R.to_move(s)
    return ViewContext(viewer=p, to_move=p, human_turn=True, legal=R.legal_actions(s))


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (2560, 1440)])
@pytest.mark.parametrize("n", [2, 5])
def test_table_draws_and_every_glowing_column_is_a_legal_place(app, size, n):
    surf = pygame.Surface(size)
    s = R.new_game(seats(n), 3, {})
    s = R.apply(s, R.legal_actions(s)[0])
    view = View(R, s.seats, app.theme.__class__(size))
    view.layout(surf.get_rect().inflate(-40, -40))
    ctx = ctx_for(s)
    view.draw(surf, s, ctx, (0, 0))
    assert len(colours(surf)) > 15
    places = [a for a in ctx.legal if isinstance(a, Place)]
    assert places
    for a in places:
        assert view.click(view.cols[(a.mound, a.column)].center, s, ctx) == a


def test_space_rolls_and_buttons_match_the_legal_actions(app):
    s = R.new_game(seats(2), 5, {})
    view = View(R, s.seats, app.theme)
    surf = pygame.Surface((1280, 720))
    view.layout(surf.get_rect())
    ctx = ctx_for(s)
    view.draw(surf, s, ctx, (0, 0))
    assert view.key(pygame.K_SPACE, s, ctx) in ctx.legal
    assert {b.action for b in view.buttons} == {a for a in ctx.legal if isinstance(a, Roll)}
    for b in view.buttons:
        assert view.click(b.rect.center, s, ctx) == b.action


def test_every_event_of_a_game_is_told_in_words(app):
    from game.core.rng import Rng
    s = R.new_game(seats(3), 9, {})
    rng = Rng(2)
    while not R.is_over(s):
        acts = R.legal_actions(s)
        s = R.apply(s, acts[rng.below(len(acts))])
    view = View(R, s.seats, app.theme)
    kinds = set()
    for ev in s.log.to_list():
        text = view.describe_event(ev, s)
        assert text and "None" not in text
        kinds.add(ev["type"])
    assert {"round", "roll", "place", "award"} <= kinds


def test_round_end_is_shown_mound_by_mound(app):
    from game.ai.bots import bot_move, make_bot
    s = R.new_game(seats(3), 4, {})
    view = View(R, s.seats, app.theme)
    bot = make_bot("medium", R, 1)
    while s.round == 1:
        before = len(s.log)
        s = R.apply(s, bot_move(bot, R, s, R.to_move(s)))
        view.on_events(s.log.since(before), s)
    assert len(view.awards) == 3 and view.update(10)
    surf = pygame.Surface((1920, 1080))
    view.layout(surf.get_rect())
    view.draw(surf, s, ViewContext(None, R.to_move(s), False), (0, 0))
    shown = view.award_view[0]
    assert shown != s.mounds                     # the finished round stays on the table meanwhile
    for _ in range(3):
        view.update(1200)
    assert not view.awards and view.award_view is None


# -- issue 7: texts, keys, worm supply, confirm placements -------------------------------------
BAD_WORDS = re.compile(r"[\[\]{}]|\bTrue\b|\bFalse\b|\bNone\b|\(s\)|\bM\d\d\b|\ba [aeiou]|\bA [AEIOU]|_")


def drawn(app, s, size=(1280, 720), confirm=False):
    view = View(R, s.seats, app.theme.__class__(size))
    view.confirm_placements = confirm
    surf = pygame.Surface(size)
    view.layout(surf.get_rect())
    ctx = ctx_for(s)
    view.draw(surf, s, ctx, (0, 0))
    return view, ctx, surf


def placing(n=2, seed=1, mounds=("M02", "M01", "M03"), color=None, value=4):
    """A fresh round on these mounds, the player to move holding a rolled die."""
    s = at_table(game(n, seed), mounds)
    return with_die(s, color or s.colors[s.turn], value)


def test_hint_and_keys_offer_pass_only_when_passing_is_allowed(app):
    s = placing(seed=3)
    others = frozenset(q for q in range(s.real) if q != s.turn)
    alone = s.copy()
    alone.skipped = others                    # nobody else can play: no pass (ruling 5)
    view, ctx, _ = drawn(app, alone)
    assert Reroll() in ctx.legal and Pass() not in ctx.legal
    # the keys are on the buttons' caps (the hint leaves them out: it must fit a hot-seat play bar)
    assert view.hint(alone, ctx) == "Place your 4 on a glowing column"      # (all seats human: hot seat)
    assert view.key(pygame.K_p, alone, ctx) is None
    assert [b.cap for b in view.buttons] == ["R"]
    view, ctx, _ = drawn(app, s)
    assert [b.cap for b in view.buttons] == ["R", "P"] and view.key(pygame.K_p, s, ctx) == Pass()
    broke = s.copy()
    broke.worms = (0,) * len(s.seats)
    view, ctx, _ = drawn(app, broke)
    assert view.hint(broke, ctx) == "Place your 4 on a glowing column"
    assert not view.buttons and view.key(pygame.K_r, broke, ctx) is None


def test_the_hint_names_the_mound_keys_when_one_person_plays_and_stays_short_in_a_hot_seat(app):
    from game.core.rules import Seat
    s = placing(n=3, seed=3)
    assert Reroll() in R.legal_actions(s) and Pass() in R.legal_actions(s)
    ctx = ctx_for(s)
    solo = View(R, [Seat(st.name, st.color, "human" if i == 0 else "medium") for i, st in enumerate(s.seats)],
                app.theme)
    assert solo.hint(s, ctx) == "Place your 4 on a glowing column (keys 1, 2, 3)"
    solo.confirm_placements = True
    assert solo.hint(s, ctx) == "Choose a glowing column for your 4 (keys 1, 2, 3), then confirm"
    hot = View(R, s.seats, app.theme)
    assert hot.hint(s, ctx) == "Place your 4 on a glowing column"
    hot.confirm_placements = True
    assert hot.hint(s, ctx) == "Choose a glowing column for your 4, then confirm"


def test_every_button_key_cap_is_the_key_that_takes_it(app):
    s = R.new_game(seats(2), 5, {})             # two colours to choose from
    view, ctx, _ = drawn(app, s)
    caps = {"Space": pygame.K_SPACE, "1": pygame.K_1, "2": pygame.K_2, "R": pygame.K_r, "P": pygame.K_p}
    assert [b.cap for b in view.buttons] == ["1", "2"]
    for b in view.buttons:
        assert view.key(caps[b.cap], s, ctx) == b.action
    assert view.hint(s, ctx) == "Choose a colour to roll: 1 yellow, 2 green"
    s = placing(n=3)
    view, ctx, _ = drawn(app, s)
    for i in range(3):                          # key i+1 is the mound whose card shows that cap
        a = view.key(pygame.K_1 + i, s, ctx)
        assert a.mound == i
        tip = view.hover(view.cols[(a.mound, a.column)].center, s, ctx)
        assert f"Mound {int(s.mounds[i][1:])}, column {a.column + 1} (key {i + 1})" in tip


def test_hover_tells_exactly_what_the_rules_then_give(app):
    from game.core.rng import Rng
    for n, seed in ((2, 4), (5, 6)):
        s = R.new_game(seats(n), seed, {})
        rng = Rng(seed)
        checked = 0
        while not R.is_over(s) and checked < 40:
            acts = R.legal_actions(s)
            places = [a for a in acts if isinstance(a, Place)]
            if places:
                view, ctx, _ = drawn(app, s)
                for a in places:
                    tip = view.hover(view.cols[(a.mound, a.column)].center, s, ctx)
                    ev = R.apply(s, a).log.since(len(s.log))[0]
                    owner = ev.get("owner", ev["player"])
                    who = "You" if owner == s.turn else s.seats[owner].name
                    gain = ev["gain"]
                    assert ("dig up a worm" in tip or "digs up a worm" in tip) == (gain == "worm"), tip
                    if gain and gain != "worm":
                        assert f"{who} find" in tip and item_words(gain) in tip, tip
                    if not gain:
                        assert " find" not in tip, tip
                    checked += 1
            s = R.apply(s, acts[rng.below(len(acts))])


def test_hover_never_promises_a_worm_from_an_empty_supply(app):
    s = put(placing(), 0, 0, 1, (1,))            # mound 0's next free column is a single worm space
    s.die_colors = ((("red",),) + s.die_colors[0][1:],) + s.die_colors[1:]
    target = Place(0, R.target(s, 0, s.turn))
    assert s.mound(0).columns[target.column][0] == "worm"
    view, ctx, _ = drawn(app, s)
    assert "You dig up a worm" in view.hover(view.cols[(0, target.column)].center, s, ctx)
    empty = s.copy()
    empty.worm_supply = 0
    view, ctx, _ = drawn(app, empty)
    tip = view.hover(view.cols[(0, target.column)].center, empty, ctx)
    assert "dig up" not in tip and "supply is empty" in tip
    assert R.apply(empty, target).log.since(len(empty.log))[0]["gain"] is None
    unlimited = empty.copy()
    unlimited.options = {"worm_supply_limited": False}
    view, ctx, _ = drawn(app, unlimited)
    assert "You dig up a worm" in view.hover(view.cols[(0, target.column)].center, unlimited, ctx)


def test_a_die_of_the_imaginary_colour_gives_its_tile_to_the_imaginary_player(app):
    s = at_table(game(2, 1), ("M01", "M02", "M03"))
    neutral = s.seats[s.neutral].name
    s = with_die(s, s.colors[s.neutral], 3)
    view, ctx, _ = drawn(app, s)
    tip = view.hover(view.cols[(0, 0)].center, s, ctx)      # M01 column 1 is a glove space
    assert f"{neutral} finds a glove" in tip and "You" not in tip
    assert view.hint(s, ctx).startswith(f"Place {neutral}'s 3")


def test_the_worm_supply_is_shown_near_the_mounds(app):
    s = placing(n=5)
    s.worm_supply = 7
    view, ctx, _ = drawn(app, s)
    badges = [(r, t) for r, t in view.hot if r.colliderect(view.mid)]
    assert badges
    r, text = badges[0]
    assert r.bottom <= view.players.top and view.hover(r.center, s, ctx) == "7 worms left in the supply."
    s.worm_supply = 0
    view, ctx, _ = drawn(app, s)
    header = view.hover((view.card_rects[0].centerx, view.card_rects[0].y + 10), s, ctx)
    assert "none left in the supply" in header


def test_confirm_placements_selects_first_and_places_on_the_second_pick(app):
    s = placing(n=3)
    view, ctx, surf = drawn(app, s, confirm=True)
    a, b = [x for x in ctx.legal if isinstance(x, Place)][:2]
    ca, cb = view.cols[(a.mound, a.column)].center, view.cols[(b.mound, b.column)].center
    before = surf.copy()
    assert view.click(ca, s, ctx) is None and view.pending == a
    view.draw(surf, s, ctx, (0, 0))
    assert any(surf.get_at((x, y)) != before.get_at((x, y))
               for x in range(view.cols[(a.mound, a.column)].left, view.cols[(a.mound, a.column)].right, 3)
               for y in range(view.cols[(a.mound, a.column)].top, view.cols[(a.mound, a.column)].bottom, 3))
    assert "click it again or press Enter" in view.hint(s, ctx)
    assert view.click(cb, s, ctx) is None and view.pending == b      # another column: moves the pick
    assert view.click(cb, s, ctx) == b and view.pending is None       # the same one again: placed
    assert view.key(pygame.K_1 + a.mound, s, ctx) is None
    assert view.key(pygame.K_RETURN, s, ctx) == a
    view.click(ca, s, ctx)
    assert view.click((1, 1), s, ctx) is None and view.pending is None  # elsewhere: cleared
    view.click(ca, s, ctx)
    assert view.cancel_pending() and not view.cancel_pending()
    view.click(ca, s, ctx)
    view.on_events([], s)
    assert view.pending is None
    view.click(ca, s, ctx)
    view.layout(view.rect)
    assert view.pending is None
    view.click(ca, s, ctx)
    other = s.copy()                            # any other state (undo, a move) drops the pick
    assert view.key(pygame.K_RETURN, other, ctx_for(other)) is None
    view.confirm_placements = False
    assert view.click(ca, s, ctx) == a


def test_log_hover_and_hint_words_are_plain_english(app):
    from game.core.rng import Rng
    for n, seed in ((2, 2), (5, 8)):
        s = R.new_game(seats(n), seed, {})
        rng = Rng(seed)
        k = 0
        while not R.is_over(s):
            acts = R.legal_actions(s)
            s = R.apply(s, acts[rng.below(len(acts))])
            k += 1
            if k % 23 == 0:
                view, ctx, _ = drawn(app, s)
                texts = [view.hint(s, ctx)] + [view.hover((x, y), s, ctx)
                                                for x in range(0, 1280, 31) for y in range(0, 720, 29)]
                for t in filter(None, texts):
                    assert not BAD_WORDS.search(t), t
        view = View(R, s.seats, app.theme)
        for ev in s.log.to_list():
            line = view.describe_event(ev, s)
            assert not BAD_WORDS.search(line), line
    base = {"type": "place", "player": 0, "color": "yellow", "mound": "M02", "column": 1, "space": 0, "value": 3}
    assert view.describe_event({**base, "gain": None}, s) == \
        "P0 places a 3 on mound 2, column 2: no worm is left in the supply."
    eyes = {**base, "column": 2, "space": 1, "gain": "eyeglasses"}
    assert view.describe_event(eyes, s).endswith("column 3 and finds a pair of eyeglasses.")
    assert item_words("map", 2) == "2 maps" and item_words("spyglass", 3) == "3 spyglasses"
    assert item_words("sneakers", 2) == "2 pairs of sneakers"


def test_text_is_readable_at_the_smallest_window(app):
    heights = []
    theme = app.theme.__class__((1280, 720))
    real = theme.text

    def text(*args, **kw):
        img = real(*args, **kw)
        heights.append(img.get_height())
        return img
    theme.text = text
    for n in (2, 5):
        s = placing(n=n)
        view = View(R, s.seats, theme)
        view.layout(pygame.Rect(16, 96, 976, 608))
        view.draw(pygame.Surface((1280, 720)), s, ctx_for(s), (0, 0))
    assert heights and min(heights) >= 14


def test_help_says_only_victory_point_tiles_are_face_down():
    from pathlib import Path
    text = Path(__file__).resolve().parents[2].joinpath("assets/help/it_happens.md").read_text()
    assert "Tiles won are kept face down" not in text
    assert "Worms and items are open" in text and "Queen and General tiles you win lie\n  face down" in text


def test_the_last_rounds_table_stays_in_sight_when_the_game_is_over():
    from game.tools.headless import advance_play, demo_seats, headless_app
    from game.scenes.play import PlayScene
    from game.games import get_rules
    app = headless_app((1280, 720))
    rules = get_rules("it_happens")
    play = PlayScene(app, "it_happens", demo_seats(rules, 3), 5, {})
    app.scenes.push(play)
    advance_play(play, 10**9, stop_on_human=False)
    assert rules.is_over(play.state)
    last_round = [ev for ev in play.state.log.to_list() if ev["type"] == "round"][-1]
    assert list(play.view.final_view[0]) == last_round["mounds"]
    play.draw(app.window)
    assert len(play.view.cols) == sum(len(rules.comps.mound_by_id[m].columns) for m in last_round["mounds"])
