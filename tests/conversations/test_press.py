"""PRESS and BROADCAST under each press setting, on SQLite and PostgreSQL."""

from __future__ import annotations

from dataclasses import replace

import pytest
import sqlalchemy as sa

from judge.game.settings import PressMode, PressSettings
from judge.store.models import Press
from tests.conversations.harness import Conversation, Mail
from tests.conversations.seating_helpers import (
    MASTER,
    POWERS,
    Player,
    account,
    address_of,
    configure,
    create,
    fill,
    reply,
)

WATCHER = "watcher@example.org"


def game(talk: Conversation, mode: PressMode = PressMode.WHITE,
         observers_see_broadcasts: bool = True) -> dict[str, Player]:
    """A running game with an observer, under the given press settings."""
    create(talk)
    configure(talk, "alpha", lambda s: replace(s, press=PressSettings(
        mode, observers_see_broadcasts)))
    account(talk, WATCHER)
    reply(talk, WATCHER, "OBSERVE alpha watchpw")
    players = fill(talk)
    for address in everyone():
        talk.mails_to(address)
    return players


def everyone() -> list[str]:
    return [MASTER, WATCHER, *map(address_of, POWERS)]


def say(talk: Conversation, player: Player, body: str) -> str:
    return reply(talk, player.address, f"{player.signon()}\n{body}").body


def press_to(talk: Conversation) -> dict[str, list[Mail]]:
    """The press each address got since the last look (replies to commands left out)."""
    return {address: [m for m in talk.mails_to(address) if "Re:" not in m.subject]
            for address in everyone()}


def stored(talk: Conversation) -> list[tuple[list[str], bool, str]]:
    with talk.judge.db.unit_of_work() as session:
        return [(p.recipients, p.grey, p.body)
                for p in session.scalars(sa.select(Press).order_by(Press.id))]


def test_a_white_broadcast_reaches_everyone_signed(talk: Conversation) -> None:
    players = game(talk)
    body = say(talk, players["FRANCE"], "BROADCAST\nPeace in our time.\n\nVive la France!\n"
                                        "ENDPRESS")
    assert "Press sent to everyone.\n    Observers see broadcasts too." in body
    got = press_to(talk)
    assert got[address_of("FRANCE")] == []  # the sender's reply is enough
    for address in everyone():
        if address != address_of("FRANCE"):
            [mail] = got[address]
            assert mail.subject == "alpha: broadcast from France"
            assert mail.body == ("From: France\nTo: everyone\n\nPeace in our time.\n\n"
                                 "Vive la France!\n")
    assert stored(talk) == [([*POWERS, "master", "observers"], False,
                             "Peace in our time.\n\nVive la France!")]


def test_partial_press_to_chosen_powers(talk: Conversation) -> None:
    players = game(talk, PressMode.PARTIAL)
    body = say(talk, players["FRANCE"], "PRESS TO Germany, Italy\nLet us share Austria.\n"
                                        "ENDPRESS")
    assert "Press sent to Germany and Italy.\n    The master sees a copy, as of all press." \
           in body
    got = press_to(talk)
    for power in ("GERMANY", "ITALY"):
        [mail] = got[address_of(power)]
        assert mail.subject == "alpha: press from France"
        assert mail.body == "From: France\nTo: Germany and Italy\n\nLet us share Austria.\n"
    [copy] = got[MASTER]
    assert copy.subject == "alpha: press from France (your copy)"
    assert "From: France\nTo: Germany and Italy" in copy.body
    assert got[WATCHER] == [] and got[address_of("AUSTRIA")] == []
    assert stored(talk) == [(["GERMANY", "ITALY"], False, "Let us share Austria.")]


