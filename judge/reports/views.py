"""Per-recipient report view models, built only from what the variant's visibility lets the
recipient see: its projection of the turn (`judge.engine.visibility.projection`) and
`board(turn.position, viewer)`.

Hidden information is never removed from text: what a viewer may not know is simply not in
their projection, so it cannot reach the template (ARCHITECTURE.md rule 3).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from judge.engine.adjustments import adjustment_counts
from judge.engine.outcome import Adjustment, CentreChange, Dislodgement
from judge.engine.position import Position
from judge.engine.turn import TurnResult
from judge.engine.visibility import UNSEEN, Role, Seen, Viewer, hides, projection
from judge.game.clock import format_deadline
from judge.grammar.notation import place, unit_text
from judge.reports.lines import PowerOrders, power_orders, unit_key
from judge.reports.sections import SectionView, section_views
from judge.variant import Variant, power_name, power_rank


@dataclass(frozen=True, slots=True)
class DislodgedUnit:
    power: str
    adjective: str  # 'German', as in 'The German F Holland'
    unit: str  # 'F Holland'
    retreats: tuple[str, ...]  # full names; empty: the unit is destroyed


@dataclass(frozen=True, slots=True)
class CentreHolding:
    power: str
    count: int
    centres: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CentreChangeLine:
    centre: str
    old_owner: str | None  # None: the centre was neutral, or its owner is not known
    new_owner: str | None
    old_seen: bool = True  # False: the reader may not know who held it (UNSEEN)
    new_seen: bool = True


@dataclass(frozen=True, slots=True)
class AdjustmentLine:
    power: str
    count: int  # builds (positive) or removals (negative)


@dataclass(frozen=True, slots=True)
class ReportView:
    game_title: str
    recipient: str  # 'France', 'Observer', 'Master'
    title: str  # 'Spring 1901 Movement'
    kind: str  # the phase kind code: M, R, A
    orders: tuple[PowerOrders, ...]
    dislodged: tuple[DislodgedUnit, ...]
    centres: tuple[CentreHolding, ...]  # empty unless centres were counted this turn
    changes: tuple[CentreChangeLine, ...]
    adjustments: tuple[AdjustmentLine, ...]
    next_title: str | None
    deadline: str | None
    winners: tuple[str, ...]
    sections: tuple[SectionView, ...] = ()  # the variant's own (judge/reports/sections.py)
    late: tuple[str, ...] = ()  # powers that missed the deadline, where the reader may know
    # The next phase waits for no orders (judge/engine/handler.py runs_without_orders:
    # Algernon's builds from the lists sent with the moves): it is played at the judge's
    # next round, so its schedule deadline is nobody's and is not told.
    next_unordered: bool = False
    # The game may keep orders from the reader (as BoardView.hidden): "No orders were
    # given" would be false to the public of a maze every rat was ordered in (Algernon).
    hidden: bool = False


def build_view(variant: Variant, turn: TurnResult, viewer: Viewer,
               deadline: datetime | None = None, zone: str = "UTC", *,
               late: Collection[str] = (), players: Collection[str] | None = None,
               board: Position | None = None) -> ReportView:
    """`late`: the powers whose orders were incomplete at the deadline, for the readers the
    game lets know; `players`: the powers someone plays (None: every power); `board`: the
    board after the turn as the reader's knowledge record keeps it (judge/game/
    seat_board.py), None: as the visibility shows it. The events are the turn's projection
    for the reader; the board the report shows (centres, counts) is this one."""
    rules = variant.rules
    events = projection(rules.visibility, turn.phase, turn.events, turn.position, viewer)
    if board is None:
        board = rules.visibility.board(turn.position, viewer)
    counted = _centres_counted(variant, turn)
    unordered = _runs_without_orders(variant, turn)
    return ReportView(
        game_title=variant.title,
        recipient=recipient_name(viewer),
        title=rules.calendar.describe(turn.phase),
        kind=turn.phase.kind,
        orders=_orders(variant, turn, events,
                       _may_be_silent(variant, turn.position, viewer, players)),
        dislodged=_dislodged(variant, events),
        centres=holdings(variant, board) if counted else (),
        changes=_changes(variant, events),
        adjustments=() if turn.winners else _adjustments(
            variant, events, (turn.position, board) if counted else None),
        next_title=rules.calendar.describe(turn.next_phase) if turn.next_phase else None,
        deadline=format_deadline(deadline, zone)
        if deadline and turn.next_phase and not unordered else None,
        winners=tuple(power_name(w) for w in turn.winners),
        sections=section_views(variant, turn, viewer, events, board),
        late=_late(variant, turn.position, board, viewer, late),
        next_unordered=unordered,
        hidden=hides(rules.visibility, turn.position, viewer),
    )


def _runs_without_orders(variant: Variant, turn: TurnResult) -> bool:
    """Whether the phase that comes next is played without waiting for orders: its
    deadline is then nobody's, and the report does not give it."""
    rules = variant.rules
    return turn.next_phase is not None and \
        rules.handler(turn.next_phase).runs_without_orders(rules, turn.position)


