"""SUMMARY's centre table: whether a power shown without centres reads '?' or 0 is asked of
the game's rules and the reader's seat (its first board), never by comparing the board he
knows with the true one, since that comparison would tell him whether he sees every owner
(found by the session's secrecy adversary in history._counts)."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace
from typing import Any, cast

from judge.engine.codec import position_to_json
from judge.engine.position import Position
from judge.engine.types import Phase
from judge.engine.visibility import FullInformation, Viewer
from judge.game.history import centre_counts_by_year
from judge.store.models import Game, Turn
from judge.variant_loader import load_variant

STANDARD = load_variant("standard")


class HidesGermany(FullInformation):
    """Germany's centres kept from everyone but Germany and the master (a stand-in for a
    game that hides owners, as Stab Envoy does)."""

    def board(self, position: Position, viewer: Viewer) -> Position:
        if viewer.power == "GERMANY" or viewer == Viewer.master():
            return position
        owners = {c: p for c, p in position.owners.items() if p != "GERMANY"}
        return position._replace(owners=owners)


def _variant() -> Any:
    rules = dataclasses.replace(STANDARD.rules, visibility=HidesGermany())
    return dataclasses.replace(STANDARD, rules=rules)


def _autumn(germany_keeps: bool) -> list[Any]:
    start = STANDARD.start
    owners = dict(start.owners)
    if not germany_keeps:  # Germany has lost every centre by the Autumn's count
        owners.update({c: "RUSSIA" for c, p in start.owners.items() if p == "GERMANY"})
    after = start._replace(phase=Phase.parse("W1901A"), owners=owners)
    spring = SimpleNamespace(id=1, phase="S1901M", position_before=position_to_json(start),
                             position_after=None)
    autumn = SimpleNamespace(id=2, phase="F1901M", position_before=position_to_json(start),
                             position_after=position_to_json(after))
    return [spring, autumn]


def test_a_power_shown_without_centres_reads_unknown_whatever_the_true_board() -> None:
    game = cast(Game, SimpleNamespace(result=None))
    france = Viewer.player("FRANCE")
    for keeps in (True, False):
        turns = cast(list[Turn], _autumn(keeps))
        rows = dict(centre_counts_by_year(_variant(), game, turns, france))
        # France's board shows Germany with no centres in both games: '?' in both (the old
        # comparison gave 0 where Germany truly had none, telling France so).
        assert rows["1901"]["GERMANY"] is None, keeps
        assert rows["Start"]["GERMANY"] is None


def test_a_reader_who_sees_every_owner_reads_zero() -> None:
    game = cast(Game, SimpleNamespace(result=None))
    rows = dict(centre_counts_by_year(_variant(), game, cast(list[Turn], _autumn(False)),
                                      Viewer.master()))
    assert rows["1901"]["GERMANY"] == 0 and rows["1901"]["RUSSIA"] == 7
