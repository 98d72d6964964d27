"""PRESS and BROADCAST: messages between the people of a game, each a block up to ENDPRESS.

    PRESS TO France Germany        private press (partial-press games)
    PRESS GREY TO Italy            the same without your name (where grey is allowed)
    PRESS TO master                to the game's master (any game with press)
    BROADCAST [GREY]               to every power; observers see it if the game lets them

The master sees a copy of all press, with the sender's name; judge.game.press decides who
may write what under the game's press settings and delivers it. After BECOME, the master's
press is written as that power (signed with its name in white press) and audited as the
master's act.

A plain reply to a press mail goes back as press to its writer (`answer_press`, reached
through the press's reply address; judge.game.press_reply keeps the game's rules).
"""

from __future__ import annotations

from judge.commands import press_guard
from judge.commands.context import JudgeContext, judge_context, need_seat
from judge.commands.examples import example_powers
from judge.commands.items import CommandResult, Invocation
from judge.commands.registry import Command, CommandRegistry, Context
from judge.commands.reply import Reply
from judge.game import press, press_reply
from judge.game.errors import GameError
from judge.game.games import game_variant, player_seat, settings_of
from judge.game.lifecycle import parse_preferences
from judge.game.mastering import audit
from judge.store.models import Game, GameState, Press, Seat, SeatRole
from judge.variant import power_name

END_WORDS = ("ENDPRESS", "END PRESS")
PRESS_USAGE = "PRESS [GREY] [TO powers | TO master] … ENDPRESS"
BROADCAST_USAGE = "BROADCAST [GREY] … ENDPRESS"
_MASTER_WORDS = {"MASTER", "GM"}
_JOINERS = {"AND", "&", ""}  # PRESS TO England and Germany
_ALL_WORDS = {"ALL", "EVERYONE", "EVERYBODY"}  # as BROADCAST
# Fix 26: press after the end goes on, as on njudge, under the settings the game ended
# with: SET PRESS is refused then (a finished game's settings are its record; ROLLBACK
# reopens it), so the receipt says why what worked still works. It carries what it did
# while the game was played (a power's name, never a player's), nothing more.
POST_GAME = ("{game} is over: press goes on under the settings it ended with (press is "
             "{mode}); SET PRESS no longer changes them.")


def _key(word: str) -> str:
    return word.upper().strip(",")


def run_press(ctx: Context, invocation: Invocation) -> CommandResult:
    jc = judge_context(ctx)
    seat = need_seat(jc)
    words = list(invocation.args)
    grey = _take_grey(words)
    if not words:
        return _deliver(jc, seat, invocation, grey, (), False, True)
    named = [w for w in words[1:] if _key(w) not in _JOINERS]
    if words[0].upper() != "TO" or not named:
        return CommandResult.fail(f"write PRESS TO <powers>, e.g. PRESS TO "
                                  f"{_example(seat, _acting_for(jc, seat), 2)}, PRESS TO all, "
                                  "or PRESS TO master")
    if named and all(_key(w) in _ALL_WORDS for w in named):
        return _deliver(jc, seat, invocation, grey, (), False, True)
    powers, to_master, mine = _recipients(seat, _acting_for(jc, seat), named)
    outcome = _deliver(jc, seat, invocation, grey, powers, to_master, False)
    if outcome.error is None and mine is not None:
        outcome = CommandResult.ok(*outcome.lines, f"{power_name(mine)} is you, so it was left "
                                             "out.")
    return outcome


def run_broadcast(ctx: Context, invocation: Invocation) -> CommandResult:
    jc = judge_context(ctx)
    seat = need_seat(jc)
    words = list(invocation.args)
    grey = _take_grey(words)
    if words:
        return CommandResult.fail("write BROADCAST or BROADCAST GREY alone on its line, then "
                                  "your text, then ENDPRESS")
    return _deliver(jc, seat, invocation, grey, (), False, True)


def _take_grey(words: list[str]) -> bool:
    """A leading GREY (or GRAY) asks for unsigned press; WHITE is the default, spelt out."""
    if words and words[0].upper() in ("GREY", "GRAY", "WHITE"):
        return words.pop(0).upper() != "WHITE"
    return False


def _acting_for(jc: JudgeContext, seat: Seat) -> str | None:
    """The power a master writes as after BECOME, else None."""
    return jc.power if seat.role == SeatRole.MASTER else None


