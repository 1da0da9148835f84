"""Charset names: the codec a name such as ``latin-1`` or ``UTF8`` stands for.

Kept apart from :mod:`.escapes` (which uses and re-exports it), so that a command that
only checks a ``--charset`` argument does not load the tables of escapes."""

from __future__ import annotations

import codecs

from urlinspector.core.errors import UnknownCharsetError

__all__ = ["canonical_charset"]


def canonical_charset(charset: str) -> str:
    """The canonical codec name for *charset* (``"latin-1"`` -> ``"iso8859-1"``).

    Raises :class:`~urlinspector.core.errors.UnknownCharsetError` (a ``ValueError``)
    for a name Python does not know or that is not a text encoding (``base64``).
    """
    try:
        name = codecs.lookup(charset).name
        b"a".decode(name, "ignore")  # LookupError for bytes-to-bytes codecs
    except LookupError:
        raise UnknownCharsetError(charset) from None
    except (UnicodeError, ValueError):
        pass  # a text codec that dislikes the probe (idna, punycode)
    return name
