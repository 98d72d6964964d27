"""Tests of the variants under variants/."""
