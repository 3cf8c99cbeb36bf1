"""Finding a password however it is written (parsers/secrets.py): properties and costs."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from daemon.incoming.auth import new_password, normalized
from parsers.secrets import PASSWORD_ALPHABET, PASSWORD_LENGTH, Secrets, plain
from tests.hostile.test_quadratic import growth

LOOKALIKE = str.maketrans("aceopxykmtbh3", "асеорхукмтвнз")
passwords = st.text(PASSWORD_ALPHABET, min_size=PASSWORD_LENGTH, max_size=PASSWORD_LENGTH)
# what may come between two characters as a mail writes them
gaps = st.sampled_from(["", "", "", "-", " ", "\n", "\n> ", "–", "<b></b>", "&nbsp;", "\u200b"])
# what a text around it holds: Russian and English words, digits, punctuation, never a password word
around = st.text(
    st.sampled_from("ВЛОЖИТЬ Армия армия вложить 123 , . : ! ? the quick brown fox\n"), max_size=80
)


@st.composite
def spelt(draw: st.DrawFn, password: str) -> str:
    """`password` as a player, a phone or a mail client may write it."""
    written = []
    for char in password:
        if draw(st.booleans()):
            char = char.upper()
        if draw(st.integers(0, 4)) == 0:
            char = char.lower().translate(LOOKALIKE)
        written.append(char)
    return "".join(char + draw(gaps) for char in written[:-1]) + written[-1]


@given(passwords, st.data(), around, around, st.booleans())
def test_a_password_is_blanked_however_it_is_spelt(
    password: str, data: st.DataObject, before: str, after: str, known: bool
) -> None:
    """Known (the mail's ПАРОЛЬ value), or a password-shaped run the game's hashes prove is one."""
    secrets = Secrets(frozenset({password})) if known else Secrets(is_password=password.__eq__)
    text = f"{before} {data.draw(spelt(password))} {after}"
    assert password not in plain(secrets.blank(text, "***"))


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

    for unit in ("understanding international ", "ВЛОЖИТЬ Армия 1\n", "a-b-c-d-e-f-g-h-", "3e5e etm3 "):
        assert growth(blank, unit.__mul__, 5_000) <= 5, unit
