"""The shared network driver against small servers on loopback: connecting over IPv4 and
IPv6, the three timeouts, cancellation at any moment, TLS, and the pump's memory cap."""

from __future__ import annotations

import io
import os
import select
import shutil
import socket
import ssl
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.support.ci import in_ci
from tests.support.ports import ipv6_loopback, unused_port
from tests.support.servers import ConnectionServer, closed_at_end
from tests.support.waiting import wait_until
from urlinspector.net.driver import Body, Connection, Pump, format_hostport, pump
from urlinspector.net.errors import Cancelled, ConnectFailed, NetTimeout, TooLarge
from urlinspector.net.limits import CancelToken, Limits
from urlinspector.net.session import Session
from urlinspector.net.sink import File
from urlinspector.schemes.errors import RemoteProtocolError

QUICK = Limits(connect_timeout=2.0, read_timeout=2.0)


Server = ConnectionServer


@pytest.fixture
def serve() -> Iterator[Callable[..., Server]]:
    """``serve(handler, host="127.0.0.1")``: a server on loopback running *handler(conn)*
    for one connection at a time; all stop at the end."""

    def make(handler: Callable[[socket.socket], None], host: str = "127.0.0.1") -> Server:
        return ConnectionServer(handler, host, threaded=False)

    with closed_at_end(make) as start:
        yield start


def echo_once(conn: socket.socket) -> None:
    data = conn.recv(1024)
    conn.sendall(b"echo:" + data)


def silent(conn: socket.socket) -> None:
    """Accept and send nothing, until the client gives up and closes."""
    conn.settimeout(5)
    conn.recv(1)


def test_send_and_recv_over_ipv4(serve: Callable[..., Server]) -> None:
    server = serve(echo_once)
    with Connection.open(
        "127.0.0.1", server.port, session=Session(limits=QUICK), what="test"
    ) as conn:
        conn.send(b"hello")
        assert conn.recv() == b"echo:hello"
        assert conn.recv() == b""  # the server closed
        assert conn.peer == ("127.0.0.1", server.port)
        assert (conn.bytes_sent, conn.bytes_received) == (5, 10)
    assert conn.closed


def test_a_socket_numbered_above_1023_still_waits(serve: Callable[..., Server]) -> None:
    """Waits went through select(), which refuses a descriptor numbered 1024 or more:
    in a process holding many files, every fetch failed with a ValueError."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 1100:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(2048, hard), hard))

    def slow_echo(conn: socket.socket) -> None:
        data = conn.recv(1024)
        time.sleep(0.3)  # the client waits for the reply
        conn.sendall(b"echo:" + data)

    server = serve(slow_echo)
    held: list[int] = []
    try:
        while not held or held[-1] < 1030:
            held.append(os.open(os.devnull, os.O_RDONLY))
        with Connection.open(
            "127.0.0.1", server.port, session=Session(limits=QUICK), what="test"
        ) as conn:
            assert conn._socket().fileno() > 1023
            conn.send(b"hello")
            assert conn.recv() == b"echo:hello"
    finally:
        for fd in held:
            os.close(fd)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


@pytest.mark.skipif(not ipv6_loopback(), reason="this machine has no IPv6 loopback (::1)")
def test_send_and_recv_over_ipv6(serve: Callable[..., Server]) -> None:
    server = serve(echo_once, "::1")
    with Connection.open("::1", server.port, session=Session(limits=QUICK)) as conn:
        conn.send(b"six")
        assert conn.recv() == b"echo:six"
        assert conn.peer[0] == "::1"


def test_a_name_with_several_addresses_tries_each(serve: Callable[..., Server]) -> None:
    # "localhost" may give ::1 first; the server listens on 127.0.0.1 only
    server = serve(echo_once)
    with Connection.open("localhost", server.port, session=Session(limits=QUICK)) as conn:
        conn.send(b"x")
        assert conn.recv() == b"echo:x"


def test_refused() -> None:
    port = unused_port()
    with pytest.raises(ConnectFailed, match="refused") as info:
        Connection.open("127.0.0.1", port, session=Session(limits=QUICK), what="gopher")
    assert f"gopher server at 127.0.0.1:{port}" in str(info.value)


def test_unknown_host() -> None:
    with pytest.raises(ConnectFailed, match="cannot find the host"):
        Connection.open("no-such-host.invalid", 70, session=Session(limits=QUICK))


def test_bad_port() -> None:
    with pytest.raises(ConnectFailed, match="1 to 65535"):
        Connection.open("127.0.0.1", 0, session=Session(limits=QUICK))


@pytest.fixture
def unanswered() -> Iterator[int]:
    """A port on 127.0.0.1 whose connection queue is full: a SYN sent to it gets no
    answer, like a server behind a firewall that drops packets."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(0)
    port = listener.getsockname()[1]
    fillers = []
    for _ in range(4):  # fill the queue; later connects hang
        filler = socket.socket()
        filler.setblocking(False)
        filler.connect_ex(("127.0.0.1", port))
        fillers.append(filler)
    # a connect that completes (its socket turns writable) took the queue's place
    wait_until(lambda: select.select([], fillers, [], 0.05)[1], what="a queued connection")
    yield port
    for filler in fillers:
        filler.close()
    listener.close()


