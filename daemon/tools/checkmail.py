"""`gonets check`: what the daemon would answer to a mail, without storing or sending anything
(the player's and GM's friend, like Eressea's ECheck)."""

from __future__ import annotations

from datetime import datetime

from daemon.config import Config
from daemon.games import Games
from daemon.incoming import mailflow
from daemon.outgoing.render import render, subject
from state.archive import MailArchive


def check_mail(config: Config, games: Games, now: datetime, raw: bytes) -> str:
    """`games` may be read-only: judging a mail writes nothing."""
    mail = mailflow.read(raw, 0, config.limits)
    outcome = mailflow.evaluate(mail, MailArchive.key(raw), games, config.address, now)
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
