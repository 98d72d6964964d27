"""An adversary's attack on the survival game's anonymity (rn45 F2: the judge never tells
who plays another power) through a player of several games and the password throttle
(judge/game/throttle.py): wrong passwords count per seat and per account, and an account
with ten in the hour has every seat's password locked. Alice plays England in two open
Envoy games, gamma and delta; in game A she also plays France in the survival game beta,
in game B Carol does. Russia of beta tries four wrong passwords on each of Alice's two
known seats and two on France's: ten against Alice's account in game A only. His next
guess at Alice's seat in gamma was answered with the lock-out in game A and as a wrong
password in game B, which told him Alice plays France. His replies must be the same."""

from __future__ import annotations

from judge.store.db import Database
from tests.conversations.seat_confirm import confirmed, twin_confirmed
from tests.conversations.seating_helpers import POWERS, account
from tests.secrecy.noninterference import Seat
from tests.secrecy.twin import Twin

MASTER = Seat("", "gm@example.org", "SIGNON Mbeta gmpw")
FRANCE = ("alice@alpha.example", "carol@gamma.example")  # who plays France in A, in B
BOB = "bob@example.org"


def survival_game(twin: Twin) -> dict[str, Seat]:
    """Game beta, a survival game (rn45 F2), every power played; France by Alice in game A
    and by Carol in game B."""
    players = {p: Seat(p, f"{p.lower()}@example.org", f"SIGNON {POWERS[p]}beta pw-{p}")
               for p in POWERS if p != "FRANCE"}
    for talk in (twin.a, twin.b):
        for address in (MASTER.address, BOB, *FRANCE, *(s.address for s in players.values())):
            account(talk, address)
    twin.send(MASTER.address, "CREATE beta gmpw engineered level=advanced survival=yes "
                              "survival_players=7")
    for power, seat in players.items():
        twin_confirmed(twin, seat.address, f"JOIN beta pw-{power} {POWERS[power]}")
    twin.step += 1
    for talk, address in zip((twin.a, twin.b), FRANCE, strict=True):
        confirmed(talk, address, "JOIN beta pw-FRANCE F")
    return players


def envoy_of_two(twin: Twin, game: str) -> None:
    """An Envoy game of two, started: Alice plays England, Bob Germany (public)."""
    twin.send(MASTER.address, f"CREATE {game} gmpw envoy players=2")
    for address, first in ((FRANCE[0], "E"), (BOB, "G")):
        wishes = " ".join([first, *(p for p in sorted(POWERS.values()) if p != first)])
        twin.send(address, f"JOIN {game} pw-{first} {wishes}")


def test_an_account_s_lock_out_does_not_tell_its_seats_apart(
        databases: tuple[Database, Database]) -> None:
    twin = Twin(databases)
    russia = survival_game(twin)["RUSSIA"]
    for game in ("gamma", "delta"):
        envoy_of_two(twin, game)
    twin.watch(russia.address)
    for letter, game, tries in (("E", "gamma", 4), ("E", "delta", 4), ("F", "beta", 2)):
        for first in range(0, tries, 2):
            twin.send(russia.address, f"SIGNON {letter}{game} guess{first}\n"
                                      f"SIGNON {letter}{game} guess{first + 1}")
    replies = twin.send(russia.address, "SIGNON Egamma guess9")
    assert "wrong password" in replies[1], replies[1]
    # In game A the ten lock Alice's account, and she is told so; in game B only her seat
    # in gamma is locked, by the fifth guess there.
    every = "SIGNON for every seat of yours is refused"
    assert any(every in m.body for m in twin.a.mails_to(FRANCE[0]))
    assert not any(every in m.body for m in twin.b.mails_to(FRANCE[0]))
    told = twin.differences([russia.address])
    assert told == "", told
