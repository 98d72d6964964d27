"""The engine's reasons in the words of the reports: full province names, powers as names.

The engine and the variants write their reasons for the adjudicator's log ("A ber belongs
to GERMANY, not FRANCE", "say which coast of spa: spa/nc or spa/sc"); a player reads
reports that say "A Berlin" and "Germany", so the reply to his orders says it the same way
(judge/grammar/notation.py names places, judge/variant.py powers), and so do the
reports' own tags for an illegal order. It sits with the grammar, below the game layer,
because the game's refusals (judge/game/refusals.py) use it as much as the reports do:
`ReaderNames` words a refusal's parameters (judge/engine/refusal.py), `in_report_words`
a message a variant wrote as text.
"""

from __future__ import annotations

import re

from judge.engine.types import Unit
from judge.grammar.notation import place, unit_text
from judge.variant import Variant, power_name

# A province or coast id as the engine writes it ('par', 'stp/sc', a generated map's 'm4'),
# or a power's id in capitals ('FRANCE'). Only ids the variant knows are replaced; any
# other word stays.
_WORD = re.compile(r"\b[a-z][a-z0-9]{1,4}(?:/[a-z]{1,3})?\b|\b[A-Z][A-Z_-]+\b")


def in_report_words(variant: Variant, reason: str) -> str:
    """`reason` with every province id written as its full name and every power's id as
    the power's name: 'A Berlin belongs to Germany, not France'."""
    geo, powers = variant.rules.geo, frozenset(variant.rules.powers)

    def name(match: re.Match[str]) -> str:
        word = match.group()
        if word in powers:
            return power_name(word)
        if word in geo.province:
            return place(geo, word)
        return word

    return _WORD.sub(name, reason)


class ReaderNames:
    """A refusal's parameters in the words of the reports (judge/engine/refusal.py)."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant

    def place(self, loc: str) -> str:
        return place(self.variant.rules.geo, loc)

    def unit(self, unit: Unit) -> str:
        return unit_text(self.variant.rules.geo, unit.kind, unit.loc)

    def power(self, power: str) -> str:
        return power_name(power)

    def words(self, text: str) -> str:
        return in_report_words(self.variant, text)
