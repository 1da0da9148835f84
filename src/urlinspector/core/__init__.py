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
from urlinspector.core.on_use import every_name, names_on_use

# ``parse`` shares its name with its module, and that is safe only because it is bound
# here, as the package is imported: importing urlinspector.core.parse binds the module
# to ``parse`` in the package once, when it is first loaded, and this line, which runs
# after that, binds the function in its place; nothing imports the module for the first
# time later.  Every name below that is loaded on first use lives in a module of
# another name (``normalize`` in normalization.py), since importing that module by any
# route would bind the module to the name in the package and hide the function.
from urlinspector.core.parse import URL, Segment, parse

if TYPE_CHECKING:  # (what mypy reads of _ON_USE; the tests check that they agree)
    from urlinspector.core.base import EstablishedBase as EstablishedBase
    from urlinspector.core.base import establish_base as establish_base
    from urlinspector.core.browser import BrowserReading as BrowserReading
    from urlinspector.core.browser import browser_reading as browser_reading
    from urlinspector.core.comparison import Comparison as Comparison
    from urlinspector.core.comparison import Rung as Rung
    from urlinspector.core.comparison import compare as compare
    from urlinspector.core.destinations import Destination as Destination
    from urlinspector.core.destinations import Verdict as Verdict
    from urlinspector.core.destinations import destination as destination
    from urlinspector.core.domain import registrable_domain as registrable_domain
    from urlinspector.core.extraction import Found as Found
    from urlinspector.core.extraction import extract as extract
    from urlinspector.core.guess import Guess as Guess
    from urlinspector.core.guess import guess_absolute as guess_absolute
    from urlinspector.core.lookalike import CharInfo as CharInfo
    from urlinspector.core.lookalike import describe_char as describe_char
    from urlinspector.core.normalization import RUNGS as RUNGS
    from urlinspector.core.normalization import STEPS as STEPS
    from urlinspector.core.normalization import Change as Change
    from urlinspector.core.normalization import Normalized as Normalized
    from urlinspector.core.normalization import UnknownStepError as UnknownStepError
    from urlinspector.core.normalization import normalize as normalize
    from urlinspector.core.resolution import CURRENT_DOCUMENT as CURRENT_DOCUMENT
    from urlinspector.core.resolution import BaseNotAbsoluteError as BaseNotAbsoluteError
    from urlinspector.core.resolution import Resolution as Resolution
    from urlinspector.core.resolution import Step as Step
    from urlinspector.core.resolution import remove_dot_segments as remove_dot_segments
    from urlinspector.core.resolution import resolve as resolve

_ON_USE: dict[str, tuple[str, ...]] = {
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
"""The names imported when first used, by the module that defines them: the one list of
them (:mod:`.on_use`).  Parsing needs none of them, and a program that only parses or
fetches should not pay for them (together about 90 ms of a start-up of 75 ms without
them): where browsers go needs ada-url, ICU and the Public Suffix List, and base URLs,
resolution, normalization, comparison and extraction bring html.parser, their tables
and every edition's resolver."""

__getattr__, __dir__ = names_on_use(__name__, _ON_USE)

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
    *every_name(_ON_USE),
]
