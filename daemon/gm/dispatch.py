"""Run a GM's commands, from a mail or the command line, and say what each one did."""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime

from daemon.games import Game
from daemon.gm import clock, corrections, messages, players, rollback, rules
from daemon.gm.context import GmContext, Refused
from daemon.gm.schema import COMMANDS, GM_PHASE, TEXT_COMMANDS, gm_phase, unit_dropped, vocabularies
from daemon.outgoing.postman import Postman
from daemon.outgoing.render import languages, with_daemon_messages
from engines.contract import Command, CommandSpec, PhaseSpec, Problem, Vocabulary
from engines.text import Catalog, Msg, excerpt
from parsers.normalize import normalize
from parsers.orders import normal_form, parse_commands
from parsers.redact import NO_SECRETS, Redactor
from state.control import cli_user

Action = Callable[[GmContext, Command], Msg]
ACTIONS: dict[str, Action] = {
    "start": clock.start,
    "extend": clock.extend,
    "cadence": clock.cadence,
    "pause": clock.pause,
    "resume": clock.resume,
    "process": clock.process,
    "preview": clock.preview,
    "release": clock.release,
    "reresolve": clock.reresolve,
    "rollback": rollback.rollback,
    "adjust": corrections.adjust,
    "award": corrections.award,
    "replace": players.replace,
    "return": players.give_back,
    "eject": players.eject,
    "leave": players.leave,
    "revive": players.revive,
    "join": players.join,
    "data": rules.reload_data,
    "broadcast": messages.broadcast,
    "letter": messages.letter,
    "digest": messages.digest,
    "help": messages.gm_help,
}
ECHO_CHARS = 200  # of a command line, what its answer repeats
_WITH_TEXT = {normalize(word) for spec in COMMANDS if spec.name in TEXT_COMMANDS for word in spec.keywords}
_END = {normalize(word) for word in ("КОНЕЦ", "END")}
# the parser's problems that call a line an order, in the GM's words: a command
_GM_WORDING = {
    "unknown_command": "gm_unknown_command",
    "missing_argument": "gm_missing_argument",
    "extra_words": "gm_extra_words",
}
FEW_CHOICES = 8  # an unknown name lists the accepted ones when there are no more than this


@dataclass(frozen=True)
class GmPlan:
    """A GM mail's commands, parsed and not yet run (so `gonets check` can show them)."""

    commands: list[Command]
    problems: list[Problem]
    following: list[str]  # the text after a broadcast or letter line: its own lines
    redactor: Redactor = NO_SECRETS  # blanks the mail's passwords in whatever is repeated
    phase: PhaseSpec = GM_PHASE  # the daemon's GM commands and the ruleset's

    def lines(self) -> list[str]:
        return [normal_form(c, self.phase) for c in self.commands]


def plan(
    game: Game,
    body: list[tuple[int, str]],
    lines: list[tuple[int, str]] | None = None,
    fields: dict[int, str] | None = None,
    redactor: Redactor = NO_SECRETS,
) -> GmPlan:
    """Parse the commands; every line of the mail after a РАССЫЛКА or ПИСЬМО line up to КОНЕЦ is
    that mail's text. It is taken from `lines` (before the header was taken out, as a broadcast
    may well say "Ход 5…"), but no other header line (`fields`: ИГРА, ВЕДУЩИЙ, ПАРОЛЬ…) is text."""
    fields = fields or {}
    body = [(number, unit_dropped(text)) for number, text in body]
    cut = next((i for i, (_, text) in enumerate(body) if _first_word(text) in _WITH_TEXT), len(body))
    record = game.load()
    phase = gm_phase(game, record)
    names = vocabularies(game, record)
    # names in any case, in the game's own forms too, as a player's orders read them («Пунов»)
    parsed = parse_commands(body[: cut + 1], phase, names, game.forms_for(record.state))
    texts = dict(body)
    problems = [_in_gm_words(p, _spec_of(phase, texts.get(p.line, "")), names) for p in parsed.problems]
    following: list[str] = []
    if cut < len(body):
        after = body[cut][0]
        for number, text in lines or body:
            field = fields.get(number, "")
            if number <= after:
                continue
            if field == "end" or _first_word(text) in _END:
                break
            if field in ("", "turn", "ready"):
                following.append(text)
    return GmPlan(parsed.commands, problems, following, redactor, phase)


