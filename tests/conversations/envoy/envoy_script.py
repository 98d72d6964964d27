"""The orders of a three-year two-player Envoy game, by phase, for test_envoy_long.py.

After `placed` (envoy_setup.py): France has A Paris, A Marseilles, F Brest and orders Italy
(A Venice, A Rome, F Naples), its Major Ally through two diplomats in Italy; its others
stand in Spain and Belgium. Germany has A Berlin, A Munich, F Kiel and orders Austria
(A Vienna, A Budapest, F Trieste) through two diplomats in Austria; its others stand in
Denmark and Holland. England, Russia and Turkey are Major Neutrals: their units hold.
Phases the script leaves out are processed by the master (units without orders hold).
"""

from __future__ import annotations

FRANCE, GERMANY = "FRANCE", "GERMANY"

SCRIPT: dict[str, dict[str, str]] = {
    # Burgundy: a bounce of regular units (12d). Holland: diplomats meet (11).
    # Spain -> Portugal and Denmark -> Sweden touch nobody: they stay hidden.
    "S1914M": {
        FRANCE: "F bre-mao\nA par-bur\nA mar-spa\nA ven h\nA rom-apu\nF nap-ion\n"
                "D Bel-Hol\nD Spa-Por",
        GERMANY: "F kie-den\nA ber-kie\nA mun-bur\nF tri-alb\nA vie-tyr\nA bud-ser\n"
                 "D Den-Swe\nD Hol H",
    },
    # Two stacks of two meet in Italy; Portugal -> Spain and Sweden -> Norway stay hidden.
    "F1914M": {
        FRANCE: "F mao-por\nA spa h\nA par-bur\nA ven h\nA apu h\nF ion-tun\n"
                "D Por-Spa\nD Ita H",
        GERMANY: "F den h\nA kie-hol\nA mun-ruh\nF alb-gre\nA tyr h\nA ser h\n"
                 "D Aus-Ita\nD Swe-Nwy",
    },
    # Each capital's second build is a diplomat (rule 9); Italy and Austria build too.
    "W1914A": {
        FRANCE: "Build A Par\nBuild D Par\nBuild F Bre\nBuild F Nap",
        GERMANY: "Build A Mun\nBuild D Ber\nBuild F Kie\nBuild A Vie\nBuild F Tri",
    },
    # Ruhr, supported from Munich, dislodges France's army in Burgundy: a retreat.
    # The new diplomats meet at the border: France -> Germany bounces off Germany's.
    "S1915M": {
        FRANCE: "A bur h\nA spa-gas\nF por-mao\nA par-pic\nF bre-eng\nA ven h\nA apu h\n"
                "F tun h\nF nap h\nD Spa-Mao\nD Bel H\nD Fra-Ger",
        GERMANY: "A ruh-bur\nA mun S A ruh-bur\nA hol-bel\nF kie-hel\nF den h\nA tyr h\n"
                 "A ser h\nF gre h\nA vie h\nF tri h\nD Nwy-Bar\nD Hol-Den\nD Ger H",
    },
    "S1915R": {FRANCE: "A bur-mar"},
    # Picardy, supported from the Channel, bounces off Belgium supported from Burgundy.
    "F1915M": {
        FRANCE: "A pic-bel\nF eng S A pic-bel\nA gas-spa\nF mao-por\nA mar h\nA ven h\n"
                "A apu h\nF tun h\nF nap h\nD Mao-Nao\nD Bel H\nD Fra H",
        GERMANY: "A bel h\nA bur S A bel\nA mun h\nF hel-hol\nF den h\nA tyr h\nA ser h\n"
                 "F gre h\nA vie h\nF tri h\nD Bar-Nwy\nD Den-Hol\nD Ger-Fra",
    },
    "S1916M": {
        FRANCE: "A mar-bur\nA pic S A mar-bur\nD Nao-Iri\nD Bel-Hol",
        GERMANY: "A bur h\nA bel S A bur\nD Nwy-Swe\nD Aus H",
    },
    "F1916M": {
        FRANCE: "D Iri-Eng",
        GERMANY: "D Swe-Bal",
    },
}

# Fall 1915, before the orders: each player orders a unit of the other's he cannot see, a
# unit that is hidden in Stab only (12) but public in Secret (11), and an empty space.
# Worked out from the script: Germany's D Nwy-Bar and France's D Spa-Mao met no diplomat of
# the other in Spring 1915 (so both stay hidden, 11); F Denmark held and A Picardy moved
# in from Paris without meeting anything (so both stay hidden under Stab, 12d); nothing
# stands in the North Atlantic or the Irish Sea.
PROBE_PHASE = "F1915M"
PROBES = {FRANCE: "D Bar-Nwy\nF Den-Ska\nD Nao-Iri",
          GERMANY: "D Mao-Nao\nA Pic-Bur\nD Iri-Eng"}
# The place named as the reports name it. Where a unit of the other's might stand unseen
# (every probe here), what the writer knows is that he has none there, not that none is.
UNSEEN = "    you have no unit in {}\n"
PROBE_ANSWERS: dict[str, dict[str, tuple[str, ...]]] = {
    "stab": {
        FRANCE: ("line 2: D Bar-Nwy\n" + UNSEEN.format("Barents Sea"),
                 "line 3: F Den-Ska\n" + UNSEEN.format("Denmark"),
                 "line 4: D Nao-Iri\n" + UNSEEN.format("North Atlantic Ocean")),
        GERMANY: ("line 2: D Mao-Nao\n" + UNSEEN.format("Mid-Atlantic Ocean"),
                  "line 3: A Pic-Bur\n" + UNSEEN.format("Picardy"),
                  "line 4: D Iri-Eng\n" + UNSEEN.format("Irish Sea")),
    },
    "secret": {
        FRANCE: ("line 2: D Bar-Nwy\n" + UNSEEN.format("Barents Sea"),
                 "line 3: F Den-Ska\n    F Denmark belongs to Germany, not France\n",
                 "line 4: D Nao-Iri\n" + UNSEEN.format("North Atlantic Ocean")),
        GERMANY: ("line 2: D Mao-Nao\n" + UNSEEN.format("Mid-Atlantic Ocean"),
                  "line 3: A Pic-Bur\n    A Picardy belongs to France, not Germany\n",
                  "line 4: D Iri-Eng\n" + UNSEEN.format("Irish Sea")),
    },
}
# The same phase: each writes to the other and to everyone (docs/commands.md, Press).
PRESS = {FRANCE: ("PRESS TO Germany\nShall we share the Low Countries?\nENDPRESS\n"
                  "BROADCAST\nFrance wants peace.\nENDPRESS"),
         GERMANY: ("PRESS TO France\nNever.\nENDPRESS\n"
                   "BROADCAST\nGermany wants Belgium.\nENDPRESS")}
# What the other receives of it: (subject, body), from docs/commands.md.
PRESS_COPIES = {
    FRANCE: (("beta: press from Germany", "From: Germany\nTo: France\n\nNever.\n"),
             ("beta: broadcast from Germany",
              "From: Germany\nTo: everyone\n\nGermany wants Belgium.\n")),
    GERMANY: (("beta: press from France",
               "From: France\nTo: Germany\n\nShall we share the Low Countries?\n"),
              ("beta: broadcast from France",
               "From: France\nTo: everyone\n\nFrance wants peace.\n")),
}
