"""Reading standard input and ``extract FILE`` with a cap: an endless input stops with
a message, in bounded memory."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.unit.cli.test_cli_links import run as run_links
from urlinspector.cli import common, links
from urlinspector.cli.common import MAX_INPUT
from urlinspector.cli.links import MAX_TEXT

ROOT = Path(__file__).parents[3]
ENV = {**os.environ, "PYTHONPATH": str(ROOT / "src")}


def address_space(limit: int) -> Callable[[], None]:
    """A child's ``preexec_fn``: at most *limit* bytes of memory, so that reading
    without a cap ends in a MemoryError instead of filling the machine."""

    def limit_it() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    return limit_it


# --- reading with a cap --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["extract", "/dev/zero"], f"holds more than {MAX_TEXT:,} bytes"),
        (["extract", "-"], f"holds more than {MAX_TEXT:,} bytes"),
        (["parse", "-"], f"more than {MAX_INPUT:,} bytes"),
        (["decode", "-", "--component", "path"], f"more than {MAX_INPUT:,} bytes"),
    ],
)
def test_an_endless_input_stops_with_a_message(argv: list[str], message: str) -> None:
    # Before, the whole input was read: /dev/zero filled memory (here: a MemoryError
    # under the limit, exit 70).
    with open("/dev/zero", "rb") as zero:
        done = subprocess.run(
            [sys.executable, "-m", "urlinspector", *argv],
            stdin=zero,
            capture_output=True,
            env=ENV,
            timeout=120,
            preexec_fn=address_space(MAX_TEXT * 8 + (1 << 30)),
            check=False,
        )
    assert done.returncode == 2, done.stderr
    assert done.stdout == b""
    err = done.stderr.decode()
    assert message in err
    assert err.count("\n") == 1


@pytest.mark.parametrize(
    ("size", "line_end", "accepted"),
    [
        (64, b"", True),
        (64, b"\n", True),
        (64, b"\r\n", True),
        (65, b"", False),
        (65, b"\n", False),
        (200, b"\n", False),
    ],
)
def test_standard_input_is_read_up_to_the_cap(
    monkeypatch: pytest.MonkeyPatch, size: int, line_end: bytes, accepted: bool
) -> None:
    monkeypatch.setattr(common, "MAX_INPUT", 64)
    url = b"http://h/" + b"p" * (size - 9)
    code, out, err = run_links(["parse", "-", "--json"], stdin=url + line_end)
    if accepted:
        assert json.loads(out)["input"] == url.decode()
    else:
        assert (code, out) == (2, "")
        assert "standard input holds more than 64 bytes" in err


@pytest.mark.parametrize(("size", "accepted"), [(100, True), (101, False)])
@pytest.mark.parametrize("from_stdin", [False, True])
def test_extract_reads_a_text_up_to_the_cap(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, size: int, accepted: bool, from_stdin: bool
) -> None:
    monkeypatch.setattr(links, "MAX_TEXT", 100)
    text = b"see http://a.example/ " + b"x" * (size - 22)
    path = tmp_path / "text.txt"
    path.write_bytes(text)
    argv = ["extract", "-" if from_stdin else str(path)]
    code, out, err = run_links(argv, stdin=text if from_stdin else None)
    if accepted:
        assert (code, out) == (0, "http://a.example/\n")
    else:
        assert (code, out) == (2, "")
        assert "holds more than 100 bytes" in err
        assert "extract --jsonl" in err
