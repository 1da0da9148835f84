"""Resuming a cut download: REST then RETR appended to the partial file (RFC 3659 §5),
against a real pyftpdlib server; refusals when the server has no REST, when the file
is sent as text, and when the partial file is longer than the server's."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

from tests.integration.ftp.servers import BIG_SIZE, FILES, PyftpdlibServer, big_bytes
from urlinspector.core import parse
from urlinspector.net.ftp.resuming import ResumeRefused, fetch_from
from urlinspector.net.session import Session
from urlinspector.net.sink import File
from urlinspector.schemes.ftp.transcript import Transcript

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def no_rest_server(handlers: dict[str, type[Any]]) -> Iterator[PyftpdlibServer]:
    """A server that does not know REST (500 to it), as some old servers are."""
    modern = handlers["modern"]

    class NoRest(modern):  # type: ignore[misc, valid-type]
        proto_cmds: ClassVar[dict[str, Any]] = {
            k: v for k, v in modern.proto_cmds.items() if k != "REST"
        }

    server = PyftpdlibServer(NoRest, "127.0.0.1")
    yield server
    server.stop()


@pytest.mark.parametrize(
    ("name", "content", "offset"),
    [
        ("big.bin", big_bytes(), 1),
        ("big.bin", big_bytes(), BIG_SIZE // 2 + 7),
        ("big.bin", big_bytes(), BIG_SIZE - 1),
        ("binary.dat", FILES["binary.dat"], 300),
        ("readme.txt;type=i", FILES["readme.txt"], 8),
    ],
)
def test_the_rest_is_appended_to_a_byte_identical_file(
    ftp_server: PyftpdlibServer, tmp_path: Path, name: str, content: bytes, offset: int
) -> None:
    partial = tmp_path / "file.part"
    partial.write_bytes(content[:offset])
    heard: list[tuple[int, int | None]] = []
    transcript = Transcript()
    with open(partial, "ab") as sink:
        result = fetch_from(
            parse(ftp_server.url(name)),
            File(sink),
            offset,
            session=Session(
                progress=lambda done, total: heard.append((done, total)), transcript=transcript.add
            ),
        )
    assert partial.read_bytes() == content
    assert result.received == len(content)
    assert f"REST {offset}" in transcript.commands()
    assert any(line.text.startswith("350") for line in transcript.lines)
    assert heard[0] == (offset, len(content))  # progress counts the whole file
    assert heard[-1] == (len(content), len(content))


def test_a_server_without_rest_refuses_and_leaves_the_partial_file(
    no_rest_server: PyftpdlibServer, tmp_path: Path
) -> None:
    partial = tmp_path / "big.part"
    partial.write_bytes(big_bytes()[:1000])
    transcript = Transcript()
    with open(partial, "ab") as sink, pytest.raises(ResumeRefused) as caught:
        fetch_from(
            parse(no_rest_server.url("big.bin")),
            File(sink),
            1000,
            session=Session(transcript=transcript.add),
        )
    assert "cannot resume" in str(caught.value)
    assert "350" in str(caught.value)
    assert "RETR big.bin" not in transcript.commands()
    assert partial.read_bytes() == big_bytes()[:1000]


@pytest.mark.parametrize(
    ("name", "offset", "says"),
    [
        ("readme.txt;type=a", 4, "sent as text"),
        ("binary.dat;type=a", 4, "sent as text"),
        ("binary.dat", 5000, "more than"),
        ("pub/", 4, "directory"),
    ],
)
def test_what_cannot_resume_says_why(
    ftp_server: PyftpdlibServer, tmp_path: Path, name: str, offset: int, says: str
) -> None:
    partial = tmp_path / "file.part"
    partial.write_bytes(b"x" * offset)
    with open(partial, "ab") as sink, pytest.raises(ResumeRefused, match=says):
        fetch_from(parse(ftp_server.url(name)), File(sink), offset)
    assert partial.read_bytes() == b"x" * offset
