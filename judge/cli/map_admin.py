"""`judge map GAME [--viewer POWER] [--phase PHASE] [--svg|--png] -o FILE`: a picture of a
game written to a file, the one its viewer was mailed (judge/turns/pictures.py, issue #14).

Without --viewer the picture is the master's, the whole board; `--viewer observer` is what
an observer of the game is shown. Without --phase it is the latest picture."""

from __future__ import annotations

import argparse
from pathlib import Path

from judge.cli.support import judge_of
from judge.engine.visibility import Viewer
from judge.game import mastering
from judge.game.errors import GameError
from judge.store import repo
from judge.store.models import Game
from judge.turns.pictures import picture_of
from judge.variant import power_name


def run_map(args: argparse.Namespace) -> int:
    judge = judge_of(args)
    with judge.db.unit_of_work() as session:
        game = repo.game_by_name(session, args.name.lower())
        if game is None:
            raise GameError(f"no game called {args.name!r}; judge game list shows them all")
        viewer = read_viewer(game, args.viewer)
        phase = mastering.read_phase(game, args.phase) if args.phase else None
        shown = picture_of(session, game, phase, viewer)
    svg = args.svg or (not args.png and Path(args.output).suffix.lower() == ".svg")
    data = shown.picture.svg.encode("utf-8") if svg else shown.picture.png
    Path(args.output).write_bytes(data)
    whom = power_name(viewer.power) if viewer.power else f"the {viewer.role.value}"
    print(f"{args.output}: {game.name} {shown.what}, as {whom} sees it "
          f"({'SVG' if svg else 'PNG'}, {len(data)} bytes).")
    return 0


def read_viewer(game: Game, text: str | None) -> Viewer:
    """A power of the game (name, adjective or initial), 'master' or 'observer'; none: the
    master."""
    word = (text or "master").lower()
    if word in ("master", "observer"):
        return Viewer.master() if word == "master" else Viewer.observer()
    try:
        return Viewer.player(mastering.read_power(game, word))
    except GameError as error:
        raise GameError(f"{error}, or write master or observer") from None
