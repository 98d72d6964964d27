"""Newcomer 25: a master who knows njudge runs a Secret Envoy game from CREATE to its end,
by mail, reading only docs/master.md, every master command once and each once mistyped or
with a wrong argument. One reply he could not act on, now put right: SET COMMENTATOR
took one word only, so the account name an observer registered with ('Eve Newby', as
REGISTER's own example 'Alice Smith') could not be given; and 'SET COMMENTATOR Eve' was
told Eve does not observe, without naming who does.
"""

from __future__ import annotations

from tests.conversations.harness import Conversation
from tests.conversations.master_helpers import done, error, no_errors
from tests.conversations.test_newcomer25_master import GM, master, send


def forming(talk: Conversation) -> None:
    no_errors(send(talk, GM, "REGISTER", "name: Gil Master", "END",
                   "CREATE se gmpw envoy hidden=secret players=3"))
    for who in ("ann", "bob", "cat", "dan", "eve"):
        no_errors(send(talk, f"{who}@example.org", "REGISTER", f"name: {who.title()} Newby",
                       "END"))


def join(talk: Conversation) -> None:
    for who, power in (("ann", "France"), ("bob", "Germany"), ("cat", "England")):
        no_errors(send(talk, f"{who}@example.org", f"JOIN se pw{who} {power}"))


def test_the_commentator_is_named_by_his_account_name(talk: Conversation) -> None:
    forming(talk)
    no_errors(send(talk, "eve@example.org", "OBSERVE se evepw"))
    reply = master(talk, "SET COMMENTATOR Eve", "SET COMMENTATOR Eve Newby")
    assert error(reply, "SET COMMENTATOR Eve") == (
        "Eve does not observe se: the commentator must first OBSERVE se <password>, then SET "
        "COMMENTATOR Eve; its observers now: Eve Newby"), reply.body
    assert done(reply, "SET COMMENTATOR Eve Newby").startswith(
        "se: Eve Newby is the commentator"), reply.body
    shown = no_errors(master(talk, "SETTINGS"))
    assert "Eve Newby" in shown.body, shown.body


def test_setting_up_with_a_mistake_in_each_command(talk: Conversation) -> None:
    forming(talk)
    reply = master(talk, "SET GRACE forever", "SET START next week", "SET NMR disorderly",
                   "SET LATE loud", "SET MAP", "foo", "ENDMAP", "GET MAP", "START", "PROCESS")
    assert error(reply, "SET GRACE forever").startswith('"forever" is not a duration')
    assert error(reply, "SET START next week").startswith('"next week" is not a time I can')
    assert error(reply, "SET NMR disorderly") == (
        "write SET NMR hold, disorder or wait, e.g. SET NMR hold (what happens to missing "
        "orders when grace ends)")
    assert error(reply, "SET LATE loud").startswith("write SET LATE PUBLIC or SET LATE PRIVATE")
    assert error(reply, "SET MAP") == "the map was not taken: envoy takes no map from its master"
    assert error(reply, "GET MAP") == ("se plays the map of its variant (envoy), not one of its "
                                       "own: MAP sends its picture")
    assert error(reply, "START") == ("game se has 0 of its 3 players; it starts when all 3 "
                                     "have joined")
    assert error(reply, "PROCESS") == ("game se has not started yet: 0 of 3 players have joined, "
                                       "and START needs them all")
    fixed = no_errors(master(talk, "SET GRACE 12h", "SET START tomorrow 20:00", "SET NMR wait",
                             "SET LATE PRIVATE", "SET PRESS grey", "SET NODIAS", "SET DIAS",
                             "SET SCHEDULE movement 48h", "SETTINGS"))
    assert done(fixed, "SETTINGS").startswith("Game se: forming."), fixed.body


def test_running_it_to_the_end_with_a_mistake_in_each_command(talk: Conversation) -> None:
    forming(talk)
    join(talk)
    talk.mails_to("dan@example.org")
    reply = master(talk, "SET DEADLINE next friday", "PROCESS S1901M", "EJECT Prussia",
                   "REPLACE England dan@example.org", "REPLACE England dna@example.org pw",
                   "BECOME Englnd", "SET MASTER ann@example.org newpw", "DECIDE foo bar",
                   "ROLLBACK", "ROLLFORWARD", "END GAME WIN France Germany")
    assert error(reply, "PROCESS S1901M") == (
        "the phase open in se is W1913P, not S1901M; nothing was processed (write PROCESS "
        "W1913P to process it)")
    assert error(reply, "EJECT Prussia").startswith("'Prussia' is not a power of se")
    assert error(reply, "REPLACE England dan@example.org").startswith("write REPLACE <power>")
    assert error(reply, "REPLACE England dna@example.org pw") == (
        "nobody is registered as dna@example.org; they must REGISTER first (see HELP "
        "REGISTER)")
    assert error(reply, "BECOME Englnd").startswith("'Englnd' is not a power of se")
    assert "cannot become its master" in error(reply, "SET MASTER ann@example.org newpw")
    assert error(reply, "DECIDE foo bar") == "se has no open question 'foo'; open: none"
    assert error(reply, "ROLLBACK") == ("no phase of se has been processed yet; there is "
                                        "nothing to roll back")
    assert error(reply, "ROLLFORWARD").startswith("there is no ROLLBACK of se to undo")
    assert error(reply, "END GAME WIN France Germany").startswith("write END GAME DRAW")
    # Cat (England) sends nothing: Dan takes England over.
    handed = no_errors(master(talk, "SET DEADLINE +2d", "PAUSE", "RESUME", "PREVIEW",
                              "REPLACE England dan@example.org danpw", "SET ORDERS France",
                              "Build D Ita", "ANNOUNCE", "Dan plays England now.",
                              "ENDANNOUNCE", "PROCESS W1913P"))
    assert done(handed, "REPLACE England dan@example.org danpw").startswith(
        "Dan Newby now plays England"), handed.body
    assert any(m.subject == "se: you now play England" for m in talk.mails_to("dan@example.org"))
    back = no_errors(master(talk, "ROLLBACK", "ROLLFORWARD", "END GAM DRAW France Germany"))
    assert done(back, "ROLLFORWARD").startswith("1 turn replayed (W1913P)"), back.body
    assert done(back, "END GAM DRAW France Germany").startswith(
        "Game se is over: a draw between France and Germany"), back.body
