"""A real Dask cluster for the scan tests: a ``LocalCluster`` of 2 worker processes of
one thread each (as ``urlinspector scan`` starts on a 2-core machine), shared by the
session.  A task whose workers die twice under it is given up (the tests of a part
that kills its worker would otherwise wait for four deaths), and, as the scan's own
local cluster does, a worker is sent one task at a time, so a worker's death is held
against the task it was running and no other."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.unit.scan import require_scan_extra

require_scan_extra()

import dask  # noqa: E402
from dask.distributed import Client, LocalCluster  # noqa: E402

pytestmark = pytest.mark.integration


@pytest.fixture(scope="session")
def dask_client() -> Iterator[Any]:
    with (
        dask.config.set(
            {
                "distributed.scheduler.allowed-failures": 1,
                "distributed.scheduler.worker-saturation": 1.0,
            }
        ),
        LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",  # (a free port: another cluster may hold 8787)
            host="127.0.0.1",
        ) as cluster,
        Client(cluster) as client,
    ):
        yield client
