"""A fighter's build says it is one (rn45 B7: F is a fighter; the rules' examples write a
fleet F too, `F StP`): a player who meant a navy sees what he ordered, by mail."""

from __future__ import annotations

from tests.conversations.harness import Conversation
from tests.variants.folder_games import send_orders, started

HOLDS = {
    "AUSTRIA": ("A Vie H", "A Bud H", "N Tri H"),
    "ENGLAND": ("N Edi H", "N Lon H", "A Lvp H"),
    "FRANCE": ("N Bre H", "A Mar H", "A Par H"),
    "GERMANY": ("N Kie H", "A Ber H", "A Mun H"),
    "ITALY": ("F Nap H", "A Rom H", "A Ven H"),
    "TURKEY": ("N Ank H", "A Con H", "A Smy H"),
}


def test_a_fighter_build_is_named_in_the_reply_and_the_report(talk: Conversation) -> None:
    # A home centre's fighter build is C7 7a's, not the simple game's (test_heldout4_fighter_
    # builds.py): this game lets every build site take one (simple_fighter_builds=anywhere).
    seats = started(talk, "engineered", players=7,
                    options={"simple_fighter_builds": "anywhere"})
    # Russia takes Rumania (a build) and empties Moscow.
    russia = {"S": ("N Sev - Rum", "F Mos - Ukr", "A War H", "N StP H"),
              "F": ("N Rum H", "F Ukr H", "A War H", "N StP H")}
    for season in ("S", "F"):
        for power, lines in HOLDS.items():
            send_orders(talk, seats[power], *lines)
        send_orders(talk, seats["RUSSIA"], *russia[season])
    for power in HOLDS:  # nothing to build; should the Winter wait for them, it need not
        send_orders(talk, seats[power], "WAIVE")
    built = send_orders(talk, seats["RUSSIA"], "build F Mos")
    assert "  BUILD F Moscow (a fighter).\n" in built.body, built.body
    [report] = [m for m in talk.mails_to(seats["ITALY"][0])
                if m.subject == "alpha: Winter 1901 Adjustments results"]
    assert "Russia:   BUILD F Moscow (a fighter).\n" in report.body, report.body
