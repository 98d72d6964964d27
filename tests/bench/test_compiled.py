"""bench/compiled.py without mypyc itself (minutes of C): the copy it compiles, and how it
says whether every module asked for was compiled."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import compiled


def _fake_mypyc(made: list[str]) -> Any:
    """Stands for mypyc: writes an extension beside each module of `made`, in the copy."""
    def run(cmd: list[str], cwd: Path, **_: Any) -> subprocess.CompletedProcess[str]:
        assert cmd[1:3] == ["--config-file", "mypyc.ini"] and (cwd / "mypyc.ini").is_file()
        for module in made:
            path = cwd / module
            path.with_name(path.stem + ".cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
        return subprocess.CompletedProcess(cmd, 0, "", "")
    return run


def test_every_module_compiled_in_a_copy_of_the_tree(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    wanted = ["judge/engine/resolver.py", "judge/protocol.py"]
    monkeypatch.setattr(subprocess, "run", _fake_mypyc(wanted))
    assert compiled.main(["--dest", str(tmp_path), *wanted]) == 0
    # The copy holds the judge and its variants (variants_root() is beside judge/), and
    # nothing was written into the tree itself.
    assert (tmp_path / "judge" / "engine" / "resolver.py").is_file()
    assert (tmp_path / "variants" / "standard" / "variant.toml").is_file()
    assert not list((compiled.TREE / "judge").rglob("*.so"))


def test_a_module_left_interpreted_fails_the_build(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    wanted = ["judge/engine/resolver.py", "judge/protocol.py"]
    monkeypatch.setattr(subprocess, "run", _fake_mypyc(wanted[:1]))
    assert compiled.main(["--dest", str(tmp_path), *wanted]) == 1
    assert "1 of 2 modules compiled" in capsys.readouterr().out


def test_mypyc_refusing_a_module_says_why(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    refusal = "judge/engine/position.py:23: error: Inheriting from most builtin types"

    def run(cmd: list[str], cwd: Path, **_: Any) -> subprocess.CompletedProcess[str]:
        return subprocess.CompletedProcess(cmd, 1, f"checking\n{refusal}\n", "")
    monkeypatch.setattr(subprocess, "run", run)
    with pytest.raises(SystemExit) as stop:
        compiled.main(["--dest", str(tmp_path), "judge/engine/position.py"])
    assert stop.value.code == refusal
