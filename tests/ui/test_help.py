"""The rules help (F1): pages by topic, pictures drawn by our sprite code, keys, scrolling."""
from pathlib import Path

import pygame
import pytest

from game.ui import help_pictures as HP
from game.ui import theme as T
from game.core import i18n
from game.ui import help as H
from game.ui.help import LEGEND, TOPICS, HelpOverlay, parse_pages, picture_refs

ROOT = Path(__file__).resolve().parents[2]
GAMES = {"it_happens": "It Happens..", "micropolis": "Micropolis", "antics": "Antics!"}
SIZES = [(1280, 720), (1920, 1080)]


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    T.clear_caches()
    yield
    T.clear_caches()
    pygame.quit()


def text_of(game):
    return (ROOT / "assets" / "help" / f"{game}.md").read_text(encoding="utf-8")


def keydown(ov, key, mod=0):
    return ov.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))


def drawn(ov, size=(1280, 720)):
    surf = pygame.Surface(size)
    surf.fill((30, 30, 30))
    ov.draw(surf, T.Theme(size))
    return surf


# -- the files -------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_every_help_file_has_the_topics_in_order(game):
    title, pages = parse_pages(text_of(game))
    assert title == GAMES[game]
    assert [p.title for p in pages] == list(TOPICS)
    for p in pages:
        assert p.blocks, f"{game}: the {p.title} page is empty"


@pytest.mark.parametrize("game", GAMES)
def test_every_picture_reference_resolves(game):
    refs = picture_refs(text_of(game))
    assert refs
    bad = [r for r in refs if not r.startswith(HP.PREFIX) or not HP.exists(r[len(HP.PREFIX):])]
    assert not bad, f"{game}: unknown pictures {bad}"
    for r in refs:
        assert r[len(HP.PREFIX):].startswith(game + "/"), f"{game} shows another game's picture {r}"


@pytest.mark.parametrize("game", GAMES)
def test_every_page_has_several_pictures_and_the_legend_names_each_icon(game):
    _, pages = parse_pages(text_of(game))
    for p in pages:
        assert len(p.pictures()) >= 3, f"{game}: {p.title} needs more pictures"
    legend = pages[LEGEND]
    entries = [e for kind, payload in legend.blocks if kind == "legend" for e in payload]
    assert len(entries) >= 12
    for name, caption, words in entries:
        assert caption and len(words.split()) >= 3, f"{game}: legend entry {name} needs a name and a few words"


