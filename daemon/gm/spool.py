"""GM command lines from the control spool (`gonets gm` while the daemon holds the lock), run as
the command line runs them: the same `run_line`, history entry and once-only markers, under the
request's id, so a request run again after a crash is "already done"."""

from __future__ import annotations

import logging
from datetime import datetime

from daemon.games import Games
from daemon.gm.dispatch import ECHO_CHARS, run_line
from daemon.outgoing.postman import Postman
from engines.text import excerpt
from state.control import Answer, ControlSpool, Request
from state.errors import STORE_FAILURES

log = logging.getLogger(__name__)
FAILED = 70  # the daemon broke on the command (EX_SOFTWARE): its log has the traceback
ANSWER_LINE_CHARS = 8_000  # an answer line past this is cut (ПОМОЩЬ's, the longest, is 4,600)


def run_requests(
    spool: ControlSpool, requests: list[Request], games: Games, postman: Postman, now: datetime
) -> None:
    """Answer every waiting request (`spool.pending()`), oldest first (the pass counts the commands
    run in each game's tally, `GameStore.tally`). A store
    that cannot be written is raised (the request stays for the next pass); any other failure is
    answered."""
    for request in requests:
        shown = excerpt(request.line, ECHO_CHARS)
        try:
            answer = _run(request, games, postman, now)
        except STORE_FAILURES:
            raise
        except Exception as error:
            log.exception("GM request %s (%s) failed", request.id, shown)
            answer = Answer([f"{shown}: ошибка демона / the daemon failed: {error!r}"], FAILED)
        answer = Answer([excerpt(text, ANSWER_LINE_CHARS) for text in answer.text], answer.exit_code)
        spool.answer(request.id, answer)
        log.info("GM request %s by %s: %s → %d", request.id, request.who, shown, answer.exit_code)


def _run(request: Request, games: Games, postman: Postman, now: datetime) -> Answer:
    game = games.get(request.game)
    if game is None:
        known = ", ".join(games.ids())
        return Answer([f"нет игры {request.game} / no game {request.game} (games: {known})"], 2)
    done = run_line(game, postman, now, request.line, request.reason, token=request.id, actor=request.who)
    return Answer(done.text, done.exit_code)
