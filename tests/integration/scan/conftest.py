"""A real Dask cluster for the scan tests: a ``LocalCluster`` of 2 worker processes of
one thread each, started and configured as ``urlinspector scan`` starts its own on a
2-core machine (a worker is sent one task at a time, so a worker's death is held
against the task it was running and no other), shared by the session.  A task whose
workers die twice under it is given up (the tests of a part that kills its worker
would otherwise wait for four deaths)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.unit.scan import require_scan_extra

require_scan_extra()

import dask  # noqa: E402

from urlinspector.scan.driver import local_client  # noqa: E402

pytestmark = pytest.mark.integration


@pytest.fixture(scope="session")
def dask_client() -> Iterator[Any]:
    with (
        dask.config.set({"distributed.scheduler.allowed-failures": 1}),
        local_client(2) as client,
    ):
        yield client
