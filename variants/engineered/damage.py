"""The fighter's damage order (rn45 C7 7f, 7g), and which supports the damage orders cut.

`F War D A Ser-Bud` damages a move: every support of that move is cut (7f 1).
`F War D A Gal` damages a supporting or holding unit: its own support and every support of
it are cut (7f 2). But where fighters support the damaged move or unit, the damage defeats
those fighter supports and no longer affects the army and navy supports (7g), nor the
support of a damaged army or navy.

Readings (docs/variants/engineered.md): a damage order is matched as a support is: `D A
Ser-Bud` does nothing unless A Ser moves to Bud, `D A Gal` nothing if A Gal moves; several
damage orders at one move or unit do what one does (7g speaks of "a Fighter damage order",
and one damage already cuts "all supports"); a damage order is never cut, since only
supports are (7f), and the attack on a fighter's field does not stop it (7a).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from judge.engine.board import Board, Illegal
from judge.engine.order_types import OrderType, Writing
from judge.engine.orders import VariantOrder
from judge.engine.standard_types import unit_slot
from judge.engine.types import MOVEMENT, Unit

from .fighters import complex_at, is_fighter, within_reach
from .fighters_advice import instead
from .options import Options


@dataclass(frozen=True, slots=True)
class Damage(VariantOrder):
    """A fighter's damage of the move `target - dest`, or of the unit in `target`."""

    loc: str
    target: str
    dest: str | None = None
    kind: str | None = None
    target_kind: str | None = None


def describe_damage(order: Damage) -> str:
    unit = f"{order.kind} {order.loc}" if order.kind else order.loc
    target = f"{order.target_kind} {order.target}" if order.target_kind else order.target
    return f"{unit} D {target}" + (f" - {order.dest}" if order.dest else "")


def _write(w: Writing, own: str, order: Damage) -> str:
    target = w.other(order.target_kind, order.target)
    return f"{own} DAMAGE {target}" + (f" -> {w.place(order.dest)}." if order.dest else ".")


def check_damage(board: Board, unit: Unit, order: Damage) -> Damage:
    """7f: only a fighter damages, a move whose destination it reaches (1) or a unit in an
    area it reaches (2)."""
    if not is_fighter(unit):
        raise Illegal(f"{unit} is not a fighter: only a fighter damages (rn45 C7 7f)")
    target = board.where(order.target)
    if target == board.where(unit.loc):
        raise Illegal(f"{unit} cannot damage itself")
    if board.index.get(target) is None:
        raise Illegal(f"there is no unit in {target} to damage")
    if order.dest is None:
        within_reach(board, unit, target, "damage a unit")
        return order
    dest = within_reach(board, unit, order.dest, "damage a move")
    if dest == target:
        raise Illegal(f"the unit in {target} cannot move to the province it is in")
    return order if dest == order.dest else Damage(order.loc, order.target, dest,
                                                   order.kind, order.target_kind)


def damage_type(defaults: Options) -> OrderType:
    """The damage order of a game with these options: refused in a simple game (rn45 A)."""
    def check(board: Board, unit: Unit, order: Damage) -> Damage:
        if not complex_at(defaults, board.position):
            what = f"; {instead(board, unit, simple=True)}" if is_fighter(unit) else ""
            raise Illegal("damage is an order of the complex game (rn45 A, C7): this game "
                          f"is played at the simple level{what}")
        return check_damage(board, unit, order)
    return OrderType(Damage, "Damage", frozenset(MOVEMENT), describe_damage, _write,
                     unit_slot, check)



@dataclass(frozen=True, slots=True)
class Struck:
    """What one damage order hit: the damaged move or unit (an index), or nothing."""

    target: int
    move: bool


def damage_cuts(targets: Sequence[Struck], supporters: Callable[[int], Sequence[int]],
                fighter: Callable[[int], bool], supporting: Callable[[int], bool]) -> set[int]:
    """The supports the damage orders cut (indexes of supporting units): 7f and 7g."""
    cut: set[int] = set()
    for hit in targets:
        sups = supporters(hit.target)
        by_fighters = [s for s in sups if fighter(s)]
        if by_fighters:  # 7g: the fighter supports are defeated, the others unaffected
            cut.update(by_fighters)
            spared = not fighter(hit.target)
        else:
            cut.update(sups)
            spared = False
        if not hit.move and supporting(hit.target) and not spared:
            cut.add(hit.target)  # 7f 2: the damaged unit's own support
    return cut
