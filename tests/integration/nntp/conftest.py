"""A real INN 2 news server on 127.0.0.1, private to the test run; and fake servers
(:func:`serve`) for what a real one will not do: stall, flood, hang up, or speak TLS
with the test certificate in ``tests/data/nntp/tls``.

The fixture builds a complete INN instance in a temporary directory: its own
``inn.conf`` (found through ``INNCONF``) with every path pointing into the directory,
``domain`` set (the machine's host name may have none, and INN refuses to start without
a domain), ``port`` a free port and ``bindaddress`` 127.0.0.1; its own active file,
history database, ``readers.conf`` (anonymous readers everywhere but
``local.private``, which needs the login ``reader``, checked by INN's ``ckpasswd``) and
``incoming.conf`` (localhost is a feeding peer, so a reader connection starts in
innd's transit mode and must say MODE READER, as on a stock install).  innd runs in the
foreground as the ``news`` user; the articles are fed to it with IHAVE (RFC 3977 §6.3.2)
before the tests start.  Nothing outside the directory is read or written except INN's
installed programs and the stock configuration copied from ``/etc/news``.

Needs the Debian ``inn2`` package and root (to run innd as ``news``).  Without them the
tests are skipped with the reason, except in CI (``CI=true``), where they fail.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import socket
import ssl
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import NoReturn, TypedDict

import pytest
from tests.support.ci import unavailable as support_unavailable
from tests.support.ports import start_on_free_port, wait_listening
from tests.support.servers import ScriptedServer, closed_at_end

from urlinspector.net.tls import TLSOptions

INN_BIN = Path("/usr/lib/news/bin")
STOCK_ETC = Path("/etc/news")
READER = ("reader", "s3cret word")
BIG_GROUP_SIZE = 250
START_TIMEOUT = 20.0
TLS_DIR = Path(__file__).parents[2] / "data" / "nntp" / "tls"


def unavailable(reason: str) -> NoReturn:
    """Skip with *reason*, or fail in CI, where a missing server is a failure."""
    support_unavailable("the INN news server", reason)


class AsNews(TypedDict, total=False):
    """What runs a process as the ``news`` user (when the tests run as root)."""

    user: int
    group: int
    extra_groups: list[int]


# --- the articles --------------------------------------------------------------------------


@dataclass(frozen=True)
class Posted:
    """One article fed to the server."""

    message_id: str
    newsgroups: tuple[str, ...]
    subject_raw: str
    author_raw: str
    date: str
    body: bytes
    extra: tuple[tuple[str, str], ...] = ()

    def wire(self) -> bytes:
        """The article as IHAVE sends it: CRLF lines, dot-stuffed, ending in '.'."""
        head = [
            ("Path", "test.invalid!not-for-mail"),
            ("From", self.author_raw),
            ("Newsgroups", ",".join(self.newsgroups)),
            ("Subject", self.subject_raw),
            ("Message-ID", self.message_id),
            ("Date", self.date),
            *self.extra,
        ]
        lines = [f"{name}: {value}".encode("ascii") for name, value in head]
        lines.append(b"")
        lines.extend(self.body.split(b"\n"))
        stuffed = [b"." + line if line.startswith(b".") else line for line in lines]
        return b"\r\n".join(stuffed) + b"\r\n.\r\n"


DATE = "Mon, 02 Jan 2006 15:04:05 +0000"

ARTICLES: tuple[Posted, ...] = (
    Posted(
        "<welcome.1@test.invalid>",
        ("local.test",),
        "Welcome",
        "Ada Lovelace <ada@example.org>",
        DATE,
        b"Hello, readers of local.test.\nSecond line.",
    ),
    Posted(
        "<dots.2@test.invalid>",
        ("local.test",),
        "Re: Welcome",
        "Charles Babbage <charles@example.org>",
        "Mon, 02 Jan 2006 16:00:00 +0000",
        b"Lines that start with dots:\n.\n..\n.leading\n...three\nend",
        (("References", "<welcome.1@test.invalid>"),),
    ),
    Posted(
        "<latin1.3@test.invalid>",
        ("local.test",),
        "=?ISO-8859-1?Q?Gr=FC=DFe_aus_K=F6ln?=",
        "=?UTF-8?B?SsO8cmdlbiBNw7xsbGVy?= <juergen@example.org>",
        "Tue, 03 Jan 2006 09:00:00 +0100",
        "Grüße aus Köln".encode("latin-1"),
        (
            ("MIME-Version", "1.0"),
            ("Content-Type", "text/plain; charset=ISO-8859-1"),
            ("Content-Transfer-Encoding", "8bit"),
            ("References", "<welcome.1@test.invalid> <dots.2@test.invalid>"),
        ),
    ),
    Posted(
        "<nocharset.4@test.invalid>",
        ("local.test",),
        "No charset",
        "Old Reader <old@example.org>",
        "Wed, 04 Jan 2006 10:00:00 +0000",
        "un café crème".encode("latin-1"),
    ),
    Posted(
        "<qp.5@test.invalid>",
        ("local.test", "local.other"),
        "Quoted-printable",
        "Mime Writer <mime@example.org>",
        "Thu, 05 Jan 2006 11:00:00 +0000",
        b"na=C3=AFve =E2=82=AC=\nsoft break",
        (
            ("MIME-Version", "1.0"),
            ("Content-Type", "text/plain; charset=UTF-8"),
            ("Content-Transfer-Encoding", "quoted-printable"),
        ),
    ),
    Posted(
        "<secret.1@test.invalid>",
        ("local.private",),
        "Members only",
        "Admin <admin@example.org>",
        DATE,
        b"Only for logged-in readers.",
    ),
    *(
        Posted(
            f"<big.{n}@test.invalid>",
            ("local.big",),
            f"Article {n}",
            f"Poster {n % 7} <poster{n % 7}@example.org>",
            DATE,
            f"Body of article {n}.".encode("ascii"),
        )
        for n in range(1, BIG_GROUP_SIZE + 1)
    ),
)

GROUPS = ("local.test", "local.other", "local.big", "local.private", "local.empty")


# --- the server ----------------------------------------------------------------------------


@dataclass
class InnServer:
    host: str
    port: int
    root: Path
    articles: tuple[Posted, ...] = ARTICLES
    login: tuple[str, str] = READER
    numbers: dict[str, dict[str, int]] = field(default_factory=dict)
    """group -> message-id -> article number, as the server assigned them."""

    @property
    def setting(self) -> str:
        return f"{self.host}:{self.port}"

    def url(self, path: str) -> str:
        """``nntp://127.0.0.1:PORT/path``."""
        return f"nntp://{self.host}:{self.port}/{path}"

    def article(self, message_id: str) -> Posted:
        return next(a for a in self.articles if a.message_id == message_id)


