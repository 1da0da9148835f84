"""ftp URLs (RFC 1738 §3.2, RFC 1738): their command sequence, listings and transcript.

Sans-IO: :mod:`.url` turns a parsed URL into a :class:`~.url.Plan` of FTP commands,
:mod:`.listing` reads MLSD, LIST (Unix, DOS, EPLF) and NLST data, :mod:`.replies`
reads reply codes and FEAT, :mod:`.transcript` records the exchange with passwords
masked.  :mod:`urlinspector.net.ftp` does the talking.
"""

from urlinspector.schemes.ftp.listing import Entry, EntryType, Listing, parse_listing
from urlinspector.schemes.ftp.transcript import Transcript, TranscriptLine, render
from urlinspector.schemes.ftp.url import (
    DEFAULT_ANONYMOUS_PASSWORD,
    FTPCommand,
    Login,
    Plan,
    check_argument,
    entry_url,
    guess_typecode,
    plan,
    quote_fsegment,
)

__all__ = [
    "DEFAULT_ANONYMOUS_PASSWORD",
    "Entry",
    "EntryType",
    "FTPCommand",
    "Listing",
    "Login",
    "Plan",
    "Transcript",
    "TranscriptLine",
    "check_argument",
    "entry_url",
    "guess_typecode",
    "parse_listing",
    "plan",
    "quote_fsegment",
    "render",
]
