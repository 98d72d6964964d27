"""An adversary's attack on the survival game's anonymity (rn45 F2: players write to each
other only through the judge, which never tells who plays another power). Two games differ
only in who plays France: Alice at alpha.example in game A, Carol at gamma.example in game
B, each writing from her own address with her own mailer's Message-IDs. France writes press
to Russia and to everyone, answers by the reply address of the judge's mail, and sends
commands that fail; Russia, the other players and an observer, writing the same mail in
both games, must receive the same bytes: no name, address, domain or Message-ID of hers."""

from __future__ import annotations

import email.utils
from email.message import EmailMessage

from judge.store.db import Database
from tests.conversations.harness import START
from tests.conversations.seat_confirm import seat_code, twin_confirmed
from tests.conversations.seating_helpers import POWERS, account
from tests.secrecy.noninterference import Seat
from tests.secrecy.twin import Twin

GAME = "beta"
MASTER = Seat("", "gm@example.org", f"SIGNON M{GAME} gmpw")
OBSERVER = Seat("", "observer@example.org", f"SIGNON O{GAME} obspw")
FRANCE = (("Alice Arden", "alice@alpha.example"), ("Carol Coyle", "carol@gamma.example"))


def send_as_france(twin: Twin, body: str, to: str = "judge@example.org",
                   reply_to_id: str = "", body_b: str | None = None) -> list[str]:
    """`body` (`body_b` in game B, if given) from France's player in each game: her own
    name, address and Message-ID; the replies' text."""
    twin.step += 1
    replies = []
    for game, (name, address) in enumerate(FRANCE):
        msg = EmailMessage()
        msg["From"] = email.utils.formataddr((name, address))
        msg["To"] = to
        msg["Subject"] = "Re: hello" if reply_to_id else "press"
        msg["Message-ID"] = f"<{twin.step}.{name.split()[0].lower()}@{address.split('@')[1]}>"
        if reply_to_id:
            msg["In-Reply-To"] = reply_to_id
            msg["References"] = reply_to_id
        msg["Date"] = email.utils.format_datetime(START)
        msg.set_content(body if game == 0 or body_b is None else body_b)
        world = twin._worlds[game]
        reply = world.talk.deliver(msg.as_bytes())
        replies.append("" if reply is None else reply.body)
        twin._collect(world, game)
    return replies


def survival_table(twin: Twin, zones: tuple[str, str] = ("UTC", "UTC")
                   ) -> tuple[dict[str, Seat], list[str]]:
    """The survival game with every seat confirmed, France played by Alice in game A and
    by Carol in B (their accounts in `zones`); the other players and the observer watched."""
    players = {p: Seat(p, f"{p.lower()}@example.org", f"SIGNON {POWERS[p]}{GAME} pw-{p}")
               for p in POWERS if p != "FRANCE"}
    for game, talk in enumerate((twin.a, twin.b)):
        for seat in (MASTER, OBSERVER, *players.values()):
            account(talk, seat.address)
        account(talk, FRANCE[game][1], FRANCE[game][0], zones[game])
    twin.send(MASTER.address, f"CREATE {GAME} gmpw engineered level=advanced survival=yes "
                              "survival_players=7")
    twin_confirmed(twin, OBSERVER.address, f"OBSERVE {GAME} obspw")
    for power, seat in players.items():
        twin_confirmed(twin, seat.address, f"JOIN {GAME} pw-{power} {POWERS[power]}")
    watched = [s.address for s in (*players.values(), OBSERVER)]
    twin.watch(*watched)
    send_as_france(twin, f"JOIN {GAME} pw-FRANCE F")
    send_as_france(twin, f"CONFIRM {seat_code(twin.a, FRANCE[0][1])} pw-FRANCE F",
                   body_b=f"CONFIRM {seat_code(twin.b, FRANCE[1][1])} pw-FRANCE F")
    return players, watched


def test_who_plays_france_is_kept_from_the_others(
        databases: tuple[Database, Database]) -> None:
    twin = Twin(databases)
    players, watched = survival_table(twin)
    france = f"SIGNON F{GAME} pw-FRANCE"
    send_as_france(twin, f"{france}\nPRESS TO Russia\nHello from France.\nENDPRESS")
    send_as_france(twin, f"{france}\nBROADCAST\nHello, all.\nENDPRESS")
    send_as_france(twin, f"{france}\nPRESS TO Nowhere\nlost\nENDPRESS\nA Xyz H")
    russia = players["RUSSIA"]
    twin.send(russia.address, f"{russia.signon}\nPRESS TO France\nWho are you?\nENDPRESS")
    for seat in (*players.values(), OBSERVER):
        twin.send(seat.address, f"{seat.signon}\nLIST {GAME}\nSUMMARY {GAME}\nWHOAMI\n"
                                f"HISTORY {GAME}")
    told = twin.differences(watched)
    assert told == "", told
    got = "\n".join(twin.transcript(russia.address))
    assert "Hello from France." in got and "Hello, all." in got
    for secret in ("Alice", "alpha.example", "alice"):
        assert secret not in got
