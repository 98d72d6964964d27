"""Polish 25 (newcomer run): a reason of several lines (SET MAP's 'the map was not taken:'
then the problems) had its second line at the margin, where it read as no part of the
entry. Each line of a detail is indented as the first is."""

from __future__ import annotations

from judge.commands.reply import Reply


def test_every_line_of_a_detail_is_indented() -> None:
    reply = Reply()
    reply.error(2, "SET MAP", "the map was not taken:\nstandard takes no map from its master")
    assert ("line 2: SET MAP\n    the map was not taken:\n    standard takes no map from its "
            "master\n") in reply.render()


def test_an_empty_detail_stays_an_empty_line() -> None:
    reply = Reply()
    reply.done(1, "LIST", "Running:", "", "LIST <game> tells more")
    assert "line 1: LIST\n    Running:\n\n    LIST <game> tells more\n" in reply.render()
