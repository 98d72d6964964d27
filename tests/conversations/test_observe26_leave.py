"""observe26: where a game's observers see more than the public (Stab Envoy with
`observers_see_all`), OBSERVE asks the master, who answers with ALLOW OBSERVER or REFUSE
OBSERVER; OBSERVERS lists; EJECT OBSERVER takes a seat in any game (docs/master.md,
"Observers"; judge/commands/observers.py)."""

from __future__ import annotations

from judge.game.games import find_game
from tests.conversations.envoy.envoy_setup import ANN, BOB, GAME, create, envoy_game, join
from tests.conversations.harness import Conversation, Mail
from tests.conversations.observer_helpers import allow
from tests.conversations.seating_helpers import MASTER, account, reply, seats

SEE_ALL = "stab observers_see_all=yes"
WATCHER = "watcher@example.org"
GM = "SIGNON Mbeta gmpw"


def _watcher(talk: Conversation) -> None:
    account(talk, WATCHER, "Wat Cher")
    talk.mails_to(MASTER)


def _asked(talk: Conversation) -> Mail:
    """The master's one mail about the watcher's request."""
    told = [m for m in talk.mails_to(MASTER) if m.subject == "beta: Wat Cher asks to observe"]
    assert len(told) == 1, told
    return told[0]


def _status(talk: Conversation, address: str) -> list[str]:
    return [status for who, role, _, status in seats(talk, GAME)
            if who == address and role == "observer"]


def test_observe_waits_for_the_master_who_is_told_who_asks(talk: Conversation) -> None:
    envoy_game(talk, SEE_ALL)
    _watcher(talk)
    answer = reply(talk, WATCHER, "OBSERVE beta mine\nSIGNON Obeta mine\nBOARD beta")
    assert answer.subject == "[errors] Re: commands"
    assert ("Your request to observe beta went to its master; nothing is taken yet: in beta "
            "observers see more than the public") in answer.body
    assert "wrong password for O in beta" in answer.body
    assert "Board for: Observer" not in answer.body
    body = _asked(talk).body
    assert f"Wat Cher ({WATCHER}) asks to observe beta; the request came from {WATCHER}." \
        in body
    assert "ALLOW OBSERVER Wat Cher" in body and "REFUSE OBSERVER Wat Cher" in body
    assert _status(talk, WATCHER) == ["pending"]
    again = reply(talk, WATCHER, "OBSERVE beta other").body
    assert "you have already asked to observe beta; its master was told" in again
    assert _status(talk, WATCHER) == ["pending"]
    assert talk.mails_to(MASTER) == []  # one request, one mail


def test_a_pending_request_receives_no_report(talk: Conversation) -> None:
    envoy_game(talk, SEE_ALL)
    _watcher(talk)
    reply(talk, WATCHER, "OBSERVE beta mine")
    talk.mails_to(WATCHER)
    reply(talk, MASTER, f"{GM}\nPROCESS")
    assert [m.subject for m in talk.mails_to(WATCHER)] == []


def test_allow_seats_him_with_a_password_mailed_to_his_account(talk: Conversation) -> None:
    envoy_game(talk, SEE_ALL)
    _watcher(talk)
    reply(talk, WATCHER, "OBSERVE beta mine")
    listed = reply(talk, MASTER, f"{GM}\nOBSERVERS").body
    assert ("Observers of beta (OBSERVE waits for your leave there):\n      none\n"
            "    Asking to observe (ALLOW OBSERVER or REFUSE OBSERVER <name>):\n"
            f"      Wat Cher ({WATCHER})") in listed, listed
    password = allow(talk, MASTER, GAME, "gmpw", WATCHER)
    assert password != "mine" and _status(talk, WATCHER) == ["active"]
    assert "wrong password for O in beta" in reply(talk, WATCHER, "SIGNON Obeta mine").body
    board = reply(talk, WATCHER, f"SIGNON Obeta {password}\nBOARD beta").body
    assert "Board for: Observer" in board
    listed = reply(talk, MASTER, f"{GM}\nOBSERVERS").body
    assert f"Observers of beta (OBSERVE waits for your leave there):\n      Wat Cher " \
           f"({WATCHER})" in listed and "Asking" not in listed


