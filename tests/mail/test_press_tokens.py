"""Press-reply tokens (issue #11, item 15): a press mail's reply address names the press
and the seat that received it, signed with that seat's secret."""

from __future__ import annotations

from judge.mail.reply_tokens import (
    parse_press_token,
    parse_token,
    press_id_of,
    press_token_address,
    press_token_matches,
)
from judge.store.models import Seat

JUDGE = "judge@dip.example"


def _seat(seat_id: int, secret: str) -> Seat:
    return Seat(id=seat_id, secret=secret)


def test_a_press_token_names_the_press_and_the_seat() -> None:
    seat = _seat(12, "first-secret")
    address = press_token_address(JUDGE, 345, seat)
    assert address.startswith("judge+p") and address.endswith("@dip.example")
    number, seat_id, mac = parse_press_token(address.upper(), JUDGE) or (0, 0, "")
    assert (press_id_of(seat, number), seat_id, len(mac)) == (345, 12, 16)
    assert press_token_matches(seat, 345, mac)
    assert parse_token(address, JUDGE) is None  # never read as a seat's own token


def test_it_holds_for_that_press_and_seat_only_and_dies_with_the_secret() -> None:
    seat = _seat(12, "first-secret")
    mac = (parse_press_token(press_token_address(JUDGE, 345, seat), JUDGE) or (0, 0, ""))[2]
    assert not press_token_matches(seat, 346, mac)
    assert not press_token_matches(_seat(13, "first-secret"), 345, mac)
    assert not press_token_matches(_seat(12, "second-secret"), 345, mac)


def test_what_is_not_a_press_token() -> None:
    assert parse_press_token(JUDGE, JUDGE) is None
    assert parse_press_token("judge+s12-aaaaaaaaaaaaaaaa@dip.example", JUDGE) is None
    assert parse_press_token("other+p1-2-aaaaaaaaaaaaaaaa@dip.example", JUDGE) is None
    assert parse_press_token("judge+p1-2-aaaaaaaaaaaaaaaa@other.example", JUDGE) is None
    assert parse_press_token(f"judge+p{'9' * 19}-2-aaaaaaaaaaaaaaaa@dip.example",
                             JUDGE) is None
    assert parse_press_token("judge+p1-2-aaaaaaaaaaaaaaa1@dip.example", JUDGE) is None


def test_the_press_number_is_the_id_permuted_under_the_seat_s_secret() -> None:
    """Press ids count every press of the judge: a reader comparing the ids in two tokens
    would learn how much press others wrote in between. Each seat reads them permuted."""
    seat, other = _seat(12, "first-secret"), _seat(12, "second-secret")
    numbers = [(parse_press_token(press_token_address(JUDGE, n, seat), JUDGE) or (0, 0, ""))[0]
               for n in (1, 2, 3)]
    assert [press_id_of(seat, n) for n in numbers] == [1, 2, 3]
    assert [press_id_of(other, n) for n in numbers] != [1, 2, 3]
    assert all(n > 1000 for n in numbers)
