"""The template environment: strict about missing variables, plain text."""

from __future__ import annotations

from pathlib import Path

import pytest
from jinja2 import UndefinedError

from judge.reports import make_environment, templates_root


def test_templates_are_found_beside_the_package() -> None:
    names = {p.name for p in (templates_root() / "reports").glob("*.j2")}
    assert {"movement.j2", "retreat.j2", "adjustment.j2"} <= names


@pytest.mark.parametrize("name", ["movement.j2", "retreat.j2", "adjustment.j2"])
def test_a_missing_variable_is_an_error(name: str) -> None:
    template = make_environment().get_template(f"reports/{name}")
    with pytest.raises(UndefinedError):
        template.render()


def test_a_misspelt_field_is_an_error_not_a_blank(tmp_path: Path) -> None:
    (tmp_path / "t.j2").write_text("Deadline: {{ view.dedline }}\n")
    with pytest.raises(UndefinedError):
        make_environment(tmp_path).get_template("t.j2").render(view={"deadline": "x"})


def test_text_is_not_html_escaped(tmp_path: Path) -> None:
    (tmp_path / "t.j2").write_text("{{ text }}\n")
    out = make_environment(tmp_path).get_template("t.j2").render(text="A Par -> <Bur> & co")
    assert out == "A Par -> <Bur> & co\n"
