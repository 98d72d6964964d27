"""A forged From takes no account (issue #11 item 1), by mail, on both backends.

From is a claim anyone can write: a change to an account waits for a code mailed to the
address its mail goes to, and an address change can be undone from the address before.
"""

from __future__ import annotations

from datetime import timedelta

from tests.conversations.account_guard import (
    CONFIRM_SUBJECT,
    UNDO_SUBJECT,
    accounts,
    answer,
    code_in,
    only,
    prove,
    reply_address,
    send_to,
)
from tests.conversations.game_setup import started_game
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import MASTER, Player

MALLORY = "mallory@evil.example"
ORDERS = "A Par - Bur\nA Mar - Spa\nF Bre - Mid-Atlantic Ocean\n"


def _france(talk: Conversation) -> Player:
    france = started_game(talk)["FRANCE"]
    assert france.address == "p4@example.org"  # the seed deals France to Player 4
    return france


def _victim_unchanged(talk: Conversation, victim: Player) -> None:
    assert accounts(talk)[5] == ("Player 4", "UTC", [victim.address])


def test_a_forged_set_address_moves_no_mail(talk: Conversation) -> None:
    france = _france(talk)
    reply = answer(talk, france.address, f"SET ADDRESS {MALLORY}")
    # The reply goes to the From: the forger never reads it.
    assert reply.to == (france.address,)
    assert f"Waiting for confirmation: mail to go to: {MALLORY}." in reply.body
    assert "c1-" not in reply.body  # the code is only in the mail to the account's address
    _victim_unchanged(talk, france)
    confirmation = only(talk.mails_to(france.address), CONFIRM_SUBJECT)
    assert f"A message from {france.address}, received Mon 02 Nov 2026 09:00 UTC" in \
        confirmation.body
    assert f"  mail to go to: {MALLORY}\n" in confirmation.body
    assert "Nothing has changed yet." in confirmation.body
    # The turn's results still go to France's own address, and nothing to the forger.
    answer(talk, MASTER, "SIGNON Malpha gmpw\nPROCESS")
    assert [m.subject for m in talk.mails_to(france.address)] == \
        ["alpha: Spring 1901 Movement results"]
    assert talk.mails_to(MALLORY) == []


def test_a_forged_register_with_an_address_moves_no_mail(talk: Conversation) -> None:
    france = _france(talk)
    reply = answer(talk, france.address,
                   f"REGISTER\nname: Mallory\nzone: Asia/Tokyo\naddress: {MALLORY}\nEND")
    assert ("Waiting for confirmation: mail to go to: mallory@evil.example; time zone: "
            "Asia/Tokyo; name: Mallory.") in reply.body
    _victim_unchanged(talk, france)
    only(talk.mails_to(france.address), CONFIRM_SUBJECT)
    assert talk.mails_to(MALLORY) == []


def test_a_forged_register_for_a_new_address_points_no_mail_elsewhere(
        talk: Conversation) -> None:
    reply = answer(talk, "newcomer@example.org",
                   f"REGISTER\nname: Newcomer\naddress: {MALLORY}\nEND")
    assert "mail goes to newcomer@example.org." in reply.body
    assert f"Waiting for confirmation: mail to go to: {MALLORY}." in reply.body
    assert accounts(talk) == [("Newcomer", "UTC", ["newcomer@example.org"])]
    only(talk.mails_to("newcomer@example.org"), CONFIRM_SUBJECT)
    assert talk.mails_to(MALLORY) == []


def test_an_older_address_of_the_account_cannot_confirm_for_it(talk: Conversation) -> None:
    france = _france(talk)
    answer(talk, france.address, "SET ADDRESS p4@new.example")
    answer(talk, france.address, code_in(only(talk.mails_to(france.address),
                                              CONFIRM_SUBJECT)))
    prove(talk, "p4@new.example")
    # p4@example.org still identifies the account, but mail goes to p4@new.example now.
    answer(talk, france.address, f"SET ADDRESS {MALLORY}")
    assert [m.subject for m in talk.mails_to(france.address)] == [
        "Re: commands", UNDO_SUBJECT, "Re: commands"]  # CONFIRM's and SET ADDRESS's replies
    only(talk.mails_to("p4@new.example"), CONFIRM_SUBJECT)


