"""What the window remembers between runs, kept with ``QSettings``.

The window layout (geometry, splitters, the chosen panel tabs), the base URL, the
edition, whether passwords are shown, the charset of the decoded column, the theme,
the zoom, and a history of inspected URLs.  Passwords never reach the settings file: they are
removed from the base URL (:func:`without_password`) and, in the history, replaced by
:data:`PASSWORD_REMOVED`, so that an entry says what was removed instead of passing
for another URL (:func:`history_entry`).
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QSettings

from urlinspector.core import DEFAULT_EDITION, EDITION_IDS, parse
from urlinspector.present.masking import password_span

__all__ = [
    "APPLICATION_NAME",
    "HISTORY_SIZE",
    "ORGANIZATION",
    "PASSWORD_REMOVED",
    "THEMES",
    "Settings",
    "history_entry",
    "password_removed",
    "without_password",
]

ORGANIZATION = "urlinspector"
APPLICATION_NAME = "urlinspector"
HISTORY_SIZE = 50
THEMES = ("auto", "light", "dark")
PASSWORD_REMOVED = "(password removed)"
"""What a history entry holds where the URL had a password (not a URL character
sequence anyone types: it holds spaces)."""


def _password_span(text: str) -> tuple[int, int] | None:
    """The password of *text* as the default edition reads it and as browsers read it
    (``ftp:///user:pw@host/`` holds one for browsers, none for RFC 3986):
    :func:`~urlinspector.present.masking.password_span`."""
    if "@" not in text:
        return None
    return password_span(parse(text, DEFAULT_EDITION.id))


def without_password(text: str) -> str:
    """*text* with the password of its userinfo (and the ``:`` before it) removed:
    ``ftp://joe:secret@host/`` -> ``ftp://joe@host/``.  The password is found the
    way clients find it (RFC 3986 §3.2.1: after the first ``:`` of the userinfo) and
    the way browsers find it."""
    span = _password_span(text)
    if span is None:
        return text
    start, end = span
    return text[: start - 1] + text[end:]


def history_entry(text: str) -> str:
    """*text* as the history keeps it: a password replaced by :data:`PASSWORD_REMOVED`
    (``ftp://joe:secret@host/`` -> ``ftp://joe:(password removed)@host/``); an empty
    password stays as it is."""
    span = _password_span(text)
    if span is None or span[0] == span[1]:
        return text
    start, end = span
    return text[:start] + PASSWORD_REMOVED + text[end:]


def password_removed(entry: str) -> tuple[str, int] | None:
    """For a history *entry* whose password was removed: the URL with an empty
    password in its place and the position where it goes; None for other entries."""
    span = _password_span(entry)
    if span is None or entry[span[0] : span[1]] != PASSWORD_REMOVED:
        return None
    start, end = span
    return entry[:start] + entry[end:], start


class Settings:
    """Typed access to the window's ``QSettings``.

    With no argument, the user's settings of the application
    (:data:`ORGANIZATION`, :data:`APPLICATION_NAME`).
    """

    def __init__(self, store: QSettings | None = None) -> None:
        self.store = store if store is not None else QSettings(ORGANIZATION, APPLICATION_NAME)

    # --- simple values ------------------------------------------------------------

    def _text(self, key: str, default: str = "") -> str:
        value = self.store.value(key, default)
        return value if isinstance(value, str) else default

    def _flag(self, key: str, default: bool = False) -> bool:
        value = self.store.value(key, default)
        if isinstance(value, bool):
            return value
        if isinstance(value, str):
            return value.lower() in ("true", "1", "yes")
        return default

    @property
    def edition(self) -> str:
        value = self._text("inspector/edition", DEFAULT_EDITION.id)
        return value if value in EDITION_IDS else DEFAULT_EDITION.id

    @edition.setter
    def edition(self, value: str) -> None:
        if value not in EDITION_IDS:
            raise ValueError(f"unknown edition {value!r}; known: {', '.join(EDITION_IDS)}")
        self.store.setValue("inspector/edition", value)

    @property
    def base(self) -> str:
        return self._text("inspector/base")

    @base.setter
    def base(self, value: str) -> None:
        self.store.setValue("inspector/base", without_password(value))

    @property
    def show_passwords(self) -> bool:
        return self._flag("inspector/show_passwords")

    @show_passwords.setter
    def show_passwords(self, value: bool) -> None:
        self.store.setValue("inspector/show_passwords", bool(value))

    @property
    def charset(self) -> str:
        return self._text("inspector/charset", "utf-8") or "utf-8"

    @charset.setter
    def charset(self, value: str) -> None:
        self.store.setValue("inspector/charset", value)

    @property
    def news_server(self) -> str:
        """The news server for ``news:`` URLs (``host[:port]``); "" means ``NNTPSERVER``,
        else ``localhost:119`` (RFC 1738 §3.6: news URLs name no host)."""
        return self._text("viewer/news_server", "").strip()

    @news_server.setter
    def news_server(self, value: str) -> None:
        self.store.setValue("viewer/news_server", value.strip())

    @property
    def ftp_tls(self) -> bool:
        """Ask every ftp server for TLS (AUTH TLS, RFC 4217), and stop if it refuses."""
        return self._flag("viewer/ftp_auth_tls")

    @ftp_tls.setter
    def ftp_tls(self, value: bool) -> None:
        self.store.setValue("viewer/ftp_auth_tls", bool(value))

    @property
    def theme(self) -> str:
        value = self._text("window/theme", "auto")
        return value if value in THEMES else "auto"

    @theme.setter
    def theme(self, value: str) -> None:
        if value not in THEMES:
            raise ValueError(f"unknown theme {value!r}; known: {', '.join(THEMES)}")
        self.store.setValue("window/theme", value)

    @property
    def zoom(self) -> float:
        """The window's zoom factor (View ▸ Zoom in / Zoom out; 1.0 is actual size)."""
        value = self.store.value("window/zoom", 1.0)
        try:
            factor = float(value)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return 1.0
        return factor if 0.25 <= factor <= 4.0 else 1.0

    @zoom.setter
    def zoom(self, value: float) -> None:
        self.store.setValue("window/zoom", float(value))

    # --- history ----------------------------------------------------------------------

    @property
    def history(self) -> list[str]:
        """Inspected URLs, most recent first (passwords replaced by
        :data:`PASSWORD_REMOVED`)."""
        value = self.store.value("inspector/history", [])
        if isinstance(value, str):  # QSettings gives a one-item list back as a str
            value = [value]
        if not isinstance(value, list):
            return []
        return [v for v in value if isinstance(v, str) and v][:HISTORY_SIZE]

    def add_history(self, url: str) -> None:
        entry = history_entry(url.strip())
        if not entry:
            return
        items = [entry, *(h for h in self.history if h != entry)][:HISTORY_SIZE]
        self.store.setValue("inspector/history", items)

    def clear_history(self) -> None:
        self.store.remove("inspector/history")

    # --- layout -----------------------------------------------------------------------

    def layout(self, name: str) -> QByteArray | None:
        """Saved state of a layout item (``geometry``, a splitter's name)."""
        value = self.store.value(f"layout/{name}")
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    def set_layout(self, name: str, state: QByteArray) -> None:
        self.store.setValue(f"layout/{name}", state)

    def index(self, name: str) -> int:
        value: object = self.store.value(f"layout/{name}", 0)
        if isinstance(value, int):
            return value
        return int(value) if isinstance(value, str) and value.isdigit() else 0

    def set_index(self, name: str, value: int) -> None:
        self.store.setValue(f"layout/{name}", int(value))

    def sync(self) -> None:
        self.store.sync()
