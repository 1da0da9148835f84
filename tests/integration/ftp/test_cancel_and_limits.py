"""Cancel (ABOR, then close; no partial file unless asked), the memory cap, streaming
to disk, and servers that stop answering or sending."""

from __future__ import annotations

import threading
import tracemalloc
from pathlib import Path

import pytest

from tests.integration.ftp.servers import BIG_SIZE, MiB, PyftpdlibServer, big_bytes
from tests.support.servers import ScriptedServer
from urlinspector.core import parse
from urlinspector.net.errors import Cancelled, NetTimeout, TooLarge
from urlinspector.net.ftp import FTPResult, fetch, fetch_to_path
from urlinspector.net.limits import CancelToken, Limits
from urlinspector.net.session import Progress, Session
from urlinspector.schemes.ftp.transcript import Transcript

pytestmark = pytest.mark.integration


def commands(transcript: Transcript) -> tuple[str, ...]:
    return transcript.commands()


# --- memory cap and streaming -------------------------------------------------------------


def test_too_large_for_memory_is_refused_before_retr(ftp_server: PyftpdlibServer) -> None:
    """SIZE says 10 MiB, the cap is 1 MiB, no file to stream to: refused before RETR."""
    transcript = Transcript()
    with pytest.raises(TooLarge) as caught:
        fetch(
            parse(ftp_server.url("big.bin")),
            session=Session(limits=Limits(max_memory=1 * MiB), transcript=transcript.add),
        )
    assert "-o FILE" in str(caught.value)
    assert str(BIG_SIZE) in str(caught.value)
    assert "RETR big.bin" not in commands(transcript)


def test_too_large_found_during_transfer_aborts(ftp_server: PyftpdlibServer) -> None:
    """In ASCII mode pyftpdlib refuses SIZE: the cap is found mid-transfer, and the
    transfer is aborted (ABOR) instead of filling memory."""
    transcript = Transcript()
    with pytest.raises(TooLarge, match="more than"):
        fetch(
            parse(ftp_server.url("big.bin;type=a")),
            session=Session(limits=Limits(max_memory=1 * MiB), transcript=transcript.add),
        )
    sent = commands(transcript)
    assert "RETR big.bin" in sent
    assert sent[-1] == "ABOR"


def test_big_file_streamed_to_disk_in_bounded_memory(
    ftp_server: PyftpdlibServer, tmp_path: Path
) -> None:
    target = tmp_path / "big.bin"
    tracemalloc.start()
    try:
        result = fetch_to_path(
            parse(ftp_server.url("big.bin")),
            target,
            session=Session(limits=Limits(max_memory=1 * MiB)),
        )
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert result.data is None
    assert result.received == BIG_SIZE
    assert target.read_bytes() == big_bytes()
    assert not (tmp_path / "big.bin.part").exists()
    assert peak < 2 * MiB  # chunks, not the file


def test_streaming_a_directory_writes_nothing(ftp_server: PyftpdlibServer, tmp_path: Path) -> None:
    target = tmp_path / "out"
    result = fetch_to_path(parse(ftp_server.url("dir.txt")), target)
    assert result.listing is not None
    assert list(tmp_path.iterdir()) == []


# --- cancel -------------------------------------------------------------------------------


def _cancel_after_first_chunk(token: CancelToken) -> Progress:
    def progress(done: int, total: int | None) -> None:
        if done > 0:
            token.cancel()

    return progress


def test_cancel_mid_download_sends_abor_and_leaves_no_file(
    ftp_server: PyftpdlibServer, tmp_path: Path
) -> None:
    token = CancelToken()
    transcript = Transcript()
    target = tmp_path / "big.bin"
    with pytest.raises(Cancelled):
        fetch_to_path(
            parse(ftp_server.url("big.bin")),
            target,
            session=Session(
                cancel=token, progress=_cancel_after_first_chunk(token), transcript=transcript.add
            ),
        )
    assert commands(transcript)[-1] == "ABOR"
    assert transcript.lines[-1].text == "connection closed"
    assert list(tmp_path.iterdir()) == []


