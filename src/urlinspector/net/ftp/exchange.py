"""One FTP fetch carried out: login (RFC 1738 §3.2.1), FEAT, one CWD per segment
(RFC 1738 §3.2.2), then RETR with its TYPE and SIZE, or a listing (MLSD, LIST or NLST);
a name that RETR refuses is tried as a directory when the typecode was a guess
(RFC 1738 §3.2.3)."""

from __future__ import annotations

import os
from datetime import datetime

from urlinspector.core.quoting import quoted
from urlinspector.net.errors import TooLarge
from urlinspector.net.ftp.connections import ENTRY_COST, Connections, Store
from urlinspector.net.ftp.errors import FTPReplyError, LoginFailed, TLSRefused
from urlinspector.net.ftp.result import FTPResult
from urlinspector.net.session import Session
from urlinspector.net.sink import File, Memory, Raw, Sink, body_writer
from urlinspector.net.tls import client_context
from urlinspector.schemes.ftp.ascii import LineEnds
from urlinspector.schemes.ftp.listing import Listing, parse_listing
from urlinspector.schemes.ftp.replies import (
    NO_FEATURES,
    Features,
    parse_features,
    reply_code,
    reply_text,
)
from urlinspector.schemes.ftp.transcript import Transcript
from urlinspector.schemes.ftp.url import Plan, check_argument, readable
from urlinspector.schemes.numbers import ascii_decimal

__all__ = ["LOCAL_LINE_END", "Exchange"]

LOCAL_LINE_END = os.linesep.encode("ascii")
"""What the CRLF line ends of an ASCII transfer (``;type=a``) become: this system's."""


