"""The EMG mail format (Global Diplomacy rules §9.0) on a standard game."""

from __future__ import annotations

from judge.mail.inbound.emg import REPORT, TURN, emg_kind, read_emg
from judge.store import repo
from tests.conversations.game_setup import started_game
from tests.conversations.harness import JUDGE, Conversation, raw_message
from tests.conversations.master_helpers import MASTER
from tests.conversations.seating_helpers import Player


def _account_id(talk: Conversation, address: str) -> int:
    with talk.judge.db.unit_of_work() as session:
        account = repo.account_by_address(session, address)
        assert account is not None
        return account.id


def _emg(talk: Conversation, player: Player, kind: str, *lines: str,
         account: str | None = None, sender: str | None = None,
         password: str | None = "") -> str:
    """The reply to an EMG block; `password` on the game line (the player's own when "",
    none when None)."""
    ident = account or str(_account_id(talk, player.address))
    game = "alpha" if password is None else f"alpha {password or player.password}"
    body = "\n".join(["EMGSTART", f"  {ident}", f"  {game}", *(f"    {x}" for x in lines),
                      "EMGEND"])
    reply = talk.send(sender or player.address, body, subject=kind)
    assert reply is not None
    return reply.body


def _orders_of(talk: Conversation, player: Player) -> str:
    """The reply to an order for another unit, which shows the power's whole set."""
    reply = talk.send(player.address, f"{player.signon()}\nF Bre H")
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
    # Another's account: nothing about its seats, its password not tried (docs/mail.md).
    assert f"is not the account of {france.address}" in other
    assert france.password not in other  # the game line is quoted without its password
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


def test_a_forged_from_cannot_set_orders_by_emgturn(talk: Conversation) -> None:
    """From is a claim, not proof (issue #11): without the seat's reply address or its
    password, an EMGTURN from the player's own address sets nothing."""
    france = started_game(talk)["FRANCE"]
    _emg(talk, france, "EMGTURN", "A Par - Bur")
    forged = _emg(talk, france, "EMGTURN", "A Par - Pic", password=None)
    assert "need proof that they are yours" in forged and "alpha <password>" in forged
    assert "Picardy" not in forged
    assert "A Paris -> Burgundy." in _orders_of(talk, france)


def test_emgturn_to_the_seats_reply_address_needs_no_password(talk: Conversation) -> None:
    france = started_game(talk)["FRANCE"]
    first = talk.send(france.address, f"{france.signon()}\nA Par H")
    assert first is not None
    token = str(first.message["Reply-To"])
    body = f"EMGSTART\n{_account_id(talk, france.address)}\nalpha\nA Par - Bur\nEMGEND"
    raw = raw_message(france.address, body, "EMGTURN")
    reply = talk.deliver(raw.replace(f"To: {JUDGE}".encode(), f"To: {token}".encode(), 1))
    assert reply is not None and "A Paris -> Burgundy." in reply.body
    assert "Errors" not in reply.body


def test_emgturn_passwords_are_throttled_like_signon(talk: Conversation) -> None:
    france = started_game(talk)["FRANCE"]
    # Guesses under France's own From (forged: the answers go to her, not the guesser);
    # from another address no password is tried at all (docs/mail.md).
    for guess in ("a1", "b2", "c3", "d4", "e5"):
        assert "wrong password" in _emg(talk, france, "EMGTURN", "A Par - Pic", password=guess)
    stranger = _emg(talk, france, "EMGTURN", "A Par - Pic", sender="x@attacker.example")
    assert "is not the account of x@attacker.example" in stranger
    locked = _emg(talk, france, "EMGTURN", "A Par - Pic")  # the right one now waits
    assert "not checked: too many wrong passwords were tried for France in alpha" in locked
    assert "Picardy" not in locked


def test_a_password_after_a_tab_is_never_quoted_back(talk: Conversation) -> None:
    france = started_game(talk)["FRANCE"]
    ident = _account_id(talk, france.address)
    reply = talk.send(france.address, f"EMGSTART\n{ident}\nalphx\t{france.password}\n"
                                      "A Par - Bur\nEMGEND", subject="EMGTURN")
    assert reply is not None and "no game called 'alphx'" in reply.body
    assert france.password not in reply.body
