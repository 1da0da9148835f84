"""The URL core: parsing under each edition of the specs, escapes, diagnostics.

Standard library (plus ``idna``) only: no sockets, threads, files or Qt.
"""

from urlinspector.core.editions import DEFAULT_EDITION, EDITION_IDS, EDITIONS, Edition, get_edition
from urlinspector.core.errors import UnknownCharsetError, UnknownEditionError, URLInspectorError
from urlinspector.core.model import Diagnostic, Part, SchemeParts, Span
from urlinspector.core.parse import URL, Segment, parse

__all__ = [
    "DEFAULT_EDITION",
    "EDITIONS",
    "EDITION_IDS",
    "URL",
    "Diagnostic",
    "Edition",
    "Part",
    "SchemeParts",
    "Segment",
    "Span",
    "URLInspectorError",
    "UnknownCharsetError",
    "UnknownEditionError",
    "get_edition",
    "parse",
]
