"""Seat passwords: salted scrypt at the production cost, never stored in clear."""

from __future__ import annotations

import pytest

from judge.game import passwords
from judge.game.passwords import hash_password, verify_password


@pytest.fixture(autouse=True)
def real_cost(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(passwords, "_N", 2**14)


def test_a_password_matches_its_hash_and_nothing_else() -> None:
    stored = hash_password("s3cret")
    assert stored.startswith("scrypt$16384$8$1$")
    assert "s3cret" not in stored
    assert verify_password("s3cret", stored)
    assert not verify_password("S3cret", stored)
    assert not verify_password("", stored)


def test_the_same_password_hashes_differently_each_time() -> None:
    assert hash_password("same") != hash_password("same")  # a fresh salt each time


@pytest.mark.parametrize("stored", [None, "", "plain", "md5$x$y$z$a$b", "scrypt$1$2$3"])
def test_a_missing_or_malformed_hash_never_matches(stored: str | None) -> None:
    assert not verify_password("plain", stored)


def test_a_right_password_is_checked_once_a_wrong_one_every_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    stored = passwords.hash_password("s3cret")
    calls: list[str] = []
    real = passwords._scrypt

    def counting(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
        calls.append(password)
        return real(password, salt, n, r, p)

    monkeypatch.setattr(passwords, "_scrypt", counting)
    assert passwords.verify_password("s3cret", stored)
    assert passwords.verify_password("s3cret", stored)
    assert calls == ["s3cret"]  # the second check was remembered
    assert not passwords.verify_password("guess", stored)
    assert not passwords.verify_password("guess", stored)
    assert calls == ["s3cret", "guess", "guess"]  # failures are never remembered
    # A new password has a new hash (a new salt): the old success does not carry over.
    assert not passwords.verify_password("s3cret", passwords.hash_password("other"))