def test_grey_press_never_names_its_sender_nor_its_other_recipients(
        talk: Conversation) -> None:
    players = game(talk, PressMode.PARTIAL)
    say(talk, players["FRANCE"], "PRESS GREY TO Germany Italy\nBeware of England.\nENDPRESS")
    got = press_to(talk)
    for power in ("GERMANY", "ITALY"):
        [mail] = got[address_of(power)]
        assert mail.body == "From: an anonymous power\nTo: you\n\nBeware of England.\n"
        whole = mail.message.as_string().lower()  # headers included
        assert "france" not in whole
        assert ("italy" if power == "GERMANY" else "germany") not in whole
    [copy] = got[MASTER]  # the master sees who sent it
    assert "From: France\nTo: Germany and Italy\nGrey press: the recipients do not see " \
           "who sent it." in copy.body
    assert stored(talk) == [(["GERMANY", "ITALY"], True, "Beware of England.")]


def test_in_a_grey_game_every_broadcast_is_grey(talk: Conversation) -> None:
    players = game(talk, PressMode.GREY)
    body = say(talk, players["FRANCE"], "BROADCAST\nWho am I?\nENDPRESS")
    assert "Press sent to everyone without your name (grey)." in body
    got = press_to(talk)
    for address in everyone():
        if address not in (MASTER, address_of("FRANCE")):
            [mail] = got[address]
            assert mail.subject == "alpha: broadcast from an anonymous power"
            assert "france" not in mail.message.as_string().lower()
    assert "From: France" in got[MASTER][0].body


def test_press_to_the_master(talk: Conversation) -> None:
    players = game(talk)
    body = say(talk, players["TURKEY"], "PRESS TO master\nI will be late.\nENDPRESS")
    assert "Press sent to the master." in body
    got = press_to(talk)
    [mail] = got[MASTER]
    assert mail.subject == "alpha: press from Turkey"
    assert mail.body == "From: Turkey\nTo: the master\n\nI will be late.\n"
    assert all(got[a] == [] for a in everyone() if a != MASTER)


def test_observers_may_be_kept_from_broadcasts(talk: Conversation) -> None:
    players = game(talk, observers_see_broadcasts=False)
    body = say(talk, players["ITALY"], "BROADCAST\nHello\nENDPRESS")
    assert "Observers see" not in body
    assert press_to(talk)[WATCHER] == []


def test_the_master_may_write_to_a_power(talk: Conversation) -> None:
    game(talk, PressMode.NONE)
    body = reply(talk, MASTER, "SIGNON Malpha gmpass\nPRESS TO France\nYour orders?\n"
                               "ENDPRESS").body
    assert "Press sent to France." in body
    [mail] = press_to(talk)[address_of("FRANCE")]
    assert mail.body == "From: the master\nTo: France\n\nYour orders?\n"


def test_an_observer_may_write_to_the_master(talk: Conversation) -> None:
    game(talk)
    body = reply(talk, WATCHER, "SIGNON Oalpha watchpw\nPRESS TO gm\nNice game.\n"
                                "ENDPRESS").body
    assert "Press sent to the master." in body
    [mail] = press_to(talk)[MASTER]
    assert mail.body == "From: an observer (watcher)\nTo: the master\n\nNice game.\n"


def test_a_no_press_game_still_lets_a_player_reach_the_master(talk: Conversation) -> None:
    players = game(talk, PressMode.NONE)
    assert "Press sent to the master." in say(talk, players["FRANCE"],
                                              "PRESS TO master\nA question.\nENDPRESS")
    [mail] = press_to(talk)[MASTER]
    assert mail.body.endswith("A question.\n")


@pytest.mark.parametrize("mode", [PressMode.WHITE, PressMode.GREY])
def test_private_press_is_allowed_in_white_and_grey_games(talk: Conversation,
                                                          mode: PressMode) -> None:
    players = game(talk, mode)
    assert "1 error" not in say(talk, players["FRANCE"], "PRESS TO Germany\nhi\nENDPRESS")
    assert len(press_to(talk)[players["GERMANY"].address]) == 1
    assert press_to(talk)[players["ENGLAND"].address] == []