def test_connect_timeout(unanswered: int) -> None:
    limits = Limits(connect_timeout=0.5, read_timeout=5)
    with pytest.raises(NetTimeout) as info:
        Connection.open("127.0.0.1", unanswered, session=Session(limits=limits), what="gopher")
    assert str(info.value) == f"no gopher server answered at 127.0.0.1:{unanswered} within 0.5 s"


def test_stop_while_connecting(unanswered: int) -> None:
    cancel = CancelToken()
    threading.Timer(0.3, cancel.cancel).start()
    start = time.monotonic()
    with pytest.raises(Cancelled):
        Connection.open(
            "127.0.0.1",
            unanswered,
            session=Session(limits=Limits(connect_timeout=30), cancel=cancel),
        )
    assert time.monotonic() - start < 10  # long before the 30 s connect timeout


def test_read_timeout(serve: Callable[..., Server]) -> None:
    server = serve(silent)
    limits = Limits(connect_timeout=2, read_timeout=0.4)
    with Connection.open(
        "127.0.0.1", server.port, session=Session(limits=limits), what="gopher"
    ) as conn:
        with pytest.raises(NetTimeout) as info:
            conn.recv()
        assert conn.closed
    assert str(info.value) == f"the gopher server at 127.0.0.1:{server.port} sent nothing for 0.4 s"


def test_stop_while_reading(serve: Callable[..., Server]) -> None:
    server = serve(silent)
    cancel = CancelToken()
    limits = Limits(read_timeout=30)
    with Connection.open(
        "127.0.0.1", server.port, session=Session(limits=limits, cancel=cancel)
    ) as conn:
        threading.Timer(0.3, cancel.cancel).start()
        start = time.monotonic()
        with pytest.raises(Cancelled, match="stopped"):
            conn.recv()
        assert time.monotonic() - start < 10
        assert conn.closed


def test_total_timeout_ends_a_slow_drip(serve: Callable[..., Server]) -> None:
    def drip(conn: socket.socket) -> None:
        for _ in range(100):
            conn.sendall(b"x")
            time.sleep(0.05)  # the slowness under test

    server = serve(drip)
    limits = Limits(read_timeout=5, total_timeout=0.6)
    received = 0

    def read_all(conn: Connection) -> None:
        nonlocal received
        while conn.recv():
            received += 1

    with (
        Connection.open("127.0.0.1", server.port, session=Session(limits=limits)) as conn,
        pytest.raises(NetTimeout, match=r"took longer than the 0\.6 s allowed"),
    ):
        read_all(conn)
    assert received > 0  # each read came in time; only the whole took too long


