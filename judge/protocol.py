"""The JSON protocol of `judge adjudicate`: one request in, one reply out (docs/adjudicate.md)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, Final, cast

from judge.engine.geo import MapError
from judge.engine.orders import Order
from judge.engine.outcome import OrderResult, Outcome, Reason
from judge.engine.position import Position
from judge.engine.turn import TurnResult, adjudicate
from judge.engine.types import Phase
from judge.engine.visibility import Role, Viewer
from judge.game.instance import variant_instance
from judge.grammar import OrderSyntaxError
from judge.grammar.reader import (
    GrammarReader,
    OrderReader,
    Writer,
    kept_reading,
    reader_for,
)
from judge.protocol_allocate import allocation
from judge.protocol_json import reply_text
from judge.protocol_reply import reply, reply_line
from judge.protocol_request import RequestError, forget_units, power_of, request_value
from judge.protocol_request import position as read_position
from judge.protocol_views import viewers, views
from judge.variant import Variant
from judge.variant_hooks import request_options
from judge.variant_loader import load_variant

__all__ = ["RequestError", "forget_units", "handle", "handle_line", "handle_line_text"]


def handle_line(line: str) -> dict[str, Any]:
    try:
        request = request_value(line)
    except json.JSONDecodeError as exc:
        return {"error": f"the request is not valid JSON: {exc}"}
    try:
        return handle(request)
    except RequestError as exc:
        return {"error": str(exc)}


def handle_line_text(line: str) -> str:
    """reply_text(handle_line(line)), what `judge adjudicate` writes for a line: a phase's
    plain reply is written straight from the turn (protocol_reply.reply_line)."""
    try:
        request = request_value(line)
    except json.JSONDecodeError as exc:
        return reply_text({"error": f"the request is not valid JSON: {exc}"})
    try:
        if isinstance(request, dict) and "views" not in request and "allocate" not in request:
            variant = _request_variant(request)
            position = read_position(variant, request)
            # Unpacked, not reply_line(variant, *_turn(...)): compiled, a starred call goes
            # through the interpreter's generic call, its arguments checked again.
            turn, texts, unparsed = _turn(variant, position, request)
            return reply_line(variant, turn, texts, unparsed)
        return reply_text(handle(request))
    except RequestError as exc:
        return reply_text({"error": str(exc)})


def handle(request: Any) -> dict[str, Any]:
    if not isinstance(request, dict):
        raise RequestError("the request must be a JSON object")
    variant = _request_variant(request)
    if "allocate" in request:
        return _allocation(variant, request)
    position = read_position(variant, request)
    wanted = _viewers(variant, request.get("views", []))
    turn, texts, unparsed = _turn(variant, position, request)
    out = reply(variant, turn, texts, unparsed)
    if "views" in request:
        try:
            out["views"] = views(variant, turn, wanted, texts, unparsed,
                                 request.get("knowledge"))
        except ValueError as exc:
            raise RequestError(str(exc)) from None
    return out


def _request_variant(request: Mapping[str, Any]) -> Variant:
    return _variant(request.get("variant", "standard"), request.get("map"),
                    request.get("state"))


def _turn(variant: Variant, position: Position, request: Mapping[str, Any]
          ) -> tuple[TurnResult, dict[int, str], list[OrderResult]]:
    """The turn the request's orders make, the text each order was read from (by the
    order's id) and the lines that could not be read."""
    reader = reader_for(variant)
    known = request.get("knowledge")

    def writer_of(power: str) -> Writer:
        return _writer(variant, position, power, known)
    orders, texts, unparsed = _orders(variant, reader, position.phase, request.get("orders"),
                                      writer_of)
    return adjudicate(variant.rules, position, orders), texts, unparsed


def _writer(variant: Variant, position: Position, power: str, known: Any) -> Writer:
    """Who writes `power`'s lines, for a variant's own reader: the seat with its knowledge
    record as the request gives it ("knowledge", as the views take it), the board posed
    folded in as he sees it, so a reader that names only what its writer has learnt
    (Algernon's) knows at least where his own units stand."""
    given = known.get(power) if isinstance(known, Mapping) else None
    viewer = Viewer(Role.PLAYER, power)
    board = variant.rules.visibility.board(position, viewer)
    record = variant.rules.knowledge(given if isinstance(given, Mapping) else {}, viewer,
                                     position.phase, (), board)
    return Writer(power, record)


