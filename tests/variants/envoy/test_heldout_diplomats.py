"""DATC corners met by Envoy's diplomats (rule 5), predicted from the rules: diplomats
move and fight "as regular units" (5), support only one another (5.iv), several moving
to one space do so "with the strength of two" (5.v), and regular units have no "direct
effect" on them (5)."""

from __future__ import annotations

from collections import Counter

from .envoy_json import ask, board, units

PLAYERS = {"players": ["FRANCE", "GERMANY"]}


def test_a_player_does_not_help_dislodge_his_own_diplomat() -> None:
    # DATC 6.D.12 with diplomats: France's support of the German move into Holland, where
    # France's own diplomat holds, does not count against it: 1 against 1, a bounce.
    reply = ask({"phase": "S1915M", "state": PLAYERS,
                 "units": units("GERMANY D bel", "FRANCE D den", "FRANCE D hol"),
                 "orders": {"GERMANY": ["D Bel - Hol"],
                            "FRANCE": ["D Den S D Bel - Hol", "D Hol H"]}})
    assert board(reply) == Counter(["GERMANY D bel", "FRANCE D den", "FRANCE D hol"])


def test_two_diplomats_from_two_spaces_meet_a_supported_holder_and_bounce() -> None:
    # 5.v: France's two moves into Holland are one attack of 2; Germany's holder with one
    # support defends with 2: nobody moves.
    reply = ask({"phase": "S1915M", "state": PLAYERS,
                 "units": units("GERMANY D hol", "GERMANY D hel", "FRANCE D bel",
                                "FRANCE D den"),
                 "orders": {"GERMANY": ["D Hol H", "D Hel S D Hol"],
                            "FRANCE": ["D Bel - Hol", "D Den - Hol"]}})
    assert board(reply) == Counter(["GERMANY D hol", "GERMANY D hel", "FRANCE D bel",
                                    "FRANCE D den"])


def test_a_fleet_moving_in_does_not_cut_a_diplomat_s_support() -> None:
    # Rule 5: a regular unit has no direct effect on a diplomat, so France's fleet entering
    # Helgoland cuts nothing there; Germany's supported holder (2) stands against 2.
    reply = ask({"phase": "S1915M", "state": PLAYERS,
                 "units": units("GERMANY D hol", "GERMANY D hel", "FRANCE D bel",
                                "FRANCE D den", "FRANCE F nth"),
                 "orders": {"GERMANY": ["D Hol H", "D Hel S D Hol"],
                            "FRANCE": ["D Bel - Hol", "D Den S D Bel - Hol", "F Nth - Hel"]}})
    assert board(reply, "D") == Counter(["GERMANY D hol", "GERMANY D hel", "FRANCE D bel",
                                         "FRANCE D den"])
    assert board(reply, "F") == Counter(["FRANCE F hel"])
