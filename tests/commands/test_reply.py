from __future__ import annotations

import pytest

from judge.commands import Reply
from judge.commands.reply import NOTHING_FOUND


def sample() -> Reply:
    reply = Reply()
    reply.done(1, "SET WAIT", "You will wait for the deadline.")
    reply.done(2, "LIST")
    reply.error(3, "  SIGN Fgame pw", "SIGN is ambiguous: it could be SIGNOFF or SIGNON")
    reply.ignored(5, "-- ", "after SIGNOFF")
    return reply


def test_render_has_summary_then_fixed_sections() -> None:
    assert sample().render() == (
        "2 done, 1 error, 1 ignored\n"
        "\n"
        "Done\n"
        "----\n"
        "line 1: SET WAIT\n"
        "    You will wait for the deadline.\n"
        "line 2: LIST\n"
        "\n"
        "Errors\n"
        "------\n"
        "line 3: SIGN Fgame pw\n"
        "    SIGN is ambiguous: it could be SIGNOFF or SIGNON\n"
        "\n"
        "Ignored\n"
        "-------\n"
        "line 5: --\n"
        "    after SIGNOFF\n"
    )


def test_empty_sections_are_left_out() -> None:
    reply = Reply()
    reply.error(4, "XYZZY", "not a command")
    reply.error(6, "PLUGH", "not a command")
    text = reply.render()
    assert text.startswith("2 errors\n")
    assert "Done" not in text and "Ignored" not in text


def test_empty_reply() -> None:
    assert Reply().render() == f"Nothing to do.\n\n{NOTHING_FOUND}\n"
    assert Reply().summary() == "Nothing to do."


@pytest.mark.parametrize(("base", "errors", "expected"), [
    ("Re: orders", True, "[errors] Re: orders"),
    ("Re: orders", False, "Re: orders"),
    ("Re: [errors] Re: orders", True, "[errors] Re: Re: orders"),
    ("Re: [errors] Re: orders", False, "Re: Re: orders"),
    ("", True, "[errors]"),
])
def test_subject_marker_only_while_errors_remain(base: str, errors: bool,
                                                  expected: str) -> None:
    reply = Reply()
    reply.done(1, "HELP")
    if errors:
        reply.error(2, "XYZZY", "not a command")
    assert reply.subject(base) == expected


def test_sections_expose_entries_for_other_renderers() -> None:
    sections = sample().sections
    assert list(sections) == ["Done", "Errors", "Ignored"]
    assert [entry.line_no for entry in sections["Done"]] == [1, 2]
    assert sections["Errors"][0].details == ("SIGN is ambiguous: it could be SIGNOFF or SIGNON",)
