"""What a reply to press must not carry: a plain reply goes as press to a rival, so a
password, a one-time code or the replier's orders in it would be handed to that rival.
Such a reply is refused whole (adv1 t6, adv2 #2); the replier is told why and what to
write instead. Lines are recognised as the judge itself would read them: commands by
the registry, orders by the game's grammar."""

from __future__ import annotations

from typing import NamedTuple

from sqlalchemy.orm import Session

from judge.commands.registry import Command, CommandRegistry
from judge.engine.position import Position
from judge.engine.rules import Rules, countries_written_by
from judge.engine.types import province_of
from judge.game.codes import parse_code
from judge.game.games import game_variant, position_of
from judge.game.knowledge import writer_of
from judge.grammar.errors import OrderSyntaxError
from judge.grammar.reader import reader_for
from judge.store import repo
from judge.store.models import Seat, SeatRole
from judge.store.repo_games import current_turn

# Commands whose arguments are a password (or a block that holds one).
_PASSWORD = frozenset({"SIGNON", "SET PASSWORD", "REGISTER"})
# Commands that take `<game> <password>`: a password only when a real game is named, so
# that "Join me against Turkey" stays prose.
_GAME_PASSWORD = frozenset({"JOIN", "OBSERVE", "RESIGN", "CREATE"})
_CODES = frozenset({"CONFIRM", "UNDO"})
_ELSEWHERE = ("nothing was sent. A reply to press goes to its writer; send commands to "
              "the judge's own address")
_ORDERS_INSTEAD = ("nothing was sent, so your orders did not reach the writer of that "
                   "press. To give orders, reply to a report, or send them to the judge's "
                   "own address after SIGNON; to write press that mentions orders, say it "
                   "in prose or use PRESS TO <power> … ENDPRESS")


class PressRefusal(NamedTuple):
    line_no: int
    excerpt: str  # never the secret itself
    reason: str


def refusal(session: Session, registry: CommandRegistry, seat: Seat, body: str,
            emg_subject: bool) -> PressRefusal | None:
    """Why `body`, a reply to press by `seat`, must not be sent; None when it may."""
    if emg_subject:
        return PressRefusal(1, "(the subject asks for EMGTURN or EMGREPORT)",
                            "an EMG request carries your password: " + _ELSEWHERE)
    lines = body.split("\n")
    for number, line in enumerate(lines, 1):
        found = _secret(session, registry, line)
        if found is not None:
            secret = "code" if found in _CODES else "password"
            return PressRefusal(number, f"{found} …", f"line {number} is {_a(found)}, which "
                                f"would give your {secret} away: {_ELSEWHERE}")
    for number, line in enumerate(lines, 1):
        if _own_order(session, seat, line):
            return PressRefusal(number, line.strip(), f"line {number} reads as an order "
                                f"for your units: {_ORDERS_INSTEAD}")
    return None


def _secret(session: Session, registry: CommandRegistry, line: str) -> str | None:
    """The name of the secret-bearing command `line` is, else None."""
    words = line.split()
    if not words:
        return None
    if words[0].upper() in ("EMGSTART", "EMGEND"):
        return "EMG block"
    command, args = _command(registry, words)
    if command is not None:
        return _exact(session, command.name, args)
    # A mistyped command ("SIGNO Galpha pw") is still a password when it names a game.
    near = registry.lookup(words[0]).candidates or registry.close_matches(words[0])
    return next((name for name in near if _names_game(session, name, words[1:])), None)


def _exact(session: Session, name: str, args: list[str]) -> str | None:
    if name in _PASSWORD:
        return name
    if name in _CODES and any(parse_code(a) is not None for a in args):
        return name
    return name if _names_game(session, name, args) else None


def _names_game(session: Session, name: str, args: list[str]) -> bool:
    """Whether `args` start as `name`'s do with a real game: 'Galpha', or 'alpha pw'."""
    if name == "SIGNON" and args:
        return repo.game_by_name(session, args[0][1:].lower()) is not None
    return name in _GAME_PASSWORD and len(args) >= 2 \
        and repo.game_by_name(session, args[0].lower()) is not None


def _a(name: str) -> str:
    return f"{'an' if name[0] in 'AEIOU' else 'a'} {name}"


def _command(registry: CommandRegistry, words: list[str]) -> tuple[Command | None, list[str]]:
    # A two-word name (SET PASSWORD) first, as the dispatcher reads a line.
    for size in (2, 1):
        if len(words) >= size:
            command = registry.lookup(" ".join(words[:size])).command
            if command is not None:
                return command, words[size:]
    return None, []


def _own_order(session: Session, seat: Seat, line: str) -> bool:
    """Whether `line` reads as an order for one of the units the seat orders (or, to
    build, one of the centres whose builds it writes) on the board of the open turn."""
    if seat.role != SeatRole.PLAYER or seat.power is None or not line.strip():
        return False
    turn = current_turn(session, seat.game)
    if turn is None:
        return False
    position = position_of(turn)
    variant = game_variant(seat.game)
    reader = reader_for(variant)
    mine = _ordered_places(variant.rules, position, seat.power)
    for kind in dict.fromkeys((position.phase.kind, "M")):
        try:
            order = reader.read(line, kind, writer_of(session, seat.game, seat.power))
        except OrderSyntaxError:
            continue
        if order.loc and province_of(order.loc) in mine:
            return True
    return False


def _ordered_places(rules: Rules, position: Position, power: str) -> set[str]:
    """The provinces of the units `power` may order, its own or others' (Envoy rule 6: a
    Major Ally's; adv8), and of the centres of the countries whose builds it writes."""
    places = {province_of(u.loc) for u in position.units
              if rules.may_order(position, power, u)}
    places |= {province_of(d.unit.loc) for d in position.dislodged
               if rules.may_order(position, power, d.unit)}
    for country in countries_written_by(rules, position, power):
        places |= set(position.centres_of(country))
    return places
