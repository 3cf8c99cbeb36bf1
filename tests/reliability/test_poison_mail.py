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
from state.handling import FILE_NAME, POISON_AFTER
from tests.daemon.harness import PLAYERS, Harness, body
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
    archive = MailArchive(tmp_path / "games" / "archive")
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
