"""One error hierarchy for misuse of the API (never for what a user typed: that
gets diagnostics).  Every error is a ``ValueError`` with structured attributes."""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["URLInspectorError", "UnknownCharsetError", "UnknownEditionError"]


class URLInspectorError(ValueError):
    """Root of urlinspector's errors."""


class UnknownEditionError(URLInspectorError):
    def __init__(self, edition: object, known: Iterable[str]) -> None:
        self.edition = edition
        self.known = tuple(known)
        super().__init__(f"unknown edition {edition!r}; choose one of: {', '.join(self.known)}")


class UnknownCharsetError(URLInspectorError):
    def __init__(self, charset: str) -> None:
        self.charset = charset
        super().__init__(f"unknown charset {charset!r}; try utf-8, latin-1, cp1252, cp437 or ascii")
