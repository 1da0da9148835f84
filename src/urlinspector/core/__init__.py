"""The URL core: parsing under each edition of the specs, escapes, diagnostics,
resolution of references, base URLs, normalization, comparison and extraction.

Standard library plus pure, deterministic parsers and data: ``idna``, ``ada-url``
(the browsers' WHATWG reading, asked for apart from ``parse``), PyICU (UTS #39
look-alikes) and ``publicsuffixlist``.  No sockets, threads, files or Qt.

Importing the package imports the parser and what its results are made of (``parse``,
``URL``, the editions, the errors, the model); every other name here is imported from
its module when it is first used, so that a program that only parses, or fetches,
does not pay for resolution, normalization, extraction or the browsers' reading.
"""

from typing import TYPE_CHECKING

from urlinspector.core.editions import DEFAULT_EDITION, EDITION_IDS, EDITIONS, Edition, get_edition
from urlinspector.core.errors import UnknownCharsetError, UnknownEditionError, URLInspectorError
from urlinspector.core.model import Diagnostic, Part, SchemeParts, Span
from urlinspector.core.on_use import names_on_use

# ``parse`` shares its name with its module, and that is safe only because it is bound
# here, as the package is imported: importing urlinspector.core.parse binds the module
# to ``parse`` in the package once, when it is first loaded, and this line, which runs
# after that, binds the function in its place; nothing imports the module for the first
# time later.  Every name below that is loaded on first use lives in a module of
# another name (``normalize`` in normalization.py), since importing that module by any
# route would bind the module to the name in the package and hide the function.
from urlinspector.core.parse import URL, Segment, parse

if TYPE_CHECKING:
    from urlinspector.core.base import EstablishedBase, establish_base
    from urlinspector.core.browser import BrowserReading, browser_reading
    from urlinspector.core.comparison import Comparison, Rung, compare
    from urlinspector.core.destinations import Destination, Verdict, destination
    from urlinspector.core.domain import registrable_domain
    from urlinspector.core.extraction import Found, extract
    from urlinspector.core.guess import Guess, guess_absolute
    from urlinspector.core.lookalike import CharInfo, describe_char
    from urlinspector.core.normalization import (
        RUNGS,
        STEPS,
        Change,
        Normalized,
        UnknownStepError,
        normalize,
    )
    from urlinspector.core.resolution import (
        CURRENT_DOCUMENT,
        BaseNotAbsoluteError,
        Resolution,
        Step,
        remove_dot_segments,
        resolve,
    )

_ON_USE_BY_MODULE: dict[str, tuple[str, ...]] = {
    "base": ("EstablishedBase", "establish_base"),
    "browser": ("BrowserReading", "browser_reading"),
    "comparison": ("Comparison", "Rung", "compare"),
    "destinations": ("Destination", "Verdict", "destination"),
    "domain": ("registrable_domain",),
    "extraction": ("Found", "extract"),
    "guess": ("Guess", "guess_absolute"),
    "lookalike": ("CharInfo", "describe_char"),
    "normalization": ("RUNGS", "STEPS", "Change", "Normalized", "UnknownStepError", "normalize"),
    "resolution": (
        "CURRENT_DOCUMENT",
        "BaseNotAbsoluteError",
        "Resolution",
        "Step",
        "remove_dot_segments",
        "resolve",
    ),
}
_ON_USE: dict[str, str] = {
    name: module for module, names in _ON_USE_BY_MODULE.items() for name in names
}
"""Names imported when first used, and their modules.  Parsing needs none of them,
and a program that only parses or fetches should not pay for them: where browsers go
needs ada-url, ICU and the Public Suffix List (ICU alone about 40 ms), and base URLs,
resolution, normalization, comparison and extraction bring html.parser, their tables
and every edition's resolver."""


__getattr__, __dir__ = names_on_use(__name__, _ON_USE)

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