def _recipients(seat: Seat, acting: str | None,
                words: list[str]) -> tuple[tuple[str, ...], bool, str | None]:
    """The powers named, whether the master is, and the writer's own power if named."""
    game = seat.game
    to_master = any(_key(w) in _MASTER_WORDS for w in words)
    named = " ".join(w for w in words if _key(w) not in _MASTER_WORDS)
    try:
        powers = parse_preferences(game_variant(game), named) if named.strip() else []
    except GameError as error:
        # One unknown word is read as a run of initials ("Prussia": P, R, ...); name it.
        if len(named.split()) == 1:
            raise GameError(f"{named!r} is not a power of {game_variant(game).title}; "
                            f"write e.g. PRESS TO {_example(seat, acting)}, or PRESS TO "
                            "master") from None
        raise GameError(f"{error}; or write master") from None
    own = acting or seat.power
    others = [p for p in powers if p not in (seat.power, acting)]
    if not others and not to_master:
        raise GameError("you need not send press to yourself; name other powers, e.g. "
                        f"PRESS TO {_example(seat, acting)}")
    return tuple(_playing(game, others)), to_master, own if own in powers else None


def _example(seat: Seat, acting: str | None, count: int = 1) -> str:
    return example_powers(seat.game, seat.power, acting, count=count, sep=" and ")


def _playing(game: Game, powers: list[str]) -> list[str]:
    empty = [p for p in powers if player_seat(game, p) is None]
    if empty:
        raise GameError(f"{', '.join(map(power_name, empty))} has no player to read press "
                        "at the moment")
    return powers


def _deliver(jc: JudgeContext, seat: Seat, invocation: Invocation, grey: bool,
             powers: tuple[str, ...], to_master: bool, broadcast: bool) -> CommandResult:
    body = "\n".join(invocation.block).strip("\n")
    if not body.strip():
        return CommandResult.fail("there is no text to send: write it on the lines between this "
                                  "line and ENDPRESS")
    letter = press.Letter(sender=seat, powers=powers, to_master=to_master,
                          broadcast=broadcast, grey=grey, body=body,
                          as_power=_acting_for(jc, seat))
    press.check(seat.game, letter)
    lines = press.send(jc.session, seat.game, jc.postman, letter)
    if seat.game.state == GameState.FINISHED:
        lines.append(POST_GAME.format(game=seat.game.name,
                                      mode=settings_of(seat.game).press.mode.value))
    if letter.as_power is not None:
        audit(jc.session, seat.game, seat.account, "press", power=letter.as_power,
              to=list(powers) or ["everyone"], grey=press.is_grey(seat.game, letter),
              text=body)
        lines.append("It is in the audit log as sent by you.")
    return CommandResult.ok(*lines)


def answer_press(jc: JudgeContext, answered: Press, seat: Seat, text: str,
                 emg_subject: bool = False) -> Reply:
    """A plain reply to press `seat` received (mailed to the press's reply address): its
    text, quotes and signature already gone, goes back as press to the writer, unless it
    carries a password, a code or orders (judge.commands.press_guard)."""
    reply = Reply()
    body = text.strip("\n")
    refused = press_guard.refusal(jc.session, jc.registry, seat, body, emg_subject)
    if refused is not None:
        reply.error(refused.line_no, _excerpt(refused.excerpt), refused.reason)
        return reply
    line_no, first = next(((n, line) for n, line in enumerate(body.split("\n"), 1)
                           if line.strip()), (1, "(an empty reply)"))
    try:
        lines = press_reply.send_answer(jc.session, jc.postman, answered, seat, body)
    except GameError as error:
        reply.error(line_no, _excerpt(first), str(error))
        return reply
    reply.done(line_no, _excerpt(first), *lines)
    return reply


_EXCERPT = 60


def _excerpt(line: str) -> str:
    return line if len(line) <= _EXCERPT else line[:_EXCERPT - 3] + "..."


def register(registry: CommandRegistry) -> None:
    registry.register(Command(
        name="PRESS", usage=PRESS_USAGE, run=run_press, block=True, end_words=END_WORDS,
        help="send the lines that follow to chosen powers or the master (the master sees "
             "all press; GREY hides your name where the game allows it)"))
    registry.register(Command(
        name="BROADCAST", usage=BROADCAST_USAGE, run=run_broadcast, block=True,
        end_words=END_WORDS,
        help="send the lines that follow to every power (and the observers if the game "
             "lets them see broadcasts)"))
