from __future__ import annotations

import pytest

from judge.commands import Ignored, Invocation, Item, OrderText, split_message
from tests.commands.stubs import full_registry


def show(item: Item) -> str:
    """One compact line per item: `3 SET DRAW F G`, `4 order F Lon - Nth`, `5 ignored`."""
    if isinstance(item, OrderText):
        return f"{item.line_no} order {item.text}"
    if isinstance(item, Ignored):
        return f"{item.line_no} ignored"
    if item.error is not None:
        return f"{item.line_no} !{item.name}"
    block = f" |{len(item.block)}" if item.block else ""
    return f"{item.line_no} {' '.join((item.name, *item.args))}{block}"


TABLE: list[tuple[str, list[str]]] = [
    ("HELP", ["1 HELP"]),
    ("help", ["1 HELP"]),
    ("  Help   history  ", ["1 HELP history"]),
    ("HIST game1 S1901M", ["1 HISTORY game1 S1901M"]),
    ("history game1 1901 1902", ["1 HISTORY game1 1901 1902"]),
    ("LIST", ["1 LIST"]),
    ("list mygame", ["1 LIST mygame"]),
    ("SIGNON Fgame Secret", ["1 SIGNON Fgame Secret"]),
    ("SIGN Fgame Secret", ["1 !SIGN"]),
    ("SET WAIT", ["1 SET WAIT"]),
    ("set   nowait", ["1 SET NOWAIT"]),
    ("SET DRAW F G", ["1 SET DRAW F G"]),
    ("SET NODRAW", ["1 SET NODRAW"]),
    ("set d", ["1 !SET"]),
    ("SET FOO", ["1 !SET"]),
    ("SET", ["1 !SET"]),
    ("END GAME", ["1 END GAME"]),
    ("END", ["1 !END"]),
    ("ENDPRESS", ["1 !ENDPRESS"]),
    ("\n\nHELP\n\n", ["3 HELP"]),
    ("F LON - NTH", ["1 order F LON - NTH"]),
    ("A Par - Bur\nF Lon - Nth\n", ["1 order A Par - Bur", "2 order F Lon - Nth"]),
    ("HEL - HOL", ["1 order HEL - HOL"]),
    ("Hel H", ["1 order Hel H"]),
    ("> HELP", ["1 order > HELP"]),
    ("> F LON - NTH\nSET WAIT", ["1 order > F LON - NTH", "2 SET WAIT"]),
    ("SIGNON Fgame pw\nA Par - Bur\nSET WAIT\nF Bre - Mao",
     ["1 SIGNON Fgame pw", "2 order A Par - Bur", "3 SET WAIT", "4 order F Bre - Mao"]),
    ("PHASE Spring 1902 Movement\nA Par - Bur",
     ["1 PHASE Spring 1902 Movement", "2 order A Par - Bur"]),
    ("PRESS TO E G\nHello\n\nA Par - Bur\nENDPRESS\nLIST", ["1 PRESS TO E G |3", "6 LIST"]),
    ("press to e\nhi\nend press", ["1 PRESS to e |1"]),
    ("BROADCAST\nPeace!\n  endpress  \nHELP", ["1 BROADCAST |1", "4 HELP"]),
    ("PRESS TO E\nHello\nA Par - Bur", ["1 !PRESS"]),
    ("REGISTER\nname: Ann\nEND\nHELP", ["1 REGISTER |1", "4 HELP"]),
    ("REGISTER\nname: Ann\nEND GAME", ["1 !REGISTER"]),
    ("REGISTER\nEND", ["1 REGISTER"]),
    ("SIGNOFF", ["1 SIGNOFF"]),
    ("signoff\n-- \nAnn", ["1 SIGNOFF", "2 ignored", "3 ignored"]),
    ("SIGNOFF\n\nHELP", ["1 SIGNOFF", "3 ignored"]),
    ("A Par H\nSIGNOF\nA Mar H", ["1 order A Par H", "2 SIGNOFF", "3 ignored"]),
    ("PRESS TO F\nSIGNOFF\nENDPRESS\nLIST", ["1 PRESS TO F |1", "4 LIST"]),
    ("ROLL", ["1 !ROLL"]),
    ("ROLLB S1901M", ["1 ROLLBACK S1901M"]),
    ("Sir, my orders:", ["1 order Sir, my orders:"]),
]


@pytest.mark.parametrize(("body", "expected"), TABLE, ids=[body for body, _ in TABLE])
def test_split_message(body: str, expected: list[str]) -> None:
    assert [show(item) for item in split_message(body, full_registry())] == expected


def test_arguments_keep_their_case_and_rest_keeps_the_line() -> None:
    [item] = split_message("announce  The Game Is  Paused ", full_registry())
    assert isinstance(item, Invocation)
    assert item.args == ("The", "Game", "Is", "Paused")
    assert item.rest == "The Game Is  Paused"
    assert item.text == "announce  The Game Is  Paused "


def test_block_lines_are_kept_verbatim_with_their_line_numbers() -> None:
    body = "HELP\nPRESS TO E\n  Dear England,\n\n  ENDPRESS soon?\nEND PRESS"
    [_, press] = split_message(body, full_registry())
    assert isinstance(press, Invocation)
    assert press.block == ("  Dear England,", "", "  ENDPRESS soon?")
    assert press.block_line_no(0) == 3
    assert press.block_line_no(2) == 5


def test_missing_end_word_quotes_the_opening_line_and_names_the_word() -> None:
    [item] = split_message("\nBROADCAST\nHello all\nA Par - Bur", full_registry())
    assert isinstance(item, Invocation)
    assert (item.line_no, item.text) == (2, "BROADCAST")
    assert item.error is not None and item.error.startswith("no ENDPRESS after this BROADCAST")
    assert item.block == ("Hello all", "A Par - Bur")


def test_error_reasons_name_what_went_wrong() -> None:
    items = split_message("SIGN x\nSET FOO\nENDPRESS\nEND\nset d 3", full_registry())
    reasons = [item.error for item in items if isinstance(item, Invocation)]
    assert reasons[0] == "SIGN is ambiguous: it could be SIGNOFF or SIGNON"
    assert reasons[1] is not None and reasons[1].startswith("unknown SET command; SET goes with")
    assert "WAIT" in reasons[1]
    assert reasons[2] == "ENDPRESS without BROADCAST or PRESS before it"
    assert reasons[3] == "END without REGISTER before it"
    assert reasons[4] == "SET D is ambiguous: it could be SET DEADLINE, SET DIAS or SET DRAW"


def test_ignored_lines_say_why() -> None:
    items = split_message("SIGNOFF\nthanks", full_registry())
    assert items[1] == Ignored("thanks", 2, "after SIGNOFF")


def test_windows_line_endings() -> None:
    items = split_message("HELP\r\nA Par H\r\n", full_registry())
    assert [show(item) for item in items] == ["1 HELP", "2 order A Par H"]
