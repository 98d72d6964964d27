"""judge/mail/ is split by direction (issue #12): what sends mail does not lean on what
reads it. Both share only the modules at judge/mail/ (addresses, fields, reply tokens)."""

from __future__ import annotations

import ast
from pathlib import Path

import judge.mail

MAIL = Path(judge.mail.__file__).parent
# The postman threads a reply under the inbound message it answers (RFC 5322 §3.6.4), so it
# reads that message's References and In-Reply-To with the inbound header reader.
ALLOWED = {("outbox_postman.py", "judge.mail.inbound.envelope")}


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


def test_outbound_does_not_import_inbound_but_to_thread_a_reply() -> None:
    assert _reaching(MAIL / "outbound", "inbound") == ALLOWED


def test_inbound_does_not_import_outbound() -> None:
    assert _reaching(MAIL / "inbound", "outbound") == set()


def test_the_shared_modules_import_neither_direction() -> None:
    for path in sorted(MAIL.glob("*.py")):
        assert not any(name.startswith(("judge.mail.inbound", "judge.mail.outbound"))
                       for name in _imports(path)), path.name
