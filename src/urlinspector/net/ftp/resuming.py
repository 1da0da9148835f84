"""Resuming an ftp download that was cut: ``REST`` then ``RETR`` (RFC 3659 §5), the
bytes appended to the partial file, and the size checked at the end.

A restart marker in stream mode is the number of octets already received (RFC 3659
§5.3); the server must answer ``350`` (RFC 3659 §5.4, RFC 959 §4.2) before ``RETR`` and
then send the file from that octet on.  A server that answers anything else (``500``
or ``502`` for a ``REST`` it does not know, ``501`` or ``554`` for a marker it will not
take) cannot resume: :class:`ResumeRefused` says so, and the partial file is left as it
was.  Only a binary transfer (``TYPE I``) resumes: the octets of a file sent as text
(``TYPE A``) are not the octets on disk, so a marker counted on one side means nothing
on the other.
"""

from __future__ import annotations

from urlinspector.core import URL
from urlinspector.net.ftp.connections import Store
from urlinspector.net.ftp.errors import FTPError, FTPReplyError
from urlinspector.net.ftp.exchange import Exchange
from urlinspector.net.ftp.fetching import run_exchange, with_ascii_host
from urlinspector.net.ftp.result import FTPResult
from urlinspector.net.session import DEFAULT_SESSION, Session
from urlinspector.net.sink import File
from urlinspector.schemes.ftp.replies import reply_code, reply_text
from urlinspector.schemes.ftp.url import plan

__all__ = ["ResumeRefused", "fetch_from"]


class ResumeRefused(FTPError):
    """The server cannot restart the transfer where it was cut (no ``350`` to ``REST``,
    a file sent as text, a size that does not add up); the partial file is unchanged."""


class _ResumingExchange(Exchange):
    """An exchange whose ``RETR`` starts at :attr:`offset` (``REST`` first)."""

    offset = 0

    def retrieve(self) -> FTPResult:
        p = self.plan
        if p.transfer_type != "I":
            raise ResumeRefused(
                f"a file sent as text (;type={(p.transfer_type or 'a').lower()}) cannot resume: "
                "its octets on disk are not the ones the server counts; Retry starts again"
            )
        self.set_type("I")
        total = self.size(p.name)
        if total is not None and self.offset > total:
            raise ResumeRefused(
                f"the partial file holds {self.offset} bytes, more than the {total} the "
                "server has now: the file changed; Retry starts again"
            )
        self._restart()
        assert isinstance(self.sink, File)
        progress = self.progress
        if progress is not None:
            start = self.offset
            self.progress = lambda done, whole: progress(start + done, whole)
        conn = self.open_transfer(b"RETR " + p.name)
        store = Store(keep=False, out=self.sink.file.write)
        _data, received, _kept = self.receive(conn, b"RETR " + p.name, total, store)
        size = self.offset + received
        if total is not None and size != total:
            raise ResumeRefused(
                f"after resuming, the file has {size} bytes where the server's SIZE said "
                f"{total}: it is not the server's file; Retry starts again"
            )
        return self.result(None, None, size, size, total, "I")

    def _restart(self) -> None:
        """``REST offset``: RFC 3659 §5.3; anything but 350 refuses (§5.4)."""
        try:
            reply = self.command(b"REST %d" % self.offset)
        except FTPReplyError as exc:
            raise ResumeRefused(
                f"the server at {self.plan.authority} cannot resume: it answered REST with "
                f"{reply_text(exc.reply)} (RFC 3659 §5 asks for 350); Retry starts again"
            ) from None
        if reply_code(reply) != 350:
            raise ResumeRefused(
                f"the server at {self.plan.authority} answered REST with {reply_text(reply)}, "
                "not 350 (RFC 3659 §5.4): it cannot resume; Retry starts again"
            )
        self.note(f"resuming at byte {self.offset} (REST, RFC 3659 §5)")


def fetch_from(
    url: URL, sink: File, offset: int, *, session: Session = DEFAULT_SESSION
) -> FTPResult:
    """The ftp file *url* from byte *offset* on, appended to *sink* (a :class:`File` of
    the partial file, opened for appending); the *session*'s progress callback hears
    ``(offset + received, total)``.

    The result's ``received`` is the file's whole size (*offset* plus what came).
    Raises :class:`ResumeRefused` when the server does not answer ``350`` to ``REST``,
    the transfer is not binary, or the size does not match the server's ``SIZE``; else
    what :func:`~urlinspector.net.ftp.fetch` raises.  The session's TLS settings are
    :func:`~urlinspector.net.ftp.fetch`'s (an ``ftps`` URL always resumes in TLS).
    """
    if sink.hold:
        raise ValueError("a resumed ftp download writes every byte to its file: File(hold=0)")
    the_plan = plan(url)
    if the_plan.action != "retrieve":
        raise ResumeRefused("only a file can resume; this ftp URL names a directory")
    exchange = _ResumingExchange(with_ascii_host(the_plan), sink=sink, session=session)
    exchange.offset = offset
    return run_exchange(exchange, refusals=(ResumeRefused,))
