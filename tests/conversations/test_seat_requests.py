"""JOIN and OBSERVE where a game hides who plays (rn45 F2's survival game): the seat waits
for CONFIRM with the code mailed to the account's address, so a JOIN or OBSERVE forged in another
account's name seats nobody and tells its forger nothing (adv8; docs/commands.md "Your
account and forged mail"). Games that do not hide who plays seat at once, as ever."""

from __future__ import annotations

from pathlib import Path

from tests.conversations.harness import Conversation
from tests.conversations.seat_confirm import confirmed, seat_code, twin_confirmed
from tests.conversations.seating_helpers import account, create, fill, reply, say, seats
from tests.secrecy.test_adversary_emg_membership import FRANCE, GAME, MASTER, NAMES
from tests.secrecy.twin import Twin, twin_databases

SURVIVAL = "engineered level=advanced survival=yes survival_players=7"
RUSSIA = "russia@example.org"
GUESS = "russia-knows"


def _survival(talk: Conversation) -> None:
    account(talk, "gm@example.org", "Game Master")
    reply(talk, "gm@example.org", f"CREATE {GAME} gmpw {SURVIVAL}")
    account(talk, RUSSIA, "Russia")


def test_a_join_of_a_survival_game_waits_for_the_code_its_reply_carries(
        talk: Conversation) -> None:
    _survival(talk)
    asked = reply(talk, RUSSIA, f"JOIN {GAME} pw-r R").body
    assert f"Waiting for confirmation: you asked to join {GAME}. Nothing is taken yet" \
        in asked, asked
    assert "The judge has mailed a code" in asked and "within 72 hours" in asked, asked
    assert "CONFIRM c" not in asked, asked  # the code goes to the account's address only
    code = seat_code(talk, RUSSIA)
    assert [s for s in seats(talk, GAME) if s[1] == "player"] == []
    listed = reply(talk, RUSSIA, f"LIST {GAME}").body
    assert "Players (0 of 7)" in listed, listed
    done = reply(talk, "elsewhere@example.org", f"CONFIRM {code} pw-r").body
    assert f"Confirmed: Russia joined {GAME}." in done, done
    assert "Players so far: 1 of 7" in done, done
    assert [s[:2] for s in seats(talk, GAME) if s[1] == "player"] == [(RUSSIA, "player")]
    again = reply(talk, RUSSIA, f"CONFIRM {code}").body
    assert "this code has been used already" in again, again


def test_an_observe_of_a_survival_game_waits_too_and_a_newer_code_replaces_the_older(
        talk: Conversation) -> None:
    _survival(talk)
    first = reply(talk, RUSSIA, f"OBSERVE {GAME} pw-o").body
    assert f"you asked to observe {GAME}" in first, first
    first_code = seat_code(talk, RUSSIA)
    reply(talk, RUSSIA, f"OBSERVE {GAME} pw-o2")
    stale = reply(talk, RUSSIA, f"CONFIRM {first_code} pw-o").body
    assert "a newer request replaced the one this code was for" in stale, stale
    done = reply(talk, RUSSIA, f"CONFIRM {seat_code(talk, RUSSIA)} pw-o2").body
    assert f"Confirmed: Russia observes {GAME}" in done, done
    signed = reply(talk, RUSSIA, f"SIGNON O{GAME} pw-o2").body
    assert f"Signed on as observer in {GAME}." in signed, signed


def test_a_signon_that_joins_a_survival_game_waits_as_join_does(
        talk: Conversation) -> None:
    _survival(talk)
    asked = reply(talk, RUSSIA, f"SIGNON ?{GAME} pw-r").body
    assert f"you asked to join {GAME}. Nothing is taken yet" in asked, asked
    assert [s for s in seats(talk, GAME) if s[1] == "player"] == []
    done = reply(talk, RUSSIA, f"CONFIRM {seat_code(talk, RUSSIA)} pw-r").body
    assert f"Confirmed: Russia joined {GAME}." in done, done


def test_a_join_of_a_game_that_names_its_players_seats_at_once(talk: Conversation) -> None:
    create(talk)
    account(talk, RUSSIA, "Russia")
    joined = reply(talk, RUSSIA, "JOIN alpha pw-r R").body
    assert "You joined alpha" in joined and "CONFIRM" not in joined, joined


def _forming(twin: Twin) -> None:
    """The survival game forming: Russia joined; Alice in game A, Carol in game B."""
    for talk in (twin.a, twin.b):
        for address, name in ((MASTER.address, "Game Master"), (RUSSIA, "Russia"),
                              *zip(FRANCE, NAMES, strict=True)):
            account(talk, address, name)
    twin.send(MASTER.address, f"CREATE {GAME} gmpw {SURVIVAL}")
    twin_confirmed(twin, RUSSIA, f"JOIN {GAME} pw-RUSSIA R")
    twin.step += 1
    for talk, address in zip((twin.a, twin.b), FRANCE, strict=True):
        confirmed(talk, address, f"JOIN {GAME} pw-FRANCE F")


def test_a_forged_join_or_observe_tells_its_forger_nothing(tmp_path: Path) -> None:
    """adv8: Russia forges Alice's address on a JOIN, an OBSERVE and a `SIGNON ?game` with
    a password of his, then reads LIST and tries that password: the same in both games
    (before, the count of players, or his SIGNON to the seat made, told whether she
    played)."""
    with twin_databases(tmp_path) as databases:
        twin = Twin(databases)
        _forming(twin)
        twin.watch(RUSSIA)
        twin.send(FRANCE[0], f"JOIN {GAME} {GUESS}\nOBSERVE {GAME} {GUESS}\n"
                             f"SIGNON ?{GAME} {GUESS}")
        replies = twin.send(RUSSIA, f"LIST {GAME}\nSIGNON O{GAME} {GUESS}")
        assert "Players (2 of 7): (not shown), (not shown)" in replies[0], replies[0]
        assert "Signed on" not in replies[0] + replies[1], replies
        assert twin.differences([RUSSIA]) == ""


def test_a_broadcast_s_receipt_says_what_the_setting_says_with_no_observer_yet(
        talk: Conversation) -> None:
    """Whether anyone observes is not the receipt's to tell: with a forged OBSERVE seated,
    it was an oracle of who plays (adv8). The setting is on by default."""
    create(talk)
    players = fill(talk)
    sent = say(talk, players["FRANCE"], "BROADCAST\nHello all.\nENDPRESS")
    assert "Press sent to everyone.\n    Observers see broadcasts too." in sent, sent


def test_signon_question_mark_starts_the_game_when_it_takes_the_last_place(
        talk: Conversation) -> None:
    """docs/commands.md (SIGNON): like JOIN, `SIGNON ?game` starts a game it fills (the page
    said otherwise until this session; the code has always started it)."""
    create(talk)
    fill(talk, powers=("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA"))
    account(talk, "turkey@example.org", "Turkey Player")
    forming = reply(talk, "turkey@example.org", "LIST alpha").body
    assert "Spring 1901 Movement" not in forming, forming
    last = reply(talk, "turkey@example.org", "SIGNON ?alpha pw-t").body
    assert "You joined alpha" in last, last
    listed = reply(talk, "turkey@example.org", "LIST alpha").body
    assert "Spring 1901 Movement" in listed, listed
