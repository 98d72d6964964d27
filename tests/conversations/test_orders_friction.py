"""A first game without friction (issue #11, items 12, 16, 17 and 19's orders part): PHASE
for a phase gone by, HELP ORDERS, a signature without its `-- ` line, late orders, the
reports' names in errors, and how long is left after a deadline moves.

The game starts Monday 2 Nov 2026 09:00 UTC; Spring 1901 is processed at 14:00 here.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
import sqlalchemy as sa

from judge.store.models import FutureOrder
from tests.conversations.game_setup import started_game
from tests.conversations.harness import JUDGE, Conversation, raw_message
from tests.conversations.orders_board import entry, play_holds, send
from tests.conversations.seating_helpers import MASTER, Player

HELP_HINT = "HELP ORDERS shows how to write orders, with examples."


@pytest.fixture
def players(talk: Conversation) -> dict[str, Player]:
    return started_game(talk)


def to_fall(talk: Conversation, players: dict[str, Player]) -> None:
    """Spring 1901 processed at 14:00: France's army went to Burgundy, all else held."""
    talk.clock.advance(timedelta(hours=5))
    play_holds(talk, players, {"FRANCE": "A par-bur\nA mar H\nF bre H"})


def test_phase_naming_a_phase_gone_by_is_refused_with_its_orders(
        talk: Conversation, players: dict[str, Player]) -> None:
    to_fall(talk, players)
    reply = send(talk, players["FRANCE"], "PHASE S1901M", "A bur-mun", "PHASE",
                 "A bur-mun", "PHASE Fall 1901 Movement", "F bre-mao")
    assert entry(reply, 2, "PHASE S1901M",
                 "Spring 1901 Movement (S1901M) is over: the phase open now is Fall 1901 "
                 "Movement (F1901M). Send orders for it without PHASE (or after a line PHASE "
                 "alone); PHASE is only for a phase still to come.")
    assert entry(reply, 3, "A bur-mun",
                 "not taken: it follows PHASE S1901M, and Spring 1901 Movement is over; "
                 "for Fall 1901 Movement, send it without PHASE")
    assert entry(reply, 6, "PHASE Fall 1901 Movement",
                 "F1901M is the current phase: the orders that follow are for it.")
    assert "  A Burgundy -> Munich.\n  F Brest -> Mid-Atlantic Ocean.\n" in reply.body
    with talk.judge.db.unit_of_work() as session:
        assert session.scalars(sa.select(FutureOrder)).all() == []


def test_a_line_for_a_unit_moved_by_his_own_order_is_not_called_late(
        talk: Conversation, players: dict[str, Player]) -> None:
    to_fall(talk, players)
    reply = send(talk, players["FRANCE"], "A par-pic", "A bur-bel", "A bur-lon")
    # His spring order for the army came in time (par-bur): no "came too late" note
    # (tests/conversations/test_orders_hints.py has the late order that gets it).
    assert entry(reply, 2, "A par-pic", "there is no unit in Paris")
    # A mistake on the board as it stands is no late order: its reason alone.
    assert entry(reply, 4, "A bur-lon", "Burgundy is not adjacent to London, and no fleets "
                                        "stand where they could convoy it")


def test_errors_name_provinces_and_powers_as_the_reports_do(
        talk: Conversation, players: dict[str, Player]) -> None:
    reply = send(talk, players["FRANCE"], "A ber - kie", "F bre - mun", "A xyz-bur")
    assert entry(reply, 2, "A ber - kie", "A Berlin belongs to Germany, not France")
    assert entry(reply, 3, "F bre - mun", "fleets cannot go to Munich (land)")
    assert entry(reply, 4, "A xyz-bur", "'xyz' is not a province on this map; write the "
                                        f"province's full name or its abbreviation. {HELP_HINT}")


