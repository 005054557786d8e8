"""Words and colours (issue 23): the Red army token and the scoring line that pays the largest army
have different names, one name per scoring line on the table and in the results, the expert total
of both anthills on the table, the winner named at game over; every colour named as its palette
shows it; player inks readable on the log; the Settings open over a game and come back to it."""
import colorsys
import re
from pathlib import Path

import pygame
import pytest

from game.core.rng import Rng
from game.core.rules import Seat
from game.games import get_rules
from game.games.micropolis import heuristics as MH
from game.scenes.results import ResultsScene, line_label
from game.tools.headless import headless_app
from game.ui import theme as T
from game.games.micropolis import scoring
from game.ui.tables.micropolis.view import LINE_LABELS, View, _line_help
from game.ui.theme import Theme
from game.ui.views.base import ViewContext
from game.ui.widgets import LogView

ROOT = Path(__file__).resolve().parents[2]
R = get_rules("micropolis")
COLORS = ["red", "blue", "green", "yellow", "purple", "orange"]
TABLE_720 = pygame.Rect(11, 65, 991, 644)      # the table the play scene gives the view at 1280x720


@pytest.fixture
def app():
    a = headless_app((1280, 720))
    from game.scenes.select import SelectScene
    a.scenes.push(SelectScene(a))
    yield a
    T.set_palette(True)                        # the palette is global: leave the default behind
    pygame.quit()                              # (conftest forgets the fonts that die with it)


@pytest.fixture(autouse=True)
def _default_palette():
    T.set_palette(True)
    yield
    T.set_palette(True)


# -- drawing with every text remembered ---------------------------------------------------------
class Spy(pygame.Surface):
    """A screen that remembers the words of every text blitted on it."""
    names: dict = {}

    def __init__(self, size):
        super().__init__(size)
        self.texts = []

    def blit(self, source, dest, area=None, special_flags=0):
        r = super().blit(source, dest, area, special_flags)
        if id(source) in Spy.names:
            self.texts.append(Spy.names[id(source)][0])
        return r


@pytest.fixture
def spy_text(monkeypatch):
    plain = Theme.text

    def text(self, s, *a, **k):
        img = plain(self, s, *a, **k)
        Spy.names[id(img)] = (s, img)           # the image is kept so its id is never reused
        return img
    monkeypatch.setattr(Theme, "text", text)


def play_out(n, expert=False, seed=3, moves=None):
    s = R.new_game([Seat(f"P{i}", COLORS[i]) for i in range(n)], seed, {"expert": expert})
    rng = Rng(seed)
    done = 0
    while not R.is_over(s) and (moves is None or done < moves):
        acts = R.legal_actions(s)
        s = R.apply(s, acts[rng.below(len(acts))])
        done += 1
    return s


def drawn(s, zoom=None):
    pygame.init()
    th = Theme((1280, 720))
    v = View(R, s.seats, th)
    v.layout(TABLE_720)
    v.zoom = zoom
    p = R.to_move(s)
    ctx = ViewContext(viewer=p, to_move=p, human_turn=p is not None,
                      legal=R.legal_actions(s) if p is not None else [], reveal_all=p is None)
    surf = Spy((1280, 720))
    v.draw(surf, s, ctx, (0, 0))
    return v, surf.texts


# -- 1. Micropolis words and totals ------------------------------------------------------------------
def test_the_token_and_the_scoring_line_have_different_names(spy_text):
    line = LINE_LABELS["red_army"]
    assert "red army" not in line.lower() and "token" not in line.lower()
    s = play_out(4, moves=60)
    v, texts = drawn(s)
    assert line in texts and "Red army" not in texts
    leader = s.leader
    assert "Red army token" in v._army_text(s, leader)
    assert "Red army token" not in v._army_text(s, next(i for i in range(len(s.anthills)) if i != leader))
    # the line's own words say the token plays no part in it
    assert "whoever holds the Red army token" in _line_help(s.consts)["red_army"]
    for ev in ({"type": "leader", "player": 1}, {"type": "choose_leader", "player": 0, "to": 1}):
        assert "Red army token" in v.describe_event(ev, s)


def test_one_name_for_each_scoring_line_on_the_table_the_results_and_the_hints(app, spy_text):
    s = play_out(3)
    v, texts = drawn(s)
    for label in LINE_LABELS.values():
        assert label in texts
    assert "Ants" not in texts and "Royal" not in texts
    seats = list(s.seats)
    sc = ResultsScene(app, "micropolis", seats, 3, {}, s)
    for key in sc.lines:
        assert line_label(key, sc.labels) == LINE_LABELS[key]
    sc.skip_animation()
    surf = Spy(app.window.get_size())
    sc.draw(surf)
    assert "Population" in surf.texts and "Largest army" in surf.texts and "Red army" not in surf.texts
    # the Hard AI's hint names the lines the same way
    for key, words in MH._LINE_WORDS.items():
        assert words == LINE_LABELS[key]
    # other games keep their own names
    assert line_label("level_2", {}) == "Tiles on level 2" and line_label("worms") == "Worms"


