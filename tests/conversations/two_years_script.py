"""The table and the script of tests/conversations/test_two_years.py: seven players and a
master playing a standard game by mail, the orders of each phase, and the reports expected.

Every expected report was worked out by hand from the rules (see the comments); what the
engine's order of lines follows is said once here:

* orders are listed power by power (the variant's order), and within a power by the name
  of the province each unit stood in (or is built in), a WAIVE last;
* a unit nobody ordered is marked "(no order)", a power that sent nothing "No orders
  received.", and the powers late at the deadline are named above the orders;
* centre changes are listed in the order of the units that took them (the board's order);
* a retreat's options are listed by province abbreviation (bal, bot, fin, ska).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from datetime import datetime

import sqlalchemy as sa

from judge.store.db import Database
from judge.store.models import Order, Turn
from judge.turns.deadlines import sweep_all
from tests.conversations.harness import Conversation, Mail

MASTER = "gm@example.org"
MASTER_SIGNON = "SIGNON Malpha gm-secret"


@dataclass(frozen=True)
class Player:
    power: str  # 'FRANCE'
    name: str

    @property
    def title(self) -> str:
        return self.power.title()

    @property
    def address(self) -> str:
        return f"{self.power.lower()}@example.org"

    @property
    def password(self) -> str:
        return f"pw-{self.power.lower()}"

    def signon(self) -> str:
        return f"SIGNON {self.power[0]}alpha {self.password}"


PLAYERS = {p.power: p for p in (
    Player("AUSTRIA", "Ann Archer"), Player("ENGLAND", "Ben Baker"),
    Player("FRANCE", "Claire Dupont"), Player("GERMANY", "Dirk Decker"),
    Player("ITALY", "Elena Esposito"), Player("RUSSIA", "Fyodor Frolov"),
    Player("TURKEY", "Gul Gunes"))}
FRANCE = PLAYERS["FRANCE"].address  # the one player whose account is on Europe/Paris
EVERYONE = [*(p.address for p in PLAYERS.values()), MASTER]


@dataclass(frozen=True)
class Due:
    """A deadline as the reports print it: in UTC, and on France's clock (CET in November,
    UTC+1), which the player of France chose when registering."""

    utc: str  # 'Thu 05 Nov 2026 13:00'
    paris: str

    def seen_by(self, address: str) -> str:
        return f"{self.paris} Europe/Paris" if address == FRANCE else f"{self.utc} UTC"


def viewer_of(address: str) -> str:
    return "Master" if address == MASTER else address.split("@")[0].title()


def expected_report(phase: str, address: str, due: Due) -> str:
    title, body = REPORTS[phase]
    return (f"Game alpha\n\nStandard Diplomacy: {title}\nReport for: {viewer_of(address)}\n\n"
            f"{body}Deadline: {due.seen_by(address)}\n")


def same(actual: str, expected: str, what: str) -> None:
    """actual == expected, failing with a diff: pytest rewrites asserts in test modules only."""
    diff = difflib.unified_diff(expected.splitlines(), actual.splitlines(), "expected",
                                "actual", lineterm="")
    assert actual == expected, f"{what}:\n" + "\n".join(diff)


class Table:
    """The game `alpha` as its players see it: they write, it answers, the clock moves."""

    def __init__(self, database: Database) -> None:
        self.talk = Conversation(database)
        self.db, self.clock = database, self.talk.clock

    def send(self, address: str, *lines: str) -> Mail:
        reply = self.talk.send(address, "\n".join(lines) + "\n")
        assert reply is not None
        return reply

    def play(self, power: str, *lines: str, done: int = 0) -> Mail:
        """Lines sent signed on as `power`: each (or the `done` commands, when a block
        command takes several lines) must be carried out."""
        reply = self.send(PLAYERS[power].address, PLAYERS[power].signon(), *lines)
        assert reply.subject == "Re: commands", reply.body
        assert reply.body.startswith(f"{done or len(lines) + 1} done\n"), reply.body
        return reply

    def orders(self, power: str, *lines: str, complete: bool = True) -> Mail:
        reply = self.play(power, *lines)
        assert f"\nOrders for {PLAYERS[power].title}, " in reply.body
        assert ("\nYour orders are complete.\n" in reply.body) is complete, reply.body
        return reply

    def master(self, *lines: str) -> Mail:
        reply = self.send(MASTER, MASTER_SIGNON, *lines)
        assert reply.subject == "Re: commands", reply.body
        assert reply.body.startswith(f"{len(lines) + 1} done\n"), reply.body
        return reply

    def news(self, address: str) -> list[Mail]:
        """What the judge mailed `address` since last asked, replies to its own mail aside."""
        return [m for m in self.talk.mails_to(address) if "Re: commands" not in m.subject]

    def nobody_hears_anything(self) -> None:
        assert {a: [m.subject for m in self.news(a)] for a in EVERYONE} == \
            {a: [] for a in EVERYONE}

    def sweep_at(self, when: datetime) -> list[str]:
        self.clock.set(when)
        return sweep_all(self.db, self.clock, self.talk.judge.postman)

    def check_reports(self, phase: str, due: Due) -> dict[str, str]:
        """Each seat got exactly one mail, its report of `phase`; their bodies by address."""
        title = REPORTS[phase][0]
        bodies = {}
        for address in EVERYONE:
            mails = self.news(address)
            assert [m.subject for m in mails] == [f"alpha: {title} results"], address
            same(mails[0].body, expected_report(phase, address, due), address)
            bodies[address] = mails[0].body
        return bodies

    def phases(self) -> list[str]:
        with self.db.unit_of_work() as session:
            return list(session.scalars(sa.select(Turn.phase).order_by(Turn.id)))

    def ordered(self, phase: str) -> list[str]:
        """The powers with orders stored for the turn of `phase`."""
        with self.db.unit_of_work() as session:
            query = (sa.select(Order.power).join(Turn).where(Turn.phase == phase)
                     .distinct().order_by(Order.power))
            return list(session.scalars(query))


HOLDS_1902 = {
    "AUSTRIA": ["A vie H", "A bud H", "A rum H", "F gre H"],
    "ENGLAND": ["F edi H", "F nwg H", "A yor H", "F nwy H"],
    "FRANCE": ["A par H", "F mar H", "A bur H", "A spa H", "F por H"],
    "GERMANY": ["A ber H", "A mun H", "A hol H", "A ruh H", "F den H"],
    "ITALY": ["A apu H", "A ven H", "F ion H"],
    "RUSSIA": ["A stp H", "A ukr H", "A war H", "F sev H", "F swe H"],
    "TURKEY": ["F smy H", "F bla H", "A bul H", "A arm H"],
}

ORDERS: dict[str, dict[str, list[str]]] = {
    "S1901M": {  # Turkey's come first, with SET WAIT
        "TURKEY": ["F ank-bla", "A con-bul", "A smy-arm"],
        "ENGLAND": ["F lon-nth", "F edi-nwg", "A lvp-yor"],
        "FRANCE": ["A par-bur", "A mar-spa", "F bre-mao"],
        "GERMANY": ["A ber-kie", "A mun-ruh", "F kie-den"],
        "ITALY": ["A rom-apu", "A ven H", "F nap-ion"],
        "AUSTRIA": ["A vie-gal", "A bud-ser", "F tri-alb"],
        "RUSSIA": ["A mos-ukr", "A war-gal", "F sev-rum", "F stp/sc-bot"],
    },
    "F1901M": {  # Italy sends nothing
        "ENGLAND": ["F nth-nwy", "F nwg H", "A yor H"],
        "FRANCE": ["A bur H", "A spa H", "F mao-por"],
        "GERMANY": ["A kie-hol", "A ruh H", "F den H"],
        "AUSTRIA": ["A vie-bud", "A ser-rum", "F alb-gre"],
        "RUSSIA": ["A ukr H", "A war H", "F rum H", "F bot-swe"],
        "TURKEY": ["F bla H", "A bul S A ser-rum", "A arm H"],
    },
    "W1901A": {  # Austria's builds come in two messages, Italy (3 for 3) has none
        "ENGLAND": ["Build F edi"],
        "FRANCE": ["Build A par", "Build F mar"],
        "GERMANY": ["Build A ber", "Build A mun"],
        "RUSSIA": ["Build A stp"],
        "TURKEY": ["Build F smy"],
    },
    "F1902M": {
        **HOLDS_1902,
        "ENGLAND": ["F edi H", "F nwg H", "A yor H", "F nwy-swe"],
        "GERMANY": ["A ber H", "A mun H", "A hol H", "A ruh H", "F den S F nwy-swe"],
        "ITALY": ["A apu H", "A ven H", "F ion-tun"],
    },
}

# (title, body up to the deadline line) of each phase's report; every viewer sees the same
# in the standard game, so only 'Report for:' and the deadline's zone differ.
REPORTS: dict[str, tuple[str, str]] = {
    # Vienna and Warsaw both move to Galicia with equal strength: both bounce.
    "S1901M": ("Spring 1901 Movement", """\
