"""Running ``urlinspector fetch --json`` in process and reading its object back, for
the tests of every scheme (file URLs in tests/unit/cli, the network schemes against
real servers in tests/integration)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from urlinspector.cli import main

KEYS = [
    "url",
    "scheme",
    "host",
    "port",
    "kind",
    "item_type",
    "content_type",
    "bytes",
    "entries",
    "saved",
    "elapsed",
    "error",
]
"""Every key of the object, in the order docs/json.md documents."""


def fetched(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any]]:
    """The exit status of ``fetch --json ARGV...`` and the object it wrote, checked to
    hold every key in order and a time taken."""
    status = main(["fetch", "--json", *argv])
    out, _err = capsys.readouterr()
    summary: dict[str, Any] = json.loads(out)
    assert list(summary) == KEYS
    assert isinstance(summary["elapsed"], float)
    assert summary["elapsed"] >= 0
    return status, summary
