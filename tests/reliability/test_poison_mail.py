"""A mail that kills the daemon each time it is read is quarantined, not read again forever.

A crafted mail that exhausts memory gets the process killed under the service's memory limit, and
the service manager restarts it; never acknowledged, the mail would be read again at every start.
Here the daemon runs in a subprocess that SIGKILLs itself whenever it reads a mail with the word
POISON in a header (tests/reliability/killer.py), and is restarted as systemd would: the mail kills
it twice, then it is set aside for the GM with a word to its sender, and the mail behind it is
answered.
"""

from __future__ import annotations

import signal
from email import message_from_bytes, policy
from pathlib import Path

from state.archive import MailArchive
from state.disk import Disk
from state.handling import FILE_NAME, POISON_AFTER
from tests.daemon.harness import GM, PLAYERS, Harness, body, flat, texts
from tests.reliability.test_sigkill import daemon_process, messages

ANNA, BORIS = PLAYERS[0], PLAYERS[1]


def test_a_mail_that_kills_the_daemon_twice_is_quarantined_and_the_next_one_answered(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    h.start()
    subject = f"orders, password {h.passwords[ANNA].upper()}"
    poison = h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Армия 1"), subject=subject, headers={"X-Crafted": "POISON"})
    good = h.send(BORIS, h.orders(BORIS, "ВЛОЖИТЬ Наука 1"))
    h.daemon.close()
    (tmp_path / "clock.txt").write_text(h.clock().isoformat())
    sent_before = len(messages(tmp_path / "mail" / "sent"))

    codes = [daemon_process(tmp_path, "a mail that kills the daemon")[0] for _ in range(POISON_AFTER + 1)]

    assert codes == [-signal.SIGKILL] * POISON_AFTER + [0]
    archive = MailArchive(tmp_path / "games" / "archive", Disk(tmp_path / "games"))
    done = archive.done_record(archive.key(poison))
    assert done is not None and (done["outcome"], done["detail"]) == (
        "error",
        f"the daemon died {POISON_AFTER} times handling it",
    )
    rejected = list((tmp_path / "mail" / "inbox" / ".Rejected" / "new").iterdir())
    assert [path.read_bytes() for path in rejected] == [poison]  # kept whole for the GM
    kept = archive.raw(archive.key(poison))  # the archive's copy, not taken apart, blanked where plain
    typed = h.passwords[ANNA].upper().encode()
    assert typed not in kept and kept.replace(b"***", typed) == poison
    assert (tmp_path / "games" / FILE_NAME).read_bytes() == b""
    sent = messages(tmp_path / "mail" / "sent")
    answers = [str(m["In-Reply-To"]) for m in sent]
    (apology,) = [m for m in sent if str(m["In-Reply-To"]) == message_id(poison)]
    assert ANNA in str(apology["To"]) and "обработать его не удалось" in body(apology)
    assert answers.count(message_id(good)) == 1
    assert len(sent) == sent_before + 2


def message_id(raw: bytes) -> str:
    return str(message_from_bytes(raw, policy=policy.default)["Message-ID"])


def test_deaths_while_the_pass_loads_what_it_needs_quarantine_no_mail(tmp_path: Path) -> None:
    """The marker was set while the first mail of a process also loaded the ruleset, the parser
    and the morphology dictionary (0.3–0.8 s): two unrelated kills in that window quarantined a
    plain НЕТ ДЕЙСТВИЙ, its orders refused and its sender sent the apology."""
    h = Harness(tmp_path)
    h.start()
    plain = h.send(ANNA, h.orders(ANNA, "НЕТ ДЕЙСТВИЙ"))
    h.daemon.close()
    (tmp_path / "clock.txt").write_text(h.clock().isoformat())

    killed = [daemon_process(tmp_path, "while the dictionary loads")[0] for _ in range(POISON_AFTER)]
    assert killed == [-signal.SIGKILL] * POISON_AFTER
    assert daemon_process(tmp_path)[0] == 0

    archive = MailArchive(tmp_path / "games" / "archive", Disk(tmp_path / "games"))
    done = archive.done_record(archive.key(plain))
    assert done is not None and done["outcome"] == "orders"
    (reply,) = [m for m in messages(tmp_path / "mail" / "sent") if str(m["In-Reply-To"]) == message_id(plain)]
    assert "Принято: НЕТ ДЕЙСТВИЙ" in body(reply)


def test_the_gm_digest_tells_of_a_players_quarantined_mail_and_how_to_give_its_orders(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    h.start()
    poison = h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Армия 1"), headers={"X-Crafted": "POISON"})
    h.daemon.close()
    (tmp_path / "clock.txt").write_text(h.clock().isoformat())
    for _ in range(POISON_AFTER + 1):
        daemon_process(tmp_path, "a mail that kills the daemon")
    h.restart()
    for address in PLAYERS:
        h.mail_to(address)
        h.send(address, h.orders(address, "НЕТ ДЕЙСТВИЙ"))
    assert h.run().resolved == 1

    (digest,) = [text for text in texts(h, GM) if "Сводка ведущего" in text]
    key = MailArchive.key(poison)[:12]
    told = flat(digest)
    power = h.powers[ANNA]
    assert f"(Игрок0, {ANNA}) от " in told and f"ключ {key}" in told and "не обработано" in told
    assert f"ИГРА {h.game_id}, СТРАНА {power}, ПАРОЛЬ" in told
    attention = digest[digest.index("Требует внимания") : digest.index("Коротко")]
    assert all(len(line) <= 72 for line in attention.splitlines())
    for address in PLAYERS:
        h.send(address, h.orders(address, "НЕТ ДЕЙСТВИЙ"))
    h.run()
    later = [text for text in texts(h, GM) if "Сводка ведущего" in text]
    assert later and all(key not in text for text in later)  # told once
