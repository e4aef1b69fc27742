"""Draw the page's home-screen icons (fatekit/web/icons/*.png): a Fate die showing a plus, white
on the page's accent blue. Run it again only to change the drawing; the PNG files are kept in
the repository, so the server needs no image library.

Usage: python tools/page_icons.py
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

ICONS = Path(__file__).resolve().parent.parent / "fatekit" / "web" / "icons"
ACCENT = (31, 78, 140)  # --accent in fatekit/web/style.css
WHITE = (255, 255, 255)


def draw(size: int, die: float) -> Image.Image:
    """A ``size`` square icon whose die spans ``die`` of its width (a maskable icon keeps its
    drawing inside the middle 80%, which every launcher's mask leaves visible)."""
    scale = 4  # drawn larger, then shrunk: smooth edges
    big = size * scale
    image = Image.new("RGB", (big, big), ACCENT)
    pen = ImageDraw.Draw(image)
    side = big * die
    left = (big - side) / 2
    pen.rounded_rectangle((left, left, left + side, left + side), radius=side * 0.18, fill=WHITE)
    bar, arm = side * 0.14, side * 0.58
    middle = big / 2
    pen.rectangle(
        (middle - arm / 2, middle - bar / 2, middle + arm / 2, middle + bar / 2), fill=ACCENT
    )
    pen.rectangle(
        (middle - bar / 2, middle - arm / 2, middle + bar / 2, middle + arm / 2), fill=ACCENT
    )
    return image.resize((size, size), Image.Resampling.LANCZOS)


def main() -> None:
    ICONS.mkdir(parents=True, exist_ok=True)
    draw(192, 0.72).save(ICONS / "icon-192.png", optimize=True)
    draw(512, 0.72).save(ICONS / "icon-512.png", optimize=True)
    draw(512, 0.56).save(ICONS / "maskable-512.png", optimize=True)


if __name__ == "__main__":
    main()