Austria:  A Budapest -> Serbia.
Austria:  F Trieste -> Albania.
Austria:  A Vienna -> Galicia. (*bounce*)

England:  F Edinburgh -> Norwegian Sea.
England:  A Liverpool -> Yorkshire.
England:  F London -> North Sea.

France:   F Brest -> Mid-Atlantic Ocean.
France:   A Marseilles -> Spain.
France:   A Paris -> Burgundy.

Germany:  A Berlin -> Kiel.
Germany:  F Kiel -> Denmark.
Germany:  A Munich -> Ruhr.

Italy:    F Naples -> Ionian Sea.
Italy:    A Rome -> Apulia.
Italy:    A Venice HOLD.

Russia:   A Moscow -> Ukraine.
Russia:   F Sevastopol -> Rumania.
Russia:   F St Petersburg (sc) -> Gulf of Bothnia.
Russia:   A Warsaw -> Galicia. (*bounce*)

Turkey:   F Ankara -> Black Sea.
Turkey:   A Constantinople -> Bulgaria.
Turkey:   A Smyrna -> Armenia.

The next phase is Fall 1901 Movement.
"""),
    # Serbia with Bulgaria's support (2) beats Rumania's hold (1). A fleet in Rumania could
    # go to the Black Sea and Bulgaria (both held by Turkey) or Sevastopol (empty since the
    # spring); Serbia, Budapest, Galicia and Ukraine are inland. Italy's units hold (NMR),
    # each marked, and Italy, late at the deadline, is named to everyone (the default).
    # Centres change hands only after the Fall retreats, so they are in the F1901R report.
    "F1901M": ("Fall 1901 Movement", """\
