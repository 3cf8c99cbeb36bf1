"""Charset names seen in the wild, and decoding of bytes whose label is missing or wrong.

Russian mail still arrives from clients that write `win-1251` or `koi8`, label cp1251 bytes as
latin-1, or declare nothing at all. Python (and so both the stdlib email package and mail-parser)
then raises or returns mojibake, so every byte-to-text step of the MIME layer goes through here.
A declared charset is trusted before any guess: one stray byte it lacks (a 0x98 in windows-1251,
a GBK character in a mail labelled gb2312) is replaced, and the text is read in that charset.
"""

from __future__ import annotations

import codecs
import re
from typing import NamedTuple

import charset_normalizer

# Where a label is missing or wrong, the bytes are almost always one of these.
GUESSES = ("utf-8", "cp1251", "koi8-r")

# The codec name of labels that say nothing about the bytes: decoding with it guesses.
GUESSING = "x-user-defined"

# Labels Python does not know, keyed by their letters and digits only.
_ALIASES = {
    "win1251": "cp1251",
    "windows1251": "cp1251",
    "xcp1251": "cp1251",
    "cp1251": "cp1251",
    "koi8": "koi8-r",
    "koi8r": "koi8-r",
    "xkoi8r": "koi8-r",
    "koi8u": "koi8-u",
    "ansix341968": "ascii",
    "usascii": "ascii",
    "utf8": "utf-8",
    "xunknown": "",
    "unknown8bit": "",
    "xuserdefined": "",
}

# Russian letters from most to least frequent: the mean rank of a text's letters tells real Russian
# from a cp1251/koi8-r mix-up, which charset-normalizer scores as a tie on short texts.
_FREQUENCY = "оеаинтсрвлкмдпуяыьгзбчйхжшюцщэфъ"
_RANK = {letter: rank for rank, letter in enumerate(_FREQUENCY)}
_NEUTRAL_RANK = len(_FREQUENCY) / 2
# How much better (in mean rank) a guess must read before it overrules a declared charset.
_DECLARED_BONUS = 3.0

_NON_ALNUM = re.compile(r"[^a-z0-9]")
# Labels clients write for the bytes of a larger charset of their family, decoded as that one (as
# the WHATWG Encoding Standard has browsers do): a Chinese client labels GBK text gb2312.
_SUPERSETS = {"gb2312": "gb18030", "gbk": "gb18030"}
# Of the bytes beyond ASCII, how many in one may be undecodable for the declared charset to hold:
# one stray byte is a slip; a byte in every word is another charset.
_STRAY_SHARE = 20
_ASCII = bytes(range(128))
_ESCAPED = re.compile("[\udc80-\udcff]")  # an undecodable byte, as surrogateescape keeps it
REPLACEMENT = "\ufffd"


class Decoded(NamedTuple):
    text: str
    problem: str  # "" when the label held
    replaced: int  # undecodable bytes replaced by REPLACEMENT, the declared charset kept


def canonical(label: str | None) -> str | None:
    """Python's name for a text codec labelled `label`, or None when the label names none."""
    if not label:
        return None
    try:
        info = codecs.lookup(label.strip())
    except (LookupError, ValueError):
        return None
    # base64, zlib and rot13 are codecs too, but not charsets: bytes.decode refuses them.
    if not getattr(info, "_is_text_encoding", True):
        return None
    return _SUPERSETS.get(info.name, info.name)


def _search(name: str) -> codecs.CodecInfo | None:
    """Codec search function: resolve the aliases above; x-user-defined and friends guess."""
    key = _NON_ALNUM.sub("", name.lower())
    if key not in _ALIASES:
        return None
    if _ALIASES[key]:
        return codecs.lookup(_ALIASES[key])
    return codecs.CodecInfo(
        name=GUESSING,
        encode=codecs.lookup("cp1251").encode,
        decode=lambda data, errors="strict": (guess(bytes(data))[0], len(data)),
    )


_registered = False


def register() -> None:
    """Teach the codec registry the aliases; safe to call any number of times."""
    global _registered
    if not _registered:
        codecs.register(_search)
        _registered = True


def _rank(text: str) -> float:
    """Mean frequency rank of the Russian letters in `text`; lower reads more like Russian."""
    ranks = [_RANK[c] for c in text.lower().replace("ё", "е") if c in _RANK]
    return sum(ranks) / len(ranks) if ranks else _NEUTRAL_RANK


def guess(data: bytes, declared: str | None = None) -> tuple[str, str]:
    """Decode `data` as the likeliest of `declared` and GUESSES; returns (text, codec name).

    charset-normalizer rules out the codecs that cannot decode the bytes and scores the mess of
    the others; among equal mess the Russian letter frequency decides, with a bonus for the
    charset the sender declared.
    """
    candidates = list(dict.fromkeys([declared, *GUESSES] if declared else GUESSES))
    scored = []
    for match in charset_normalizer.from_bytes(data, cp_isolation=candidates):
        codec = canonical(match.encoding)
        if codec in candidates:
            bonus = _DECLARED_BONUS if codec == declared else 0.0
            scored.append((round(match.chaos, 2), _rank(str(match)) - bonus, candidates.index(codec), codec))
    codec = min(scored)[3] if scored else declared or "utf-8"  # none scored: the label, if any
    return data.decode(codec, "replace"), codec


def _strict(data: bytes, codec: str | None) -> str | None:
    """`data` decoded as `codec`, or None when it fails or yields lone surrogates."""
    if codec is None:
        return None
    try:
        text = data.decode(codec)
        text.encode("utf-8")
    except UnicodeError:
        return None
    return text


def decode(data: bytes, label: str | None) -> tuple[str, str]:
    """Decode `data` declared as `label`; returns (text, problem), problem "" when the label held
    (see `decoded`)."""
    text, problem, _ = decoded(data, label)
    return text, problem


def decoded(data: bytes, label: str | None) -> Decoded:
    """Decode `data` declared as `label`.

    The declared charset is kept unless the bytes are clearly not in it: more than a stray one
    in `_STRAY_SHARE` it cannot decode (those few are replaced), or a guess that reads clearly
    better, as cp1251 labelled latin-1 does: latin-1 decodes any byte, so only the result shows
    it is wrong.
    """
    declared = canonical(label)
    if declared == GUESSING:
        declared = None
    text = _strict(data, declared)
    if text is not None and (data.isascii() or declared == "utf-8"):
        return Decoded(text, "", 0)
    if declared is None and data.isascii():
        return Decoded(data.decode("ascii"), "", 0)
    if text is None and declared is not None:
        kept, replaced = _ESCAPED.subn(REPLACEMENT, data.decode(declared, "surrogateescape"))
        if replaced <= max(1, len(data.translate(None, _ASCII)) // _STRAY_SHARE):
            return Decoded(kept, f"undecodable bytes of {label!r} replaced: {replaced}", replaced)
    guessed, codec = guess(data, declared if text is not None else None)
    if codec == declared:
        return Decoded(guessed, "", 0)
    if not label:
        return Decoded(guessed, f"undeclared charset guessed as {codec}", 0)
    if declared is None:
        return Decoded(guessed, f"unknown charset {label!r} guessed as {codec}", 0)
    if text is None:
        return Decoded(guessed, f"bytes are not {label!r}, guessed as {codec}", 0)
    return Decoded(guessed, f"declared charset {label!r} looks wrong, guessed as {codec}", 0)
