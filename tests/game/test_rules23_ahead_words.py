"""Orders sent ahead with PHASE are checked when their phase opens (judge/game/adjudication.py
`_take_future_orders`), and the report that opens it tells their writer the lines it
dropped and why. Those reasons are the reply's, worded by the same explainer
(judge/game/refusals.py): an order of another phase's kind was told in the engine's ids
("build orders are not allowed in movement", "not Move(loc='par', ...)")."""

from __future__ import annotations

from tests.conversations.game_setup import started_game
from tests.conversations.harness import Conversation
from tests.conversations.orders_board import HOLDS


def test_an_order_of_another_kind_sent_ahead_is_told_in_the_replys_words(
        talk: Conversation) -> None:
    players = started_game(talk)
    france = players["FRANCE"]
    talk.send(france.address, f"{france.signon()}\nPHASE F1901M\nBuild A par\nA par-bur\n")
    for player in players.values():
        talk.send(player.address, f"{player.signon()}\n{HOLDS[player.power]}\n")
    report = talk.mails_to(france.address)[-1].body
    assert "Orders you sent ahead for Fall 1901 Movement that it does not take" in report, \
        report
    assert "  'Build A par': 'Build A par' is a build, but Fall 1901 Movement takes only " \
        "holds, moves, supports and convoys; HELP ORDERS" in report, report
    assert "  A Paris -> Burgundy." in talk.send(
        france.address, f"{france.signon()}\nORDERS\n").body  # type: ignore[union-attr]
