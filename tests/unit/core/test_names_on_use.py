"""The core package imports the parser when it is imported and every other name when it
is first used; each name it exports keeps naming what its module defines, whatever was
imported before and in which order."""

from __future__ import annotations

import ast
import importlib.util
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import urlinspector.core

ON_USE_MODULES = (
    "base",
    "browser",
    "comparison",
    "destinations",
    "domain",
    "extraction",
    "guess",
    "lookalike",
    "normalization",
    "resolution",
)
"""The modules of the core that parsing needs none of."""

INIT = Path(urlinspector.core.__file__)


def _run(code: str, *argv: str) -> str:
    """Run ``code`` in a fresh interpreter: what is imported first is what is tested."""
    done = subprocess.run(
        [sys.executable, "-c", code, *argv], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def _homes() -> dict[str, str]:
    """Each name the package imports, with the module it imports it from: what mypy
    reads (the imports under ``TYPE_CHECKING`` included)."""
    homes: dict[str, str] = {}
    for node in ast.walk(ast.parse(INIT.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("urlinspector"):
            homes.update((alias.asname or alias.name, str(node.module)) for alias in node.names)
    return homes


def _bound_on_import() -> set[str]:
    """The names the package binds as it is imported (imports at its top level)."""
    tree = ast.parse(INIT.read_text(encoding="utf-8"))
    return {
        alias.asname or alias.name
        for node in tree.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }


def _submodules() -> list[str]:
    return sorted(
        info.name
        for info in pkgutil.walk_packages(urlinspector.core.__path__, "urlinspector.core.")
    )


@pytest.mark.parametrize(
    "code",
    [
        "import urlinspector.core",
        "from urlinspector.core import parse, URL, EDITIONS; parse('gopher://127.0.0.1:70/9/x')",
        "from urlinspector.core import parse; parse('http://a/b/../c?q#f', edition='rfc1738')",
    ],
)
@pytest.mark.parametrize("module", ON_USE_MODULES)
def test_parsing_leaves_the_rest_of_the_core_unimported(code: str, module: str) -> None:
    name = f"urlinspector.core.{module}"
    assert importlib.util.find_spec(name) is not None, name
    loaded = json.loads(_run(f"{code}; import sys, json; print(json.dumps(sorted(sys.modules)))"))
    assert "urlinspector.core.parse" in loaded
    assert not [each for each in loaded if each == name or each.startswith(f"{name}.")]


def test_every_exported_name_has_a_home_that_mypy_reads() -> None:
    assert set(_homes()) >= set(urlinspector.core.__all__)


PACKAGES = ("urlinspector.core", "urlinspector.schemes.gopher", "urlinspector.gui.viewer")


def _typing_imports(package: str) -> dict[str, str]:
    """What mypy reads of a package's names on use: its imports under ``TYPE_CHECKING``,
    name -> module."""
    source = Path(str(importlib.util.find_spec(package).origin)).read_text(encoding="utf-8")  # type: ignore[union-attr]
    homes: dict[str, str] = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for each in ast.walk(node):
                if isinstance(each, ast.ImportFrom):
                    for alias in each.names:
                        # (an explicit re-export: mypy exports the name without __all__)
                        assert alias.asname == alias.name, alias.name
                        homes[alias.name] = str(each.module).removeprefix(f"{package}.")
    return homes


@pytest.mark.parametrize("package", PACKAGES)
def test_what_mypy_reads_is_the_table_of_names_on_use(package: str) -> None:
    module = importlib.import_module(package)
    table = module._ON_USE
    assert _typing_imports(package) == {
        name: home for home, names in table.items() for name in names
    }
    listed = [name for names in table.values() for name in names]
    assert set(listed) <= set(module.__all__)
    assert len(module.__all__) == len(set(module.__all__))


@pytest.mark.parametrize("package", PACKAGES)
def test_no_name_on_use_is_the_name_of_a_module_of_its_package(package: str) -> None:
    module = importlib.import_module(package)
    modules = {info.name for info in pkgutil.iter_modules(module.__path__)}
    names = {name for names in module._ON_USE.values() for name in names}
    assert not modules & names


def test_a_table_whose_name_is_a_module_of_it_is_refused() -> None:
    from urlinspector.core.on_use import names_on_use

    with pytest.raises(ValueError, match="hidden"):
        names_on_use("urlinspector.core", {"base": ("base", "establish_base")})


def test_no_module_of_the_core_is_named_like_a_name_loaded_on_first_use() -> None:
    # importing a submodule binds it in the package under its own name: a name that is
    # also a module's name stays what the package exports only if the package binds it
    # as it is imported, after the module (parse)
    modules = {info.name for info in pkgutil.iter_modules(urlinspector.core.__path__)}
    shared = modules & set(urlinspector.core.__all__)
    assert shared <= _bound_on_import(), shared - _bound_on_import()


PROBE = """
import importlib, inspect, json, sys
first, modules, homes = json.loads(sys.argv[1])
import urlinspector.core as core
for name in first:  # names asked for before the modules are imported
    getattr(core, name)
for module in modules:
    importlib.import_module(module)
# what the package holds before any name is asked for again: a module bound to a name
# it exports would be found by whichever of the module's names is asked for first
wrong = [name for name in core.__all__ if inspect.ismodule(vars(core).get(name))]
for name in core.__all__:
    expected = getattr(importlib.import_module(homes[name]), name)
    namespace = {}
    exec(f"from urlinspector.core import {name}", namespace)
    for how, value in (("getattr", getattr(core, name)), ("from-import", namespace[name])):
        if inspect.ismodule(value) or value is not expected:
            wrong.append(f"{name} by {how}: {value!r}")
print(json.dumps(wrong))
"""


@pytest.mark.parametrize("order", ["sorted", "reversed", "names first"])
def test_every_name_stays_what_its_module_defines_whatever_was_imported(order: str) -> None:
    modules = _submodules()
    assert {f"urlinspector.core.{module}" for module in ON_USE_MODULES} <= set(modules)
    if order == "reversed":
        modules.reverse()
    first = urlinspector.core.__all__ if order == "names first" else []
    argument = json.dumps([first, modules, _homes()])
    assert json.loads(_run(PROBE, argument)) == []


@pytest.mark.parametrize(
    "names",
    [
        "Destination, destination",
        "destination, Destination",
        "Verdict, destination",
        "BrowserReading, browser_reading",
        "Rung, normalize, compare",
        "Resolution, resolve, establish_base",
    ],
)
def test_a_function_named_like_a_module_stays_a_function(names: str) -> None:
    code = f"from urlinspector.core import {names}; import inspect; " + "; ".join(
        f"assert not inspect.ismodule({name}), {name}" for name in names.split(", ")
    )
    _run(code)


def test_dir_lists_the_names_loaded_on_first_use() -> None:
    listed = json.loads(_run("import json, urlinspector.core as c; print(json.dumps(dir(c)))"))
    assert set(urlinspector.core.__all__) <= set(listed)
    assert listed == sorted(listed)


def test_a_name_the_package_lacks_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match=r"'urlinspector\.core' has no attribute 'normalise'"):
        urlinspector.core.normalise  # noqa: B018


@pytest.mark.parametrize(
    ("package", "homes"),
    [
        (
            "urlinspector.schemes.gopher",
            {"AskField": "plus", "View": "plus", "parse_ask": "plus", "parse_views": "plus"},
        ),
        (
            "urlinspector.gui.viewer",
            {
                "ViewerPane": "pane",
                "install_viewer": "install",
                "History": "history",
                "HistoryEntry": "history",
            },
        ),
    ],
)
def test_other_packages_load_their_names_on_first_use_the_same_way(
    package: str, homes: dict[str, str]
) -> None:
    """The Gopher+ views and the viewer's Qt classes go through the same mechanism: not
    imported with their package, then what their module defines, kept, and listed."""
    code = (
        "import importlib, json, sys\n"
        f"package, homes = {package!r}, {homes!r}\n"
        "p = importlib.import_module(package)\n"
        "before = [n for n in homes if n in vars(p)]\n"
        "same = [getattr(p, n) is getattr(importlib.import_module(f'{package}.{home}'), n)"
        " for n, home in homes.items()]\n"
        "kept = [n for n in homes if n in vars(p)]\n"
        "print(json.dumps([before, same, kept, [n for n in homes if n in dir(p)]]))"
    )
    before, same, kept, listed = json.loads(_run(code))
    assert before == []
    assert all(same)
    assert kept == list(homes)
    assert listed == list(homes)