def _spec_of(phase: PhaseSpec, text: str) -> CommandSpec | None:
    word = _first_word(text)
    return next((c for c in phase.commands if word in {normalize(k) for k in c.keywords}), None)


def _in_gm_words(problem: Problem, spec: CommandSpec | None, names: Mapping[str, Vocabulary]) -> Problem:
    """A parser problem as the GM should read it: about a command, not an order, and a name
    not known followed by the accepted ones where there are few (the game's phases)."""
    msg = problem.msg
    if msg.code in _GM_WORDING:  # a missing value's message gives the example itself
        guess = "" if msg.code == "missing_argument" else problem.suggestion
        return replace(problem, msg=Msg(_GM_WORDING[msg.code], msg.params), suggestion=guess)
    arg = next((a for a in spec.args if a.name == msg.params.get("arg")), None) if spec else None
    choices = list(names.get(arg.vocabulary, {})) if msg.code == "unknown_name" and arg else []
    if 0 < len(choices) <= FEW_CHOICES:
        said = ", ".join(f"«{choice}»" for choice in choices)
        return replace(problem, msg=Msg("gm_unknown_choice", {**msg.params, "choices": said}))
    return problem


def run(ctx: GmContext, gm_plan: GmPlan) -> list[tuple[str, Msg]]:
    """Each command's normal form and what it did, in the order written."""
    hide = gm_plan.redactor.text  # the history keeps what the GM wrote, never a password in it
    ctx.reason = next((hide(str(c.args["text"])) for c in gm_plan.commands if c.name == "reason"), ctx.reason)
    ctx.following = gm_plan.following
    ctx.redactor = gm_plan.redactor
    done = []
    for index, command in enumerate(gm_plan.commands):
        if command.name == "reason":
            continue
        ctx.index, ctx.command = index, hide(normal_form(command, gm_plan.phase))
        done.append((ctx.command, ACTIONS.get(command.name, rules.rule_input)(ctx, command)))
        ctx.game.store.tally.commands += 1
    return done


@dataclass(frozen=True)
class LineResult:
    text: list[str]
    exit_code: int  # 0 done, 1 some command refused, 2 the line could not be read


def run_line(
    game: Game, postman: Postman, now: datetime, line: str, reason: str, token: str = "", actor: str = ""
) -> LineResult:
    """A GM command typed on the command line, run exactly as if it came by mail; `token` is fresh
    unless `gonets rebuild` replays the line as the one its history entry names, or the daemon runs
    it from the control spool under the request's id. `actor` is who typed it (default: this user)."""
    catalog = with_daemon_messages(game.catalog_for(game.load().state))
    gm_plan = plan(game, [(1, line)])
    if gm_plan.problems or not gm_plan.commands:
        said = [_said(game, catalog, p.msg, p.suggestion) for p in gm_plan.problems]
        return LineResult(said or [_said(game, catalog, Msg("gm_no_command"))], 2)
    ctx = GmContext(
        game,
        postman,
        now,
        actor=actor or cli_user(os.geteuid()),  # as for a request this user leaves the daemon
        token=token or secrets.token_hex(8),
        reason=reason,
    )
    done = run(ctx, gm_plan)
    text = [f"{excerpt(line, ECHO_CHARS)}: {_said(game, catalog, msg)}" for line, msg in done]
    return LineResult(text, 1 if any(isinstance(msg, Refused) for _, msg in done) else 0)


def _said(game: Game, catalog: Catalog, msg: Msg, suggestion: str = "") -> str:
    """A sentence in the game's language (both, Russian first, for a game in two); a suggestion
    follows as the mail replies give it."""
    guess = {"ru": f" Может быть, «{suggestion}»?", "en": f" Did you mean “{suggestion}”?"}
    return " / ".join(
        catalog.render(msg, lang) + (guess[lang] if suggestion else "")
        for lang in languages(game.settings.language)
    )


def _first_word(text: str) -> str:
    words = normalize(text).split()
    return words[0] if words else ""
