"""The small gopher server behind ``urlinspector demo``: it serves the demo gopher hole
(package data, ``urlinspector/data/demo/``) on 127.0.0.1, speaking RFC 1436 and enough
Gopher+ to show it.

>>> with DemoServer() as server:          # a free port on 127.0.0.1
...     print(server.url)                 # gopher://127.0.0.1:PORT/

What it serves (the folder's ``README.md`` describes the files):

* menus from ``gophermap`` files (a line without a TAB is an information line; an item
  line is ``TDisplay<TAB>selector[<TAB>host<TAB>port[<TAB>+]]``, the selector relative
  to the folder), or an automatic listing of a folder without one;
* text files as type 0 (CRLF line ends, dot-stuffing, the final ``.`` line, RFC 1436
  §3.9), with :data:`SERVER_MARK` replaced by the host and port served on, so that a
  text's URLs lead to this server; other files as they are until the close;
* ``/search``: a type 7 search over the text of ``specs/`` (every word must occur);
* Gopher+ (the request's second field starts with ``+``, ``!`` or ``$``): ``+N`` for a
  file, ``+-1`` for a menu or attributes, ``+-2`` for search results, ``--1`` errors,
  and the attribute blocks ``+INFO``, ``+ADMIN``, ``+VIEWS`` and any in a
  ``NAME.attributes`` file next to the item (``+ABSTRACT`` ...).

It is safe to leave running: it listens on loopback by default, every selector is a path
checked to stay inside the root (no ``..``, no hidden names, no link leading out), a
request line may hold at most 4 KiB, and a client that sends nothing is dropped after
10 s.
"""

from __future__ import annotations

import contextlib
import mimetypes
import re
import socket
import socketserver
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from urlinspector.data import demo_hole

__all__ = ["DEFAULT_ROOT", "DemoServer", "DemoServerError", "GopherHole"]

DEFAULT_ROOT = demo_hole()
"""The demo gopher hole inside the installed package (:func:`urlinspector.data.demo_hole`)."""

MAX_REQUEST = 4096
REQUEST_TIMEOUT = 10.0
TEXT_SUFFIXES = frozenset({".txt", ".md"})
SERVER_MARK = b"{{server}}"
"""In a text file, stands for this server's ``host:port`` (its URLs lead here)."""
ADMIN = "urlinspector demo <demo@localhost>"
SEARCH_SELECTOR = "/search"
CHUNK = 64 * 1024


class DemoServerError(RuntimeError):
    """The demo server cannot start (no gopher hole at the root, address in use ...)."""


@dataclass(frozen=True)
class _Item:
    itemtype: str
    display: str
    selector: str
    host: str
    port: int
    plus: bool

    def line(self) -> str:
        fields = [self.itemtype + self.display, self.selector, self.host, str(self.port)]
        if self.plus:
            fields.append("+")
        return "\t".join(fields)


