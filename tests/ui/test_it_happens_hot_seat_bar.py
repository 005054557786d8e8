"""It Happens.. in a hot-seat game (several people at one screen, victory point tiles face down):
the play bar carries the "My tiles (hold V)" button too, and the prompt to the person now at the
screen still fits in it whole, at 1280x720 and in German, instead of spilling over the mound cards."""
import pygame
import pytest

from game.core import i18n
from game.core.rules import Seat
from game.games.it_happens.state import Pass, Place, Reroll
from game.tools.headless import headless_app
from game.ui.theme import Theme


class Spy(pygame.Surface):
    """A screen that remembers where each text image landed: (words, rect)."""

    def __init__(self, size, names):
        super().__init__(size)
        self.names, self.texts = names, []

    def blit(self, source, dest, area=None, special_flags=0):
        r = super().blit(source, dest, area, special_flags)
        if id(source) in self.names:
            self.texts.append((self.names[id(source)][0], r))
        return r


@pytest.fixture
def names(monkeypatch):
    names, plain = {}, Theme.text

    def text(self, s, *a, **k):
        img = plain(self, s, *a, **k)
        names[id(img)] = (s, img)
        return img
    monkeypatch.setattr(Theme, "text", text)
    return names


@pytest.fixture(params=["en", "de", "fr"])
def lang(request):
    before = i18n.language()
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language(before)


def hot_seat_with_a_die(app, n):
    """A hot-seat game of ``n`` people, the one at the screen holding a rolled die that may be
    placed, rerolled or passed."""
    from game.ai.bots import bot_move, make_bot
    from game.games import get_rules
    from game.scenes.play import PlayScene
    rules = get_rules("it_happens")
    names = ["Ann", "Bruno", "Chloé", "Dieter", "Eva"]
    play = PlayScene(app, "it_happens", [Seat(names[i], rules.seat_colors[i], "human") for i in range(n)], 3, {})
    play.autosave = lambda: None
    app.scenes.push(play)
    bot = make_bot("medium", rules, 5)
    for _ in range(200):
        legal = rules.legal_actions(play.state)
        if {Reroll(), Pass()} <= set(legal) and any(isinstance(a, Place) for a in legal):
            return play
        play.submit(bot_move(bot, rules, play.state, rules.to_move(play.state)))
    raise AssertionError("no placement with reroll and pass came up")


@pytest.mark.parametrize("confirm", [False, True])
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_the_hot_seat_prompt_fits_the_play_bar_at_1280x720(names, lang, n, confirm):
    app = headless_app((1280, 720))
    app.settings.set("confirm_placements", confirm)
    play = hot_seat_with_a_die(app, n)
    while play.view.update(100):
        pass
    ctx = play.context()
    assert play.private_info() and play.peek_btn in play._buttons()      # the hot-seat bar, with its extra button
    screen = Spy((1280, 720), names)
    play.draw(screen)
    hint = play.view.hint(play.state, ctx)
    assert hint
    rows = [(text, r) for text, r in screen.texts if len(text) > 3 and text in hint]
    assert " ".join(text for text, _r in rows) == hint, rows             # every word of it drawn...
    assert all(play.bar_rect.contains(r) for _text, r in rows), rows     # ...inside the bar, none over the table
    cards = [pygame.Rect(c.x, c.y, c.w, app.theme.px(70)) for c in play.view.card_rects]
    assert not [(t, r) for t, r in rows if any(r.colliderect(c) for c in cards)]
    pygame.quit()