def test_pictures_come_from_the_sprite_code_at_any_size():
    for name in HP.names():
        for size in (20, 64):
            img = HP.picture(name, size)
            assert isinstance(img, pygame.Surface), name
            assert abs(img.get_height() - size) <= max(2, size // 6), (name, size, img.get_size())
            assert img.get_bounding_rect().w > 0, f"{name} draws nothing"
    assert HP.picture("it_happens/no_such_thing", 40) is None


def test_markdown_picture_lines_become_figure_rows_and_legend_cards():
    _, pages = parse_pages("# T\n## A\n![one](picture:it_happens/die_1)\n![two](picture:it_happens/worm)\n\n"
                           "![three](picture:it_happens/bone)\n"
                           '![Worm](picture:it_happens/worm "one point each")\n'
                           "Some **bold** text\ngoes on.\n")
    kinds = [k for k, _ in pages[0].blocks]
    assert kinds == ["figures", "gap", "figures", "legend", "body"]
    assert pages[0].blocks[0][1] == [("it_happens/die_1", "one"), ("it_happens/worm", "two")]
    assert pages[0].blocks[3][1] == [("it_happens/worm", "Worm", "one point each")]
    assert pages[0].blocks[4][1] == "Some **bold** text goes on."


def test_it_happens_help_keeps_what_is_hidden_and_what_is_open():
    text = text_of("it_happens")
    assert "Worms and items are open" in text and "Queen and General tiles you win lie\n  face down" in text


# -- the overlay ------------------------------------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", GAMES)
def test_overlay_draws_every_page_and_scrolls_to_the_end(game, size):
    ov = HelpOverlay(game, GAMES[game], page=0)
    th = T.Theme(size)
    surf = pygame.Surface(size)
    for i in range(len(ov.pages)):
        keydown(ov, pygame.K_1 + i)
        assert ov.page == i
        ov.draw(surf, th)
        keydown(ov, pygame.K_END)
        ov.draw(surf, th)
        assert ov.scroll == ov.max_scroll
    assert not ov.missing
    assert ov.rect.w <= size[0] and ov.rect.h <= size[1]
    assert surf.get_at(ov.rect.center)[:3] != (0, 0, 0)


def test_no_help_text_is_smaller_than_the_floor_at_1280x720():
    th = T.Theme((1280, 720))
    for name in ("tiny", "small", "body", "label", "title"):
        assert th.font(name).get_linesize() >= 14


def test_keys_switch_topics_and_close():
    ov = HelpOverlay("antics", "Antics!", page=0)
    drawn(ov)
    keydown(ov, pygame.K_RIGHT)
    assert ov.page == 1
    keydown(ov, pygame.K_LEFT)
    keydown(ov, pygame.K_LEFT)
    assert ov.page == 0
    keydown(ov, pygame.K_6)
    assert ov.page == 5 == LEGEND
    keydown(ov, pygame.K_RIGHT)
    assert ov.page == 5
    keydown(ov, pygame.K_KP3)
    assert ov.page == 2
    keydown(ov, pygame.K_TAB)
    assert ov.page == 3
    keydown(ov, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert ov.page == 2
    keydown(ov, pygame.K_9)               # no ninth topic: nothing happens
    assert ov.page == 2
    for k in (pygame.K_ESCAPE, pygame.K_F1):
        assert keydown(ov, k) == "close"


def test_help_reopens_on_the_topic_last_read():
    ov = HelpOverlay("micropolis", "Micropolis")
    keydown(ov, pygame.K_4)
    again = HelpOverlay("micropolis", "Micropolis")
    assert again.page == 3
    keydown(again, pygame.K_1)


def test_clicking_a_topic_opens_it_and_clicking_outside_closes():
    ov = HelpOverlay("it_happens", "It Happens..", page=0)
    drawn(ov)
    tab = ov.tabs[4]
    assert ov.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=tab.center)) is None
    assert ov.page == 4
    assert ov.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(2, 2))) == "close"


@pytest.mark.parametrize("game", GAMES)
def test_long_pages_scroll_with_keys_and_wheel_and_stop_at_the_ends(game):
    ov = HelpOverlay(game, GAMES[game], page=0)
    drawn(ov)
    keydown(ov, pygame.K_3)                # "A turn" is long in every game
    before = drawn(ov).copy()
    assert ov.max_scroll > 0
    keydown(ov, pygame.K_DOWN)
    assert ov.scroll > 0
    down = ov.scroll
    keydown(ov, pygame.K_PAGEDOWN)
    assert ov.scroll > down
    after = drawn(ov)
    assert pygame.image.tobytes(after, "RGB") != pygame.image.tobytes(before, "RGB")
    ov.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-50, flipped=False))
    assert ov.scroll == ov.max_scroll
    keydown(ov, pygame.K_PAGEUP)
    assert ov.scroll < ov.max_scroll
    ov.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=50, flipped=False))
    assert ov.scroll == 0
    keydown(ov, pygame.K_UP)
    assert ov.scroll == 0
    keydown(ov, pygame.K_END)
    keydown(ov, pygame.K_1)                # each topic keeps its own place
    assert ov.scroll == 0
    keydown(ov, pygame.K_3)
    assert ov.scroll == ov.max_scroll


