"""PNG bytes of a palette picture, compressed band by band so that a picture which differs from an
encoded one in a few rows costs only those rows.

A resolution draws one map per reader over one shared layer, and each reader's marks touch a few
rows: deflating the whole picture again (2.6 ms for the Русь map, Pillow's encoder 3.4 ms as it
also tries five row filters) would be most of a reader's cost. Each band of rows is deflated on its
own and ends on a full flush (byte-aligned, no reference to earlier bands), so the stream of a
picture is its bands' streams laid end to end: bands that did not change are reused as they are.
Rows are stored unfiltered, which is what libpng advises for palette pictures. Equal pictures drawn
the same way give equal bytes: nothing in the file depends on time or on which bands were reused.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, replace

from PIL import Image

BAND = 32  # rows deflated together: 32 keep the Русь map within 5% of deflating it whole
SIGNATURE = b"\x89PNG\r\n\x1a\n"
_HEADER = b"\x78\x5e"  # a zlib stream with a 32 KB window, level "fast"
_LAST = b"\x03\x00"  # an empty final block of fixed codes, closing the flushed bands
_ADLER_BASE = 65521


@dataclass(frozen=True)
class Squeeze:
    """How hard a band is deflated: zlib's level and strategy."""

    level: int
    strategy: int = zlib.Z_DEFAULT_STRATEGY


WHOLE = Squeeze(3)  # a picture sent once: zlib's fastest search, 2.6 times faster than level 6, +25%
SHARED = Squeeze(6)  # a band every reader's map repeats (the layer's): a fifth smaller, deflated once
ONCE = Squeeze(1, zlib.Z_RLE)  # a band one reader's marks touched: runs only, a quarter faster than
# level 3 and as small on a map (8% bigger on a chart)


@dataclass(frozen=True)
class Band:
    """Some rows, unfiltered and deflated on their own."""

    packed: bytes
    adler: int  # Adler-32 of the rows as stored (a filter byte, then the row's indices)
    size: int  # length of the rows as stored


def band(picture: Image.Image, squeeze: Squeeze = WHOLE) -> Band:
    """A palette picture (or a band cut out of one) as one band: each row after a 0 (no filter),
    laid out by Pillow rather than row by row here."""
    rows = Image.new("P", (picture.width + 1, picture.height))
    rows.paste(picture, (1, 0))  # indices as they are: a palette picture's paste maps no colour
    stored = rows.tobytes()
    # a fresh stream for each band: Z_RLE looks one byte back, which must not be the last band's;
    # a sync flush ends it byte-aligned as a full flush does, without clearing tables left unused
    squeezer = zlib.compressobj(squeeze.level, zlib.DEFLATED, -15, 8, squeeze.strategy)
    packed = squeezer.compress(stored) + squeezer.flush(zlib.Z_SYNC_FLUSH)
    return Band(packed, zlib.adler32(stored), len(stored))


@dataclass(frozen=True)
class Banded:
    """A palette picture encoded band by band: the picture, its size, its PLTE chunk's data and its bands."""

    picture: Image.Image
    width: int
    height: int
    palette: bytes
    bands: tuple[Band, ...]

    @classmethod
    def of(cls, picture: Image.Image, like: Banded | None = None, squeeze: Squeeze = WHOLE) -> Banded:
        """`picture` encoded; where its indices are those of `like` (the last turn's map, say), a
        band is `like`'s, not deflated again: a band is its indices' alone."""
        if picture.mode != "P":
            raise ValueError(f"a palette picture is banded, not one in mode {picture.mode}")
        colours = bytes(picture.getpalette() or [0, 0, 0])
        kept = like if like is not None and like.picture.size == picture.size else None
        bands = []
        for n, box in enumerate(boxes(picture.width, picture.height)):
            rows = picture.crop(box)
            if kept is not None and kept.picture.crop(box).tobytes() == rows.tobytes():
                bands.append(kept.bands[n])
            else:
                bands.append(band(rows, squeeze))
        return cls(picture, picture.width, picture.height, colours, tuple(bands))

    def with_bands(self, picture: Image.Image, changed: Mapping[int, Band]) -> Banded:
        """`picture`, which is this one but in the bands of `changed` (by index), encoded."""
        bands = tuple(changed.get(n, b) for n, b in enumerate(self.bands))
        return replace(self, picture=picture, bands=bands)

    def png(self, changed: Mapping[int, Band] | None = None) -> bytes:
        """The PNG file, with the bands of `changed` (by index) in place of this picture's."""
        bands = [changed.get(n, b) for n, b in enumerate(self.bands)] if changed else self.bands
        adler = 1
        for b in bands:
            adler = _adler_combine(adler, b.adler, b.size)
        stream = b"".join((_HEADER, *(b.packed for b in bands), _LAST, struct.pack(">I", adler)))
        head = struct.pack(">IIBBBBB", self.width, self.height, 8, 3, 0, 0, 0)  # 8-bit palette indices
        return b"".join(
            (
                SIGNATURE,
                _chunk(b"IHDR", head),
                _chunk(b"PLTE", self.palette),
                _chunk(b"IDAT", stream),
                _chunk(b"IEND", b""),
            )
        )


def boxes(width: int, height: int) -> list[tuple[int, int, int, int]]:
    """The bands of a picture of this size, top to bottom, as crop boxes."""
    return [(0, top, width, min(top + BAND, height)) for top in range(0, height, BAND)]


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _adler_combine(first: int, second: int, second_size: int) -> int:
    """Adler-32 of two byte strings laid end to end from theirs (zlib's adler32_combine)."""
    rem = second_size % _ADLER_BASE
    low = first & 0xFFFF
    high = (rem * low) % _ADLER_BASE
    low = (low + (second & 0xFFFF) + _ADLER_BASE - 1) % _ADLER_BASE
    high = (high + (first >> 16) + (second >> 16) + _ADLER_BASE - rem) % _ADLER_BASE
    return low | (high << 16)
