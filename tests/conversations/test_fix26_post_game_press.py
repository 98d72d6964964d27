"""Fix 26: press after a game has ended. As on njudge, players may still write to each
other once it is over (the post-game talk), under the press settings the game ended
with: SET PRESS is refused then (a finished game's settings are its record; ROLLBACK
reopens it), so the receipt says why press still works and under which setting. A
no-press game stays one. A game that hid who plays tells nothing more by post-game
press than by its press in play: a power's name, never a player's."""

from __future__ import annotations

import sqlalchemy as sa

from judge.game.games import find_game
from judge.store.models import GameState, Seat, SeatRole
from tests.conversations.harness import Conversation
from tests.conversations.master_helpers import Table, error, no_errors, notices
from tests.conversations.seat_confirm import confirmed
from tests.conversations.seating_helpers import account, reply

RESULT = ("game alpha is over (draw between Austria, England, France, Germany, Italy, Russia "
          "and Turkey, ended in S1901M); SUMMARY alpha tells how it went")
AFTER = ("alpha is over: press goes on under the settings it ended with (press is white); "
         "SET PRESS no longer changes them.")


def _ended(talk: Conversation, press: str = "") -> Table:
    table = Table.started(talk)
    if press:
        no_errors(table.master(f"SET PRESS {press}"))
    no_errors(table.master("END GAME DRAW"))
    notices(table, "GERMANY")  # what came before
    return table


def test_press_after_the_end_goes_through_and_says_under_which_setting(
        talk: Conversation) -> None:
    table = _ended(talk)
    sent = no_errors(table.player("FRANCE", "PRESS TO Germany\nWell played.\nENDPRESS"))
    assert AFTER in sent.body, sent.body
    got = notices(table, "GERMANY")
    assert [s for s, _ in got] == ["alpha: press from France"], got
    assert "Well played." in got[0][1]


def test_set_press_after_the_end_is_refused_with_how_to_play_on(talk: Conversation) -> None:
    table = _ended(talk)
    told = table.master("SET PRESS grey")
    assert error(told, "SET PRESS grey") == f"{RESULT}; ROLLBACK reopens it to play on"


def test_a_no_press_game_stays_one_after_the_end(talk: Conversation) -> None:
    table = _ended(talk, "none")
    sent = table.player("FRANCE", "PRESS TO Germany\nWell played.\nENDPRESS")
    assert error(sent, "PRESS TO Germany") == ("alpha is a no-press game: players cannot "
                                                "write to each other")
    assert notices(table, "GERMANY") == []
    # The master is still reachable, as in play.
    assert AFTER.replace("white", "none") in no_errors(
        table.player("FRANCE", "PRESS TO master\nThanks.\nENDPRESS")).body


def test_a_survival_game_s_post_game_broadcast_names_a_power_never_a_player(
        talk: Conversation) -> None:
    """Adversary: a player of a game that hid who plays broadcasts after its end; every
    copy is signed with his power, as in play, and carries no player's name."""
    account(talk, "gm@example.org", "Game Master")
    reply(talk, "gm@example.org",
          "CREATE alpha gmpw engineered level=advanced survival=yes survival_players=7")
    players = [f"p{n}@example.org" for n in range(7)]
    for n, address in enumerate(players):
        account(talk, address, f"Secret Name {n}")
        confirmed(talk, address, f"JOIN alpha pw-{n}")
    with talk.judge.db.unit_of_work() as session:
        game = find_game(session, "alpha")
        assert game.state == GameState.ACTIVE
        seat = session.scalars(sa.select(Seat).where(
            Seat.game_id == game.id, Seat.role == SeatRole.PLAYER)).first()
        assert seat is not None and seat.power is not None
        sender, power = seat.account.addresses[0].address, seat.power
        game.state, game.result = GameState.FINISHED, {"kind": "abandoned"}
    for address in players:
        talk.mails_to(address)
    sent = reply(talk, sender, f"SIGNON {power[0]}alpha pw-{players.index(sender)}\n"
                               "BROADCAST\nGood game, all.\nENDPRESS").body
    assert "press goes on under the settings it ended with" in sent, sent
    copies = [m for a in players if a != sender for m in talk.mails_to(a)]
    assert len(copies) == 6, [m.subject for m in copies]
    for mail in copies:
        assert f"From: {power.title()}" in mail.body, mail.body
        assert "Secret Name" not in mail.body + mail.subject, mail.body
