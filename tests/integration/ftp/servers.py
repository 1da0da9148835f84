"""Real FTP servers on loopback for the tests: pyftpdlib in a thread (a modern server,
a legacy one, a slow one), and scripted servers that misbehave on purpose (silent after
the greeting, stalling in the middle of a transfer)."""

from __future__ import annotations

import logging
import random
import socket
import threading
import warnings
from pathlib import Path
from typing import Any, ClassVar

from tests.support.fake_ftp import ftp_dialogue
from tests.support.servers import Script, ScriptedServer

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
# (tests.support: ScriptedServer, running tests.support.fake_ftp's dialogue)


def silent_after_greeting(conn: socket.socket, server: ScriptedServer) -> None:
    """Greets, then never answers."""
    conn.sendall(b"220 hello, and then nothing\r\n")
    server.stopping.wait()


def _sends_a_little_then_stalls(data: socket.socket, server: ScriptedServer) -> None:
    data.sendall(b"x" * 1000)
    server.stopping.wait()


stalls_during_retr = ftp_dialogue(data=_sends_a_little_then_stalls)
"""A plausible server until RETR; then sends 1000 bytes and stops sending."""


def refuses_logins(greeting: bytes = b"220 ready\r\n") -> Script:
    """A server that greets with *greeting* and refuses every login (what the client
    sent is in the server's ``received``)."""
    return ftp_dialogue(greeting=greeting, replies={b"PASS": b"530 Login incorrect.\r\n"})
