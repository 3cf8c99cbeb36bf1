"""SMTP out: hand one finished mail from the durable outbox to the submission server.

The outbox decides about retries; this module only says which failures are worth retrying:
a 5xx answer to the mail or to every recipient is permanent (recorded, shown by `gonets doctor`,
never retried), everything else (4xx, a dropped connection, a refused login, which needs the
GM to fix the config, not a new mail) is temporary. One session serves a whole pass; a session
the server closed meanwhile is reopened once.
"""

from __future__ import annotations

import logging
import re
import smtplib
from pathlib import Path
from typing import Any

from daemon.transports.accounts import Account, parse_account
from state.sending import FinishedMail, PermanentSendError, TemporarySendError

log = logging.getLogger(__name__)

TIMEOUT = 30.0
_BARE_LF = re.compile(rb"(?<!\r)\n")


def smtp_account(raw: dict[str, Any], base: Path) -> Account:
    return parse_account(raw, "transport.smtp", base, {"tls": 465, "starttls": 587, "plain": 25})


def open_session(account: Account) -> smtplib.SMTP:
    """Connect, secure (TLS or STARTTLS unless `plain`), and log in when a user is configured."""
    context = account.tls_context()
    if account.security == "tls":
        smtp: smtplib.SMTP = smtplib.SMTP_SSL(account.host, account.port, timeout=TIMEOUT, context=context)
    else:
        smtp = smtplib.SMTP(account.host, account.port, timeout=TIMEOUT)
    try:
        smtp.ehlo()
        if account.security == "starttls":
            smtp.starttls(context=context)
            smtp.ehlo()
        if account.user:
            smtp.login(account.user, account.secret())
    except BaseException:
        end_session(smtp)
        raise
    return smtp


def end_session(smtp: smtplib.SMTP) -> None:
    """QUIT politely (a server may hold a dropped session open for a while); close if that fails."""
    try:
        smtp.quit()
    except OSError:
        smtp.close()


class SmtpSender:
    def __init__(self, account: Account, envelope_from: str) -> None:
        self.account = account
        self.envelope_from = envelope_from  # bounces come back to the daemon, which never answers them
        self._smtp: smtplib.SMTP | None = None

    def send(self, mail: FinishedMail) -> None:
        if not mail.recipients:
            raise PermanentSendError(f"mail {mail.id!r} has no recipients")
        try:
            refused = self._deliver(mail)
        except smtplib.SMTPRecipientsRefused as error:
            self.close()
            answers = [f"{rcpt}: {code} {_text(text)}" for rcpt, (code, text) in error.recipients.items()]
            permanent = all(code >= 500 for code, _ in error.recipients.values())
            raise (PermanentSendError if permanent else TemporarySendError)("; ".join(answers)) from error
        except smtplib.SMTPAuthenticationError as error:
            self.close()
            raise TemporarySendError(f"login refused: {error.smtp_code} {_text(error.smtp_error)}") from error
        except smtplib.SMTPResponseException as error:
            self.close()
            kind = PermanentSendError if error.smtp_code >= 500 else TemporarySendError
            raise kind(f"{error.smtp_code} {_text(error.smtp_error)}") from error
        except OSError as error:  # includes every other SMTPException
            self.close()
            raise TemporarySendError(f"{type(error).__name__}: {error}") from error
        for rcpt, (code, text) in refused.items():
            log.warning("mail %s was not delivered to %s: %s %s", mail.id, rcpt, code, _text(text))

    def close(self) -> None:
        if self._smtp is not None:
            end_session(self._smtp)
            self._smtp = None

    def _deliver(self, mail: FinishedMail) -> dict[str, tuple[int, bytes]]:
        """Lines end in CRLF on the wire; the UTF-8 body is declared as 8BITMIME (a server without it
        would mangle Russian text, so that is a permanent refusal)."""
        reused = self._smtp is not None
        if self._smtp is None:
            self._smtp = open_session(self.account)
        smtp = self._smtp
        data = _BARE_LF.sub(b"\r\n", mail.raw)
        options: list[str] = []
        if any(byte > 127 for byte in data):
            if not smtp.has_extn("8bitmime"):
                raise PermanentSendError(f"{self.account.host} does not accept 8-bit mail (no 8BITMIME)")
            options.append("BODY=8BITMIME")
        try:
            return smtp.sendmail(self.envelope_from, list(mail.recipients), data, options)
        except smtplib.SMTPServerDisconnected:
            self.close()
            if not reused:
                raise
        return self._deliver(mail)


def _text(answer: bytes | str) -> str:
    return answer.decode("utf-8", "replace") if isinstance(answer, bytes) else answer
