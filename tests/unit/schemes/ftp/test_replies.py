"""Reply codes, FEAT (on pyftpdlib's recorded reply) and refusal messages."""

from __future__ import annotations

from pathlib import Path

import pytest

from urlinspector.schemes.ftp.replies import (
    parse_features,
    refusal_message,
    reply_code,
    reply_text,
)

DATA = Path(__file__).parents[3] / "data" / "ftp"


def test_recorded_feat() -> None:
    reply = (DATA / "pyftpdlib_feat.txt").read_text("latin-1").replace("\r\n", "\n").rstrip("\n")
    features = parse_features(reply)
    assert {"MLST", "SIZE", "EPSV", "UTF8", "REST"} <= features.names
    assert "mlst" in features
    assert "MLSD" not in features
    assert features.mlst_facts[:4] == ("type", "perm", "size", "modify")


@pytest.mark.parametrize("reply", ["500 Unknown command.", "502 FEAT not implemented", ""])
def test_no_feat(reply: str) -> None:
    assert parse_features(reply).names == frozenset()


def test_reply_code_and_text() -> None:
    assert reply_code("550 No such file.") == 550
    assert reply_code("5x0 nonsense") is None
    assert reply_code("") is None
    assert reply_text("211-Features:\n MLST\n211 End") == "211-Features: MLST 211 End"


@pytest.mark.parametrize(
    ("command", "reply", "hint"),
    [
        ("PASS ****", "530 Login incorrect.", "check the user name and password"),
        ("RETR x", "550 No such file.", "no such file"),
        ("CWD pub", "550 Failed.", "no such directory"),
        ("RETR x", "421 Too many users.", "temporary"),
    ],
)
def test_refusal_message_names_command_and_reply(command: str, reply: str, hint: str) -> None:
    message = refusal_message(command, reply, "h:21")
    assert f'"{command}"' in message
    assert reply in message
    assert "h:21" in message
    assert hint in message
