"""``fetch --json`` of ftp URLs against pyftpdlib: the object says what came and how
many bytes, a file saved with ``-o`` is the one ``-o`` saves, a listing is counted, and a
refusal is the object's error (never the password)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.integration.ftp.servers import FILES, PASSWORD, USER, PyftpdlibServer, big_bytes
from tests.support.fetch_json import fetched
from urlinspector.cli import main
from urlinspector.core import parse
from urlinspector.net.ftp import fetch

pytestmark = pytest.mark.integration


def local(octets: bytes) -> bytes:
    return octets.replace(b"\r\n", b"\n").replace(b"\n", os.linesep.encode())


@pytest.mark.parametrize(
    ("path", "content", "content_type"),
    [
        ("readme.txt", FILES["readme.txt"], "text/plain"),
        ("binary.dat", FILES["binary.dat"], None),
        ("big.bin", None, "application/octet-stream"),
        ("lines/crlf.txt;type=a", local(FILES["lines/crlf.txt"]), "text/plain"),
        ("lines/README", FILES["lines/README"], None),
    ],
)
def test_a_file(
    ftp_server: PyftpdlibServer,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    path: str,
    content: bytes | None,
    content_type: str | None,
) -> None:
    expected = big_bytes() if content is None else content
    for output in (None, tmp_path / "saved"):
        argv = [ftp_server.url(path)] + (["-o", str(output)] if output else [])
        status, summary = fetched(capsys, "--allow-local", *argv)
        assert status == 0, summary
        assert summary["url"] == ftp_server.url(path)
        assert (summary["scheme"], summary["host"], summary["port"]) == (
            "ftp",
            ftp_server.host,
            ftp_server.port,
        )
        assert (summary["kind"], summary["item_type"]) == ("file", None)
        assert summary["content_type"] == content_type
        assert summary["bytes"] == len(expected)
        assert summary["entries"] is None
        assert summary["error"] is None
        if output is None:
            assert summary["saved"] is None
        else:
            assert summary["saved"] == str(output)
            assert output.read_bytes() == expected


@pytest.mark.parametrize("path", ["", "pub/", "empty%20dir/"])
def test_a_listing(
    ftp_server: PyftpdlibServer, capsys: pytest.CaptureFixture[str], tmp_path: Path, path: str
) -> None:
    result = fetch(parse(ftp_server.url(path)))
    assert result.listing is not None
    target = tmp_path / "listing"
    status, summary = fetched(capsys, "--allow-local", ftp_server.url(path), "-o", str(target))
    assert status == 0
    assert summary["kind"] == "listing"
    assert summary["entries"] == len(result.listing.entries)
    assert summary["bytes"] == result.received
    assert target.read_bytes() == result.listing.raw  # as the server sent it


def test_a_refusal_is_the_error_without_the_password(
    ftp_server: PyftpdlibServer, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url = ftp_server.url("no-such-file.txt", login=f"{USER}:{PASSWORD}")
    target = tmp_path / "never"
    status, summary = fetched(capsys, "--allow-local", url, "-o", str(target))
    assert status == 1
    assert summary["error"] is not None
    assert "no-such-file.txt" in summary["error"]
    assert summary["url"] == ftp_server.url("no-such-file.txt", login=USER)
    assert PASSWORD not in json.dumps(summary)
    assert summary["saved"] is None
    assert not target.exists()


def test_json_and_raw_are_one_or_the_other(
    ftp_server: PyftpdlibServer, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["fetch", "--json", "--raw", "--allow-local", ftp_server.url("readme.txt")]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "--raw" in err
