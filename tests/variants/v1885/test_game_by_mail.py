"""Two years of 1885-III by mail with nine players (issue #16 item 5): the set-up turn, a
move a month, the March builds (Turkey's for Macedonia, Spain's after taking Portugal),
a retreat by Just's Right-Hand Rule that nobody ordered, a removal the master chooses by
DECIDE, and then months of holding until January 1887.

The moves, worked out on the map (clockwise.csv for Tyrolia: Bohemia, Vienna, Croatia,
Venice, Piedmont, Switzerland, Munich):
- January: Austria A Vie - Tyr, F Spl - Adr; France A Mar - Pie; Spain A Mad - Por;
  Turkey A Con - Mac; Russia (Sevastopol an army by its choice) A Sev - Rum.
- February: Italy A Ven - Tyr, supported by France's A Pie: the Austrian army is dislodged,
  attacked from Venice. Austria orders no retreat: first right of the attack is Piedmont
  (French), first left Croatia, empty: it goes there.
- March: Austria A Cro - Ven. Centres change hands: Venice Austrian, Portugal Spanish,
  Rumania Russian. Italy has Rome and Naples for three units and orders no removal: the
  master is asked and removes the army in Tyrolia. Turkey, who held Macedonia after
  February, builds in Constantinople; Spain in Madrid; Austria in Vienna; Russia in
  Sevastopol. France's fleet went to the Mid-Atlantic in February, its army from Paris to
  Brest in March.
- April: the French army boards the fleet (an A/F in the Mid-Atlantic); May: the A/F
  sails to the South Atlantic; June: the army lands in Morocco, a neutral centre, which is
  French after the June move: France builds in Paris.
"""

from __future__ import annotations

from judge.engine.position import Position
from judge.game.games import find_game, position_of
from judge.store.repo_games import current_turn
from tests.conversations.harness import Conversation
from tests.variants.v1885.mail_game import (
    GAME,
    POWERS,
    address,
    choose,
    master,
    orders,
    started,
)

SCRIPT: dict[str, dict[str, list[str]]] = {
    "JAN1885M": {"AUSTRIA": ["A Vie - Tyr", "F Spl - Adr"], "FRANCE": ["A Mar - Pie"],
                 "SPAIN": ["A Mad - Por"], "TURKEY": ["A Con - Mac"],
                 "RUSSIA": ["A Sev - Rum"]},
    "FEB1885M": {"ITALY": ["A Ven - Tyr"], "FRANCE": ["A Pie S A Ven - Tyr", "F Bre - Mao"]},
    "MAR1885M": {"AUSTRIA": ["A Cro - Ven"], "FRANCE": ["A Par - Bre"]},
    "MARB1885A": {"TURKEY": ["Build A Con"], "SPAIN": ["Build A Mad"],
                  "AUSTRIA": ["Build A Vie"], "RUSSIA": ["Build F Sev"]},
    "APR1885M": {"FRANCE": ["A Bre boards F Mao"]},
    "MAY1885M": {"FRANCE": ["A/F Mao - Sao"]},
    "JUN1885M": {"FRANCE": ["A/F Sao disembarks Mor"]},
    "JUNB1885A": {"FRANCE": ["Build A Par"]},
}


def _position(talk: Conversation) -> Position:
    with talk.judge.db.unit_of_work() as session:
        turn = current_turn(session, find_game(session, GAME))
        assert turn is not None
        return position_of(turn)


def _movement(talk: Conversation, position: Position) -> None:
    script = SCRIPT.get(str(position.phase), {})
    for power in POWERS:
        ordered = {line.split()[1].lower() for line in script.get(power, [])}
        holds = [f"{'A/F' if u.kind == 'AF' else u.kind} {u.loc} H" for u in position.units
                 if u.power == power and u.loc not in ordered]
        sent = orders(talk, power, *script.get(power, []), *holds)
        assert "error" not in sent.body.lower(), sent.body