# The last order blocks built, with what they were built from: the readers of one turn
# that see the same events get the same blocks (all eight in a game that hides nothing),
# built once (issue #18). One tuple, replaced whole, so threads never see half of one.
_LAST_ORDERS: tuple[Variant, TurnResult, tuple[Seen, ...], object, tuple[PowerOrders, ...]] \
    | None = None


def _orders(variant: Variant, turn: TurnResult, events: Sequence[Seen],
            players: Collection[str] | None) -> tuple[PowerOrders, ...]:
    global _LAST_ORDERS
    seen, silent = tuple(events), None if players is None else frozenset(players)
    last = _LAST_ORDERS
    if last is not None and last[0] is variant and last[1] is turn and last[2] == seen \
            and last[3] == silent:
        return last[4]
    blocks = power_orders(variant, turn.phase, turn.events, seen, players)
    _LAST_ORDERS = (variant, turn, seen, silent, blocks)
    return blocks


def _may_be_silent(variant: Variant, position: Position, viewer: Viewer,
                   players: Collection[str] | None) -> Collection[str] | None:
    """The powers a report may say sent no orders: in a game that hides things from the
    reader, his own only, since another's silence would tell of the units and countries
    he had to order (issue #13)."""
    if not hides(variant.rules.visibility, position, viewer):
        return players
    own = {viewer.power} if viewer.power else set()
    return own if players is None else own & set(players)


def _late(variant: Variant, position: Position, board: Position, viewer: Viewer,
          late: Collection[str]) -> tuple[str, ...]:
    """Who missed the deadline, as far as the reader may know: in a game that hides things
    from him, only his own power, since what another player owed (his units, the countries
    he orders) is hidden and his lateness would tell of it (issue #13)."""
    hiding = hides(variant.rules.visibility, position, viewer)
    return tuple(power_name(p.name) for p in variant.powers if p.name in late
                 and (p.name == viewer.power or not hiding)
                 and sees_every_unit(position, board, p.name))


def sees_every_unit(position: Position, board: Position, power: str) -> bool:
    """Whether the reader whose board of `position` is `board` sees every unit of `power`:
    only then may they learn it is late. A unit shown to him as another of its kind in its
    place (what it carries hidden) is seen: otherwise the line would leave out, for everyone,
    exactly the powers whose units carry something hidden, and so tell of it."""
    seen = {(u.kind, u.loc) for u in board.units_of(power)}
    return all((u.kind, u.loc) in seen for u in position.units_of(power))


def recipient_name(viewer: Viewer) -> str:
    """'France', 'Observer', 'Master': who a report or board is for."""
    if viewer.role == Role.PLAYER and viewer.power:
        return power_name(viewer.power)
    return viewer.role.value.title()


