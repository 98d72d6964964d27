"""The opt-in compiled build (setup.py, JUDGE_COMPILE=1; docs/deployment.md "The compiled
reader"): what setup.py asks for with and without it, and, where the compiled modules are
the ones imported (.ci/run's compiled step: PYTHONPATH=<bench/compiled.py's copy>), that
they answer `judge adjudicate` byte for byte as the interpreted source does."""

from __future__ import annotations

import os
import runpy
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import judge.protocol
from judge import protocol_reply
from judge.engine.legality import Board, check_movement
from judge.engine.orders import VariantOrder
from judge.engine.outcome import Outcome, VariantEvent
from judge.engine.turn import TurnResult
from judge.engine.types import Unit
from judge.protocol import handle_line_text
from judge.variant_loader import load_variant

TREE = Path(__file__).resolve().parents[1]
COMPILED = judge.protocol.__file__ is not None and judge.protocol.__file__.endswith(".so")


def _setup_arguments(monkeypatch: pytest.MonkeyPatch, compile_: str | None,
                     argv: list[str]) -> dict[str, Any]:
    """What setup.py hands setuptools' setup() under JUDGE_COMPILE=`compile_`."""
    seen: dict[str, Any] = {}
    monkeypatch.setattr("setuptools.setup", lambda **kw: seen.update(kw))
    if compile_ is None:
        monkeypatch.delenv("JUDGE_COMPILE", raising=False)
    else:
        monkeypatch.setenv("JUDGE_COMPILE", compile_)
    monkeypatch.setattr(sys, "argv", ["setup.py", *argv])
    runpy.run_path(str(TREE / "setup.py"))
    return seen


@pytest.mark.parametrize("value", [None, "", "0"])
def test_the_default_install_compiles_nothing(
        monkeypatch: pytest.MonkeyPatch, value: str | None) -> None:
    assert _setup_arguments(monkeypatch, value, ["bdist_wheel"]) == {}


def test_the_compiled_build_hands_mypyc_the_hot_modules(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[list[str]] = []

    def mypycify(paths: list[str]) -> list[str]:
        asked.append(paths)
        return ["ext"]
    monkeypatch.setattr("mypyc.build.mypycify", mypycify)
    seen = _setup_arguments(monkeypatch, "1", ["bdist_wheel"])
    assert seen == {"ext_modules": ["ext"]}
    options, modules = asked[0][:2], asked[0][2:]
    assert options[0] == "--config-file" and Path(options[1]).is_file()
    assert "judge/engine/resolver.py" in modules and "judge/protocol.py" in modules
    assert all((TREE / m).is_file() for m in modules)


@pytest.mark.parametrize("command", ["editable_wheel", "develop"])
def test_an_editable_compiled_build_is_refused(
        monkeypatch: pytest.MonkeyPatch, command: str) -> None:
    with pytest.raises(SystemExit, match=r"pip install \.`, not `-e`"):
        _setup_arguments(monkeypatch, "1", [command])


def test_the_interpreted_engine_never_imports_mypy_extensions() -> None:
    code = ("import sys, judge.engine.turn, judge.engine.resolver, judge.engine.adjustments; "
            "print('mypy_extensions' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, env={**os.environ, "PYTHONPATH": str(TREE)})
    assert done.stdout.strip() == "False"


def _request_lines() -> list[str]:
    """Every phase of three seeded random games (movement, retreats, adjustments), each a
    request line as bench/roundtrip.py writes it."""
    sys.path.insert(0, str(TREE / "bench"))
    import adjudication

    from judge.variant_loader import load_variant
    variant = load_variant("standard")
    return adjudication.request_lines(variant, adjudication.load_grammar(variant), games=3,
                                      seed=7, years=6)


@pytest.mark.skipif(not COMPILED, reason="the compiled modules are not the ones imported "
                    "(bench/compiled.py builds them; .ci/run runs this on them)")
def test_compiled_replies_are_the_interpreted_ones_byte_for_byte() -> None:
    lines = _request_lines()
    assert len(lines) > 60
    ours = [handle_line_text(line) for line in lines]
    # The same lines through `judge adjudicate --jsonl` on the source tree alone.
    code = ("import sys, judge.protocol; assert judge.protocol.__file__.endswith('.py'); "
            "from judge.cli import main; sys.exit(main(['adjudicate', '--jsonl']))")
    done = subprocess.run([sys.executable, "-c", code], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, check=True,
                          env={**os.environ, "PYTHONPATH": str(TREE)})
    assert done.stdout.splitlines() == ours
    assert any('"dislodged":[{' in reply for reply in ours)


@dataclass(frozen=True, slots=True)
class _Scout(VariantOrder):
    """A variant's own order, as variants/*/orders.py derive them."""

    loc: str
    kind: str | None = None


class _Sighting(VariantEvent):
    """A variant's own event, as variants/*/ derive them."""

    __slots__ = ()


def test_a_variant_s_own_order_and_event_pass_the_compiled_engine() -> None:
    """mypyc checks a value declared as the `Order` or `Event` union against each member's
    exact type; with VariantOrder and VariantEvent compiled in orders.py and outcome.py, a
    variant's subclass was refused with a TypeError (1885's Disembark, Engineered's Damage:
    bench/README.md, reader18d). Interpreted, this passes either way; .ci/run runs it on
    the compiled copy."""
    variant = load_variant("standard")
    board = Board(variant.rules, variant.start)
    legal, illegal = check_movement(board, {"FRANCE": [_Scout("par", "A")]})
    assert legal == [None] * len(variant.start.units)
    assert [(r.unit, r.outcome) for r in illegal] == [
        (Unit("FRANCE", "A", "par"), Outcome.ILLEGAL)]
    # The reply looks among a turn's events for results a variant's season end made.
    turn = TurnResult(variant.start.phase, (), variant.start, (_Sighting(),), None)
    assert protocol_reply._removed(turn) == []
