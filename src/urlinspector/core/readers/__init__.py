"""What the libraries a server or a script uses read in a URL, beside the browsers:
the record of one library's reading and the findings read from them.

Parsers that disagree on a URL's host are how a check passes one host and the request
goes to another (SSRF and open-redirect bypasses: Claroty and Snyk, "Exploiting URL
Parsers: The Good, Bad, and Inconsistent", 2022).  The readings themselves are made by
:mod:`urlinspector.readers`, which drives each library in process up to its socket
(and so imports them and the socket layer, which the core does not); here they are
data: :class:`ReaderReading`, and :func:`reader_findings` says where one goes
elsewhere than browsers, or refuses a URL they fetch; :func:`readers_could_differ`
tells without the readings when they cannot find anything.
"""

from __future__ import annotations

from urlinspector.core.readers.findings import (
    differing_readers,
    reader_findings,
    readers_could_differ,
    refusing_readers,
)
from urlinspector.core.readers.reading import PASSWORD_MASK, Reader, ReaderReading

__all__ = [
    "PASSWORD_MASK",
    "Reader",
    "ReaderReading",
    "differing_readers",
    "reader_findings",
    "readers_could_differ",
    "refusing_readers",
]
