"""Names of the core imported when first used keep naming what they name, whichever of
a module's names is asked for first."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize(
    "names",
    [
        "Destination, destination",
        "destination, Destination",
        "Verdict, destination",
        "BrowserReading, browser_reading",
    ],
)
def test_a_function_named_like_its_module_stays_a_function(names: str) -> None:
    # a fresh interpreter: the first use is what is tested
    code = f"from urlinspector.core import {names}; import inspect; " + "; ".join(
        f"assert not inspect.ismodule({name}), {name}" for name in names.split(", ")
    )
    subprocess.run([sys.executable, "-c", code], check=True)