def test_a_seats_reply_address_does_not_prove_the_mailbox(talk: Conversation) -> None:
    """Whoever knows a seat's password gets replies carrying its token: no proof of the
    account's mailbox, so a change sent there still waits."""
    france = _france(talk)
    signed = answer(talk, MALLORY, f"SIGNON Falpha {france.password}\nA Par H")
    token = reply_address(signed)
    reply = send_to(talk, token, france.address, f"SET ADDRESS {MALLORY}")
    assert f"Waiting for confirmation: mail to go to: {MALLORY}." in reply.body
    _victim_unchanged(talk, france)


def test_codes_are_single_use_expire_and_are_replaced(talk: Conversation) -> None:
    france = _france(talk)
    answer(talk, france.address, "SET ZONE Europe/Paris")
    first = code_in(only(talk.mails_to(france.address), CONFIRM_SUBJECT))
    answer(talk, france.address, "SET ZONE Europe/Rome")
    second = code_in(only(talk.mails_to(france.address), CONFIRM_SUBJECT))
    assert "a newer request replaced the one this code was for" in \
        answer(talk, france.address, first).body
    assert "Confirmed: time zone: Europe/Rome." in answer(talk, france.address, second).body
    again = answer(talk, france.address, second)
    assert again.subject == "[errors] Re: commands"
    assert "this code has been used already, and each code works once" in again.body
    answer(talk, france.address, "SET ZONE Asia/Tokyo")
    late = code_in(only(talk.mails_to(france.address), CONFIRM_SUBJECT))
    talk.clock.advance(timedelta(hours=72))
    # 72 hours after Mon 09:00 UTC, shown in the account's zone (Rome, UTC+1 in November).
    assert ("this code expired on Thu 05 Nov 2026 10:00 Europe/Rome; send the change again "
            "to get a new code") in answer(talk, france.address, late).body
    assert accounts(talk)[5][1] == "Europe/Rome"


def test_guessed_and_misused_codes(talk: Conversation) -> None:
    france = _france(talk)
    answer(talk, france.address, "SET ZONE Europe/Paris")
    code = code_in(only(talk.mails_to(france.address), CONFIRM_SUBJECT)).split()[1]
    guessed = code[:-4] + ("aaaa" if not code.endswith("aaaa") else "bbbb")
    assert f"no request has the code {guessed}; check it against the judge's mail" in \
        answer(talk, MALLORY, f"CONFIRM {guessed}").body
    assert f"{code} is a code for CONFIRM, not UNDO; write CONFIRM {code}" in \
        answer(talk, MALLORY, f"UNDO {code}").body
    assert "'hello' is not a code from the judge" in answer(talk, MALLORY, "CONFIRM hello").body
    stale = send_to(talk, f"judge+{guessed}@example.org", MALLORY)
    assert f"line 0: CONFIRM {guessed} (the address you wrote to)" in stale.body
    assert "no request has the code" in stale.body
    assert accounts(talk)[5][1] == "UTC"


def test_several_lines_of_one_message_make_one_request(talk: Conversation) -> None:
    france = _france(talk)
    reply = answer(talk, france.address, "SET ZONE Europe/Paris\nSET ADDRESS p4@new.example")
    assert reply.body.count("Waiting for confirmation") == 2
    confirmation = only(talk.mails_to(france.address), CONFIRM_SUBJECT)
    assert "  mail to go to: p4@new.example\n  time zone: Europe/Paris\n" in confirmation.body
    send_to(talk, reply_address(confirmation), france.address)
    assert accounts(talk)[5] == ("Player 4", "Europe/Paris", ["p4@example.org"])
    prove(talk, "p4@new.example")
    assert accounts(talk)[5] == ("Player 4", "Europe/Paris",
                                 ["p4@example.org", "p4@new.example"])


def test_a_flood_of_requests_is_cut_off(talk: Conversation) -> None:
    france = _france(talk)
    for zone in ("Europe/Paris", "Europe/Rome", "Europe/Berlin", "Europe/Oslo",
                 "Europe/Vienna"):
        assert "Waiting for confirmation" in answer(talk, france.address,
                                                    f"SET ZONE {zone}").body
    refused = answer(talk, france.address, "SET ZONE Europe/Madrid")
    assert ("this account has been asked to change 5 times in the last hour, each asking "
            "its owner to confirm; no more are taken for now") in refused.body
    assert len(talk.mails_to(france.address)) == 5 + 6  # the confirmations and replies


