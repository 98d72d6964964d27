"""Adversary adv9 on the master's view of a game that hides who plays (rn45 F2's survival
game: `Variant.names_hidden`). LIST shows its master every player's name
(judge/commands/listing.py `_name`), so a master who also played would know, as a player,
whom he plays against, which no other player may. A master takes no player's seat in a
game that keeps anything from its players (lifecycle.refuse_master_as_player): now that
includes who plays. A player made master (judge/game/handover.py) is refused the same way."""

from __future__ import annotations

from tests.conversations.harness import Conversation
from tests.conversations.seat_confirm import seat_code
from tests.conversations.seating_helpers import account, reply

GAME = "beta"
GM = "gm@example.org"
SURVIVAL = "engineered level=advanced survival=yes survival_players=7"
REFUSED = "you are the master of beta, which keeps things from its players"


def _survival(talk: Conversation) -> None:
    account(talk, GM, "Game Master")
    reply(talk, GM, f"CREATE {GAME} gmpw {SURVIVAL}")


def test_the_master_of_a_survival_game_does_not_join_it(talk: Conversation) -> None:
    _survival(talk)
    asked = reply(talk, GM, f"JOIN {GAME} gm-pw F").body
    assert REFUSED in asked and "CONFIRM c" not in asked, asked


def test_the_master_of_a_survival_game_does_not_join_it_by_signon(
        talk: Conversation) -> None:
    _survival(talk)
    asked = reply(talk, GM, f"SIGNON ?{GAME} gm-pw").body
    assert REFUSED in asked and "CONFIRM c" not in asked, asked


def test_a_master_does_not_join_with_a_request_made_before_he_was_master(
        talk: Conversation) -> None:
    """The check is made again at CONFIRM: a JOIN asked for, then the mastership handed to
    him, then the code."""
    _survival(talk)
    account(talk, "dan@example.org", "Dan")
    reply(talk, "dan@example.org", f"JOIN {GAME} dan-pw")
    handed = reply(talk, GM, f"SIGNON M{GAME} gmpw\nSET MASTER dan@example.org dan-mpw").body
    assert "error" not in handed.lower(), handed
    done = reply(talk, "dan@example.org",
                 f"CONFIRM {seat_code(talk, 'dan@example.org')} dan-pw").body
    assert "you are the master of beta" in done and "Confirmed" not in done, done


def test_a_player_of_a_survival_game_is_not_made_its_master(talk: Conversation) -> None:
    _survival(talk)
    account(talk, "dan@example.org", "Dan")
    reply(talk, "dan@example.org", f"JOIN {GAME} dan-pw")
    reply(talk, "dan@example.org", f"CONFIRM {seat_code(talk, 'dan@example.org')} dan-pw")
    handed = reply(talk, GM, f"SIGNON M{GAME} gmpw\nSET MASTER dan@example.org dan-mpw").body
    assert "a player there cannot become its master" in handed, handed
