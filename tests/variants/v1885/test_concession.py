"""Victory Requirements d (l.23-24): "The game may also end if all the Powers agree to
concede the game to one Power or a coalition". To one power it is SET CONCEDE; to a
coalition, the judge's draw that names its powers (the master's SET NODIAS, then every
player's SET DRAW naming the coalition), which ends the game with the coalition alone
sharing it. By mail, with nine players (issue #16 item 4)."""

from __future__ import annotations

from tests.conversations.harness import Conversation
from tests.variants.v1885.mail_game import POWERS, choose, master, orders, started


def test_every_power_concedes_to_a_coalition(talk: Conversation) -> None:
    started(talk)
    choose(talk)
    assert "no DIAS" in master(talk, "SET NODIAS").body
    for power in POWERS:
        done = orders(talk, power, "SET DRAW England France")
        assert "error" not in done.body.lower(), done.body
    assert "The game is over: a draw between England and France, agreed by every " \
           "surviving player." in done.body, done.body


def test_every_other_power_concedes_to_one(talk: Conversation) -> None:
    started(talk)
    choose(talk)
    for power in POWERS:
        if power != "SPAIN":
            done = orders(talk, power, "SET CONCEDE Spain")
            assert "error" not in done.body.lower(), done.body
    assert "The game is over: Spain wins: every other surviving player conceded." in \
        done.body, done.body
