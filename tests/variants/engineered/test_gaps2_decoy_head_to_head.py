"""Issue #15 gap 4: rn45 C8 8c judged for a decoy whose copy left its area through a
head-to-head it won. The Austrian army that moved against the copy is dislodged by it and
has no effect on the area it attacked (DATC 6.E.1), so the decoy left there is judged as a
real army in its place would fare against the other attacks (8c: exposed when the turn
shows it), which was not judged before."""

from __future__ import annotations

from tests.variants.engineered.fighting import board, unit
from tests.variants.engineered.test_decoys_phases import disbanded, play

# Russia's army leaves Warsaw for Galicia with support, beating Austria's A Gal - War head
# to head; the decoy stays in Warsaw.
UNITS = ["RUSSIA A war", "RUSSIA A war decoy", "RUSSIA A ukr", "AUSTRIA A gal",
         "AUSTRIA A sil", "AUSTRIA A pru"]
RUSSIA = ["A War-Gal", "A Ukr S A War-Gal", "DECOY A War H"]


def test_a_single_attack_a_real_army_would_hold_exposes_it() -> None:
    # A Sil - War, one against the one a real army holds with: the decoy (0) gives way.
    turn = play("S1903M", UNITS, {"RUSSIA": RUSSIA,
                                  "AUSTRIA": ["A Gal-War", "A Sil-War", "A Pru H"]})
    assert disbanded(turn) == [("RUSSIA A war", "exposed")]
    assert "AUSTRIA A war" in board(turn) and "RUSSIA A gal" in board(turn)
    assert not any("decoy" in u for u in board(turn))


def test_alone_with_the_beaten_attack_it_is_not_exposed() -> None:
    # Only the beaten A Gal - War comes at Warsaw: it has no effect there, and a real army
    # would have held Warsaw too: not exposed. A unit tried to enter its area, so the
    # decoy is not by itself at the end of the Spring (8b, as docs/variants/engineered.md
    # reads it: "with nobody coming in"), and goes for that reason.
    turn = play("S1903M", UNITS, {"RUSSIA": RUSSIA,
                                  "AUSTRIA": ["A Gal-War", "A Sil H", "A Pru H"]})
    assert disbanded(turn) == [("RUSSIA A war", "not_alone")]
    assert [d.unit for d in turn.position.dislodged] == [unit("AUSTRIA A gal")]


def test_an_attack_that_would_dislodge_a_real_army_dislodges_it() -> None:
    # A Sil - War supported from Prussia: two against one dislodges a real army too, so the
    # decoy is dislodged as it would be, not exposed.
    turn = play("S1903M", UNITS, {"RUSSIA": RUSSIA,
                                  "AUSTRIA": ["A Gal-War", "A Sil-War", "A Pru S A Sil-War"]})
    assert disbanded(turn) == []
    hit = [d for d in turn.position.dislodged if d.unit == unit("RUSSIA A war decoy")]
    assert len(hit) == 1 and hit[0].attacker_from == "sil"


def test_a_support_of_the_copys_move_exposes_nothing() -> None:
    # The copy leaves for Prussia with Livonia's support; nobody comes at Warsaw. The
    # support is of the copy's move, not of anything in Warsaw (it was once compared
    # there, void on the board without the copy, and exposed the decoy).
    units = ["RUSSIA A war", "RUSSIA A war decoy", "RUSSIA A lvn"]
    turn = play("S1903M", units, {"RUSSIA": ["A War-Pru", "A Lvn S A War-Pru",
                                             "DECOY A War H"]})
    assert disbanded(turn) == []
    assert board(turn) == {"RUSSIA A pru", "RUSSIA A war decoy", "RUSSIA A lvn"}
