"""Real gopher servers on 127.0.0.1, private to the test run, all serving the same small
gopher hole (a text file, a folder with a file, a binary file):

* ``pygopherd`` (PyPI, installed with the test extras; it speaks Gopher+), run in a
  subprocess with its own configuration file;
* ``gophernicus`` (Debian package ``gophernicus``), an inetd-style server run by
  ``socat`` for each connection, as ``nobody`` when the tests run as root;
* urlinspector's own demo server, on its bundled gopher hole;
* ``gophers_server``: gophernicus behind a TLS terminator (``socat OPENSSL-LISTEN``)
  with a certificate issued by a CA ``openssl`` makes for the run (``tls_files``):
  gophernicus listens in clear text on ``plain_port`` and names ``tls_port`` in its
  menus (``-p``, ``-T``: the deployment its README describes, stunnel in front), so a
  clear-text fetch and a TLS fetch get the same bytes; ``wrong_name_port`` is a second
  terminator whose certificate (same CA) names ``wrong.example`` only.

Without pygopherd, gophernicus, socat or openssl the tests that need them are skipped with the
reason, except in CI (``CI=true``), where a missing server is a failure.
"""

from __future__ import annotations

import os
import pwd
import shutil
import ssl
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from tests.support.ci import unavailable
from tests.support.ports import (
    PortInUse,
    ServerDidNotStart,
    start_on_free_port,
    wait_listening,
)

from urlinspector.net.demo_server import DemoServer

START_TIMEOUT = 20.0

TEXT = "Hello from the test gopher hole.\nA second line.\n\nThe end.\n"
SUB_TEXT = "A file in a folder.\n"
BINARY = bytes(range(256)) * 40  # every octet value, CR, LF and "." included


@dataclass(frozen=True)
class GopherServer:
    """One running server and what it serves."""

    name: str
    host: str
    port: int
    root: Path
    plus: bool
    """Whether it answers Gopher+ requests."""

    @property
    def url(self) -> str:
        return f"gopher://{self.host}:{self.port}/"

    def item(self, gophertype: str, selector: str) -> str:
        return f"gopher://{self.host}:{self.port}/{gophertype}{selector}"


def _output(process: subprocess.Popen[bytes]) -> Callable[[], str]:
    def said() -> str:
        return process.stdout.read().decode(errors="replace") if process.stdout else ""

    return said


def _wait_until_listening(port: int, process: subprocess.Popen[bytes], what: str) -> None:
    """Wait for *process* to listen; :class:`PortInUse` lets the caller try another port."""
    try:
        wait_listening(port, process, what, timeout=START_TIMEOUT, output=_output(process))
    except ServerDidNotStart as exc:
        pytest.fail(str(exc))


def _listening(port: int, process: subprocess.Popen[bytes], what: str) -> subprocess.Popen[bytes]:
    """*process* once it listens on *port*; stopped, and :class:`PortInUse` raised, when
    it could not bind the port."""
    try:
        _wait_until_listening(port, process, what)
    except PortInUse:
        _stop(process)
        raise
    return process