def test_unknown_pictures_are_skipped_in_the_window():
    text = ("# T\n## Goal\n![a ghost](picture:it_happens/ghost)\n![a die](picture:it_happens/die_2)\n"
            '## Icon legend\n![Ghost](picture:nowhere/at_all "not drawn at all")\nWords.\n')
    ov = HelpOverlay("it_happens", "T", text=text, page=0)
    drawn(ov)
    keydown(ov, pygame.K_2)
    drawn(ov, (1920, 1080))
    assert ov.missing == {"it_happens/ghost", "nowhere/at_all"}


def test_a_file_without_topics_still_shows_one_page():
    ov = HelpOverlay("it_happens", "T", text="Just a line of words.", page=0)
    assert len(ov.pages) == 1
    drawn(ov)


# -- the help in other languages ------------------------------------------------------------------

def translated_docs():
    return sorted((p.parts[-3], p.stem) for p in (ROOT / "assets" / "locale").glob("*/help/*.md"))


@pytest.mark.parametrize("lang,game", translated_docs() or [pytest.param("de", "none", marks=pytest.mark.skip)])
def test_a_translated_help_has_the_same_pages_in_the_same_order(lang, game):
    """Pages are known by position: a translation keeps the six pages, in order, each showing the
    same pictures as the English page (its titles and words are its own)."""
    _, english = parse_pages(text_of(game))
    text = (ROOT / "assets" / "locale" / lang / "help" / f"{game}.md").read_text(encoding="utf-8")
    _, pages = parse_pages(text)
    assert len(pages) == len(TOPICS), [p.title for p in pages]
    for mine, theirs in zip(pages, english):
        assert mine.blocks, f"{lang}/{game}: the page {mine.title} is empty"
        assert sorted(mine.pictures()) == sorted(theirs.pictures()), f"{lang}/{game}: {mine.title}"
    legend = [e for kind, payload in pages[LEGEND].blocks if kind == "legend" for e in payload]
    assert all(caption and words for _n, caption, words in legend)


def test_the_help_is_read_in_the_chosen_language_else_in_english(tmp_path, monkeypatch):
    root = tmp_path
    (root / "assets" / "help").mkdir(parents=True)
    (root / "assets" / "help" / "antics.md").write_text("# Antics!\n## Goal\nEnglish words.\n", encoding="utf-8")
    (root / "assets" / "locale" / "de" / "help").mkdir(parents=True)
    (root / "assets" / "locale" / "de" / "help" / "antics.md").write_text(
        "# Antics!\n## Ziel\nDeutsche Worte.\n", encoding="utf-8")
    monkeypatch.setattr(H, "resource_path", lambda *parts: root.joinpath(*parts))
    monkeypatch.setattr(i18n, "available_languages", lambda: dict(i18n.LANGUAGES))
    try:
        i18n.set_language("de")
        assert "Deutsche Worte" in H.load_help("antics")
        ov = HelpOverlay("antics", "Antics!", page=0)
        assert ov.topics() == ["Ziel"]
        i18n.set_language("fr")                               # no French document: the English one
        assert "English words" in H.load_help("antics")
        assert "not available" not in H.load_help("antics")
        i18n.set_language("en")
        assert "English words" in H.load_help("antics")
        assert "not available" in H.load_help("micropolis")
    finally:
        i18n.set_language("en")


def test_the_help_in_the_pseudo_locale_keeps_its_pages_and_pictures():
    try:
        i18n.set_language("pseudo")
        for game in GAMES:
            text = H.load_help(game)
            _, pages = parse_pages(text)
            _, english = parse_pages(text_of(game))
            assert len(pages) == len(english) == len(TOPICS)
            assert picture_refs(text) == picture_refs(text_of(game))
            assert all(i18n.is_pseudo_text(p.title) for p in pages)
            ov = HelpOverlay(game, GAMES[game], page=LEGEND)
            drawn(ov)
            assert not ov.missing
    finally:
        i18n.set_language("en")
