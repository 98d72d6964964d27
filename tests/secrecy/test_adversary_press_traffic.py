"""An adversary's attack on private press (traffic analysis): whether France wrote to
Germany is theirs to know. Two games differ only in that (game A: France writes press to
Germany; game B: France asks WHOAMI instead). Then Italy writes press to everyone; the
players who are neither France nor Germany and the observer must receive the same bytes,
the reply address of Italy's press included (a number in it counted every press of the
judge, so it told how many had been written meanwhile)."""

from __future__ import annotations

import re

import sqlalchemy as sa

from judge.store.db import Database
from judge.store.models import OutboxMessage
from tests.conversations.harness import Conversation
from tests.secrecy.engineered import OBSERVER, engineered_table
from tests.secrecy.twin import Twin


def test_press_between_two_others_is_not_counted_in_a_third_s_mail(
        databases: tuple[Database, Database]) -> None:
    twin = Twin(databases)
    table = engineered_table(twin)
    seats = table.players
    watched = [s.address for p, s in seats.items() if p not in ("FRANCE", "GERMANY")]
    twin.watch(*watched, OBSERVER.address)
    italy, france = seats["ITALY"], seats["FRANCE"]
    twin.send(italy.address, f"{italy.signon}\nBROADCAST\nGood morning.\nENDPRESS")
    twin.send(france.address, f"{france.signon}\nPRESS TO Germany\nJust us.\nENDPRESS",
              f"{france.signon}\nWHOAMI")
    twin.send(italy.address, f"{italy.signon}\nBROADCAST\nGood evening.\nENDPRESS")
    got = "\n".join(twin.transcript(seats["RUSSIA"].address))
    assert "Good evening." in got and "Reply-To: judge+p" in got, got
    # The twin masks the press number (permuted under each seat's random secret), so the
    # game itself is read: Italy's evening press is the judge's third (second in game B),
    # and the number Russia reads in its reply address is not that count.
    numbers = [int(n) for n in re.findall(r"judge\+p(\d+)-", reply_addresses(twin.a))]
    assert numbers and not set(numbers) & {1, 2, 3}, numbers
    told = twin.differences([*watched, OBSERVER.address])
    assert told == "", told


def reply_addresses(talk: Conversation) -> str:
    """Every Reply-To the judge wrote to Russia."""
    with talk.judge.db.unit_of_work() as session:
        rows = session.scalars(sa.select(OutboxMessage)).all()
        return "\n".join(line for row in rows if "russia@example.org" in row.recipients
                         for line in row.message.decode("utf-8", "replace").splitlines()
                         if line.startswith("Reply-To:"))
