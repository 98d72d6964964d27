"""No module under judge/ names or encodes one variant's rules: those live in
variants/<name>/ and templates/variants/<name>/ (issue #12, docs/architecture.md).

What is read: identifiers (split at `_` and at case changes: `MajorAlly` is "major ally")
and string literals in judge/, and the core templates (templates/ outside
templates/variants/). Comments and docstrings may cite a variant's rule as the reason for
a general hook ("Envoy 7"), so they are not read.
"""

from __future__ import annotations

import ast
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

BASE = Path(__file__).resolve().parents[1]
ROOT, VARIANTS, TEMPLATES = BASE / "judge", BASE / "variants", BASE / "templates"

# Words of one game's rules. Each variant's folder name and the names of unit kinds and
# layers that standard Diplomacy does not have are added from variants/ itself.
TERMS: dict[str, tuple[str, ...]] = {
    "envoy": ("envoy", "diplomat", "placement", "stab", "major ally", "controlled neutral",
              "controlled", "stack"),
}
# String literals that are exactly one game's words: Envoy's `[options]` key `players`
# (rules 8, 10), its PLACE order (rule 4).
LITERALS = {"players": "envoy", "place": "envoy", "places": "envoy"}
# Words whose meaning here is general: the same word, no variant's rule.
GENERAL: dict[tuple[str, str], str] = {
    ("judge/protocol_allocate.py", "players"): "the people in an allocation request",
}
GENERAL_NAMES: set[str] = set()  # as an identifier or a literal (a variant.toml key)

# Today's offenders, each being moved out by work under way on issue #12; the coordinator
# deletes an entry once its file no longer has the word (test_no_stale_exception says
# when). A new one fails the test: the word belongs in variants/<name>/.
KNOWN: dict[tuple[str, str], str] = {}


def variant_terms() -> dict[str, str]:
    """term -> the variant it belongs to, from TERMS and from variants/ itself."""
    terms = {term: name for name, words in TERMS.items() for term in words}
    standard = _kind_words(VARIANTS / "standard")
    for folder in sorted(p for p in VARIANTS.iterdir() if (p / "variant.toml").is_file()):
        if folder.name != "standard":
            terms.setdefault(folder.name, folder.name)
            for word in _kind_words(folder) - standard:
                terms.setdefault(word, folder.name)
    return terms


def _kind_words(folder: Path) -> set[str]:
    spec = tomllib.loads((folder / "variant.toml").read_text())
    kinds = spec.get("units", {}).values()
    return {str(k[key]).lower() for k in kinds for key in ("name", "layer") if key in k}


def words_of_identifier(name: str) -> str:
    return " ".join(re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).lower().split("_")).strip()


def texts(source: str) -> Iterator[tuple[str, str]]:
    """('identifier' | 'literal', text) for every name and string literal but docstrings."""
    tree = ast.parse(source)
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef
                          | ast.AsyncFunctionDef)
            and node.body and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)}
    for node in ast.walk(tree):
        name = _identifier(node)
        if name is not None:
            yield "identifier", name
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in docs:
            yield "literal", node.value


def _identifier(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return node.name
    if isinstance(node, ast.arg):
        return node.arg
    if isinstance(node, ast.keyword):
        return node.arg
    if isinstance(node, ast.alias):
        return node.asname or node.name.rpartition(".")[2]
    return None


def found(where: str, source: str) -> set[str]:
    """The variant terms in one module's identifiers and string literals."""
    terms = variant_terms()
    hits: set[str] = set()
    for kind, text in texts(source):
        if text in GENERAL_NAMES:
            continue
        if kind == "literal" and text in LITERALS:
            hits.add(text)
        words = words_of_identifier(text) if kind == "identifier" else \
            " ".join(re.findall(r"[a-z]+", text.lower()))
        hits.update(term for term in terms if re.search(rf"\b{term}s?\b", words))
    return {term for term in hits if (where, term) not in GENERAL}


def found_in_template(text: str) -> set[str]:
    words = " ".join(re.findall(r"[a-z]+", text.lower()))
    return {term for term in variant_terms() if re.search(rf"\b{term}s?\b", words)}


def offences() -> set[tuple[str, str]]:
    pairs = {(str(p.relative_to(BASE)), term) for p in sorted(ROOT.rglob("*.py"))
             for term in found(str(p.relative_to(BASE)), p.read_text())}
    core = [p for p in sorted(TEMPLATES.rglob("*")) if p.is_file()
            and TEMPLATES / "variants" not in p.parents]
    return pairs | {(str(p.relative_to(BASE)), term) for p in core
                    for term in found_in_template(p.read_text())}


def test_no_variant_vocabulary_in_the_core() -> None:
    terms = variant_terms()
    new = sorted(pair for pair in offences() if pair not in KNOWN)
    assert not new, "\n".join(f"{where} names {terms.get(term, LITERALS.get(term))}'s "
                              f"{term!r}: it belongs in variants/" for where, term in new)


def test_no_stale_exception() -> None:
    stale = sorted(set(KNOWN) - offences())
    assert not stale, f"gone from judge/, delete from KNOWN: {stale}"


def test_every_variant_name_is_a_term() -> None:
    assert variant_terms()["envoy"] == "envoy"
    assert variant_terms()["diplomat"] == "envoy"  # Envoy's unit kind, from its variant.toml
    assert "army" not in variant_terms()


@pytest.mark.parametrize(("source", "term"), [
    ("class MajorAlly: pass", "major ally"),
    ("def resolve_diplomats(): pass", "diplomat"),
    ("x = 'Controlled Neutral of'", "controlled neutral"),
    ("PHASES = {'P': 'Placement'}", "placement"),
    ("KEY = 'players'", "players"),
    ("def f(envoy_options): pass", "envoy"),
    ("SubStack = 1", "stack"),
])
def test_the_rule_catches_a_variant_word(source: str, term: str) -> None:
    assert term in found("judge/game/example.py", source)


@pytest.mark.parametrize("source", [
    "'''Envoy 7: a success with a note.'''",
    "x = 1  # Envoy's diplomats share a space (5.v)",
    "kind.combines",
    "def place(geo, loc): pass",
    "standing = rules.standing(rules, position)",
    "NEUTRAL = 'neutral'",
])
def test_the_rule_leaves_general_words_and_comments(source: str) -> None:
    assert found("judge/game/example.py", source) == set()