@pytest.mark.parametrize(("body", "reason"), [
    ("BROADCAST\nhi\nENDPRESS", "alpha is a no-press game: players cannot write to each other"),
    ("PRESS TO Germany\nhi\nENDPRESS", "alpha is a no-press game"),
])
def test_a_no_press_game_refuses_press(talk: Conversation, body: str, reason: str) -> None:
    players = game(talk, PressMode.NONE)
    answer = say(talk, players["FRANCE"], body)
    assert reason in answer
    assert "1 error" in answer
    assert all(mails == [] for mails in press_to(talk).values())
    assert stored(talk) == []


@pytest.mark.parametrize(("mode", "body", "reason"), [
    (PressMode.WHITE, "BROADCAST GREY\nhi\nENDPRESS", "press in alpha is white: every "
                                                      "message is signed; leave out GREY"),
    (PressMode.PARTIAL, "PRESS Germany\nhi\nENDPRESS", "write PRESS TO <powers>, e.g. "
                                                       "PRESS TO Austria and England"),
    (PressMode.PARTIAL, "PRESS TO Prussia\nhi\nENDPRESS", "'Prussia' is not a power of "
                                                          "Standard Diplomacy"),
    (PressMode.PARTIAL, "PRESS TO France\nhi\nENDPRESS", "you need not send press to "
                                                         "yourself"),
    (PressMode.PARTIAL, "PRESS TO Germany\n\nENDPRESS", "there is no text to send"),
    (PressMode.PARTIAL, "BROADCAST to all\nhi\nENDPRESS", "write BROADCAST or BROADCAST "
                                                          "GREY alone on its line"),
    (PressMode.PARTIAL, "PRESS TO Germany\nhi there", "no ENDPRESS after this PRESS"),
])
def test_press_errors(talk: Conversation, mode: PressMode, body: str, reason: str) -> None:
    players = game(talk, mode)
    answer = say(talk, players["FRANCE"], body)
    assert reason in answer
    assert stored(talk) == []
    assert all(mails == [] for mails in press_to(talk).values())


@pytest.mark.parametrize(("sender", "body", "reason"), [
    (MASTER, "PRESS TO France\nhi\nENDPRESS", "sign on first"),
    (MASTER, "SIGNON Malpha gmpass\nBROADCAST GREY\nhi\nENDPRESS",
     "the master's press is always signed; leave out GREY"),
    (WATCHER, "SIGNON Oalpha watchpw\nBROADCAST\nhi\nENDPRESS",
     "observers may write to the master only: PRESS TO master"),
])
def test_who_may_send_what(talk: Conversation, sender: str, body: str, reason: str) -> None:
    game(talk)
    assert reason in reply(talk, sender, body).body
    assert stored(talk) == []


def test_press_to_a_power_without_a_player_is_refused(talk: Conversation) -> None:
    players = game(talk, PressMode.PARTIAL)
    say(talk, players["AUSTRIA"], "RESIGN")
    answer = say(talk, players["FRANCE"], "PRESS TO Austria\nhi\nENDPRESS")
    assert "Austria has no player to read press at the moment" in answer


def test_no_press_before_the_start(talk: Conversation) -> None:
    create(talk)
    account(talk, "ann@example.org")
    answer = reply(talk, "ann@example.org", "JOIN alpha pw\nBROADCAST\nhi\nENDPRESS").body
    assert "press opens when alpha starts" in answer
    assert stored(talk) == []


def test_help_explains_who_sees_press(talk: Conversation) -> None:
    body = reply(talk, "anyone@example.org", "HELP PRESS").body
    assert "PRESS [GREY] [TO powers | TO master] … ENDPRESS — send the lines that follow " \
           "to chosen powers or the master (the master sees all press" in body
    assert "Takes the lines that follow, up to a line reading ENDPRESS or END PRESS." in body
    body = reply(talk, "anyone@example.org", "HELP BROADCAST").body
    assert "observers if the game lets them see broadcasts" in body
