"""The URL core: parsing under each edition of the specs, escapes, diagnostics,
resolution of references, base URLs, normalization, comparison and extraction.

Standard library plus pure, deterministic parsers and data: ``idna``, ``ada-url``
(the browsers' WHATWG reading, asked for apart from ``parse``), PyICU (UTS #39
look-alikes) and ``publicsuffixlist``.  No sockets, threads, files or Qt.
"""

from typing import TYPE_CHECKING, Any

from urlinspector.core.base import EstablishedBase, establish_base
from urlinspector.core.comparison import Comparison, Rung, compare
from urlinspector.core.editions import DEFAULT_EDITION, EDITION_IDS, EDITIONS, Edition, get_edition
from urlinspector.core.errors import UnknownCharsetError, UnknownEditionError, URLInspectorError
from urlinspector.core.extraction import Found, extract
from urlinspector.core.guess import Guess, guess_absolute
from urlinspector.core.model import Diagnostic, Part, SchemeParts, Span
from urlinspector.core.normalization import (
    RUNGS,
    STEPS,
    Change,
    Normalized,
    UnknownStepError,
    normalize,
)
from urlinspector.core.parse import URL, Segment, parse
from urlinspector.core.resolution import (
    CURRENT_DOCUMENT,
    BaseNotAbsoluteError,
    Resolution,
    Step,
    remove_dot_segments,
    resolve,
)

if TYPE_CHECKING:
    from urlinspector.core.browser import BrowserReading, browser_reading
    from urlinspector.core.destinations import Destination, Verdict, destination
    from urlinspector.core.domain import registrable_domain
    from urlinspector.core.lookalike import CharInfo, describe_char

_ON_USE: dict[str, str] = {
    "BrowserReading": "browser",
    "browser_reading": "browser",
    "Destination": "destinations",
    "Verdict": "destinations",
    "destination": "destinations",
    "registrable_domain": "domain",
    "CharInfo": "lookalike",
    "describe_char": "lookalike",
}
"""Names imported when first used: where browsers go needs ada-url, ICU and the
Public Suffix List, whose import takes longer than the rest of the core together
(ICU alone about 40 ms), and parsing, resolving or fetching needs none of them."""


def __getattr__(name: str) -> Any:
    module = _ON_USE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    loaded = importlib.import_module(f"{__name__}.{module}")
    # importing the submodule binds its name here: every
    # name taken from it is bound again to what it names
    for each, home in _ON_USE.items():
        if home == module:
            globals()[each] = getattr(loaded, each)
    return globals()[name]


__all__ = [
    "CURRENT_DOCUMENT",
    "DEFAULT_EDITION",
    "EDITIONS",
    "EDITION_IDS",
    "RUNGS",
    "STEPS",
    "URL",
    "BaseNotAbsoluteError",
    "BrowserReading",
    "Change",
    "CharInfo",
    "Comparison",
    "Destination",
    "Diagnostic",
    "Edition",
    "EstablishedBase",
    "Found",
    "Guess",
    "Normalized",
    "Part",
    "Resolution",
    "Rung",
    "SchemeParts",
    "Segment",
    "Span",
    "Step",
    "URLInspectorError",
    "UnknownCharsetError",
    "UnknownEditionError",
    "UnknownStepError",
    "Verdict",
    "browser_reading",
    "compare",
    "describe_char",
    "destination",
    "establish_base",
    "extract",
    "get_edition",
    "guess_absolute",
    "normalize",
    "parse",
    "registrable_domain",
    "remove_dot_segments",
    "resolve",
]
