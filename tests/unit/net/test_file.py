"""Reading file URLs: regular files only, the memory cap, cancellation."""

from __future__ import annotations

import io
import os
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from urlinspector.core import parse
from urlinspector.net.errors import Cancelled, TooLarge
from urlinspector.net.file import fetch
from urlinspector.net.limits import CancelToken, Limits
from urlinspector.net.session import Session
from urlinspector.net.sink import Feed, File, Raw, Sink
from urlinspector.schemes.errors import LocalProtocolError
from urlinspector.schemes.file import file_target, file_url


def test_a_regular_file(tmp_path: Path) -> None:
    path = tmp_path / "motd"
    path.write_bytes(b"hello\n")
    seen: list[tuple[int, int | None]] = []
    result = fetch(
        file_target(parse(file_url(str(path)))),
        session=Session(progress=lambda d, t: seen.append((d, t))),
    )
    assert result.data == b"hello\n"
    assert result.size == 6
    assert seen[-1] == (6, 6)


def test_a_folder_lists_its_entries(tmp_path: Path) -> None:
    (tmp_path / "b.txt").write_text("x")
    (tmp_path / "a").mkdir()
    result = fetch(file_target(parse(file_url(str(tmp_path), True))))
    assert result.entries is not None
    assert [(e.name, e.is_dir) for e in result.entries] == [("a", True), ("b.txt", False)]
    assert result.entries[0].url.endswith("/a/")


def test_a_fifo_is_refused_without_waiting(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    outcome: list[BaseException] = []

    def run() -> None:
        try:
            fetch(file_target(parse(file_url(str(fifo)))))
        except BaseException as exc:
            outcome.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(5)
    assert not thread.is_alive(), "reading a FIFO hangs"
    assert len(outcome) == 1
    assert isinstance(outcome[0], LocalProtocolError)
    assert "named pipe" in str(outcome[0])


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero on this system")
def test_dev_zero_is_refused() -> None:
    with pytest.raises(LocalProtocolError, match="character device"):
        fetch(file_target(parse("file:///dev/zero")))


def test_the_memory_cap(tmp_path: Path) -> None:
    path = tmp_path / "big"
    path.write_bytes(b"x" * 5000)
    with pytest.raises(TooLarge):
        fetch(
            file_target(parse(file_url(str(path)))), session=Session(limits=Limits(max_memory=4096))
        )


SINKS: dict[str, Callable[[io.BytesIO], Sink]] = {
    "file": File,
    "feed": lambda out: Feed(out.write),
    "raw": Raw,
}


@pytest.mark.parametrize("kind", sorted(SINKS))
def test_a_sink_takes_any_size(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "big"
    content = bytes(range(256)) * 20 + b"\r\n.\r\n"
    path.write_bytes(content)
    out = io.BytesIO()
    result = fetch(
        file_target(parse(file_url(str(path)))),
        session=Session(limits=Limits(max_memory=4096)),
        sink=SINKS[kind](out),
    )
    assert result.data is None
    assert result.size == len(content)
    assert out.getvalue() == content


def test_a_file_sink_does_not_hold_back(tmp_path: Path) -> None:
    path = tmp_path / "f"
    path.write_bytes(b"x")
    with pytest.raises(ValueError, match="hold"):
        fetch(file_target(parse(file_url(str(path)))), sink=File(io.BytesIO(), hold=10))


def test_cancel(tmp_path: Path) -> None:
    path = tmp_path / "f"
    path.write_bytes(b"x")
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        fetch(file_target(parse(file_url(str(path)))), session=Session(cancel=token))


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(LocalProtocolError, match="no file or folder"):
        fetch(file_target(parse(file_url(str(tmp_path / "nothing")))))


def test_messages_show_a_backslash_as_it_is(tmp_path: Path) -> None:
    missing = tmp_path / "a\\b"
    with pytest.raises(LocalProtocolError) as caught:
        fetch(file_target(parse(file_url(str(missing)))))
    assert f"'{missing}'" in str(caught.value)
    assert "\\\\" not in str(caught.value)


def test_messages_show_a_control_character_as_an_escape(tmp_path: Path) -> None:
    missing = tmp_path / "a\x1bb"
    with pytest.raises(LocalProtocolError) as caught:
        fetch(file_target(parse(file_url(str(missing)))))
    assert "\x1b" not in str(caught.value)
    assert "a\\x1bb'" in str(caught.value)
