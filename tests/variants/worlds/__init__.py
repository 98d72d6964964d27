"""Variants defined only for the tests (JUDGE_VARIANTS points here); judge/ names none."""

from pathlib import Path

WORLDS = Path(__file__).resolve().parent