def test_a_closed_connection_refuses_use(serve: Callable[..., Server]) -> None:
    server = serve(echo_once)
    conn = Connection.open("127.0.0.1", server.port, session=Session(limits=QUICK))
    conn.close()
    conn.close()  # twice is fine
    with pytest.raises(Exception, match="already closed"):
        conn.send(b"x")


def test_format_hostport() -> None:
    assert format_hostport("example.org", 70) == "example.org:70"
    assert format_hostport("::1", 70) == "[::1]:70"


# --- TLS -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    openssl = shutil.which("openssl")
    if openssl is None:
        if in_ci():
            pytest.fail("openssl is needed to make a test certificate (apt-get install openssl)")
        pytest.skip("openssl is not installed: no test certificate")
    folder = tmp_path_factory.mktemp("tls")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        [openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
         "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost",
         "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    return cert, key


def _tls_echo(cert: Path, key: Path, *, starttls: bool) -> Callable[[socket.socket], None]:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)

    def handler(conn: socket.socket) -> None:
        conn.settimeout(5)
        if starttls:
            assert conn.recv(1024) == b"STARTTLS\r\n"
            conn.sendall(b"OK\r\n")
        try:
            with context.wrap_socket(conn, server_side=True) as tls:
                echo_once(tls)
        except (ssl.SSLError, OSError):
            pass

    return handler


def _client_context(cert: Path) -> ssl.SSLContext:
    context = ssl.create_default_context(cafile=str(cert))
    return context


def test_tls_from_the_start(serve: Callable[..., Server], certificate: tuple[Path, Path]) -> None:
    cert, key = certificate
    server = serve(_tls_echo(cert, key, starttls=False))
    with Connection.open(
        "127.0.0.1",
        server.port,
        session=Session(limits=QUICK),
        server_hostname="localhost",
        tls=_client_context(cert),
    ) as conn:
        assert conn.is_tls
        conn.send(b"secret")
        assert conn.recv() == b"echo:secret"


def test_starttls(serve: Callable[..., Server], certificate: tuple[Path, Path]) -> None:
    cert, key = certificate
    server = serve(_tls_echo(cert, key, starttls=True))
    with Connection.open(
        "127.0.0.1", server.port, session=Session(limits=QUICK), what="news"
    ) as conn:
        conn.send(b"STARTTLS\r\n")
        assert conn.recv() == b"OK\r\n"
        conn.starttls("localhost", _client_context(cert))
        assert conn.is_tls
        conn.send(b"after")
        assert conn.recv() == b"echo:after"


def test_an_untrusted_certificate_is_refused(
    serve: Callable[..., Server], certificate: tuple[Path, Path]
) -> None:
    cert, key = certificate
    server = serve(_tls_echo(cert, key, starttls=False))
    with pytest.raises(ConnectFailed, match="cannot be trusted"):
        Connection.open(
            "127.0.0.1",
            server.port,
            session=Session(limits=QUICK),
            server_hostname="localhost",
            tls=ssl.create_default_context(),
        )


# --- the body and the pump -----------------------------------------------------------------


def test_body_keeps_bytes_in_memory_up_to_the_cap() -> None:
    body = Body(10)
    body.write(b"12345")
    body.write(b"67890")
    assert body.getvalue() == b"1234567890"
    with pytest.raises(TooLarge, match="10 bytes kept in memory; save it to a file"):
        body.write(b"x")


def test_body_spills_to_the_sink_past_the_cap() -> None:
    sink = io.BytesIO()
    body = Body(4, sink)
    body.write(b"abc")
    assert sink.getvalue() == b""
    assert body.in_memory == 3
    body.write(b"def")
    body.write(b"g")
    assert sink.getvalue() == b"abcdefg"
    assert body.getvalue() is None
    assert body.size == 7
    assert body.spilled == 7
    direct = io.BytesIO()
    streamed = Body(0, direct)
    streamed.write(b"xy")
    assert direct.getvalue() == b"xy"
    assert streamed.in_memory == 0


