"""The FTP dialogue of the fake FTP servers (a script for
:class:`~tests.support.servers.ScriptedServer`): a plausible server whose replies a test
overrides, to refuse a login, name another host in its PASV reply, or stall a transfer.

The data listener of a passive transfer is on 127.0.0.1 whatever the PASV reply says.
"""

from __future__ import annotations

import contextlib
import socket
from collections.abc import Callable, Mapping

from tests.support.servers import Script, ScriptedServer

__all__ = ["ANSWERS", "Data", "ftp_dialogue"]

ANSWERS: Mapping[bytes, bytes] = {
    b"USER": b"331 password please\r\n",
    b"PASS": b"230 in\r\n",
    b"FEAT": b"211-features\r\n SIZE\r\n211 end\r\n",
    b"TYPE": b"200 ok\r\n",
    b"CWD": b"250 ok\r\n",
    b"SIZE": b"213 1000\r\n",
    b"EPSV": b"502 no EPSV here\r\n",
    b"QUIT": b"221 bye\r\n",
}
"""The replies of the plausible server: anyone logs in, EPSV is refused (so that the
PASV reply is used), SIZE says 1000; any other verb gets 502."""

TRANSFERS = (b"LIST", b"NLST", b"RETR", b"MLSD")

Data = Callable[[socket.socket, ScriptedServer], None]
"""What is sent on a data connection: ``data(data_conn, server)``."""


def ftp_dialogue(
    data: Data | None = None,
    replies: Mapping[bytes, bytes] | None = None,
    *,
    greeting: bytes = b"220 ready\r\n",
    pasv_host: bytes = b"127.0.0.1",
    data_listener: socket.socket | None = None,
) -> Script:
    """Greets with *greeting*, answers by :data:`ANSWERS` (*replies* override a verb's
    reply, PASV's too), offers PASV naming *pasv_host*, and sends LIST, NLST, MLSD
    and RETR by *data* on the data connection (nothing when it is None).  The data
    connection is accepted on a new listener of 127.0.0.1 for each PASV, or on
    *data_listener* (the test's, left open) when one is given."""
    answers = {**ANSWERS, **(replies or {})}

    def script(conn: socket.socket, server: ScriptedServer) -> None:
        conn.sendall(greeting)
        with contextlib.ExitStack() as cleanup:
            listener: socket.socket | None = None
            for line in server.lines(conn):
                verb = line.split(b" ", 1)[0].upper()
                if verb == b"PASV" and verb not in answers:
                    listener = data_listener or cleanup.enter_context(
                        socket.create_server(("127.0.0.1", 0))
                    )
                    port = listener.getsockname()[1]
                    host = pasv_host.replace(b".", b",")
                    conn.sendall(
                        b"227 Entering Passive Mode (%s,%d,%d)\r\n" % (host, port >> 8, port & 255)
                    )
                elif verb in TRANSFERS and listener is not None:
                    listener.settimeout(server.timeout)
                    data_conn, _ = listener.accept()
                    conn.sendall(b"150 here it comes\r\n")
                    with data_conn:
                        if data is not None:
                            data(data_conn, server)
                    conn.sendall(b"226 done\r\n")
                else:
                    conn.sendall(answers.get(verb, b"502 not here\r\n"))
                    if verb == b"QUIT":
                        return

    return script
