"""Every command block of docs/scan.md (fenced ``sh``) runs as a newcomer pastes it: in
a folder holding the inputs the examples name, the cluster block's ``dask scheduler``
and ``dask worker`` started as processes (on free ports of 127.0.0.1 instead of 8786
and 8787), the object-store block against moto's S3 server on 127.0.0.1 (its bucket
made first, its inputs put there), and the install block checked against the extras
of pyproject.toml, whose requirements must all be installed here (pip itself is not
run: it would change this environment)."""

from __future__ import annotations

import contextlib
import gzip
import json
import os
import re
import signal
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pytest

from tests.unit.scan import require_scan_extra

require_scan_extra()

from packaging.requirements import Requirement  # noqa: E402

from tests.support.ports import candidate_port, wait_listening  # noqa: E402
from tests.unit.scan.samples import write  # noqa: E402

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "scan.md"
URLS = ["http://a.example/1", "https://user:pw@b.example/", "http://bücher.de/"]


def blocks() -> list[str]:
    """The ``sh`` blocks of docs/scan.md, in order."""
    return re.findall(r"```sh\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def _commands(block: str) -> list[str]:
    return [line for line in block.splitlines() if line.strip() and not line.startswith("#")]


def _inputs(folder: Path) -> None:
    """What the examples name: logs/*.txt.gz, a CDXJ index, feed.parquet (column
    link), a crawl/ folder of WARC files."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    (folder / "logs").mkdir()
    for name in ("a", "b"):
        text = "\n".join(URLS) + "\n"
        (folder / "logs" / f"{name}.txt.gz").write_bytes(gzip.compress(text.encode()))
    (folder / "CC-MAIN-2024-51").mkdir()
    write(folder / "CC-MAIN-2024-51", "index.cdxj", URLS)
    (folder / "CC-MAIN-2024-51" / "index.cdxj").rename(folder / "CC-MAIN-2024-51" / "x")
    cdx = (folder / "CC-MAIN-2024-51" / "x").read_bytes()
    (folder / "CC-MAIN-2024-51" / "cdx-00000.gz").write_bytes(gzip.compress(cdx))
    (folder / "CC-MAIN-2024-51" / "x").unlink()
    pq.write_table(pa.table({"link": URLS}), folder / "feed.parquet")
    (folder / "crawl").mkdir()
    write(folder / "crawl", "crawl.warc.gz", URLS)


def _check_install(block: str) -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    for line in _commands(block):
        (extra,) = re.findall(r"'urlinspector\[([a-z-]+)\]'", line)
        assert extra in extras, line
        for text in extras[extra]:
            requirement = Requirement(text)
            if requirement.name == "urlinspector":
                continue
            version = metadata.version(requirement.name)
            assert requirement.specifier.contains(version, prereleases=True), (text, version)


class _Cluster:
    """The processes of the cluster block, stopped at the end."""

    def __init__(self) -> None:
        self.processes: list[subprocess.Popen[bytes]] = []

    def _spawn(self, line: str, log: Path, folder: Path, env: dict[str, str]) -> None:
        with log.open("wb") as out:
            process = subprocess.Popen(
                ["bash", "-c", line],
                stdout=out,
                stderr=subprocess.STDOUT,
                env=env,
                cwd=folder,
                start_new_session=True,  # (stopped with its children)
            )
        self.processes.append(process)

    def start(self, block: str, folder: Path, env: dict[str, str], port: int) -> None:
        from dask.distributed import Client

        scheduler, *workers = _commands(block)
        log = folder / "scheduler.log"
        self._spawn(scheduler, log, folder, env)
        wait_listening(port, self.processes[0], "dask scheduler", output=log.read_text)
        for i, worker in enumerate(workers):
            self._spawn(worker, folder / f"worker{i}.log", folder, env)
        with Client(f"tcp://127.0.0.1:{port}", timeout=60) as client:
            client.wait_for_workers(len(workers), timeout=120)

    def stop(self) -> None:
        for process in reversed(self.processes):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


@pytest.fixture
def cluster() -> Iterator[_Cluster]:
    started = _Cluster()
    try:
        yield started
    finally:
        started.stop()


def _run(block: str, folder: Path, env: dict[str, str]) -> str:
    done = subprocess.run(
        ["bash", "-e", "-c", block],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, f"{block}\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}"
    return done.stdout


def test_every_command_block_of_the_scan_docs_runs(
    s3_endpoint: str, cluster: _Cluster, tmp_path: Path
) -> None:
    import s3fs  # type: ignore[import-untyped]

    _inputs(tmp_path)
    fs = s3fs.S3FileSystem(endpoint_url=s3_endpoint)
    fs.mkdir("my-bucket")
    fs.pipe("my-bucket/logs/a.txt", ("\n".join(URLS) + "\n").encode())
    scheduler, dashboard = candidate_port(), candidate_port()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
    env["PATH"] = os.pathsep.join([os.path.dirname(sys.executable), env.get("PATH", "")])
    ran = []
    for block in blocks():
        block = block.replace("8786", str(scheduler)).replace("8787", str(dashboard))
        if "pip install" in block:
            _check_install(block)
        elif any(line.startswith("dask scheduler") for line in _commands(block)):
            cluster.start(block, tmp_path, env, scheduler)
        else:
            ran.append(_run(block, tmp_path, env))
        ran.append(block)
    text = "".join(ran)
    assert "dask scheduler" in text
    assert "dask worker" in text
    assert "s3://my-bucket/scan-out" in text
    assert "3 URLs: 1 with errors, 1 invalid under the edition only" in text
    report = json.loads(fs.cat("my-bucket/scan-out/report.json"))
    assert report["urls"] == 3
    for out in ("first-scan", "logs-scan", "cc-scan", "feed-scan", "crawl-scan", "cluster-scan"):
        assert (tmp_path / out / "report.json").exists(), out
    assert json.loads((tmp_path / "stdin-scan" / "report.json").read_text())["urls"] == 3