def test_cancel_keeps_the_partial_file_when_asked(
    ftp_server: PyftpdlibServer, tmp_path: Path
) -> None:
    token = CancelToken()
    target = tmp_path / "big.bin"
    with pytest.raises(Cancelled):
        fetch_to_path(
            parse(ftp_server.url("big.bin")),
            target,
            session=Session(cancel=token, progress=_cancel_after_first_chunk(token)),
            keep_partial=True,
        )
    partial = tmp_path / "big.bin.part"
    assert not target.exists()
    data = partial.read_bytes()
    assert 0 < len(data) < BIG_SIZE
    assert big_bytes().startswith(data)


def _in_thread(work: object) -> tuple[threading.Thread, list[BaseException | FTPResult]]:
    outcome: list[BaseException | FTPResult] = []

    def run() -> None:
        try:
            outcome.append(work())  # type: ignore[operator]
        except BaseException as exc:  # reported to the test
            outcome.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, outcome


def test_cancel_from_another_thread_during_a_slow_transfer(slow_server: PyftpdlibServer) -> None:
    """The GUI's Stop: cancel() from another thread while data is flowing; the server
    answers ABOR with 426 (transfer aborted) and 226."""
    token = CancelToken()
    transcript = Transcript()
    started = threading.Event()

    def progress(done: int, total: int | None) -> None:
        if done > 0:
            started.set()

    thread, outcome = _in_thread(
        lambda: fetch(
            parse(slow_server.url("big.bin")),
            session=Session(cancel=token, progress=progress, transcript=transcript.add),
        )
    )
    assert started.wait(30)
    token.cancel()
    thread.join(30)
    assert not thread.is_alive()
    assert isinstance(outcome[0], Cancelled)
    assert commands(transcript)[-1] == "ABOR"
    codes = [line.text[:3] for line in transcript.lines if line.kind == "reply"]
    assert "426" in codes[-2:] or "226" in codes[-2:]


def test_cancel_while_waiting_for_a_reply(silent_server: ScriptedServer) -> None:
    """The server never answers USER; read_timeout is long, yet cancel ends it."""
    token = CancelToken()
    transcript = Transcript()
    thread, outcome = _in_thread(
        lambda: fetch(
            parse(silent_server.url("ftp", "/x")),
            session=Session(
                cancel=token, limits=Limits(read_timeout=120), transcript=transcript.add
            ),
        )
    )
    while "USER anonymous" not in transcript.commands():
        thread.join(0.05)
        assert thread.is_alive()
    token.cancel()
    thread.join(30)
    assert not thread.is_alive()
    assert isinstance(outcome[0], Cancelled)
    assert "ABOR" not in commands(transcript)  # no transfer was open
    assert transcript.lines[-1].text == "connection closed"


def test_cancelled_before_start(ftp_server: PyftpdlibServer) -> None:
    token = CancelToken()
    token.cancel()
    transcript = Transcript()
    with pytest.raises(Cancelled):
        fetch(parse(ftp_server.url()), session=Session(cancel=token, transcript=transcript.add))
    assert transcript.commands() == ()


# --- servers that stop --------------------------------------------------------------------


def test_server_that_stops_answering_times_out(silent_server: ScriptedServer) -> None:
    with pytest.raises(NetTimeout) as caught:
        fetch(
            parse(silent_server.url("ftp", "/x")), session=Session(limits=Limits(read_timeout=0.5))
        )
    assert "USER anonymous" in str(caught.value)
    assert "stopped answering" in str(caught.value)


def test_server_that_stops_sending_data_times_out(stalling_server: ScriptedServer) -> None:
    transcript = Transcript()
    with pytest.raises(NetTimeout, match=r"RETR file\.bin") as caught:
        fetch(
            parse(stalling_server.url("ftp", "/file.bin")),
            session=Session(limits=Limits(read_timeout=0.5), transcript=transcript.add),
        )
    assert "stopped sending" in str(caught.value)
    assert commands(transcript)[-1] == "ABOR"


def test_server_that_stops_sending_data_to_a_file(
    stalling_server: ScriptedServer, tmp_path: Path
) -> None:
    with pytest.raises(NetTimeout):
        fetch_to_path(
            parse(stalling_server.url("ftp", "/file.bin")),
            tmp_path / "f",
            session=Session(limits=Limits(read_timeout=0.5)),
        )
    assert list(tmp_path.iterdir()) == []
