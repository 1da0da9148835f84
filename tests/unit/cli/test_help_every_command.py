"""``--help`` of the program and of every subcommand prints its help and exits 0 (a
``%`` in a help text, which argparse formats, once made ``scan --help`` an internal
error)."""

from __future__ import annotations

import pytest

from urlinspector.cli import COMMANDS, main


def _status(argv: list[str]) -> int | str | None:
    """The exit status of ``urlinspector ARGV``, returned or raised as SystemExit."""
    try:
        return main(argv)
    except SystemExit as exited:
        return exited.code


def test_the_programs_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert _status(["--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: ")
    for command in COMMANDS:
        assert command.name in out


@pytest.mark.parametrize("name", [command.name for command in COMMANDS])
def test_each_commands_help(capsys: pytest.CaptureFixture[str], name: str) -> None:
    assert _status([name, "--help"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith(f"usage: urlinspector {name}")
    assert captured.err == ""
    for command in COMMANDS:
        if command.name == name:
            for argument in command.arguments:
                option = next((f for f in argument.flags if f.startswith("--")), None)
                if option is not None:
                    assert option in captured.out
