"""The results scene: the count-up (and skipping it), the charts' data, the buttons, drawing at both sizes."""
import pygame
import pytest

from game.core.rng import Rng
from game.games import get_rules
from game.scenes.results import STEP_MS, ResultsScene, round_totals
from game.tools.headless import demo_seats, headless_app


class Sounds:
    """Stands in for the sound board and remembers what was played."""

    def __init__(self):
        self.played = []

    def play(self, name, volume=1.0):
        self.played.append(name)


@pytest.fixture
def app():
    a = headless_app((1280, 720))
    a._sound = Sounds()
    from game.scenes.select import SelectScene
    a.scenes.push(SelectScene(a))
    yield a
    pygame.quit()


def finished_game(game, players, seed=4):
    """Seats and every state of a game played to its end by random choices (fast)."""
    rules = get_rules(game)
    seats = demo_seats(rules, players, human_first=False)
    s = rules.new_game(list(seats), seed, {})
    history, rng = [s], Rng(seed)
    while not rules.is_over(s):
        acts = rules.legal_actions(s)
        s = rules.apply(s, acts[rng.below(len(acts))])
        history.append(s)
    return seats, history


def results(app, game="it_happens", players=3):
    seats, history = finished_game(game, players)
    sc = ResultsScene(app, game, seats, 4, {}, history[-1], history=history)
    app.scenes.push(sc)
    return sc


def key(app, k, mod=0):
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.frame(16)


def test_the_count_up_goes_line_by_line_and_stops(app):
    sc = results(app)
    assert sc.update(16) and sc.shown(0, 10) is not None and sc.shown(1, 10) is None
    frames = 1
    while sc.update(16):
        frames += 1
        assert frames < 1000
    lines = len(sc.sheets[0].lines)
    assert app.sound.played == ["tick"] * (lines + 1) + ["fanfare"]   # each line, the totals, the winner
    assert not sc.animating() and sc.revealed() and not sc.update(16)
    assert all(sc.shown(k, 7) == 7 for k in range(sc.steps))


def test_the_count_up_eases_each_number_up(app):
    sc = results(app)
    seen = []
    while sc.t < STEP_MS:
        sc.update(16)
        seen.append(sc.shown(0, 100))
    assert seen == sorted(seen) and seen[-1] == 100
    steps = [b - a for a, b in zip(seen, seen[1:])]
    assert steps[0] > steps[len(steps) // 2]        # fast at first, slower towards the end


@pytest.mark.parametrize("event", [
    dict(type=pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0),
    dict(type=pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1),
])
def test_a_key_or_a_click_skips_to_the_end(app, event):
    sc = results(app)
    app.frame(16)
    assert sc.animating()
    app.dispatch(pygame.event.Event(event.pop("type"), **event))
    assert not sc.animating() and sc.revealed() and app.scenes.top is sc
    assert not app.frame(16)
    assert app.sound.played == ["tick", "fanfare"]


def test_the_round_chart_holds_the_score_sheets_after_each_round(app):
    rules = get_rules("it_happens")
    seats, history = finished_game("it_happens", 4)
    opened = [s for before, s in zip(history, history[1:])
              if "round" in [ev["type"] for ev in s.log.since(len(before.log))]]
    points = round_totals(rules, history, history[-1])
    expect = [history[0]] + opened + [history[-1]]
    assert [label for label, _ in points] == ["Start"] + [str(i) for i in range(1, len(expect))]
    assert len(points) == rules.comps.rounds + 1
    for (_, totals), s in zip(points, expect):
        assert totals == [sh.total for sh in rules.score_sheets(s)]
    assert results(app, "it_happens", 4).rounds == points


def test_the_replay_button_opens_a_replay_of_this_game(app):
    sc = results(app)
    sc.skip_animation()
    key(app, pygame.K_RIGHT)
    assert sc.buttons[sc.focus].label == "Watch the replay"
    key(app, pygame.K_RETURN)
    play = app.scenes.top
    assert type(play).__name__ == "PlayScene" and play.replay and play.states == sc.history
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is sc


def test_buttons_by_mouse_and_keys(app):
    sc = results(app)
    sc.skip_animation()
    app.frame(16)
    key(app, pygame.K_LEFT)
    assert sc.buttons[sc.focus].label == "Menu"
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    key(app, pygame.K_TAB)
    assert sc.buttons[sc.focus].label == "Menu"
    again = sc.buttons[0].rect.center
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=again, button=1))
    play = app.scenes.top
    assert type(play).__name__ == "PlayScene" and not play.replay and play.seed != 4
    results(app)
    key(app, pygame.K_ESCAPE)                       # Esc leaves even during the count-up
    assert type(app.scenes.top).__name__ == "SelectScene" and len(app.scenes.stack) == 1


@pytest.mark.parametrize("game", ["it_happens", "micropolis", "antics"])
def test_every_game_draws_at_both_sizes(app, game):
    rules = get_rules(game)
    for players in (rules.min_players, rules.max_players):
        sc = results(app, game, players)
        for size in ((1280, 720), (1920, 1080)):
            app.theme.resize(size)
            surf = pygame.Surface(size)
            sc.t = 0.0
            sc.update(STEP_MS * 1.5)
            sc.draw(surf)                                  # mid-way
            sc.skip_animation()
            sc.draw(surf)
            colors = {surf.get_at((x, y))[:3] for x in range(0, size[0], 37) for y in range(0, size[1], 31)}
            assert len(colors) > 40
            assert all(surf.get_rect().contains(b.rect) for b in sc.buttons)
        app.scenes.pop()
    app.theme.resize((1280, 720))


