"""Finding a password however it is written (parsers/secrets.py): properties and costs."""

from __future__ import annotations

import html
import re
import unicodedata
import urllib.parse

from confusable_homoglyphs import confusables
from hypothesis import given
from hypothesis import strategies as st

from daemon.passwords import new_password, normalized
from parsers.secrets import PASSWORD_ALPHABET, PASSWORD_LENGTH, Secrets
from tests.hostile.test_quadratic import growth

LOOKALIKE = str.maketrans("aceopxykmtbh3", "асеорхукмтвнз")
passwords = st.text(PASSWORD_ALPHABET, min_size=PASSWORD_LENGTH, max_size=PASSWORD_LENGTH)
# what may come between two characters as a mail writes them
gaps = st.sampled_from(
    [
        *("", "", "", "-", " ", "\n", "\n> ", "–", "<b></b>", "&nbsp;", "\u200b"),
        *(".", "_", "/", ",", "*", "%2D", "&#45;", " " * 9, " " * 17, "\u0301", "\u0338"),
    ]
)
# what a text around it holds: Russian and English words, digits, punctuation, never a password word
around = st.text(
    st.sampled_from("ВЛОЖИТЬ Армия армия вложить 123 , . : ! ? the quick brown fox\n"), max_size=80
)


def confusables_of(char: str) -> list[str]:
    """The characters outside ASCII that Unicode's confusables table gives as looking like `char`
    or its capital (the capital I's «l» is another letter of a password, not a look-alike)."""
    table = confusables.confusables_data
    found = (e["c"] for c in {char, char.upper()} for e in table.get(c, []))
    return [form for form in found if len(form) == 1 and not form.isascii()]


def written_forms(char: str) -> list[str]:
    """`char` as a player, a phone, a mail client or an attacker may write it."""
    forms = [char, char.upper(), char.lower().translate(LOOKALIKE), f"&#{ord(char)};", f"&#x{ord(char):x};"]
    forms += [char + "\u0301", unicodedata.lookup(f"FULLWIDTH {_NAMES[char]}")]  # a combining mark
    if char.isalpha():
        forms += [unicodedata.lookup(f"CIRCLED LATIN SMALL LETTER {char.upper()}")]
        forms += [unicodedata.lookup(f"MATHEMATICAL BOLD SMALL {char.upper()}")]
    else:
        forms += [unicodedata.lookup(f"CIRCLED DIGIT {_NAMES[char].split()[-1]}")]
        forms += [unicodedata.lookup(f"MATHEMATICAL BOLD {_NAMES[char]}")]
    return forms + confusables_of(char)


_NAMES = {char: unicodedata.name(char).replace("LATIN SMALL", "LATIN SMALL") for char in PASSWORD_ALPHABET}


# every single character `written_forms` may write, as the password's character it stands for
READ_AS = {form: char for char in PASSWORD_ALPHABET for form in written_forms(char) if len(form) == 1}


def seen(text: str) -> str:
    """The letters and digits a reader sees in `text`, as the generator wrote them: entities and
    %XX read (the standard library's own readers), tags and marks dropped, each form read as the
    character it was written for; the test's own reading, not the matcher's."""
    text = urllib.parse.unquote(html.unescape(re.sub(r"<[^<>]*>", "", text)))
    kept = (READ_AS.get(char, char.lower()) for char in text if not unicodedata.combining(char))
    return "".join(char for char in kept if char.isalnum())


@st.composite
def spelt(draw: st.DrawFn, password: str) -> str:
    """`password` as a player, a phone, a mail client or an attacker may write it."""
    written = [draw(st.sampled_from(written_forms(char))) for char in password]
    return "".join(char + draw(gaps) for char in written[:-1]) + written[-1]


@given(passwords, st.data(), around, around, st.booleans())
def test_a_password_is_blanked_however_it_is_spelt(
    password: str, data: st.DataObject, before: str, after: str, known: bool
) -> None:
    """Known (the mail's ПАРОЛЬ value), or a password-shaped run the game's hashes prove is one."""
    secrets = Secrets(frozenset({password})) if known else Secrets(is_password=password.__eq__)
    text = f"{before} {data.draw(spelt(password))} {after}"
    assert password in seen(text)
    assert password not in seen(secrets.blank(text, "***"))


@given(around)
def test_text_without_a_secret_is_left_as_written(text: str) -> None:
    made = new_password()
    secrets = Secrets(frozenset({made}), is_password=lambda typed: typed == normalized(made))
    assert secrets.blank(text, "***") == text


def test_a_short_secret_is_blanked_only_as_a_word_of_its_own() -> None:
    assert Secrets(frozenset({"5"})).blank("Ход 15, ход 5", "•") == "Ход 15, ход •"


def test_finding_secrets_costs_the_length_of_the_text() -> None:
    made = new_password()
    secrets = Secrets(frozenset({made, "Gm-Secret-7"}), is_password=lambda typed: False)

    def blank(text: str) -> str:
        return secrets.blank(text, "***")

    units = ["understanding international ", "ВЛОЖИТЬ Армия 1\n", "a-b-c-d-e-f-g-h-", "3e5e etm3 "]
    units += ["a.b_c/d,e*f%2Dg         h", "ａ𝐛ⓒδ&#101;е\u0301", "x" + " " * 300, "<b>" * 40 + "a"]
    for unit in units:
        assert growth(blank, unit.__mul__, 5_000) <= 5, unit
