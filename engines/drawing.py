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
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, TypeVar, cast

from PIL import Image, ImageChops, ImageDraw, ImageFont

from engines.palette import PALETTE as PALETTE
from engines.palette import Colour as Colour
from engines.palette import colour_of as colour_of
from engines.png import BAND, ONCE, SHARED, Band, Banded, Squeeze, band, boxes
from engines.text import Lang, Text

PAPER: Colour = (250, 247, 240)
INK: Colour = (40, 36, 32)
FAINT: Colour = (160, 154, 146)
NEUTRAL: Colour = (222, 216, 204)
SEA: Colour = (196, 218, 232)

KEPT_TEXTS = 1024  # per font: every name, legend line and badge of a game, a few MB at most
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


def said(text: Text, langs: Sequence[Lang]) -> str:
    """A picture's words in the game's languages: «Карта Руси» in a Russian game, both joined
    by « · » in a bilingual one, Russian first."""
    return " · ".join(text.get(lang) for lang in langs)


def dated(turn: int, ru: str, en: str) -> Text:
    """A title saying what state the map shows: after the turn just resolved (the state's turn is
    the next one), or the game's start."""
    if turn > 1:
        return Text(f"{ru} после хода {turn - 1}", f"{en} after turn {turn - 1}")
    return Text(f"{ru} в начале игры", f"{en} at the start")


