"""The EMG mail format (Global Diplomacy rules §9.0) on a standard game."""

from __future__ import annotations

from judge.mail.emg import REPORT, TURN, emg_kind, read_emg
from judge.store import repo
from tests.conversations.game_setup import started_game
from tests.conversations.harness import Conversation
from tests.conversations.master_helpers import MASTER
from tests.conversations.seating_helpers import Player


def _account_id(talk: Conversation, address: str) -> int:
    with talk.judge.db.unit_of_work() as session:
        account = repo.account_by_address(session, address)
        assert account is not None
        return account.id


def _emg(talk: Conversation, player: Player, kind: str, *lines: str,
         account: str | None = None, sender: str | None = None) -> str:
    ident = account or str(_account_id(talk, player.address))
    body = "\n".join(["EMGSTART", f"  {ident}", "  alpha", *(f"    {x}" for x in lines),
                      "EMGEND"])
    reply = talk.send(sender or player.address, body, subject=kind)
    assert reply is not None
    return reply.body


def test_the_subject_names_the_kind() -> None:
    assert emg_kind("EMGTURN") == TURN
    assert emg_kind("Re: emgreport") == REPORT
    assert emg_kind("orders for EMG") is None


def test_the_block_is_read_whatever_the_spacing() -> None:
    request = read_emg(TURN, "hello\n  EMGSTART  \n ABC1234\n\n GD001 \n MO 1 45\nDW 3\n"
                             "EMGEND\nbye")
    assert (request.account, request.game, request.commands) == ("ABC1234", "GD001",
                                                                 ("MO 1 45", "DW 3"))
    assert read_emg(TURN, "ABC\nGD\nEMGEND").problem is not None
    assert "EMGEND" in str(read_emg(TURN, "EMGSTART\nABC\nGD\n").problem)
    assert "account id" in str(read_emg(TURN, "EMGSTART\nABC\nEMGEND").problem)


def test_emgturn_sets_the_orders_and_a_new_set_replaces_them(talk: Conversation) -> None:
    france = started_game(talk)["FRANCE"]
    first = _emg(talk, france, "EMGTURN", "A Par - Bur", "A Mar - Spa")
    assert "Errors" not in first and "A Paris -> Burgundy." in first
    second = _emg(talk, france, "EMGTURN", "F Bre - Mid-Atlantic Ocean")
    assert "A Paris -> Burgundy." not in second  # replaced, not merged
    assert "F Brest -> Mid-Atlantic Ocean." in second
    assert "Still without orders: A Marseilles, A Paris" in second


def test_a_wrong_account_or_game_id_is_explained(talk: Conversation) -> None:
    players = started_game(talk)
    france, england = players["FRANCE"], players["ENGLAND"]
    unknown = _emg(talk, france, "EMGTURN", "A Par H", account="99999")
    assert "no account with id '99999'" in unknown and "WHOAMI" in unknown
    other = _emg(talk, france, "EMGTURN", "A Par H",
                 account=str(_account_id(talk, england.address)))
    assert f"is not the account of {france.address}" in other
    master = _emg(talk, france, "EMGTURN", "A Par H", account=str(_account_id(talk, MASTER)),
                  sender=MASTER)
    assert "plays no power in game alpha" in master


def test_a_block_without_emgend_is_refused_whole(talk: Conversation) -> None:
    france = started_game(talk)["FRANCE"]
    reply = talk.send(france.address, "EMGSTART\n1\nalpha\nA Par H\n", subject="EMGTURN")
    assert reply is not None and "no EMGEND line after EMGSTART" in reply.body


def test_emgreport_mails_the_latest_report_again(talk: Conversation) -> None:
    france = started_game(talk)["FRANCE"]
    assert "No turn of this game has been processed yet" in _emg(talk, france, "EMGREPORT")
    talk.send(MASTER, "SIGNON Malpha gmpw\nPROCESS")
    report = talk.mails_to(france.address)[-1]
    again = _emg(talk, france, "EMGREPORT")
    assert "The latest report (S1901M) follows." in again
    # The report part of the reply is the report France received, line for line.
    body_lines = [line for line in report.body.splitlines() if line][2:6]
    assert body_lines and all(line in again for line in body_lines)


def test_whoami_shows_the_account_id(talk: Conversation) -> None:
    france = started_game(talk)["FRANCE"]
    reply = talk.send(france.address, "WHOAMI")
    assert reply is not None
    number = _account_id(talk, france.address)
    assert f"Account id: {number} (for EMG-format mail: EMGTURN, EMGREPORT)" in reply.body
