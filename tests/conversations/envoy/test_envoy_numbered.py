"""A numbered Envoy order ('1 D Ita-Aus', rule 5.v) stored with its turn and read back.

The turn's events keep the order as a counted move; HISTORY and EMGREPORT read them back
through the game's registry of order types. Before the registry the codec knew only the
standard orders, so both failed on such a game and the message was quarantined.
"""

from __future__ import annotations

from judge.store import repo
from tests.conversations.envoy.envoy_setup import ANN, GAME, placed, say
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import Player

FRANCE_ORDERS = "A ven h\nF bre h\nA rom h\nF nap h\nA mar h\nA par h\n1 D Ita-Aus"
GERMANY_ORDERS = "A kie h\nA ber h\nA mun h\nF tri h\nA vie h\nA bud h"
MOVED = "1 D Italy -> Austria."
# France's diplomats: one of the two in Italy bounces off Germany's two in Austria.
RESULT = f"France:   {MOVED} (*bounce*)\n"


def _emgreport(talk: Conversation, player: Player) -> str:
    with talk.judge.db.unit_of_work() as session:
        account = repo.account_by_address(session, player.address)
        assert account is not None
        ident = account.id
    body = f"EMGSTART\n  {ident}\n  {GAME} {player.password}\nEMGEND"
    reply = talk.send(player.address, body, subject="EMGREPORT")
    assert reply is not None
    return reply.body


def test_a_numbered_order_is_shown_by_history_and_emgreport(talk: Conversation) -> None:
    players = placed(talk)
    france = players["FRANCE"]
    assert MOVED.replace("1 ", "  1 ", 1) in say(talk, france, FRANCE_ORDERS).body
    assert "Turn processed" in say(talk, players["GERMANY"], GERMANY_ORDERS).body
    report = talk.mails_to(ANN)[-1].body
    assert RESULT in report
    history = say(talk, france, f"HISTORY {GAME} S1914M").body
    assert RESULT in history
    emg = _emgreport(talk, france)
    assert "The latest report (S1914M) follows." in emg
    assert RESULT in emg