def _inn_conf(root: Path, port: int) -> str:
    """The stock inn.conf with every path moved into *root*."""
    paths = {
        "pathetc": root / "etc",
        "pathdb": root / "db",
        "pathrun": root / "run",
        "pathspool": root / "spool",
        "patharticles": root / "spool/articles",
        "pathoverview": root / "spool/overview",
        "pathincoming": root / "spool/incoming",
        "pathtmp": root / "spool/incoming/tmp",
        "pathoutgoing": root / "spool/outgoing",
        "patharchive": root / "spool/archive",
        "pathlog": root / "log",
        "pathhttp": root / "http",
    }
    settings = {
        **{name: str(path) for name, path in paths.items()},
        "port": str(port),
        "bindaddress": "127.0.0.1",
        "domain": "test.invalid",
        "pathhost": "inn.test.invalid",
        "artcutoff": "0",  # the articles carry fixed dates from 2006
        "doinnwatch": "false",
        "status": "0",
        "timer": "0",
        "pgpverify": "false",
        "readertrack": "false",
        "nnrpdloadlimit": "0",
    }
    kept = []
    for line in (STOCK_ETC / "inn.conf").read_text(encoding="utf-8").splitlines():
        name = line.lstrip("#").split(":", 1)[0].strip()
        if name not in settings:
            kept.append(line)
    kept += [f"{name}: {value}" for name, value in settings.items()]
    for path in paths.values():
        path.mkdir(parents=True, exist_ok=True)
    return "\n".join(kept) + "\n"


def _readers_conf(root: Path) -> str:
    ckpasswd = INN_BIN / "auth/passwd/ckpasswd"
    return f"""\
auth "anonymous" {{
    hosts: "127.0.0.1, localhost"
    default: "<anonymous>"
}}
auth "readers" {{
    hosts: "127.0.0.1, localhost"
    auth: "{ckpasswd} -f {root / "etc/passwd.readers"}"
}}
access "anonymous" {{
    users: "<anonymous>"
    newsgroups: "*,!local.private"
    access: RPA
}}
access "readers" {{
    users: "{READER[0]}"
    newsgroups: "*"
    access: RPA
}}
"""


