"""Real FTP servers on loopback for the tests: pyftpdlib in a thread (a modern server,
a legacy one, a slow one), and scripted servers that misbehave on purpose (silent after
the greeting, stalling in the middle of a transfer)."""

from __future__ import annotations

import contextlib
import logging
import random
import socket
import threading
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, ClassVar

from tests.support.servers import ConnectionServer

MiB = 1024 * 1024
BIG_SIZE = 10 * MiB

USER = "alice"
PASSWORD = "s3cret"
ALICE_HOME = "/home/alice"
"""alice's login directory: not the root, so that /%2Fetc and /etc differ."""

FILES: dict[str, bytes] = {
    "readme.txt": b"Welcome to the test server.\nSecond line.\n",
    "name with spaces.txt": b"spaces\n",
    "semi;colon.txt": b"semicolon\n",
    "100%.txt": b"percent\n",
    "q?mark#hash.txt": b"question mark and hash\n",
    "ünïcode.txt": b"unicode name\n",
    "dir.txt/inside.txt": b"inside a directory named like a file\n",
    "etc/motd": b"system motd\n",
    "home/alice/etc/motd": b"alice's own motd\n",
    "pub/sub/deeper.txt": b"deeper\n",
    "binary.dat": bytes(range(256)) * 4,
}

LINE_FILES: dict[str, bytes] = {
    "lines/lf.txt": b"first\nsecond\nthird\n",
    "lines/crlf.txt": b"first\r\nsecond\r\nthird\r\n",
    "lines/mixed.txt": b"unix\nwindows\r\nold mac\rno end",
    "lines/latin1.txt": "Caf\u00e9 cr\u00e8me\n\u00d8re\n".encode("latin-1"),
    "lines/dots.txt": b".\nline\n.\n..\n.x\n",
    "lines/README": b"read me\n\n.\n",
}
"""Text files whose saved copies must be the server's bytes: LF, CRLF and mixed line
ends (a lone CR too, and no final line end), Latin-1, lines of dots (which FTP, unlike
NNTP and gopher, never stuffs), and a name guessed as text without a suffix."""
FILES.update(LINE_FILES)


def big_bytes() -> bytes:
    """The 10 MiB file's content (deterministic)."""
    return random.Random(1738).randbytes(BIG_SIZE)


def build_tree(root: Path) -> Path:
    for name, data in FILES.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    (root / "big.bin").write_bytes(big_bytes())
    (root / "empty dir").mkdir()
    return root


def has_ipv6() -> bool:
    if not socket.has_ipv6:
        return False
    try:
        with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as s:
            s.bind(("::1", 0))
    except OSError:
        return False
    return True


def authority(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


# --- pyftpdlib ----------------------------------------------------------------------------


def _pyftpdlib() -> tuple[Any, Any, Any, Any]:
    """pyftpdlib's modules (it imports asyncore and asynchat, deprecated in 3.11)."""
    with warnings.catch_warnings():
        warnings.filterwarnings(
            "ignore", r"The asyn(core|chat) module is deprecated", DeprecationWarning
        )
        from pyftpdlib import authorizers, handlers, ioloop, servers
    return authorizers, handlers, servers, ioloop


def handler_classes(root: Path) -> dict[str, type[Any]]:
    """The pyftpdlib handler of each kind of server, serving *root*."""
    authorizers, handlers, _, _ = _pyftpdlib()
    FTPHandler = handlers.FTPHandler
    authorizer = authorizers.DummyAuthorizer()
    authorizer.add_anonymous(str(root))
    authorizer.add_user(USER, PASSWORD, str(root), perm="elr")

    class Modern(FTPHandler):  # type: ignore[misc, valid-type]  # pyftpdlib: imported when first used, untyped
        def on_login(self, username: str) -> None:
            if username == USER:
                self.fs.cwd = ALICE_HOME

    Modern.authorizer = authorizer
    Modern.banner = "urlinspector test server ready."
    Modern.auth_failed_timeout = 0.1  # pyftpdlib's delay before saying 530 (default 3 s)

    class Legacy(Modern):
        """No MLSD/MLST or EPSV; refuses CWD with an empty argument; says a wrong
        address in its PASV replies (as a server behind NAT does)."""

        proto_cmds: ClassVar[dict[str, Any]] = {
            k: v for k, v in FTPHandler.proto_cmds.items() if k not in {"MLSD", "MLST", "EPSV"}
        }
        masquerade_address = "192.0.2.1"

        def pre_process_command(self, line: str, cmd: str, arg: str) -> Any:
            if cmd == "CWD" and not arg:
                self.respond("501 Syntax error: CWD needs a directory name.")
                return None
            return super().pre_process_command(line, cmd, arg)

    class SlowData(handlers.ThrottledDTPHandler):  # type: ignore[misc, name-defined]
        write_limit = 256 * 1024  # bytes per second

    class Slow(Modern):
        dtp_handler = SlowData

    return {"modern": Modern, "legacy": Legacy, "slow": Slow}


class PyftpdlibServer:
    """A pyftpdlib server on *host*, port chosen by the system, run in a thread."""

    def __init__(self, handler: type[Any], host: str) -> None:
        logging.getLogger("pyftpdlib").setLevel(logging.WARNING)
        _, _, servers, ioloop = _pyftpdlib()
        # a loop of its own: the default one is shared by every server in the process
        self.server = servers.FTPServer((host, 0), handler, ioloop=ioloop.IOLoop())
        self.host = host
        self.port: int = self.server.socket.getsockname()[1]
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name=f"ftpd {host}", daemon=True)
        self._thread.start()

    def _loop(self) -> None:
        while not self._stop.is_set():
            self.server.serve_forever(timeout=0.02, blocking=False, handle_exit=False)
        self.server.close_all()

    def url(self, path: str = "", login: str = "") -> str:
        """``ftp://[login@]host:port/path``."""
        at = f"{login}@" if login else ""
        return f"ftp://{at}{authority(self.host, self.port)}/{path}"

    @property
    def authority(self) -> str:
        return authority(self.host, self.port)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(10)


