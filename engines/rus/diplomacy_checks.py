"""Mail-time checks of the influence and vassalage orders (section 8), judged on the state at the
start of the turn: what a country may do alone. What needs the other side (consent, a matching
marriage or fealty) is settled at resolution by diplomacy.py."""

from __future__ import annotations

from engines.contract import Command
from engines.rus.data import DATA
from engines.rus.diplomacy import embassy_tech, ever_wed, may_claim, wed_count
from engines.rus.judging import Check, Mail, msg, spend
from engines.rus.world import at_war, country, has_effect, is_ai, owner, provinces_of, suzerain
from engines.text import Msg

D = DATA.diplomacy


def _other(mail: Mail, cmd: Command, key: str = "power") -> str:
    return str(cmd.args[key])


def _initiative(mail: Mail, other: str) -> Msg | None:
    """8.4: a computer country takes no diplomatic initiative; nothing is aimed at oneself."""
    if is_ai(mail.state, mail.power):
        return msg("rus_ai_no_diplomacy")
    return msg("rus_dipl_self") if other == mail.power else None


def _marriage(mail: Mail, cmd: Command) -> Msg | None:
    partner, state = _other(mail, cmd), mail.state
    problem = _initiative(mail, partner)
    if problem:
        return problem
    if country(state, partner)["religion"] != mail.me["religion"]:
        return msg("rus_marriage_religion", power=partner)
    if at_war(state, mail.power, partner):
        return msg("rus_marriage_enemy", power=partner)
    if ever_wed(state, mail.power, partner):
        return msg("rus_marriage_again", power=partner)
    full = next(
        (p for p in (mail.power, partner) if not is_ai(state, p) and wed_count(state, p) >= D.max_marriages),
        "",
    )
    return msg("rus_marriage_limit", power=full, max=D.max_marriages) if full else None


def _divorce(mail: Mail, cmd: Command) -> Msg | None:
    partner = _other(mail, cmd)
    if is_ai(mail.state, mail.power):
        return msg("rus_ai_no_diplomacy")
    return None if partner in mail.me["marriages"] else msg("rus_not_married", power=partner)


def _gift(mail: Mail, cmd: Command) -> Msg | None:
    return _initiative(mail, _other(mail, cmd)) or spend(mail, int(cmd.args["amount"]))


def _accept_gift(mail: Mail, cmd: Command) -> Msg | None:
    return msg("rus_dipl_self") if _other(mail, cmd) == mail.power else None


def _undermine(mail: Mail, cmd: Command) -> Msg | None:
    to, rival = _other(mail, cmd), _other(mail, cmd, "rival")
    problem = _initiative(mail, to)
    if problem:
        return problem
    if rival in (to, mail.power):
        return msg("rus_undermine_rival")
    return spend(mail, int(cmd.args["amount"]))


def _pay(mail: Mail, cmd: Command) -> Msg | None:
    """Payments settle deals and contributions: a computer country may pay too."""
    if _other(mail, cmd) == mail.power:
        return msg("rus_dipl_self")
    return spend(mail, int(cmd.args["amount"]))


def _embassy(mail: Mail, cmd: Command) -> Msg | None:
    host = _other(mail, cmd)
    problem = _initiative(mail, host)
    if problem:
        return problem
    if not has_effect(mail.state, mail.power, "embassies"):
        return msg("rus_needs_tech", tech=embassy_tech())
    return msg("rus_embassy_exists", power=host) if host in mail.me["embassies"] else None


def _close_embassy(mail: Mail, cmd: Command) -> Msg | None:
    host = _other(mail, cmd)
    return None if host in mail.me["embassies"] else msg("rus_no_embassy", power=host)


def _players_only(mail: Mail, other: str) -> Msg | None:
    """8: provinces and technologies pass only between player countries."""
    problem = _initiative(mail, other)
    if problem:
        return problem
    return msg("rus_players_only", power=other) if is_ai(mail.state, other) else None


