"""Newcomer 24: an Engineered game run by mail as a newcomer master and seven players read
docs/master.md, docs/commands.md and docs/variants/engineered.md: REGISTER, CREATE with
its options, seven JOINs, the engineers placed in the first Spring, a Fall that takes
centres, a Winter with builds and a conversion (rn45 C2 2a), a draw vote that fails, END
GAME, and what is answered after the end; and the prize game's settings (rn45 F4)."""

from __future__ import annotations

from tests.conversations.harness import Conversation, Mail
from tests.conversations.master_helpers import done, error, no_errors
from tests.conversations.seat_confirm import seat_code

GM = "gm@example.org"
POWERS = {"Austria": "A", "England": "E", "France": "F", "Germany": "G", "Italy": "I",
          "Russia": "R", "Turkey": "T"}
OVER = ("game eng is over (draw between France and Germany, ended in S1902M); SUMMARY eng "
        "tells how it went, HISTORY eng its last turns")
NO_DRAWS = "eng allows no draws"


def send(talk: Conversation, sender: str, *lines: str) -> Mail:
    reply = talk.send(sender, "\n".join(lines))
    assert reply is not None
    return reply


def master(talk: Conversation, *lines: str) -> Mail:
    return send(talk, GM, "SIGNON Meng gmpw", *lines)


def player(talk: Conversation, power: str, *lines: str) -> Mail:
    return send(talk, f"{power.lower()}@example.org",
                f"SIGNON {POWERS[power]}eng pw{power}", *lines)


def create(talk: Conversation, *options: str) -> Mail:
    created = no_errors(send(talk, GM, "REGISTER", "name: Gus Master", "END",
                             " ".join(("CREATE eng gmpw engineered", *options)), "SETTINGS"))
    for power in POWERS:
        address = f"{power.lower()}@example.org"
        joined = no_errors(send(talk, address, "REGISTER", f"name: {power} Player", "END",
                                f"JOIN eng pw{power} {power}"))
        if "Waiting for confirmation" in joined.body:  # survival hides who plays (adv8)
            no_errors(send(talk, address,
                           f"CONFIRM {seat_code(talk, address)} pw{power} {power}"))
    return created


def test_a_newcomer_runs_an_engineered_year_to_a_draw_and_after(talk: Conversation) -> None:
    created = create(talk, "level=complex", "engineer_ratio=c3d")
    assert "Options (fixed at CREATE): level=complex, engineer_ratio=c3d." in created.body
    no_errors(player(talk, "France", "E Par", "A Par - Bur", "A Mar - Spa", "F Bre - Mao"))
    no_errors(player(talk, "Germany", "PLACE E Mun", "A Mun - Ruh", "A Ber - Kie",
                     "F Kie - Den"))
    no_errors(master(talk, "PROCESS S1901M"))
    no_errors(player(talk, "France", "E Bur - Bel", "A Bur - Bel", "A Spa - Por", "N Mao H"))
    no_errors(player(talk, "Germany", "A Ruh - Hol", "A Kie H", "N Den H"))
    fall = no_errors(master(talk, "PROCESS F1901M"))
    assert "Now open: Winter 1901 Adjustments" in fall.body, fall.body
    winter = no_errors(player(talk, "France", "build A Par", "convert A Bel to N", "WAIVE"))
    assert "Your orders are complete." in winter.body, winter.body
    no_errors(player(talk, "Germany", "build A Ber", "WAIVE"))
    no_errors(master(talk, "PROCESS W1901A"))
    [report] = [m for m in talk.mails_to("france@example.org")
                if m.subject == "eng: Winter 1901 Adjustments results"]
    assert "France:   A Belgium CONVERTS TO NAVY.\nFrance:   BUILD A Paris.\n" \
        in report.body, report.body
    assert "Germany:  BUILD A Berlin." in report.body, report.body
    for power in POWERS:  # Turkey wants more
        if power != "Turkey":
            no_errors(player(talk, power, "SET DRAW"))
    ended = no_errors(master(talk, "END GAME DRAW France Germany"))
    assert done(ended, "END GAME DRAW France Germany").startswith(
        "Game eng is over: a draw between France and Germany"), ended.body
    assert error(player(talk, "Turkey", "SET DRAW"), "SET DRAW") == OVER
    assert error(player(talk, "France", "A Par - Pic"), "A Par - Pic") == OVER
    told = no_errors(send(talk, "stranger@example.org", "SUMMARY eng"))
    assert "Result: draw between France and Germany, ended in S1902M" in told.body, told.body


def test_a_prize_game_s_settings_say_it_has_no_draws(talk: Conversation) -> None:
    # docs/variants/engineered.md, F4: a prize game has no draws, and SET DRAW is refused
    # ("eng allows no draws"); yet the master's SETTINGS said "Draws: DIAS." and SET
    # NODIAS answered "a draw includes only the powers its votes name".
    created = create(talk, "level=advanced", "survival=yes", "prize=yes")
    assert ("    Draws: none: the rules play on until one power wins (a prize game); SET "
            "CONCEDE still ends it.\n") in created.body, created.body
    assert "DIAS" not in created.body, created.body
    assert error(master(talk, "SET NODIAS"), "SET NODIAS").startswith(NO_DRAWS)
    assert error(master(talk, "SET DIAS"), "SET DIAS").startswith(NO_DRAWS)
    assert error(player(talk, "Turkey", "SET DRAW"), "SET DRAW").startswith(NO_DRAWS)


def test_help_orders_on_the_1885_map_says_where_the_simple_game_builds_a_fighter(
        talk: Conversation) -> None:
    # docs/variants/engineered.md, simple_fighter_builds: the simple game (the default
    # level) builds a fighter only where the country's engineer stands. HELP ORDERS on the
    # standard map says so beside `build F Mos`; on map=1885 it gave `build F Mos` alone,
    # as if any home centre built one.
    no_errors(send(talk, GM, "REGISTER", "name: Gus Master", "END",
                   "CREATE eng gmpw engineered map=1885"))
    shown = no_errors(send(talk, "x@example.org", "REGISTER", "name: X", "END",
                           "JOIN eng pwx", "HELP ORDERS"))
    assert "on the 1885-III map" in shown.body, shown.body
    assert ("      build a fighter     build F Mos          (complex level; simple: where "
            "your engineer is)\n") in shown.body, shown.body
