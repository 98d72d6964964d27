"""An Envoy game created and filled by mail: master gm@example.org, players by address.

`envoy_game(talk, hidden="stab")` creates `beta` with two players, Ann (France first) and
Bob (Germany first), and returns their signed-on `Player`s after the start notices.
"""

from __future__ import annotations

from collections import Counter

from judge.engine.codec import position_from_json
from judge.game.games import find_game, position_of
from judge.store.repo_games import turns_of
from tests.conversations.harness import Conversation, Mail
from tests.conversations.seating_helpers import MASTER, Player, account, reply

ANN, BOB = "ann@example.org", "bob@example.org"
GAME = "beta"


def create(talk: Conversation, options: str = "") -> Mail:
    account(talk, MASTER, "Game Master")
    return reply(talk, MASTER, f"CREATE beta gmpw envoy {options}".strip())


def join(talk: Conversation, address: str, wishes: str) -> Mail:
    account(talk, address)
    return reply(talk, address, f"JOIN beta pw-{address[0]} {wishes}")


def envoy_game(talk: Conversation, hidden: str = "none") -> dict[str, Player]:
    """Ann wants France, Bob Germany: each gets his first choice (rule 2)."""
    create(talk, f"hidden={hidden}")
    join(talk, ANN, "F G E I A R T")
    join(talk, BOB, "G F E I A R T")
    for who in (MASTER, ANN, BOB):
        talk.mails_to(who)
    return {"FRANCE": Player("FRANCE", ANN, "pw-a"),
            "GERMANY": Player("GERMANY", BOB, "pw-b")}


def say(talk: Conversation, player: Player, body: str) -> Mail:
    return reply(talk, player.address, f"{player.signon(GAME)}\n{body}")


def placed(talk: Conversation, hidden: str = "none") -> dict[str, Player]:
    """After Winter 1913: Italy is France's Major Ally and Austria Germany's (two diplomats
    each, rule 6); France's others stand in Spain and Belgium, Germany's in Denmark and
    Holland."""
    players = envoy_game(talk, hidden)
    say(talk, players["FRANCE"], "Build D Ita\nBuild D Ita\nBuild D Spa\nBuild D Bel")
    say(talk, players["GERMANY"], "Build D Aus\nBuild D Aus\nBuild D Den\nBuild D Hol")
    for who in (MASTER, ANN, BOB):
        talk.mails_to(who)
    return players


def start_state(talk: Conversation, game: str = "beta") -> dict[str, object]:
    """The state of the game's first position, as stored."""
    with talk.judge.db.unit_of_work() as session:
        first = turns_of(session, find_game(session, game))[0]
        return dict(position_of(first).state)


def summary_counts(text: str) -> dict[str, dict[str, int | None]]:
    """SUMMARY's table (docs/commands.md): {'FRANCE': {'Start': 5, '1914': 6}}, None for
    a '?' (a count the game hides from the reader)."""
    lines = [line.strip() for line in text.split("\n")]
    at = lines.index("Supply centres:")
    labels = lines[at + 1].split()
    table: dict[str, dict[str, int | None]] = {}
    for line in lines[at + 2:]:
        words = line.split()
        if len(words) != len(labels) + 1 or not all(w.isdigit() or w == "?"
                                                    for w in words[1:]):
            break
        table[words[0].upper()] = dict(zip(
            labels, (None if w == "?" else int(w) for w in words[1:]), strict=True))
    return table


def centre_counts(talk: Conversation, year: str, game: str = GAME) -> Counter[str]:
    """Each power's centres (a capital once) as stored when the Autumn of `year` ended."""
    with talk.judge.db.unit_of_work() as session:
        autumn = [t.position_after for t in turns_of(session, find_game(session, game))
                  if t.phase.startswith(f"F{year}")]
        last = autumn[-1]
        assert last is not None, f"F{year} is not processed"
        return Counter(position_from_json(last).owners.values())
