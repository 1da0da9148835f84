"""The transcript masks passwords when a line is recorded, whatever the caller sends."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlinspector.schemes.ftp.transcript import (
    MASK,
    Transcript,
    TranscriptLine,
    mask_command,
    render,
)


@pytest.mark.parametrize(
    ("line", "shown"),
    [
        ("PASS s3cret", "PASS ****"),
        ("PASS ", "PASS ****"),
        ("PASS", "PASS ****"),
        ("pass lower case", "pass ****"),
        ("ACCT billing", "ACCT ****"),
        ("PASS two words", "PASS ****"),
        ("USER alice", "USER alice"),
        ("CWD PASS", "CWD PASS"),
        ("PASSIVE x", "PASSIVE x"),
    ],
)
def test_mask_command(line: str, shown: str) -> None:
    assert mask_command(line) == shown


@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=30))
def test_no_password_survives(secret: str) -> None:
    seen: list[TranscriptLine] = []
    t = Transcript(seen.append)
    t.command("PASS " + secret)
    assert t.lines == (TranscriptLine("command", f"PASS {MASK}"),)
    assert seen == list(t.lines)


def test_lines_in_order_and_rendered() -> None:
    t = Transcript()
    t.connect("connecting to h:21")
    t.reply("220 ready")
    t.command("USER anonymous")
    t.note("why")
    assert t.commands() == ("USER anonymous",)
    assert t.replies() == ("220 ready",)
    assert len(t) == 4
    assert render(t.lines) == ["* connecting to h:21", "< 220 ready", "> USER anonymous", "# why"]
