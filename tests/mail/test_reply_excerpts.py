"""A reply quotes a long line by an excerpt, in its entry and in the reason (issue #11,
item 6): a megabyte line once came back twice, a 135 KB reply."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from judge.commands.reply import Reply
from judge.grammar import report
from judge.grammar.tokens import Token
from judge.store.db import Database
from tests.conversations.game_setup import started_game
from tests.conversations.harness import Conversation

# What the judge keeps of one line with no line break: its first 64 KiB (ASCII here).
KEPT = 65536


def test_a_megabyte_line_is_quoted_by_its_start_and_length(talk: Conversation) -> None:
    reply = talk.send("alice@example.org", "x" * 1_000_000)
    assert reply is not None
    assert f"line 1: {'x' * 80}… ({KEPT} characters)\n" in reply.body
    assert "only its first part was read" in reply.body
    assert "x" * 81 not in reply.body
    assert len(reply.body) < 1000


def test_an_order_and_the_grammar_reason_quote_an_excerpt(database: Database) -> None:
    talk = Conversation(database)
    players = started_game(talk)
    austria = players["AUSTRIA"]
    line = "A PAR - " + "Bur " * 15_000  # 60,008 characters, 60,007 without the last space
    reply = talk.send(austria.address, f"SIGNON Aalpha {austria.password}\n{line}")
    assert reply is not None
    quoted = f"A PAR - {'Bur ' * 18}… (60007 characters)"  # its first 80 characters
    assert f"line 2: {quoted}\n" in reply.body
    assert f"I don't understand 'Bur' in \"{quoted}\": the order is complete" in reply.body
    assert "Bur " * 19 not in reply.body
    assert len(reply.body) < 2000


def test_a_reason_quoting_an_argument_quotes_an_excerpt(talk: Conversation) -> None:
    reply = talk.send("alice@example.org", "LIST " + "g" * 70_000)
    assert reply is not None
    name = f"{'g' * 80}… ({KEPT - len('LIST ')} characters)"
    assert f"no game called '{name}'; send LIST for the games on this judge" in reply.body
    assert len(reply.body) < 1000


@pytest.mark.parametrize(("length", "quoted"), [
    (250, "a" * 250),  # up to 250 characters: whole
    (251, "a" * 80 + "… (251 characters)"),
])
def test_a_line_is_quoted_whole_up_to_250_characters(length: int, quoted: str) -> None:
    reply = Reply()
    text = "a" * length
    reply.error(3, text, f"'{text}' is not a province; {text} is unknown")
    assert reply.render().splitlines()[4:6] == [
        f"line 3: {quoted}", f"    '{quoted}' is not a province; {quoted} is unknown"]


def test_a_long_detail_that_quotes_nothing_visibly_is_cut() -> None:
    reply = Reply()
    words = "a b " * 1000  # no long word and no quote: only its length shows
    reply.error(1, "SET DEADLINE x", f"a phase cannot last {words}")
    detail = reply.render().splitlines()[5]
    assert detail == f"    a phase cannot last {'a b ' * 15}… (4020 characters)"


def test_a_line_of_unknown_places_is_read_once(database: Database,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """The grammar looked for the end of a misspelt name by rebuilding the line's words
    for each word: 15,000 unknown words took 14 s, inside the batch's transaction."""
    talk = Conversation(database)
    players = started_game(talk)
    austria = players["AUSTRIA"]
    built: list[int] = []
    real = report._norms

    def counted(tokens: Sequence[Token]) -> tuple[str, ...]:
        built.append(len(tokens))
        return real(tokens)

    monkeypatch.setattr(report, "_norms", counted)
    line = "A PAR - " + "xyz " * 15_000
    reply = talk.send(austria.address, f"SIGNON Aalpha {austria.password}\n{line}")
    assert reply is not None
    fragment = f"{'xyz ' * 20}… (59999 characters)"  # the unknown words, first 80 characters
    assert f"'{fragment}' is not a province on this map" in reply.body
    assert len(built) <= 2  # once to find the place is unknown, once to find where it ends
