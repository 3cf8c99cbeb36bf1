"""Orders the GM sends for a player (the power's header and the GM password, from the GM's
address) are the GM's: the reply greets the GM and says so, in preview it says the phase waits
for ПЕРЕСЧИТАТЬ or ВЫПУСТИТЬ, and the turn record, the digest and `gonets history` name the GM."""

from __future__ import annotations

from pathlib import Path

from daemon.tools.history import history_text
from engines.russian import inflect
from tests.daemon.harness import GM, GM_PASSWORD, PLAYERS, Harness, body, everyone, flat, texts

ANNA = PLAYERS[0]
ORDERS = ("ВЛОЖИТЬ Промышленность 3", "ВЛОЖИТЬ Армия 2")


def test_orders_the_gm_sends_in_preview_are_the_gms_correction(tmp_path: Path) -> None:
    h = Harness(tmp_path, language="ru")
    h.start()
    h.gm("ПРОСМОТР ВКЛ")
    everyone(h, *ORDERS)
    h.run()
    texts(h, GM)
    anna = h.powers[ANNA]
    h.send(GM, h.orders(ANNA, "ВЛОЖИТЬ Наука 3", password=GM_PASSWORD))
    h.run()
    (reply,) = h.mail_to(GM)
    assert reply["Cc"] is None  # the GM's reply is the GM's: no copy to the player
    said = flat(body(reply))
    assert said.startswith("Здравствуйте.") and "Игрок0" not in said
    assert f"Вы отдали приказы за {inflect(anna, 'вин')} как ведущий." in said
    assert f"Они заменяют прежние приказы {inflect(anna, 'род')} на этот ход." in said
    assert "зарегистрированн" not in said and "рассчитан сейчас" not in said
    assert "Итоги хода 1 ждут вашей проверки" in said
    assert "ПЕРЕСЧИТАТЬ" in said and "ВЫПУСТИТЬ 1 Приказы" in said
    stored = h.game.store.orders_of(1, "orders", anna)
    assert stored is not None and stored.by_gm
    assert h.gm("ПЕРЕСЧИТАТЬ").exit_code == 0
    data = h.game.store.read_turn_record("0001-2-orders")
    assert data["orders"][anna]["source"] == "gm"
    assert data["players_after"][anna]["missed"] == 0
    texts(h, GM)
    assert h.gm("ВЫПУСТИТЬ 1 Приказы").exit_code == 0
    digest = flat(next(t for t in texts(h, GM) if "Сводка ведущего" in t))
    assert "Приказы прислали 3 из 4" in digest
    assert f"• Приказы за {inflect(anna, 'вин')} отдал ведущий." in digest
    assert f"{anna} (Игрок0, {ANNA}): приказы отдал ведущий" in digest
    assert f"    {anna}: приказы отдал ведущий: ВЛОЖИТЬ Наука 3" in history_text(h.game)
