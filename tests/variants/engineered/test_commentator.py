"""The commentator of a survival game by mail (rn45 F3: "someone in the host zine would get
to see all correspondence and would run a game column"): the master appoints an observer
(SET COMMENTATOR), who gets a copy of every press between players with no player's name or
address, and publishes a column (COLUMN … ENDCOLUMN) to the master and the observers, never
to the players (F2: they "would not get to view the game commentary")."""

from __future__ import annotations

import re

from tests.conversations.harness import Conversation, Mail
from tests.variants.engineered.test_survival import OBSERVERS, SURVIVAL, _observe, _poll
from tests.variants.folder_games import MASTER, started

Seats = dict[str, tuple[str, str]]
WRITER, READER = OBSERVERS[0], OBSERVERS[1]  # account names O1 and O2


def _master(talk: Conversation, line: str) -> Mail:
    reply = talk.send(MASTER, f"SIGNON Malpha gmpw\n{line}\n")
    assert reply is not None
    return reply


def _press(talk: Conversation, seats: Seats, power: str, head: str, text: str) -> str:
    sent = talk.send(seats[power][0], f"{seats[power][1]}\n{head}\n{text}\nENDPRESS\n")
    assert sent is not None and "Press sent to" in sent.body, sent
    return sent.body


def _game(talk: Conversation) -> Seats:
    seats = started(talk, "engineered", players=7, options=SURVIVAL)
    for address in OBSERVERS:
        _observe(talk, address)
        talk.mails_to(address)
    return seats


def _judge_sent(talk: Conversation, address: str) -> list[Mail]:
    """What the judge mailed `address` since last asked, but its replies to him."""
    return [m for m in talk.mails_to(address) if "Re: commands" not in m.subject]


def test_the_commentator_reads_all_press_between_players_without_names(
        talk: Conversation) -> None:
    seats = _game(talk)
    before = _press(talk, seats, "RUSSIA", "PRESS TO Turkey", "Before: nobody reads this.")
    assert "commentator" not in before
    assert not _judge_sent(talk, WRITER)  # off until the master appoints someone
    appointed = _master(talk, "SET COMMENTATOR o1")
    assert "alpha: O1 is the commentator: he gets a copy of all press between players" \
        in appointed.body
    assert "SET PRESS" in _master(talk, "SET PRESS partial").body
    assert "Press: partial; observers see broadcasts; O1 is the commentator (SET " \
        "COMMENTATOR)." in _master(talk, "SETTINGS").body
    told = _press(talk, seats, "RUSSIA", "PRESS TO Turkey", "Black Sea stays empty?")
    assert "The game's commentator reads a copy too, without your name." in told
    _press(talk, seats, "TURKEY", "PRESS GREY TO Russia Austria", "Agreed, and Sevastopol?")
    _press(talk, seats, "ITALY", "BROADCAST", "Italy wants peace.")
    _press(talk, seats, "FRANCE", "PRESS TO master", "A question for the master only.")
    copies = _judge_sent(talk, WRITER)
    assert [m.subject for m in copies] == [
        "alpha: press from Russia (commentator's copy)",
        "alpha: press from an anonymous power (commentator's copy)",
        "alpha: broadcast from Italy"]  # observers see broadcasts: one copy, not two
    white, grey, _ = copies
    assert "From: Russia\nTo: Turkey\n" in white.body and "Black Sea stays empty?" in white.body
    assert "From: an anonymous power\nTo: Russia and Austria\n" in grey.body  # as named
    for mail in copies:
        whole = mail.message.as_string()
        # A whole address: a reply token's random part may end in "p5" before the domain.
        assert not any(re.search(rf"(?<![\w.+-]){re.escape(address)}", whole)
                       for address, _ in seats.values())
        assert not any(f"P{n}" in mail.body for n in range(1, 8))  # no player's name
    assert len(_judge_sent(talk, READER)) == 1  # the other observer: the broadcast alone


def test_only_an_observer_of_the_game_is_appointed_and_off_ends_it(talk: Conversation) -> None:
    seats = _game(talk)
    refused = _master(talk, "SET COMMENTATOR nobody")
    assert "nobody does not observe alpha: the commentator must first OBSERVE alpha " \
        "<password>, then SET COMMENTATOR nobody" in refused.body
    player = talk.send(seats["RUSSIA"][0], f"{seats['RUSSIA'][1]}\nSET COMMENTATOR o1\n")
    assert player is not None and "only the master of alpha may do this" in player.body
    _master(talk, "SET COMMENTATOR O1")
    assert "alpha: there is no commentator." in _master(talk, "SET COMMENTATOR off").body
    _press(talk, seats, "RUSSIA", "PRESS TO Turkey", "Black Sea stays empty?")
    assert not _judge_sent(talk, WRITER)


def test_the_column_goes_to_the_master_and_observers_never_to_players(
        talk: Conversation) -> None:
    seats = _game(talk)
    _master(talk, "SET COMMENTATOR o1")
    for address, _ in seats.values():
        talk.mails_to(address)
    talk.mails_to(MASTER)
    published = _poll(talk, WRITER, "COLUMN\nRussia courts Turkey; Italy sues for peace.\n"
                      "ENDCOLUMN")
    assert "Your column went to the master and the observers of alpha (3 in all); the " \
        "players do not see it." in published.body
    for address in (MASTER, READER, OBSERVERS[2]):
        [column] = talk.mails_to(address)
        assert column.subject == "alpha: the commentator's column"
        assert "The commentator's column (O1), alpha:\n\nRussia courts Turkey" in column.body
    assert not any(talk.mails_to(address) for address, _ in seats.values())
    other = _poll(talk, READER, "COLUMN\nMy own column.\nENDCOLUMN")
    assert "only the commentator of alpha publishes a column; the master appoints one with " \
        "SET COMMENTATOR" in other.body
    player = talk.send(seats["ITALY"][0], f"{seats['ITALY'][1]}\nCOLUMN\nHi.\nENDCOLUMN\n")
    assert player is not None and "only the commentator of alpha publishes" in player.body
    assert not _judge_sent(talk, READER)


def test_the_columns_are_kept_for_the_master_and_observers(talk: Conversation) -> None:
    """Issue #15 item 6: a column is stored, and COLUMNS gives it again later to those it
    went to, the master and the observers; a player is refused (F2), and so is a reader
    who has not signed on to the game."""
    seats = _game(talk)
    _master(talk, "SET COMMENTATOR o1")
    assert "No column of alpha has been published yet." in _poll(talk, READER, "COLUMNS").body
    _poll(talk, WRITER, "COLUMN\nRussia courts Turkey.\nENDCOLUMN")
    _poll(talk, WRITER, "COLUMN\nItaly sues for peace.\nENDCOLUMN")
    for reply in (_master(talk, "COLUMNS alpha"), _poll(talk, READER, "COLUMNS alpha"),
                  _poll(talk, OBSERVERS[2], "COLUMNS")):
        assert "2 columns of alpha.\n\nThe commentator's column (O1), alpha, during S1901M:" \
            "\n\nRussia courts Turkey.\n\nThe commentator's column (O1), alpha, during " \
            "S1901M:\n\nItaly sues for peace." in reply.body.replace("\n    ", "\n")
    refused = "the commentator's columns of alpha are for its master and observers"
    player = talk.send(seats["ITALY"][0], f"{seats['ITALY'][1]}\nCOLUMNS alpha\n")
    stranger = talk.send(seats["ITALY"][0], "COLUMNS alpha\n")
    for answer in (player, stranger):
        assert answer is not None and refused in answer.body
        assert "Russia courts Turkey" not in answer.body