def _socat_gophernicus(socat: str, port: int, command: str) -> subprocess.Popen[bytes]:
    """socat listening on *port*, running the gophernicus *command* per connection.

    ``nofork``: gophernicus gets the connection itself as stdin and stdout, as from
    inetd.  Relayed through a socket pair to a child of socat instead, a short reply
    written just before gophernicus exits (an error line) was now and then lost: the
    client saw the connection closed with nothing (about 1 fetch in 40)."""
    exec_options = ",su=nobody" if os.geteuid() == 0 else ""  # gophernicus refuses root
    process = subprocess.Popen(
        [
            socat,
            f"TCP-LISTEN:{port},bind=127.0.0.1,reuseaddr,fork",
            f"EXEC:{command}{exec_options},nofork",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    return _listening(port, process, "socat running gophernicus")


def _stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=5)
    if process.stdout is not None:
        process.stdout.close()


@pytest.fixture(scope="session")
def gopher_hole() -> Iterator[Path]:
    """The files every server serves, readable by ``nobody``."""
    root = Path(tempfile.mkdtemp(prefix="urlinspector-gopher-"))
    try:
        (root / "hello.txt").write_text(TEXT)
        (root / "folder").mkdir()
        (root / "folder" / "inside.txt").write_text(SUB_TEXT)
        (root / "data.bin").write_bytes(BINARY)
        (root / "hello.txt.abstract").write_text("A friendly greeting.\n")
        for path in [root, *root.rglob("*")]:
            path.chmod(0o755 if path.is_dir() else 0o644)
        yield root
    finally:
        shutil.rmtree(root, ignore_errors=True)


_PYGOPHERD_CONF = """\
[pygopherd]
servertype = ThreadingTCPServer
tracebacks = no
port = {port}
interface = 127.0.0.1
servername = 127.0.0.1
detach = no
usechroot = no
root = {root}
mimetypes = {mimetypes}
encoding = []
abstract_headers = no
abstract_entries = never
timeout = 10

[logger]
logmethod = none

[GopherEntry]
defaultmimetype = text/plain
mapping = [['text/html', 'h'], ['text/.+', '0'], ['image/gif', 'g'], ['image/.+', 'I'],
           ['application/gopher-menu', '1'], ['application/.+', '9'], ['.*', '0']]
eaexts = {{'.abstract': 'ABSTRACT'}}

[handlers.HandlerMultiplexer]
handlers = [dir.DirHandler, file.FileHandler]

[handlers.dir.DirHandler]
cachetime = 0
cachefile = .cache
ignorepatt = /\\.|~$|\\.abstract$

[protocols.ProtocolMultiplexer]
protocols = [gopherp.GopherPlusProtocol, rfc1436.GopherProtocol]

[protocols.gopherp.GopherPlusProtocol]
admin = Test Admin <admin@localhost>
"""


@pytest.fixture(scope="session")
def pygopherd(gopher_hole: Path) -> Iterator[GopherServer]:
    script = Path(sys.executable).parent / "pygopherd"
    if not script.exists():
        unavailable("pygopherd", "pygopherd is not installed (pip install -e '.[test]')")
    mimetypes = next(
        (p for p in ("/etc/mime.types", "/usr/share/misc/mime.types") if Path(p).exists()),
        None,
    )
    folder = Path(tempfile.mkdtemp(prefix="urlinspector-pygopherd-"))
    if mimetypes is None:  # pygopherd insists on a mime.types file
        mimetypes = str(folder / "mime.types")
        Path(mimetypes).write_text("text/plain txt\napplication/octet-stream bin\n")
    conf = folder / "pygopherd.conf"

    def start(port: int) -> tuple[int, subprocess.Popen[bytes]]:
        conf.write_text(_PYGOPHERD_CONF.format(port=port, root=gopher_hole, mimetypes=mimetypes))
        process = subprocess.Popen(
            [sys.executable, str(script), str(conf)],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            cwd=folder,
        )
        return port, _listening(port, process, "pygopherd")

    port, process = start_on_free_port(start)
    try:
        yield GopherServer("pygopherd", "127.0.0.1", port, gopher_hole, plus=True)
    finally:
        _stop(process)
        shutil.rmtree(folder, ignore_errors=True)


def _gophernicus_binary() -> str | None:
    for candidate in (shutil.which("gophernicus"), "/usr/sbin/gophernicus", "/usr/bin/gophernicus"):
        if candidate and Path(candidate).exists():
            return candidate
    return None


@pytest.fixture(scope="session")
def gophernicus(gopher_hole: Path) -> Iterator[GopherServer]:
    binary = _gophernicus_binary()
    socat = shutil.which("socat")
    if binary is None or socat is None:
        missing = " and ".join(n for n, p in (("gophernicus", binary), ("socat", socat)) if not p)
        unavailable("gophernicus", f"{missing} not installed (apt-get install gophernicus socat)")
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("nobody")
        except KeyError:
            unavailable("gophernicus", "there is no 'nobody' user to run gophernicus as")

    def start(port: int) -> tuple[int, subprocess.Popen[bytes]]:
        # -nv no virtual hosts, -ns no syslog, -nf no footer, -nd no dates and sizes in menus
        command = f"{binary} -h 127.0.0.1 -p {port} -r {gopher_hole} -nv -ns -nf -nd"
        return port, _socat_gophernicus(str(socat), port, command)

    port, process = start_on_free_port(start)
    try:
        yield GopherServer("gophernicus", "127.0.0.1", port, gopher_hole, plus=False)
    finally:
        _stop(process)


@pytest.fixture(scope="session")
def demo() -> Iterator[DemoServer]:
    with DemoServer() as server:
        yield server


@pytest.fixture(params=["pygopherd", "gophernicus"])
def server(request: pytest.FixtureRequest) -> GopherServer:
    """Each real server in turn."""
    return request.getfixturevalue(str(request.param))  # type: ignore[no-any-return]


# --- gopher over TLS: gophernicus behind a TLS terminator -------------------------------


@dataclass(frozen=True)
class TLSFiles:
    """The test CA and the certificates it issued (PEM files)."""

    folder: Path
    ca: Path
    server_cert: Path
    server_key: Path
    wrong_cert: Path
    wrong_key: Path

    def der(self, cert: Path) -> bytes:
        return ssl.PEM_cert_to_DER_cert(cert.read_text())


@dataclass(frozen=True)
class TLSGopher:
    """gophernicus in clear text on *plain_port*, behind TLS on *tls_port* (and, with a
    certificate for another name, on *wrong_name_port*)."""

    host: str
    plain_port: int
    tls_port: int
    wrong_name_port: int
    root: Path
    files: TLSFiles

    def plain(self, path: str = "/") -> str:
        return f"gopher://{self.host}:{self.plain_port}{path}"

    def tls(self, path: str = "/") -> str:
        return f"gophers://{self.host}:{self.tls_port}{path}"


def _openssl(*args: str, cwd: Path) -> None:
    done = subprocess.run(["openssl", *args], cwd=cwd, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        pytest.fail(f"openssl {' '.join(args[:2])} failed: {done.stderr[-2000:]}")


def _issue(folder: Path, name: str, subject: str, alt_names: str) -> None:
    """A key and a certificate for *subject*, issued by the CA in *folder*."""
    _openssl(
        "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
        "-keyout", f"{name}.key", "-out", f"{name}.csr", "-subj", subject,
        cwd=folder,
    )  # fmt: skip
    (folder / f"{name}.ext").write_text(
        f"subjectAltName={alt_names}\nextendedKeyUsage=serverAuth\n"
        "basicConstraints=critical,CA:FALSE\n"
    )
    _openssl(
        "x509", "-req", "-in", f"{name}.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
        "-CAcreateserial", "-days", "30", "-sha256", "-extfile", f"{name}.ext",
        "-out", f"{name}.pem",
        cwd=folder,
    )  # fmt: skip


@pytest.fixture(scope="session")
def tls_files() -> Iterator[TLSFiles]:
    if shutil.which("openssl") is None:
        unavailable("openssl", "openssl is not installed (apt-get install openssl)")
    folder = Path(tempfile.mkdtemp(prefix="urlinspector-gophers-"))
    try:
        _openssl(
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
            "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "30", "-sha256",
            "-subj", "/CN=urlinspector test CA",
            cwd=folder,
        )  # fmt: skip
        _issue(folder, "server", "/CN=localhost", "DNS:localhost,IP:127.0.0.1")
        _issue(folder, "wrong", "/CN=wrong.example", "DNS:wrong.example")
        for path in folder.iterdir():
            path.chmod(0o644)  # socat may run as nobody
        yield TLSFiles(
            folder,
            folder / "ca.pem",
            folder / "server.pem",
            folder / "server.key",
            folder / "wrong.pem",
            folder / "wrong.key",
        )
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _terminator(
    socat: str, port: int, cert: Path, key: Path, backend: int
) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [
            socat,
            f"OPENSSL-LISTEN:{port},bind=127.0.0.1,reuseaddr,fork,cert={cert},key={key},verify=0",
            f"TCP:127.0.0.1:{backend}",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )


@pytest.fixture(scope="session")
def gophers_server(gopher_hole: Path, tls_files: TLSFiles) -> Iterator[TLSGopher]:
    binary = _gophernicus_binary()
    socat = shutil.which("socat")
    if binary is None or socat is None:
        missing = " and ".join(n for n, p in (("gophernicus", binary), ("socat", socat)) if not p)
        unavailable("gophernicus", f"{missing} not installed (apt-get install gophernicus socat)")
    processes: list[subprocess.Popen[bytes]] = []

    def backend(tls: int) -> tuple[int, subprocess.Popen[bytes]]:
        # menus name the TLS port (-p), which gophernicus knows is the TLS one (-T)
        command = f"{binary} -h 127.0.0.1 -p {tls} -T {tls} -r {gopher_hole} -nv -ns -nf -nd"
        return start_on_free_port(
            lambda plain: (plain, _socat_gophernicus(str(socat), plain, command))
        )

    def terminator(port: int, cert: Path, key: Path, plain: int, what: str) -> int:
        processes.append(_listening(port, _terminator(str(socat), port, cert, key, plain), what))
        return port

    def pair(tls: int) -> tuple[int, int]:
        """gophernicus naming *tls* in its menus, and the TLS terminator on *tls*."""
        plain, first = backend(tls)
        processes.append(first)
        try:
            terminator(
                tls, tls_files.server_cert, tls_files.server_key, plain, "socat's TLS terminator"
            )
        except PortInUse:
            processes.remove(first)
            _stop(first)
            raise
        return plain, tls

    try:
        plain, tls = start_on_free_port(pair)
        wrong = start_on_free_port(
            lambda port: terminator(
                port,
                tls_files.wrong_cert,
                tls_files.wrong_key,
                plain,
                "socat's TLS terminator (wrong name)",
            )
        )
        yield TLSGopher("127.0.0.1", plain, tls, wrong, gopher_hole, tls_files)
    finally:
        for process in reversed(processes):
            _stop(process)
