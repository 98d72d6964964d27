"""Fix 26: a seat asked for in a game that hides who plays (a survival game) is taken
with a password only its owner knows.

A JOIN forged in Alice's name (From is only a claim, RFC 5322) carried the forger's
password and preference list, and Alice's plain `CONFIRM <code>` kept them: the forger
then signed on to her seat. Now the code comes in a mail of its own to her address,
which shows what the request asked; the request's password and powers are never kept;
CONFIRM <code> <password> [<powers>] sets hers, and a plain CONFIRM, or a plain reply
to that mail, sets one the judge chooses and tells only in its answer."""

from __future__ import annotations

import re

import sqlalchemy as sa

from judge.game.games import find_game
from judge.game.passwords import verify_password
from judge.store import repo
from judge.store.models import AccountAddress, Seat, SeatRole
from tests.conversations.account_guard import reply_address, send_to
from tests.conversations.harness import Conversation
from tests.conversations.seat_confirm import confirmed, seat_code, seat_mail
from tests.conversations.seating_helpers import account, reply, seats

GAME = "beta"
SURVIVAL = "engineered level=advanced survival=yes survival_players=7"
ALICE = "alice@example.org"
MALLORY = "mallory@example.org"
FORGED = "mallory-knows"
CHOSEN = re.compile(r"The judge chose this seat's password: (\S+) ")


def _survival(talk: Conversation, name: str = GAME) -> None:
    account(talk, "gm@example.org", "Game Master")
    reply(talk, "gm@example.org", f"CREATE {name} gmpw {SURVIVAL}")
    account(talk, ALICE, "Alice")
    account(talk, MALLORY, "Mallory")


def _alices_seat(talk: Conversation, game: str = GAME) -> tuple[str | None, list[str], str]:
    """Alice's player seat: its power, preferences and password hash."""
    with talk.judge.db.unit_of_work() as session:
        found = find_game(session, game)
        row = session.scalars(sa.select(Seat).where(
            Seat.game_id == found.id, Seat.role == SeatRole.PLAYER)).all()
        mine = [s for s in row if s.account.addresses[0].address == ALICE]
        assert len(mine) == 1, mine
        return mine[0].power, list(mine[0].preferences or []), mine[0].password_hash or ""


def _fill(talk: Conversation) -> None:
    """Six more players: the game starts and every seat has a power."""
    for n in range(6):
        address = f"p{n}@example.org"
        account(talk, address)
        confirmed(talk, address, f"JOIN {GAME} pw-p{n}")


def test_a_forged_join_confirmed_by_its_owner_gives_the_forger_no_seat(
        talk: Conversation) -> None:
    _survival(talk)
    forged = reply(talk, ALICE, f"JOIN {GAME} {FORGED} Turkey").body  # From: Alice, forged
    assert "CONFIRM c" not in forged, forged
    code = seat_code(talk, ALICE)
    done = reply(talk, ALICE, f"CONFIRM {code}").body
    assert f"Confirmed: Alice joined {GAME}." in done, done
    chosen = CHOSEN.search(done)
    assert chosen is not None and chosen.group(1) != FORGED, done
    _fill(talk)
    power, preferences, stored = _alices_seat(talk)
    assert power is not None and preferences == []
    assert not verify_password(FORGED, stored)
    # The forger tries his password on every power's seat: none takes it.
    letters = sorted({s[2][0] for s in seats(talk, GAME) if s[2]})
    for letter in letters:
        tried = reply(talk, MALLORY, f"SIGNON {letter}{GAME} {FORGED}").body
        assert "Signed on" not in tried, tried
    mine = reply(talk, ALICE, f"SIGNON {power[0]}{GAME} {chosen.group(1)}").body
    assert "Signed on as" in mine, mine


def test_the_code_mail_shows_the_request_and_confirm_sets_her_own_password_and_powers(
        talk: Conversation) -> None:
    _survival(talk)
    reply(talk, ALICE, f"JOIN {GAME} {FORGED} Turkey")
    mail = seat_mail(talk, ALICE)
    assert mail is not None and mail.to == (ALICE,)
    assert "asked to join beta for your account (Alice), listing the powers Turkey" \
        in mail.body, mail.body
    assert "neither the password nor the powers that message gave are kept" in mail.body
    done = reply(talk, "elsewhere@example.org",
                 f"CONFIRM {seat_code(talk, ALICE)} alice-pw France England").body
    assert f"Confirmed: Alice joined {GAME}." in done and "chose" not in done, done
    _, preferences, stored = _alices_seat(talk)
    assert preferences == ["FRANCE", "ENGLAND"]
    assert verify_password("alice-pw", stored) and not verify_password(FORGED, stored)


