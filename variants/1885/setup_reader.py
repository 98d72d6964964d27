"""Lines of the December 1884 set-up turn (l.9-15) that read as no order: Sweden's `F Osl`,
her choice written as a unit, was answered "'F Osl' is missing an order for the unit: H to
hold, '-' and a province to move ...", the words of a movement phase. In the set-up turn
the answer says how the writer's own choice is written, or that he has none to write."""

from __future__ import annotations

from judge.engine.orders import Order
from judge.grammar import ErrorKind, OrderSyntaxError
from judge.grammar.reader import OrderReader, ReaderFactory, Writer, reading_first
from judge.variant import power_name

from .setup import CHOICES, SETUP  # type: ignore[import-not-found]

_NAMES = {"rom": "Rom", "stp": "StP", "sev": "Sev", "osl": "Osl"}


def setup_reader(inner: ReaderFactory | None) -> ReaderFactory:
    return reading_first(inner, SetupReader)


class SetupReader:
    def __init__(self, inner: OrderReader) -> None:
        self.inner = inner

    def read(self, text: str, phase_kind: str, writer: Writer) -> Order:
        try:
            return self.inner.read(text, phase_kind, writer)
        except OrderSyntaxError as exc:
            if phase_kind != SETUP or exc.kind != ErrorKind.MISSING_PART:
                raise
            raise OrderSyntaxError(ErrorKind.MISSING_PART, _how(writer.power),
                                   text.strip()) from exc

    def reads_as_prose(self, text: str) -> bool:
        return self.inner.reads_as_prose(text)


def _how(power: str | None) -> str:
    places = CHOICES.get(power or "")
    if not places:
        who = power_name(power) if power else "this power"
        return (f"December 1884 Set-up takes only the set-up choices of Italy, Russia and "
                f"Sweden (l.9-15), and {who} has none: nothing to order in it")
    written = " or ".join(f"Build F {_NAMES[p]} or Build A {_NAMES[p]}" for p in places)
    return f"in December 1884 Set-up your choice is written {written} (l.9-15)"