class GopherHole:
    """The files of a gopher hole and what each selector answers; no sockets.

    *host* and *port* are what menus advertise for items on this server.
    """

    def __init__(self, root: Path, host: str, port: int) -> None:
        self.root = root.resolve()
        self.host = host
        self.port = port

    # -- selectors to paths -------------------------------------------------------------

    def path_for(self, selector: str) -> Path | None:
        """The file or folder *selector* names, or None when it names nothing that may be
        served (outside the root, hidden, a gophermap or attribute file, missing)."""
        if "\x00" in selector or "\\" in selector:
            return None
        parts = [p for p in selector.split("/") if p]
        for part in parts:
            if part in (".", "..") or part.startswith("."):
                return None
        if parts and (parts[-1] == "gophermap" or parts[-1].endswith(".attributes")):
            return None
        path = self.root.joinpath(*parts)
        try:
            resolved = path.resolve(strict=True)
        except (OSError, RuntimeError):
            return None
        if resolved != self.root and not resolved.is_relative_to(self.root):
            return None  # a link that leads out of the hole
        return resolved

    def text_of(self, path: Path) -> bytes:
        """The octets of the text file *path*, :data:`SERVER_MARK` replaced by this
        server's host and port."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return path.read_bytes().replace(SERVER_MARK, f"{host}:{self.port}".encode())

    def selector_for(self, path: Path) -> str:
        relative = path.relative_to(self.root).as_posix()
        return "/" if relative == "." else "/" + relative

    # -- menus ----------------------------------------------------------------------------

    def menu(self, folder: Path) -> list[_Item]:
        gophermap = folder / "gophermap"
        if gophermap.is_file():
            return self._read_gophermap(folder, gophermap)
        return self._listing(folder)

    def _info(self, text: str) -> _Item:
        return _Item("i", text, "", "error.host", 1, False)

    def _read_gophermap(self, folder: Path, gophermap: Path) -> list[_Item]:
        base = self.selector_for(folder).rstrip("/")
        items = []
        for line in gophermap.read_text("utf-8").splitlines():
            if line.startswith("#"):
                continue
            if "\t" not in line:
                items.append(self._info(line))
                continue
            fields = line.split("\t")
            head, selector = fields[0], fields[1]
            if not head:
                continue
            host = fields[2] if len(fields) > 2 and fields[2] else self.host
            port_text = fields[3] if len(fields) > 3 and fields[3] else ""
            port = int(port_text) if port_text.isascii() and port_text.isdigit() else self.port
            plus = len(fields) > 4 and fields[4] == "+"
            if not (selector.startswith(("/", "URL:")) or host != self.host):
                selector = f"{base}/{selector}"
            if selector.endswith("/") and len(selector) > 1:
                selector = selector.rstrip("/")
            items.append(_Item(head[0], head[1:], selector, host, port, plus))
        return items

    def _listing(self, folder: Path) -> list[_Item]:
        items = [self._info(f"Index of {self.selector_for(folder)}"), self._info("")]
        for child in sorted(folder.iterdir()):
            if child.name.startswith(".") or child.name == "gophermap":
                continue
            if child.name.endswith(".attributes"):
                continue
            itemtype = self.type_of(child)
            items.append(
                _Item(itemtype, child.name, self.selector_for(child), self.host, self.port, False)
            )
        return items

    def type_of(self, path: Path) -> str:
        if path.is_dir():
            return "1"
        if path.suffix.lower() in TEXT_SUFFIXES:
            return "0"
        mime = mimetypes.guess_type(path.name)[0] or ""
        if mime == "image/gif":
            return "g"
        if mime.startswith("image/"):
            return "I"
        if mime == "text/html":
            return "h"
        return "9"

    def mime_of(self, path: Path) -> str:
        if path.is_dir():
            return "application/gopher-menu"
        if path.suffix.lower() in TEXT_SUFFIXES:
            return "text/plain"
        return mimetypes.guess_type(path.name)[0] or "application/octet-stream"

    # -- search -----------------------------------------------------------------------------

    def search(self, query: str) -> list[_Item]:
        """Menu lines for *query* over the text files of ``specs/``."""
        words = query.lower().split()
        if not words:
            return [self._info("Type one or more words to search the specifications.")]
        folder = self.root / "specs"
        titles = {}
        if (folder / "gophermap").is_file():
            for item in self._read_gophermap(folder, folder / "gophermap"):
                titles[item.selector] = item.display
        hits: list[_Item] = []
        found = 0
        for path in sorted(folder.glob("*.txt")) if folder.is_dir() else []:
            text = path.read_text("utf-8", "replace")
            lower = text.lower()
            if not all(word in lower for word in words):
                continue
            found += 1
            selector = self.selector_for(path)
            count = lower.count(words[0])
            title = titles.get(selector, path.name)
            hits.append(_Item("0", f"{title}  ({count} x '{words[0]}')", selector, *self._here()))
            start = 0
            for _ in range(2):
                at = lower.find(words[0], start)
                if at < 0:
                    break
                snippet = " ".join(text[max(0, at - 40) : at + 50].split())
                hits.append(self._info(f"    ...{snippet}..."))
                start = at + len(words[0])
        head = f"{found} document{'s' if found != 1 else ''} hold{'s' if found == 1 else ''} "
        head += " and ".join(f"'{w}'" for w in words)
        return [self._info(head), self._info(""), *hits]

    def _here(self) -> tuple[str, int, bool]:
        return self.host, self.port, False

    # -- Gopher+ attributes ----------------------------------------------------------------

    def attributes(self, path: Path, names: list[str] | None = None) -> str:
        """The attribute blocks of the item at *path* (Gopher+ §2.5), CRLF lines; *names*
        (``["+ABSTRACT", ...]``) keeps only those, +INFO always first."""
        selector = self.selector_for(path)
        info = _Item(self.type_of(path), path.name, selector, self.host, self.port, True)
        if path != self.root:
            for item in self.menu(path.parent):  # the line the parent menu shows for it
                if item.selector == selector and item.host == self.host:
                    info = _Item(item.itemtype, item.display, selector, self.host, self.port, True)
                    break
        blocks: dict[str, list[str]] = {}
        mtime = path.stat().st_mtime
        stamp = time.strftime("%Y%m%d%H%M%S", time.gmtime(mtime))
        blocks["+ADMIN"] = [
            f" Admin: {ADMIN}",
            f" Mod-Date: {time.asctime(time.gmtime(mtime))} <{stamp}>",
        ]
        extra = path.with_name(path.name + ".attributes")
        if path.is_file() and extra.is_file():
            current: str | None = None
            for line in extra.read_text("utf-8").splitlines():
                if line.startswith("+"):
                    current = line.split(":", 1)[0]
                    blocks[current] = []
                elif current is not None:
                    blocks[current].append(line if line.startswith(" ") else " " + line)
        if "+VIEWS" not in blocks:
            size = path.stat().st_size if path.is_file() else 0
            blocks["+VIEWS"] = [f" {self.mime_of(path)}: <{max(1, -(-size // 1024))}k>"]
        lines = [f"+INFO: {info.line()}"]
        for name, body in blocks.items():
            if names and name not in names:
                continue
            lines.append(f"{name}:")
            lines += body
        return "".join(line + "\r\n" for line in lines)

    def views(self, path: Path) -> list[str]:
        """The content types the item's +VIEWS lists."""
        block = self.attributes(path, ["+VIEWS"])
        return [
            line.strip().split(":")[0].split(" ")[0].lower()
            for line in block.splitlines()
            if line.startswith(" ")
        ]


