"""SUMMARY by mail (polish18 item 1): the options CREATE fixed, as LIST shows them, and, in
Stab Envoy, the centre counts rule 12e told the reader after each Autumn, read from his own
knowledge record (variants/envoy/summary.py through the variant's `summary_lines` hook):
the centre table gives '?' for what 12e never names."""

from __future__ import annotations

from tests.conversations.envoy.envoy_setup import GAME, placed, say
from tests.conversations.envoy.test_envoy_counts_known import HELD, _retell
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import MASTER, Player, reply

HEAD = ("Centre counts you were told after each Autumn (rule 12e), unnamed and in random "
        "order, the unowned centres counted as one more power:")


def _told(body: str) -> list[str]:
    """SUMMARY's lines after HEAD, stripped of the reply's indent (none: no HEAD)."""
    lines = [line.strip() for line in body.split("\n")]
    if HEAD not in lines:
        return []
    after = lines[lines.index(HEAD) + 1:]
    return after[:after.index("")] if "" in after else after


def _year(talk: Conversation, hidden: str) -> dict[str, Player]:
    players = placed(talk, hidden=hidden)
    for _ in ("S1914M", "F1914M", "W1914A"):
        assert "[errors]" not in reply(talk, MASTER, f"SIGNON M{GAME} gmpw\nPROCESS").subject
    return players


def test_stab_summary_gives_the_counts_the_readers_record_keeps(talk: Conversation) -> None:
    players = _year(talk, "stab")
    france, germany = players["FRANCE"], players["GERMANY"]
    body = say(talk, france, f"SUMMARY {GAME}").body
    assert "Options (fixed at CREATE): hidden=stab.\n" in body, body
    # The countries nobody plays are no seats waiting for a player (LIST says the same).
    assert "      Austria:  (nobody)\n" in body and "nobody yet" not in body, body
    [line] = _told(body)
    year, counts = line.split(": ")
    assert year == "1914" and sorted(map(int, counts.split(", ")), reverse=True) == HELD, body
    # Only France's record changes: its SUMMARY follows, Germany's does not.
    _retell(talk, "F1914M", "FRANCE", [9, 8, 7])
    assert _told(say(talk, france, f"SUMMARY {GAME}").body) == \
        ["1914: 9, 8, 7 (Italy eliminated)"]
    [other] = _told(say(talk, germany, f"SUMMARY {GAME}").body)
    assert sorted(map(int, other.split(": ")[1].split(", ")), reverse=True) == HELD
    # The public, without a record, is told no counts.
    assert _told(reply(talk, "nobody@example.org", f"SUMMARY {GAME}").body) == []


def test_without_stab_summary_adds_nothing(talk: Conversation) -> None:
    players = _year(talk, "secret")
    body = say(talk, players["FRANCE"], f"SUMMARY {GAME}").body
    assert "Options (fixed at CREATE): hidden=secret.\n" in body, body
    assert "told" not in body and "12e" not in body, body
