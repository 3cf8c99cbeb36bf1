"""Pictures shared by every ruleset: PNG bytes band by band, marks drawn over an encoded layer that
re-encode only the rows they touch, and a font that keeps what it rendered, none of which may
change a pixel of what is drawn."""

from __future__ import annotations

import io
import zlib
from importlib import resources
from itertools import combinations

import pytest
from PIL import Image, ImageDraw, ImageFont

from engines import drawing, png
from engines.drawing import FAINT, INK, PAPER, Base, Pen, canvas, cut, font, palette, png_over
from tests.engines.helpers import colour_distance, contrast_with_black


def decoded(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()  # zlib checks the stream's Adler-32 here
    return image


def pixels(data: bytes) -> bytes:
    """What a PNG shows, whatever deflated it."""
    return decoded(data).convert("RGB").tobytes()


def base_picture(width: int = 300, height: int = 200) -> Image.Image:
    image, pen = canvas(width, height)
    pen.line([(0, 0), (width, height)], fill=FAINT, width=3)
    pen.ellipse((40, 40, 120, 120), fill=drawing.colour_of(0), outline=INK, width=2)
    pen.text((10, 150), "Киев · Kiev", fill=INK, font=font(14))
    return image


@pytest.mark.parametrize(("width", "height"), [(300, 200), (17, 1), (40, png.BAND), (40, 3 * png.BAND + 1)])
def test_a_palette_picture_decodes_to_its_own_pixels(width: int, height: int) -> None:
    indexed = cut(base_picture(width, height))
    again = decoded(png.Banded.of(indexed).png())
    assert again.mode == "P" and again.size == (width, height)
    assert again.convert("RGB").tobytes() == indexed.convert("RGB").tobytes()


def test_the_stream_checksum_is_the_whole_pictures() -> None:
    """The Adler-32 laid together from the bands' is the one of all rows (zlib refuses it otherwise)."""
    indexed = cut(base_picture(50, 5 * png.BAND + 7))
    data = png.Banded.of(indexed).png()
    rows = b"".join(b"\0" + indexed.tobytes()[y * 50 : (y + 1) * 50] for y in range(indexed.height))
    assert zlib.adler32(rows).to_bytes(4, "big") in data


MARKS = {
    "text": lambda pen: pen.text((150, 120), "Мценск", fill=INK, font=font(14), anchor="mm"),
    "halo": lambda pen: pen.text(
        (20, 70), "Тула", fill=INK, font=font(22, True), anchor="lm", stroke_width=3, stroke_fill=PAPER
    ),
    "text at the top": lambda pen: pen.text((5, 0), "Карта", fill=INK, font=font(22, True)),
    "line": lambda pen: pen.line([(0, 90), (299, 140)], fill=INK, width=4),
    "rectangle": lambda pen: pen.rectangle((100, 60, 200, 66), fill=INK),
    "rounded": lambda pen: pen.rounded_rectangle((10, 180, 60, 199), radius=4, fill=FAINT, outline=INK),
    "ellipse": lambda pen: pen.ellipse((250, 30, 280, 60), outline=INK, width=2),
}


@pytest.mark.parametrize("marks", [[mark] for mark in MARKS] + [list(MARKS)])
def test_marks_over_an_encoded_base_are_the_whole_picture_encoded(marks: list[str]) -> None:
    """Drawn on crops of the bands they touch, in their order, they give the pixels of drawing them
    on the whole picture."""
    picture = base_picture()
    base = Base.of(picture, palette(picture))
    pen = Pen()
    for mark in marks:
        MARKS[mark](pen)
    whole = picture.copy()
    for mark in marks:
        MARKS[mark](ImageDraw.Draw(whole))
    over = png_over(base, pen.marks)
    assert pixels(over) == pixels(drawing.png(whole, base.colours))
    assert pixels(over) != pixels(base.encoded.png())


def test_a_pen_refuses_a_mark_it_could_not_place() -> None:
    with pytest.raises(TypeError, match="keeps only text"):
        Pen().polygon([(0, 0), (10, 0), (5, 5)], fill=INK)


def test_a_kept_font_draws_what_a_fresh_one_draws() -> None:
    data = (resources.files("engines.fonts") / "DejaVuSans-Bold.ttf").read_bytes()
    fresh = ImageFont.truetype(io.BytesIO(data), 14)
    pictures = []
    for face in (fresh, font(14, True), font(14, True)):
        image = Image.new("RGB", (120, 30), PAPER)
        ImageDraw.Draw(image).text((60, 15), "Рязань", fill=INK, font=face, anchor="mm", stroke_width=3)
        pictures.append(image.tobytes())
    assert pictures[0] == pictures[1] == pictures[2]
    assert font(14, True).getbbox("Рязань") == fresh.getbbox("Рязань")


def test_a_base_drawn_over_is_the_whole_picture_drawn() -> None:
    """A base with marks over it serves as a base of its own: its pixels, its cut rows and its
    encoding are those of the drawing, and marks over it again are encoded as over the drawing."""
    picture = base_picture()
    base = Base.of(picture, palette(picture))
    pen = Pen()
    MARKS["halo"](pen)
    over = base.over(pen.marks)
    whole = picture.copy()
    MARKS["halo"](ImageDraw.Draw(whole))
    assert over.crop((0, 0, *whole.size)).tobytes() == whole.tobytes()
    assert pixels(over.encoded.png()) == pixels(drawing.png(whole, base.colours))
    again = Pen()
    MARKS["line"](again)
    MARKS["line"](ImageDraw.Draw(whole))
    assert pixels(png_over(over, again.marks)) == pixels(drawing.png(whole, base.colours))


@pytest.mark.parametrize("height", [200, 190, 230])
def test_bands_lent_by_a_like_picture_are_its_own_encoded(height: int) -> None:
    """The last turn's picture lends the bands both share; the bytes are those of encoding anew."""
    before = cut(base_picture())
    after_rgb = base_picture(300, height)
    MARKS["line"](ImageDraw.Draw(after_rgb))
    after = cut(after_rgb, palette(base_picture()))
    like = png.Banded.of(before)
    lent = png.Banded.of(after, like=like)
    assert lent.png() == png.Banded.of(after).png()
    assert any(a is b for a, b in zip(lent.bands, like.bands, strict=False)) is (height == 200)


@pytest.mark.parametrize("height", [200, 190, 3 * png.BAND + 1])
def test_a_base_like_the_last_cuts_again_only_the_bands_whose_pixels_changed(height: int) -> None:
    """The next turn's layer over the last: the same pixels and bytes as cutting it whole, the
    bands no mark touched lent by the last as they were."""
    colours = palette(base_picture())
    before = Base.of(base_picture(300, height), colours)
    after = base_picture(300, height)
    MARKS["line"](ImageDraw.Draw(after))  # rows 88–142: the third to the fifth band
    lent, fresh = Base.of(after, colours, like=before), Base.of(after, colours)
    assert lent.encoded.picture.tobytes() == fresh.encoded.picture.tobytes()
    assert lent.encoded.png() == fresh.encoded.png()
    shared = [a is b for a, b in zip(lent.encoded.bands, before.encoded.bands, strict=True)]
    touched = range(88 // png.BAND, min(142, height - 1) // png.BAND + 1)
    assert [n for n, kept in enumerate(shared) if not kept] == list(touched)
    other = palette(base_picture(), base_picture(50, 50))  # another palette: cut whole, the same bytes
    assert Base.of(after, other, like=before).encoded.png() == Base.of(after, other).encoded.png()


def test_the_first_six_powers_colours_never_look_alike_and_carry_black_names() -> None:
    """A game of up to six powers (mare, coins), any two of which may border: Римляне and
    Македоняне were orange and dark orange, 33 apart; a name is written in black on its colour."""
    six = [drawing.colour_of(n) for n in range(6)]
    assert min(colour_distance(a, b) for a, b in combinations(six, 2)) >= 35
    assert all(contrast_with_black(colour) >= 4.5 for colour in six)
    assert len({drawing.colour_of(n) for n in range(len(drawing.PALETTE))}) == len(drawing.PALETTE)
