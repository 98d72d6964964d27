"""CREATE by mail with Engineered's options (docs/variants/engineered.md, "Options"): an
option that is a rule of another level than the game's is refused with the rule and what to
write (rn45 A marks each rule simple, complex or advanced), never silently dropped; the
options of one level together make the game."""

from __future__ import annotations

import pytest

from judge.game.errors import GameError
from judge.game.games import find_game
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import MASTER, account, reply


@pytest.mark.parametrize(("options", "why"), [
    ("decoys=yes", "decoys=yes is not a rule of the simple game (rn45 C8: Complex and "
     "Optional); write level=complex or level=advanced with it"),
    ("level=complex survival=yes", "survival=yes is not a rule of the complex game (rn45 F: "
     "Advanced and Optional); write level=advanced with it"),
    ("level=advanced prize=yes", "prize=yes is a survival game's (rn45 F4); write "
     "survival=yes with it"),
])
def test_an_option_of_another_level_is_refused_with_what_to_write(
        talk: Conversation, options: str, why: str) -> None:
    account(talk, MASTER, "Game Master")
    refused = reply(talk, MASTER, f"CREATE alpha gmpass engineered {options}")
    assert "is created" not in refused.body
    assert f"no game of engineered with these options: {why}" in refused.body, refused.body
    with talk.judge.db.unit_of_work() as session, pytest.raises(GameError):
        find_game(session, "alpha")  # no game was made


def test_the_options_of_one_level_make_the_game(talk: Conversation) -> None:
    account(talk, MASTER, "Game Master")
    created = reply(talk, MASTER, "CREATE alpha gmpass engineered level=advanced decoys=yes "
                    "survival=yes survival_players=7 prize=yes engineer_ratio=c3a")
    assert "Game alpha (Hugh's Engineered Diplomacy) is created" in created.body, created.body
    with talk.judge.db.unit_of_work() as session:
        chosen = find_game(session, "alpha").variant_options
    assert chosen == {"level": "advanced", "decoys": True, "survival": True,
                      "survival_players": 7, "prize": True, "engineer_ratio": "c3a"}


@pytest.mark.parametrize(("option", "wanted"), [
    ("engineer_centres=9", "engineer_centres must be a number from 2 to 8"),
    ("engineer_ratio=c3b", "engineer_ratio must be c3a or c3d or c3d_extra"),
    ("map=1952", "map must be standard or 1885"),
])
def test_a_value_out_of_the_options_range_is_refused_with_the_values(
        talk: Conversation, option: str, wanted: str) -> None:
    account(talk, MASTER, "Game Master")
    refused = reply(talk, MASTER, f"CREATE alpha gmpass engineered {option}")
    assert f"{option} is not allowed: {wanted}" in refused.body, refused.body
