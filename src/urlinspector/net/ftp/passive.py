"""Opening a data connection in passive mode: EPSV (RFC 2428), else PASV (RFC 959
§4.1.2) with the address of its reply replaced by the server's own, then the command
and its 1xx."""

from __future__ import annotations

import ftplib
import socket

from urlinspector.net.ftp.control import Control

__all__ = ["PassiveControl"]


class PassiveControl(Control):
    """:class:`Control` whose data connections are passive: EPSV before PASV, and never
    to the host a PASV reply names."""

    def makepasv(self) -> tuple[str, int]:
        """EPSV (RFC 2428 §3), and PASV (RFC 959 §4.1.2) when the server refuses it;
        the host of a PASV reply is replaced by the control connection's peer, as
        ftplib does by default."""
        sock = self.sock
        assert sock is not None
        peer = sock.getpeername()
        if self.epsv is not False:
            try:
                host, port = ftplib.parse229(self.sendcmd("EPSV"), peer)
                self.epsv = True
                return host, port
            except ftplib.error_perm:
                self.epsv = False
                if self.af == socket.AF_INET6:
                    raise
                self.transcript.note("EPSV refused: falling back to PASV (RFC 959 §4.1.2)")
        untrusted, port = ftplib.parse227(self.sendcmd("PASV"))
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
        self.transcript.connect(f"data connection to {shown}")
        conn = self.waits.connect(host, port, shown)
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
        return conn, size
