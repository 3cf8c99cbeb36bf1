"""No password stays readable under the games directory, however the mail spelt it.

The archive once kept a player's password whenever it was written other than exactly as the
ПАРОЛЬ line's value: a reply quoting the role mail while the line typed it in capitals and without
dashes; quoted-printable with a soft break inside it; an HTML part with a tag inside it; a split in
a .txt attachment or a format=flowed line; a wrong-password mail quoting the real one; «КОД …» on a
plain line; a subject whose «пapоль» has Latin letters (kept in the archive log, the done record,
the content index, and repeated in the reply's subject). Each attack is a mail through the daemon;
every file under the games directory is then read as text, as a mail (every part decoded) and with
every separator, case and look-alike stripped (`plain`), and must not hold the password.
"""

from __future__ import annotations

import quopri
import re
import stat
from collections.abc import Callable
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.mime.text import MIMEText
from email.utils import make_msgid
from pathlib import Path

import pytest

from daemon.passwords import normalized
from parsers.secrets import plain
from tests.daemon.harness import GAME, PLAYERS, Harness, accepted, body
from tests.hostile.corpus import logged

ANNA, BORIS = PLAYERS[0], PLAYERS[1]


@pytest.fixture
def h(tmp_path: Path) -> Harness:
    harness = Harness(tmp_path)
    harness.start()
    for address in PLAYERS:
        harness.mail_to(address)
    return harness


def views(raw: bytes) -> list[str]:
    """A file as a reader could see it: its bytes as text, and as a mail every header and part."""
    texts = [raw.decode("utf-8", "replace")]
    message = message_from_bytes(raw, policy=policy.default)
    for part in message.walk():
        texts += [str(value) for value in part.values()]
        data = part.get_payload(decode=True)
        if isinstance(data, bytes):
            texts.append(data.decode(part.get_content_charset() or "utf-8", "replace"))
    return texts


def leaks(root: Path, password: str) -> list[str]:
    wanted = normalized(password)
    return [
        str(path.relative_to(root))
        for path in sorted(root.rglob("*"))
        if path.is_file() and any(wanted in plain(text) for text in seen(views(path.read_bytes())))
    ]


def seen(texts: list[str]) -> list[str]:
    """Each text, and the same with its angle brackets as spaces: `plain` drops what stands
    between them as a tag, and a Message-ID or an address stands there."""
    return [*texts, *(text.replace("<", " ").replace(">", " ") for text in texts)]


def head(h: Harness, password: str) -> list[str]:
    return [f"ИГРА {GAME}", f"СТРАНА {h.powers[ANNA]}", f"ПАРОЛЬ {password}"]


def plain_mail(text: str, subject: str = "приказы", **params: str) -> bytes:
    message = MIMEText(text, "plain", "utf-8")
    for name, value in params.items():
        message.set_param(name, value)
    return addressed(message, subject)


def addressed(message: EmailMessage | MIMEText, subject: str) -> bytes:
    message["From"] = ANNA
    message["To"] = "gonets@test.local"
    message["Subject"] = subject
    message["Message-ID"] = make_msgid(domain="test.local")
    return message.as_bytes()


def quoting_the_role_mail(h: Harness, password: str) -> bytes:
    typed = normalized(password).upper()
    return plain_mail(
        "\n".join([*head(h, typed), "ВЛОЖИТЬ Армия 1", "", "> Ваша роль:", f"> ПАРОЛЬ {password}"])
    )


def soft_break_inside(h: Harness, password: str) -> bytes:
    text = "\n".join([*head(h, password), "ВЛОЖИТЬ Армия 1"]).encode()
    encoded = quopri.encodestring(text).replace(password[5:].encode(), b"=\n" + password[5:].encode())
    return (
        f"From: {ANNA}\nTo: gonets@test.local\nSubject: orders\nMessage-ID: {make_msgid()}\n"
        "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n"
    ).encode() + encoded


