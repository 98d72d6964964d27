"""An adversary's attack on the survival game's anonymity (rn45 F2: the judge never tells a
player who plays another power) through the EMG format (docs/mail.md): an EMG block names
an account, by its id or its name, and a game. Two games differ only in who plays France:
Alice in game A, Carol in game B; both have accounts on both judges. Russia writes, from
his own address, EMGREPORT and EMGTURN blocks naming Alice's account and then Carol's, with
a password and without, and more wrong passwords for Alice than a seat's password takes
before it is locked. The replies were "account id Alice Arden plays no power in game beta"
for the one who does not play and another refusal for the one who does (then the lock-out
of her seat's password), which told Russia who plays; they must be the same in both
games."""

from __future__ import annotations

import email.utils
from email.message import EmailMessage

from judge.store.db import Database
from tests.conversations.harness import START
from tests.conversations.seat_confirm import confirmed, twin_confirmed
from tests.conversations.seating_helpers import POWERS, account
from tests.secrecy.noninterference import Seat
from tests.secrecy.twin import PLAYERS_DOMAIN, Twin

GAME = "beta"
MASTER = Seat("", "gm@example.org", f"SIGNON M{GAME} gmpw")
FRANCE = ("alice@alpha.example", "carol@gamma.example")  # who plays France in A, in B
NAMES = ("Alice Arden", "Carol Coyle")


def survival_game(twin: Twin) -> dict[str, Seat]:
    """Game beta, a survival game (rn45 F2), every power played; France by Alice in game A
    and by Carol in game B, each joining from her own address."""
    players = {p: Seat(p, f"{p.lower()}@example.org", f"SIGNON {POWERS[p]}{GAME} pw-{p}")
               for p in POWERS if p != "FRANCE"}
    for talk in (twin.a, twin.b):
        for seat in (MASTER, *players.values()):
            account(talk, seat.address)
        for address, name in zip(FRANCE, NAMES, strict=True):
            account(talk, address, name)
    twin.send(MASTER.address, f"CREATE {GAME} gmpw engineered level=advanced survival=yes "
                              "survival_players=7")
    for power, seat in players.items():
        twin_confirmed(twin, seat.address, f"JOIN {GAME} pw-{power} {POWERS[power]}")
    twin.step += 1
    for game, address in enumerate(FRANCE):
        talk = (twin.a, twin.b)[game]
        confirmed(talk, address, f"JOIN {GAME} pw-FRANCE F")
    return players


def emg(kind: str, who: str, game_line: str) -> tuple[str, str]:
    body = "\n".join(["EMGSTART", f"  {who}", f"  {game_line}", "    A Par H", "EMGEND"])
    return kind, body


def test_an_emg_block_does_not_tell_whether_an_account_plays(
        databases: tuple[Database, Database]) -> None:
    twin = Twin(databases)
    players = survival_game(twin)
    russia = players["RUSSIA"]
    twin.watch(russia.address)
    replies = []
    for who in ("Alice Arden", "Carol Coyle", "alice arden"):
        for kind in ("EMGREPORT", "EMGTURN"):
            for game_line in (GAME, f"{GAME} guess"):
                subject, body = emg(kind, who, game_line)
                replies.append(deliver(twin, russia.address, subject, body))
    # Six blocks more, each with a wrong password: a seat's password is locked after five
    # (judge/game/throttle.py), and the lock-out, told for a seat only, told that it was.
    for guess in range(6):
        replies.append(deliver(twin, russia.address, "EMGTURN",
                               emg("EMGTURN", "Alice Arden", f"{GAME} guess{guess}")[1]))
    assert any("Alice" in a or "alice" in a for a, _ in replies), replies
    told = twin.differences([russia.address])
    assert told == "", told
    assert [a for a, _ in replies] == [b for _, b in replies]


def deliver(twin: Twin, sender: str, subject: str, body: str) -> tuple[str, str]:
    """`body` under `subject` from `sender` to both games, the same bytes; both replies."""
    twin.step += 1
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = "judge@example.org"
    msg["Subject"] = subject
    msg["Message-ID"] = f"<step-{twin.step}@{PLAYERS_DOMAIN}>"
    msg["Date"] = email.utils.format_datetime(START)
    msg.set_content(body)
    got = []
    for game, talk in enumerate((twin.a, twin.b)):
        reply = talk.deliver(msg.as_bytes())
        got.append("" if reply is None else reply.body)
        twin._collect(twin._worlds[game], game)
    return got[0], got[1]
