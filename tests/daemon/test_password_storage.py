"""No password is left under the games directory once a game runs: hashes are keyed with a key kept
beside the config, the outbox keeps role mails masked, the archive keeps mails blanked."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import quopri
import re
import shutil
from collections.abc import Callable
from datetime import datetime
from email import message_from_bytes, policy
from pathlib import Path
from typing import Any

import pytest

from daemon.config import ConfigError, load_config
from daemon.incoming.auth import Passwords, new_password, normalized
from daemon.tools.doctor import check_secret_key
from parsers.mime_blank import MASK as RAW_MASK
from parsers.mime_blank import blanked_mail
from parsers.secrets import Secrets
from state.journal import JOURNAL_NAME
from tests.daemon.harness import GAME, GM, GM_PASSWORD, PLAYERS, Harness, body
from tests.hostile.corpus import logged
from tests.paths import REPO
from tests.reliability.game import ROLE, play_three_phases

ANNA, BORIS = PLAYERS[0], PLAYERS[1]


def _texts(path: Path) -> list[str]:
    """A file as text, and read as a mail, each text part decoded (base64 hides a password)."""
    return _texts_of(path.read_bytes())


def leaks(root: Path, secrets: set[str]) -> list[str]:
    forms = {form for secret in secrets for form in (secret, normalized(secret), secret.upper())}
    return [
        f"{path.relative_to(root)}: {form}"
        for path in sorted(root.rglob("*"))
        if path.is_file()
        for text in _texts(path)
        for form in forms
        if form in text
    ]


def test_no_password_is_left_under_the_games_directory_after_a_game(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    play_three_phases(h)  # signup, start, orders, a GM mail with its password, resolutions
    typed = normalized(h.passwords[BORIS]).upper()  # no dashes, capitals: still the password
    h.send(BORIS, h.orders(BORIS, "ВЛОЖИТЬ Наука 1", password=typed))
    h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Наука 1", password="abcd-efgh-jkmn"))  # wrong
    h.gm_mail("ЗАМЕНИТЬ Китай new.anna@test.local Анна")  # a new password, mailed
    h.run()  # a busy pass: its journal record held the new role mail until it was sent
    assert (h.root / "games" / JOURNAL_NAME).read_bytes() == b"", "emptied once the role mail left"
    assert "Неверный пароль" in "".join(body(m) for m in h.mail_to(ANNA))
    renewed = [ROLE.search(body(m)) for m in h.mail_to("new.anna@test.local")]
    secrets = {*h.passwords.values(), *(found.group(2) for found in renewed if found), GM_PASSWORD}
    assert len(secrets) == len(PLAYERS) + 2, "the replacement's role mail was sent"
    assert leaks(h.root / "games", secrets) == []
    assert leaks(h.root / "mail" / "sent", secrets), "the grep finds them where they are: sent mail"
    assert (h.root / "gonets.key").stat().st_mode & 0o777 == 0o600


def test_a_password_is_twelve_characters_of_32_in_groups_and_is_typed_any_way() -> None:
    passwords = Passwords(b"k" * 32)
    made = new_password()
    assert re.fullmatch(r"[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}", made) and not set(made) & set("lo01")
    stored = passwords.hash(made)
    assert stored.startswith("hmac$") and normalized(made) not in stored
    plain = made.replace("-", "")
    for typed in (
        made,
        plain,
        plain.upper(),
        made.replace("-", " "),
        f" {made.upper()} ",
        made.replace("-", "–"),
    ):
        assert passwords.check(typed, stored), typed
    assert not passwords.check(plain[:-1], stored) and not Passwords(b"j" * 32).check(made, stored)
    assert not passwords.check(made, "hmac$zz") and not passwords.check(made, "")


def test_an_old_scrypt_hash_is_replaced_on_the_next_valid_mail_and_a_wrong_one_never_runs_scrypt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "coins"
    shutil.copytree(REPO / "tests" / "stores" / "coins", root)
    known = json.loads((root / "players.json").read_text(encoding="utf-8"))
    h = Harness(root, early=False)
    h.powers, h.passwords = known["powers"], known["passwords"]
    h.clock.now = datetime.fromisoformat(known["now"])
    power = h.powers[ANNA]
    assert h.game.load().players[power].password_hash.startswith("scrypt$")
    h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Наука 1", password=h.passwords[ANNA].upper()))
    h.run()
    stored = h.game.load().players[power].password_hash
    assert stored.startswith("hmac$") and h.game.passwords.check(h.passwords[ANNA], stored)
    runs: list[Any] = []
    monkeypatch.setattr(hashlib, "scrypt", lambda *args, **kwargs: runs.append(args))
    wrong = h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Наука 1", password="abcd-efgh-jkmn"))
    right = h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Наука 2"))
    h.run()
    assert logged(h.root, wrong)["verdict"] == "wrong" and logged(h.root, right)["verdict"] == "player"
    assert runs == []


def test_the_key_file_is_private_outside_the_games_directory_and_never_silently_replaced(
    tmp_path: Path,
) -> None:
    h = Harness(tmp_path)
    h.start()
    key = tmp_path / "gonets.key"
    config = load_config(h.config_path)
    assert [f.ok for f in check_secret_key(config)] == [True]
    key.chmod(0o644)
    assert "use 0600" in str(check_secret_key(config)[0]) and not check_secret_key(config)[0].ok
    h.daemon.close()
    os.remove(key)
    with pytest.raises(ConfigError, match=f"missing, and the passwords of {GAME}"):
        h.restart()
    assert not key.exists()
    inside = h.config_path.read_text(encoding="utf-8").replace(
        'address = "gonets@test.local"', 'address = "gonets@test.local"\nsecret_key_file = "games/k.key"'
    )
    h.config_path.write_text(inside, encoding="utf-8")
    (tmp_path / "games" / "k.key").write_text("a-key-of-sixteen-or-more", encoding="ascii")
    assert "inside games_dir" in str(check_secret_key(load_config(h.config_path))[-1])
    with pytest.raises(ConfigError, match=r"is inside games_dir .*: whoever reads the games directory"):
        h.restart()  # `gonets run` refuses it, not only `gonets doctor`


def test_a_short_key_from_the_environment_is_refused_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = Harness(tmp_path)
    h.daemon.close()
    text = h.config_path.read_text(encoding="utf-8")
    h.config_path.write_text(text.replace("games_dir", 'secret_key = "env:KEY"\ngames_dir', 1), "utf-8")
    monkeypatch.setenv("KEY", "short")
    with pytest.raises(ConfigError, match=r"^secret_key: the key has 5 characters, at least 16 are needed$"):
        h.restart()
    monkeypatch.setenv("KEY", "long-enough-for-a-key")
    h.restart()
    assert h.daemon.games.passwords.key == b"long-enough-for-a-key"


def test_the_archive_keeps_a_handled_mail_blanked_and_still_knows_it_again(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    h.start()
    password = h.passwords[ANNA]
    raw = h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Армия 1"))
    h.run()
    key = h.daemon.archive.key(raw)
    kept = h.daemon.archive.raw(key)
    assert password not in "".join(_texts_of(kept)) and RAW_MASK in "".join(_texts_of(kept))
    assert logged(h.root, raw)["verdict"] == "player"
    h.inbox.add(raw)  # the very bytes again
    relayed = b"Received: from relay.example by mx.example\r\n" + raw  # other bytes, the same mail
    h.inbox.add(relayed)
    h.run()
    assert h.mail_to(ANNA)[1:] == []  # the first reply only
    assert logged(h.root, relayed)["detail"] == f"duplicate of {key}"
    assert password not in "".join(_texts_of(h.daemon.archive.raw(h.daemon.archive.key(relayed))))


def _texts_of(raw: bytes) -> list[str]:
    message = message_from_bytes(raw, policy=policy.default)
    return [raw.decode("utf-8", "replace")] + [
        part.get_content() for part in message.walk() if part.get_content_maintype() == "text"
    ]


@pytest.mark.parametrize(
    ("encoding", "encode"),
    [("base64", base64.encodebytes), ("quoted-printable", quopri.encodestring), ("8bit", bytes)],
)
def test_blanking_a_raw_mail_changes_only_the_password(
    encoding: str, encode: Callable[[bytes], bytes]
) -> None:
    head = f"From: {GM}\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: {encoding}\n\n"
    raw = head.encode() + encode("ИГРА coins-t\nПАРОЛЬ abcd-efgh-jkmn\nВЛОЖИТЬ Армия 1\n".encode())
    blanked = blanked_mail(raw, Secrets(frozenset({"abcd-efgh-jkmn"})))
    assert _texts_of(blanked)[1] == "ИГРА coins-t\nПАРОЛЬ ***\nВЛОЖИТЬ Армия 1\n"
    assert blanked.startswith(head.encode())
    untouched = head.encode() + encode("ИГРА coins-t\nВЛОЖИТЬ Армия 1\n".encode())
    assert blanked_mail(untouched, Secrets(frozenset({"abcd-efgh-jkmn"}))) == untouched