def html_tag_inside(h: Harness, password: str) -> bytes:
    split = f"{password[:5]}<b></b>{password[5:]}"
    lines = [*head(h, split), "ВЛОЖИТЬ Армия 1"]
    return addressed(MIMEText("<div>" + "<br>".join(lines) + "</div>", "html", "utf-8"), "приказы")


def txt_attachment_split(h: Harness, password: str) -> bytes:
    message = EmailMessage()
    message.set_content("Приказы во вложении.")
    text = "\n".join([*head(h, password), "ВЛОЖИТЬ Армия 1", f"# ещё раз: {password[:9]}\n{password[9:]}"])
    message.add_attachment(
        text.encode(), maintype="text", subtype="plain", filename="orders.txt", cte="base64"
    )
    return addressed(message, "приказы")


def flowed_line(h: Harness, password: str) -> bytes:
    lines = [*head(h, password[:10] + " \n" + password[10:]), "ВЛОЖИТЬ Армия 1"]
    return plain_mail("\n".join(lines), format="flowed")


def wrong_password_quoting_the_real_one(h: Harness, password: str) -> bytes:
    return plain_mail("\n".join([*head(h, "abcd-efgh-jkmn"), "ВЛОЖИТЬ Армия 1", f"> ПАРОЛЬ {password}"]))


def code_on_a_plain_line(h: Harness, password: str) -> bytes:
    return plain_mail(
        "\n".join([*head(h, password), "ВЛОЖИТЬ Армия 1", f"КОД {normalized(password).upper()}"])
    )


def latin_letters_in_the_password_word(h: Harness, password: str) -> bytes:
    subject = f"[{GAME}] пapоль {normalized(password).upper()}"  # Latin "a" and "p"
    return plain_mail("\n".join([*head(h, password), "ВЛОЖИТЬ Армия 1"]), subject=subject)


def with_attachment(
    h: Harness, password: str, data: bytes, maintype: str, subtype: str, **params: str
) -> bytes:
    message = EmailMessage()
    message.set_content("\n".join([*head(h, password), "ВЛОЖИТЬ Армия 1"]))
    message.add_attachment(data, maintype=maintype, subtype=subtype, **params)  # type: ignore[arg-type]
    return addressed(message, "приказы")


def rtf_attachment(h: Harness, password: str) -> bytes:
    rtf = f"{{\\rtf1\\ansi {{\\b ПАРОЛЬ}} {normalized(password).upper()}\\par}}".encode()
    return with_attachment(h, password, rtf, "application", "rtf", filename="orders.rtf")


def octet_stream(h: Harness, password: str) -> bytes:
    data = b"\x00\x01binary " + password.encode() + b" \xff\xfe"
    return with_attachment(h, password, data, "application", "octet-stream", filename="orders.bin")


def content_type_name(h: Harness, password: str) -> bytes:
    raw = with_attachment(h, password, b"%PDF-1.4", "application", "pdf")
    return raw.replace(
        b"Content-Type: application/pdf", f'Content-Type: application/pdf; name="{password}.pdf"'.encode()
    )


def rfc2231_split_filename(h: Harness, password: str) -> bytes:
    raw = with_attachment(h, password, b"%PDF-1.4", "application", "pdf", filename="orders.pdf")
    split = f'filename*0="{password[:5]}"; filename*1="{password[5:]}.pdf"'
    return raw.replace(b'filename="orders.pdf"', split.encode())


def message_id(h: Harness, password: str) -> bytes:
    raw = plain_mail("\n".join([*head(h, password), "ВЛОЖИТЬ Армия 1"]))
    return re.sub(rb"Message-ID: <[^>]*>", f"Message-ID: <{password}@phone.example>".encode(), raw)


