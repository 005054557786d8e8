"""Names in any script drawn as written: every run of a name in a bundled font that has its glyphs,
Hebrew and Arabic shaped right to left, a name and an English sentence on one baseline, plain text
exactly as pygame's default font draws it, and a plain answer for what no font can draw."""
from pathlib import Path

import pygame
import pytest

from game.ui import text as T
from game.ui import theme

ROOT = Path(__file__).resolve().parents[2]
FONTS = ROOT / "assets" / "fonts"
NAMES = ["שלום", "مرحبا", "李小龙", "Zoë 👨‍👩‍👧"]
PX = 24
INK = (40, 30, 20)


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield
    theme.clear_caches()


def _pixels(surf: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surf, "RGBA")


def _ink(surf: pygame.Surface) -> pygame.Surface:
    """The part of ``surf`` that has ink, for comparing drawings whatever their margins."""
    return surf.subsurface(surf.get_bounding_rect()).copy()


def _font_index(name: str) -> int:
    return 1 + [f for f, _ in T.FALLBACKS].index(name)


def _own_rendering(font_file: str, s: str, script: str, rtl: bool) -> pygame.Surface:
    f = pygame.font.Font(str(FONTS / font_file), T.primary_font(PX, False).point_size)
    f.set_script(script)
    f.set_direction(pygame.DIRECTION_RTL if rtl else pygame.DIRECTION_LTR)
    return f.render(s, True, INK)


@pytest.mark.parametrize("name", NAMES)
def test_names_are_drawable_and_every_run_has_its_glyphs(name):
    assert T.can_draw(name)
    assert T.missing_characters(name) == []
    runs = T.runs(name)
    assert runs and "".join(t for _, t, _ in runs).replace(" ", "") == name.replace(" ", "")
    for font, s, _ in runs:
        for c in s:
            assert c.isspace() or T.covers(font, c), (name, font, c)
    surf = theme._text(name, PX, False, INK)
    assert surf.get_bounding_rect().w > 0


@pytest.mark.parametrize("name", NAMES[:3])
def test_a_name_the_primary_font_cannot_draw_is_not_drawn_with_it(name):
    """The boxes pygame's default font draws today are gone: the rendering differs from it."""
    boxes = pygame.font.Font(None, int(PX * 1.35)).render(name, True, INK)
    assert _pixels(_ink(T.render(name, PX, False, INK))) != _pixels(_ink(boxes))


def test_the_fonts_each_script_is_drawn_with():
    assert T.runs("שלום") == [(_font_index("NotoSansHebrew-Bold.ttf"), "שלום", True)]
    assert T.runs("مرحبا") == [(_font_index("NotoSansArabic-Bold.ttf"), "مرحبا", True)]
    assert T.runs("李小龙") == [(_font_index("NotoSansCJKsc-Bold-subset.otf"), "李小龙", False)]
    emoji = _font_index("NotoEmoji-SemiBold.ttf")
    assert T.runs("Zoë 👨‍👩‍👧") == [(T.PRIMARY, "Zoë ", False), (emoji, "👨‍👩‍👧", False)]


@pytest.mark.parametrize("name, font_file, script", [("שלום", "NotoSansHebrew-Bold.ttf", "Hebr"),
                                                      ("مرحبا", "NotoSansArabic-Bold.ttf", "Arab")])
def test_hebrew_and_arabic_are_drawn_right_to_left(name, font_file, script):
    drawn = _pixels(_ink(T.render(name, PX, False, INK)))
    assert drawn == _pixels(_ink(_own_rendering(font_file, name, script, rtl=True)))
    assert drawn != _pixels(_ink(_own_rendering(font_file, name, script, rtl=False)))


def test_the_family_emoji_is_one_glyph():
    emoji = "NotoEmoji-SemiBold.ttf"
    family = _own_rendering(emoji, "👨‍👩‍👧", "Zyyy", False).get_width()
    man = _own_rendering(emoji, "👨", "Zyyy", False).get_width()
    assert family < 1.5 * man  # joined by HarfBuzz, not three figures side by side
    run = [s for f, s, _ in T.runs("Zoë 👨‍👩‍👧") if f == _font_index(emoji)][0]
    assert "\u200d" in run


@pytest.mark.parametrize("s", ["\U0010FFFD", "\U00010000", "Bob \U0010FFFD"])
def test_what_no_bundled_font_has_cannot_be_drawn(s):
    assert not T.can_draw(s)
    assert T.missing_characters(s) == [s[-1]]


