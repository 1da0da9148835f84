"""Names of a package imported from their modules when first used (PEP 562).

A package whose names come from modules that are slow to import, and that many programs
never need, lists them here instead of importing them: :func:`names_on_use` gives its
``__getattr__`` and ``__dir__``.  A name, once imported, is kept in the package, so
later uses are plain lookups.  No such name may be the name of a module of the package:
importing that module by any route would bind the module to the name and hide it."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["names_on_use"]


def names_on_use(
    package: str, homes: Mapping[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for *package*, whose names in *homes* (name ->
    the module of the package it is defined in) are imported when first asked for."""
    namespace = vars(sys.modules[package])

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{home}"), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(namespace.keys() | homes.keys())

    return __getattr__, __dir__
