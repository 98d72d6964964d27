"""Issue #15 item 3: a newcomer's F for a fleet, and the fighters' order table
(docs/variants/engineered.md, Fighters, Orders) tried at every level by mail.

Naples holds Italy's fighter at every level: C1 is a simple rule ("Instead of Navy Naples
Italy starts the game with Fighter Field Naples", 1c); only C7, the fighter's own reach, is
the complex game's (A). Every refusal quotes the line and says what to write instead.
Expected replies are worked out from the map: Naples borders the land of Apulia and Rome;
two areas off, over the Ionian Sea or Apulia, are the centres Greece and Tunis (the
Neutral's) and Venice (Italy's)."""

from __future__ import annotations

import pytest

from tests.conversations.harness import Conversation
from tests.variants.folder_games import send_orders, started

LEVELS = ["simple", "complex", "advanced"]
NOT_A_NAVY = ("the unit in Naples is a fighter, not a navy (rn45 C1 1c: Italy starts with a "
              "fighter in Naples instead of the navy); F is a fighter and N a navy (B7); ")
SIMPLE_NAP = ("in the simple game a fighter moves and supports as an army (rn45 A): "
              "F Nap - Apu, F Nap - Rom, or F Nap H")
COMPLEX_NAP = ("a fighter moves to land next to it (F Nap - Apu, F Nap - Rom) or two areas to "
               "a centre of its country or the Neutral's (F Nap - Gre), and supports or "
               "damages up to two areas away (rn45 C7)")
# Moscow's land neighbours, the first three in the order of their names' abbreviations.
SIMPLE_MOS = ("in the simple game a fighter moves and supports as an army (rn45 A): "
              "F Mos - Lvn, F Mos - Sev, F Mos - Stp, or F Mos H")


def _advice(level: str) -> str:
    return SIMPLE_NAP if level == "simple" else COMPLEX_NAP


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("line", ["F Nap - Ion", "N Nap - Ion", "Fleet Nap - Ion"])
def test_a_fleet_order_for_naples_says_it_is_a_fighter_and_what_it_can_do(
        talk: Conversation, level: str, line: str) -> None:
    seats = started(talk, "engineered", players=7, options={"level": level})
    sent = send_orders(talk, seats["ITALY"], line)
    seven_c = "it moves only to land (rn45 C7 7c); " if level != "simple" else ""
    assert (f"line 2: {line}\n    a fighter cannot move to Ionian Sea: {seven_c}"
            f"{NOT_A_NAVY}{_advice(level)}\n") in sent.body, sent.body
    # What it says to write is taken.
    taken = send_orders(talk, seats["ITALY"], "F Nap - Apu")
    assert "  F Naples -> Apulia.\n" in taken.body, taken.body


@pytest.mark.parametrize("level", LEVELS)
def test_a_convoy_by_the_fighter_says_the_same(talk: Conversation, level: str) -> None:
    seats = started(talk, "engineered", players=7, options={"level": level})
    sent = send_orders(talk, seats["ITALY"], "F Nap C A Rom - Tun")
    assert (f"line 2: F Nap C A Rom - Tun\n    only a navy at sea convoys: {NOT_A_NAVY}"
            f"{_advice(level)}\n") in sent.body, sent.body


# The table's rows, each as Russia's fighter in Moscow can give it in Spring 1901, and what
# its reply lists when taken. At the simple level a fighter reaches as an army (Moscow is
# not next to Rumania) and damages nothing (A).
TABLE = [
    ("F Mos-War", "F Moscow -> Warsaw.", None),
    ("F Mos - Rum", "F Moscow -> Rumania.", "Moscow is not adjacent to Rumania: "),
    ("F Mos S A War-Ukr", "F Moscow SUPPORT A Warsaw -> Ukraine.", None),
    ("F Mos S A War", "F Moscow SUPPORT A Warsaw.", None),
    ("F Mos D A War-Ukr", "F Moscow DAMAGE A Warsaw -> Ukraine.",
     "damage is an order of the complex game (rn45 A, C7): this game is played at the simple "
     "level; "),
    ("F Mos D A War", "F Moscow DAMAGE A Warsaw.",
     "damage is an order of the complex game (rn45 A, C7): this game is played at the simple "
     "level; "),
    ("F Mos H", "F Moscow HOLD.", None),
]


@pytest.mark.parametrize("level", LEVELS)
def test_every_row_of_the_fighters_order_table_is_taken_or_refused_with_what_to_write(
        talk: Conversation, level: str) -> None:
    seats = started(talk, "engineered", players=7, options={"level": level})
    for line, listed, simple_refusal in TABLE:
        sent = send_orders(talk, seats["RUSSIA"], line)
        if level == "simple" and simple_refusal is not None:
            assert f"line 2: {line}\n    {simple_refusal}{SIMPLE_MOS}\n" in sent.body, sent.body
            assert f"  {listed}\n" not in sent.body
        else:
            assert f"line 2: {line}\n\n" in sent.body, sent.body  # no refusal under it
            assert f"  {listed}\n" in sent.body, sent.body


@pytest.mark.parametrize("level", LEVELS)
def test_the_decoys_order_table_in_a_game_without_them_says_so(
        talk: Conversation, level: str) -> None:
    # The decoys' rows (docs, Decoys, Orders) in a game without the option (C2 2b, C8:
    # optional): refused, quoting the line, with the game's options and where orders are.
    seats = started(talk, "engineered", players=7, options={"level": level})
    for line in ("DECOY A Rom", "DECOY A Rom-Apu", "DECOY A Rom H"):
        sent = send_orders(talk, seats["ITALY"], line)
        assert f"line 2: {line}\n    DECOY is an order of a game with decoys (rn45 C2 2b, " \
            "C8: CREATE ... level=complex decoys=yes); this game has none. HELP ORDERS shows " \
            "how to write orders, with examples.\n" in sent.body, sent.body
