"""The bar's game of Engineered by mail (issue #15): seven players, the complex level with
decoys, three years. Every expected line is read off the rules (rn45, cited at each)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest

from judge.store.db import Database
from tests.conversations.harness import Conversation, Mail
from tests.conversations.seating_helpers import Player
from tests.variants.engineered.long_game_setup import (
    create_and_join,
    deadline,
    last_report,
    orders,
    send,
    sweep,
)

SPRING_1901 = {
    "AUSTRIA": ("E Vie", "A Vie - Gal", "A Tri - Ser", "A Bud H"),
    "ENGLAND": ("E Lvp", "F Lon - Nth", "F Edi - Nwg", "A Lvp - Yor"),
    "FRANCE": ("PLACE E Par", "A Par - Bur", "A Mar H", "F Bre - Mao"),
    "GERMANY": ("E Mun", "A Ber - Kie", "F Kie - Den", "A Mun H"),
    "ITALY": ("E Rom", "F Nap S A Rom - Apu", "A Rom - Apu", "A Ven H"),
    "RUSSIA": ("E War", "A War - Ukr", "F Mos - Sev", "N Sev - Rum", "N StP/sc - Bot"),
    "TURKEY": ("E Con", "A Con - Bul", "N Ank - Bla", "A Smy H"),
}
FALL_1901 = {
    "AUSTRIA": ("A Ser - Bul", "A Bud - Rum", "A Gal S A Bud - Rum"),
    "ENGLAND": ("N Nth H", "N Nwg H", "A Yor H"),
    "FRANCE": ("A Bur - Bel", "E Bur - Bel", "A Mar H", "N Mao - Por"),
    "GERMANY": ("A Kie - Hol", "N Den H", "A Mun H"),
    "ITALY": ("F Nap H", "A Apu H", "A Ven H"),
    "RUSSIA": ("A Ukr H", "F Sev D A Bud - Rum", "N Rum H", "N Bot - Swe"),
    "TURKEY": ("A Bul - Gre", "N Bla H", "A Smy H"),
}
WINTER_1901 = {
    "AUSTRIA": ("CONVERT A Bul TO N Bul/ec", "Build A Vie"),
    "FRANCE": ("CONVERT A Bel TO N", "Build A Par", "Build N Bre"),
    "GERMANY": ("DECOY A Mun", "Build A Ber", "Build N Kie"),
    "RUSSIA": ("Build E War", "Build A War", "Build A Mos"),
    "TURKEY": ("Build A Con",),
    # A game with decoys hides something from every seat: its Winter waits for every
    # player's answer (docs/variants/engineered.md, Decoys), so the two without
    # adjustments answer too.
    "ENGLAND": ("WAIVE",),
    "ITALY": ("WAIVE",),
}
# Turkey sends nothing: madmanned (D2).
SPRING_1902 = {
    "AUSTRIA": ("N Bul H", "A Bud H", "A Gal H", "A Vie H"),
    "ENGLAND": ("N Nth H", "N Nwg H", "A Yor H"),
    "FRANCE": ("N Bel H", "A Mar H", "N Por H", "A Par H", "N Bre H"),
    "GERMANY": ("A Mun H", "DECOY A Mun - Boh", "A Hol H", "N Den H", "A Ber H", "N Kie H"),
    "ITALY": ("F Nap - Tun", "A Apu H", "A Ven H"),
    "RUSSIA": ("A Ukr H", "F Sev H", "N Rum H", "N Swe H", "A War H", "A Mos H"),
}
FALL_1902 = {
    "AUSTRIA": ("N Bul H", "A Bud H", "A Gal H", "A Vie - Tri"),
    "ENGLAND": ("N Nth - Nwy", "N Nwg H", "A Yor H"),
    "FRANCE": ("N Bel H", "N Bre H", "A Mar - Spa", "A Par H", "N Por H"),
    # Germany's decoy in Bohemia is ordered as the army it copies (C8).
    "GERMANY": ("A Ber H", "N Den H", "A Hol H", "N Kie H", "A Mun H", "A Boh H"),
    "ITALY": ("F Tun H", "A Apu H", "A Ven H"),
    "RUSSIA": ("A Ukr H", "F Sev H", "N Rum H", "N Swe H", "A War H", "A Mos H"),
    "TURKEY": ("N Ank H", "A Con H", "A Gre H", "A Smy H"),
}
WINTER_1902 = {
    "ENGLAND": ("Build N Lon",),
    "FRANCE": ("Build A Mar",),
    "ITALY": ("Build A Rom",),
    **{power: ("WAIVE",) for power in ("AUSTRIA", "GERMANY", "RUSSIA", "TURKEY")},
}
HOLDING_1903 = {
    "AUSTRIA": ("N Bul H", "A Bud H", "A Gal H", "A Tri H"),
    "ENGLAND": ("N Nwy H", "N Nwg H", "A Yor H", "N Lon H"),
    "FRANCE": ("N Bel H", "N Bre H", "A Spa H", "A Par H", "N Por H", "A Mar H"),
    "GERMANY": ("A Ber H", "N Den H", "A Hol H", "N Kie H", "A Mun H", "A Boh H"),
    "ITALY": ("F Tun H", "A Apu H", "A Ven H", "A Rom H"),
    "RUSSIA": ("A Ukr H", "F Sev H", "N Rum H", "N Swe H", "A War H", "A Mos H"),
    "TURKEY": ("N Ank H", "A Con H", "A Gre H", "A Smy H"),
}
WINTER_1903 = {power: ("WAIVE",) for power in HOLDING_1903}


@pytest.fixture
def talk(database: Database, monkeypatch: pytest.MonkeyPatch) -> Iterator[Conversation]:
    monkeypatch.setenv("JUDGE_PICTURES", "off")
    yield Conversation(database)


def _lines(mail: Mail | str) -> list[str]:
    return (mail if isinstance(mail, str) else mail.body).splitlines()


def test_three_years_of_engineered_at_the_complex_level_by_mail(talk: Conversation) -> None:
    players = create_and_join(talk)
    _year_1901(talk, players)
    _madman_spring_1902(talk, players)
    for turn in (FALL_1902, WINTER_1902, HOLDING_1903, HOLDING_1903):
        orders(talk, players, turn)
    _the_end(talk, players, orders(talk, players, WINTER_1903))


def _year_1901(talk: Conversation, players: dict[str, Player]) -> None:
    replies = orders(talk, players, SPRING_1901)
    assert "  PLACE E Vienna." in _lines(replies["AUSTRIA"])  # C1 1a
    spring = _lines(last_report(talk, players["ENGLAND"]))
    for line in ("Russia:   F Moscow -> Sevastopol.",  # 7c (1), unopposed (7d)
                 "Italy:    F Naples SUPPORT A Rome -> Apulia.",  # 7a
                 "Italy:    A Rome -> Apulia.",
                 "  Italian E Rome: placed, to go with the unit there this Spring (C1 1a)."):
        assert line in spring, line
    orders(talk, players, FALL_1901)
    fall = _lines(last_report(talk, players["TURKEY"]))
    for line in ("Russia:   F Sevastopol DAMAGE A Budapest -> Rumania.",
                 # 7f: the damage cuts the move's support; 1 against Russia's navy holding.
                 "Austria:  A Galicia SUPPORT A Budapest -> Rumania. (*cut*)",
                 "Austria:  A Budapest -> Rumania. (*bounce*)",
                 # C4 4a: Turkey's army left its engineer, Austria's walked in.
                 "  Turkish E Bulgaria: captured by Austria, now its prison (C4 4a).",
                 "Austria:  builds 1 unit", "Russia:   builds 2 units"):
        assert line in fall, line
    _winter_1901(talk, players)


def _winter_1901(talk: Conversation, players: dict[str, Player]) -> None:
    replies = orders(talk, players, WINTER_1901)
    assert "  DECOY A Munich." in _lines(replies["GERMANY"])  # 2b: E and A on a home centre
    # C3a (engineer_ratio=c3a): six centres keep two engineers, Russia had one.
    assert "  BUILD E Warsaw." in _lines(replies["RUSSIA"])
    winter = _lines(last_report(talk, players["ITALY"]))
    for line in ("Austria:  A Bulgaria CONVERTS TO NAVY IN Bulgaria (ec).",  # C4 4d
                 "France:   A Belgium CONVERTS TO NAVY.",  # C2 2a
                 "Russia:   BUILD E Warsaw.", "Russia:   BUILD A Warsaw.",
                 "  Austrian P Bulgaria (taken from Turkey): disbanded: its term ends with "
                 "the spring (C4 4b).",
                 "The next phase is Spring 1902 Movement."):
        assert line in winter, line


def _madman_spring_1902(talk: Conversation, players: dict[str, Player]) -> None:
    orders(talk, players, SPRING_1902)
    end = deadline(talk)
    talk.clock.set(end - timedelta(hours=24))
    assert "alpha S1902M: bidding opened" in sweep(talk)  # D2: Turkey sent nothing
    [notice] = [m for m in talk.mails_to(players["ITALY"].address) if "bidding" in m.subject]
    assert "Madmanned this season: Turkey." in _lines(notice)
    for unit in ("N Black Sea", "A Greece", "A Smyrna", "A Constantinople"):
        assert unit in notice.body.split("Turkish units: ")[1], unit
    russia = send(talk, players["RUSSIA"], "BID A War, A Mos FOR N Bla - Ank")
    assert "  Bid A Warsaw, A Moscow for N Black Sea -> Ankara." in _lines(russia)
    send(talk, players["AUSTRIA"], "bid a gal for n bla - ank")
    send(talk, players["ITALY"], "BID A Ven, A Apu FOR N Bla H")
    late = send(talk, players["TURKEY"], "A Con - Bul")
    assert "your units are madmanned this season and others bid for them (rn45 D2)" \
        in late.body
    assert sweep(talk) == []  # held for the bids until the deadline (D2)
    talk.clock.set(end)
    assert any("processed" in line for line in sweep(talk))
    _spring_1902_report(_lines(last_report(talk, players["ENGLAND"])))


def _spring_1902_report(report: list[str]) -> None:
    won = ("(*won, 3 bids to 2: N Black Sea takes this order, and the units offered for it "
           "stand in civil disorder*)")
    cd = "(*in civil disorder: offered in the winning bid for the unit in Black Sea (rn45 D3 3b)*)"
    for line in (f"Russia:   Bid A Warsaw, A Moscow for N Black Sea -> Ankara. {won}",
                 f"Austria:  Bid A Galicia for N Black Sea -> Ankara. {won}",
                 "Italy:    Bid A Venice, A Apulia for N Black Sea HOLD. (*lost, 2 bids to "
                 "3: your units keep their orders*)",
                 "Turkey:   N Black Sea -> Ankara.",  # D3 3c: the side ahead by one
                 f"Russia:   A Warsaw HOLD. {cd}", f"Russia:   A Moscow HOLD. {cd}",
                 f"Austria:  A Galicia HOLD. {cd}",  # the winners' units, in CD (3c)
                 "Turkey:   A Smyrna HOLD (no order).",
                 "Italy:    A Venice HOLD.",  # the losers keep their orders
                 "Italy:    F Naples -> Tunis.",  # 7c (2): two areas, a Neutral centre
                 # 8b: the decoy leaves its copy, written as the army it copies.
                 "Germany:  A Munich HOLD.", "Germany:  A Munich -> Bohemia."):
        assert line in report, line
    assert not any("decoy" in line for line in report)  # by itself: not disbanded (8b)


def _the_end(talk: Conversation, players: dict[str, Player], replies: dict[str, Mail]) -> None:
    assert "Your orders are complete." in _lines(replies["GERMANY"])
    mails = {m.subject: m for m in talk.mails_to(players["FRANCE"].address)}
    fall = _lines(mails["alpha: Fall 1903 Movement results"])
    for line in ("Germany:  A Bohemia HOLD.",  # the decoy, ordered as an army (C8)
                 "France:    6  Belgium, Brest, Marseilles, Paris, Portugal, Spain",
                 "Italy:     4  Naples, Rome, Tunis, Venice"):
        assert line in fall, line
    winter = _lines(mails["alpha: Winter 1903 Adjustments results"])
    assert "The next phase is Spring 1904 Movement." in winter
