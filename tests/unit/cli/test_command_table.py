"""The command table: each command's module is imported when it runs, and the table
names every command exactly once."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys

from urlinspector.cli import COMMAND_MODULES, COMMANDS, load_commands

PROBE = """
import json, sys
from urlinspector.app import main
status = main(sys.argv[1:])
print(json.dumps([status, sorted(sys.modules)]), file=sys.stderr)
"""


def _modules_after(*argv: str) -> tuple[int, set[str]]:
    """The exit status of ``urlinspector ARGV`` and the modules it had imported."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *argv], capture_output=True, text=True, timeout=60
    )
    status, modules = json.loads(done.stderr.strip().splitlines()[-1])
    return status, set(modules)


def test_fetch_does_not_import_the_inspection_machinery() -> None:
    status, modules = _modules_after("fetch", "file:///nonexistent/urlinspector-probe")
    assert status == 1  # the file is not there: fetched and failed, not misused
    assert "urlinspector.cli.fetch" in modules
    for heavy in (
        "urlinspector.cli.inspect",
        "urlinspector.cli.links",
        "urlinspector.cli.resolve",
        "urlinspector.cli.spec",
        "urlinspector.cli.batch",
        "urlinspector.present",
        "urlinspector.core.destinations",
        "urlinspector.core.base",
        "urlinspector.core.resolution",
        "urlinspector.core.normalization",
        "urlinspector.core.comparison",
        "urlinspector.core.extraction",
        "urlinspector.core.guess",
        "urlinspector.core.escapes",
        "urlinspector.palette",
        "html.parser",
        "concurrent.futures",
        "icu",
        "ada_url",
    ):
        assert heavy not in modules, heavy


def test_help_still_lists_every_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "urlinspector", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0
    for name in (*COMMAND_MODULES, "gui", "open", "demo"):
        assert f"    {name} " in done.stdout, name


def test_the_table_names_each_modules_commands() -> None:
    assert [c.name for c in COMMANDS] == list(COMMAND_MODULES)
    for name, module in COMMAND_MODULES.items():
        rows = importlib.import_module(f"urlinspector.cli.{module}").COMMANDS
        assert name in [row.name for row in rows]
    assert [c.name for c in load_commands(["fetch", "parse"])] == ["fetch", "parse"]
