"""Opening a data connection in passive mode: EPSV (RFC 2428), else PASV (RFC 959
§4.1.2) with the address of its reply replaced by the server's own, the port judged by
the request policy (another port of a loopback server is another local service:
:meth:`~urlinspector.net.policy.Guard.data`), then the command and its 1xx."""

from __future__ import annotations

import ftplib
import socket
import ssl

from urlinspector.net.ftp.control import Control
from urlinspector.net.ftp.errors import FTPError
from urlinspector.net.ftp.tls import handshake

__all__ = ["PassiveControl"]


class PassiveControl(Control):
    """:class:`Control` whose data connections are passive: EPSV before PASV, never to
    the host a PASV reply names, and to a port the request policy allows."""

    def makepasv(self) -> tuple[str, int]:
        """EPSV (RFC 2428 §3), and PASV (RFC 959 §4.1.2) when the server refuses it;
        the host of a PASV reply is replaced by the control connection's peer, as
        ftplib does by default."""
        sock = self.sock
        assert sock is not None
        peer = sock.getpeername()
        if self.epsv is not False:
            try:
                reply = self.sendcmd("EPSV")
                host, port = ftplib.parse229(reply, peer)
                self.epsv = True
                return host, _in_range(port, reply)
            except ftplib.error_perm:
                self.epsv = False
                if self.af == socket.AF_INET6:
                    raise
                self.transcript.note("EPSV refused: falling back to PASV (RFC 959 §4.1.2)")
        reply = self.sendcmd("PASV")
        untrusted, port = ftplib.parse227(reply)
        port = _in_range(port, reply)
        host = str(peer[0])
        if untrusted != host:
            self.transcript.note(
                f"the PASV reply names {untrusted}; connecting to {host}, the server's own "
                "address, instead (a PASV address is not trusted: it could point the data "
                "connection at any other host)"
            )
        return host, port

    def ntransfercmd(
        self, cmd: str, rest: int | str | None = None
    ) -> tuple[socket.socket, int | None]:
        host, port = self.makepasv()
        shown = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
        guard = self.waits.limits.guard
        if guard is not None:  # the address is the server's own; the port may not be
            assert self.sock is not None
            peer = self.sock.getpeername()
            guard.data((str(peer[0]), int(peer[1])), port)
        self.transcript.connect(f"data connection to {shown}")
        conn = self.waits.connect(host, port, shown, guarded=False)
        try:
            if rest is not None:
                self.sendcmd(f"REST {rest}")
            resp = self.sendcmd(cmd)
            if resp[:1] == "2":  # a stray 2xx before the 1xx (ftplib's note)
                resp = self.getresp()
            if resp[:1] != "1":
                raise ftplib.error_reply(resp)
        except BaseException:
            conn.close()
            raise
        size = ftplib.parse150(resp) if resp[:3] == "150" else None
        if self.protect_data:
            conn = self.protect(conn, shown)
        return conn, size

    def protect(self, conn: socket.socket, shown: str) -> socket.socket:
        """The data connection in TLS (RFC 4217 §9, PROT P), resuming the control
        connection's session: the server then knows it is the same client."""
        assert isinstance(self.sock, ssl.SSLSocket)
        assert self.tls_context is not None
        tls = handshake(
            self.waits, conn, self.tls_context, self.host, shown, session=self.sock.session
        )
        resumed = (
            "the control connection's session resumed"
            if tls.session_reused
            else ("a new session (the control connection's was not resumed)")
        )
        self.transcript.connect(f"data connection in TLS: {tls.version()}, {resumed}")
        return tls


def _in_range(port: int, reply: str) -> int:
    """*port* of an EPSV or PASV reply, when it is one (1 to 65535, RFC 793 §3.1); else
    the server broke the protocol: a port out of range would otherwise be wrapped
    round by the socket layer (70000 becomes 4464) and the data connection sent to
    another port than the reply names."""
    if not 0 < port < 65536:
        raise FTPError(
            f"the server's passive reply names port {port}, which is not a TCP port "
            f"(1 to 65535): {reply.strip()!r}"
        )
    return port