class Lines:
    """A tiny sans-IO receiver: one event per line, b"" at the close."""

    def __init__(self) -> None:
        self.buf = b""
        self.eof = False

    def receive_data(self, data: bytes) -> None:
        if data:
            self.buf += data
        else:
            self.eof = True

    def next_event(self) -> object:
        if b"\n" in self.buf:
            line, self.buf = self.buf.split(b"\n", 1)
            return line
        if self.eof:
            return "END" if not self.buf else "CUT"
        return None


def test_pump_collects_events_and_reports_progress(serve: Callable[..., Server]) -> None:
    server = serve(lambda conn: conn.sendall(b"a\nbb\nccc\n"))
    seen: list[tuple[int, int | None]] = []
    session = Session(limits=QUICK, progress=lambda done, total: seen.append((done, total)))
    with Connection.open("127.0.0.1", server.port, session=session) as conn:
        result = pump(
            conn,
            Lines(),
            is_end=lambda e: e == "END",
            data_of=lambda e: e if isinstance(e, bytes) else None,
        )
    assert result.body == b"abbccc"
    assert result.events == ["END"]
    assert result.received == 9
    assert seen
    assert seen[-1] == (9, None)


def test_pump_refuses_more_than_the_cap(serve: Callable[..., Server]) -> None:
    chunk = b"x" * 65536 + b"\n"

    def endless(conn: socket.socket) -> None:
        for _ in range(10_000):
            conn.sendall(chunk)

    server = serve(endless)
    limits = Limits(connect_timeout=2, read_timeout=2, max_memory=256 * 1024)
    with (
        Connection.open(
            "127.0.0.1", server.port, session=Session(limits=limits), what="gopher"
        ) as conn,
        pytest.raises(TooLarge, match="larger than the 256 KiB kept in memory"),
    ):
        pump(conn, Lines(), is_end=lambda e: e == "END", data_of=lambda e: None)


def test_pump_streams_to_a_sink(serve: Callable[..., Server]) -> None:
    payload = b"".join(b"%06d\n" % i for i in range(50_000))  # 350,000 bytes
    server = serve(lambda conn: conn.sendall(payload))
    sink = io.BytesIO()
    limits = Limits(connect_timeout=2, read_timeout=2, max_memory=64 * 1024)
    with Connection.open("127.0.0.1", server.port, session=Session(limits=limits)) as conn:
        result = pump(
            conn,
            Lines(),
            is_end=lambda e: e == "END",
            data_of=lambda e: e + b"\n" if isinstance(e, bytes) else None,
            sink=File(sink),
        )
    assert result.body is None
    assert sink.getvalue() == payload
    assert result.size == len(payload)


def test_pump_reports_a_close_before_the_end(serve: Callable[..., Server]) -> None:
    class NeverEnds(Lines):
        def next_event(self) -> object:
            event = super().next_event()
            return None if event in ("END", "CUT") else event

    server = serve(lambda conn: conn.sendall(b"a\n"))
    with (
        Connection.open(
            "127.0.0.1", server.port, session=Session(limits=QUICK), what="gopher"
        ) as conn,
        pytest.raises(RemoteProtocolError, match="closed the connection before the reply"),
    ):
        pump(conn, NeverEnds(), is_end=lambda e: False)


def test_pump_hands_raw_bytes_on(serve: Callable[..., Server]) -> None:
    server = serve(lambda conn: conn.sendall(b"one\ntwo\n"))
    raw: list[bytes] = []
    with Connection.open("127.0.0.1", server.port, session=Session(limits=QUICK)) as conn:
        p = Pump(conn, Lines(), on_bytes=raw.append)
        events = []
        for event in p.events():
            events.append(event)
            if event == "END":
                break
    assert b"".join(raw) == b"one\ntwo\n"
    assert events == [b"one", b"two", "END"]


def test_a_host_name_that_cannot_be_looked_up_is_quoted_as_it_is() -> None:
    with pytest.raises(ConnectFailed) as caught:
        Connection.open("a\\b\udcff", 70)  # a lone surrogate: no IDNA form
    message = str(caught.value)
    assert message == "cannot look up 'a\\b\\udcff': it is not a valid host name"