Missed the deadline: Italy.

Austria:  F Albania -> Greece.
Austria:  A Serbia -> Rumania.
Austria:  A Vienna -> Budapest.

England:  F North Sea -> Norway.
England:  F Norwegian Sea HOLD.
England:  A Yorkshire HOLD.

France:   A Burgundy HOLD.
France:   F Mid-Atlantic Ocean -> Portugal.
France:   A Spain HOLD.

Germany:  F Denmark HOLD.
Germany:  A Kiel -> Holland.
Germany:  A Ruhr HOLD.

Italy:    No orders received.
Italy:    A Apulia HOLD (no order).
Italy:    F Ionian Sea HOLD (no order).
Italy:    A Venice HOLD (no order).

Russia:   F Gulf of Bothnia -> Sweden.
Russia:   F Rumania HOLD. (*dislodged*)
Russia:   A Ukraine HOLD.
Russia:   A Warsaw HOLD.

Turkey:   A Armenia HOLD.
Turkey:   F Black Sea HOLD.
Turkey:   A Bulgaria SUPPORT A Serbia -> Rumania.

The following units were dislodged:
  The Russian F Rumania can retreat to Sevastopol.

The next phase is Fall 1901 Retreats.
"""),
    # Serbia was left empty in the Fall, so it stays neutral. Builds: Austria 5 centres for
    # 3 units, England 4/3, France 5/3, Germany 5/3, Italy 3/3, Russia 5/4, Turkey 4/3.
    "F1901R": ("Fall 1901 Retreats", """\
Russia:   F Rumania -> Sevastopol.

Supply centre ownership:
Austria:   5  Budapest, Greece, Rumania, Trieste, Vienna
England:   4  Edinburgh, Liverpool, London, Norway
France:    5  Brest, Marseilles, Paris, Portugal, Spain
Germany:   5  Berlin, Denmark, Holland, Kiel, Munich
Italy:     3  Naples, Rome, Venice
Russia:    5  Moscow, Sevastopol, St Petersburg, Sweden, Warsaw
Turkey:    4  Ankara, Bulgaria, Constantinople, Smyrna

Changes:
  Rumania: Austria (was neutral)
  Greece: Austria (was neutral)
  Norway: England (was neutral)
  Portugal: France (was neutral)
  Spain: France (was neutral)
  Denmark: Germany (was neutral)
  Holland: Germany (was neutral)
  Sweden: Russia (was neutral)
  Bulgaria: Turkey (was neutral)

Adjustments:
Austria:  builds 2 units
England:  builds 1 unit
France:   builds 2 units
Germany:  builds 2 units
Russia:   builds 1 unit
Turkey:   builds 1 unit

The next phase is Winter 1901 Adjustments.
"""),
    "W1901A": ("Winter 1901 Adjustments", """\
Adjustments:
Austria:  builds 2 units
England:  builds 1 unit
France:   builds 2 units
Germany:  builds 2 units
Russia:   builds 1 unit
Turkey:   builds 1 unit

Austria:  BUILD A Vienna.
Austria:  WAIVE.

England:  BUILD F Edinburgh.

France:   BUILD F Marseilles.
France:   BUILD A Paris.

Germany:  BUILD A Berlin.
Germany:  BUILD A Munich.

Russia:   BUILD A St Petersburg.