def _crypt(password: str) -> str:
    """A SHA-512 crypt(3) hash for ckpasswd, made by perl (a dependency of inn2)."""
    done = subprocess.run(
        ["perl", "-e", "print crypt($ARGV[0], q($6$) . $ARGV[1])", password, "urlinspect"],
        check=True,
        capture_output=True,
        text=True,
        timeout=30,
    )
    return done.stdout.strip()


def _recv_line(sock: socket.socket, buffer: bytearray) -> bytes:
    while b"\n" not in buffer:
        data = sock.recv(65536)
        if not data:
            raise ConnectionError("the server closed the feed connection")
        buffer += data
    end = buffer.index(b"\n")
    line = bytes(buffer[:end]).rstrip(b"\r")
    del buffer[: end + 1]
    return line


def _feed(host: str, port: int, articles: tuple[Posted, ...]) -> None:
    """Offer every article with IHAVE on innd's feed side (RFC 3977 §6.3.2)."""
    with socket.create_connection((host, port), timeout=15) as sock:
        buffer = bytearray()
        greeting = _recv_line(sock, buffer)
        assert greeting.startswith(b"200"), greeting
        for article in articles:
            sock.sendall(f"IHAVE {article.message_id}\r\n".encode("ascii"))
            line = _recv_line(sock, buffer)
            assert line.startswith(b"335"), (article.message_id, line)
            sock.sendall(article.wire())
            line = _recv_line(sock, buffer)
            assert line.startswith(b"235"), (article.message_id, line)
        sock.sendall(b"QUIT\r\n")
        _recv_line(sock, buffer)


def _numbers(server: InnServer) -> None:
    """Which number each article got, asked with plain sockets (the tests' oracle)."""
    with socket.create_connection((server.host, server.port), timeout=15) as sock:
        buffer = bytearray()

        def command(line: str) -> bytes:
            sock.sendall(line.encode("ascii") + b"\r\n")
            return _recv_line(sock, buffer)

        _recv_line(sock, buffer)
        assert command("MODE READER").startswith(b"20")
        assert command(f"AUTHINFO USER {server.login[0]}").startswith(b"381")
        assert command(f"AUTHINFO PASS {server.login[1]}").startswith(b"281")
        for group in GROUPS:
            assert command(f"GROUP {group}").startswith(b"211")
            numbers: dict[str, int] = {}
            if command("XOVER 1-").startswith(b"224"):
                while (line := _recv_line(sock, buffer)) != b".":
                    fields = line.split(b"\t")
                    numbers[fields[4].decode("ascii")] = int(fields[0])
            server.numbers[group] = numbers
        command("QUIT")


def _wait_for_greeting(host: str, port: int, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(
                f"innd exited with {process.returncode}: {log.read_text(errors='replace')[-2000:]}"
            )
        try:
            with socket.create_connection((host, port), timeout=2) as sock:
                sock.settimeout(5)
                if sock.recv(512).startswith(b"200"):
                    sock.sendall(b"QUIT\r\n")
                    return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"innd did not answer on {host}:{port} within {START_TIMEOUT} s")