def dated_name(turn: int, stem: str) -> str:
    """A picture's file name with the turn its title says (`dated`): "map-turn-6" for the map after
    turn 6 (the state's turn is 7), "map-start" for the start: the post's turn, never the next."""
    return f"{stem}-turn-{turn - 1}" if turn > 1 else f"{stem}-start"


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
    colours exact) is kept as it is; one in any other mode is cut as its full colours. Each pixel's
    colour alone decides its entry, so a band cut on its own is that band of the whole picture cut."""
    if image.mode not in ("RGB", "P"):
        image = image.convert("RGB")
    if image.mode == "RGB" and colours is not None:
        return image.quantize(palette=colours, dither=Image.Dither.NONE)
    if image.mode == "RGB":
        return _octree(image)
    return image


def png(image: Image.Image, colours: Image.Image | None = None) -> bytes:
    """The picture as PNG bytes with no time or metadata in them: equal pictures, equal bytes."""
    return Banded.of(cut(image, colours)).png()


@dataclass(frozen=True)
class Base:
    """A picture others are drawn over (a map's layer that every reader shares): its pixels (the
    image's, and over it, where they lie, those of patches drawn since), the palette pictures of it
    are cut to, and it so cut and encoded."""

    image: Image.Image
    colours: Image.Image
    encoded: Banded
    patches: tuple[tuple[tuple[int, int], Image.Image], ...] = ()  # (left, top), pixels

    @classmethod
    def of(cls, image: Image.Image, colours: Image.Image, like: Base | None = None) -> Base:
        """`image` as a base; the bands it shares with `like` (the last turn's layer) are not
        encoded again, nor cut again where their pixels are `like`'s: a band cut on its own is
        that band of the whole picture cut (`cut`), and most of a map's bands are the same turn
        after turn (the whole cut is a quarter of drawing a Русь layer)."""
        if like is None or not like.cuts_like(image, colours):
            return cls(image, colours, Banded.of(cut(image, colours), like.encoded if like else None, SHARED))
        picture, differs = like.encoded.picture.copy(), ImageChops.difference(image, like.image)
        changed: dict[int, Band] = {}
        for n, box in enumerate(boxes(*image.size)):
            if differs.crop(box).getbbox() is not None:
                rows = cut(image.crop(box), colours)
                picture.paste(rows, box[:2])
                changed[n] = band(rows, SHARED)
        return cls(image, colours, like.encoded.with_bands(picture, changed))

    def cuts_like(self, image: Image.Image, colours: Image.Image) -> bool:
        """Whether `image` cut to `colours` is this base's cut but where their pixels differ: a
        full-colour picture of its size, over the same palette, and no patches drawn on it."""
        same = (self.image.size, self.image.mode) == (image.size, image.mode)
        return same and image.mode == "RGB" and self.colours is colours and not self.patches

    def crop(self, box: tuple[int, int, int, int]) -> Image.Image:
        """Its pixels in `box` (left, top, right, bottom)."""
        region = self.image.crop(box)
        for (left, top), patch in self.patches:
            region.paste(patch, (left - box[0], top - box[1]))
        return region

    def over(self, marks: Sequence[Mark]) -> Base:
        """This base with `marks` drawn over it, as a base of its own that shares its image: only
        the bands they touch are drawn, cut and encoded again."""
        picture = self.encoded.picture.copy()
        changed: dict[int, Band] = {}
        patches = list(self.patches)
        for top, left, patch, rows, bands in _redrawn(self, marks, SHARED):
            picture.paste(rows, (0, top))
            changed.update(bands)
            patches.append(((left, top), patch))
        return Base(self.image, self.colours, self.encoded.with_bands(picture, changed), tuple(patches))


@dataclass(frozen=True)
class Mark:
    """One drawing call kept for later: `ImageDraw`'s method, its arguments, and the box (left, top,
    right, bottom, the last two excluded) it may touch, its antialiasing included."""

    kind: str
    xy: Any
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    box: tuple[int, int, int, int]

    def draw(self, pen: ImageDraw.ImageDraw, left: int, top: int) -> None:
        """Draw it with the pen's origin at (left, top) of the picture."""
        getattr(pen, self.kind)(_moved(self.xy, left, top), *self.args, **self.kwargs)


class Pen(ImageDraw.ImageDraw):
    """A pen that draws nothing at once: it keeps its marks and the box each may touch (text by its
    measured box, shapes by their corners and line width), for `png_over` to draw them onto only the
    parts of a picture they touch. It knows text, lines, rectangles and ellipses, and refuses any
    other mark, which it could not place (draw those on the base)."""

    def __init__(self) -> None:
        super().__init__(Image.new("RGB", (1, 1)))
        self.draw = cast(Any, _Refused())  # what ImageDraw's other marks would draw with
        self.marks: list[Mark] = []

    def _keep(
        self, mark: tuple[str, Any, tuple[Any, ...], dict[str, Any]], flat: Sequence[float], spread: float
    ) -> None:
        xs, ys = flat[0::2], flat[1::2]
        low = (math.floor(min(xs) - spread) - 1, math.floor(min(ys) - spread) - 1)
        high = (math.ceil(max(xs) + spread) + 2, math.ceil(max(ys) + spread) + 2)
        self.marks.append(Mark(*mark, (*low, *high)))

    def _shape(self, kind: str, xy: Any, args: tuple[Any, ...], kwargs: dict[str, Any], width: float) -> None:
        flat = [v for point in xy for v in point] if isinstance(xy[0], Sequence) else list(xy)
        self._keep((kind, xy, args, kwargs), flat, width)

    def text(self, xy: tuple[float, float], text: Any, *args: Any, **kwargs: Any) -> None:
        measured = {k: v for k, v in kwargs.items() if k in _TEXTBBOX_WORDS}
        left, top, right, bottom = self.textbbox(xy, text, *args[1:9], **measured)
        self._keep(("text", xy, (text, *args), kwargs), (left, top, right, bottom, *xy), 1)

    def line(self, xy: Any, *args: Any, **kwargs: Any) -> None:
        self._shape("line", xy, args, kwargs, kwargs.get("width", args[1] if len(args) > 1 else 1))

    def rectangle(self, xy: Any, *args: Any, **kwargs: Any) -> None:
        self._shape("rectangle", xy, args, kwargs, 1)

    def rounded_rectangle(self, xy: Any, *args: Any, **kwargs: Any) -> None:
        self._shape("rounded_rectangle", xy, args, kwargs, 1)

    def ellipse(self, xy: Any, *args: Any, **kwargs: Any) -> None:
        self._shape("ellipse", xy, args, kwargs, 1)


class _Refused:
    def __getattr__(self, name: str) -> Any:
        raise TypeError(f"a Pen keeps only text, lines, rectangles and ellipses ({name}): draw on the base")


# what `ImageDraw.textbbox` takes of `text`'s words: its positional ones after `fill`, in this order
_TEXTBBOX_WORDS = ("font", "anchor", "spacing", "align", "direction", "features", "language", "stroke_width")


def _moved(xy: Any, left: int, top: int) -> Any:
    """Coordinates in any of `ImageDraw`'s forms (points, or x and y flat), with (left, top) as origin."""
    if isinstance(xy[0], Sequence):
        return [(x - left, y - top) for x, y in xy]
    return [v - (top if n % 2 else left) for n, v in enumerate(xy)]


def png_over(base: Base, marks: Sequence[Mark]) -> bytes:
    """`base` with `marks` drawn over it, in their order, as PNG bytes: the same bytes as drawing
    them on a copy of the whole base and encoding it, for a reader of the Русь map in 1.2 ms instead
    of 5."""
    changed: dict[int, Band] = {}
    for *_, bands in _redrawn(base, marks, ONCE):
        changed.update(bands)
    return base.encoded.png(changed)


def _redrawn(
    base: Base, marks: Sequence[Mark], squeeze: Squeeze
) -> Iterator[tuple[int, int, Image.Image, Image.Image, dict[int, Band]]]:
    """Only the bands of rows the marks touch, drawn, cut and deflated again: each run of them on a
    crop of the base just wide enough for its marks. For each run: its top and left, the crop drawn,
    its rows cut (the whole width), and its bands."""
    width, height = base.image.size
    for first, last, group in _runs(marks, height):
        top, bottom = first * BAND, min(last * BAND, height)
        left, right = max(0, min(m.box[0] for m in group)), min(width, max(m.box[2] for m in group))
        if left >= right:
            continue  # every mark of the run lies beside the picture
        patch = base.crop((left, top, right, bottom))
        pen = ImageDraw.Draw(patch)
        for mark in group:
            mark.draw(pen, left, top)
        rows = base.encoded.picture.crop((0, top, width, bottom))
        rows.paste(cut(patch, base.colours), (left, 0))
        bands = enumerate(boxes(width, bottom - top), start=first)
        yield top, left, patch, rows, {n: band(rows.crop(box), squeeze) for n, box in bands}


def _runs(marks: Sequence[Mark], height: int) -> list[tuple[int, int, list[Mark]]]:
    """The marks in runs of bands (first, last excluded) that no mark crosses, each in order."""
    spans = []
    for n, mark in enumerate(marks):
        top, bottom = max(mark.box[1], 0), min(mark.box[3], height)
        if top < bottom:
            spans.append((top // BAND, (bottom - 1) // BAND + 1, n))
    runs: list[tuple[int, int, list[int]]] = []
    for first, last, n in sorted(spans):
        if runs and first < runs[-1][1]:
            runs[-1] = (runs[-1][0], max(runs[-1][1], last), [*runs[-1][2], n])
        else:
            runs.append((first, last, [n]))
    return [(first, last, [marks[n] for n in sorted(group)]) for first, last, group in runs]