SPELLINGS: dict[str, Callable[[str], str]] = {
    "separators": lambda p: ".".join(p) + " " + "_".join(p) + " " + "/".join(p) + " " + ",".join(p),
    "stars and %2D": lambda p: "*".join(p[:6]) + "%2D" + "*".join(p[6:]),
    "nine spaces": lambda p: (" " * 9).join(p),
    "fullwidth": lambda p: p.translate({c: c + 0xFEE0 for c in range(0x21, 0x7F)}),
    "mathematical": lambda p: "".join(
        chr(0x1D41A + ord(c) - 97) if c.isalpha() else chr(0x1D7CE + int(c)) for c in p
    ),
    "circled": lambda p: "".join(
        chr(0x24D0 + ord(c) - 97) if c.isalpha() else chr(0x245F + int(c)) for c in p
    ),
    "Greek and Latin-extended": lambda p: p.translate(str.maketrans("aikxptyvbcgz", "αικχρτγνβϲɡᴢ")),
    "combining marks": lambda p: "\u0301".join(p),
    "HTML numeric entities": lambda p: "".join(f"&#{ord(c)};" for c in p),
}


def every_spelling(h: Harness, password: str) -> bytes:
    typed = normalized(password)
    lines = [f"еще раз: {spell(typed)}" for spell in SPELLINGS.values()]
    return plain_mail("\n".join([*head(h, password), "ВЛОЖИТЬ Армия 1", *lines]))


ATTACKS: dict[str, Callable[[Harness, str], bytes]] = {
    "a reply quoting the role mail, the line typed otherwise": quoting_the_role_mail,
    "a quoted-printable soft break inside it": soft_break_inside,
    "an HTML tag inside it": html_tag_inside,
    "split in a .txt attachment": txt_attachment_split,
    "split by a format=flowed line": flowed_line,
    "a wrong-password mail quoting the real one": wrong_password_quoting_the_real_one,
    "КОД and the password on a plain line": code_on_a_plain_line,
    "Latin letters in «пароль» in the subject": latin_letters_in_the_password_word,
    "an RTF attachment": rtf_attachment,
    "an application/octet-stream attachment": octet_stream,
    "a Content-Type name= parameter": content_type_name,
    "a filename split over RFC 2231 parameters": rfc2231_split_filename,
    "the Message-ID": message_id,
    "separators, look-alikes, marks and entities": every_spelling,
}


@pytest.mark.parametrize("attack", ATTACKS)
def test_no_spelling_of_a_password_stays_under_the_games_directory(h: Harness, attack: str) -> None:
    password = h.passwords[ANNA]
    raw = ATTACKS[attack](h, password)
    h.inbox.add(raw)
    h.run()
    assert leaks(h.root / "games", password) == []
    assert leaks(h.root / "mail" / "inbox", password), "the attack held the password where it came"
    assert logged(h.root, raw)["outcome"] in ("orders", "rejected", "unrouted")
    replies = h.mail_to(ANNA)
    assert replies and all(normalized(password) not in plain(str(m["Subject"]) + body(m)) for m in replies)


def test_the_orders_of_those_mails_are_read_all_the_same(h: Harness) -> None:
    password = h.passwords[ANNA]
    for attack in (
        "an HTML tag inside it",
        "a quoted-printable soft break inside it",
        "split by a format=flowed line",
    ):
        h.inbox.add(ATTACKS[attack](h, password))
        h.run()
        assert accepted(body(h.mail_to(ANNA)[0])), attack


def test_every_file_under_the_games_directory_is_the_daemons_alone(h: Harness) -> None:
    h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Армия 1"))
    h.run()
    games = h.root / "games"
    for path in [games, *games.rglob("*")]:
        mode = stat.S_IMODE(path.stat().st_mode)
        assert mode == (0o700 if path.is_dir() else 0o600), (path, oct(mode))


def test_an_old_games_directory_readable_by_others_is_made_private_at_start(h: Harness) -> None:
    games = h.root / "games"
    h.daemon.close()
    for path in [games, *games.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)
    h.restart()
    assert all(stat.S_IMODE(p.stat().st_mode) & 0o077 == 0 for p in [games, *games.rglob("*")])
