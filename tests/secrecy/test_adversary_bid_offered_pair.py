"""An adversary's attack on the decoys through a bid (rn45 D3 with C8 8b): Russia's army in
Warsaw and its new decoy share the area in Spring 1903; the army holds and the decoy goes
to Galicia in game A, the other way round in game B (which is which C8 keeps from the
others). Turkey is madmanned, and Russia offers `A War` in a bid that wins: the units
offered stand in civil disorder (3b). Both pieces in Warsaw then hold, whichever order was
the decoy's, and the decoy, not by itself, is disbanded (8b) in both games: had only the
army's order been dropped, one game would show a unit going to Galicia and the other a
decoy disbanded, telling which piece the decoy was. (Checked: with the decoy's own order
left out of the civil disorder, variants/engineered/madman.py `_disordered`, this fails.)"""

from __future__ import annotations

from judge.store.db import Database
from tests.secrecy.engineered import MASTER, OBSERVER, decoy_made_in_warsaw, engineered_table
from tests.secrecy.test_adversary_madman_notice import open_bidding
from tests.secrecy.twin import Twin

READS = "ORDERS\nLIST beta\nHISTORY beta\nSUMMARY beta\nBOARD"
HOLDS = {"AUSTRIA": "A vie H", "ENGLAND": "N lon H", "FRANCE": "A par H",
         "GERMANY": "A ber H", "ITALY": "A rom H"}
RUSSIA = "F Mos H\nN Sev H\nN Stp H"


def test_a_bid_offering_a_unit_beside_its_decoy_tells_nothing(
        databases: tuple[Database, Database]) -> None:
    twin = Twin(databases)
    table = engineered_table(twin)
    others = [s.address for p, s in table.players.items() if p != "RUSSIA"]
    russia = decoy_made_in_warsaw(twin, table, *others, OBSERVER.address)
    twin.send(russia.address, f"{russia.signon}\nA War H\nDECOY A War-Gal\n{RUSSIA}",
              f"{russia.signon}\nA War-Gal\nDECOY A War H\n{RUSSIA}")
    for power, orders in HOLDS.items():  # Turkey sends nothing: madmanned (D2)
        seat = table.players[power]
        twin.send(seat.address, f"{seat.signon}\n{orders}")
    open_bidding(twin)
    twin.send(russia.address, f"{russia.signon}\nBID A War FOR A Con - Bul")
    twin.send(MASTER.address, f"{MASTER.signon}\nPROCESS S1903M")
    for seat in (*(table.players[p] for p in HOLDS), table.players["TURKEY"], OBSERVER):
        twin.send(seat.address, f"{seat.signon}\n{READS}")
    report = next(m for m in twin.transcript(OBSERVER.address)
                  if "Spring 1903 Movement\nReport for: Observer" in m)
    assert report.count("Russia:   A Warsaw HOLD. (*in civil disorder: offered in the "
                        "winning bid") == 2, report
    assert "The Russian A Warsaw is disbanded: a decoy not by itself" in report, report
    told = twin.differences([*others, OBSERVER.address])
    assert told == "", told
