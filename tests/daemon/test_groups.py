"""Audiences between one power and everyone, and what everyone may see, through the daemon on the
council-like test ruleset: a realm's news reaches its families only, the GM writes to a realm or to
one family (ПИСЬМО), and the digest's forum post shows the public view and the powers the rules
ended."""

from __future__ import annotations

import pytest

from engines.russian import by_gender
from tests.daemon.harness import GM, GM_PASSWORD, PLAYERS, Harness, body, flat
from tests.daemon.test_attendance import stage
from tests.daemon.test_ended_powers import disgrace_gleb
from tests.rulesets.council_like import REALMS

ANNA, BORIS, VERA, GLEB = PLAYERS
ELECTION = "В державе Рим выборы"


@pytest.fixture
def h(council: Harness) -> Harness:
    return council


def realm_of(h: Harness, address: str) -> str:
    return next(realm for realm, families in REALMS.items() if h.powers[address] in families)


def split(h: Harness, realm: str) -> tuple[list[str], list[str]]:
    """The players whose family is of `realm`, and the others."""
    members = [a for a in PLAYERS if realm_of(h, a) == realm]
    return members, [a for a in PLAYERS if a not in members]


def reports(h: Harness, address: str) -> list[str]:
    return [body(m) for m in h.mail_to(address) if "итоги для" in str(m["Subject"])]


def digest(h: Harness) -> str:
    """The latest digest the GM got."""
    return [body(m) for m in h.mail_to(GM) if "Сводка ведущего" in body(m)][-1]


def test_a_realms_news_reaches_its_families_only_under_its_name_declined(h: Harness) -> None:
    romans, others = split(h, "Рим")
    assert len(romans) == 2  # the lot spreads four players evenly over two realms
    h.gm("ВЫБОРЫ Рим")
    stage(h, *PLAYERS)
    for address in romans:
        (report,) = reports(h, address)
        assert f"Новости Рима:\n• {ELECTION}" in report
        assert "News of Рим:\n• An election in Рим" in report
    for address in others:
        (report,) = reports(h, address)
        assert ELECTION not in report and "Новости Рима" not in report
    gm_part, forum_post = digest(h).split("──── пост для форума: начало ────")
    assert f"Новости Рима:\n• {ELECTION}" in gm_part  # the GM reads every group's news
    assert ELECTION not in forum_post  # not public news
    record = h.game.store.read_turn_record(h.game.store.turn_records()[-1])
    assert record["groups"]["Рим"] == list(REALMS["Рим"])  # computer-run families are members too


def test_a_destroyed_family_is_no_longer_of_its_realm(h: Harness) -> None:
    disgrace_gleb(h)
    realm = realm_of(h, GLEB)
    record = h.game.store.read_turn_record(h.game.store.turn_records()[-1])
    assert h.powers[GLEB] not in record["groups"][realm]
    assert set(record["groups"][realm]) == set(REALMS[realm]) - {h.powers[GLEB]}


def test_the_digest_shows_the_public_view_after_the_news_and_the_ended_powers(h: Harness) -> None:
    h.gm(f"ПОПРАВКА {h.powers[VERA]} Влияние 30")
    disgrace_gleb(h)
    text = digest(h)
    gleb = h.powers[GLEB]
    assert (
        f"{gleb} {by_gender(gleb, 'выбыл|выбыла|выбыло|выбыли')} из игры по правилам." in text
        and f"{gleb} is out of the game by its rules." in text
    )
    ruling = h.game.load().state["ruling"]
    post = text[text.index("Пост для форума") :]
    rulers = "; ".join(f"{realm} — {family}" for realm, family in ruling.items())
    assert f"[b]Правящие семьи[/b]\n{rulers}" in post
    assert (
        f"[b]Влияние[/b]\n{h.powers[VERA]} 30, " in post
        and gleb not in post.split("Влияние[/b]\n")[1].split("\n")[0]
    )
    assert post.index("Правящие семьи") < post.index("Победные очки")
    assert "[b]Ruling families[/b]" in text and "[b]Influence[/b]" in text
    record = h.game.store.read_turn_record(h.game.store.turn_records()[-1])
    assert record["public"] == h.game.ruleset.public_view(record["state_after"])


