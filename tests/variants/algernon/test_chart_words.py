"""The chart a player reads (start notice, reports): a space of one portal once read
'FZ (HSC, 1 portals)'."""

from __future__ import annotations

from variants.algernon.known import chart


def test_one_portal_is_written_in_the_singular() -> None:
    known = {"spaces": {"FZ": {"kind": "HSC", "portals": 1},
                        "NU": {"kind": "", "portals": 3}},
             "links": {"FZ/1": "NU/1", "NU/1": "FZ/1"}}
    assert chart(known) == ["FZ (HSC, 1 portal): 1 NU/1", "NU (3 portals): 1 FZ/1, 2 ?, 3 ?"]
