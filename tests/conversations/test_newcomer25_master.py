"""Newcomer 25: a master who knows njudge runs a Secret Envoy game by mail, reading only
docs/master.md, and mistypes a command now and then. Two replies he could not act on:

* `SET SCHEDUEL movement 48h` listed every SET word but did not say which of his words
  was wrong, nor the command he meant (HELP JION says "did you mean JOIN");
* `END GAM` (END GAME DRAW half typed) was read as the abbreviation of END GAME and
  abandoned the game for everyone, with no result. It is now refused, with the forms.
"""

from __future__ import annotations

from tests.conversations.harness import Conversation, Mail
from tests.conversations.master_helpers import done, error, no_errors

GM = "gm@example.org"


def send(talk: Conversation, sender: str, *lines: str) -> Mail:
    reply = talk.send(sender, "\n".join(lines))
    assert reply is not None
    return reply


def master(talk: Conversation, *lines: str) -> Mail:
    return send(talk, GM, "SIGNON Mse gmpw", *lines)


def secret_envoy(talk: Conversation) -> None:
    no_errors(send(talk, GM, "REGISTER", "name: Gil Master", "END",
                   "CREATE se gmpw envoy hidden=secret players=3"))
    for who, power in (("ann", "France"), ("bob", "Germany"), ("cat", "England")):
        no_errors(send(talk, f"{who}@example.org", "REGISTER", f"name: {who.title()} Newby",
                       "END", f"JOIN se pw{who} {power}"))


def test_a_mistyped_set_word_is_quoted_with_the_command_meant(talk: Conversation) -> None:
    secret_envoy(talk)
    reply = master(talk, "SET SCHEDUEL movement 48h", "SET DEADLNE +2d", "SET FOO")
    assert error(reply, "SET SCHEDUEL movement 48h").endswith(
        ", ZONE: 'SCHEDUEL' is none of them; did you mean SET SCHEDULE?"), reply.body
    assert error(reply, "SET DEADLNE +2d").endswith(
        ": 'DEADLNE' is none of them; did you mean SET DEADLINE?"), reply.body
    assert error(reply, "SET FOO").endswith(": 'FOO' is none of them"), reply.body
    fixed = no_errors(master(talk, "SET SCHEDULE movement 48h"))
    assert done(fixed, "SET SCHEDULE movement 48h").startswith("Movement 2 days"), fixed.body


def test_a_half_typed_end_game_does_not_abandon_the_game(talk: Conversation) -> None:
    secret_envoy(talk)
    talk.mails_to("ann@example.org")
    reply = master(talk, "END GAM")
    assert error(reply, "END GAM") == (
        "END GAM is read as END GAME, which alone ends se with no result; nothing was "
        "changed. Write END GAME in full to abandon it, or END GAME DRAW Austria England "
        "or END GAME WIN <power>"), reply.body
    assert talk.mails_to("ann@example.org") == []  # nobody was told the game is over
    shown = no_errors(master(talk, "SETTINGS"))
    assert "Game se: active." in shown.body, shown.body
    drawn = no_errors(master(talk, "END GAM DRAW France Germany"))  # the words say it all
    assert done(drawn, "END GAM DRAW France Germany").startswith(
        "Game se is over: a draw between France and Germany"), drawn.body
