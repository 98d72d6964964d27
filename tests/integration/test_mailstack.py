"""The test mail stack itself: what the other integration tests rely on."""

from __future__ import annotations

import imaplib
import smtplib
import ssl
import subprocess
from email.message import EmailMessage

import pytest
from imapclient import IMAPClient

from tests.integration.conftest import require_program
from tests.mailstack import MailStack


def message(sender: str, to: str, subject: str, body: str = "HELP\n") -> EmailMessage:
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = sender, to, subject
    msg.set_content(body)
    return msg


def test_smtp_to_imap_round_trip(mail: MailStack) -> None:
    with mail.smtp() as smtp:
        smtp.send_message(message(mail.addr("alice"), mail.addr("judge"), "round trip"))
    [raw] = mail.wait_for("judge", 1)
    assert b"Subject: round trip" in raw
    assert b"by mail.example.test (Postfix)" in raw  # it really went through Postfix
    assert mail.messages("alice") == []


def test_a_plus_address_reaches_the_base_user_s_inbox(mail: MailStack) -> None:
    with mail.smtp() as smtp:
        smtp.send_message(message(mail.addr("bob"), "judge+r7x2@example.test", "via postfix"))
    mail.deliver_lmtp("judge+q9", message(mail.addr("bob"), "x", "via lmtp").as_bytes())
    raws = mail.wait_for("judge", 2)
    subjects = sorted(line for raw in raws for line in raw.splitlines()
                      if line.startswith(b"Subject:"))
    assert subjects == [b"Subject: via lmtp", b"Subject: via postfix"]
    assert b"Delivered-To: judge+r7x2@example.test" in b"".join(raws)


def test_an_unknown_user_is_refused_at_rcpt(mail: MailStack) -> None:
    with mail.smtp() as smtp, pytest.raises(smtplib.SMTPRecipientsRefused) as refused:
        smtp.send_message(message(mail.addr("alice"), "nobody+x@example.test", "lost"))
    assert refused.value.recipients["nobody+x@example.test"][0] == 550


def test_reset_empties_every_folder_and_uidvalidity_can_be_set(mail: MailStack) -> None:
    mail.deliver_lmtp("carol", b"Subject: one\r\n\r\nbody\r\n")
    with mail.imap("carol") as client:
        client.create_folder("Processed")
        client.select_folder("INBOX")
        client.move(client.search("ALL"), "Processed")
    mail.deliver_lmtp("carol", b"Subject: two\r\n\r\nbody\r\n")
    assert (len(mail.messages("carol")), len(mail.messages("carol", "Processed"))) == (1, 1)
    mail.reset()
    assert (mail.messages("carol"), mail.messages("carol", "Processed")) == ([], [])
    mail.set_uidvalidity("carol", 777)
    with mail.imap("carol") as client:
        assert client.select_folder("INBOX")[b"UIDVALIDITY"] == 777


def test_recreate_leaves_new_mailboxes_that_take_mail(mail: MailStack) -> None:
    """The mail bench's reset between runs (bench/mail_runs.py): the Maildir goes with its
    index log, which expunging leaves to grow, and the next delivery makes a new one."""
    for number in range(3):
        mail.deliver_lmtp("carol", f"Subject: old {number}\r\n\r\nbody\r\n".encode())
    assert len(mail.messages("carol")) == 3
    maildir = mail.base / "mail" / "carol" / "Maildir"
    mail.reset()
    assert (maildir / "dovecot.index.log").exists()  # what expunging keeps
    mail.recreate()
    assert not maildir.exists()
    with mail.smtp() as smtp:
        smtp.send_message(message(mail.addr("alice"), mail.addr("carol"), "after"))
    [raw] = mail.wait_for("carol", 1)
    assert b"Subject: after" in raw


def test_swaks_delivers_through_postfix(mail: MailStack) -> None:
    swaks = require_program("swaks")
    result = subprocess.run(
        [swaks, "--server", "127.0.0.1", "--port", str(mail.smtp_port),
         "--from", mail.addr("dave"), "--to", mail.addr("judge"),
         "--header", "Subject: by swaks", "--body", "SIGNON Fgame secret", "--hide-all"],
        stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    [raw] = mail.wait_for("judge", 1)
    assert b"SIGNON Fgame secret" in raw


def test_wait_for_says_what_is_missing(mail: MailStack) -> None:
    with pytest.raises(TimeoutError, match=r"erin/INBOX holds 0 of 1 messages"):
        mail.wait_for("erin", 1, timeout=0.2)


def test_tls_paths_verify_against_the_cafile(mail_tls: MailStack) -> None:
    context = ssl.create_default_context(cafile=str(mail_tls.cafile))
    judge = mail_tls.addr("judge")
    with smtplib.SMTP("127.0.0.1", mail_tls.smtp_port, timeout=10) as smtp:
        smtp.starttls(context=context)
        smtp.send_message(message(mail_tls.addr("alice"), judge, "starttls"))
    with smtplib.SMTP_SSL("127.0.0.1", mail_tls.smtps_port, context=context, timeout=10) as smtp:
        smtp.send_message(message(mail_tls.addr("alice"), judge, "smtps"))
    mail_tls.wait_for("judge", 2)
    with IMAPClient("127.0.0.1", port=mail_tls.imaps_port, ssl=True, ssl_context=context,
                    timeout=10) as imaps:
        imaps.login("judge", "secret")
        assert imaps.select_folder("INBOX")[b"EXISTS"] == 2
    with IMAPClient("127.0.0.1", port=mail_tls.imap_port, ssl=False, timeout=10) as imap:
        imap.starttls(context)
        imap.login("judge", "secret")
        assert imap.select_folder("INBOX")[b"EXISTS"] == 2


def test_an_unknown_certificate_is_refused(mail_tls: MailStack) -> None:
    # The system's trust store does not know the stack's certificate.
    with pytest.raises(ssl.SSLCertVerificationError):
        imaplib.IMAP4_SSL("127.0.0.1", mail_tls.imaps_port,
                          ssl_context=ssl.create_default_context(), timeout=10)
