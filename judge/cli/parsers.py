"""The operators' subcommands: `judge game|account|mail|sweep …`, their options and help.

Light on purpose: each command's code (game_admin, account_admin, mail_admin, daemon) is
imported only when that command runs, so `judge adjudicate`, which a peer harness may start once per
request, never pays for the database and mail layers it does not use.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

Run = Callable[[argparse.Namespace], int]


def lazy(target: str) -> Run:
    """`module:function`, imported at the first call."""
    module, _, name = target.partition(":")

    def run(args: argparse.Namespace) -> int:
        function: Run = getattr(importlib.import_module(module), name)
        return function(args)

    return run


def common_options() -> argparse.ArgumentParser:
    """--url and --config, accepted before the command's name or after it.

    SUPPRESS as the default: a subcommand's parser must not overwrite with its default a
    value given before the subcommand's name (argparse copies every default it has).
    """
    options = argparse.ArgumentParser(add_help=False)
    options.add_argument("--url", default=argparse.SUPPRESS,
                         help="SQLAlchemy database URL (default: $JUDGE_DATABASE_URL, else the "
                              "settings file's database_url, else sqlite:///var/judge.sqlite3)")
    options.add_argument("--config", default=argparse.SUPPRESS, type=Path, metavar="FILE",
                         help="the judge's TOML settings file")
    return options


def add_operator_commands(sub: Any, common: argparse.ArgumentParser) -> None:
    _game(sub, common)
    _account(sub, common)
    serve = sub.add_parser("serve", parents=[common],
                           help="run the judge: SMTP receiver, IMAP poller, pipeline, "
                                "deadlines and outgoing mail, until SIGTERM")
    serve.add_argument("--send-only", action="store_true",
                       help="send the outbox and nothing else, beside judges with "
                            "[outbox] senders = 0 on the same database "
                            "(docs/deployment.md)")
    serve.set_defaults(run=lazy("judge.cli.daemon:run_serve"))
    _mail(sub, common)
    _map(sub, common)
    sweep = sub.add_parser("sweep", parents=[common],
                           help="apply every deadline rule that is due, once, now")
    sweep.set_defaults(run=lazy("judge.cli.game_admin:run_sweep"))


def _mail(sub: Any, common: argparse.ArgumentParser) -> None:
    mail = sub.add_parser("mail", help="feed raw messages to the judge; poll and send once")
    commands = mail.add_subparsers(dest="mail_command", required=True)
    run = commands.add_parser("run", parents=[common],
                              help="process RFC 822 message files and print the mail they "
                                   "made (replies, reports, notices)")
    run.add_argument("files", nargs="+", type=Path, metavar="FILE.eml")
    run.set_defaults(run=lazy("judge.cli.mail_admin:run"))
    commands.add_parser("poll-once", parents=[common],
                        help="fetch the IMAP mailbox once, then process what came"
                        ).set_defaults(run=lazy("judge.cli.daemon:run_poll_once"))
    commands.add_parser("send-once", parents=[common],
                        help="send every outgoing message that is due, once"
                        ).set_defaults(run=lazy("judge.cli.daemon:run_send_once"))


def _map(sub: Any, common: argparse.ArgumentParser) -> None:
    command = sub.add_parser("map", parents=[common],
                             help="write a game's picture, as a viewer was mailed it")
    command.add_argument("name", metavar="GAME")
    command.add_argument("--viewer", metavar="POWER",
                         help="a power, master (the default: the whole board) or observer")
    command.add_argument("--phase", help="the phase whose report carried it, e.g. S1901M "
                                         "(default: the latest)")
    kind = command.add_mutually_exclusive_group()
    kind.add_argument("--svg", action="store_true", help="SVG (also for a FILE.svg)")
    kind.add_argument("--png", action="store_true", help="PNG (the default)")
    command.add_argument("-o", "--output", required=True, metavar="FILE")
    command.set_defaults(run=lazy("judge.cli.map_admin:run_map"))


def _game(sub: Any, common: argparse.ArgumentParser) -> None:
    games = sub.add_parser("game", help="create, list, show, process and roll back games"
                           ).add_subparsers(dest="game_command", required=True)
    create = games.add_parser("create", parents=[common], help="create a forming game")
    create.add_argument("name")
    create.add_argument("--variant", default="standard")
    create.add_argument("--master", required=True, metavar="ADDRESS",
                        help="the address of the master's account (judge account create)")
    create.add_argument("--password", required=True, help="the master's password")
    create.set_defaults(run=lazy("judge.cli.game_admin:run_create"))
    games.add_parser("list", parents=[common], help="every game").set_defaults(
        run=lazy("judge.cli.game_admin:run_list"))
    show = games.add_parser("show", parents=[common], help="a game's state and seats")
    show.add_argument("name")
    show.set_defaults(run=lazy("judge.cli.game_admin:run_show"))
    for name, text in (("process", "process the open turn now"),
                       ("rollback", "reopen a processed phase (the last one by default)")):
        command = games.add_parser(name, parents=[common], help=text)
        command.add_argument("name")
        command.add_argument("--phase", help="the phase, e.g. S1901M")
        command.set_defaults(run=lazy(f"judge.cli.game_admin:run_{name}"))


def _account(sub: Any, common: argparse.ArgumentParser) -> None:
    accounts = sub.add_parser("account", help="create, list and show accounts"
                              ).add_subparsers(dest="account_command", required=True)
    create = accounts.add_parser("create", parents=[common], help="create an account")
    create.add_argument("--name", required=True)
    create.add_argument("--address", required=True)
    create.add_argument("--zone", default="UTC", help="IANA time zone, e.g. Europe/London")
    create.set_defaults(run=lazy("judge.cli.account_admin:run_create"))
    accounts.add_parser("list", parents=[common], help="every account").set_defaults(
        run=lazy("judge.cli.account_admin:run_list"))
    show = accounts.add_parser("show", parents=[common], help="an account and its seats")
    show.add_argument("address")
    show.set_defaults(run=lazy("judge.cli.account_admin:run_show"))