def test_a_signature_without_its_separator_is_one_ignored_entry(
        talk: Conversation, players: dict[str, Player]) -> None:
    reply = send(talk, players["FRANCE"], "A par-bur", "", "Cheers,", "François",
                 "Sent from my phone")
    assert reply.subject == "Re: commands"
    assert reply.body.startswith("2 done, 1 ignored\n")
    assert entry(reply, 4, "Cheers,",
                 "not read, and neither is anything after it (to line 6): this is neither "
                 "an order nor a command, so the judge took it for your signature. End your "
                 "orders with SIGNOFF, or put a line '-- ' above your signature, to say where "
                 "they end.")
    assert "François" not in reply.body


def test_prose_between_orders_and_typos_at_the_end_are_still_errors(
        talk: Conversation, players: dict[str, Player]) -> None:
    reply = send(talk, players["FRANCE"], "A par-bur", "Thanks judge", "A mar-spa",
                 "F Brset - Mao")
    assert entry(reply, 3, "Thanks judge",
                 "this is neither an order nor a command: write one order per line, and "
                 f"anything else after SIGNOFF. {HELP_HINT}")
    assert "line 4: A mar-spa\n" in reply.body
    # A typo names a place (Mao): it is answered as an order, never taken for a signature.
    assert "line 5: F Brset - Mao\n    'Brset' is not a province on this map" in reply.body
    assert "Ignored" not in reply.body


def test_a_signature_in_a_reply_to_the_token_address(
        talk: Conversation, players: dict[str, Player]) -> None:
    france = players["FRANCE"]
    token = str(send(talk, france, "A par H").message["Reply-To"])
    raw = raw_message(france.address, "A par-bur\nBest,\nFrançois\n", "Re: orders")
    reply = talk.deliver(raw.replace(f"To: {JUDGE}".encode(), f"To: {token}".encode(), 1))
    assert reply is not None and reply.body.startswith("1 done, 1 ignored\n"), reply
    assert "line 2: Best,\n    not read, and neither is anything after it" in reply.body


def test_help_orders_gives_the_games_page(talk: Conversation,
                                          players: dict[str, Player]) -> None:
    reply = send(talk, players["FRANCE"], "HELP ORDERS", "help move")
    assert entry(reply, 2, "HELP ORDERS", "Writing orders for Standard Diplomacy (standard)")
    assert "      build               build A War          build F StP/sc\n" in reply.body
    assert ("- A later order for a unit replaces the earlier one, from any earlier message; "
            "two different orders for one unit in one message: neither stands and the unit "
            "holds.\n") in reply.body
    assert entry(reply, 3, "help move", "Writing orders for Standard Diplomacy (standard)")


def test_help_orders_without_a_game_lists_the_variants(talk: Conversation) -> None:
    reply = talk.send("someone@example.net", "HELP ORDERS\nHELP orders envoy\n"
                                             "HELP ORDERS klingon")
    assert reply is not None
    assert "    HELP ORDERS envoy — Envoy" in reply.body
    assert "    HELP ORDERS standard — Standard Diplomacy\n" in reply.body
    assert entry(reply, 2, "HELP orders envoy", "Writing orders for Envoy (envoy)")
    assert "      move                D Fra - Bel\n" in reply.body
    assert entry(reply, 3, "HELP ORDERS klingon", "no variant called 'klingon'; write HELP "
                                                  "ORDERS alone, or one of: 1885, algernon, "
                                                  "engineered, envoy, standard")


def test_a_moved_deadline_says_how_long_is_left(talk: Conversation,
                                                players: dict[str, Player]) -> None:
    reply = talk.send(MASTER, "SIGNON Malpha gmpw\nSET DEADLINE 2026-11-04 12:30")
    assert reply is not None and "[errors]" not in reply.subject, reply
    [notice] = talk.mails_to(players["FRANCE"].address)
    # From Monday 09:00 to Wednesday 12:30: two days and three and a half hours.
    assert notice.body == ("The master of alpha moved the deadline of Spring 1901 Movement "
                           "to Wed 04 Nov 2026 12:30 UTC (in 2 days 3 hours).\n")
