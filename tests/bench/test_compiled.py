"""bench/compiled.py without the compilation itself (minutes of C): the copy it builds in,
setup.py's build run there with JUDGE_COMPILE=1, and how it says whether every hot module
was compiled."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import compiled


def _fake_build(made: list[str]) -> Any:
    """Stands for setup.py's compiled build: writes an extension beside each of `made`."""
    def run(cmd: list[str], cwd: Path, env: dict[str, str],
            **_: Any) -> subprocess.CompletedProcess[str]:
        assert cmd[1:4] == ["setup.py", "build_ext", "--inplace"] and env["JUDGE_COMPILE"] == "1"
        assert (cwd / "setup.py").is_file() and not (cwd / "pyproject.toml").exists()
        for module in made:
            path = cwd / module
            path.with_name(path.stem + ".cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
        return subprocess.CompletedProcess(cmd, 0, "", "")
    return run


def test_the_hot_modules_are_setup_pys_and_exist() -> None:
    hot = compiled.hot_modules()
    assert "judge/engine/resolver.py" in hot and "judge/protocol.py" in hot
    assert len(set(hot)) == len(hot)
    assert all((compiled.TREE / m).is_file() for m in hot)


def test_every_module_compiled_in_a_copy_of_the_tree(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(subprocess, "run", _fake_build(compiled.hot_modules()))
    assert compiled.main(["--dest", str(tmp_path)]) == 0
    # The copy holds the judge and its variants (variants_root() is beside judge/), and
    # nothing was written into the tree itself.
    assert (tmp_path / "judge" / "engine" / "resolver.py").is_file()
    assert (tmp_path / "variants" / "standard" / "variant.toml").is_file()
    assert not list((compiled.TREE / "judge").rglob("*.so"))


def test_a_module_left_interpreted_fails_the_build(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    hot = compiled.hot_modules()
    monkeypatch.setattr(subprocess, "run", _fake_build(hot[1:]))
    assert compiled.main(["--dest", str(tmp_path)]) == 1
    assert f"{len(hot) - 1} of {len(hot)} modules compiled" in capsys.readouterr().out


def test_mypyc_refusing_a_module_says_why(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    refusal = "judge/engine/position.py:23: error: Inheriting from most builtin types"

    def run(cmd: list[str], cwd: Path, **_: Any) -> subprocess.CompletedProcess[str]:
        return subprocess.CompletedProcess(cmd, 1, f"checking\n{refusal}\n", "")
    monkeypatch.setattr(subprocess, "run", run)
    with pytest.raises(SystemExit) as stop:
        compiled.main(["--dest", str(tmp_path)])
    assert stop.value.code == refusal