def test_allow_by_address_and_refuse_tells_him(talk: Conversation) -> None:
    envoy_game(talk, SEE_ALL)
    _watcher(talk)
    reply(talk, WATCHER, "OBSERVE beta mine")
    _asked(talk)
    talk.mails_to(WATCHER)
    answer = reply(talk, MASTER, f"{GM}\nREFUSE OBSERVER {WATCHER}").body
    assert "Wat Cher does not observe beta; they were told." in answer
    told = talk.mails_to(WATCHER)
    assert [m.subject for m in told] == ["beta: no observer's seat"]
    assert "The master of beta did not let you observe it." in told[0].body
    assert _status(talk, WATCHER) == []
    # He may ask again; the master is told again.
    assert "went to its master" in reply(talk, WATCHER, "OBSERVE beta mine").body
    _asked(talk)


def test_the_masters_refusals(talk: Conversation) -> None:
    envoy_game(talk, SEE_ALL)
    _watcher(talk)
    unsigned = reply(talk, MASTER, "ALLOW OBSERVER Wat Cher").body
    assert "SIGNON" in unsigned and "observes" not in unsigned
    player = reply(talk, ANN, "SIGNON Fbeta pw-a\nALLOW OBSERVER Wat Cher").body
    assert "only the master of beta may do this" in player
    unknown = reply(talk, MASTER, f"{GM}\nALLOW OBSERVER Nobody").body
    assert "Nobody neither observes beta nor asks to; OBSERVERS lists who does" in unknown
    bare = reply(talk, MASTER, f"{GM}\nREFUSE OBSERVER").body
    assert "write REFUSE OBSERVER <account name or address>" in bare
    reply(talk, WATCHER, "OBSERVE beta mine")
    allow(talk, MASTER, GAME, "gmpw", WATCHER)
    twice = reply(talk, MASTER, f"{GM}\nALLOW OBSERVER Wat Cher").body
    assert "Wat Cher already observes beta" in twice
    late = reply(talk, MASTER, f"{GM}\nREFUSE OBSERVER Wat Cher").body
    assert "Wat Cher already observes beta; to take his seat, EJECT OBSERVER Wat Cher" in late
    assert _status(talk, WATCHER) == ["active"]
    assert "only the master" in reply(talk, ANN, "SIGNON Fbeta pw-a\nOBSERVERS").body


def test_a_player_asking_is_refused_as_before(talk: Conversation) -> None:
    envoy_game(talk, SEE_ALL)
    talk.mails_to(MASTER)
    answer = reply(talk, ANN, "OBSERVE beta watchpw").body
    assert "you play in beta, so you cannot also observe it" in answer
    assert talk.mails_to(MASTER) == [] and _status(talk, ANN) == []


def test_joining_drops_the_request(talk: Conversation) -> None:
    create(talk, f"hidden={SEE_ALL}")
    _watcher(talk)
    assert "went to its master" in reply(talk, WATCHER, "OBSERVE beta mine").body
    join(talk, WATCHER, "F")
    assert _status(talk, WATCHER) == []
    assert [role for who, role, _, _ in seats(talk, GAME) if who == WATCHER] == ["player"]


def test_eject_observer_in_a_game_whose_observers_see_only_the_public(
        talk: Conversation) -> None:
    """Any game: a plain Envoy game seats an observer at once, and its master may take it."""
    envoy_game(talk, "none")
    _watcher(talk)
    assert "You observe beta" in reply(talk, WATCHER, "OBSERVE beta mine").body
    assert talk.mails_to(MASTER) == []
    listed = reply(talk, MASTER, f"{GM}\nOBSERVERS").body
    assert "(OBSERVE seats an observer at once there)" in listed and "Wat Cher" in listed
    talk.mails_to(WATCHER)
    answer = reply(talk, MASTER, f"{GM}\nEJECT OBSERVER wat cher").body
    assert f"Wat Cher no longer observes beta; they were told at {WATCHER}." in answer
    told = talk.mails_to(WATCHER)
    assert [m.subject for m in told] == ["beta: you no longer observe it"]
    assert _status(talk, WATCHER) == []
    assert "wrong password for O in beta" in reply(talk, WATCHER, "SIGNON Obeta mine").body
    talk.mails_to(WATCHER)
    reply(talk, MASTER, f"{GM}\nPROCESS")
    assert talk.mails_to(WATCHER) == []
    unknown = reply(talk, MASTER, f"{GM}\nEJECT OBSERVER Wat Cher").body
    assert "Wat Cher neither observes beta nor asks to" in unknown


