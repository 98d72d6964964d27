"""What to suggest for a place a line names that is not on the map.

First the map's own record of the names it no longer has (`Variant.former`: `former.csv`
beside its provinces, or `"former"` in a game's own map: name, spellings, the places that replaced
it: a province split in two is named with both), then the map's names and abbreviations
close to what was written (difflib), then those it begins. The lexicon carries the former
names (`Lexicon.former`, set by `Grammar.for_variant` from `former_of`).
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping

from judge.grammar.lexicon import Lexicon
from judge.grammar.tokens import phrase
from judge.variant import Variant

Former = Mapping[tuple[str, ...], tuple[str, tuple[str, ...]]]


def former_of(variant: Variant) -> Former:
    """Each spelling of a name the variant's map no longer has -> (name, its places)."""
    places = variant.rules.geo.provinces
    out: dict[tuple[str, ...], tuple[str, tuple[str, ...]]] = {}
    for row in variant.former:
        now = tuple(p for p in row["now"] if p in places)
        for spelling in (row["name"], *row["spellings"]):
            if now:
                out.setdefault(phrase(spelling), (str(row["name"]), now))
    return out


def place_hint(lex: Lexicon, fragment: str) -> str:
    """What follows "'<fragment>' is not a province on this map" in its error."""
    former = former_hint(lex, fragment)
    if former:
        return f": {former}"
    if len(fragment) == 1 and fragment.isalpha():
        # A letter before a place: a unit of another game (Engineered's N for a navy).
        letters = [f"{code} ({name})" for code, name in lex.kind_names.items() if len(code) == 1]
        listed = ", ".join(letters[:-1]) + " or " + letters[-1] if len(letters) > 1 \
            else "".join(letters)
        return f"; a unit is written {listed} in this game."
    guesses = _guesses(lex, fragment)
    return (f"; did you mean {' or '.join(guesses)}?" if guesses
            else "; write the province's full name or its abbreviation.")


def former_hint(lex: Lexicon, fragment: str) -> str | None:
    """'<name> is now <place> (<abbreviation>) and ...; write the one you mean.' when
    `fragment` names a place the map no longer has (docs/map-format.md); else None."""
    found = lex.former.get(phrase(fragment))
    if found is None:
        return None
    name, now = found
    places = [f"{lex.province_names[p]} ({p})" for p in now]
    if len(places) == 1:
        return f"{name} is now {places[0]}."
    listed = ", ".join(places[:-1]) + " and " + places[-1]
    return f"{name} is now {listed}; write the one you mean."


def _guesses(lex: Lexicon, fragment: str) -> list[str]:
    spellings: dict[str, str] = {}
    for key, ids in lex.places.items():
        if len(ids) == 1:
            spellings.setdefault(" ".join(key).replace(" - ", "-"), ids[0])
    written = fragment.lower()
    close = difflib.get_close_matches(written, list(spellings), n=3, cutoff=0.75)
    if not close and len(written) >= 3:
        # A name cut short ('Stockh'): difflib finds it too far from the whole name.
        close = sorted(s for s in spellings if s.startswith(written))[:3]
    found = dict.fromkeys(spellings[c] for c in close)
    return [f"{lex.province_names[i]} ({i})" for i in found]
