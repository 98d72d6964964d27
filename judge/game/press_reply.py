"""Answering press by replying to its mail (issue #11, item 15).

Press mailed to a seat carries a reply address naming that press and that seat
(judge.mail.reply_tokens); a plain reply to it lands here, and its text goes back as press from
the replier to whoever wrote the press: the power it was signed as (a master's after
BECOME included), or the master. It goes under the game's press rules, as PRESS TO that
power would: refused in a no-press game between players, unsigned in a grey one. A reader
who got the press anonymously still does not learn who wrote it: neither the receipt nor a
refusal names the writer, nor tells whether the writer's seat is held.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.orm import Session

from judge.game import press
from judge.game.errors import GameError
from judge.game.games import player_seat
from judge.game.postman import Postman
from judge.store import repo
from judge.store.models import Game, Press, Seat, SeatRole
from judge.variant import power_name

UNKNOWN = "the writer of that press"


@dataclass(frozen=True, slots=True)
class Answer:
    letter: press.Letter
    shown: str  # the writer as the replier knows them: 'France', 'the master', UNKNOWN


def send_answer(session: Session, postman: Postman, answered: Press, replier: Seat,
                body: str) -> list[str]:
    """Send `body` back to the writer of `answered` as `replier`; the receipt's lines.
    GameError, in words that never name an anonymous writer, when it may not go."""
    if not body.strip():
        raise GameError("there is no text to send: write your reply above the quoted "
                        "press, then send it")
    game = replier.game
    answer = _answer(session, game, answered, replier, body)
    press.check(game, answer.letter)
    grey = press.is_grey(game, answer.letter)
    press.send(session, game, postman, answer.letter)
    lines = [f"Your reply went to {answer.shown}"
             + (" without your name (grey)." if grey else ".")]
    if replier.role == SeatRole.PLAYER and not answer.letter.to_master:
        lines.append("The master sees a copy, as of all press.")
    return lines


def _answer(session: Session, game: Game, answered: Press, replier: Seat,
            body: str) -> Answer:
    writer = repo.seat_by_id(session, answered.sender_seat_id)
    assert writer is not None  # press rows keep their sender seat (no cascade deletes it)
    hidden = answered.grey and replier.role != SeatRole.MASTER
    power = answered.sender_power or (writer.power if writer.role == SeatRole.PLAYER
                                      else None)
    if power is None:
        if writer.role != SeatRole.MASTER:
            raise GameError("an observer's press cannot be answered by press, which goes "
                            "to powers and the master; ANNOUNCE … ENDANNOUNCE reaches every "
                            "seat, observers included")
        return Answer(_letter(replier, (), body), "the master")
    shown = UNKNOWN if hidden else power_name(power)
    if power == replier.power:
        raise GameError(f"{shown} wrote as your own power; there is nobody to reply to")
    if player_seat(game, power) is None and not hidden:
        raise GameError(f"{shown} has no player to read press at the moment; your reply "
                        "was not sent")
    # An anonymous writer's vacant seat is not told apart (LIST shows vacancies): the
    # reply is stored for that power and copied to the master, and the receipt is the same.
    return Answer(_letter(replier, (power,), body), shown)


def _letter(replier: Seat, powers: tuple[str, ...], body: str) -> press.Letter:
    """Press to `powers`, or to the master when there are none; signed unless the game's
    press is grey (the replier has no GREY to write)."""
    return press.Letter(sender=replier, powers=powers, to_master=not powers,
                        broadcast=False, grey=False, body=body)
