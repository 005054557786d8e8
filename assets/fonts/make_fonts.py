"""Rebuild the bundled fallback fonts in this folder from their packages (see README.md).

Not run by the game or the tests: the fonts it writes are committed. To run it again (as root on
Debian, with fontTools, which is in the dev venv):

    apt-get install -y fonts-noto-core fonts-noto-cjk
    python -m pip download --no-deps manimgx-fonts==2026.9.26.post1 -d /tmp/fontdl
    python assets/fonts/make_fonts.py /tmp/fontdl/manimgx_fonts-2026.9.26.post1-py3-none-any.whl

The script fonts are the Bold weights because the game's primary font (pygame's freesansbold) is
bold: the Bold Noto faces sit next to it with the same stroke weight.
"""
from __future__ import annotations

import shutil
import sys
import tempfile
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
NOTO = Path("/usr/share/fonts/truetype/noto")
NOTO_CJK = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc")
CJK_FACE = 2  # Noto Sans CJK SC Bold in the collection
EMOJI_WEIGHT = 600

SCRIPT_FONTS = ["NotoSans-Bold.ttf", "NotoSansHebrew-Bold.ttf", "NotoSansArabic-Bold.ttf",
                "NotoSansDevanagari-Bold.ttf", "NotoSansThai-Bold.ttf"]


def _charset(encoding: str, leads, trails=range(0xA1, 0xFF)) -> set[str]:
    out = set()
    for a in leads:
        for b in trails:
            try:
                out.add(bytes([a, b]).decode(encoding))
            except UnicodeDecodeError:
                pass
    return out


def cjk_codepoints() -> set[int]:
    """GB2312 hanzi (6763, simplified Chinese) + JIS X 0208 level 1 kanji + Big5 level 1 hanzi
    (common traditional) + the 2350 Hangul syllables of KS X 1001, kana, bopomofo, compatibility
    jamo, CJK punctuation and the full-width forms."""
    chars = _charset("gb2312", range(0xB0, 0xF8))
    chars |= _charset("euc_jp", range(0xB0, 0xD0))
    chars |= _charset("big5", range(0xA4, 0xC7), list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF)))
    chars |= _charset("euc_kr", range(0xB0, 0xC9))
    cps = {ord(c) for c in chars}
    for lo, hi in ((0x3000, 0x3040), (0x3040, 0x3100), (0x3100, 0x3130), (0x3130, 0x3190),
                   (0x31F0, 0x3200), (0xFF00, 0xFFF0)):
        cps |= set(range(lo, hi))
    cps |= {0x00B7, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x2026, 0x200D}
    return cps


def make_cjk(out: Path) -> None:
    from fontTools import subset
    from fontTools.ttLib import TTCollection

    font = TTCollection(str(NOTO_CJK)).fonts[CJK_FACE]
    cps = cjk_codepoints() & set(font.getBestCmap())
    opts = subset.Options()
    opts.layout_features = ["locl", "ccmp", "liga", "kern", "palt", "halt", "vert"]
    opts.hinting = False
    opts.name_IDs = ["*"]
    opts.name_languages = ["*"]
    opts.notdef_outline = True
    sub = subset.Subsetter(opts)
    sub.populate(unicodes=cps)
    sub.subset(font)
    font.save(str(out))


def make_emoji(wheel: Path, out: Path) -> None:
    from fontTools.ttLib import TTFont
    from fontTools.varLib import instancer

    with tempfile.TemporaryDirectory() as tmp, zipfile.ZipFile(wheel) as z:
        src = z.extract("manimgx_fonts/NotoEmoji[wght].ttf", tmp)
        static = instancer.instantiateVariableFont(TTFont(src), {"wght": EMOJI_WEIGHT}, static=True)
        static.save(str(out))


def main(wheel: str) -> None:
    for name in SCRIPT_FONTS:
        shutil.copyfile(NOTO / name, HERE / name)
    make_cjk(HERE / "NotoSansCJKsc-Bold-subset.otf")
    make_emoji(Path(wheel), HERE / "NotoEmoji-SemiBold.ttf")
    for p in sorted(HERE.iterdir()):
        print(f"{p.stat().st_size:>10}  {p.name}")


if __name__ == "__main__":
    main(sys.argv[1])