# --- the wire ------------------------------------------------------------------------------


def _dot_stuffed(text: bytes) -> Iterator[bytes]:
    """RFC 1436 §3.9: CRLF lines, a leading "." doubled, then the "." line."""
    lines = text.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    out = []
    for line in lines:
        line = line.rstrip(b"\r")
        if line.startswith(b"."):
            line = b"." + line
        out.append(line + b"\r\n")
        if len(out) >= 512:
            yield b"".join(out)
            out = []
    out.append(b".\r\n")
    yield b"".join(out)


def _menu_bytes(items: list[_Item], *, terminator: bool = True) -> bytes:
    data = "".join(item.line() + "\r\n" for item in items).encode("utf-8")
    return data + b".\r\n" if terminator else data


def _file_chunks(path: Path) -> Iterator[bytes]:
    with path.open("rb") as f:
        while chunk := f.read(CHUNK):
            yield chunk


class _Handler(socketserver.BaseRequestHandler):
    server: _TCPServer

    def handle(self) -> None:
        sock: socket.socket = self.request
        sock.settimeout(REQUEST_TIMEOUT)
        line = self._read_line(sock)
        if line is None:
            return
        with contextlib.suppress(OSError):
            for chunk in self.server.answer(line):
                sock.sendall(chunk)

    def _read_line(self, sock: socket.socket) -> bytes | None:
        data = b""
        while b"\n" not in data:
            try:
                chunk = sock.recv(MAX_REQUEST)
            except OSError:
                return None
            if not chunk:
                break
            data += chunk
            if len(data) > MAX_REQUEST:
                with contextlib.suppress(OSError):
                    sock.sendall(_error_item("the request is longer than 4 KiB"))
                return None
        return data.split(b"\n", 1)[0].rstrip(b"\r")


def _error_item(message: str) -> bytes:
    return f"3{message}\t\terror.host\t1\r\n.\r\n".encode()


def _plus_error(code: int, message: str) -> bytes:
    return f"--1\r\n{code} {ADMIN}\r\n{message}\r\n.\r\n".encode()