def test_the_rules_help_uses_the_same_words():
    text = (ROOT / "assets/help/micropolis.md").read_text(encoding="utf-8")
    scoring = text.split("## Scoring", 1)[1].split("## Special cases", 1)[0]
    for label in ("Population", "Colony", "Harvest", "Royal gallery", "Largest army", "Barracks"):
        assert f"**{label}**" in scoring
    assert "**Red army**" not in text and "**Ants**" not in text
    expert = text.split("### Expert mode", 1)[1].split("###", 1)[0]
    assert "add up" in expert
    # a picture of the token is never captioned as the thing that scores
    for caption in re.findall(r"!\[([^\]]*)\]\(picture:micropolis/red_army_token", text):
        assert "scores" not in caption


def test_the_expert_total_of_both_anthills_is_on_the_table(spy_text):
    s = play_out(2, expert=True, moves=70)
    assert not R.is_over(s)
    v, texts = drawn(s)
    sheets = R.score_sheets(s)
    for p, seat in enumerate(s.seats):
        parts = [sum(scoring.anthill_breakdown(s, ai).values()) for ai in s.anthills_of(p)]
        assert len(parts) == 2 and sum(parts) == sheets[p].total
        words = f"{seat.name} {parts[0]} + {parts[1]} = {sheets[p].total}"
        assert any(words in t for t in texts), words
    # up close too
    _, texts = drawn(s, zoom=1)
    owner = s.anthills[1].owner
    assert any(t.startswith(f"{s.seats[owner].name}'s two anthills add up") and t.endswith(f"= {sheets[owner].total}")
               for t in texts)
    # not in a normal game
    _, texts = drawn(play_out(2, moves=20))
    assert not any("add up" in t for t in texts)


@pytest.mark.parametrize("n, expert", [(4, False), (2, True)])
def test_the_winner_is_named_on_the_table_at_game_over(spy_text, n, expert):
    s = play_out(n, expert=expert)
    assert R.is_over(s)
    win = R.winners(s)
    names = [s.seats[w].name for w in win]
    v, texts = drawn(s)
    over = [t for t in texts if t.startswith("Game over:")]
    assert over and all(nm in over[0] for nm in names)
    assert f"{R.score_sheets(s)[win[0]].total} points" in over[0]
    words = v.describe_event({"type": "game_over"}, s)
    assert all(nm in words for nm in names)
    # before the end, no winner
    _, texts = drawn(play_out(n, expert=expert, moves=10))
    assert not any(t.startswith("Game over") for t in texts)


def test_the_play_bar_names_the_winner_before_see_results(app, spy_text):
    from game.scenes.play import PlayScene
    s = play_out(3)
    play = PlayScene(app, "micropolis", list(s.seats), 3, {}, states=[s])
    app.scenes.push(play)
    surf = Spy(app.window.get_size())
    play.draw(surf)
    name = s.seats[R.winners(s)[0]].name
    assert any(t.startswith("Game over: ") and name in t for t in surf.texts)
    assert play.results_btn in play._buttons()


# -- 2. colour names that match what is shown --------------------------------------------------------
def looks_like(name, rgb) -> bool:
    """Whether a colour of this ``rgb`` can fairly be called ``name``."""
    h, sat, val = colorsys.rgb_to_hsv(*(c / 255 for c in rgb))
    h *= 360
    if sat < 0.15:
        return {"White": val > 0.8, "Black": val < 0.25}.get(name, False)
    return {
        "Red": h < 12 or h >= 345,
        "Red-orange": 12 <= h < 29,
        "Orange": 29 <= h < 46,
        "Yellow": 46 <= h < 70,
        "Green": 80 <= h < 170,
        "Sky blue": 185 <= h < 215 and val > 0.85,
        "Blue": 195 <= h < 250 and val <= 0.85,
        "Purple": 260 <= h < 300,
        "Pink": 300 <= h < 345 and sat < 0.6,
    }.get(name, False)


@pytest.mark.parametrize("palette", sorted(T.PALETTES))
def test_every_swatch_name_matches_its_palette(palette):
    colors, names, _words = T.PALETTES[palette]
    assert set(names) == set(colors)
    assert len(set(names.values())) == len(names)          # no two swatches share a name
    for key, rgb in colors.items():
        assert looks_like(names[key], rgb), (palette, key, names[key], rgb)
    T.set_palette(palette == "safe")
    for key in colors:
        assert T.PLAYER_COLORS[key] == colors[key] and T.color_name(key) == names[key]


