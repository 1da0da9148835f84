"""The optional compiled parser; everything else about the build is in pyproject.toml.

``pip install .`` installs pure Python, as always.  With ``URLINSPECTOR_COMPILE=1``
the modules of the parse path (:data:`COMPILED`) are compiled with mypyc, which turns
their type-annotated Python into C extensions; Python then imports those in place of
the ``.py`` files, which stay in the package beside them.  The compiled build needs
mypy (it ships mypyc), setuptools and a C compiler with the Python headers:

    URLINSPECTOR_COMPILE=1 pip install --no-build-isolation .

(``--no-build-isolation`` builds with the mypy already installed, e.g. by the
``test`` extra.)  Only for wheels and regular installs: in an editable install a
compiled module beside its source would hide every later edit of that source, so
the build stops with a message instead.  docs/benchmarks.md ("Parsing") gives what
the compiled build costs and gains.
"""

from __future__ import annotations

import os

from setuptools import setup
from setuptools.command.build_ext import build_ext

COMPILED = [
    "src/urlinspector/core/parse.py",
    "src/urlinspector/core/grammar.py",
    "src/urlinspector/core/registry.py",
    "src/urlinspector/core/checks/chars.py",
    "src/urlinspector/core/checks/host.py",
    "src/urlinspector/core/checks/port.py",
    "src/urlinspector/core/checks/security.py",
    "src/urlinspector/core/specific/__init__.py",
    "src/urlinspector/core/specific/authority.py",
    "src/urlinspector/core/specific/common.py",
    "src/urlinspector/core/specific/file.py",
    "src/urlinspector/core/specific/ftp.py",
    "src/urlinspector/core/specific/gopher.py",
    "src/urlinspector/core/specific/http.py",
    "src/urlinspector/core/specific/mailto.py",
    "src/urlinspector/core/specific/news.py",
    "src/urlinspector/core/specific/prospero.py",
    "src/urlinspector/core/specific/telnet.py",
    "src/urlinspector/core/specific/wais.py",
]
"""The modules :func:`urlinspector.core.parse` runs through for every URL.  Not the
record types (core/model.py, core/url.py, the findings list in core/checks), which
subclass ``tuple`` and ``list``: mypyc compiles no such class.  Not core/editions.py:
compiled, an Edition (a frozen dataclass) no longer pickles, and parse results carry
theirs.  Not core/tables.py: its regexes are ``functools.cached_property`` attributes,
which mypyc compiles as plain properties that compute again on every read (mypy
PR #21611), where parse reads them for every URL; interpreted, they are computed once.

A compiled function checks the types of its arguments where Python calls it, with
mypyc's own message: ``parse(b"...")`` raises ``TypeError`` either way, but
``parse(text, None)`` raises ``TypeError`` there where the pure-Python build raises
``UnknownEditionError``.  For any ``str`` the results are the same."""


class BuildExt(build_ext):
    """``build_ext`` that will not put a compiled module beside its source."""

    def run(self) -> None:
        if self.extensions and (self.inplace or getattr(self, "editable_mode", False)):
            raise SystemExit(
                "urlinspector: the compiled parser is for wheels and regular installs; "
                "an editable install keeps the pure-Python modules, so that edits to them "
                "take effect (install without URLINSPECTOR_COMPILE=1)"
            )
        super().run()


def _extensions() -> list[object]:
    if os.environ.get("URLINSPECTOR_COMPILE") != "1":
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as exc:
        raise SystemExit(
            "urlinspector: URLINSPECTOR_COMPILE=1 needs mypy (which ships mypyc) in the "
            "build environment: pip install mypy, then "
            "URLINSPECTOR_COMPILE=1 pip install --no-build-isolation ."
        ) from exc
    # (pyproject.toml configures mypy for the whole package; the overrides of the
    # modules not compiled here are unused, which is no error)
    return list(mypycify(["--no-warn-unused-configs", *COMPILED], opt_level="3"))


if __name__ == "__main__":  # (as setuptools runs it; tests import the module)
    setup(ext_modules=_extensions(), cmdclass={"build_ext": BuildExt})
