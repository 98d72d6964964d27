"""A standard game year by email: seven players and a master on real Postfix and Dovecot.

Players write with smtplib to Postfix, which delivers to the judge's Dovecot mailbox; the
judge (`judge serve`, a real process) polls it over IMAP and sends every reply and report
back through Postfix into the players' mailboxes, where they read them over IMAP. Some
players sign on with their password, the others just reply to the judge's mail (its
Reply-To token). The orders were chosen so every result is easy to check by hand.
"""

from __future__ import annotations

import email
import email.policy
import time
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.integration.judge_process import JudgeProcess
from tests.mailstack import MailStack

SEATS = {"alice": "AUSTRIA", "bob": "ENGLAND", "carol": "FRANCE", "dave": "GERMANY",
         "erin": "ITALY", "frank": "RUSSIA", "grace": "TURKEY"}
BY_TOKEN = {"bob", "dave", "frank"}  # these reply to the judge's mail, no SIGNON

ORDERS = {
    # Vienna and Warsaw bounce in Galicia, Sevastopol and Ankara in the Black Sea.
    "S1901M": {
        "alice": ["A Vie-Gal", "A Bud-Ser", "F Tri-Alb"],
        "bob": ["F Lon-Nth", "F Edi-Nwg", "A Lvp-Yor"],
        "carol": ["A Par-Bur", "A Mar-Spa", "F Bre-Mid"],
        "dave": ["A Ber-Kie", "A Mun-Ruh", "F Kie-Den"],
        "erin": ["A Ven-Pie", "A Rom-Apu", "F Nap-Ion"],
        "frank": ["A Mos-Ukr", "A War-Gal", "F Sev-Bla", "F StP/sc-Bot"],
        "grace": ["A Con-Bul", "A Smy-Arm", "F Ank-Bla"],
    },
    # Nobody meets anybody: Greece, Norway, Belgium, Spain, Portugal, Holland, Denmark,
    # Tunis, Rumania, Sweden and Bulgaria change hands; Serbia is left empty.
    "F1901M": {
        "alice": ["A Vie H", "A Ser-Gre", "F Alb S A Ser-Gre"],
        "bob": ["F Nwg-Nwy", "F Nth H", "A Yor H"],
        "carol": ["A Bur-Bel", "A Spa H", "F Mid-Por"],
        "dave": ["A Kie-Hol", "A Ruh H", "F Den H"],
        "erin": ["A Pie H", "A Apu H", "F Ion-Tun"],
        "frank": ["A Ukr-Rum", "A War H", "F Sev H", "F Bot-Swe"],
        "grace": ["A Bul H", "A Arm H", "F Ank H"],
    },
    # Centres minus units: Austria 4-3, England 4-3, France 6-3, Germany 5-3, Italy 4-3,
    # Russia 6-4, Turkey 4-3; each builds on vacant home centres.
    "W1901A": {
        "alice": ["Build A Bud"],
        "bob": ["Build F Lon"],
        "carol": ["Build A Par", "Build A Mar", "Build F Bre"],
        "dave": ["Build A Ber", "Build A Mun"],
        "erin": ["Build F Nap"],
        "frank": ["Build A Mos", "Build A StP"],
        "grace": ["Build A Smy"],
    },
}
TITLES = {"S1901M": "Spring 1901 Movement", "F1901M": "Fall 1901 Movement",
          "W1901A": "Winter 1901 Adjustments"}


def _parse(raw: bytes) -> EmailMessage:
    message = email.message_from_bytes(raw, policy=email.policy.default)
    assert isinstance(message, EmailMessage)
    return message


def _text(message: EmailMessage) -> str:
    part = message.get_body(("plain",))
    assert part is not None
    return str(part.get_content()).replace("\r\n", "\n")