def test_eject_observer_drops_a_request_too(talk: Conversation) -> None:
    envoy_game(talk, SEE_ALL)
    _watcher(talk)
    reply(talk, WATCHER, "OBSERVE beta mine")
    answer = reply(talk, MASTER, f"{GM}\nEJECT OBSERVER Wat Cher").body
    assert "Wat Cher no longer observes beta" in answer
    assert "your request to observe" in talk.mails_to(WATCHER)[-1].body
    assert _status(talk, WATCHER) == []


def test_eject_is_still_eject_and_remove_still_an_order(talk: Conversation) -> None:
    """EJECT OBSERVER is a second EJECT: EJECT <power> reads as before."""
    envoy_game(talk, "none")
    answer = reply(talk, MASTER, f"{GM}\nEJECT Germany").body
    assert "Germany has no player now" in answer


def test_at_the_end_a_request_stays_and_observe_seats_at_once(talk: Conversation) -> None:
    """Once the game is over nothing it hides can be played on: OBSERVE seats at once, as
    in any finished game, and the master may still answer a request left pending."""
    envoy_game(talk, SEE_ALL)
    _watcher(talk)
    late = "late@example.org"
    account(talk, late, "Late Comer")
    reply(talk, WATCHER, "OBSERVE beta mine")
    reply(talk, late, "OBSERVE beta latepw")
    ended = reply(talk, MASTER, f"{GM}\nEND GAME DRAW France Germany").body
    assert "over" in ended or "draw" in ended.lower(), ended
    assert _status(talk, WATCHER) == ["pending"]
    now = reply(talk, WATCHER, "OBSERVE beta mine\nSIGNON Obeta mine\nBOARD beta").body
    assert "You observe beta, which is over" in now and "Board for: Observer" in now
    assert _status(talk, WATCHER) == ["active"]
    talk.mails_to(late)
    reply(talk, MASTER, f"{GM}\nALLOW OBSERVER Late Comer")
    told = talk.mails_to(late)[-1].body
    assert "It is over (" in told and "no report will come" in told
    listed = reply(talk, MASTER, f"{GM}\nOBSERVERS").body
    assert "(OBSERVE seats an observer at once there)" in listed and "Asking" not in listed


def test_an_observer_seated_before_keeps_his_seat(talk: Conversation) -> None:
    """A game whose observers came to see more after he was seated (here its forming
    options, as an operator would change them): he keeps his seat, and OBSERVERS lists
    him for the master, who may EJECT OBSERVER him."""
    create(talk, "hidden=stab")
    _watcher(talk)
    assert "You observe beta" in reply(talk, WATCHER, "OBSERVE beta mine").body
    with talk.judge.db.unit_of_work() as session:
        game = find_game(session, GAME)
        game.variant_options = {**game.variant_options, "observers_see_all": True}
    join(talk, ANN, "F")
    join(talk, BOB, "G")
    listed = reply(talk, MASTER, f"{GM}\nOBSERVERS").body
    assert "(OBSERVE waits for your leave there):\n      Wat Cher" in listed, listed
    board = reply(talk, WATCHER, "SIGNON Obeta mine\nBOARD beta").body
    assert "Board for: Observer" in board


def test_once_allowed_he_receives_the_observers_reports(talk: Conversation) -> None:
    envoy_game(talk, SEE_ALL)
    _watcher(talk)
    reply(talk, WATCHER, "OBSERVE beta mine")
    allow(talk, MASTER, GAME, "gmpw", WATCHER)
    reply(talk, MASTER, f"{GM}\nPROCESS")
    reports = [m for m in talk.mails_to(WATCHER) if "Report for:" in m.body]
    assert len(reports) == 1 and "Report for: Observer" in reports[0].body, reports