class Exchange(Connections):
    """The steps of a :class:`~urlinspector.schemes.ftp.url.Plan` on the connections,
    as the *session* says (:mod:`urlinspector.net.session`); a file goes to *sink*, and
    *now* dates the listing's entries that give no year."""

    def __init__(
        self, the_plan: Plan, *, sink: Sink, session: Session, now: datetime | None = None
    ) -> None:
        super().__init__(the_plan, session, Transcript(session.transcript))
        self.sink = sink
        """Where a file goes (:mod:`urlinspector.net.sink`); a listing is always kept in
        memory (and its octets go to a :class:`Raw` sink's stream as they came)."""
        self.ask_tls = session.auth_tls
        """For ``ftp://``: ask for TLS with ``AUTH TLS`` and fail if the server refuses."""
        if the_plan.implicit_tls or session.auth_tls:
            self.ftp.tls_context = client_context(session.tls)
            self.ftp.tls_options = session.tls
        self.password = session.password
        self.now = now
        self.features: Features = NO_FEATURES
        self.current_type: str | None = None
        self.notes: list[str] = list(the_plan.notes)

    def note(self, text: str) -> None:
        self.notes.append(text)
        self.transcript.note(text)

    # --- the steps ---

    def run(self) -> FTPResult:
        p = self.plan
        for text in p.notes:
            self.transcript.note(text)
        with self.replies():
            self.ftp.open(p.host, p.port, implicit_tls=p.implicit_tls)
        if not p.implicit_tls and self.ask_tls:
            self.auth_tls()
        self.login()
        if self.ftp.tls is not None:
            self.protect_data()
        self.feat()
        if self.ftp.tls is None and "AUTH" in self.features:
            self.transcript.note(
                "the server offers TLS (AUTH in its FEAT reply, RFC 4217 §6): fetch --tls, "
                "or the viewer's Go ▸ Ask ftp servers for TLS, protects the login and the data"
            )
        self.change_directories()
        if p.action == "nlst":
            listing, received = self.listing("NLST", p.name, p.directory_url)
            return self.result(listing, None, received, received, None, None)
        if p.action == "list":
            listing, received = self.list_directory(p.directory_url)
            return self.result(listing, None, received, received, None, None)
        return self.retrieve()

    def result(
        self,
        listing: Listing | None,
        data: bytes | None,
        received: int,
        kept: int,
        total: int | None,
        transfer_type: str | None,
    ) -> FTPResult:
        self.quit()
        return FTPResult(
            self.plan,
            listing,
            data,
            received,
            kept,
            total,
            transfer_type,
            tuple(self.notes),
            self.transcript.lines,
            self.ftp.tls,
        )

    # --- TLS (RFC 4217) ---

    def auth_tls(self) -> None:
        """AUTH TLS (RFC 4217 §4) after the greeting; a refusal ends the fetch: TLS was
        asked for, so nothing is sent in clear text instead."""
        try:
            reply = self.command(b"AUTH TLS")
        except FTPReplyError as exc:
            raise TLSRefused(
                f"the server at {self.plan.authority} refused AUTH TLS "
                f"({reply_text(exc.reply)}): it offers no TLS there. TLS was asked for, so "
                "the login was not sent in clear text; fetch without --tls to connect "
                "unprotected",
                command=exc.command,
                reply=exc.reply,
            ) from None
        if reply_code(reply) != 234:  # RFC 4217 §4: 234, and nothing else, says yes
            raise TLSRefused(
                f"the server at {self.plan.authority} answered AUTH TLS with "
                f"{reply_text(reply)}, not 234; the login was not sent in clear text",
                command="AUTH TLS",
                reply=reply,
            )
        with self.replies():
            self.ftp.start_tls("explicit")

    def protect_data(self) -> None:
        """PBSZ 0 and PROT P (RFC 4217 §8, §9): data connections in TLS too; a refusal
        ends the fetch rather than move the data in clear text."""
        for line in (b"PBSZ 0", b"PROT P"):
            try:
                self.command(line)
            except FTPReplyError as exc:
                raise TLSRefused(
                    f"the server at {self.plan.authority} refused {line.decode()} "
                    f"({reply_text(exc.reply)}): the data would cross the network in clear "
                    "text, so nothing was transferred",
                    command=exc.command,
                    reply=exc.reply,
                ) from None
        self.ftp.protect_data = True

    def login(self) -> None:
        """USER, then PASS if asked (331): RFC 1738 §3.2.1."""
        p = self.plan
        user_shown = readable(p.login.user, self.charset)
        try:
            reply = self.command(b"USER " + p.login.user)
        except FTPReplyError as exc:
            raise LoginFailed(
                f'the server at {p.authority} refused the user "{user_shown}": '
                f"{reply_text(exc.reply)}",
                command=exc.command,
                reply=exc.reply,
            ) from None
        code = reply_code(reply)
        if code == 331:
            secret = self.find_password(user_shown)
            try:
                reply = self.command(b"PASS " + secret)
            except FTPReplyError as exc:
                raise LoginFailed(
                    f"login as {quoted(user_shown)} at {p.authority} failed: "
                    f"{reply_text(exc.reply).rstrip('.')}. Check the user name and password "
                    "(ftp://user:password@host/; escape '@', ':' and '/' in them as %40, %3A "
                    "and %2F)",
                    command=exc.command,
                    reply=exc.reply,
                ) from None
            code = reply_code(reply)
        if code == 332:
            raise LoginFailed(
                f"the server at {p.authority} asks for an account (ACCT) after login, "
                "which an ftp URL cannot give (RFC 1738 §3.2.1)",
                command=self.ftp.last_command,
                reply=reply,
            )

    def find_password(self, user_shown: str) -> bytes:
        p = self.plan
        if p.login.password is not None:
            return p.login.password
        if p.login.anonymous:
            self.transcript.note(
                "anonymous login: the e-mail address is sent as the password (RFC 1738 §3.2.1)"
            )
            return p.anonymous_password.encode("utf-8")
        answer = self.password(user_shown, p.authority) if self.password is not None else None
        if answer is None:
            raise LoginFailed(
                f'the server at {p.authority} asks for the password of "{user_shown}", and '
                "none was given (put it in the URL as ftp://user:password@host/ or enter "
                "it when asked)",
                command=self.ftp.last_command,
                reply="331",
            )
        secret = answer.encode("utf-8")
        check_argument(secret, "password")
        self.transcript.note("password entered by the user (not stored)")
        return secret

    def feat(self) -> None:
        """FEAT (RFC 2389): whether MLSD and SIZE are there."""
        try:
            reply = self.command(b"FEAT")
        except FTPReplyError:
            self.features = NO_FEATURES
            return
        self.features = parse_features(reply)

    def change_directories(self) -> None:
        """One CWD per cwd segment, each decoded on its own (RFC 1738 §3.2.2)."""
        for segment in self.plan.cwd:
            try:
                self.command(b"CWD " + segment)
            except FTPReplyError as exc:
                if segment != b"" or exc.code is None or exc.code < 500:
                    raise
                self.note(
                    f"the server refused CWD with an empty argument ({reply_text(exc.reply)}); "
                    "RFC 1738 §3.2.2 asks for it for an empty segment ('//'), and leaves its "
                    "meaning to the server: carried on in the same directory"
                )

    def set_type(self, transfer_type: str) -> None:
        if self.current_type != transfer_type:
            self.command(b"TYPE " + transfer_type.encode("ascii"))
            self.current_type = transfer_type

    def size(self, name: bytes) -> int | None:
        """SIZE (RFC 3659 §4), when FEAT offers it; a refusal only means "unknown"."""
        if "SIZE" not in self.features:
            return None
        try:
            reply = self.command(b"SIZE " + name)
        except FTPReplyError:
            return None
        return ascii_decimal(reply[4:]) if reply_code(reply) == 213 else None

    def retrieve(self) -> FTPResult:
        p = self.plan
        assert p.transfer_type is not None
        self.set_type(p.transfer_type)  # RFC 1738 §3.2.2: TYPE, then RETR
        total = self.size(p.name)
        cap = self.limits.max_memory
        sink = self.sink
        if isinstance(sink, Memory) and total is not None and total > cap:
            self.quit()
            raise TooLarge(self.too_large(readable(b"RETR " + p.name, self.charset), total))
        try:
            conn = self.open_transfer(b"RETR " + p.name)
        except FTPReplyError as exc:
            if not p.guessed or exc.code is None or exc.code < 500:
                raise
            # RFC 1738 §3.2.3: the typecode was a guess; a name that RETR refuses may be a
            # directory: CWD into it and list
            try:
                self.command(b"CWD " + p.name)
            except FTPReplyError:
                self.note(
                    f"RETR failed, and so did CWD: {quoted(readable(p.name, self.charset))} is "
                    "neither a file nor a directory that can be entered"
                )
                raise exc from None
            self.note(
                f"RETR failed ({reply_text(exc.reply)}), but CWD into "
                f"{quoted(readable(p.name, self.charset))} worked: it is a directory, so it is "
                "listed (the URL had no typecode, RFC 1738 §3.2.3)"
            )
            listing, received = self.list_directory(p.name_as_directory_url)
            return self.result(listing, None, received, received, None, None)
        # RFC 959 §3.1.1.1: an ASCII transfer's CRLF made this system's line end; a
        # Raw sink has the octets as they came
        ascii_kept = p.transfer_type == "A" and not isinstance(sink, Raw)
        store = Store(
            keep=isinstance(sink, Memory),
            out=body_writer(sink),
            raw=sink.raw,
            line_ends=LineEnds(LOCAL_LINE_END) if ascii_kept else None,
            file=sink.file if isinstance(sink, File) else None,
        )
        data, received, kept = self.receive(conn, b"RETR " + p.name, total, store)
        return self.result(None, data, received, kept, total, p.transfer_type)

    def list_directory(self, directory_url: str) -> tuple[Listing, int]:
        """MLSD (RFC 3659 §7) when FEAT lists MLST, else LIST; of the current directory."""
        if self.current_type not in (None, "A"):
            self.set_type("A")  # RFC 959 §4.1.3: listings go in ASCII
        if "MLST" in self.features:
            try:
                return self.listing("MLSD", b"", directory_url)
            except FTPReplyError as exc:
                if exc.code is None or exc.code < 500:
                    raise
                self.note(f"MLSD refused ({reply_text(exc.reply)}): using LIST")
        return self.listing("LIST", b"", directory_url)

    def listing(self, verb: str, name: bytes, directory_url: str) -> tuple[Listing, int]:
        line = verb.encode("ascii") + (b" " + name if name else b"")
        conn = self.open_transfer(line)
        store = Store(keep=True, raw=self.sink.raw, per_line=ENTRY_COST)
        data, received, _ = self.receive(conn, line, None, store)
        assert data is not None
        parsed = parse_listing(
            data,
            verb,
            directory_url,
            name=name,
            charset=self.charset,
            now=self.now,
        )
        if parsed.unparsed:
            self.note(f"{len(parsed.unparsed)} line(s) of the {verb} listing were not understood")
        return parsed, received
