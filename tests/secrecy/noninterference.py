"""Non-interference by mail: two games that differ only in what a viewer may not know
must mail that viewer the same bytes (issue #13, "Non-interference test").

How a run goes (`play`):

1. The variant's plug-in (`HiddenGame`) creates and fills one game in each judge of a
   `Twin` (tests/secrecy/twin.py), by the same mail, with the same secret seed.
2. Turn after turn, probing players (tests/secrecy/probing.py) write random orders of every
   kind, the same in both games, and the master processes the turn once all have written.
3. From a turn drawn from the seed on, the plug-in's `secrets` generator is asked what the
   others may not know about one player's orders this turn: a `Difference`, two sets of
   lines for that player, one for game A and one for game B. It decides from the rules,
   the map, the true board and everybody's planned orders (which places each line names),
   never from what the judge would show anyone. The first turn offering one is played with
   one of those nearest the others' units: the owner's message differs (the difference's
   lines replace his planned orders for those units), every other message is the same.
4. After that turn every other player probes (orders naming every neighbour of his units
   and naming the difference's places, orders sent ahead with PHASE, ORDERS, LIST, HISTORY,
   SUMMARY, BOARD, MAP, unsigned commands, a concession), and so do the observers. Then it
   plays on (`follow`): the retreats and adjustments after it and `AFTER` full movement
   turns more, every player writing from what his seat knows (knowing.py) in game A, the
   same to both games, no line meeting the secret; the viewers probe and read each phase.
5. `Run.leaks()` is the diff of everything each viewer received in the two games, step by
   step (replies, reports, notices, error replies, headers, attachments; twin.py says
   what is normalised). It must be empty.

A new hidden-information variant (Algernon, Age of Discovery, Global Diplomacy's spies)
reuses all of it by writing a `HiddenGame`: how to create its game by mail, its probing
player (a `ProbingPlayer`, subclassed for its own kinds and phases) and its `secrets`
generator. docs/secrecy.md is the guide.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from judge.engine.position import Position
from judge.game.games import find_game, position_of
from judge.store.repo_games import current_turn
from tests.conversations.harness import Conversation
from tests.secrecy.knowing import differing, known, ordered_in_one
from tests.secrecy.probing import Avoid, Line, ProbingPlayer
from tests.secrecy.twin import Twin


@dataclass(frozen=True)
class Seat:
    power: str  # a power, or "" for an observer
    address: str
    signon: str  # the SIGNON line for this seat


@dataclass(frozen=True)
class Table:
    """A game as created by the plug-in: its name, master and seats."""

    game: str
    master: Seat
    players: Mapping[str, Seat]
    observers: tuple[Seat, ...] = ()


@dataclass(frozen=True)
class Difference:
    """`owner` adds `a` to its orders in game A and `b` in game B, in place of its planned
    orders for the units they order (a second order for a unit in one message would void
    both), and leaves out `without` of its planned orders; `what` tells a reader."""

    owner: str
    a: tuple[Line, ...]
    b: tuple[Line, ...]
    what: str
    without: tuple[Line, ...] = ()
    # How far it is from what the other seats have (the harness plays one of the nearest:
    # a secret next to a viewer's units is the one his probes are likeliest to touch).
    distance: int = 0

    def places(self) -> frozenset[str]:
        """Every place its lines name."""
        return frozenset(n for line in (*self.a, *self.b) for n in line.names)

    def avoid(self, power: str, ordered: frozenset[str] = frozenset()) -> Avoid:
        """What `power`'s later orders may not name: the owner's, any line naming one of
        its places (a kindless line of his could order his hidden unit in one game only),
        nor any for the powers he orders in one game only (`ordered`: a diplomat's move
        can win or lose him a country, Envoy's rule 6, and its units then move or hold
        where all see them); another's, a line of the difference's own layers naming one
        (armies and diplomats do not meet: Envoy's rule 4 contacts are diplomats', 12d's
        units')."""
        if power == self.owner:
            return Avoid(self.places(), powers=ordered)
        return Avoid(self.places(), frozenset(line.layer for line in (*self.a, *self.b)))


# The judge takes at most 300 commands and orders in one message (docs/commands.md).
LINES_PER_MESSAGE = 250
# The last phase's lines resent late each phase (the hint's reading is the same for all).
LATE = 60
# Full movement turns played after the one that differs (`follow`): leaks that show only
# later (a hidden unit shaping the next turn's refusals, reports or who survives).
AFTER = 1

class HiddenGame(Protocol):
    """What a hidden-information variant plugs into the harness."""

    @property
    def player(self) -> ProbingPlayer:
        """Who writes every seat's orders and probes."""

    def create(self, twin: Twin, rng: random.Random) -> Table:
        """Create and fill the game in both judges, by the same mail."""

    def secrets(self, rng: random.Random, position: Position,
                orders: Mapping[str, Sequence[Line]]) -> list[Difference]:
        """Pairs of extra orders whose difference the rules keep from every other seat."""


@dataclass
class Run:
    twin: Twin
    table: Table
    difference: Difference | None = None
    phase: str = ""
    log: list[str] = field(default_factory=list)
    # Seats whose known board differed between the games after a turn (knowing.py).
    unlike: list[str] = field(default_factory=list)
    # The true board (A's) of the phase processed last: its lines are late now.
    before: Position | None = None

    def viewers(self) -> list[Seat]:
        if self.difference is None:
            return []
        owner = self.difference.owner
        return [s for p, s in self.table.players.items() if p != owner] + list(
            self.table.observers)

    def leaks(self) -> str:
        """What the viewers received differently in the two games ('' when nothing)."""
        found = "\n".join([*self.unlike,
                           self.twin.differences(s.address for s in self.viewers())]).strip()
        return f"{self.describe()}\n{found}" if found else ""

    def describe(self) -> str:
        d = self.difference
        if d is None:
            return "no difference was played"
        return (f"{self.phase}: {d.what}\n  {d.owner} writes in game A: "
                f"{[line.text for line in d.a]}\n  and in game B: {[line.text for line in d.b]}"
                f"\n" + "\n".join(self.log))


def current(talk: Conversation, game: str) -> Position | None:
    """The board of the turn open for orders, as stored (None once the game is over)."""
    with talk.judge.db.unit_of_work() as session:
        turn = current_turn(session, find_game(session, game))
        return None if turn is None else position_of(turn)


def play(twin: Twin, hidden: HiddenGame, rng: random.Random, turns: int = 8,
         after: int = AFTER) -> Run:
    """Play turns until one offers a difference (from a turn drawn from `rng`); then probe,
    and play on for `after` movement turns (`follow`)."""
    table = hidden.create(twin, rng)
    twin.watch(*(s.address for s in (*table.players.values(), *table.observers)))
    run = Run(twin, table)
    first = rng.randrange(0, 4)
    for number in range(turns):
        position = current(twin.a, table.game)
        if position is None:
            return run
        orders = {p: hidden.player.orders(rng, position, p) for p in sorted(table.players)}
        found = hidden.secrets(rng, position, orders) if number >= first else []
        nearest = [d for d in found if d.distance == min(d.distance for d in found)]
        run.difference = rng.choice(nearest) if nearest else None
        run.phase, run.before = str(position.phase), position
        submit(twin, table, orders, run.difference, run.phase, rng)
        if run.difference is not None:
            probe(twin, hidden, run, rng)
            follow(twin, hidden, run, rng, after)
            return run
    return run


def submit(twin: Twin, table: Table, orders: Mapping[str, Sequence[Line]],
           d: Difference | None, phase: str, rng: random.Random, clear: bool = False) -> None:
    """Every player's orders (the owner's with the difference; after a CLEAR if `clear`),
    in an order drawn from `rng`; then the master processes the phase."""
    powers = sorted(table.players)
    rng.shuffle(powers)
    for power in powers:
        seat = table.players[power]
        mine = list(orders[power])
        if d is not None and d.owner == power:
            replaced = {line.unit for line in (*d.a, *d.b) if line.unit}
            mine = [line for line in mine if line.unit not in replaced]
            for line in d.without:
                mine.remove(line)
        body = "\n".join([seat.signon, *(["SET NOWAIT", "CLEAR"] if clear else []),
                          *(line.text for line in mine)])
        if d is not None and d.owner == power:
            twin.send(seat.address, _with(body, d.a), _with(body, d.b))
        else:
            twin.send(seat.address, body)
    twin.send(table.master.address, f"{table.master.signon}\nPROCESS {phase}")


def _with(body: str, lines: Sequence[Line]) -> str:
    return "\n".join([body, *(line.text for line in lines)])


def probe(twin: Twin, hidden: HiddenGame, run: Run, rng: random.Random) -> None:
    """Each viewer's probes of the turn open after the one that differed, then reads."""
    position = current(twin.a, run.table.game)
    if position is not None:
        probe_lines(twin, hidden, run, rng, position)
    read(twin, run)


def probe_lines(twin: Twin, hidden: HiddenGame, run: Run, rng: random.Random,
                position: Position) -> None:
    """Each viewer's probes, written from A's true board (the test may write anything: the
    same lines go to both games), some sent ahead with PHASE; `settle` CLEARs them. Each
    probe says SET WAIT, and his orders SET NOWAIT: a probe counts as his answer (early
    processing, docs/commands.md), and the turn would be played on the probes as soon
    as the last player without one had written."""
    assert run.difference is not None
    places = run.difference.places()
    for seat in run.viewers():
        lines = [] if not seat.power else [
            line.text for line in hidden.player.probes(rng, position, seat.power, places)]
        if lines and run.before is not None:
            # The last phase's lines naming the secret's places, too late now: "the phase
            # has moved on" is asked of that phase (advsec5, test_adv5_late_orders.py).
            late = [line.text for line in hidden.player.naming(run.before, seat.power, places)]
            twin.send(seat.address, "\n".join([seat.signon, "SET WAIT",
                                               *late[:LATE]]))
        if lines:
            for at in range(0, len(lines), LINES_PER_MESSAGE):
                chunk = lines[at:at + LINES_PER_MESSAGE]
                twin.send(seat.address, "\n".join([seat.signon, "SET WAIT", *chunk]))
            ahead = [f"PHASE {_later(position)}", *lines[:LINES_PER_MESSAGE // 2]]
            twin.send(seat.address, "\n".join([seat.signon, *ahead]))


def follow(twin: Twin, hidden: HiddenGame, run: Run, rng: random.Random,
           turns: int) -> None:
    """Play on after the turn that differed: the retreat or adjustment turns that follow
    it, then `turns` full movement turns, each with the retreats and adjustments after it;
    the viewers probe each phase, everyone writes orders from what he knows (`settle`),
    and every viewer reads after each. Then the unsigned commands and votes."""
    moved = 0
    for step in itertools.count():
        position = current(twin.a, run.table.game)
        if position is None or (position.phase.kind == "M" and moved == turns):
            break
        if step:  # the first was probed and read by `probe`
            probe_lines(twin, hidden, run, rng, position)
        settle(twin, hidden, run, rng)
        run.before = position
        read(twin, run)
        seats = [s.power for s in run.viewers()]
        run.unlike.extend(f"after {position.phase}: {p or 'the observer'}'s known board"
                          for p in differing(twin.a, twin.b, run.table.game, seats))
        moved += position.phase.kind == "M"
    ask(twin, run)


def ask(twin: Twin, run: Run) -> None:
    """WHOAMI, press to the owner, the votes, and OBSERVE without a seat's password."""
    assert run.difference is not None
    owner = run.difference.owner.title()
    for seat in run.viewers():
        if seat.power:
            twin.send(seat.address, f"{seat.signon}\nWHOAMI\nPRESS TO {owner}\nWhere are you?"
                                    f"\nENDPRESS\nSET WAIT\nSET NOWAIT\nSET CONCEDE\nSET DRAW")
            twin.send(seat.address, f"OBSERVE {run.table.game} peek")


def read(twin: Twin, run: Run) -> None:
    """Every viewer reads the game, signed on and not."""
    game = run.table.game
    # MAP: the reader's picture, drawn from his board as BOARD's text is (issue #12 item 4).
    reads = ["ORDERS", f"LIST {game}", f"HISTORY {game}", f"SUMMARY {game}", "BOARD", "MAP"]
    for seat in run.viewers():
        twin.send(seat.address, "\n".join([seat.signon, *reads]))
        twin.send(seat.address, "\n".join([*reads[1:4], f"BOARD {game}", f"MAP {game}"]))


def settle(twin: Twin, hidden: HiddenGame, run: Run, rng: random.Random) -> None:
    """Everyone's orders for the open turn, each written from what his seat knows in game A
    (knowing.py: the true boards differ now, and a viewer's knowledge must not) and sent
    to both games after a CLEAR of his probes. No line of the difference's layers names a
    place it names (`Difference.avoid`): a unit moving into the hidden one's space meets
    it, which the rules then tell (rules 4 and 12d); so the owner's hidden units hold where
    each game has them."""
    d = run.difference
    assert d is not None
    game = run.table.game
    orders = {}
    for p in sorted(run.table.players):
        seen = known(twin.a, game, p)
        avoid = d.avoid(p, ordered_in_one(hidden.player.rules, seen, known(twin.b, game, p), p))
        orders[p] = [] if seen is None else hidden.player.orders(rng, seen, p, avoid)
    phase = current(twin.a, game)
    assert phase is not None
    run.log.append(f"then {phase.phase}: " + "; ".join(
        f"{p}: {[line.text for line in lines]}" for p, lines in orders.items()))
    submit(twin, run.table, orders, None, str(phase.phase), rng, clear=True)


def _later(position: Position) -> str:
    """The next movement turn after this one."""
    phase = position.phase
    if phase.season == "S" and phase.kind == "M":
        return f"F{phase.year}M"
    return f"S{phase.year + 1}M"
