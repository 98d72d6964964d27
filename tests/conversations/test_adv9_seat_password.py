"""Adversary adv9 on the seats that wait for CONFIRM (adv8, fix25): the password.

A JOIN or OBSERVE of a game that hides who plays stores the password it gives, and CONFIRM
<code> takes the seat with it. A forger who writes JOIN in Alice's name chooses that
password, and the code goes to Alice. Two ways Alice ends up confirming his request:
his JOIN comes after hers and replaces it (the judge then tells her to use the code in
the newest mail), or he sends five in an hour, so that her own JOIN is refused by the
hourly limit, again and again, and the codes she holds are all his. Either way the seat,
once she confirms, signs on with his password, from any address (SIGNON <power><game>):
he learns that she plays and can order for her. So CONFIRM <code> <password> takes the
seat with the password given there, whoever asked, and the mails say so."""

from __future__ import annotations

import sqlalchemy as sa

from judge.game.games import find_game
from judge.game.passwords import verify_password
from judge.store.models import Seat, SeatRole
from tests.conversations.harness import Conversation
from tests.conversations.seat_confirm import seat_code, seat_mail
from tests.conversations.seating_helpers import account, reply

GAME = "beta"
SURVIVAL = "engineered level=advanced survival=yes survival_players=7"
ALICE = "alice@example.org"
FORGED = "russia-knows"


def _survival(talk: Conversation) -> None:
    account(talk, "gm@example.org", "Game Master")
    reply(talk, "gm@example.org", f"CREATE {GAME} gmpw {SURVIVAL}")
    account(talk, ALICE, "Alice")


def _password_of(talk: Conversation, role: SeatRole) -> str | None:
    with talk.judge.db.unit_of_work() as session:
        game = find_game(session, GAME)
        seats = session.scalars(sa.select(Seat).where(Seat.game_id == game.id,
                                                      Seat.role == role)).all()
        assert len(seats) == 1, seats
        return seats[0].password_hash


def test_an_owner_locked_out_by_forged_joins_takes_the_seat_with_her_own_password(
        talk: Conversation) -> None:
    _survival(talk)
    for _ in range(5):
        reply(talk, ALICE, f"JOIN {GAME} {FORGED}")
    refused = reply(talk, ALICE, f"JOIN {GAME} alice-pw F").body
    assert "no more are taken for now" in refused, refused
    assert "CONFIRM <code> <password>" in refused, refused
    done = reply(talk, ALICE, f"CONFIRM {seat_code(talk, ALICE)} alice-pw").body
    assert f"Confirmed: Alice joined {GAME}." in done, done
    stored = _password_of(talk, SeatRole.PLAYER)
    assert verify_password("alice-pw", stored) and not verify_password(FORGED, stored)


def test_a_forged_join_that_replaced_hers_is_confirmed_with_her_own_password(
        talk: Conversation) -> None:
    _survival(talk)
    reply(talk, ALICE, f"JOIN {GAME} alice-pw F")
    reply(talk, ALICE, f"JOIN {GAME} {FORGED}")
    # The code's mail says the request's password is not kept, and how to give one.
    newest = seat_mail(talk, ALICE)
    assert newest is not None
    assert f"CONFIRM {seat_code(talk, ALICE)} <password>" in newest.body, newest.body
    reply(talk, ALICE, f"CONFIRM {seat_code(talk, ALICE)} alice-pw")
    stored = _password_of(talk, SeatRole.PLAYER)
    assert verify_password("alice-pw", stored) and not verify_password(FORGED, stored)


def test_a_forged_observe_is_confirmed_with_her_own_password(talk: Conversation) -> None:
    _survival(talk)
    reply(talk, ALICE, f"OBSERVE {GAME} {FORGED}")
    done = reply(talk, ALICE, f"CONFIRM {seat_code(talk, ALICE)} alice-pw").body
    assert f"Confirmed: Alice observes {GAME}" in done, done
    assert "wrong password" in reply(talk, "russia@example.org",
                                     f"SIGNON O{GAME} {FORGED}").body
    assert f"Signed on as observer in {GAME}." in reply(talk, ALICE,
                                                        f"SIGNON O{GAME} alice-pw").body


def test_a_password_after_an_account_change_code_is_refused_as_before(
        talk: Conversation) -> None:
    """Only a seat's code takes a password: CONFIRM of any other code with a second word
    is refused with its usage, as it was."""
    _survival(talk)
    told = reply(talk, ALICE, "CONFIRM c99-k3v9q2m7a1b4c8d6 extra").body
    assert "write CONFIRM and the code from the judge's mail" in told, told


def test_forged_joins_of_another_game_do_not_keep_the_owner_out_of_this_one(
        talk: Conversation) -> None:
    """The hourly limit counts an account's requests in every game: five forged JOINs of
    gamma refused Alice's own JOIN of beta, and she held no code for beta to confirm. A
    game with no working code yet still gets one; one that has one does not (so the
    mailbox is not flooded: one more mail per game at most)."""
    _survival(talk)
    reply(talk, "gm@example.org", f"CREATE gamma gmpw {SURVIVAL}")
    for _ in range(5):
        reply(talk, ALICE, f"JOIN gamma {FORGED}")
    reply(talk, ALICE, f"JOIN {GAME} alice-pw F")
    done = reply(talk, ALICE, f"CONFIRM {seat_code(talk, ALICE)}").body
    assert f"Confirmed: Alice joined {GAME}." in done, done
    again = reply(talk, ALICE, f"JOIN gamma {FORGED}").body
    assert "no more are taken for now. The code in the newest mail for gamma" in again, again


def test_past_the_limit_a_player_is_told_he_plays_not_of_codes_never_mailed(
        talk: Conversation) -> None:
    """Requests refused because the account already plays are stored all the same (their
    codes never mailed; tests/secrecy/test_adv9_code_numbers.py), so past the limit the
    player is told what he would be told below it."""
    _survival(talk)
    for _ in range(5):
        reply(talk, ALICE, f"OBSERVE {GAME} {FORGED}")
    reply(talk, ALICE, f"JOIN {GAME} alice-pw F")
    reply(talk, ALICE, f"CONFIRM {seat_code(talk, ALICE)}")
    for _ in range(5):
        told = reply(talk, ALICE, f"OBSERVE {GAME} {FORGED}").body
    assert f"you play in {GAME}, so you cannot also observe it" in told, told


def test_a_guessed_seat_code_is_answered_as_a_number_that_is_no_request(
        talk: Conversation) -> None:
    """With a password after it, a wrong secret on a seat request's number was refused
    as "no request has the code", on any other number with CONFIRM's usage: the answer
    told which numbers are seat requests. Now both get the same words."""
    _survival(talk)
    reply(talk, ALICE, f"OBSERVE {GAME} pw")
    number = seat_code(talk, ALICE).split("-")[0]
    guesses = [f"{number}-aaaaaaaaaaaaaaaa", "c999-aaaaaaaaaaaaaaaa"]
    for words in ("", " a-password"):
        told = [reply(talk, "russia@example.org", f"CONFIRM {g}{words}").body
                .replace(g, "<code>") for g in guesses]
        assert told[0] == told[1], told