def test_whitespace_joiners_and_selectors_need_no_glyph():
    assert T.can_draw("a\u200db\u200cc\ufe0f d\ufe0e\u00a0e\u2009")
    assert T.can_draw("Straße Öl Über école élève être à ça œuf « oui » – fin")


def test_german_and_french_stay_in_the_primary_font():
    assert T.is_plain("ß ä ö ü é è ê à ç œ « » – Ä Ö Ü É È Ê À Ç Œ")


def test_a_name_in_an_english_sentence_sits_on_its_baseline():
    line = "שלום rolls a yellow 2"
    heb = _font_index("NotoSansHebrew-Bold.ttf")
    assert T.runs(line) == [(heb, "שלום", True), (T.PRIMARY, " rolls a yellow 2", False)]
    surf = T.render(line, PX, False, INK)
    primary = T.primary_font(PX, False)
    assert surf.get_height() == primary.render("Red rolls", True, INK).get_height()  # as tall as English
    name_w = T.shaping_font(heb, PX, False, "Hebr", True).size("שלום")[0]
    rolls_w = primary.size(" rolls")[0]

    def ink_bottom(x0, x1):
        return surf.subsurface(pygame.Rect(x0, 0, x1 - x0, surf.get_height())).get_bounding_rect().bottom

    name_bottom, rolls_bottom = ink_bottom(0, name_w), ink_bottom(name_w, name_w + rolls_w)
    assert abs(name_bottom - rolls_bottom) <= 1
    assert rolls_bottom == primary.get_ascent() or abs(rolls_bottom - primary.get_ascent()) <= 1


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("s", ["Red-orange rolls a 6!", "", "Straße, Zoë, « çà »"])
def test_plain_text_is_pygame_default_fonts_own_rendering(s, bold):
    f = pygame.font.Font(None, int(PX * 1.35))
    f.set_bold(bold)
    ref = f.render(s, True, INK)
    for surf in (T.render(s, PX, bold, INK), theme._text(s, PX, bold, INK)):
        assert surf.get_size() == ref.get_size()
        assert _pixels(surf) == _pixels(ref)
    assert T.text_size(s, PX, bold) == ref.get_size()
    assert T.text_size(s, PX, bold)[0] == f.size(s)[0]


@pytest.mark.parametrize("s", NAMES + ["שלום rolls a yellow 2", "Red rolls"])
def test_text_size_is_the_size_drawn(s):
    th = theme.Theme((1920, 1080))
    assert T.text_size(s, PX, False) == T.render(s, PX, False, INK).get_size()
    assert th.text_size(s, "body") == th.text(s, "body").get_size()


def test_bidi_order_of_runs():
    # a right-to-left line keeps its numbers left to right, on the left of the Arabic
    assert [t for _, t, _ in T.runs("مرحبا 2024")] == ["2024", " ", "مرحبا"]
    # two Hebrew words read from the right as one run
    assert [t for _, t, _ in T.runs("a שלום עולם b")] == ["a ", "שלום עולם", " b"]
    assert T.bidi_levels("ab שלום") == [0, 0, 0, 1, 1, 1, 1]
    assert T.bidi_levels("שלום") == [1, 1, 1, 1]


def test_clear_caches_forgets_the_fonts():
    T.render("שלום rolls", PX, False, INK)
    assert T.shaping_font.cache_info().currsize > 0
    theme.clear_caches()
    assert T.shaping_font.cache_info().currsize == 0
    assert T.primary_font.cache_info().currsize == 0
    assert T.can_draw("李小龙")  # coverage is kept, and new fonts load after pygame comes back
    pygame.quit()
    pygame.init()
    theme.clear_caches()
    assert T.render("李小龙 和 😀", PX, False, INK).get_bounding_rect().w > 0


def test_the_bundled_fonts_are_licensed_and_small():
    files = sorted(p for p in FONTS.iterdir() if p.suffix in (".ttf", ".otf"))
    assert {p.name for p in files} == {f for f, _ in T.FALLBACKS}
    readme = (FONTS / "README.md").read_text(encoding="utf-8")
    for p in files:
        assert p.name in readme
    assert (FONTS / "OFL-Noto.txt").is_file() and (FONTS / "OFL-NotoSansCJK.txt").is_file()
    assert sum(p.stat().st_size for p in FONTS.iterdir()) < 12 * 1024 * 1024
    assert (FONTS / "NotoSansCJKsc-Bold-subset.otf").stat().st_size < 5 * 1024 * 1024