Turkey:   BUILD F Smyrna.

The next phase is Spring 1902 Movement.
"""),
    "S1902M": ("Spring 1902 Movement", """\
Austria:  A Budapest HOLD.
Austria:  F Greece HOLD.
Austria:  A Rumania HOLD.
Austria:  A Vienna HOLD.

England:  F Edinburgh HOLD.
England:  F Norway HOLD.
England:  F Norwegian Sea HOLD.
England:  A Yorkshire HOLD.

France:   A Burgundy HOLD.
France:   F Marseilles HOLD.
France:   A Paris HOLD.
France:   F Portugal HOLD.
France:   A Spain HOLD.

Germany:  A Berlin HOLD.
Germany:  F Denmark HOLD.
Germany:  A Holland HOLD.
Germany:  A Munich HOLD.
Germany:  A Ruhr HOLD.

Italy:    A Apulia HOLD.
Italy:    F Ionian Sea HOLD.
Italy:    A Venice HOLD.

Russia:   F Sevastopol HOLD.
Russia:   A St Petersburg HOLD.
Russia:   F Sweden HOLD.
Russia:   A Ukraine HOLD.
Russia:   A Warsaw HOLD.

Turkey:   A Armenia HOLD.
Turkey:   F Black Sea HOLD.
Turkey:   A Bulgaria HOLD.
Turkey:   F Smyrna HOLD.

The next phase is Fall 1902 Movement.
"""),
    # Norway with Denmark's support (2) beats Sweden's hold (1). Sweden's fleet may not go
    # back to Norway (where the attack came from) nor to Denmark (German): Baltic Sea, Gulf
    # of Bothnia, Finland, Skagerrak remain.
    "F1902M": ("Fall 1902 Movement", """\
Austria:  A Budapest HOLD.
Austria:  F Greece HOLD.
Austria:  A Rumania HOLD.
Austria:  A Vienna HOLD.

England:  F Edinburgh HOLD.
England:  F Norway -> Sweden.
England:  F Norwegian Sea HOLD.
England:  A Yorkshire HOLD.

France:   A Burgundy HOLD.
France:   F Marseilles HOLD.
France:   A Paris HOLD.
France:   F Portugal HOLD.
France:   A Spain HOLD.

Germany:  A Berlin HOLD.
Germany:  F Denmark SUPPORT F Norway -> Sweden.
Germany:  A Holland HOLD.
Germany:  A Munich HOLD.
Germany:  A Ruhr HOLD.

Italy:    A Apulia HOLD.
Italy:    F Ionian Sea -> Tunis.
Italy:    A Venice HOLD.

Russia:   F Sevastopol HOLD.
Russia:   A St Petersburg HOLD.
Russia:   F Sweden HOLD. (*dislodged*)
Russia:   A Ukraine HOLD.
Russia:   A Warsaw HOLD.

Turkey:   A Armenia HOLD.
Turkey:   F Black Sea HOLD.
Turkey:   A Bulgaria HOLD.
Turkey:   F Smyrna HOLD.

The following units were dislodged:
  The Russian F Sweden can retreat to Baltic Sea, Gulf of Bothnia, Finland, Skagerrak.

The next phase is Fall 1902 Retreats.
"""),
    # Norway stays English though empty. Austria 5 centres for 4 units, England 5/4,
    # Italy 4/3, Russia 4 centres for 5 units.
    "F1902R": ("Fall 1902 Retreats", """\
Russia:   F Sweden -> Gulf of Bothnia.

Supply centre ownership:
Austria:   5  Budapest, Greece, Rumania, Trieste, Vienna
England:   5  Edinburgh, Liverpool, London, Norway, Sweden
France:    5  Brest, Marseilles, Paris, Portugal, Spain
Germany:   5  Berlin, Denmark, Holland, Kiel, Munich
Italy:     4  Naples, Rome, Tunis, Venice
Russia:    4  Moscow, Sevastopol, St Petersburg, Warsaw
Turkey:    4  Ankara, Bulgaria, Constantinople, Smyrna

Changes:
  Sweden: England (was Russia)
  Tunis: Italy (was neutral)

Adjustments:
Austria:  builds 1 unit
England:  builds 1 unit
Italy:    builds 1 unit
Russia:   removes 1 unit

The next phase is Winter 1902 Adjustments.
"""),
    "W1902A": ("Winter 1902 Adjustments", """\
Adjustments:
Austria:  builds 1 unit
England:  builds 1 unit
Italy:    builds 1 unit
Russia:   removes 1 unit

Austria:  WAIVE.

England:  BUILD F London.

Italy:    BUILD F Naples.

Russia:   A Ukraine REMOVE.

The next phase is Spring 1903 Movement.
"""),
}
