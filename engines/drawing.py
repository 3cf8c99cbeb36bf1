"""What every ruleset's pictures share: the font, the colours, a canvas and deterministic PNG bytes.

Pictures are drawn with Pillow into PNG: mail clients show a PNG attachment inline everywhere (SVG
is refused or shown as a file by Gmail, Outlook and most phone clients), and Pillow ships wheels
with FreeType, so nothing has to be installed beside pip (cairosvg needs the system's cairo).
The font is a subset of DejaVu Sans (Latin and Cyrillic, ~60 KB, its licence beside it) shipped
in the package, so a picture is the same byte for byte on every machine: a preview is what
players get, and a rebuilt mail is identical.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from importlib import resources
from typing import Any, TypeVar

from PIL import Image, ImageDraw, ImageFont

from engines.png import BAND, Banded, band, boxes

Colour = tuple[int, int, int]

PAPER: Colour = (250, 247, 240)
INK: Colour = (40, 36, 32)
FAINT: Colour = (160, 154, 146)
NEUTRAL: Colour = (222, 216, 204)
SEA: Colour = (196, 218, 232)

# Distinguishable on screen and for the common colour blindnesses (Okabe–Ito, then Tol's muted),
# light enough that black text on them stays readable.
PALETTE: tuple[Colour, ...] = (
    (230, 159, 0),
    (86, 180, 233),
    (0, 158, 115),
    (240, 228, 66),
    (204, 121, 167),
    (213, 94, 0),
    (0, 114, 178),
    (136, 204, 238),
    (68, 170, 153),
    (221, 204, 119),
    (204, 102, 119),
    (170, 68, 153),
    (153, 153, 51),
    (136, 34, 85),
    (51, 34, 136),
    (17, 119, 51),
)


KEPT_TEXTS = 4096  # per font: a few megabytes at most, and every name and legend line of a game
_T = TypeVar("_T")


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The shipped DejaVu Sans at `size` pixels."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    data = resources.files("engines.fonts").joinpath(name).read_bytes()
    return _KeptFont(io.BytesIO(data), size)


class _KeptFont(ImageFont.FreeTypeFont):
    """A font that keeps what it rendered and measured. A map draws the same names, legend lines and
    badges for every reader and every turn, and FreeType laying each out again was most of a
    resolution's drawing (a halo-outlined name: 0.3 ms, kept: 0.01 ms). A rendered text is the mask
    of its coverage, which no drawing changes; colour fonts' masks (mode "RGBA") are not kept."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._kept: dict[str, Any] = {}

    def _recall(self, key: str, make: Callable[[], _T]) -> _T:
        if key not in self._kept:
            if len(self._kept) >= KEPT_TEXTS:
                del self._kept[next(iter(self._kept))]  # the oldest: turn numbers come and go
            self._kept[key] = make()
        kept: _T = self._kept[key]
        return kept

    def getmask2(self, text: Any, mode: str = "", *args: Any, **kwargs: Any) -> Any:
        def made() -> Any:
            return super(_KeptFont, self).getmask2(text, mode, *args, **kwargs)

        return made() if mode == "RGBA" else self._recall(repr(("mask", text, mode, args, kwargs)), made)

    def getbbox(self, text: Any, *args: Any, **kwargs: Any) -> tuple[float, float, float, float]:
        return self._recall(
            repr(("box", text, args, kwargs)), lambda: super(_KeptFont, self).getbbox(text, *args, **kwargs)
        )


def colour_of(index: int) -> Colour:
    """The palette's colour for the `index`-th power (by its place in setup order)."""
    return PALETTE[index % len(PALETTE)]