def test_undo_takes_the_account_back_and_retires_its_reply_addresses(
        talk: Conversation) -> None:
    france = _france(talk)
    old_token = reply_address(answer(talk, france.address,
                                     f"SIGNON Falpha {france.password}\nA Par H"))
    answer(talk, france.address, f"SET ADDRESS {MALLORY}")
    # Suppose the confirmation was read by someone else (a mailbox open for a while).
    answer(talk, MALLORY, code_in(only(talk.mails_to(france.address), CONFIRM_SUBJECT)))
    prove(talk, MALLORY)
    answer(talk, MALLORY, "SET ZONE Asia/Tokyo")  # waits for mallory's own confirmation
    notice = only(talk.mails_to(france.address), UNDO_SUBJECT)
    assert "change them too" in notice.body
    undone = send_to(talk, reply_address(notice), france.address)
    assert (f"Undone: the judge's mail for Player 4 goes to {france.address} again; "
            f"{MALLORY} is no longer on the account.") in undone.body
    assert "The reply addresses of your 1 seat(s) are renewed" in undone.body
    assert "SIGNON Falpha <password>, then SET PASSWORD <new one>" in undone.body
    assert accounts(talk)[5] == ("Player 4", "UTC", [france.address])
    stale = send_to(talk, old_token, france.address, ORDERS)
    assert "no longer played" in stale.body
    removed = only(talk.mails_to(MALLORY), "Your address on the judge was removed")
    assert f"A message from {france.address} undid the change" in removed.body
    again = send_to(talk, reply_address(notice), france.address)
    assert "this code has been used already" in again.body


def test_undo_cancels_the_changes_still_waiting(talk: Conversation) -> None:
    france = _france(talk)
    answer(talk, france.address, f"SET ADDRESS {MALLORY}")
    answer(talk, MALLORY, code_in(only(talk.mails_to(france.address), CONFIRM_SUBJECT)))
    prove(talk, MALLORY)
    answer(talk, MALLORY, "SET ZONE Asia/Tokyo")
    waiting = code_in(only(talk.mails_to(MALLORY), CONFIRM_SUBJECT))
    answer(talk, france.address, code_in(only(talk.mails_to(france.address), UNDO_SUBJECT)))
    assert "an UNDO took the account back since" in answer(talk, MALLORY, waiting).body
    assert accounts(talk)[5][1] == "UTC"


def test_a_password_changed_from_elsewhere_is_told_and_can_be_taken_back(
        talk: Conversation) -> None:
    france = _france(talk)
    answer(talk, MALLORY, f"SIGNON Falpha {france.password}\nSET PASSWORD stolen")
    notices = talk.mails_to(france.address)
    # One notice, the specific one, not also the general "another address acted".
    notice = only(notices, "alpha: your seat's password was changed")
    assert len(notices) == 1
    assert f"A message from {MALLORY} changed the password of your seat, France in alpha" \
        in notice.body
    back = send_to(talk, reply_address(notice), france.address, "SET PASSWORD mine-again")
    assert "The password of France in alpha is changed" in back.body
    assert "wrong password" in answer(talk, MALLORY, "SIGNON Falpha stolen").body


def test_a_reply_with_words_of_its_own_confirms_nothing(talk: Conversation) -> None:
    """The victim of a forged request who answers the confirmation to protest must not
    confirm it by answering."""
    france = _france(talk)
    answer(talk, france.address, f"SET ADDRESS {MALLORY}")
    confirmation = only(talk.mails_to(france.address), CONFIRM_SUBJECT)
    protest = send_to(talk, reply_address(confirmation), france.address,
                      "I never asked for this!\n\n> Nothing has changed yet.")
    assert protest.subject.startswith("[errors]")
    assert ("nothing is confirmed: your message has text of its own, so it may not mean "
            "yes. To confirm, reply to the judge's mail with no text at all, or send the "
            "line CONFIRM c1-") in protest.body
    _victim_unchanged(talk, france)
    assert talk.mails_to(MALLORY) == []
    # An empty reply still confirms afterwards: the request was left waiting.
    assert f"The judge has now mailed a code to {MALLORY}" in \
        send_to(talk, reply_address(confirmation), france.address).body
