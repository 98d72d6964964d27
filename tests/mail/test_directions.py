"""judge/mail/ is split by direction (issue #12): what sends mail does not lean on what
reads it. Both share only the modules at judge/mail/ (addresses, fields, the header block,
reply tokens)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import judge.mail

MAIL = Path(judge.mail.__file__).parent


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def _reaching(folder: Path, other: str) -> set[tuple[str, str]]:
    """Which modules of the `other` direction each module of `folder` imports."""
    prefix = f"judge.mail.{other}."
    return {(path.name, ".".join(name.split(".")[:4])) for path in sorted(folder.glob("*.py"))
            for name in _imports(path) if name.startswith(prefix)}


def test_outbound_does_not_import_inbound() -> None:
    # The postman threads a reply under the message it answers with the shared header
    # block reader (judge/mail/header_block.py), not with the inbound one it once used.
    assert _reaching(MAIL / "outbound", "inbound") == set()


@pytest.mark.parametrize("line", [
    "from judge.mail.inbound import envelope",
    "from judge.mail.inbound.envelope import thread",
    "import judge.mail.inbound.envelope",
    "def f() -> None:\n    from judge.mail.inbound.envelope import thread",
])
def test_the_rule_catches_an_outbound_module_reading_inbound(tmp_path: Path, line: str) \
        -> None:
    (tmp_path / "outbox_postman.py").write_text(f"{line}\n", encoding="utf-8")
    assert _reaching(tmp_path, "inbound") == {("outbox_postman.py", "judge.mail.inbound.envelope")}


def test_inbound_does_not_import_outbound() -> None:
    assert _reaching(MAIL / "inbound", "outbound") == set()


def test_the_shared_modules_import_neither_direction() -> None:
    for path in sorted(MAIL.glob("*.py")):
        assert not any(name.startswith(("judge.mail.inbound", "judge.mail.outbound"))
                       for name in _imports(path)), path.name