def _centres_counted(variant: Variant, turn: TurnResult) -> bool:
    """Centres are counted when this turn ended a season that takes them (after a Fall)."""
    calendar = variant.rules.calendar
    if not calendar.season(turn.phase.season).takes_centres:
        return False
    return turn.next_phase is None or calendar.ends_season(turn.phase, turn.next_phase)


def _dislodged(variant: Variant, events: Sequence[Seen]) -> tuple[DislodgedUnit, ...]:
    return dislodged_units(variant, (d for d in events if isinstance(d, Dislodgement)))


def dislodged_units(variant: Variant,
                    found: Iterable[Dislodgement]) -> tuple[DislodgedUnit, ...]:
    """Dislodged units power by power, each power's by province name, with retreats."""
    geo = variant.rules.geo
    adjective = {p.name: p.adjective for p in variant.powers}
    rank = power_rank(variant)
    return tuple(
        DislodgedUnit(power_name(d.unit.power), adjective.get(d.unit.power, d.unit.power),
                      unit_text(geo, d.unit.kind, d.unit.loc),
                      tuple(place(geo, loc) for loc in d.retreats))
        for d in sorted(found, key=lambda d: (rank.get(d.unit.power, len(rank)),
                                              unit_key(geo, d.unit))))


def board_powers(variant: Variant, board: Position) -> tuple[str, ...]:
    """The powers with units or centres on `board`: the variant's in its order, then any
    other owner its rules put there (a country nobody plays, rn45 D1), by name."""
    present = {u.power for u in board.units} | set(board.owners.values())
    own = tuple(p.name for p in variant.powers)
    return (*(p for p in own if p in present),
            *sorted(p for p in present - {*own, UNSEEN} if p))


def holdings(variant: Variant, board: Position) -> tuple[CentreHolding, ...]:
    """Each power's supply centres on `board`, by name, with their count."""
    geo = variant.rules.geo
    counts = geo.centre_counts(board.owners)
    return tuple(
        CentreHolding(power_name(p), counts.get(p, 0),
                      tuple(sorted(place(geo, c)
                                   for c in board.centres_of(p, geo.supply_centres))))
        for p in board_powers(variant, board) if counts.get(p, 0)
    )


def _changes(variant: Variant, events: Sequence[Seen]) -> tuple[CentreChangeLine, ...]:
    def name(power: str | None) -> str | None:
        return power_name(power) if power and power != UNSEEN else None

    geo = variant.rules.geo
    return tuple(CentreChangeLine(place(geo, c.centre), name(c.old_owner), name(c.new_owner),
                                  c.old_owner != UNSEEN, c.new_owner != UNSEEN)
                 for c in events if isinstance(c, CentreChange))


def _adjustments(variant: Variant, events: Sequence[Seen],
                 counted: tuple[Position, Position] | None) -> tuple[AdjustmentLine, ...]:
    """Each power's count: from the phase's Adjustment events, or, after centres were
    counted (`counted`: the board and the reader's view of it), what the board owes, for
    the powers whose count the reader can tell (`knows_count`)."""
    counts = {e.power: e.count for e in events if isinstance(e, Adjustment)}
    if counted is not None and not counts:
        position, board = counted
        counts = {p: n for p, n in adjustment_counts(variant.rules, position).items()
                  if knows_count(variant, position, board, p)}
    rank = power_rank(variant)
    return tuple(AdjustmentLine(power_name(p), n)
                 for p, n in sorted(counts.items(), key=lambda i: rank.get(i[0], 99)) if n)


def knows_count(variant: Variant, position: Position, board: Position, power: str) -> bool:
    """Whether the reader whose view of `position` is `board` sees all that `power`'s
    adjustment count is counted from: its centres and the units that take supply. Counted
    from the view alone, an opponent's Major Ally whose units a Stab Envoy player sees
    (12c) but not its centres would "remove" every unit (issue #13)."""
    rules = variant.rules
    centres = rules.geo.supply_centres
    counted = {u for u in rules.main_units(position) if u.power == power}
    return counted <= set(board.units) and \
        board.centres_of(power, centres) == position.centres_of(power, centres)
