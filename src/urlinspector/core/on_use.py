"""Names of a package imported from their modules when first used (PEP 562).

A package whose names come from modules that are slow to import, and that many programs
never need, lists them in one table, module -> names, instead of importing them:
:func:`names_on_use` gives its ``__getattr__`` and ``__dir__``, :func:`every_name` the
names for its ``__all__``.  A name, once imported, is kept in the package, so later uses
are plain lookups.

The rule for the names: none may be the name of a module of the package, since
importing that module by any route binds the module to that name in the package and
hides the name (``parse`` is the exception that proves it: the package imports it, and
its module, as it is itself imported).  :func:`names_on_use` refuses a name of a module
in its table; the package's tests check the rest of its modules.

mypy cannot read the table: each package also imports its names under
``TYPE_CHECKING``, as ``from module import name as name`` (an explicit re-export), and
its tests check that those imports say what the table says."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any

__all__ = ["every_name", "names_on_use"]


def every_name(table: Mapping[str, Sequence[str]]) -> list[str]:
    """The names of *table* (module -> names), in its order."""
    return [name for names in table.values() for name in names]


def names_on_use(
    package: str, table: Mapping[str, Sequence[str]]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for *package*, whose names in *table* (a module of
    the package -> the names it defines) are imported when first asked for."""
    homes = {name: module for module, names in table.items() for name in names}
    hidden = homes.keys() & table.keys()
    if hidden:
        raise ValueError(f"{package}: {sorted(hidden)} would be hidden by modules of that name")
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
