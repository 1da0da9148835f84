"""The project's own checks, run as part of the suite so that CI enforces them:
ruff, mypy (strict on core, schemes, net) and the import-linter layer contracts."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent

pytestmark = pytest.mark.tooling


def run(tool: str, *args: str) -> subprocess.CompletedProcess[str]:
    exe = BIN / tool
    command = [str(exe)] if exe.exists() else [sys.executable, "-m", tool.replace("-", "_")]
    if not exe.exists() and shutil.which(tool):
        command = [str(shutil.which(tool))]
    return subprocess.run(
        [*command, *args], cwd=ROOT, capture_output=True, text=True, timeout=300, check=False
    )


def test_ruff_check() -> None:
    result = run("ruff", "check", "src", "tests")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format() -> None:
    result = run("ruff", "format", "--check", "src", "tests")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy() -> None:
    result = run("mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def test_import_layers() -> None:
    result = run("lint-imports")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "broken" not in result.stdout.lower().replace("0 broken", "")
