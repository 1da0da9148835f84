"""``fetch``: dereference a URL and print what the server sent.

One handler per scheme, each in its own module (``fetch_<scheme>.py``) with a
``fetch(url, args, console) -> int`` function, *url* the URL as :func:`parse` read it
(parsed once, here), and a ``summarize(url, args, facts, saving) -> bool`` function for
``--json`` (:mod:`.fetch_json`); :data:`HANDLERS` maps schemes to them.  A
handler's module (and the protocol stack under it) is imported when its scheme is
fetched: a gopher download does not wait for the NNTP and FTP code to load.
"""

from __future__ import annotations

import argparse
import importlib
from types import ModuleType
from typing import TYPE_CHECKING, NamedTuple

from urlinspector.cli.common import (
    EDITION_ARG,
    FETCH_DEADLINE,
    Command,
    Console,
    arg,
    charset_type,
    fetch_limits,
    visible,
)
from urlinspector.core import URL, parse

if TYPE_CHECKING:
    from urlinspector.cli.fetch_json import Facts
    from urlinspector.net.saving import Saving


class Handler(NamedTuple):
    """The fetch of one scheme: the functions of ``urlinspector.cli.<module>``,
    imported when called."""

    module: str

    def _loaded(self) -> ModuleType:
        return importlib.import_module(f"urlinspector.cli.{self.module}")

    def __call__(self, url: URL, args: argparse.Namespace, console: Console) -> int:
        """The fetch printed for people."""
        status: int = self._loaded().fetch(url, args, console)
        return status

    def summarize(
        self, url: URL, args: argparse.Namespace, facts: Facts, saving: Saving | None
    ) -> bool:
        """The fetch for ``--json`` (:mod:`.fetch_json`)."""
        kept: bool = self._loaded().summarize(url, args, facts, saving)
        return kept


HANDLERS: dict[str, Handler] = {}
"""scheme -> handler."""
HANDLERS["file"] = Handler("fetch_file")
HANDLERS["ftp"] = Handler("fetch_ftp")
HANDLERS["ftps"] = HANDLERS["ftp"]
HANDLERS["gopher"] = Handler("fetch_gopher")
HANDLERS["gophers"] = HANDLERS["gopher"]  # gopher over TLS (docs/gopher.md)
HANDLERS["news"] = Handler("fetch_news")
HANDLERS["nntp"] = HANDLERS["news"]


def run_fetch(args: argparse.Namespace, console: Console) -> int:
    # the one parse: every handler reads this URL (one URL: its validating regex would
    # take longer to compile than it saves, and the split is the same without it)
    url = parse(args.url, args.edition, fast_routes=False)
    scheme = (url.scheme or "").lower()
    handler = HANDLERS.get(scheme)
    if handler is None:
        known = ", ".join(sorted(HANDLERS)) or "none yet"
        what = f"{visible(scheme)}: URLs" if scheme else "a URL without a scheme"
        raise ValueError(f"cannot fetch {what}; fetch knows: {known}")
    fetch_limits(args.timeout)  # a bad --timeout is misuse, before anything else
    if getattr(args, "json", False):
        from urlinspector.cli.fetch_json import run_json

        return run_json(url, args, console, handler.summarize)
    return handler(url, args, console)


COMMANDS: tuple[Command, ...] = (
    Command(
        "fetch",
        "dereference a URL and print what the server sent",
        run_fetch,
        (
            arg("url", metavar="URL", help="the URL to dereference"),
            EDITION_ARG,
            arg("-o", "--output", metavar="FILE", help="write the body to FILE"),
            arg("--raw", action="store_true", help="print the server's bytes as they came"),
            arg(
                "--json",
                action="store_true",
                help="print what the fetch did as one JSON object (URL, host, port, kind, "
                "bytes, the file saved, seconds, error; docs/json.md) instead of the body; "
                "with -o FILE the body is saved there, else counted and let go",
            ),
            arg(
                "--timeout",
                type=float,
                default=None,
                metavar="S",
                help=f"seconds the whole fetch may take (default {FETCH_DEADLINE:g}; give more "
                "for a big download); it also caps the wait for a connection (10 s) and "
                "for each read (30 s)",
            ),
            arg(
                "--charset",
                type=charset_type,
                default="utf-8",
                metavar="NAME",
                help="charset text documents are decoded with (default utf-8)",
            ),
            arg(
                "--transcript",
                action="store_true",
                help="print the protocol commands and replies (passwords masked) to stderr",
            ),
            arg(
                "--server",
                metavar="HOST[:PORT]",
                default=None,
                help="the news server for news: URLs (default: NNTPSERVER, else localhost:119)",
            ),
            arg(
                "--allow-local",
                action="store_true",
                help="connect even when the URL's host is a loopback, private or link-local "
                "address (as it resolves) and its port is not the scheme's own",
            ),
            arg(
                "--allow-plaintext-auth",
                action="store_true",
                help="send a news server the login from ~/.netrc even on a connection "
                "without TLS (the password then crosses the network in clear text)",
            ),
            arg(
                "--tls",
                action="store_true",
                help="ftp: ask the server for TLS (AUTH TLS, RFC 4217) and stop if it refuses; "
                "ftps URLs always use TLS",
            ),
            arg(
                "--cacert",
                metavar="FILE",
                default=None,
                help="verify the server's TLS certificate with the CA certificates in FILE "
                "(PEM) instead of the system's (SSL_CERT_FILE works too): ftps, ftp with "
                "--tls, gophers",
            ),
            arg(
                "--insecure",
                action="store_true",
                help="accept a TLS server's certificate without verifying it (a self-signed "
                "one): still encrypted, but to whoever answers; its fingerprint is still shown",
            ),
            arg(
                "--allow-port",
                action="store_true",
                help="connect even when a gopher, ftp or nntp URL names another service's "
                "port (25 SMTP, 119 NNTP, any below 1024 but the scheme's own; RFC 1738 section 6)",
            ),
        ),
        description="Dereference URL and print what the server sent: a menu or listing "
        "as lines, text as text; binaries need -o.",
        epilog="exit status: 0 fetched; 1 the server or network failed, or the fetch took "
        "longer than --timeout; 2 misuse (a URL that cannot be sent safely, another "
        "service's port without --allow-port, a local address on another port than the "
        "scheme's own without --allow-local); 70 out of memory or a bug in urlinspector",
    ),
)
