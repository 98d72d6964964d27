"""The survival game by mail (rn45 F; the advanced level, `survival = true`): the
observers' yearly vote-off from 1903 (F1), press only through the judge with no names or
addresses (F2), the master reading all of it (F3), and the prize game's no draws (F4)."""

from __future__ import annotations

import re

import sqlalchemy as sa

from judge.engine.codec import position_from_json
from judge.engine.position import Position
from judge.engine.types import Phase, Unit
from judge.store.models import Turn
from judge.variant_loader import load_variant, load_variant_folder
from tests.conversations.harness import Conversation, Mail
from tests.conversations.seat_confirm import confirmed
from tests.conversations.seating_helpers import account
from tests.variants.engineered.test_madman import _send
from tests.variants.engineered.test_madman_neutral import _holds
from tests.variants.folder_games import MASTER, started
from variants.engineered.fighters import NEUTRAL

Seats = dict[str, tuple[str, str]]
SURVIVAL = {"level": "advanced", "survival": True, "survival_players": 7}
OBSERVERS = ("o1@example.org", "o2@example.org", "o3@example.org")


def _observe(talk: Conversation, address: str) -> None:
    account(talk, address, address[:2].upper())
    # A survival game hides who plays: OBSERVE waits for CONFIRM (adv8).
    reply = confirmed(talk, address, f"OBSERVE alpha pw-{address[:2]}\n")
    assert "observes alpha" in reply.body, reply.body


def _poll(talk: Conversation, address: str, line: str) -> Mail:
    reply = talk.send(address, f"SIGNON Oalpha pw-{address[:2]}\n{line}\n")
    assert reply is not None
    return reply


def _play_to(talk: Conversation, seats: Seats, phase: str) -> None:
    """Every player holds every unit until `phase` opens; in a Winter, where each power
    without an engineer may create one (rn45 C3d) and is waited for, every player waives."""
    for _ in range(12):
        current = _current(talk)
        if current == phase:
            return
        for power in seats:
            lines = ("WAIVE",) if current.endswith("A") else _holds(talk, power)
            _send(talk, seats, power, *lines)
    raise AssertionError(f"{phase} never opened")


def _current(talk: Conversation) -> str:
    with talk.judge.db.unit_of_work() as session:
        return session.scalars(sa.select(Turn.phase).where(Turn.processed_at.is_(None))).one()


def test_the_observers_vote_off_a_player_each_year_after_1902(talk: Conversation) -> None:
    seats = started(talk, "engineered", players=7, options=SURVIVAL)
    for address in OBSERVERS:
        _observe(talk, address)
    early = _poll(talk, OBSERVERS[0], "POLL vote-off Italy")
    assert "alpha has no open poll 'vote-off'; open: none this turn" in early.body
    player = talk.send(seats["ITALY"][0], f"{seats['ITALY'][1]}\nPOLL vote-off France\n")
    assert player is not None and "only the observers of alpha answer its polls" in player.body
    _play_to(talk, seats, "F1903M")
    listed = _poll(talk, OBSERVERS[0], "POLL")
    assert "vote-off: Whom do you vote off this year, the weakest or most underachieving " \
        "player (rn45 F1)?" in listed.body
    assert "Choices: Austria, England, France, Germany, Italy, Russia, Turkey." in listed.body
    wrong = _poll(talk, OBSERVERS[0], "POLL vote-off Narnia")
    assert "'Narnia' does not answer vote-off: choose one of Austria" in wrong.body
    for address, choice in zip(OBSERVERS, ("Italy", "italy", "France"), strict=True):
        voted = _poll(talk, address, f"POLL vote-off {choice}")
        assert f"vote-off: your answer is {choice.title()}. Answers are secret" in voted.body
    _play_to(talk, seats, "S1904M")
    with talk.judge.db.unit_of_work() as session:
        turn = session.scalars(sa.select(Turn).where(Turn.phase == "S1904M")).one()
        board = position_from_json(turn.position_before)
    assert {u.loc for u in board.units if u.power == NEUTRAL} == {"nap", "rom", "ven"}
    assert not [u for u in board.units if u.power == "ITALY"]
    assert "polls" not in board.state


def test_fewer_players_than_survival_players_play_no_survival_vote() -> None:
    folder = load_variant("engineered").folder
    variant = load_variant_folder(folder, {**SURVIVAL, "survival_players": 10})
    assert variant.polls is None  # seven powers: below F1's ten
    assert load_variant_folder(folder, SURVIVAL).polls is not None


def test_a_prize_game_refuses_draws_and_the_last_power_left_wins(talk: Conversation) -> None:
    seats = started(talk, "engineered", players=7, options={**SURVIVAL, "prize": True})
    refused = talk.send(seats["RUSSIA"][0], f"{seats['RUSSIA'][1]}\nSET DRAW\n")
    assert refused is not None
    assert "alpha allows no draws: its rules play on until one power wins" in refused.body
    variant = load_variant_folder(load_variant("engineered").folder,
                                  {**SURVIVAL, "prize": True})
    rules = variant.rules
    last = Position(Phase.parse("F1910M"), (Unit("RUSSIA", "A", "mos"),
                                            Unit(NEUTRAL, "A", "war")), {"mos": "RUSSIA"})
    assert rules.victory(rules, last) == ("RUSSIA",)
    two = last._replace(units=(*last.units, Unit("TURKEY", "A", "con")))
    assert rules.victory(rules, two) == ()


def test_press_goes_through_the_judge_with_no_names_or_addresses(talk: Conversation) -> None:
    seats = started(talk, "engineered", players=7, options=SURVIVAL)
    sent = talk.send(seats["RUSSIA"][0], f"{seats['RUSSIA'][1]}\nPRESS TO Turkey\n"
                     "Black Sea stays empty?\nENDPRESS\n")
    assert sent is not None
    [letter] = [m for m in talk.mails_to(seats["TURKEY"][0]) if "Black Sea" in m.body]
    whole = letter.message.as_string()
    assert "Russia" in letter.body  # the power writes, white press
    # The address as a whole word: a random Message-ID may end in "...p5@example.org".
    address = re.compile(rf"(?<![\w.+-]){re.escape(seats['RUSSIA'][0])}", re.I)
    assert not address.search(whole) and "P5" not in whole.split("\n\n", 1)[1]
    [copy] = [m for m in talk.mails_to(MASTER) if "Black Sea" in m.body]  # F3: all press
    assert copy is not None


def test_list_and_summary_name_no_player_but_to_the_master(talk: Conversation) -> None:
    seats = started(talk, "engineered", players=7, options=SURVIVAL)
    for command in ("LIST alpha", "SUMMARY alpha"):
        seen = talk.send(seats["RUSSIA"][0], f"{seats['RUSSIA'][1]}\n{command}\n")
        assert seen is not None
        assert "Russia:   (not shown)" in seen.body and "P5" not in seen.body
        public = talk.send("someone@example.org", f"{command}\n")
        assert public is not None and "P5" not in public.body
        master = talk.send(MASTER, f"SIGNON Malpha gmpw\n{command}\n")
        assert master is not None and "Russia:   P5" in master.body
    plain = started(talk, "engineered", name="beta", players=7, options={"level": "advanced"})
    shown = talk.send(plain["RUSSIA"][0], f"{plain['RUSSIA'][1]}\nLIST beta\n")
    assert shown is not None and "Russia:   P5" in shown.body  # without survival: as ever
