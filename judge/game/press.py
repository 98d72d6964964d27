"""Press: who may write to whom under the game's press settings, and delivering it.

Players write to the powers they name (partial press only), to everyone (a broadcast), or
to the master. White press carries the sender's power; grey press reaches its recipients
"from an anonymous power", and never lists who else received it. The master sees all
press, with the sender's name; observers see broadcasts when the game lets them. The
master's own press is always signed; observers may write to the master only. A master who
acts for a power (BECOME) writes as that power, under the rules its player would have.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.orm import Session

from judge.game import commentator
from judge.game.errors import GameError
from judge.game.games import primary_address, seats_of, settings_of
from judge.game.postman import Postman
from judge.game.recipients import recipients
from judge.game.settings import PressMode, PressSettings
from judge.store.models import Game, GameState, Press, Seat, SeatRole
from judge.store.repo_games import current_turn
from judge.variant import power_name

MASTER, OBSERVERS = "master", "observers"
ANONYMOUS = "an anonymous power"


@dataclass(frozen=True, slots=True)
class Letter:
    """One piece of press: `powers` empty and `broadcast` for everyone. `as_power`: the
    power a master acting for it (BECOME) writes as; the sender is still the master."""

    sender: Seat
    powers: tuple[str, ...]
    to_master: bool
    broadcast: bool
    grey: bool
    body: str
    as_power: str | None = None

    @property
    def from_player(self) -> bool:
        """Written as a power: by its player, or by the master acting for it."""
        return self.sender.role == SeatRole.PLAYER or self.as_power is not None


def check(game: Game, letter: Letter) -> None:
    """Refuse press the game's settings or the sender's role do not allow."""
    if game.state == GameState.FORMING:
        raise GameError(f"press opens when {game.name} starts")
    if letter.as_power is not None and letter.to_master:
        raise GameError("you are the master: press to the master would reach nobody")
    if letter.sender.role == SeatRole.MASTER and letter.as_power is None:
        if letter.grey:
            raise GameError("the master's press is always signed; leave out GREY")
        return
    press = settings_of(game).press
    if letter.sender.role == SeatRole.OBSERVER and (letter.powers or letter.broadcast):
        raise GameError("observers may write to the master only: PRESS TO master")
    if letter.powers or letter.broadcast:
        _check_players(game, press, letter)


def _check_players(game: Game, press: PressSettings, letter: Letter) -> None:
    mode = press.mode
    if mode is PressMode.NONE:
        raise GameError(f"{game.name} is a no-press game: players cannot write to each other")
    if letter.grey and mode is PressMode.WHITE:
        raise GameError(f"press in {game.name} is white: every message is signed; "
                        "leave out GREY")


def is_grey(game: Game, letter: Letter) -> bool:
    """Grey when the sender asked, or always in a grey-press game; the master's own press
    never is (written as a power after BECOME, it is that power's press)."""
    if not letter.from_player:
        return False
    return letter.grey or settings_of(game).press.mode is PressMode.GREY


def send(session: Session, game: Game, postman: Postman, letter: Letter) -> list[str]:
    """Store the press, mail each recipient their copy; the reply's lines for the sender."""
    grey = is_grey(game, letter)
    targets = _targets(game, letter)
    stored = [*letter.powers, *([MASTER] if letter.to_master else [])]
    if letter.broadcast:
        stored = [*_player_powers(game), MASTER, *([OBSERVERS] if _observers_see(game) else [])]
    turn = current_turn(session, game)
    row = Press(game_id=game.id, turn_id=turn.id if turn is not None else None,
                sender_seat_id=letter.sender.id, recipients=stored, grey=grey,
                body=letter.body, sender_power=_signed_as(letter))
    session.add(row)
    session.flush()  # its id goes into each copy's reply address
    for seat, addressed in targets:
        subject, head = _heading(game, letter, grey, seat, addressed)
        # A plain reply to a copy goes back as press to the writer (judge.game.press_reply).
        postman.send(session, to=[primary_address(seat.account)], subject=subject,
                     body="\n".join([*head, "", letter.body, ""]), seat=seat, press=row.id)
    read = _to_commentator(session, game, postman, letter, grey, targets)
    lines = _receipt(letter, grey, _observers_see(game))
    return [*lines, "The game's commentator reads a copy too, without your name."] \
        if read else lines


def _to_commentator(session: Session, game: Game, postman: Postman, letter: Letter,
                    grey: bool, targets: list[tuple[Seat, bool]]) -> bool:
    """A copy of press between players for the game's commentator, if it has one."""
    if not letter.from_player or not (letter.powers or letter.broadcast):
        return False
    # Signed as its recipients read it: powers, never players; grey hides even the power.
    return commentator.copy_press(session, game, postman,
                                  ANONYMOUS if grey else signature(letter), addressees(letter),
                                  "broadcast" if letter.broadcast else "press", letter.body,
                                  {s.id for s, _ in targets})


def _signed_as(letter: Letter) -> str | None:
    """The power the letter is written as, if any (a master's own press has none)."""
    if letter.as_power is not None:
        return letter.as_power
    return letter.sender.power if letter.sender.role == SeatRole.PLAYER else None


def _targets(game: Game, letter: Letter) -> list[tuple[Seat, bool]]:
    """Each seat that gets a copy, and whether it was addressed (else a master's copy)."""
    found: dict[int, tuple[Seat, bool]] = {}
    for seat in recipients(game):
        if seat.id == letter.sender.id:
            continue
        if seat.role == SeatRole.PLAYER:
            addressed = letter.broadcast or seat.power in letter.powers
        elif seat.role == SeatRole.MASTER:
            addressed = letter.broadcast or letter.to_master
        else:
            addressed = letter.broadcast and _observers_see(game)
        if addressed or seat.role == SeatRole.MASTER:
            found[seat.id] = (seat, addressed)
    return list(found.values())


def _observers_see(game: Game) -> bool:
    return settings_of(game).press.observers_see_broadcasts


def _player_powers(game: Game) -> list[str]:
    return [s.power for s in seats_of(game, SeatRole.PLAYER) if s.power]


def signature(letter: Letter) -> str:
    """Who the letter is from, for those allowed to know."""
    if letter.as_power is not None:
        return power_name(letter.as_power)
    return seat_signature(letter.sender)


def seat_signature(seat: Seat) -> str:
    if seat.role == SeatRole.MASTER:
        return "the master"
    if seat.role == SeatRole.OBSERVER:
        return f"an observer ({seat.account.name})"
    return power_name(seat.power or "?")


def addressees(letter: Letter) -> str:
    if letter.broadcast:
        return "everyone"
    names = [power_name(p) for p in letter.powers] + (["the master"] if letter.to_master else [])
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]


