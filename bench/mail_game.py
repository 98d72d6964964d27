"""The mail bench's game and messages: a started standard game made through the game layer,
and the players' order messages in the two ways a player can speak for a seat.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from email.message import EmailMessage
from email.policy import SMTP
from itertools import cycle

from judge.game.clock import SystemClock
from judge.game.lifecycle import create_game, join_game, start_game
from judge.mail.reply_tokens import token_address
from judge.store import repo
from judge.store.db import Database

GAME = "alpha"
JUDGE_USER, MASTER_USER, BARE_USER = "judge", "master", "bench"
# Every power but Turkey orders, so no message completes the turn: nothing is adjudicated
# while the clock runs (Turkey's orders are sent once at the end, timed apart).
PLAYERS = {"alice": "AUSTRIA", "bob": "ENGLAND", "carol": "FRANCE", "dave": "GERMANY",
           "erin": "ITALY", "frank": "RUSSIA", "grace": "TURKEY"}
SILENT = "grace"
ORDERING = tuple(user for user in PLAYERS if user != SILENT)
STYLES = ("token", "signon")
# Two plausible Spring 1901 sets per power, alternated so no two messages in a row from one
# player are the same; each is a whole set, as players send them.
ORDERS: dict[str, tuple[tuple[str, ...], ...]] = {
    "AUSTRIA": (("A Vie-Gal", "A Bud-Ser", "F Tri-Alb"), ("A Vie-Tri", "A Bud-Rum", "F Tri-Adr")),
    "ENGLAND": (("F Lon-Nth", "F Edi-Nwg", "A Lvp-Yor"), ("F Lon-Eng", "F Edi-Nth", "A Lvp-Edi")),
    "FRANCE": (("A Par-Bur", "A Mar-Spa", "F Bre-Mid"), ("A Par-Pic", "A Mar S A Par-Bur",
                                                         "F Bre-Eng")),
    "GERMANY": (("A Ber-Kie", "A Mun-Ruh", "F Kie-Den"), ("A Ber-Sil", "A Mun-Bur", "F Kie-Hol")),
    "ITALY": (("A Ven-Pie", "A Rom-Apu", "F Nap-Ion"), ("A Ven H", "A Rom-Ven", "F Nap-Tys")),
    "RUSSIA": (("A Mos-Ukr", "A War-Gal", "F Sev-Bla", "F StP/sc-Bot"),
               ("A Mos-StP", "A War-Ukr", "F Sev-Rum", "F StP/sc-Fin")),
    "TURKEY": (("A Con-Bul", "A Smy-Arm", "F Ank-Bla"),),
}


@dataclass(frozen=True)
class Seating:
    """What a player needs to write to the judge: the password and the reply address."""

    user: str
    power: str
    password: str
    token_address: str


def set_up_game(db: Database, domain: str, judge_address: str) -> dict[str, Seating]:
    """A started game alpha, one player per power, without start notices (nothing queued)."""
    with db.unit_of_work() as session:
        master = repo.create_account(session, name="Game Master",
                                     address=f"{MASTER_USER}@{domain}")
        game = create_game(session, name=GAME, password="gm-secret", variant="standard",
                           master=master)
        for user, power in PLAYERS.items():
            account = repo.create_account(session, name=user.title(),
                                          address=f"{user}@{domain}")
            join_game(session, game, account, f"pw-{user}", [power])
        start_game(session, game, SystemClock(), random.Random(1))
        seats = {}
        for seat in game.seats:
            if seat.power is not None:
                user = seat.account.addresses[0].address.partition("@")[0]
                seats[user] = Seating(user=user, power=seat.power, password=f"pw-{user}",
                                      token_address=token_address(judge_address, seat))
        return seats


def order_message(seating: Seating, style: str, serial: int, *, domain: str,
                  tag: str, to: str | None = None) -> EmailMessage:
    """One player's order message, written in `style` (token or signon)."""
    sets = ORDERS[seating.power]
    # Each player's turn comes every len(ORDERING) serials: alternate on the player's round.
    lines = list(sets[serial // len(ORDERING) % len(sets)])
    message = EmailMessage(policy=SMTP)
    message["From"] = f"{seating.user.title()} <{seating.user}@{domain}>"
    message["Message-ID"] = f"<{tag}-{serial}@{domain}>"
    if style == "token":
        message["To"] = to or seating.token_address
        message["Subject"] = f"Re: {GAME}: the game has started"
    else:
        message["To"] = to or f"{JUDGE_USER}@{domain}"
        message["Subject"] = "orders"
        letter = seating.power[0]
        lines.insert(0, f"SIGNON {letter}{GAME} {seating.password}")
    message.set_content("\n".join(lines) + "\n")
    return message


def order_messages(seats: dict[str, Seating], count: int, styles: tuple[str, ...], *,
                   domain: str, tag: str, to: str | None = None) -> list[EmailMessage]:
    """`count` messages, the ordering players in turn, the styles alternating."""
    players, kinds = cycle(ORDERING), cycle(styles)
    return [order_message(seats[next(players)], next(kinds), serial, domain=domain,
                          tag=tag, to=to) for serial in range(count)]


def last_orders(seats: dict[str, Seating], *, domain: str, tag: str) -> EmailMessage:
    """The silent power's orders: they complete the turn, so the judge adjudicates."""
    return order_message(seats[SILENT], "signon", 0, domain=domain, tag=tag)
