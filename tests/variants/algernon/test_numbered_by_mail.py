"""Issue #17 item 4, I.A.5 by mail: `QV s 2 (1)` read by the game's numbered_support, on
the demonstration maze (BRAVO's PW2 and QV2 lead into WG, PW2 arriving by WG's portal 1;
WG4 leads to the empty BN). Under `order` (the default) the number is that of BRAVO's
orders for rats as his order set stands, mails one after another."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from judge.store.db import Database
from tests.conversations.harness import Conversation
from tests.variants.algernon.scenario import demo
from tests.variants.folder_games import started
from variants.algernon.maze import world_of


@pytest.fixture
def talk(database: Database) -> Iterator[Conversation]:
    yield Conversation(database)


def results(talk: Conversation, mails: list[str], options: dict[str, object]) -> str:
    """BRAVO sends `mails` one by one, then ALPHA holds; the Spring's results mail."""
    seats = started(talk, "algernon", 1, "maze", 2, {"players": 2, **options},
                    world_of(demo()))
    bravo, alpha = seats["BRAVO"], seats["ALPHA"]
    for lines in mails:
        talk.send(bravo[0], f"{bravo[1]}\n{lines}\n")
    talk.send(alpha[0], f"{alpha[1]}\nDL h\n")
    [report] = [m for m in talk.mails_to(bravo[0]) if "results" in m.subject]
    return report.body


@pytest.mark.parametrize(("mails", "options", "void"), [
    # order 1 is PW's, sent before the support in another mail: it leads where QV2 does
    (["PW to 2\nWG to 4", "QV s 2 (1)"], {}, False),
    # order 1 is WG's, out of WG: nothing to support
    (["WG to 4\nPW to 2", "QV s 2 (1)"], {}, True),
    # a later order for PW takes PW's place, number 1: no attack, then the attack again
    (["PW to 2\nWG to 4", "QV s 2 (1)", "PW h"], {}, True),
    (["PW h\nWG to 4", "QV s 2 (1)", "PW to 2"], {}, False),
    # numbered_support=portal: (1) is WG's portal 1, by which PW2 comes in
    (["WG to 4\nPW to 2", "QV s 2 (1)"], {"numbered_support": "portal"}, False),
])
def test_the_numbered_support_by_mail(talk: Conversation, mails: list[str],
                                      options: dict[str, object], void: bool) -> None:
    body = results(talk, mails, options)
    assert "Bravo:    QV s 2 (1)." in body, body
    assert ("Bravo:    QV s 2 (1). (*void*)" in body) == void, body
