"""Shared set-up for the seating, player, vote and press conversation tests.

Accounts are made with the repository (REGISTER belongs to another family); games are
created and filled through CREATE and JOIN mails, as players would.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import sqlalchemy as sa

from judge.game.games import find_game, settings_of, store_settings
from judge.game.settings import GameSettings
from judge.store import repo
from judge.store.models import Seat
from tests.conversations.harness import Conversation, Mail

# Each power's initial, in the standard variant's order of powers.
POWERS = {"AUSTRIA": "A", "ENGLAND": "E", "FRANCE": "F", "GERMANY": "G", "ITALY": "I",
          "RUSSIA": "R", "TURKEY": "T"}
MASTER = "gm@example.org"


@dataclass(frozen=True)
class Player:
    power: str
    address: str
    password: str

    def signon(self, game: str = "alpha") -> str:
        return f"SIGNON {POWERS[self.power]}{game} {self.password}"


def account(talk: Conversation, address: str, name: str = "", zone: str = "UTC") -> None:
    with talk.judge.db.unit_of_work() as session:
        if repo.account_by_address(session, address) is not None:
            return
        repo.create_account(session, name=name or address.split("@")[0], address=address,
                            time_zone=zone)


def reply(talk: Conversation, sender: str, body: str) -> Mail:
    mail = talk.send(sender, body)
    assert mail is not None
    return mail


def create(talk: Conversation, game: str = "alpha", extra: str = "") -> Mail:
    account(talk, MASTER, "Game Master")
    return reply(talk, MASTER, f"CREATE {game} gmpass standard {extra}".strip())


def address_of(power: str) -> str:
    return f"{power.lower()}@example.org"


def fill(talk: Conversation, game: str = "alpha",
         powers: tuple[str, ...] = tuple(POWERS)) -> dict[str, Player]:
    """Players join `game`, each wanting a different power first, so each gets that one."""
    players = {}
    for power in powers:
        player = Player(power, address_of(power), f"pw-{power.lower()}")
        account(talk, player.address, power.title() + " Player")
        answer = reply(talk, player.address, f"JOIN {game} {player.password} {POWERS[power]}")
        assert "You joined" in answer.body, answer.body
        players[power] = player
    return players


def started_game(talk: Conversation, game: str = "alpha",
                 change: Callable[[GameSettings], GameSettings] | None = None
                 ) -> dict[str, Player]:
    """A running standard game, its settings changed by `change` before it starts."""
    create(talk, game)
    if change is not None:
        configure(talk, game, change)
    players = fill(talk, game)
    talk.mails_to(MASTER)  # the start notices are tested elsewhere
    for player in players.values():
        talk.mails_to(player.address)
    return players


def configure(talk: Conversation, game: str,
              change: Callable[[GameSettings], GameSettings]) -> None:
    """Change a game's settings directly (the master's SET commands are another family's)."""
    with talk.judge.db.unit_of_work() as session:
        found = find_game(session, game)
        store_settings(found, change(settings_of(found)))


def game_row(talk: Conversation, game: str = "alpha") -> dict[str, object]:
    with talk.judge.db.unit_of_work() as session:
        found = find_game(session, game)
        return {"state": found.state.value, "result": found.result}


def say(talk: Conversation, player: Player, body: str) -> str:
    """`body` sent by `player`, signed on to alpha: the reply's text."""
    return reply(talk, player.address, f"{player.signon()}\n{body}").body


def seats(talk: Conversation, game: str = "alpha") -> list[tuple[str, str, str | None, str]]:
    """(address, role, power, status) of every seat, in the order taken."""
    with talk.judge.db.unit_of_work() as session:
        found = find_game(session, game)
        rows = session.scalars(sa.select(Seat).where(Seat.game_id == found.id)
                               .order_by(Seat.id)).all()
        return [(s.account.addresses[0].address, s.role.value, s.power, s.status.value)
                for s in rows]