def test_a_letter_to_a_realm_reaches_exactly_its_active_families(h: Harness) -> None:
    romans, others = split(h, "Рим")
    away, reader = romans
    assert h.gm(f"ИЗГНАТЬ {h.powers[away]}").exit_code == 0
    for address in PLAYERS:
        h.mail_to(address)
    h.gm_mail(
        "ПИСЬМО Рим Сенат собирается.", "Явка обязательна; пароль: Gm-Secret-7", f"ПАРОЛЬ {GM_PASSWORD}"
    )
    h.run()
    (mail,) = h.mail_to(reader)
    assert "Письмо ведущего, адресат: Рим" in str(mail["Subject"])
    text = body(mail)
    assert (
        "Письмо ведущего, адресат: Рим." in text
        and "Сенат собирается.\nЯвка обязательна; пароль: •••" in text
    )
    assert GM_PASSWORD not in text
    for address in [away, *others]:
        assert h.mail_to(address) == []
    assert any("письмо отправлено 1 игроку, адресат: Рим" in flat(body(m)) for m in h.mail_to(GM))
    entry = h.game.store.history()[-1]
    assert entry["action"] == "letter" and entry["detail"].startswith("Рим: Сенат собирается.")
    assert GM_PASSWORD not in (h.game.store.directory / "history.jsonl").read_text("utf-8")


def test_a_letter_to_one_power_reaches_only_its_player(h: Harness) -> None:
    done = h.gm(f"LETTER {h.powers[BORIS]} Your envoy has arrived.")
    assert done.exit_code == 0 and f"письмо отправлено 1 игроку, адресат: {h.powers[BORIS]}" in done.text[0]
    (mail,) = h.mail_to(BORIS)
    assert "Your envoy has arrived." in body(mail) and f"адресат: {h.powers[BORIS]}" in str(mail["Subject"])
    for address in (ANNA, VERA, GLEB):
        assert h.mail_to(address) == []


def test_a_letter_to_an_unknown_audience_is_refused_with_a_guess(h: Harness) -> None:
    h.gm_mail("ПИСЬМО Римм Сенат собирается.")
    h.run()
    assert any("Может быть, «Рим»?" in flat(body(m)) for m in h.mail_to(GM))
    for address in PLAYERS:
        assert h.mail_to(address) == []
    assert h.gm("ПИСЬМО Венеция привет").exit_code == 2


def test_a_letter_to_a_realm_without_players_is_refused(h: Harness) -> None:
    romans, _ = split(h, "Рим")
    for address in romans:
        h.gm(f"ИЗГНАТЬ {h.powers[address]}")
    done = h.gm("ПИСЬМО Рим Сенат собирается.")
    assert done.exit_code == 1 and "адресату «Рим» некому написать" in done.text[0]


def test_a_turn_record_from_before_groups_and_public_views_releases_as_before(h: Harness) -> None:
    h.gm("ПРОСМОТР ВКЛ")
    h.gm("ВЫБОРЫ Рим")
    stage(h, *PLAYERS)
    name = h.game.store.turn_records()[-1]
    data = h.game.store.read_turn_record(name)
    for key in ("group_news", "groups", "public", "ended"):
        del data[key]
    h.game.store.write_turn_record(name, data)
    for address in (*PLAYERS, GM):
        h.mail_to(address)
    assert h.gm("ВЫПУСТИТЬ 1 planning").exit_code == 0
    for address in PLAYERS:
        (report,) = reports(h, address)
        assert ELECTION not in report and "Новости Рима" not in report
    text = digest(h)
    assert "Пост для форума" in text and "Правящие семьи" not in text and "Выбыли" not in text