def _variant(name: Any, world: Any, state: Any) -> Variant:
    """The variant on its folder's map, or on `world`, a game's own map (the form of
    judge/variant_map.py, with whatever its variant keeps beside it), with the options
    the variant reads from the request's `state` (variant_hooks.request_options) and the
    game's seed there."""
    if world is not None and not isinstance(world, dict):
        raise RequestError("'map' must be a JSON object: a game's own map "
                           "(docs/adjudicate.md)")
    # A game keeps its seed in its positions' state (judge/game/lifecycle.py): the variant
    # is built with it as the game's is, so its draws are the game's.
    given = state.get("seed") if isinstance(state, dict) else None
    seed = given if isinstance(given, int) and not isinstance(given, bool) else 0
    try:
        options = request_options(load_variant(str(name)), state) \
            if isinstance(state, dict) else {}
        if world is None and not options and not seed:
            return load_variant(str(name))
        return variant_instance(str(name), options, seed, world)
    except KeyError as exc:
        raise RequestError(exc.args[0]) from None
    except MapError as exc:
        raise RequestError(f"the map cannot be played: {exc}") from None


def _allocation(variant: Variant, request: Mapping[str, Any]) -> dict[str, Any]:
    try:
        return allocation(variant, request)
    except ValueError as exc:
        raise RequestError(str(exc)) from None


def _viewers(variant: Variant, names: Any) -> dict[str, Viewer]:
    try:
        return viewers(variant, names)
    except ValueError as exc:
        raise RequestError(str(exc)) from None


def _orders(
    variant: Variant, reader: OrderReader, phase: Phase, spec: Any,
    writer_of: Callable[[str], Writer] = Writer,
) -> tuple[dict[str, list[Order]], dict[int, str], list[OrderResult]]:
    if spec is None:
        spec = {}
    if not isinstance(spec, dict):
        raise RequestError("'orders' must map each power to a list of order texts")
    orders: dict[str, list[Order]] = {}
    texts: dict[int, str] = {}
    unparsed: list[OrderResult] = []
    kind = phase.kind
    kept = _kept_lines(reader, kind)
    for power, lines in spec.items():
        power = power_of(variant, power)
        read: Callable[[str], Order] | None = None  # made for the first line not kept
        own: list[Order] = []
        for text in lines:
            text = str(text)
            # A line read before is its kept order, looked up here rather than by a call
            # (issue #18), unless this request holds that object already (_line_reader).
            known = kept.get(text)
            try:
                # The order's id once: a new int object each time it is asked for. The line
                # as the grammar keeps it: the reply's records read before are found by it
                # (protocol_reply._results_text), compared by identity.
                if known and (at := id(known[0])) not in texts:
                    order, text = known[0], known[3]
                else:
                    read = read or _line_reader(reader, kind, power, texts, writer_of)
                    order = read(text)
                    at = id(order)
            except OrderSyntaxError as exc:
                unparsed.append(OrderResult(power, None, None, text, Outcome.ILLEGAL,
                                            Reason.UNPARSED, exc.message))
                continue
            own.append(order)
            texts[at] = text
        if own:
            orders[power] = own
    return orders, texts, unparsed


_NONE_KEPT: Final[dict[str, tuple[Any, ...]]] = {}


def _kept_lines(reader: OrderReader, kind: str) -> dict[str, tuple[Any, ...]]:
    """Grammar.kept_lines of the default reader, whose reading depends on the line and the
    phase alone (kept_reading); none for a variant's own reader. Each KeptLine as a tuple
    of any length: compiled, a KeptLine would be unpacked and each of its parts checked
    at every line, where the caller takes two of them."""
    if type(reader) is GrammarReader:
        return cast(dict[str, tuple[Any, ...]], reader.grammar.kept_lines(kind))
    return _NONE_KEPT


def _line_reader(reader: OrderReader, kind: str, power: str, texts: Mapping[int, str],
                 writer_of: Callable[[str], Writer] = Writer) -> Callable[[str], Order]:
    """Reads `power`'s lines: the grammar's kept object for a line read before, unless
    this request already holds that object (`texts`), since the engine and variants tell
    two equal lines of one phase apart by identity; else the reader's new order."""
    kept = kept_reading(reader)
    if kept is None:
        writer = writer_of(power)
        return lambda text: reader.read(text, kind, writer)

    def read(text: str) -> Order:
        order = kept(text, kind)
        return order if id(order) not in texts else reader.read(text, kind, Writer(power))
    return read
