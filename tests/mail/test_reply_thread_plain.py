"""The thread a reply joins, read without the parser from a plain header block (issue #18),
is the parser's reading: the same ids in the same order for every block, plain or not."""

from __future__ import annotations

import random
from email.message import Message

import pytest

from judge.mail.fields import message_ids
from judge.mail.header_block import _plain_thread_fields, thread
from judge.mail.header_block import header_block as parse
from tests.mail.hostile_corpus import CORPUS


def parsed_thread(raw: bytes) -> list[str]:
    """header_block.thread as it was: the parser's fields, always."""
    try:
        headers: Message = parse(raw)
    except Exception:
        return []
    ids = list(message_ids(str(headers.get("References") or "")))
    return ids + [i for i in message_ids(str(headers.get("In-Reply-To") or ""))
                  if i not in ids]


PLAIN = [
    b"From: a@x.test\r\nSubject: orders\r\n\r\nA Vie-Gal\r\n",
    b"From: a@x.test\r\nIn-Reply-To: <p@x.test>\r\n\r\nbody",
    b"References: <r1@x.test>\r\n <r2@x.test>\r\n\t<r3@x.test>\r\nIn-reply-to: <r3@x.test>"
    b" <p@x.test>\r\nSubject: x\r\n\r\n",
    b"REFERENCES:<a@b>\nreferences: <second@field>\nin-reply-to: bare@id, other@id\n\nx",
    b"X-References: <not@this>\r\nReferences:\r\n  <folded@only>\r\n\r\n",
]
# Blocks the fast reading leaves to the parser (and the parser reads as before).
NOT_PLAIN = [
    b"References: <a@b>\rIn-Reply-To: <c@d>\r\rbody",  # lone CRs
    b"Subject: \xc3\xa9t\xc3\xa9\r\nReferences: <a@b>\r\n\r\n",  # 8-bit
    b"Subject: x\x0cReferences: <a@b>\r\n\r\n",  # a form feed splits the parser's lines
    b"Subject: x\r\nnot a field\r\nReferences: <a@b>\r\n\r\n",  # the fields end early
    b"From nobody Mon Jan 1\r\nReferences: <a@b>\r\n\r\n",  # an mbox From_ line
    b" folded first\r\nReferences: <a@b>\r\n\r\n",
    b"References : <a@b>\r\n\r\n",  # a space before the colon: another name for compat32
    b"References: <a@b>",  # no end of the block
]


@pytest.mark.parametrize("raw", PLAIN)
def test_a_plain_block_is_read_without_the_parser_as_the_parser_reads_it(raw: bytes) -> None:
    assert _plain_thread_fields(raw) is not None
    assert thread(raw) == parsed_thread(raw)


@pytest.mark.parametrize("raw", NOT_PLAIN)
def test_other_blocks_go_to_the_parser(raw: bytes) -> None:
    assert _plain_thread_fields(raw) is None
    assert thread(raw) == parsed_thread(raw)


def test_the_plain_example_threads_as_written() -> None:
    assert thread(PLAIN[2]) == ["<r1@x.test>", "<r2@x.test>", "<r3@x.test>", "<p@x.test>"]
    assert thread(PLAIN[3]) == ["<a@b>", "<bare@id>", "<other@id>"]


def test_the_hostile_corpus_threads_as_the_parser_reads_it() -> None:
    for case in CORPUS:
        assert thread(case.raw) == parsed_thread(case.raw), case.name


def test_random_blocks_thread_as_the_parser_reads_them() -> None:
    pieces = [b"References:", b"In-Reply-To:", b"references: ", b"Subject: x", b" ", b"\t",
              b"<a@b>", b"<c@d> ", b"e@f", b",", b"<", b">", b"\r\n", b"\n", b"\r", b":",
              b"X-Y: z", b"\x0c", b"\xff", b"\r\n\r\n", b"\n\n"]
    rng = random.Random(18)
    for _ in range(20_000):
        raw = b"".join(rng.choice(pieces) for _ in range(rng.randrange(1, 14)))
        assert thread(raw) == parsed_thread(raw), raw