def _heading(game: Game, letter: Letter, grey: bool, seat: Seat,
             addressed: bool) -> tuple[str, list[str]]:
    """The subject and the lines above the text, as this recipient may read them."""
    kind = "broadcast" if letter.broadcast else "press"
    if seat.role == SeatRole.MASTER:
        # The master sees everything: the real sender and every addressee.
        copy = "" if addressed else " (your copy)"
        lines = [f"From: {signature(letter)}", f"To: {addressees(letter)}"]
        if grey:
            lines.append("Grey press: the recipients do not see who sent it.")
        return f"{game.name}: {kind} from {signature(letter)}{copy}", lines
    sender = ANONYMOUS if grey else signature(letter)
    # Who else got grey press would hint at who sent it.
    to = "you" if grey and not letter.broadcast else addressees(letter)
    return f"{game.name}: {kind} from {sender}", [f"From: {sender}", f"To: {to}"]


def _receipt(letter: Letter, grey: bool, observers_see: bool) -> list[str]:
    lines = [f"Press sent to {addressees(letter)}{_signed_how(letter, grey)}."]
    if letter.sender.role == SeatRole.PLAYER and not letter.to_master and not letter.broadcast:
        lines.append("The master sees a copy, as of all press.")
    # What the setting says, whether or not anyone observes yet: who observes is not
    # every game's to tell (a forged OBSERVE made it an oracle of who plays: adv8).
    if letter.broadcast and observers_see:
        lines.append("Observers see broadcasts too.")
    return lines


def _signed_how(letter: Letter, grey: bool) -> str:
    if letter.as_power is None:
        return " without your name (grey)" if grey else ""
    return f" as {power_name(letter.as_power)}" + (", without its name (grey)" if grey else "")
