"""In CI (``CI=true``) a server or library the tests need must be there: a missing one
fails the test.  Elsewhere it skips, saying why."""

from __future__ import annotations

import os
from typing import NoReturn

import pytest

__all__ = ["in_ci", "unavailable"]


def in_ci() -> bool:
    """Whether the tests run in CI (``CI=true`` in the environment)."""
    return os.environ.get("CI", "").strip().lower() == "true"


def unavailable(name: str, why: str) -> NoReturn:
    """Skip with *why*, or fail in CI, where a missing *name* is a failure."""
    if in_ci():
        pytest.fail(f"{name} is required in CI: {why}", pytrace=False)
    pytest.skip(why)
