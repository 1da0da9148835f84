"""The line ends of an ASCII transfer (TYPE A), made the local ones.

RFC 959 §3.1.1.1: in ASCII type, "the <CRLF> sequence should be used where necessary to
denote the end of a line of text", and the receiving side converts "from the standard
form to its own internal form".  So the CRLF of an ASCII transfer becomes the local line
end (LF on POSIX); every other octet, a CR or LF on its own included, is kept as it came.
An image transfer (TYPE I) is never converted: its octets are the file's.

Sans-IO: chunks in, chunks out; a CR at the end of a chunk waits for the next one, which
may start with its LF.
"""

from __future__ import annotations

__all__ = ["NETWORK_LINE_END", "LineEnds"]

NETWORK_LINE_END = b"\r\n"
"""The line end of an ASCII transfer on the network (RFC 959 §3.1.1.1)."""


class LineEnds:
    """CRLF to *local* across chunks: :meth:`feed` each chunk, then :meth:`end`."""

    __slots__ = ("_pending_cr", "local")

    def __init__(self, local: bytes) -> None:
        self.local = local
        self._pending_cr = False

    def feed(self, chunk: bytes) -> bytes:
        """*chunk* with its CRLF made :attr:`local` (a final CR held back)."""
        if self._pending_cr:
            chunk = b"\r" + chunk
        self._pending_cr = chunk.endswith(b"\r")
        if self._pending_cr:
            chunk = chunk[:-1]
        if self.local == NETWORK_LINE_END:
            return chunk
        return chunk.replace(NETWORK_LINE_END, self.local)

    def end(self) -> bytes:
        """What is still held back at the end of the data: a last CR, as it came."""
        pending, self._pending_cr = self._pending_cr, False
        return b"\r" if pending else b""
