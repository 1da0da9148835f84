"""A real Dask cluster for the scan tests: a ``LocalCluster`` of 2 worker processes of
one thread each, started and configured as ``urlinspector scan`` starts its own on a
2-core machine (a worker is sent one task at a time, so a worker's death is held
against the task it was running and no other), shared by the session.  A task whose
workers die twice under it is given up (the tests of a part that kills its worker
would otherwise wait for four deaths).

For the tests of what users run themselves: moto's standalone S3 server
(:func:`s3_endpoint`) and a cluster started by ``dask scheduler`` and ``dask worker``
(:func:`external_cluster`), all on 127.0.0.1."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.support.ci import unavailable
from tests.support.ports import candidate_port, start_on_free_port, wait_listening
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


# --- an S3-compatible object store, and a cluster of one's own ----------------------------------

S3_ENV = {
    "AWS_ACCESS_KEY_ID": "testing",
    "AWS_SECRET_ACCESS_KEY": "testing",
    "AWS_DEFAULT_REGION": "us-east-1",
}
"""What s3fs needs besides the endpoint (moto accepts any credentials)."""


def _program(name: str) -> str:
    found = shutil.which(name, path=os.path.dirname(sys.executable)) or shutil.which(name)
    if found is None:
        unavailable(name, f"{name} is needed (pip install -e '.[test]')")
    return found


def _start(command: list[str], port: int, what: str, log: Path) -> subprocess.Popen[bytes]:
    with log.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
    try:
        wait_listening(port, process, what, output=lambda: log.read_text(errors="replace"))
    except BaseException:
        process.kill()
        process.wait()
        raise
    return process


def _stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@pytest.fixture(scope="session")
def s3_endpoint(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The address of moto's standalone S3 server, started on 127.0.0.1 as a process;
    the environment (of this process, and so of the processes it starts) points s3fs
    at it."""
    program = _program("moto_server")
    log = tmp_path_factory.mktemp("moto") / "moto.log"

    def start(port: int) -> tuple[int, subprocess.Popen[bytes]]:
        command = [program, "-H", "127.0.0.1", "-p", str(port)]
        return port, _start(command, port, "moto_server", log)

    port, process = start_on_free_port(start)
    endpoint = f"http://127.0.0.1:{port}"
    saved = {k: os.environ.get(k) for k in [*S3_ENV, "AWS_ENDPOINT_URL"]}
    os.environ.update({**S3_ENV, "AWS_ENDPOINT_URL": endpoint})
    try:
        yield endpoint
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        _stop(process)


@dataclass(frozen=True)
class ExternalCluster:
    """A cluster started as a user starts one (docs/scan.md): ``dask scheduler`` and
    two ``dask worker`` processes of one thread each, on 127.0.0.1."""

    address: str
    dashboard: str
    workers: list[subprocess.Popen[bytes]]


@pytest.fixture(scope="session")
def external_cluster(
    s3_endpoint: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ExternalCluster]:
    dask_program = _program("dask")
    logs = tmp_path_factory.mktemp("cluster")
    processes: list[subprocess.Popen[bytes]] = []
    dashboard_port = candidate_port()

    def start_scheduler(port: int) -> tuple[int, subprocess.Popen[bytes]]:
        command = [dask_program, "scheduler", "--host", "127.0.0.1", "--port", str(port)]
        command += ["--dashboard-address", f"127.0.0.1:{dashboard_port}"]
        return port, _start(command, port, "dask scheduler", logs / "scheduler.log")

    try:
        port, scheduler = start_on_free_port(start_scheduler)
        processes.append(scheduler)
        address = f"tcp://127.0.0.1:{port}"
        env = {**os.environ, "DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED": "False"}
        workers = []
        for i in range(2):
            command = [dask_program, "worker", address, "--nworkers", "1", "--nthreads", "1"]
            command += ["--host", "127.0.0.1", "--no-dashboard"]
            with (logs / f"worker{i}.log").open("wb") as out:
                worker = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)
            processes.append(worker)
            workers.append(worker)
        from dask.distributed import Client

        with Client(address, timeout=60) as client:
            client.wait_for_workers(2, timeout=60)
        yield ExternalCluster(address, f"http://127.0.0.1:{dashboard_port}/status", workers)
    finally:
        for process in reversed(processes):
            _stop(process)
