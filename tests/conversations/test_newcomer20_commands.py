"""Commands of other judges a newcomer sends by mail (newcomer20): each is answered with
what to write on this judge (judge/commands/foreign.py, docs/commands.md)."""

from __future__ import annotations

import pytest

from tests.conversations.harness import Conversation
from tests.variants.folder_games import send_orders, started


def test_whois_at_the_end_of_orders_is_answered_not_taken_for_a_signature(
        talk: Conversation) -> None:
    # njudge's WHOIS <address> as the last line was passed over as the signature ("not
    # read: ... took it for your signature"); the player never learnt it did nothing.
    seats = started(talk, "standard", players=7)
    sent = send_orders(talk, seats["FRANCE"], "A Par H", "WHOIS p1@example.org")
    assert ("line 3: WHOIS p1@example.org\n"
            "    WHOIS is not a command on this judge, which gives nobody another player's "
            "address or account: LIST <game> names a game's master and, where the game "
            "shows them, its players, WHOAMI shows your own account, and PRESS TO <power> "
            "... ENDPRESS writes to a player."
            ) in sent.body, sent.body
    assert "took it for your signature" not in sent.body


@pytest.mark.parametrize(("line", "told"), [
    # Each was "not a command; did you mean ...?" or "unknown GET command; GET goes with
    # MAP", which said nothing of what to send instead.
    ("WHOIS p1@example.org", "LIST <game> names a game's master and, where"),
    ("GET info", "GET <file> is not a command on this judge, which keeps no files to fetch: "
                 "HELP lists the commands"),
    ("get rules", "HELP ORDERS says how to write orders"),
    ("SET PREFERENCE FGE", "name the powers you would like when you join, best first, as "
                           "in JOIN <game> <password> FGE."),
    ("I AM ALSO p9@example.org", "SET ADDRESS <address> sends the judge's mail to you"),
    ("MANUAL", "HELP <command> explains one"),
])
def test_another_judge_s_command_says_what_to_write(talk: Conversation, line: str,
                                                    told: str) -> None:
    reply = talk.send("newcomer@example.org", line)
    assert reply is not None
    assert f"line 1: {line}\n" in reply.body and told in reply.body, reply.body


def test_get_map_from_a_player_points_to_map(talk: Conversation) -> None:
    # A player's GET MAP (njudge players fetch the map so) was refused as the master's
    # alone, without the command that sends him the board.
    seats = started(talk, "standard", players=7)
    sent = send_orders(talk, seats["FRANCE"], "GET MAP")
    assert ("only the master of alpha may do this (SIGNON M<game> <password> as master); "
            "MAP [game] sends a picture of the board") in sent.body, sent.body
