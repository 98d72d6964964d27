"""Reply tokens: the judge's own addresses, a seat's signed sub-address, and the one-time
confirmation and undo codes."""

from __future__ import annotations

from judge.game.codes import Code, digest, matches, new_secret, parse_code
from judge.mail.reply_tokens import (
    is_own_address,
    parse_request_token,
    parse_token,
    seat_token,
    sub_address,
    token_address,
)
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


def test_a_confirmation_or_undo_code_in_a_sub_address() -> None:
    code = parse_request_token("Judge+C12-ABCDEFGHIJKLMNOP@DIP.example", JUDGE)
    assert code == Code("c", 12, "abcdefghijklmnop")
    assert str(code) == "c12-abcdefghijklmnop"
    assert parse_request_token(sub_address(JUDGE, "u3-abcdefghijklmnop"), JUDGE) == \
        Code("u", 3, "abcdefghijklmnop")
    assert parse_request_token("judge+x1-abcdefghijklmnop@dip.example", JUDGE) is None
    assert parse_request_token("judge+c1-abcdefghijklmno@dip.example", JUDGE) is None
    assert parse_request_token("judge+c1-abcdefghijklmnop@other.example", JUDGE) is None
    assert parse_request_token(JUDGE, JUDGE) is None
    # Neither kind of token is taken for the other.
    assert parse_token("judge+c1-abcdefghijklmnop@dip.example", JUDGE) is None
    assert parse_request_token(token_address(JUDGE, _seat(12, "s")), JUDGE) is None


def test_codes_are_random_and_only_their_digest_is_kept() -> None:
    secrets = {new_secret() for _ in range(50)}
    assert len(secrets) == 50
    assert all(len(s) == 16 and set(s) <= set("abcdefghijklmnopqrstuvwxyz234567")
               for s in secrets)
    secret = secrets.pop()
    kept = digest(secret)
    assert secret not in kept and len(kept) == 64
    assert matches(Code("c", 1, secret), kept)
    assert not matches(Code("c", 1, secrets.pop()), kept)
    assert parse_code(f"  C7-{secret.upper()} ") == Code("c", 7, secret)
