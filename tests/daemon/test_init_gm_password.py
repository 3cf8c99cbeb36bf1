"""`gonets init` says that GM mail needs a GM password, in the config it writes and on screen, and
a GM mail to a game without one is refused until the GM sets it as told."""

from __future__ import annotations

from pathlib import Path

from daemon.config import load_config
from daemon.service import Daemon
from daemon.tools.setup import init_game
from daemon.transports.maildir import MaildirTransport
from tests.daemon.harness import Harness, flat, texts

GM2 = "gm2@test.local"


def test_init_says_gm_mail_needs_the_password_and_it_does(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    h.daemon.close()
    said = init_game(h.config_path, "coins-new", "coins", GM2, "gonets@test.local")
    assert "раскомментируйте строку gm_password в [games.coins-new] и впишите пароль" in said
    assert "uncomment the gm_password line in [games.coins-new]" in said
    text = h.config_path.read_text(encoding="utf-8")
    line = next(x for x in text.split("[games.coins-new]")[1].splitlines() if "gm_password" in x)
    assert line.startswith("# gm_password = ") and "refused without it" in line

    def daemon() -> Daemon:
        transport = MaildirTransport(h.root / "mail" / "inbox", h.root / "mail" / "sent")
        return Daemon(load_config(h.config_path), transport, h.clock, config_path=h.config_path)

    h.daemon = daemon()
    mail = "ИГРА coins-new\nВЕДУЩИЙ\nПАРОЛЬ длинный-пароль-ведущего\nПРОДЛИТЬ 24"
    h.send(GM2, mail)
    h.run()
    (reply,) = texts(h, GM2)
    assert "только с адреса ведущего и с паролем ведущего" in flat(reply)
    before, section = text.split("[games.coins-new]")
    section = section.replace(line, 'gm_password = "длинный-пароль-ведущего"')
    h.config_path.write_text(f"{before}[games.coins-new]{section}", encoding="utf-8")
    h.daemon.close()
    h.daemon = daemon()
    h.send(GM2, mail)
    h.run()
    (reply,) = texts(h, GM2)
    assert "ПРОДЛИТЬ 24 — " in reply and "только с адреса ведущего" not in flat(reply)