def _stop(process: subprocess.Popen[bytes], env: dict[str, str], as_news: AsNews) -> None:
    """``ctlinnd shutdown`` (innd saves its state and exits), then kill if it lingers."""
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        subprocess.run(
            [str(INN_BIN / "ctlinnd"), "-t", "10", "shutdown", "tests done"],
            env=env,
            capture_output=True,
            timeout=15,
            **as_news,
        )
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@pytest.fixture(scope="session")
def inn() -> Iterator[InnServer]:
    """A running INN server on 127.0.0.1, with the groups and articles of this module."""
    innd = INN_BIN / "innd"
    if not innd.exists() or not (STOCK_ETC / "inn.conf").exists():
        unavailable("INN is not installed (Debian: apt-get install inn2)")
    try:
        news = pwd.getpwnam("news")
    except KeyError:
        unavailable("there is no 'news' user to run innd as")
    if os.geteuid() not in (0, news.pw_uid):
        unavailable("innd must run as the 'news' user: run the tests as root or as news")
    if shutil.which("perl") is None:
        unavailable("perl (a dependency of inn2) is missing")

    root = Path(tempfile.mkdtemp(prefix="urlinspector-inn-"))
    process: subprocess.Popen[bytes] | None = None
    env = {**os.environ, "INNCONF": str(root / "etc/inn.conf")}
    as_news: AsNews = {}
    if os.geteuid() == 0:
        as_news = {"user": news.pw_uid, "group": news.pw_gid, "extra_groups": []}
    try:
        root.chmod(0o755)
        shutil.copytree(STOCK_ETC, root / "etc", dirs_exist_ok=True)
        # the port is set when innd starts (below), on one that is free
        (root / "etc/inn.conf").write_text(_inn_conf(root, 0), encoding="utf-8")
        (root / "etc/readers.conf").write_text(_readers_conf(root), encoding="utf-8")
        (root / "etc/passwd.readers").write_text(f"{READER[0]}:{_crypt(READER[1])}\n")
        (root / "etc/incoming.conf").write_text(
            'peer ME {\n  hostname: "localhost, 127.0.0.1"\n}\n', encoding="utf-8"
        )
        # no control-message program, no outgoing feeds: only the local spool
        (root / "etc/newsfeeds").write_text("ME:!*/!local::\n", encoding="utf-8")
        active = [
            f"{group} 0000000000 0000000001 n" for group in ("control", "control.cancel", "junk")
        ]
        active += [f"{group} 0000000000 0000000001 y" for group in GROUPS]
        (root / "db/active").write_text("\n".join(active) + "\n", encoding="ascii")
        descriptions = [f"{group}\tThe {group.split('.')[1]} group" for group in GROUPS]
        (root / "db/newsgroups").write_text("\n".join(descriptions) + "\n", encoding="ascii")
        for name in ("active.times", "history"):
            (root / "db" / name).touch()
        for path in (root, *root.rglob("*")):
            os.chown(path, news.pw_uid, news.pw_gid, follow_symlinks=False)

        subprocess.run(
            [str(INN_BIN / "makedbz"), "-i", "-o", "-s", "1000"],
            cwd=root / "db",
            env=env,
            check=True,
            capture_output=True,
            timeout=60,
            **as_news,
        )
        log = root / "log/innd.out"

        def start(port: int) -> tuple[int, subprocess.Popen[bytes]]:
            conf = root / "etc/inn.conf"
            conf.write_text(_inn_conf(root, port), encoding="utf-8")
            os.chown(conf, news.pw_uid, news.pw_gid)
            with log.open("wb") as out:
                started = subprocess.Popen(
                    [str(innd), "-f"],
                    cwd=root,
                    env=env,
                    stdout=out,
                    stderr=subprocess.STDOUT,
                    **as_news,
                )
            wait_listening(
                port,
                started,
                "innd",
                timeout=START_TIMEOUT,
                output=lambda: log.read_text(errors="replace"),
            )
            return port, started

        port, process = start_on_free_port(start)
        _wait_for_greeting("127.0.0.1", port, process, log)
        _feed("127.0.0.1", port, ARTICLES)
        server = InnServer("127.0.0.1", port, root)
        _numbers(server)
        yield server
    except (OSError, subprocess.SubprocessError, RuntimeError) as exc:  # PortInUse too
        unavailable(f"could not start INN: {exc}")
    finally:
        if process is not None:
            _stop(process, env, as_news)
        shutil.rmtree(root, ignore_errors=True)


# --- fake servers ------------------------------------------------------------------------------

Handler = Callable[[socket.socket, ScriptedServer], None]


@pytest.fixture
def serve() -> Iterator[Callable[..., ScriptedServer]]:
    """Start fake servers on 127.0.0.1, each running its *handler* for one connection
    after the other: ``serve(handler, implicit_tls=None)`` (*implicit_tls* wraps each
    connection in TLS at once: NNTPS); all stop at the end."""

    def make(handler: Handler, implicit_tls: ssl.SSLContext | None = None) -> ScriptedServer:
        return ScriptedServer(handler, threaded=False, tls=implicit_tls)

    with closed_at_end(make) as start:
        yield start


@pytest.fixture
def tls_server_context() -> ssl.SSLContext:
    """The server side of TLS with the test certificate (CN=localhost, 127.0.0.1)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(TLS_DIR / "cert.pem", TLS_DIR / "key.pem")
    return context


@pytest.fixture
def tls_client_context() -> TLSOptions:
    """Trust the test certificate (and nothing else)."""
    return TLSOptions(cafile=str(TLS_DIR / "cert.pem"))