def canvas(width: int, height: int, background: Colour = PAPER) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A new RGB picture and its pen."""
    image = Image.new("RGB", (width, height), background)
    return image, ImageDraw.Draw(image)


def text_width(text: str, size: int, bold: bool = False) -> int:
    left, _, right, _ = font(size, bold).getbbox(text)
    return int(right - left)


def palette(*sources: Image.Image) -> Image.Image:
    """The 256 colours (fast octree, no dithering) that best cover `sources` together, as a palette
    picture for `png`: flat maps and charts lose nothing visible. Cutting a picture to a palette
    made once is 5 times faster than making one per picture (1.6 ms against 8.3 ms for the Русь map)."""
    width, height = max(s.width for s in sources), sum(s.height for s in sources)
    sheet, _ = canvas(width, height)
    top = 0
    for source in sources:
        sheet.paste(source, (0, top))
        top += source.height
    colours = _octree(sheet)
    kept = Image.new("P", (1, 1))  # the colours without the sheet's pixels, to be kept cheaply
    kept.putpalette(colours.getpalette() or [])
    return kept


def _octree(image: Image.Image) -> Image.Image:
    return image.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def cut(image: Image.Image, colours: Image.Image | None = None) -> Image.Image:
    """A full-colour picture cut to 256 colours, each pixel to the nearest of `colours` (a
    `palette`), else to its own octree's: 2–3 times smaller than full colour (110 KB and 209 ms for an
    optimised full-colour Русь map). A picture already in palette mode (a ruleset that keeps its
    colours exact) is kept as it is. Each pixel's colour alone decides its entry, so a band cut on its
    own is that band of the whole picture cut."""
    if image.mode == "RGB" and colours is not None:
        return image.quantize(palette=colours, dither=Image.Dither.NONE)
    if image.mode == "RGB":
        return _octree(image)
    return image


def png(image: Image.Image, colours: Image.Image | None = None) -> bytes:
    """The picture as PNG bytes with no time or metadata in them: equal pictures, equal bytes."""
    return Banded.of(cut(image, colours)).png()


def png_over(
    base: Banded, image: Image.Image, colours: Image.Image, rows: Iterable[tuple[int, int]]
) -> bytes:
    """`image` as PNG bytes, where it is `base` (the same picture cut to `colours`) outside `rows`:
    only the bands those rows meet are cut and deflated again (a reader's map: 0.4 ms, not 4)."""
    every = boxes(base.width, base.height)
    last = base.height - 1
    touched = {n for top, bottom in rows for n in range(max(top, 0) // BAND, min(bottom, last) // BAND + 1)}
    return base.png({n: band(cut(image.crop(every[n]), colours)) for n in touched})


class Pen(ImageDraw.ImageDraw):
    """A pen that keeps the rows its marks may touch (text by its box, shapes by their corners and
    line width, with a pixel of antialiasing around), for `png_over`. It knows text, lines, rectangles
    and ellipses; a mark of another kind would be lost from the bytes, so draw those on the base."""

    def __init__(self, image: Image.Image) -> None:
        super().__init__(image)
        self.rows: list[tuple[int, int]] = []

    def _keep(self, ys: Sequence[float], spread: float) -> None:
        self.rows.append((math.floor(min(ys) - spread) - 1, math.ceil(max(ys) + spread) + 1))

    def _shape(self, xy: Any, width: float) -> None:
        flat = [v for point in xy for v in point] if isinstance(xy[0], Sequence) else list(xy)
        self._keep(flat[1::2], width)

    def text(self, xy: tuple[float, float], text: Any, *args: Any, **kwargs: Any) -> None:
        measured = {k: v for k, v in kwargs.items() if k in _TEXTBBOX_WORDS}
        _, top, _, bottom = self.textbbox(xy, text, *args[1:9], **measured)
        self._keep((top, bottom), 1)
        super().text(xy, text, *args, **kwargs)

    def line(self, xy: Any, *args: Any, **kwargs: Any) -> None:
        self._shape(xy, kwargs.get("width", args[1] if len(args) > 1 else 1))
        super().line(xy, *args, **kwargs)

    def rectangle(self, xy: Any, *args: Any, **kwargs: Any) -> None:
        self._shape(xy, 1)
        super().rectangle(xy, *args, **kwargs)

    def rounded_rectangle(self, xy: Any, *args: Any, **kwargs: Any) -> None:
        self._shape(xy, 1)
        super().rounded_rectangle(xy, *args, **kwargs)

    def ellipse(self, xy: Any, *args: Any, **kwargs: Any) -> None:
        self._shape(xy, 1)
        super().ellipse(xy, *args, **kwargs)


# what `ImageDraw.textbbox` takes of `text`'s words: its positional ones after `fill`, in this order
_TEXTBBOX_WORDS = ("font", "anchor", "spacing", "align", "direction", "features", "language", "stroke_width")
