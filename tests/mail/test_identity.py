"""Who a message acts for: reply tokens, passwords from other addresses, forged headers."""

from __future__ import annotations

from email.message import EmailMessage

from judge.mail.reply_tokens import parse_request_token, parse_token
from judge.store.models import InboxState
from tests.conversations.account_guard import CONFIRM_SUBJECT, only
from tests.conversations.game_setup import started_game
from tests.conversations.harness import JUDGE, Conversation, Mail, raw_message
from tests.conversations.seating_helpers import Player

FRANCE_ORDERS = "A Par - Bur\nA Mar - Spa\nF Bre - Mid-Atlantic Ocean\n"


def _france(talk: Conversation) -> Player:
    return started_game(talk)["FRANCE"]


def _signed_reply(talk: Conversation, player: Player) -> Mail:
    reply = talk.send(player.address, f"SIGNON Falpha {player.password}\nA Par H")
    assert reply is not None
    talk.mails_to(player.address)  # tests look at what follows
    return reply


def _to(address: str, sender: str, body: str, subject: str = "Re: orders") -> bytes:
    raw = raw_message(sender, body, subject)
    return raw.replace(f"To: {JUDGE}".encode(), f"To: {address}".encode(), 1)


def test_a_signed_on_reply_carries_the_seats_token(talk: Conversation) -> None:
    france = _france(talk)
    reply_to = str(_signed_reply(talk, france).message["Reply-To"])
    assert reply_to.startswith("judge+s") and reply_to.endswith("@example.org")
    assert parse_token(reply_to, JUDGE) is not None
    # An unsigned reply (HELP from anyone) has no token: it speaks for no seat.
    help_reply = talk.send("stranger@example.net", "HELP")
    assert help_reply is not None and help_reply.message["Reply-To"] is None


def test_a_plain_reply_to_the_token_address_gives_orders(talk: Conversation) -> None:
    france = _france(talk)
    token = str(_signed_reply(talk, france).message["Reply-To"])
    reply = talk.deliver(_to(token, france.address, FRANCE_ORDERS))
    assert reply is not None
    assert "Errors" not in reply.body, reply.body
    assert "A Paris -> Burgundy." in reply.body and "A Marseilles -> Spain." in reply.body
    assert [m.subject for m in talk.mails_to(france.address)] == ["Re: orders"]  # no notice


def test_a_token_used_from_another_address_tells_the_owner(talk: Conversation) -> None:
    france = _france(talk)
    token = str(_signed_reply(talk, france).message["Reply-To"])
    reply = talk.deliver(_to(token, "phone@mobile.example", FRANCE_ORDERS))
    assert reply is not None and reply.to == ("phone@mobile.example",)
    assert "Errors" not in reply.body, reply.body
    notices = talk.mails_to(france.address)
    assert [n.subject for n in notices] == ["alpha: another address acted for you"]
    assert "phone@mobile.example" in notices[0].body and "SET PASSWORD" in notices[0].body


def test_a_password_used_from_another_address_tells_the_owner(talk: Conversation) -> None:
    france = _france(talk)
    reply = talk.send("laptop@elsewhere.example", f"SIGNON Falpha {france.password}\nA Par H")
    assert reply is not None and "Errors" not in reply.body
    notices = talk.mails_to(france.address)
    assert len(notices) == 1 and "laptop@elsewhere.example" in notices[0].body


def test_a_forged_token_acts_for_nobody(talk: Conversation) -> None:
    france = _france(talk)
    token = str(_signed_reply(talk, france).message["Reply-To"])
    seat_part, _, mac = token.partition("@")[0].partition("+")[2].partition("-")
    forged = f"judge+{seat_part}-{'a' * len(mac)}@example.org"
    reply = talk.deliver(_to(forged, "mallory@evil.example", FRANCE_ORDERS))
    assert reply is not None
    assert "sign on first" in reply.body.lower() or "SIGNON" in reply.body
    assert "no longer played" in reply.body  # the stale/forged token note
    assert talk.mails_to(france.address) == []


def test_a_password_change_retires_old_tokens(talk: Conversation) -> None:
    france = _france(talk)
    token = str(_signed_reply(talk, france).message["Reply-To"])
    talk.send(france.address, f"SIGNON Falpha {france.password}\nSET PASSWORD n3w")
    reply = talk.deliver(_to(token, france.address, FRANCE_ORDERS))
    assert reply is not None and "no longer played" in reply.body
    assert "Errors" in reply.body  # the orders were refused: nobody is signed on


def test_header_lines_in_the_body_are_never_honoured(talk: Conversation) -> None:
    reply = talk.send("alice@example.org",
                      "Reply-To: evil@example.net\nFrom: boss@example.org\nHELP")
    assert reply is not None and reply.to == ("alice@example.org",)
    assert "line 1: Reply-To: evil@example.net" in reply.body


def test_the_reply_goes_to_from_not_to_reply_to(talk: Conversation) -> None:
    reply = talk.send("alice@example.org", "HELP", headers={"Reply-To": "other@example.net"})
    assert reply is not None and reply.to == ("alice@example.org",)


def test_our_own_mail_coming_back_is_dropped(talk: Conversation) -> None:
    assert talk.send("bob@example.org", "HELP", headers={"X-Loop": JUDGE}) is None
    assert talk.last_inbox() == (InboxState.DROPPED,
                            f"X-Loop: {JUDGE} (this judge's own mail came back)")
    assert talk.send("judge+s1-abc@example.org", "HELP") is None
    assert talk.last_inbox()[1] == "sent by the judge itself"


def test_every_outgoing_message_is_marked_against_loops(talk: Conversation) -> None:
    reply = talk.send("alice@example.org", "HELP")
    assert reply is not None
    message: EmailMessage = reply.message
    assert message["X-Loop"] == JUDGE
    assert message["Auto-Submitted"] == "auto-replied"
    assert message["In-Reply-To"] is not None and message["References"] is not None


def test_a_games_reports_share_one_thread(talk: Conversation) -> None:
    france = _france(talk)
    talk.send("gm@example.org", "SIGNON Malpha gmpw\nPROCESS")
    report = talk.mails_to(france.address)[-1]
    assert report.subject == "alpha: Spring 1901 Movement results"
    assert report.message["References"] == "<game.alpha@example.org>"
    assert report.message["In-Reply-To"] is None


def test_a_reply_to_a_confirmation_address_confirms_whatever_its_from(
        talk: Conversation) -> None:
    france = _france(talk)
    talk.send(france.address, "SET ZONE Europe/Paris")
    confirmation = only(talk.mails_to(france.address), CONFIRM_SUBJECT)
    address = str(confirmation.message["Reply-To"])
    assert parse_request_token(address, JUDGE) is not None  # a code, not a seat's token
    reply = talk.deliver(_to(address, "phone@mobile.example", "> quoted confirmation"))
    assert reply is not None and reply.to == ("phone@mobile.example",)
    assert "1 done" in reply.body and "Confirmed: time zone: Europe/Paris." in reply.body
