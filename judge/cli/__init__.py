"""The `judge` command line (`judge = "judge.cli:main"`): `entry` builds the parser, each
`*_admin` module runs one family of the operators' commands, `daemon` runs `judge serve`."""

from judge.cli.entry import main

__all__ = ["main"]