class Player:
    def __init__(self, stack: MailStack, user: str) -> None:
        self.stack, self.user = stack, user
        self.address = stack.addr(user)
        self.taken: set[int] = set()

    def send(self, body: str, *, to: str | None = None, subject: str = "orders",
             in_reply_to: str | None = None) -> None:
        message = EmailMessage()
        message["From"], message["To"] = self.address, to or self.stack.addr("judge")
        message["Subject"] = subject
        if in_reply_to:
            message["In-Reply-To"] = in_reply_to
        message.set_content(body)
        with self.stack.smtp() as smtp:
            smtp.send_message(message)

    def wait(self, subject_part: str, timeout: float = 90.0) -> EmailMessage:
        """The oldest message not taken yet whose subject contains subject_part.

        Messages are taken out of order: a turn's report is queued before the reply to the
        orders that completed the turn, and either may be looked for first.
        """
        deadline = time.monotonic() + timeout
        while True:
            for index, raw in enumerate(self.stack.messages(self.user)):
                message = _parse(raw)
                if index not in self.taken and subject_part in str(message["Subject"]):
                    self.taken.add(index)
                    return message
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.user}: no mail with {subject_part!r} in "
                                   f"{timeout} s")
            time.sleep(0.1)


@pytest.fixture
def judge(mail: MailStack, tmp_path: Path) -> Iterator[JudgeProcess]:
    process = JudgeProcess(mail, tmp_path).start()
    try:
        yield process
    finally:
        process.kill()


def _set_up(mail: MailStack) -> dict[str, Player]:
    master = Player(mail, "master")
    master.send("REGISTER\nname: Game Master\nEND\nCREATE alpha gm-secret standard")
    assert "Errors" not in _text(master.wait("Re: orders"))
    players = {user: Player(mail, user) for user in SEATS}
    for user, power in SEATS.items():
        players[user].send(f"REGISTER\nname: {user.title()}\nEND\n"
                           f"JOIN alpha pw-{user} {power[0]}")
    for user, player in players.items():
        start = player.wait("the game has started")
        assert SEATS[user].title() in _text(start)
    return players


def _orders(players: dict[str, Player], phase: str, last: dict[str, EmailMessage]) -> None:
    for user, lines in ORDERS[phase].items():
        player = players[user]
        if user in BY_TOKEN:
            previous = last[user]
            token = str(previous["Reply-To"])
            assert token.startswith("judge+s"), token
            player.send("\n".join(lines), to=token, subject=f"Re: {previous['Subject']}",
                        in_reply_to=str(previous["Message-ID"]))
        else:
            signon = f"SIGNON {SEATS[user][0]}alpha pw-{user}"
            player.send("\n".join([signon, *lines]))
        reply = player.wait("Re: ")
        assert "Errors" not in _text(reply), _text(reply)


def test_seven_players_play_1901_by_email(mail: MailStack, judge: JudgeProcess) -> None:
    players = _set_up(mail)
    last: dict[str, EmailMessage] = {}
    for user in players:
        last[user] = _parse(mail.messages(user)[-1])
    reports: dict[str, dict[str, str]] = {}
    for phase in ("S1901M", "F1901M", "W1901A"):
        _orders(players, phase, last)
        reports[phase] = {}
        for user, player in players.items():
            report = player.wait(f"alpha: {TITLES[phase]} results")
            last[user], reports[phase][user] = report, _text(report)
    spring, fall, winter = (reports[p]["carol"] for p in ("S1901M", "F1901M", "W1901A"))
    assert "Austria:  A Vienna -> Galicia. (*bounce*)" in spring
    assert "Russia:   A Warsaw -> Galicia. (*bounce*)" in spring
    assert "Turkey:   F Ankara -> Black Sea. (*bounce*)" in spring
    assert "France:   A Paris -> Burgundy." in spring
    assert "Austria:  A Serbia -> Greece." in fall
    assert "Russia:   F Gulf of Bothnia -> Sweden." in fall
    assert "France:   builds 3 units" in winter and "Russia:   builds 2 units" in winter
    assert "France:   BUILD A Paris." in winter and "Turkey:   BUILD A Smyrna." in winter
    assert "The next phase is Spring 1902 Movement." in winter
    # Every player saw the same standard report (no hidden information in standard).
    for phase in reports:
        bodies = {"\n".join(line for line in text.splitlines()
                            if not line.startswith("Report for:"))
                  for text in reports[phase].values()}
        assert len(bodies) == 1, phase
    assert judge.stop() == 0
    assert "judge stopped" in judge.log_text()
