"""Held-out DATC cases played by mail (rules18d item 3): the order text a player types,
abbreviated and spelt as players do, through the real pipeline; every line read right or
refused with a reply that quotes it and says why. Each result is the DATC v3.0's
(shared/reference/datc/), predicted from the case before the test was run."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from judge.engine.codec import position_from_json
from judge.store.models import Turn
from tests.conversations.game_setup import started_game
from tests.conversations.harness import Conversation, Mail
from tests.conversations.orders_board import entry, put_board, send
from tests.conversations.seating_helpers import MASTER, Player
from tests.conversations.seating_helpers import reply as mail_reply


@pytest.fixture
def players(talk: Conversation) -> dict[str, Player]:
    return started_game(talk)


def process(talk: Conversation, phase: str, players: dict[str, Player],
            power: str) -> str:
    """The body of the results mail `power` gets for `phase`: processed when the last
    power's orders came, or now by the master."""
    reports = [m for m in talk.mails_to(players[power].address) if "results" in m.subject]
    if not reports:
        mail_reply(talk, MASTER, f"SIGNON Malpha gmpw\nPROCESS {phase}")
        reports = [m for m in talk.mails_to(players[power].address) if "results" in m.subject]
    [report] = reports
    return report.body


def units_now(talk: Conversation) -> list[str]:
    """The units of the open turn's board, 'POWER A loc', sorted."""
    with talk.judge.db.unit_of_work() as session:
        turn = session.scalars(sa.select(Turn).where(Turn.processed_at.is_(None))).one()
        position = position_from_json(turn.position_before)
    return sorted(f"{u.power} {u.kind} {u.loc}" for u in position.units)


def refused(reply: Mail, line_no: int, text: str, why: str) -> None:
    assert "[errors]" in reply.subject
    assert entry(reply, line_no, text, why), reply.body


def test_coasts_a_circle_and_a_convoy_as_players_write_them(
        talk: Conversation, players: dict[str, Player]) -> None:
    put_board(talk, "S1901M",
              ["FRANCE F mao", "RUSSIA F stp/sc", "TURKEY F ank", "TURKEY A con",
               "TURKEY A smy", "ENGLAND F nth", "ENGLAND A lon"],
              {"bre": "FRANCE", "stp": "RUSSIA", "ank": "TURKEY", "lon": "ENGLAND"})
    # DATC 6.B.1: a fleet to a two-coast province must say which coast.
    reply = send(talk, players["FRANCE"], "F mao-spa", "F Mao - Spa(nc)")
    refused(reply, 2, "F mao-spa", "say which coast of Spain: Spain (nc) or Spain (sc)")
    assert "  F Mid-Atlantic Ocean -> Spain (nc).\n" in reply.body
    send(talk, players["RUSSIA"], "F stp/sc-bot")              # its coast, as 6.B.10 writes it
    send(talk, players["TURKEY"], "F ank-con", "A con - smy", "a smy -> ank")  # DATC 6.C.1
    send(talk, players["ENGLAND"], "F nth c a lon-bel", "A lon-bel")           # DATC 6.F.1
    body = process(talk, "S1901M", players, "TURKEY")
    assert "Turkey:   F Ankara -> Constantinople.\n" in body
    assert "Turkey:   A Constantinople -> Smyrna.\n" in body
    assert "Turkey:   A Smyrna -> Ankara.\n" in body
    assert "France:   F Mid-Atlantic Ocean -> Spain (nc).\n" in body
    assert "Russia:   F St Petersburg (sc) -> Gulf of Bothnia.\n" in body
    assert "England:  F North Sea CONVOY A London -> Belgium.\n" in body
    assert "England:  A London -> Belgium.\n" in body
    assert "bounce" not in body and "dislodged" not in body


def test_retreats_by_letter_and_word_with_the_refusals_quoted(
        talk: Conversation, players: dict[str, Player]) -> None:
    """DATC 6.H: no retreat to where the attacker came from (Munich) or into an occupied
    province (Ruhr); two units retreating to one province are both disbanded (6.H.8's
    rule)."""
    put_board(talk, "S1901M",
              ["FRANCE A bur", "FRANCE F lyo", "GERMANY A mun", "GERMANY A ruh",
               "ITALY F tys", "ITALY F wes"], {"par": "FRANCE", "mun": "GERMANY"})
    send(talk, players["GERMANY"], "A mun - bur", "A ruh S A mun - bur")
    send(talk, players["ITALY"], "F tys-lyo", "f wes s f tys-lyo")
    process(talk, "S1901M", players, "FRANCE")
    reply = send(talk, players["FRANCE"], "A bur r mun", "A bur-ruh", "F lyo r mar",
                 "A bur retreats to Marseilles")
    allowed = "it may retreat to Belgium, Gascony, Marseilles, Paris, Picardy"
    refused(reply, 2, "A bur r mun", f"A Burgundy cannot retreat to Munich; {allowed}")
    refused(reply, 3, "A bur-ruh", f"A Burgundy cannot retreat to Ruhr; {allowed}")
    assert "  F Gulf of Lyon -> Marseilles.\n  A Burgundy -> Marseilles.\n" in reply.body
    body = process(talk, "S1901R", players, "FRANCE")
    assert "France:   A Burgundy -> Marseilles. (*bounce, destroyed*)\n" in body
    assert "France:   F Gulf of Lyon -> Marseilles. (*bounce, destroyed*)\n" in body
    assert "The next phase is Fall 1901 Movement." in body
    assert units_now(talk) == ["GERMANY A bur", "GERMANY A ruh", "ITALY F lyo", "ITALY F wes"]


def test_builds_and_removals_as_players_write_them(
        talk: Conversation, players: dict[str, Player]) -> None:
    """DATC 6.I: a fleet in St Petersburg needs its coast; no build outside one's home
    centres (6.I.6) or in an occupied one (6.I.3); 'waive' and 'B' and 'build fleet'; a
    removal more than owed is refused."""
    russia = {"mos": "RUSSIA", "stp": "RUSSIA", "war": "RUSSIA", "sev": "RUSSIA",
              "swe": "RUSSIA", "nwy": "RUSSIA"}
    germany = {"mun": "GERMANY", "ber": "GERMANY", "kie": "GERMANY"}
    put_board(talk, "W1901A", ["RUSSIA A mos", "GERMANY A mun", "GERMANY A ber",
                               "GERMANY A kie", "GERMANY A ruh", "GERMANY F hol"],
              {**russia, **germany})
    reply = send(talk, players["RUSSIA"], "build F stp", "b a mos", "b a swe",
                 "B f stp/nc", "Build fleet Sevastopol", "build a war", "waive")
    refused(reply, 2, "build F stp",
            "say which coast of St Petersburg: St Petersburg (nc) or St Petersburg (sc)")
    refused(reply, 3, "b a mos", "Moscow is not vacant. Your A Moscow stands there.")
    refused(reply, 4, "b a swe", "Sweden is not a home centre of Russia. Russia has no centre "
            "free to build in now: WAIVE the build.")
    assert ("  BUILD F St Petersburg (nc).\n  BUILD F Sevastopol.\n  BUILD A Warsaw.\n"
            "  WAIVE.\n") in reply.body
    reply = send(talk, players["GERMANY"], "remove a ruh", "F hol disband", "d a mun")
    refused(reply, 4, "d a mun", "Germany may remove 2 units in Winter 1901 Adjustments, "
            "and 'remove a ruh' (line 2), 'F hol disband' (line 3) already take them; to "
            "change them, send CLEAR and then the ones you want")
    assert "  A Ruhr REMOVE.\n  F Holland REMOVE.\n" in reply.body