def _cede(mail: Mail, cmd: Command) -> Msg | None:
    province, to = str(cmd.args["province"]), _other(mail, cmd)
    problem = _players_only(mail, to)
    if problem:
        return problem
    if not mail.own(province):
        return msg("rus_not_your_province", province=province)
    if province in mail.state["occupied"]:
        return msg("rus_cede_occupied", province=province)
    if len(provinces_of(mail.state, mail.power)) < 2:
        return msg("rus_cede_last", province=province)
    return None


def _accept_province(mail: Mail, cmd: Command) -> Msg | None:
    province = str(cmd.args["province"])
    giver = owner(mail.state, province)
    if mail.own(province):
        return msg("rus_accept_own", province=province)
    return _players_only(mail, giver)


def _give_tech(mail: Mail, cmd: Command) -> Msg | None:
    tech, to = str(cmd.args["tech"]), _other(mail, cmd)
    problem = _players_only(mail, to)
    if problem:
        return problem
    if tech not in mail.me["techs"]:
        return msg("rus_give_tech_unknown", tech=tech)
    if tech in country(mail.state, to)["techs"]:
        return msg("rus_give_tech_known", tech=tech, power=to)
    return None


def _demand(mail: Mail, cmd: Command) -> Msg | None:
    target = _other(mail, cmd)
    problem = _initiative(mail, target)
    if problem:
        return problem
    lord = suzerain(mail.state, target)
    if lord:
        return msg("rus_has_suzerain", power=target, suzerain=lord)
    return (
        None
        if may_claim(mail.state, mail.power, target)
        else msg("rus_no_right", power=target, at=D.vassal_at)
    )


def _fealty(mail: Mail, cmd: Command) -> Msg | None:
    lord = _other(mail, cmd)
    problem = _initiative(mail, lord)
    if problem:
        return problem
    mine = suzerain(mail.state, mail.power)
    if mine:
        return msg("rus_has_suzerain", power=mail.power, suzerain=mine)
    return None if may_claim(mail.state, lord, mail.power) else msg("rus_fealty_no_right", power=lord)


def _renounce(mail: Mail, cmd: Command) -> Msg | None:
    if is_ai(mail.state, mail.power):
        return msg("rus_ai_no_diplomacy")
    return None if suzerain(mail.state, mail.power) else msg("rus_not_vassal")


def _bank(mail: Mail, cmd: Command) -> Msg | None:
    vassal, amount = _other(mail, cmd, "vassal"), int(cmd.args["amount"])
    if suzerain(mail.state, vassal) != mail.power or not is_ai(mail.state, vassal):
        return msg("rus_not_your_vassal", power=vassal)
    have = country(mail.state, vassal)["bank"]
    return None if amount <= have else msg("rus_bank_short", power=vassal, need=amount, have=have)


CHECKS: dict[str, Check] = {
    "marriage": _marriage,
    "divorce": _divorce,
    "gift": _gift,
    "accept_gift": _accept_gift,
    "undermine": _undermine,
    "pay": _pay,
    "embassy": _embassy,
    "close_embassy": _close_embassy,
    "cede": _cede,
    "accept_province": _accept_province,
    "give_tech": _give_tech,
    "demand": _demand,
    "fealty": _fealty,
    "renounce": _renounce,
    "bank": _bank,
}

# Once per mail, keyed by these arguments: one marriage and one oath a turn.
ONCE: dict[str, tuple[str, ...]] = {
    "marriage": (),
    "divorce": ("power",),
    "gift": ("power",),
    "accept_gift": ("power",),
    "undermine": ("power", "rival"),
    "pay": ("power",),
    "embassy": ("power",),
    "close_embassy": ("power",),
    "cede": ("province",),
    "accept_province": ("province",),
    "give_tech": ("tech", "power"),
    "demand": ("power",),
    "fealty": (),
    "renounce": (),
    "bank": ("vassal",),
}
