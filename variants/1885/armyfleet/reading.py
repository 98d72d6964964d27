"""How 1885-III's orders are written (docs/variants/1885-iii.md, "Army/Fleets"): the
rules' own notation and the forms a player would try, read before the common grammar.

- `A/F Nth - Eng` (also `A/F(NTH)-ENG`, `AF Nth - Eng`): the A/F's fleet, as any order.
- `A Lon boards F Eng` (`boards`, `board`, `embarks`, `embarks on`, `onto`): embarkation.
- `A/F Ion disembarks Tun` (`disembarks A Tun`, `disembarks A Eng - Bre` naming the sea it
  lands from, `lands`): a landing. The rules' `A disembarks Por` names no A/F: refused,
  with the form to write.
- `F Mao S A Eng - Bre` (also `S disembarkation A(ENG)-Bre`, `S A/F Eng disembarks Bre`):
  a support of the landing.
"""

from __future__ import annotations

import re

from judge.engine.orders import Order
from judge.engine.types import MOVEMENT
from judge.grammar import ErrorKind, OrderSyntaxError
from judge.grammar.grammar import Grammar
from judge.grammar.reader import GrammarReader, Writer
from judge.variant import Variant

from .orders import Disembark, Embark

_FLAGS = re.IGNORECASE
_ARMY_FLEET = re.compile(r"\bA\s*/\s*F\b", _FLAGS)
_SUPPORTED_LANDING = (
    re.compile(r"\bS(?:UPPORTS?)?\s+(?:THE\s+)?(?:DISEMBARKATION|LANDING)(?:\s+OF)?\s+", _FLAGS),
    re.compile(r"\bS(?:UPPORTS?)?\s+AF\s+(.+?)\s+(?:DISEMBARKS?|LANDS?)\s+(?:A\s+)?", _FLAGS))
_BOARD = re.compile(r"^(?:A(?:RMY)?\s+)?(?P<army>.+?)\s+(?:BOARDS?|EMBARKS?)"
                    r"(?:\s+(?:ONTO|ON\s+TO|ON))?\s+(?:F(?:LEET)?\s+)?(?P<sea>.+)$", _FLAGS)
_LAND = re.compile(r"^(?:AF\s+|F\s+|A\s+)?(?P<af>.+?)\s+(?:DISEMBARKS?|LANDS?|UNLOADS?)"
                   r"\s+(?:A(?:RMY)?\s+)?(?:(?P<sea>.+?)\s*(?:->|-|\bTO\b)\s*)?(?P<dest>.+)$",
                   _FLAGS)
_KINDS = {"A", "ARMY", "F", "FLEET", "AF"}
_WORDS = re.compile(r"\b(?:BOARDS?|EMBARKS?|DISEMBARKS?|DISEMBARKATION|LANDS?|UNLOADS?)\b",
                    _FLAGS)


def normalised(text: str) -> str:
    line = _ARMY_FLEET.sub("AF", text.replace("(", " ").replace(")", " "))
    line = _SUPPORTED_LANDING[0].sub("S ", line)
    line = _SUPPORTED_LANDING[1].sub(r"S A \1 - ", line)
    return " ".join(line.split())


class ArmyFleetReader:
    def __init__(self, variant: Variant) -> None:
        self.grammar = GrammarReader(Grammar.for_variant(variant))

    def read(self, text: str, phase_kind: str, writer: Writer) -> Order:
        line = normalised(text)
        board, land = _BOARD.match(line), _LAND.match(line)
        if (board or land) and phase_kind != MOVEMENT:
            raise OrderSyntaxError(ErrorKind.MISSING_PART, "armies board and land from "
                                   "A/Fs in a movement phase", text.strip())
        if board:
            return Embark(self._place(board["army"], writer), self._place(board["sea"], writer))
        if land:
            if land["af"].upper() in _KINDS:  # the rules' "A disembarks Por" (l.46-47)
                raise OrderSyntaxError(ErrorKind.MISSING_PART, "a landing names the sea of "
                                       "its A/F: write A/F <sea> DISEMBARKS <coast>, e.g. "
                                       "A/F Eng disembarks Por", text.strip())
            sea = self._place(land["sea"], writer) if land["sea"] else None
            return Disembark(self._place(land["af"], writer),
                             self._place(land["dest"], writer), sea)
        return self.grammar.read(line, phase_kind, writer)

    def _place(self, words: str, writer: Writer) -> str:
        return self.grammar.read(f"{words} H", MOVEMENT, writer).loc

    def reads_as_prose(self, text: str) -> bool:
        return self.grammar.reads_as_prose(text) and not _WORDS.search(text)
