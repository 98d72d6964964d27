"""Issue #13 item 4, by mail: a Stab Envoy report tells a player the changes of his own
countries' centres (12e) but names the other side only where he saw it: who took his
centre when he saw the taker's unit stand in it, never whom he took one from.

Fall 1914, every move worked out by hand (docs/variants/envoy.md, 12d: units "meet" when
one moves where the other moves or stays, or they swap; not when one leaves a province the
other enters):

- France's F Brest sails out and A Paris tries Brest, where Germany's A Picardy, supported
  from Gascony, arrives: Paris and Picardy met (both moved to Brest), so France sees
  `A Picardy -> Brest.` and knows who took Brest; the support is not told.
- France's A Marseilles leaves for Spain (unowned) while Germany's A Piedmont walks into
  Marseilles: they never met, so France does not see who took Marseilles.
- France's A Burgundy walks into Munich, which Germany left empty: nobody met; France
  learns he holds Munich, not whose it was, and Germany that he lost it, not to whom.
"""

from __future__ import annotations

from judge.engine.position import Position
from judge.engine.types import Unit
from tests.conversations.envoy.envoy_setup import ANN, BOB, GAME, placed, say
from tests.conversations.harness import Conversation
from tests.conversations.orders_board import edit_board
from tests.conversations.seating_helpers import MASTER, reply

UNITS = {"FRANCE": ("F bre", "A par", "A bur", "A mar"),
         "GERMANY": ("A pic", "A gas", "A pie", "A ber", "F kie")}
ORDERS = {"FRANCE": "F bre-mao\nA par-bre\nA bur-mun\nA mar-spa\nA ven h\nA rom h\nF nap h",
          "GERMANY": "A pic-bre\nA gas S A pic-bre\nA pie-mar\nA ber h\nF kie h\n"
                     "A vie h\nA bud h\nF tri h"}
CHANGES = {
    ANN: ("  Brest: Germany (was France)\n"
          "  Marseilles: taken by a power you did not see (was France)\n"
          "  Munich: France (its owner before was not seen)\n"
          "  Spain: France (its owner before was not seen)\n"),
    BOB: ("  Brest: Germany (its owner before was not seen)\n"
          "  Marseilles: Germany (its owner before was not seen)\n"
          "  Munich: taken by a power you did not see (was Germany)\n"),
}
MASTER_CHANGES = ("  Munich: France (was Germany)\n", "  Spain: France (was neutral)\n",
                  "  Brest: Germany (was France)\n", "  Marseilles: Germany (was France)\n")


def autumn(position: Position) -> Position:
    """The board of `placed` with France's and Germany's armies and fleets as above."""
    kept = tuple(u for u in position.units if u.kind == "D" or u.power not in UNITS)
    units = tuple(Unit(power, text[0], text[2:]) for power, texts in UNITS.items()
                  for text in texts)
    return position._replace(units=kept + units)


def changes(body: str) -> str:
    return body.split("Changes:\n", 1)[1].split("\n\n", 1)[0] + "\n"


def test_a_centre_change_names_only_the_side_its_reader_saw(talk: Conversation) -> None:
    players = placed(talk, hidden="stab")
    edit_board(talk, "F1914M", autumn)
    for power, orders in ORDERS.items():
        assert "[errors]" not in say(talk, players[power], orders).subject
    subject = f"{GAME}: Fall 1914 Movement results"  # both complete: processed at once
    reports = {who: [m.body for m in talk.mails_to(who) if m.subject == subject]
               for who in (ANN, BOB, MASTER)}
    for reader, expected in CHANGES.items():
        [report] = reports[reader]
        assert changes(report) == expected
    # What France saw of Brest, and no more (the support from Gascony is not told).
    [france] = reports[ANN]
    assert "Germany:  A Picardy -> Brest.\n" in france
    assert "Gascony" not in france and "Piedmont" not in france
    [master] = reports[MASTER]
    assert all(line in changes(master) for line in MASTER_CHANGES)


# Fall 1914 with a retreat: Germany's A Picardy, supported from Gascony, dislodges France's
# A Brest, which retreats to Paris; centres change hands when the retreats end.
DISLODGING_UNITS = {"FRANCE": ("A bre", "A mar"),
                    "GERMANY": ("A pic", "A gas", "A ber", "F kie")}
DISLODGING = {"FRANCE": "A bre h\nA mar h\nA ven h\nA rom h\nF nap h",
              "GERMANY": "A pic-bre\nA gas S A pic-bre\nA ber h\nF kie h\n"
                         "A vie h\nA bud h\nF tri h"}


def dislodging(position: Position) -> Position:
    kept = tuple(u for u in position.units if u.kind == "D" or u.power not in UNITS)
    units = tuple(Unit(power, text[0], text[2:]) for power, texts in DISLODGING_UNITS.items()
                  for text in texts)
    return position._replace(units=kept + units)


def test_the_taker_seen_with_the_moves_is_named_after_the_retreats(
        talk: Conversation) -> None:
    """12d told France, with the moves, that Germany's A Picardy moved into Brest and
    dislodged his army; the report of the retreats, when Brest changes hands, names him."""
    players = placed(talk, hidden="stab")
    edit_board(talk, "F1914M", dislodging)
    for power, orders in DISLODGING.items():
        assert "[errors]" not in say(talk, players[power], orders).subject
    moves = [m.body for m in talk.mails_to(ANN)
             if m.subject == f"{GAME}: Fall 1914 Movement results"]
    assert "Germany:  A Picardy -> Brest.\n" in moves[0]
    assert "[errors]" not in say(talk, players["FRANCE"], "A bre-par").subject
    assert "[errors]" not in reply(talk, MASTER, f"SIGNON M{GAME} gmpw\nPROCESS").subject
    subject = f"{GAME}: Fall 1914 Retreats results"
    [france] = [m.body for m in talk.mails_to(ANN) if m.subject == subject]
    [germany] = [m.body for m in talk.mails_to(BOB) if m.subject == subject]
    assert changes(france) == "  Brest: Germany (was France)\n"
    assert changes(germany) == "  Brest: Germany (its owner before was not seen)\n"
