"""The `judge` command: its parser, and the engine's own commands (adjudicate, variants,
db upgrade); the operators' commands are in parsers.py and run lazily."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from judge import __version__
from judge.cli.parsers import add_operator_commands, common_options


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help()
        return 2
    try:
        status: int = args.run(args)
    except Exception as exc:
        return _fail(_reason(exc))
    return status


def _reason(exc: Exception) -> str:
    """What went wrong, for an operator; a programming error is raised again, whole."""
    from sqlalchemy import exc as sa_exc

    from judge.config import ConfigError
    from judge.game.errors import GameError
    from judge.game.settings_text import SettingsError

    if isinstance(exc, GameError | SettingsError | ConfigError):
        return str(exc)
    if isinstance(exc, OSError):  # the config file, most likely
        return f"{exc.filename or 'a file'}: {exc.strerror or exc}"
    if isinstance(exc, sa_exc.DBAPIError):
        first = str(exc.orig).strip().splitlines()[0] if exc.orig else type(exc).__name__
        return (f"database error: {first} (is the database at the newest schema? "
                "run: judge db upgrade)")
    raise exc


def _fail(reason: str) -> int:
    """One readable line, never a traceback: an operator acts on the reason."""
    print(f"judge: {reason}", file=sys.stderr)
    return 1


def _parser() -> argparse.ArgumentParser:
    common = common_options()
    parser = argparse.ArgumentParser(prog="judge", description="A play-by-email Diplomacy judge.",
                                     parents=[common])
    parser.add_argument("--version", action="version", version=f"judge {__version__}")
    sub = parser.add_subparsers(dest="command")
    adj = sub.add_parser("adjudicate", help="adjudicate one phase given as JSON on stdin")
    adj.add_argument("--jsonl", action="store_true",
                     help="read one request per line and answer each with one line, until EOF")
    adj.set_defaults(run=_adjudicate)
    variants = sub.add_parser("variants", help="list the variants this judge can run")
    variants.set_defaults(run=_variants)
    _add_db_commands(sub)
    add_operator_commands(sub, common)
    return parser


def _add_db_commands(sub: Any) -> None:
    db = sub.add_parser("db", help="manage the judge's database")
    db_sub = db.add_subparsers(dest="db_command", required=True)
    upgrade = db_sub.add_parser("upgrade", help="migrate the database to the newest schema")
    upgrade.add_argument("--url", default=argparse.SUPPRESS,
                         help="SQLAlchemy database URL (default: $JUDGE_DATABASE_URL, else "
                              "the settings file's database_url (--config or $JUDGE_CONFIG), "
                              "else sqlite:///var/judge.sqlite3 in this folder)")
    upgrade.add_argument("--config", default=argparse.SUPPRESS, type=Path, metavar="FILE",
                         help="the judge's TOML settings file")
    upgrade.set_defaults(run=_db_upgrade)


def _adjudicate(args: argparse.Namespace) -> int:
    if args.jsonl:
        return _serve_lines(sys.stdin, sys.stdout)
    from judge.protocol_json import reply_text

    reply = _answer(sys.stdin.read())
    sys.stdout.write(reply_text(reply) + "\n")
    return 1 if "error" in reply else 0


def _answer(text: str) -> dict[str, Any]:
    from judge.protocol import handle_line

    try:
        return handle_line(text)
    except Exception as exc:  # never a traceback: a peer harness reads our stdout
        return {"error": f"internal error: {type(exc).__name__}: {exc}"}


def _serve_lines(inp: TextIO, out: TextIO) -> int:
    status = 0
    for line in inp:
        if not line.strip():
            continue
        text = _answer_text(line)
        # A reply object's first key: "error" only in an error (docs/adjudicate.md).
        status = 1 if text.startswith('{"error":') else status
        out.write(text + "\n")
        out.flush()
    return status


def _answer_text(line: str) -> str:
    """_answer's reply as its text: a phase's reply is written without the object
    (judge/protocol_reply.py, issue #18)."""
    from judge.protocol import handle_line_text
    from judge.protocol_json import reply_text

    try:
        return handle_line_text(line)
    except Exception as exc:  # never a traceback: a peer harness reads our stdout
        return reply_text({"error": f"internal error: {type(exc).__name__}: {exc}"})


def _variants(args: argparse.Namespace) -> int:
    from judge.variant_loader import available_variants, load_variant

    for name in available_variants():
        print(f"{name}\t{load_variant(name).title}")
    return 0


def _db_upgrade(args: argparse.Namespace) -> int:
    from judge.store import db

    url = getattr(args, "url", None)
    if not url:
        from judge.config import load_settings

        # $JUDGE_DATABASE_URL, else the settings file's (--config, else $JUDGE_CONFIG),
        # else the SQLite default: load_settings applies that order.
        url = load_settings(getattr(args, "config", None)).database_url
    url = db.database_url(url)
    db.ensure_sqlite_folder(url)
    db.upgrade(url)
    print(f"{db.shown_url(url)}: at revision {db.current_revision(url)}")
    return 0

