"""A saved ftp file is the server's file, byte for byte: without a typecode and with
``;type=i`` it comes as image (TYPE I), with ``;type=a`` as ASCII with the network's
CRLF made this system's line end (RFC 959 §3.1.1.1), through the API and ``fetch -o``."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from tests.integration.ftp.servers import LINE_FILES, PyftpdlibServer
from urlinspector.cli import main
from urlinspector.core import parse
from urlinspector.net.ftp import FTPResult, fetch, fetch_to_path
from urlinspector.net.sink import Feed, File, Raw

pytestmark = pytest.mark.integration

NAMES = sorted(LINE_FILES)


def local_text(octets: bytes) -> bytes:
    """What an ASCII transfer of *octets* gives here: the server sends each line end
    as CRLF (a lone CR is no line end), and the client makes CRLF its own."""
    return octets.replace(b"\r\n", b"\n").replace(b"\n", os.linesep.encode())


def expected(name: str, typecode: str) -> bytes:
    return local_text(LINE_FILES[name]) if typecode == ";type=a" else LINE_FILES[name]


def sent(result: FTPResult) -> list[str]:
    return [line.text for line in result.transcript if line.kind == "command"]


TYPECODES = {"": "TYPE I", ";type=i": "TYPE I", ";type=a": "TYPE A"}


@pytest.mark.parametrize("name", NAMES)
def test_fetch_to_path_saves_the_servers_bytes(
    ftp_server: PyftpdlibServer, tmp_path: Path, name: str
) -> None:
    for typecode, type_command in TYPECODES.items():
        target = tmp_path / f"saved{typecode or '-none'}"
        result = fetch_to_path(parse(ftp_server.url(name + typecode)), target)
        assert target.read_bytes() == expected(name, typecode), typecode
        assert result.kept == len(expected(name, typecode))
        assert type_command in sent(result)


@pytest.mark.parametrize("name", NAMES)
def test_in_memory_data_is_the_servers_bytes(ftp_server: PyftpdlibServer, name: str) -> None:
    for typecode in TYPECODES:
        assert fetch(parse(ftp_server.url(name + typecode))).data == expected(name, typecode), (
            typecode
        )


@pytest.mark.parametrize("name", NAMES)
def test_cli_output_file_is_the_servers_bytes(
    ftp_server: PyftpdlibServer,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    name: str,
) -> None:
    for typecode in TYPECODES:
        target = tmp_path / f"out{typecode or '-none'}"
        status = main(
            ["fetch", "--allow-local", "-o", str(target), ftp_server.url(name + typecode)]
        )
        _, err = capsys.readouterr()
        assert status == 0, err
        assert target.read_bytes() == expected(name, typecode), typecode
        assert f"saved {len(expected(name, typecode))} bytes" in err


def test_a_raw_sink_keeps_ascii_line_ends_as_sent(ftp_server: PyftpdlibServer) -> None:
    stream = io.BytesIO()
    result = fetch(parse(ftp_server.url("lines/lf.txt;type=a")), sink=Raw(stream))
    assert stream.getvalue() == LINE_FILES["lines/lf.txt"].replace(b"\n", b"\r\n")
    assert result.data is None
    assert result.kept == result.received


@pytest.mark.parametrize("name", NAMES)
def test_file_and_feed_sinks_get_the_same_bytes(ftp_server: PyftpdlibServer, name: str) -> None:
    for typecode in TYPECODES:
        url = parse(ftp_server.url(name + typecode))
        fed = bytearray()
        fed_result = fetch(url, sink=Feed(fed.extend))
        written = io.BytesIO()
        fetch(url, sink=File(written))
        assert bytes(fed) == written.getvalue() == expected(name, typecode), typecode
        assert fed_result.data is None
        assert fed_result.kept == len(fed)


def test_a_raw_sink_gets_a_listings_octets(ftp_server: PyftpdlibServer) -> None:
    stream = io.BytesIO()
    result = fetch(parse(ftp_server.url("lines/")), sink=Raw(stream))
    assert result.listing is not None
    assert stream.getvalue() == result.listing.raw
    assert len(stream.getvalue()) == result.received > 0
