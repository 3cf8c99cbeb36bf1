"""`gonets check`: what the daemon would answer to a mail, without storing or sending anything
(the player's and GM's friend, like Eressea's ECheck)."""

from __future__ import annotations

from daemon.incoming import mailflow
from daemon.outgoing.render import render, subject
from daemon.service import Daemon
from state.archive import MailArchive


def check_mail(daemon: Daemon, raw: bytes) -> str:
    mail = mailflow.read(raw, 0, daemon.config.limits)
    now = daemon.clock()
    outcome = mailflow.evaluate(mail, MailArchive.key(raw), daemon.games, daemon.config.address, now)
    game = outcome.game.id if outcome.game else "-"
    head = f"{outcome.kind}: {game} {outcome.power} {outcome.detail}".rstrip()
    if outcome.gm_plan is not None:
        planned = "\n".join(f"  {line}" for line in outcome.gm_plan.lines()) or "  —"
        unread = "".join(f"\n  line {p.line}: {p.msg.code}" for p in outcome.gm_plan.problems)
        return f"{head}\nwould run / выполнит:\n{planned}{unread}"
    if outcome.letter is None:
        return head + "\n(no reply would be sent / ответа не будет)"
    language = outcome.game.settings.language if outcome.game else "ru+en"
    letter = outcome.letter
    title = subject(letter.subject, language, outcome.catalog, **letter.subject_params)
    body = render(letter.template, language, letter.context, outcome.catalog)
    return f"{head}\nSubject: {title}\n\n{body}"
