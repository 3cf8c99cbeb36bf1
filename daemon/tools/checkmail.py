"""`gonets check`: the reply a mail would get, as its reader would read it (address, subject,
greeting, text, signature), without storing or sending anything (the player's and GM's friend,
like Eressea's ECheck); for a GM mail, the commands it would run."""

from __future__ import annotations

from datetime import datetime

from daemon.config import Config
from daemon.games import Games
from daemon.incoming import mailflow
from daemon.outgoing.render import daemon_catalog, languages, render, subject
from engines.text import Msg
from state.archive import MailArchive

NO_REPLY = Msg("check_no_reply")


def check_mail(config: Config, games: Games, now: datetime, raw: bytes) -> str:
    """`games` may be read-only: judging a mail writes nothing."""
    mail = mailflow.read(raw, 0, config.limits)
    outcome = mailflow.evaluate(mail, MailArchive.key(raw), games, config.address, now)
    language = outcome.game.settings.language if outcome.game else "ru+en"
    if outcome.gm_plan is not None:
        context = {"lines": outcome.gm_plan.lines(), "problems": outcome.gm_plan.problems}
        return render("gm/check", language, context, outcome.catalog)
    if outcome.letter is None:
        return "".join(daemon_catalog().render(NO_REPLY, lang) + "\n" for lang in languages(language))
    letter = outcome.letter
    title = subject(letter.subject, language, outcome.catalog, **letter.subject_params)
    text = render(letter.template, language, letter.context, outcome.catalog, reader=letter.reader)
    copies = f"Cc: {', '.join(outcome.cc)}\n" if outcome.cc else ""
    return f"To: {mail.sender}\n{copies}Subject: {title}\n\n{text}"
