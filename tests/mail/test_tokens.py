"""Reply tokens: the judge's own addresses, and a seat's signed sub-address."""

from __future__ import annotations

from judge.mail.tokens import is_own_address, parse_token, seat_token, token_address
from judge.store.models import Seat

JUDGE = "judge@dip.example"


def _seat(seat_id: int, secret: str) -> Seat:
    return Seat(id=seat_id, secret=secret)


def test_own_addresses_case_and_sub_addresses() -> None:
    assert is_own_address("Judge@DIP.example", JUDGE)
    assert is_own_address("judge+s1-anything@dip.example", JUDGE)
    assert not is_own_address("judgement@dip.example", JUDGE)
    assert not is_own_address("judge@dip.example.org", JUDGE)


def test_a_token_names_its_seat_and_changes_with_the_secret() -> None:
    seat = _seat(12, "first-secret")
    address = token_address(JUDGE, seat)
    assert address.startswith("judge+s12-") and address.endswith("@dip.example")
    seat_id, mac = parse_token(address.upper(), JUDGE) or (0, "")
    assert seat_id == 12 and len(mac) == 16
    assert seat_token(_seat(12, "second-secret")) != seat_token(seat)
    assert seat_token(_seat(13, "first-secret")) != seat_token(seat)


def test_what_is_not_a_token() -> None:
    assert parse_token(JUDGE, JUDGE) is None
    assert parse_token("judge+hello@dip.example", JUDGE) is None
    assert parse_token("other+s1-aaaaaaaaaaaaaaaa@dip.example", JUDGE) is None
