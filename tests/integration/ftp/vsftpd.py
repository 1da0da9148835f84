"""vsftpd with TLS on 127.0.0.1 for the FTPS tests: a certificate authority and a server
certificate made with openssl for the session, and vsftpd started on a free port as a
foreground listener, with explicit TLS (AUTH TLS, RFC 4217) or implicit TLS (ftps).

vsftpd drops its privileges to the ``ftp`` user and chroots the anonymous user into
its root when started as root (as in CI); started by another user it runs as that user
(``run_as_launching_user``).  Its data connections require the control connection's
TLS session to be resumed (``require_ssl_reuse``, vsftpd's default), as servers in the
field do.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from tests.support.ports import (
    PortInUse,
    ServerDidNotStart,
    candidate_port,
    start_on_free_port,
    wait_listening,
)

__all__ = ["Certificates", "VsftpdServer", "VsftpdUnavailable", "make_certificates"]

START_TIMEOUT = 10.0


class VsftpdUnavailable(RuntimeError):
    """vsftpd or openssl is missing, or vsftpd would not start (the message says why)."""


@dataclass(frozen=True)
class Certificates:
    ca: Path
    """The test CA's certificate: give it as --cacert."""
    cert: Path
    """The server's certificate (CN=localhost, SAN localhost and 127.0.0.1), by the CA."""
    key: Path
    other_ca: Path
    """A CA that signed nothing the server has: verifying with it must fail."""


def _openssl(*args: str) -> None:
    openssl = shutil.which("openssl")
    if openssl is None:
        raise VsftpdUnavailable("openssl is not installed (apt-get install openssl)")
    done = subprocess.run([openssl, *args], capture_output=True, timeout=60, check=False)
    if done.returncode != 0:
        raise VsftpdUnavailable(f"openssl {args[0]} failed: {done.stderr.decode(errors='replace')}")


def _make_ca(folder: Path, name: str) -> tuple[Path, Path]:
    cert, key = folder / f"{name}.pem", folder / f"{name}.key"
    _openssl(
        "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
        "-subj", f"/O=urlinspector tests/CN={name}",
        "-keyout", str(key), "-out", str(cert),
        "-addext", "basicConstraints=critical,CA:TRUE",
        "-addext", "keyUsage=critical,keyCertSign,cRLSign",
    )  # fmt: skip
    return cert, key


def make_certificates(folder: Path) -> Certificates:
    """A CA, a server certificate it signed for localhost and 127.0.0.1, and another CA."""
    ca, ca_key = _make_ca(folder, "urlinspector test CA")
    other_ca, _ = _make_ca(folder, "another CA")
    key, request, cert = folder / "server.key", folder / "server.csr", folder / "server.pem"
    extensions = folder / "server.ext"
    extensions.write_text(
        "subjectAltName=DNS:localhost,IP:127.0.0.1\n"
        "basicConstraints=CA:FALSE\n"
        "extendedKeyUsage=serverAuth\n"
    )
    _openssl(
        "req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost",
        "-keyout", str(key), "-out", str(request),
    )  # fmt: skip
    _openssl(
        "x509", "-req", "-in", str(request), "-CA", str(ca), "-CAkey", str(ca_key),
        "-CAcreateserial", "-days", "2", "-extfile", str(extensions), "-out", str(cert),
    )  # fmt: skip
    for path in (cert, key):
        path.chmod(0o644 if path == cert else 0o600)
    return Certificates(ca=ca, cert=cert, key=key, other_ca=other_ca)


def _passive_range() -> tuple[int, int]:
    """Twenty ports for passive data connections, outside the ephemeral range, the first
    one free now (vsftpd tries another in the range when one is taken)."""
    while True:
        first = candidate_port()
        if first + 20 < 65536:
            return first, first + 19


class VsftpdServer:
    """vsftpd on 127.0.0.1 serving *root* to anonymous users, with TLS (*implicit*:
    ftps, TLS from the first octet; else explicit, AUTH TLS on the ftp port)."""

    def __init__(
        self, root: Path, certificates: Certificates, work: Path, *, implicit: bool
    ) -> None:
        binary = shutil.which("vsftpd") or (
            "/usr/sbin/vsftpd" if os.path.exists("/usr/sbin/vsftpd") else None
        )
        if binary is None:
            raise VsftpdUnavailable("vsftpd is not installed (apt-get install vsftpd)")
        self.implicit = implicit
        self.root = root
        root.chmod(0o755)  # the ftp user reads it; vsftpd refuses a writable chroot
        empty = work / "empty"
        empty.mkdir(exist_ok=True)
        empty.chmod(0o555)
        self.log = work / "vsftpd.log"
        first, last = _passive_range()
        settings = {
            "listen": "YES",
            "listen_ipv6": "NO",
            "listen_address": "127.0.0.1",
            "listen_port": "{port}",
            "background": "NO",
            "anonymous_enable": "YES",
            "local_enable": "NO",
            "write_enable": "NO",
            "anon_root": str(root),
            "no_anon_password": "YES",
            "pasv_enable": "YES",
            "pasv_address": "127.0.0.1",
            "pasv_min_port": str(first),
            "pasv_max_port": str(last),
            "seccomp_sandbox": "NO",
            "secure_chroot_dir": str(empty),
            "ssl_enable": "YES",
            "allow_anon_ssl": "YES",
            "force_anon_logins_ssl": "NO",
            "force_anon_data_ssl": "NO",
            "require_ssl_reuse": "YES",
            "implicit_ssl": "YES" if implicit else "NO",
            "rsa_cert_file": str(certificates.cert),
            "rsa_private_key_file": str(certificates.key),
            "vsftpd_log_file": str(self.log),
            "xferlog_enable": "NO",
            "use_localtime": "NO",
        }
        if os.geteuid() != 0:
            settings["run_as_launching_user"] = "YES"
        self.config = work / ("implicit.conf" if implicit else "explicit.conf")
        self.output = work / ("implicit.out" if implicit else "explicit.out")
        template = "".join(f"{k}={v}\n" for k, v in settings.items())
        try:
            self.port, self.process = start_on_free_port(
                lambda port: self._start(binary, template.replace("{port}", str(port)), port)
            )
        except (PortInUse, ServerDidNotStart) as exc:
            raise VsftpdUnavailable(str(exc)) from exc

    def _start(self, binary: str, config: str, port: int) -> tuple[int, subprocess.Popen[bytes]]:
        self.config.write_text(config)
        with open(self.output, "wb") as out:
            process = subprocess.Popen(
                [binary, str(self.config)], stdin=subprocess.DEVNULL, stdout=out, stderr=out
            )
        said = self.output.read_text(errors="replace").strip
        wait_listening(port, process, "vsftpd", timeout=START_TIMEOUT, output=said)
        return port, process

    def url(self, path: str = "", scheme: str | None = None) -> str:
        scheme = scheme or ("ftps" if self.implicit else "ftp")
        return f"{scheme}://127.0.0.1:{self.port}/{path}"

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
