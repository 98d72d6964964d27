"""A newcomer's complex game by mail: BOARD and the reports once left the Neutral out (rn45
D1), so the twelve centres it holds from the start, and Turkey's units and centres once
the master handed them to it (1d), were on nobody's board though players bid for them."""

from __future__ import annotations

from tests.conversations.harness import Conversation
from tests.variants.engineered.test_madman import ORDERS, _game, _send
from tests.variants.engineered.test_madman_neutral import _holds, _season
from tests.variants.folder_games import MASTER, MASTER_SIGNON

NEUTRAL_CENTRES = ("Belgium, Bulgaria, Denmark, Greece, Holland, Norway, Portugal, Rumania, "
                   "Serbia, Spain, Sweden, Tunis")


def test_board_lists_the_neutrals_twelve_centres_at_the_start(talk: Conversation) -> None:
    # D1 1a: "The Neutral country owns all SC's not owned by any player."
    seats = _game(talk)
    board = _send(talk, seats, "RUSSIA", "BOARD")
    assert "    Turkey:    3  Ankara, Constantinople, Smyrna\n" \
        f"    Neutral:  12  {NEUTRAL_CENTRES}\n" in board.body, board.body


def test_board_and_the_winter_report_show_what_the_neutral_took_from_turkey(
        talk: Conversation) -> None:
    # Turkey silent in the Spring and the Fall; the master hands it over (D1 1d): its
    # navy and armies stand where they stood, the Neutral's, and its centres are the
    # Neutral's with the eight of its own twelve nobody took (Serbia, Rumania, Denmark
    # and Spain were taken by the moves of ORDERS).
    seats = _game(talk)
    _season(talk, seats, dict(ORDERS))
    _season(talk, seats, {p: _holds(talk, p) for p in ORDERS})
    done = talk.send(MASTER, f"{MASTER_SIGNON}\nDECIDE neutral-turkey yes\n")
    assert done is not None
    assert "Fall 1901 Movement is processed" in done.body, done.body
    board = _send(talk, seats, "RUSSIA", "BOARD")
    assert "    Neutral:  N Ankara\n    Neutral:  A Constantinople\n    Neutral:  A Smyrna\n" \
        in board.body, board.body
    assert "Neutral:  11  Ankara, Belgium, Bulgaria, Constantinople, Greece, Holland, " \
        "Norway, Portugal, Smyrna, Sweden, Tunis\n" in board.body, board.body
    assert "Turkey:" not in board.body


def test_the_movement_report_tells_everyone_turkey_went_to_the_neutral(
        talk: Conversation) -> None:
    # The hand-over (D1 1d) happens after the Fall's moves; the movement report, whose
    # centre section waits for the retreats when there are any, once said nothing of it.
    seats = _game(talk)
    _season(talk, seats, dict(ORDERS))
    _season(talk, seats, {p: _holds(talk, p) for p in ORDERS})
    talk.send(MASTER, f"{MASTER_SIGNON}\nDECIDE neutral-turkey yes\n")
    told = ("Turkey's units and centres are now the Neutral's: the master handed it over "
            "after it missed its orders twice (rn45 D1 1d). Its centres: Ankara, "
            "Constantinople, Smyrna.\n")
    for address, _ in seats.values():
        [report] = [m for m in talk.mails_to(address) if "Fall 1901 Movement results"
                    in m.subject]
        assert told in report.body, report.body
