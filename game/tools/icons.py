"""The application icon, drawn by our own code (the menu's ant), written as .png, .ico and .icns.

    python -m game.tools.icons OUT_FOLDER

build.spec calls ``write_icons`` at build time; the window sets the same picture at start-up
(``game.ui.sprites.common.ant_icon``). The .ico and .icns hold PNG images (both formats allow
it: Windows Vista and later, macOS 10.7 and later), so nothing but pygame is needed.
"""
from __future__ import annotations

import io
import struct
import sys
from pathlib import Path

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# icns element types holding PNG data, by pixel size
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09", 1024: b"ic10"}


def render_png(px: int) -> bytes:
    """The icon at ``px`` x ``px`` as PNG bytes."""
    from game.tools.headless import use_dummy_display
    use_dummy_display()
    import pygame
    from game.ui.sprites.common import ant_icon
    buf = io.BytesIO()
    pygame.image.save(ant_icon(px), buf, "icon.png")
    return buf.getvalue()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico whose images are PNGs (sizes up to 256)."""
    sizes = sorted(s for s in pngs if s <= 256)
    head = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    entries, blobs = b"", b""
    for s in sizes:
        data = pngs[s]
        dim = 0 if s == 256 else s          # 0 stands for 256
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset + len(blobs))
        blobs += data
    return head + entries + blobs


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns whose elements are PNGs."""
    body = b"".join(ICNS_TYPES[s] + struct.pack(">I", 8 + len(pngs[s])) + pngs[s]
                    for s in sorted(pngs) if s in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_icons(folder) -> dict[str, Path]:
    """anthology.png (512), anthology.ico and anthology.icns in ``folder``; their paths by kind."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    pngs = {s: render_png(s) for s in sorted(set(ICO_SIZES) | set(ICNS_TYPES))}
    out = {"png": folder / "anthology.png", "ico": folder / "anthology.ico", "icns": folder / "anthology.icns"}
    out["png"].write_bytes(pngs[512])
    out["ico"].write_bytes(ico_bytes(pngs))
    out["icns"].write_bytes(icns_bytes(pngs))
    return out


if __name__ == "__main__":
    for kind, path in write_icons(sys.argv[1] if len(sys.argv) > 1 else "build/icons").items():
        print(f"{kind}: {path} ({path.stat().st_size} bytes)")