class _TCPServer(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True
    block_on_close = False
    hole: GopherHole

    def answer(self, line: bytes) -> Iterator[bytes]:
        """The reply to one request line."""
        fields = line.decode("utf-8", "replace").split("\t")
        selector = fields[0]
        search: str | None = None
        plus: str | None = None
        if len(fields) >= 3:
            search, plus = fields[1], fields[2]
        elif len(fields) == 2:
            if fields[1][:1] in ("+", "!", "$"):
                plus = fields[1]
            else:
                search = fields[1]
        hole = self.hole
        if selector.rstrip("/") == SEARCH_SELECTOR:
            items = hole.search(search or "")
            if plus is not None:
                yield b"+-2\r\n" + _menu_bytes(items, terminator=False)
            else:
                yield _menu_bytes(items)
            return
        path = hole.path_for(selector)
        if path is None:
            message = f"'{selector}' is not in this gopher hole"
            yield _error_item(message) if plus is None else _plus_error(1, message)
            return
        if plus is None:
            yield from self._plain(path)
        elif plus[:1] in ("!", "$"):
            yield from self._attributes(path, plus)
        else:
            yield from self._plus(path, plus)

    def _plain(self, path: Path) -> Iterator[bytes]:
        hole = self.hole
        if path.is_dir():
            yield _menu_bytes(hole.menu(path))
        elif hole.type_of(path) == "0":
            yield from _dot_stuffed(hole.text_of(path))
        else:
            yield from _file_chunks(path)

    def _plus(self, path: Path, plus: str) -> Iterator[bytes]:
        """``+`` (the default view) or ``+type [language]`` (RFC 1738 §3.4.8)."""
        hole = self.hole
        view = plus[1:].strip().split(" ")[0].lower()
        if view and view not in hole.views(path):
            yield _plus_error(1, f"this item has no view '{plus[1:]}'")
            return
        if path.is_dir():
            menu = _menu_bytes(hole.menu(path), terminator=False)
            yield b"+-1\r\n" + b"".join(_dot_stuffed(menu))
            return
        if hole.type_of(path) == "0":
            text = hole.text_of(path)
            yield f"+{len(text)}\r\n".encode() + text
            return
        yield f"+{path.stat().st_size}\r\n".encode()
        yield from _file_chunks(path)

    def _attributes(self, path: Path, plus: str) -> Iterator[bytes]:
        """``!`` (this item) or ``$`` (every item of a menu), with optional names."""
        hole = self.hole
        names = ["+" + n for n in re.split(r"[+\s]+", plus[1:]) if n] or None
        if plus[0] == "!":
            text = hole.attributes(path, names)
        elif path.is_dir():
            parts = []
            for item in hole.menu(path):
                target = hole.path_for(item.selector) if item.host == hole.host else None
                if item.itemtype != "i" and target is not None:
                    parts.append(hole.attributes(target, names))
            text = "".join(parts)
        else:
            yield _plus_error(1, "'$' asks for the attributes of a menu's items")
            return
        yield b"+-1\r\n" + b"".join(_dot_stuffed(text.encode("utf-8")))


class DemoServer:
    """The demo gopher server, in a background thread; a context manager.

    *root* is the gopher hole (default :data:`DEFAULT_ROOT`), served on *host* and *port*
    (0: a free port, known after :meth:`start` as :attr:`port`).
    """

    def __init__(self, root: Path | None = None, host: str = "127.0.0.1", port: int = 0) -> None:
        self.root = Path(root) if root is not None else DEFAULT_ROOT
        self.host = host
        self._requested_port = port
        self._server: _TCPServer | None = None
        self._thread: threading.Thread | None = None

    @property
    def port(self) -> int:
        """The port served on (after :meth:`start`; before it, the one asked for)."""
        if self._server is not None:
            return int(self._server.server_address[1])
        return self._requested_port

    @property
    def url(self) -> str:
        """The URL of the root menu: ``gopher://127.0.0.1:PORT/``."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"gopher://{host}:{self.port}/"

    @property
    def running(self) -> bool:
        return self._server is not None

    def start(self) -> DemoServer:
        if self._server is not None:
            return self
        if not (self.root / "gophermap").is_file():
            raise DemoServerError(
                f"no demo gopher hole at {self.root} (its gophermap is missing); "
                "reinstall urlinspector or pass the folder as root"
            )

        class Server(_TCPServer):
            address_family = socket.AF_INET6 if ":" in self.host else socket.AF_INET

        try:
            server = Server((self.host, self._requested_port), _Handler)
        except OSError as exc:
            raise DemoServerError(
                f"cannot serve the demo on {self.host}:{self._requested_port}: "
                f"{exc.strerror or exc}"
            ) from None
        server.hole = GopherHole(self.root, self.host, int(server.server_address[1]))
        self._server = server
        self._thread = threading.Thread(
            target=server.serve_forever,
            kwargs={"poll_interval": 0.1},
            name="urlinspector-demo-gopher",
            daemon=True,
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        server, self._server = self._server, None
        if server is None:
            return
        server.shutdown()
        server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def serve_until_interrupted(self) -> None:
        """Serve until Ctrl+C (for ``urlinspector demo --serve-only``)."""
        self.start()
        try:
            while self._thread is not None and self._thread.is_alive():
                self._thread.join(timeout=0.5)
        except KeyboardInterrupt:
            pass
        finally:
            self.stop()

    def __enter__(self) -> DemoServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def __repr__(self) -> str:
        state = "running" if self.running else "stopped"
        return f"<DemoServer {self.url} {state} root={self.root}>"


if __name__ == "__main__":  # python -m urlinspector.net.demo_server [PORT]
    import sys

    demo = DemoServer(port=int(sys.argv[1]) if len(sys.argv) > 1 else 0).start()
    print(demo.url, flush=True)
    demo.serve_until_interrupted()