def test_the_default_palette_names_the_colour_blind_swatches():
    from game.ui.settings import SPEC
    assert SPEC["colorblind"][0] is True
    assert T.color_name("red") == "Red-orange" and T.color_name("purple") == "Pink"


@pytest.mark.parametrize("safe", [True, False])
def test_setup_names_each_swatch_as_shown(app, spy_text, safe):
    from game.scenes.setup import SetupScene
    T.set_palette(safe)
    sc = SetupScene(app, "micropolis")
    sc.kinds = ["human"] * len(sc.kinds)
    surf = Spy(app.window.get_size())
    sc.draw(surf)
    for c in sc.seat_colors:
        assert T.color_name(c) in surf.texts
    if safe:
        assert "Red" not in surf.texts and "Purple" not in surf.texts


def test_it_happens_names_its_dice_by_the_palette():
    from game.ui.tables import it_happens  # noqa: F401  (the table is registered)
    from game.ui.views.base import get_view
    rules = get_rules("it_happens")
    s = rules.new_game([Seat("Ann", "yellow"), Seat("Bea", "red")], 3, {})
    v = get_view("it_happens", rules, s.seats, Theme((1280, 720)))
    ev = {"type": "roll", "player": 1, "color": "red", "value": 4}
    assert "red-orange 4" in v.describe_event(ev, s)
    T.set_palette(False)
    assert "a red 4" in v.describe_event(ev, s)


def test_every_word_of_the_it_happens_and_micropolis_tables_comes_from_the_catalog():
    """In the pseudo-locale every catalog message is accented: a plain ASCII letter in a hint, a hover,
    a button, a move or a log line (the seats named without any) bypassed the catalog."""
    from game.core import i18n
    from game.core.rules import Seat as S
    import game.ui.tables  # noqa: F401
    from game.ui.views.base import get_view
    pygame.init()
    bad = []
    try:
        i18n.set_language("pseudo")
        for game, n, opts in (("it_happens", 2, {}), ("micropolis", 2, {"expert": True})):
            rules = get_rules(game)
            s = rules.new_game([S(nm, c) for nm, c in (("Åñçä", "yellow"), ("Ŵøø", "blue"))][:n], 4, opts)
            v = get_view(game, rules, s.seats, Theme((1280, 720)))
            v.layout(TABLE_720)
            rng, k = Rng(4), 0
            while not rules.is_over(s):
                p = rules.to_move(s)
                ctx = ViewContext(viewer=p, to_move=p, human_turn=True, legal=rules.legal_actions(s))
                v.draw(pygame.Surface((1280, 720)), s, ctx, (0, 0))
                texts = [v.hint(s, ctx), v.guide(s, ctx)] + [v.action_words(a, s) for a in ctx.legal]
                texts += [b.label for b in v.buttons] + [getattr(b, "hint", "") for b in v.buttons]
                if k % 9 == 0:
                    texts += [v.hover((x, y), s, ctx) for x in range(0, 1280, 37) for y in range(0, 720, 31)]
                bad += [t for t in texts if t and not i18n.is_pseudo_text(t)]
                s = rules.apply(s, ctx.legal[rng.below(len(ctx.legal))])
                k += 1
            bad += [t for t in (v.describe_event(ev, s) for ev in s.log.to_list()) if t and not i18n.is_pseudo_text(t)]
    finally:
        i18n.set_language("en")
    assert bad == []


# -- 3. readable log colours -------------------------------------------------------------------------
def log_backgrounds():
    """The log's paper over the darkest and the lightest table behind it, and a hovered line."""
    a = T.LOG_ALPHA / 255
    over = lambda under: tuple(round(p * a + u * (1 - a)) for p, u in zip(T.LOG_PAPER, under))  # noqa: E731
    return [over((0, 0, 0)), over(T.WOOD), over((255, 255, 255)), T.LOG_HOVER, T.PAPER]


@pytest.mark.parametrize("palette", sorted(T.PALETTES))
def test_every_seat_ink_reads_on_the_log(palette):
    colors = T.PALETTES[palette][0]
    for key, rgb in colors.items():
        ink = T.dark_ink(rgb)
        for bg in log_backgrounds():
            assert T.contrast(ink, bg) >= T.READABLE, (palette, key, ink, bg, round(T.contrast(ink, bg), 2))


def test_contrast_and_inks_are_sound():
    assert T.contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21)
    assert T.contrast((120, 120, 120), (120, 120, 120)) == pytest.approx(1)
    assert T.dark_ink((40, 40, 40)) == (40, 40, 40)            # dark enough already: kept
    g = T.dark_ink((0, 158, 115))                              # darkened, same hue
    assert g[1] < 158 and g[0] == 0 and abs(g[2] / g[1] - 115 / 158) < 0.03
    light = T.readable_ink((0, 114, 178), ((30, 20, 10),))     # on a dark ground it lightens
    assert T.contrast(light, (30, 20, 10)) >= T.READABLE and light[2] > 178


