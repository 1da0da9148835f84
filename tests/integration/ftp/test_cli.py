"""``urlinspector fetch ftp://...`` against the real server: listings, text, ``-o``,
``--raw``, ``--transcript``, passwords and errors."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.integration.fifo import FifoReader
from tests.integration.ftp.servers import (
    FILES,
    PASSWORD,
    USER,
    PyftpdlibServer,
    big_bytes,
    refuses_logins,
)
from tests.support.servers import ScriptedServer
from urlinspector.cli import main

pytestmark = pytest.mark.integration

ROOT = Path(__file__).parents[3]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["fetch", "--allow-local", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_listing(ftp_server: PyftpdlibServer, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, ftp_server.url())
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == f"{ftp_server.url()}  (MLSD, 14 entries)"
    row = next(line for line in lines if "semi;colon.txt" in line)
    assert row.split()[0] == "-"
    assert row.split()[1] == str(len(FILES["semi;colon.txt"]))
    assert row.endswith(ftp_server.url("semi%3Bcolon.txt"))
    dir_row = next(line for line in lines if "dir.txt/" in line)
    assert dir_row.split()[0] == "d"
    assert err == ""


def test_text_file(ftp_server: PyftpdlibServer, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, ftp_server.url("readme.txt"))
    assert status == 0
    assert out == FILES["readme.txt"].decode()


def test_directory_named_like_a_file_says_so(
    ftp_server: PyftpdlibServer, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, ftp_server.url("dir.txt"))
    assert status == 0
    assert "inside.txt" in out
    assert "note:" in err
    assert "is a directory" in err


def test_binary_needs_output(
    ftp_server: PyftpdlibServer, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, ftp_server.url("binary.dat"))
    assert status == 2
    assert out == ""
    assert "-o FILE" in err


def test_output_file(
    ftp_server: PyftpdlibServer, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "big.bin"
    status, out, err = run(capsys, "-o", str(target), ftp_server.url("big.bin"))
    assert status == 0
    assert target.read_bytes() == big_bytes()
    assert f"saved {len(big_bytes())} bytes" in err
    assert out == ""


def test_output_listing(
    ftp_server: PyftpdlibServer, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "listing.txt"
    status, _, _ = run(capsys, "-o", str(target), ftp_server.url("pub/"))
    assert status == 0
    text = target.read_text("utf-8")
    assert text.splitlines()[0] == f"{ftp_server.url('pub/')}  (MLSD, 1 entry)"
    assert ftp_server.url("pub/sub/") in text


def test_transcript(ftp_server: PyftpdlibServer, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(
        capsys, "--transcript", ftp_server.url("%2Fetc/motd", login=f"{USER}:{PASSWORD}")
    )
    assert status == 0
    assert out == FILES["etc/motd"].decode()
    lines = err.splitlines()
    assert lines[0] == (
        "# the URL's FTP commands (RFC 1738 §3.2): USER alice; PASS ****; CWD /etc; TYPE I; RETR "
        "motd"
    )
    for expected in ("> USER alice", "> PASS ****", "> CWD /etc", "> RETR motd", "> QUIT"):
        assert expected in lines
    assert any(line.startswith("< 230") for line in lines)
    assert PASSWORD not in err


@pytest.mark.parametrize("extra", [[], ["--transcript"], ["-o", "OUT"]])
def test_a_listing_never_shows_the_password(
    ftp_server: PyftpdlibServer,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    extra: list[str],
) -> None:
    """Every entry's URL, and the listing's own, without the password (the user stays:
    fetching such a URL asks for the password)."""
    output = tmp_path / "listing.txt"
    argv = [str(output) if arg == "OUT" else arg for arg in extra]
    status, out, err = run(capsys, *argv, ftp_server.url("", login=f"{USER}:{PASSWORD}"))
    assert status == 0
    written = output.read_text("utf-8") if output.exists() else ""
    for text in (out, err, written):
        assert PASSWORD not in text
    shown = out or written
    assert f"ftp://{USER}@{ftp_server.authority}/etc/" in shown
    assert f"ftp://{USER}@{ftp_server.authority}/  (MLSD" in shown


def test_wrong_password(ftp_server: PyftpdlibServer, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, ftp_server.url("x", login=f"{USER}:nope-nope"))
    assert status == 1
    assert out == ""
    assert err.startswith("urlinspector: error: login as 'alice'")
    assert "530" in err
    assert "nope-nope" not in err


def test_a_user_name_that_does_not_print_is_shown_escaped(
    ftp_server: PyftpdlibServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """The login message held an ESC of the user name raw: the command line drew it as a
    control picture, but the message itself (the viewer shows the same text) did not
    escape it."""
    status, _, err = run(capsys, ftp_server.url("x", login="al%1Bice:nope-nope"))
    assert status == 1
    assert "login as 'al\\x1bice'" in err
    assert "\x1b" not in err


def test_missing_password_without_terminal(
    ftp_server: PyftpdlibServer, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(capsys, ftp_server.url("x", login=USER))
    assert status == 1
    assert "none was given" in err


def test_missing_file(ftp_server: PyftpdlibServer, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, ftp_server.url("nothing-here.txt"))
    assert status == 1
    assert '"RETR nothing-here.txt": 550' in err


def test_unsafe_url_is_misuse(
    ftp_server: PyftpdlibServer, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(capsys, "--transcript", ftp_server.url("a%0D%0ADELE%20readme.txt"))
    assert status == 2
    assert "nothing was sent" in err
    assert "> " not in err


def test_bad_timeout(ftp_server: PyftpdlibServer, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "--timeout", "0", ftp_server.url())
    assert status == 2
    assert "--timeout" in err


def test_anonymous_email_from_the_environment(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    server = ScriptedServer(refuses_logins())
    try:
        monkeypatch.setenv("URLINSPECTOR_FTP_EMAIL", "learner@example.org")
        status, _, err = run(capsys, "--transcript", server.url("ftp", "/x"))
    finally:
        server.close()
    assert status == 1
    assert server.received[:2] == [b"USER anonymous", b"PASS learner@example.org"]
    assert "learner@example.org" not in err
    assert "> PASS ****" in err.splitlines()


def test_raw_listing_bytes(ftp_server: PyftpdlibServer) -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "urlinspector",
            "fetch",
            "--allow-local",
            "--raw",
            ftp_server.url("pub/"),
        ],
        capture_output=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.endswith(b"; sub\r\n")
    assert b"type=dir" in result.stdout


def test_raw_ascii_text_keeps_crlf(ftp_server: PyftpdlibServer) -> None:
    """--raw prints the octets as they came: an ASCII transfer's CRLF (RFC 959 §3.1.1.1)."""
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "urlinspector",
            "fetch",
            "--allow-local",
            "--raw",
            ftp_server.url("readme.txt;type=a"),
        ],
        capture_output=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == FILES["readme.txt"].replace(b"\n", b"\r\n")


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal (POSIX)")
def test_password_prompt_on_a_terminal(ftp_server: PyftpdlibServer) -> None:
    """RFC 1738 §3.2.1: a user without a password is asked for one; it is not echoed."""
    import pty

    main_fd, terminal_fd = pty.openpty()
    child = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "urlinspector",
            "fetch",
            "--allow-local",
            ftp_server.url("etc/motd", login=USER),
        ],
        stdin=terminal_fd,
        stdout=terminal_fd,
        stderr=terminal_fd,
        cwd=ROOT,
        start_new_session=True,
    )
    os.close(terminal_fd)
    output = b""
    try:
        while b"Password for alice" not in output:
            chunk = os.read(main_fd, 1024)
            assert chunk, output
            output += chunk
        os.write(main_fd, PASSWORD.encode() + b"\n")
        while True:
            try:
                chunk = os.read(main_fd, 1024)
            except OSError:  # EIO: the terminal's other end is closed
                break
            if not chunk:
                break
            output += chunk
        status = child.wait(60)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        os.close(main_fd)
    assert status == 0, output
    assert FILES["home/alice/etc/motd"] in output.replace(b"\r\n", b"\n")
    assert PASSWORD.encode() not in output


def test_unwritable_output(
    ftp_server: PyftpdlibServer, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "no-such-dir" / "x.bin"
    status, _, err = run(capsys, "-o", str(target), ftp_server.url("binary.dat"))
    assert status == 1
    assert err.startswith(f"urlinspector: error: cannot write {target}")
    assert not target.parent.exists()


def test_output_to_a_fifo_writes_into_it(
    ftp_server: PyftpdlibServer, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A target that is not a regular file (a FIFO here, /dev/null alike) is written as
    it is: it used to get a .part file renamed over it, a regular file in its place."""
    fifo = FifoReader(tmp_path / "fifo")
    status, _, err = run(capsys, "-o", str(fifo.path), ftp_server.url("big.bin"))
    assert status == 0, err
    assert fifo.result() == big_bytes()
    assert fifo.still_a_fifo
    assert not (tmp_path / "fifo.part").exists()