def _drawn_texts(monkeypatch, draw) -> list[str]:
    """Every text the theme makes while ``draw`` runs."""
    from game.ui.theme import Theme
    texts, plain = [], Theme.text

    def spy(self, s, *a, **k):
        texts.append(s)
        return plain(self, s, *a, **k)
    monkeypatch.setattr(Theme, "text", spy)
    draw()
    return texts


@pytest.mark.parametrize("game", ["it_happens", "micropolis", "antics"])
def test_every_word_on_the_results_comes_from_the_catalog(app, monkeypatch, game):
    """In the pseudo-locale every catalog message is accented: a plain ASCII letter on the results
    (names aside) bypassed the catalog; records keep no words, so English comes back at once."""
    import re
    from game.core import i18n
    from game.core.rules import Seat
    seats, history = finished_game(game, get_rules(game).min_players)
    names = ["Ǻñ", "Ƀø", "Çý", "Đé"]
    seats = [Seat(names[i], s.color, s.kind) for i, s in enumerate(seats)]
    i18n.set_language("pseudo")
    try:
        sc = ResultsScene(app, game, seats, 4, {}, history[-1], history=history)
        sc.seats = [Seat(names[i], s.color, s.kind) if s.kind != "imaginary" else s for i, s in enumerate(sc.seats)]
        sc.skip_animation()
        texts = _drawn_texts(monkeypatch, lambda: sc.draw(pygame.Surface((1280, 720))))
        leaks = [t for t in texts if re.search(r"[A-Za-z]", t)]
        assert texts and not leaks
        assert not re.search(r"[A-Za-z]", sc.explain.replace("Ǻñ", "").replace("Ƀø", ""))
    finally:
        i18n.set_language("en")
    sc.draw(pygame.Surface((1280, 720)))
    assert "points" in sc.explain and sc.buttons[0].label == "Play again"


def test_the_winner_banner_counts_in_whole_sentences():
    from game.core.rules import ScoreSheet, Seat
    from game.scenes.results import explain_winners
    seats = [Seat("Ann", "red"), Seat("Bruno", "blue"), Seat("Cleo", "green")]
    one = [ScoreSheet(0, {"a": 1}), ScoreSheet(1, {"a": 0}), ScoreSheet(2, {"a": 0})]
    assert explain_winners(None, seats, one, [0]) == "Ann wins with 1 point."
    shared = [ScoreSheet(0, {"a": 7}), ScoreSheet(1, {"a": 7}), ScoreSheet(2, {"a": 7})]
    assert explain_winners(None, seats, shared, [0, 1, 2]).startswith("Shared victory: Ann, Bruno, and Cleo with 7 points")
    tie = [ScoreSheet(0, {"a": 7}, {"worm_count": 3}), ScoreSheet(1, {"a": 7}, {"worm_count": 2}),
           ScoreSheet(2, {"a": 7}, {"worm_count": 1})]
    assert (explain_winners(None, seats, tie, [0])
            == "Ann wins the tie at 7 points. Worm count: 3 against Bruno 2 and Cleo 1.")


def _segment_colours(monkeypatch, sc) -> dict[int, set]:
    """Scoring line k -> the fill colours its legend swatch and its bar segments were drawn in."""
    import collections

    from game.scenes import results as res
    seen: dict[int, set] = collections.defaultdict(set)
    plain = res.draw_segment

    def spy(surf, rect, k, th, *a, **kw):
        plain(surf, rect, k, th, *a, **kw)
        inside = rect.inflate(-2, -2)
        counts = collections.Counter(surf.get_at((x, y))[:3] for x in range(inside.x, inside.right)
                                     for y in range(inside.y, inside.bottom))
        seen[k].add(counts.most_common(1)[0][0])
    monkeypatch.setattr(res, "draw_segment", spy)
    sc.skip_animation()
    sc.draw(pygame.Surface((1280, 720)))
    return seen


@pytest.mark.parametrize("game", ["it_happens", "micropolis", "antics"])
def test_each_scoring_line_has_one_colour_in_the_legend_and_the_bars(app, monkeypatch, game):
    sc = results(app, game, 3)
    seen = _segment_colours(monkeypatch, sc)
    assert set(seen) == set(range(len(sc.lines)))
    assert all(len(colours) == 1 for colours in seen.values()), seen
    firsts = [next(iter(seen[k])) for k in range(len(sc.lines))]
    assert len(set(firsts)) == len(firsts)                 # no two lines alike


def test_green_leaves_are_green_and_worms_pink(app, monkeypatch):
    """The legend said "Green leaves" beside a blue swatch: a line named for a colour (or shown in
    one on the table) is drawn in it."""
    sc = results(app, "antics", 3)
    (r, g, b), = _segment_colours(monkeypatch, sc)[sc.lines.index("green_leaves")]
    assert g > r + 30 and g > b + 30
    app.scenes.pop()
    sc = results(app, "it_happens", 3)
    (r, g, b), = _segment_colours(monkeypatch, sc)[sc.lines.index("worms")]
    assert r > g + 60 and r > b + 40


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_every_antics_tie_break_row_names_its_level(app, monkeypatch, lang):
    """A tie-break label too long for its column in a longer language lost its level ("Plättchen auf
    Stufe."): the row then names the level alone, the rows standing in the order they decide."""
    from game.core import i18n
    seats, history = finished_game("antics", 3)
    i18n.set_language(lang)
    try:
        sc = ResultsScene(app, "antics", seats, 4, {}, history[-1], history=history)
        sc.skip_animation()
        texts = _drawn_texts(monkeypatch, lambda: sc.draw(pygame.Surface((1280, 720))))
        for level in range(1, 6):
            assert any(t.rstrip().endswith(f" {level}") and len(t) > 5 for t in texts), (lang, level)
        assert not any(t.endswith("Stufe.") for t in texts)
    finally:
        i18n.set_language("en")