def test_a_plain_reply_to_the_code_mail_confirms_and_tells_the_password(
        talk: Conversation) -> None:
    _survival(talk)
    reply(talk, ALICE, f"JOIN {GAME} alice-pw")
    mail = seat_mail(talk, ALICE)
    assert mail is not None
    quoted = "\n".join(f"> {line}" for line in mail.body.splitlines())
    done = send_to(talk, reply_address(mail), ALICE, f"On Monday the judge wrote:\n{quoted}")
    assert f"Confirmed: Alice joined {GAME}." in done.body, done.body
    chosen = CHOSEN.search(done.body)
    assert chosen is not None, done.body
    assert verify_password(chosen.group(1), _alices_seat(talk)[2])


def test_a_reply_with_words_of_its_own_says_what_to_write(talk: Conversation) -> None:
    _survival(talk)
    reply(talk, ALICE, f"OBSERVE {GAME} alice-pw")
    mail = seat_mail(talk, ALICE)
    assert mail is not None
    told = send_to(talk, reply_address(mail), ALICE, "I never asked for this!").body
    assert f"send the line CONFIRM {seat_code(talk, ALICE)}" in told, told
    assert [s for s in seats(talk, GAME) if s[0] == ALICE] == []


def test_an_observe_confirm_takes_a_password_but_no_powers(talk: Conversation) -> None:
    _survival(talk)
    reply(talk, ALICE, f"OBSERVE {GAME} {FORGED}")
    code = seat_code(talk, ALICE)
    told = reply(talk, ALICE, f"CONFIRM {code} alice-pw France").body
    assert "only a JOIN's CONFIRM lists powers" in told, told
    done = reply(talk, ALICE, f"CONFIRM {code} alice-pw").body  # nothing was used up
    assert f"Confirmed: Alice observes {GAME}" in done, done
    assert "wrong password" in reply(talk, MALLORY, f"SIGNON O{GAME} {FORGED}").body


def test_a_code_works_once_and_for_its_own_game_only(talk: Conversation) -> None:
    """Adversary: another game's code, and a code reused."""
    _survival(talk)
    reply(talk, "gm@example.org", f"CREATE gamma gmpw {SURVIVAL}")
    reply(talk, ALICE, f"JOIN {GAME} alice-pw")
    beta = seat_code(talk, ALICE)
    reply(talk, ALICE, "JOIN gamma alice-pw")
    gamma = seat_code(talk, ALICE)
    done = reply(talk, ALICE, f"CONFIRM {beta} alice-pw").body
    assert f"Confirmed: Alice joined {GAME}." in done and "gamma" not in done, done
    again = reply(talk, MALLORY, f"CONFIRM {beta} {FORGED}").body
    assert "this code has been used already" in again, again
    assert verify_password("alice-pw", _alices_seat(talk)[2])
    # A code's number with another code's secret is no code.
    forged_code = f"{gamma.split('-')[0]}-{beta.split('-')[1]}"
    told = reply(talk, MALLORY, f"CONFIRM {forged_code} {FORGED}").body
    assert "Confirmed" not in told, told


def test_the_code_goes_to_the_accounts_address_not_to_the_forged_from(
        talk: Conversation) -> None:
    """Adversary: the From of a forged request is an address of the account (here its
    older one, which may since belong to someone else); the code goes only where the
    account's mail goes now."""
    _survival(talk)
    with talk.judge.db.unit_of_work() as session:
        found = repo.account_by_address(session, ALICE)
        assert found is not None
        found.addresses.append(AccountAddress(address="alice@new.example", verified=True))
    asked = reply(talk, ALICE, f"JOIN {GAME} {FORGED}").body
    assert "CONFIRM c" not in asked, asked
    assert seat_mail(talk, ALICE) is None
    assert seat_mail(talk, "alice@new.example") is not None