# --- scripted servers ---------------------------------------------------------------------


class ScriptedServer(ConnectionServer):
    """A TCP server on 127.0.0.1 that runs *script* on each connection it accepts
    (in a thread); the script gets the socket and an event set at :meth:`stop`."""

    def __init__(self, script: Callable[[socket.socket, threading.Event], None]) -> None:
        self.script = script
        super().__init__(lambda conn: script(conn, self.stopping))

    def url(self, path: str = "") -> str:
        return f"ftp://127.0.0.1:{self.port}/{path}"

    def stop(self) -> None:
        self.close(5)


def lines(conn: socket.socket) -> Iterator[str]:
    """The command lines a client sends."""
    buffer = b""
    while True:
        while b"\r\n" not in buffer:
            chunk = conn.recv(4096)
            if not chunk:
                return
            buffer += chunk
        line, _, buffer = buffer.partition(b"\r\n")
        yield line.decode("latin-1")


def silent_after_greeting(conn: socket.socket, stopping: threading.Event) -> None:
    """Greets, then never answers."""
    conn.sendall(b"220 hello, and then nothing\r\n")
    stopping.wait(60)


def stalls_during_retr(conn: socket.socket, stopping: threading.Event) -> None:
    """A plausible server until RETR; then sends 1000 bytes and stops sending."""
    with contextlib.ExitStack() as cleanup:
        _stall(conn, stopping, cleanup)


def _stall(conn: socket.socket, stopping: threading.Event, cleanup: contextlib.ExitStack) -> None:
    conn.sendall(b"220 ready\r\n")
    data_listener: socket.socket | None = None
    for line in lines(conn):
        verb = line.split(" ", 1)[0].upper()
        if verb == "USER":
            conn.sendall(b"331 password please\r\n")
        elif verb == "PASS":
            conn.sendall(b"230 in\r\n")
        elif verb == "EPSV":
            data_listener = cleanup.enter_context(socket.create_server(("127.0.0.1", 0)))
            port = data_listener.getsockname()[1]
            conn.sendall(f"229 Entering Extended Passive Mode (|||{port}|)\r\n".encode())
        elif verb == "TYPE":
            conn.sendall(b"200 ok\r\n")
        elif verb == "RETR" and data_listener is not None:
            data, _ = data_listener.accept()
            conn.sendall(b"150 here it comes\r\n")
            with data:
                data.sendall(b"x" * 1000)
                stopping.wait(60)
            return
        else:
            conn.sendall(b"502 not here\r\n")


class LoginRecorder:
    """A script that records the command lines it receives and refuses the login."""

    def __init__(self, greeting: bytes = b"220 ready\r\n") -> None:
        self.received: list[str] = []
        self.greeting = greeting

    def __call__(self, conn: socket.socket, stopping: threading.Event) -> None:
        conn.sendall(self.greeting)
        for line in lines(conn):
            self.received.append(line)
            verb = line.split(" ", 1)[0].upper()
            if verb == "USER":
                conn.sendall(b"331 password please\r\n")
            elif verb == "PASS":
                conn.sendall(b"530 Login incorrect.\r\n")
            elif verb == "QUIT":
                conn.sendall(b"221 bye\r\n")
                return
            else:
                conn.sendall(b"502 not here\r\n")