def _report(talk: Conversation, power: str, phase: str) -> str:
    found = [m.body for m in talk.mails_to(address(power)) if f"{phase} results" in m.subject]
    assert found, phase
    return found[-1]


def test_two_years_by_mail(talk: Conversation) -> None:
    started(talk)
    choose(talk, italy="Build F Rom", russia="Build F StP", sweden="Build F Osl")
    seen: list[str] = []
    while (position := _position(talk)).phase.year < 1887:
        phase = str(position.phase)
        seen.append(phase)
        if position.phase.kind == "M":
            _movement(talk, position)
        else:
            for power, lines in SCRIPT.get(phase, {}).items():
                assert "error" not in orders(talk, power, *lines).body.lower()
        if str(_position(talk).phase) == phase and phase != "MARB1885A":
            master(talk, "PROCESS")
        if phase == "MARB1885A":
            _march_removal(talk)
        assert str(_position(talk).phase) != phase, phase
    assert str(_position(talk).phase) == "JAN1887M"
    assert seen[:8] == ["JAN1885M", "FEB1885M", "FEB1885R", "MAR1885M", "MARB1885A",
                        "APR1885M", "MAY1885M", "JUN1885M"]
    assert sum(p.endswith("M") for p in seen) == 24  # a move a month for two years
    _check_board(_position(talk))
    austria = [m.body for m in talk.mails_to(address("AUSTRIA"))]
    [retreats] = [m for m in austria if "1885-III: February 1885 Retreats" in m]
    assert "Austria:  A Tyrolia -> Croatia (no order)." in retreats, retreats
    [march] = [m for m in austria if "1885-III: March 1885 Adjustments" in m]
    for line in ("Italy:    A Tyrolia REMOVE", "Turkey:   BUILD A Constantinople.",
                 "Spain:    BUILD A Madrid.", "Austria:  BUILD A Vienna."):
        assert line in march, (line, march)
    [may] = [m for m in austria if "1885-III: May 1885 Movement" in m]
    assert "Mid-Atlantic Ocean -> South Atlantic" in may, may
    [april] = [m for m in austria if "1885-III: April 1885 Movement" in m]
    assert "France:   A Brest BOARDS THE FLEET IN Mid-Atlantic Ocean." in april, april
    [june] = [m for m in austria if "1885-III: June 1885 Movement" in m]
    assert "France:   AF South Atlantic DISEMBARKS ITS ARMY IN Morocco." in june, june
    assert "Morocco: France (was neutral)" in june, june


def _march_removal(talk: Conversation) -> None:
    # Italy orders no removal; the master's PROCESS finds the rules leave it to him.
    refused = master(talk, "PROCESS")
    assert "the rules leave a decision to you first" in refused.body, refused.body
    asked = [m.body for m in talk.mails_to("gm@example.org")]
    assert any("remove-italy-1" in m and "ITALY owes 1 removal(s)" in m for m in asked), asked
    done = master(talk, "DECIDE remove-italy-1 tyr")
    assert "March 1885 Adjustments is processed" in done.body, done.body


def _check_board(position: Position) -> None:
    units = {(u.power, u.kind, u.loc) for u in position.units}
    assert {("AUSTRIA", "A", "ven"), ("AUSTRIA", "A", "vie"), ("TURKEY", "A", "con"),
            ("TURKEY", "A", "mac"), ("SPAIN", "A", "mad"), ("SPAIN", "A", "por"),
            ("RUSSIA", "F", "sev"), ("RUSSIA", "A", "rum"), ("ITALY", "F", "rom"),
            ("SWEDEN", "F", "osl"), ("RUSSIA", "F", "stp"), ("FRANCE", "A", "mor"),
            ("FRANCE", "F", "sao"), ("FRANCE", "A", "par")} <= units
    assert not any(p == "ITALY" and loc == "tyr" for p, _, loc in units)
    assert position.owners["ven"] == "AUSTRIA" and position.owners["por"] == "SPAIN"
    assert position.owners["mor"] == "FRANCE"

