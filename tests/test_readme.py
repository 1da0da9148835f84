"""The README's quick start is two command lines, and CI runs the second verbatim."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def quick_start_lines() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```(?:sh|bash|console)?\n(.*?)```", section, re.S)
    return [line for block in blocks for line in block.splitlines() if line.strip()]


def test_quick_start_is_two_command_lines() -> None:
    lines = quick_start_lines()
    assert len(lines) == 2, lines
    run_line, test_line = lines
    assert "urlinspector" in run_line
    assert "pytest" in test_line


def test_ci_runs_the_readme_test_line_verbatim() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    commands = [
        line
        for line in ci.splitlines()
        if line.strip() and not line.startswith(("#", "set ", "cd ", "export "))
    ]
    assert commands == [quick_start_lines()[1]]
