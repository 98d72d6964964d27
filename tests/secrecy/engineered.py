"""Engineered's plug-in for the non-interference harness (docs/secrecy.md): a complex game
with decoys (rn45 C2 2b, C8), seven players and an observer, in both judges of a Twin.

What the others may not know: which unit is a decoy (C8; 2b "an identical decoy unit").
Game A and game B differ only in that: the boards are set with `decoy_board`, where one of
two units of the same power and kind is the decoy, the other in the other game. Everything
the other players and the observer receive must then be the same, as long as nothing
exposes the decoy (8c), which is public once it happens.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from judge.engine.position import Position
from judge.engine.types import Unit
from tests.conversations.orders_board import edit_board
from tests.conversations.seating_helpers import POWERS, account
from tests.secrecy.noninterference import Seat, Table
from tests.secrecy.twin import Twin

GAME = "beta"
MASTER = Seat("", "gm@example.org", f"SIGNON M{GAME} gmpw")
OBSERVER = Seat("", "observer@example.org", f"SIGNON O{GAME} obspw")
DECOY = (("decoy", True),)


def engineered_table(twin: Twin) -> Table:
    """Game beta, complex with decoys, in both judges: every power played, an observer."""
    players = {power: Seat(power, f"{power.lower()}@example.org",
                           f"SIGNON {POWERS[power]}{GAME} pw-{power}") for power in POWERS}
    for talk in (twin.a, twin.b):
        for seat in (MASTER, OBSERVER, *players.values()):
            account(talk, seat.address)
    twin.send(MASTER.address, f"CREATE {GAME} gmpw engineered level=complex decoys=true")
    for power, seat in players.items():
        twin.send(seat.address, f"JOIN {GAME} pw-{power} {POWERS[power]}")
    twin.send(OBSERVER.address, f"OBSERVE {GAME} obspw")
    return Table(GAME, MASTER, players, (OBSERVER,))


def decoy_board(twin: Twin, phase: str, units: Sequence[Unit], decoys: tuple[int, int]) -> None:
    """Both games' open turn becomes `phase` with `units` added, units[decoys[0]] the decoy
    in game A and units[decoys[1]] in game B."""
    for talk, which in zip((twin.a, twin.b), decoys, strict=True):
        marked = [u._replace(payload=DECOY) if i == which else u for i, u in enumerate(units)]
        edit_board(talk, phase, _adding(marked))


def decoy_made_in_warsaw(twin: Twin, table: Table, *watching: str) -> Seat:
    """Winter 1902 in both games: Russia's engineer beside its army in Warsaw makes a decoy
    of it (2b), watched from before the Winter by `watching`; Russia's seat."""
    for talk in (twin.a, twin.b):
        edit_board(talk, "W1902A", _adding((Unit("RUSSIA", "E", "war"),)))
    twin.watch(*watching)
    russia = table.players["RUSSIA"]
    twin.send(russia.address, f"{russia.signon}\nDECOY A War")
    twin.send(MASTER.address, f"{MASTER.signon}\nPROCESS W1902A")
    return russia


def _adding(units: Sequence[Unit]) -> Callable[[Position], Position]:
    def edit(board: Position) -> Position:
        return board._replace(units=(*board.units, *units))
    return edit