def test_the_log_draws_on_the_paper_the_inks_are_checked_against():
    pygame.init()
    th = Theme((1280, 720))
    surf = pygame.Surface((400, 300))
    surf.fill((0, 0, 0))
    log = LogView()
    log.set_lines([])
    log.draw(surf, pygame.Rect(0, 0, 400, 300), th)
    got = surf.get_at((200, 250))[:3]
    want = log_backgrounds()[0]
    assert all(abs(g - w) <= 2 for g, w in zip(got, want)), (got, want)


def test_play_log_lines_use_the_readable_inks(app):
    from game.scenes.play import PlayScene
    rules = get_rules("antics")
    seats = [Seat("Ann", "white", "human"), Seat("Bea", "black", "medium"), Seat("Cid", "sky", "medium")]
    play = PlayScene(app, "antics", seats, 5, {}, fast_ai=True)
    app.scenes.push(play)
    for _ in range(12):
        if not play.step_ai_now():
            acts = rules.legal_actions(play.state)
            play.submit(acts[0])
    inks = {color for _, color in play.log_lines}
    assert T.dark_ink(T.PLAYER_COLORS["white"]) in inks
    for ink in inks:
        for bg in log_backgrounds():
            assert T.contrast(ink, bg) >= T.READABLE


# -- 4. settings reachable during a game ---------------------------------------------------------------
def key(app, k, mod=0):
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.frame(16)


def test_settings_open_over_a_game_and_return_to_it_untouched(app):
    from game.scenes.play import PlayScene
    from game.scenes.settings import SettingsScene
    seats = [Seat("Ann", "red", "human"), Seat("Bea", "purple", "medium")]
    play = PlayScene(app, "micropolis", seats, 3, {})
    app.scenes.push(play)
    while R.to_move(play.state) == 0:
        play.submit(R.legal_actions(play.state)[0])
    assert play.step_ai_now()                # Bea takes a tile and is still to place it
    assert R.to_move(play.state) == 1
    app.frame(16)
    states, state, lines = list(play.states), play.state, [t for t, _ in play.log_lines]
    assert play.settings_btn in play._buttons()
    key(app, pygame.K_F2)
    settings = app.scenes.top
    assert isinstance(settings, SettingsScene)
    for _ in range(20):                      # the game waits: no AI move while the settings are open
        app.frame(500)
    assert play.states == states and play.state is state
    settings.change("colorblind", 1)         # to the classic palette
    assert T.PLAYER_COLORS["red"] == T.CLASSIC_COLORS["red"]
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is play
    assert play.states == states and play.state is state and [t for t, _ in play.log_lines] == lines
    bea = [c for (t, c), ev in zip(play.log_lines, play.log_events) if ev.get("player") == 1]
    assert bea and set(bea) == {T.dark_ink(T.CLASSIC_COLORS["purple"])}   # the new palette applies
    # the Settings button does the same as F2
    app.frame(16)
    play.draw(app.window)
    pygame.event.clear()
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=play.settings_btn.rect.center, button=1))
    assert isinstance(app.scenes.top, SettingsScene)
    key(app, pygame.K_RETURN)
    assert app.scenes.top is play and play.state is state


def test_a_new_size_from_the_settings_applies_to_the_game(app):
    from game.scenes.play import PlayScene
    seats = [Seat("Ann", "red", "human"), Seat("Bea", "blue", "human")]
    play = PlayScene(app, "micropolis", seats, 3, {})
    app.scenes.push(play)
    app.frame(16)
    bar_h = play.bar_rect.h
    key(app, pygame.K_F2)
    app.scenes.top.change("ui_scale", 1)     # 100 % -> 125 %
    key(app, pygame.K_ESCAPE)
    app.frame(16)
    assert app.scenes.top is play and play.bar_rect.h > bar_h
    app.theme.set_ui_scale(100)


def test_the_log_never_starts_with_the_tail_of_a_cut_line():
    """Found in the French It Happens.. table: the log's top row read "8, colonne 3 et trouve une paire
    de baskets.", the end of a line whose start had scrolled away. A line is shown whole or not at all."""
    pygame.init()
    th = Theme((1280, 720))
    surf = pygame.Surface((300, 200))
    log = LogView()
    long = "Ann places a 5 on mound 8, column 3 and finds a pair of trainers and a key and a bone."
    log.set_lines([(f"{k}: {long}", (0, 0, 0)) for k in range(12)])
    for scroll in range(6):
        log.scroll = scroll
        log.draw(surf, pygame.Rect(0, 0, 300, 200), th)
        rows = log._rows
        shown = [k for _box, k in log.row_boxes]
        assert len({k for _t, _c, k in rows if k == shown[0]}) == 1
        assert shown.count(shown[0]) == sum(1 for row in rows if row[2] == shown[0]) > 1, scroll
