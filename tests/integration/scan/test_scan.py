"""``urlinspector scan`` on a real Dask cluster (2 worker processes, 1 thread each):
the same judgement as ``parse --jsonl``, every input format, a worker killed mid-scan,
a part that kills every worker it runs on, ``--resume``, and the HTML report read
back from a headless browser."""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterable
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from tests.unit.scan import IN_CI, require_scan_extra

require_scan_extra()

import pyarrow.parquet as pq  # noqa: E402

from tests.benchmarks.corpus import corpus, legacy_corpus  # noqa: E402
from tests.integration.scan.poison import poisoned_rows  # noqa: E402
from tests.unit.scan.samples import WRITERS, write  # noqa: E402
from urlinspector.cli import main  # noqa: E402
from urlinspector.scan import (  # noqa: E402
    Options,
    Reading,
    ScanSettings,
    rows,
    run_scan,
    scan_bag,
    scan_dataframe,
)
from urlinspector.scan.driver import OutputInUse  # noqa: E402
from urlinspector.scan.inputs import InputError  # noqa: E402

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[3]
BIG = int(os.environ.get("URLINSPECTOR_SCAN_TEST_URLS", "100000"))
"""Lines of the large scan (about 100,000: a smaller number for a quick local run)."""


def _scan(client: Any, inputs: list[Path], out: Path, **kwargs: Any) -> dict[str, Any]:
    """``run_scan`` on *client*, its options, reading and settings given by name."""
    groups: dict[type, dict[str, Any]] = {Options: {}, Reading: {}, ScanSettings: {}}
    for name, value in kwargs.items():
        (kind,) = [k for k in groups if name in {f.name for f in dataclasses.fields(k)}]
        groups[kind][name] = value
    options = Options(str(out), **groups[Options])
    settings = ScanSettings(reading=Reading(**groups[Reading]), **groups[ScanSettings])
    return run_scan([str(p) for p in inputs], options, settings, client=client)


def _rows(out: Path) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for path in sorted((out / "rows").glob("part-*.parquet")):
        found += pq.read_table(path).to_pylist()
    return found


def _files(out: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(out)): p.read_bytes()
        for p in sorted(out.rglob("*"))
        if p.is_file() and p.name != "report.html"
    }


# --- about 100,000 URLs, the same judgement as parse --jsonl ----------------------------------


@pytest.fixture(scope="module")
def big_input(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("big") / "urls.txt"
    urls = corpus(BIG * 7 // 10, seed=29) + legacy_corpus(BIG * 3 // 10, seed=30)
    path.write_text("\n".join(urls) + "\n", encoding="utf-8")  # (some empty: skipped)
    return path


@pytest.fixture(scope="module")
def big_scan(dask_client: Any, big_input: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("big-out")
    _scan(dask_client, [big_input], out, part_size=BIG // 10)
    return out


@pytest.fixture(scope="module")
def jsonl_documents(big_input: Path) -> list[dict[str, Any]]:
    """``parse --jsonl``'s document of each non-empty line of the large input."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    command = [sys.executable, "-m", "urlinspector", "parse", "--jsonl", str(big_input)]
    done = subprocess.run(
        [*command, "--jobs", "2"], capture_output=True, env=env, check=False, timeout=900
    )
    assert done.returncode in (0, 1), done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_a_scan_counts_every_code_as_parse_jsonl(
    big_input: Path, big_scan: Path, jsonl_documents: list[dict[str, Any]]
) -> None:
    codes: Counter[str] = Counter()
    urls = invalid = 0
    for document in jsonl_documents:
        urls += 1
        invalid += not document["valid"]
        codes.update({d["code"] for d in document["diagnostics"]})
    report = json.loads((big_scan / "report.json").read_text())
    assert urls == sum(1 for line in big_input.read_text().splitlines() if line)
    assert (report["urls"], report["invalid"], report["errors"]) == (urls, invalid, 0)
    assert report["codes"] == dict(codes)
    assert report["parts"] == 10
    assert report["failed_parts"] == []


def _document_row(document: dict[str, Any]) -> dict[str, Any]:
    """What a scan's row says of a URL, as ``parse --json``'s document says it."""
    findings = sorted(document["diagnostics"], key=lambda d: d["span"])
    return {
        "url": document["input"],
        "valid": document["valid"],
        "browser_host": document["browser"]["host"],
        "url_host_private_domain": document["registrable_domain"],
        "unwrapped": document["unwrapping"]["final"],
        "codes": list(dict.fromkeys(d["code"] for d in findings)),
        "findings": [(d["code"], d["severity"], *d["span"], d["message"]) for d in findings],
    }


def _scan_row(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "url": row["url"],
        "valid": row["valid"],
        "browser_host": row["browser_host"],
        "url_host_private_domain": row["url_host_private_domain"],
        "unwrapped": row["unwrapped"],
        "codes": row["codes"],
        "findings": [
            (f["code"], f["severity"], f["start"], f["end"], f["message"]) for f in row["findings"]
        ],
    }


def test_each_row_says_what_parse_jsonl_says_of_its_url(
    big_scan: Path, jsonl_documents: list[dict[str, Any]]
) -> None:
    # row by row: the scan skips work (the libraries where a pre-check clears a URL,
    # a host judged once) and builds its columns from typed results, and none of
    # that may change a finding, its span or its message
    found = [_scan_row(row) for row in _rows(big_scan)]
    expected = [_document_row(document) for document in jsonl_documents]
    assert len(found) == len(expected)
    differing = [(e, f) for e, f in zip(expected, found, strict=True) if e != f]
    assert differing[:3] == []


def test_the_rows_are_each_lines(big_input: Path, big_scan: Path) -> None:
    lines = big_input.read_text(encoding="utf-8").splitlines()
    found = [(r["line"], r["url"]) for r in _rows(big_scan)]
    assert found == [(i + 1, u) for i, u in enumerate(lines) if u]


class _Numbers(HTMLParser):
    """The numbers of the report's summary cells and of each code's row."""

    def __init__(self) -> None:
        super().__init__()
        self.numbers: dict[str, int] = {}
        self._key: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "td" and (found.get("id") or found.get("data-code")):
            self._key = found.get("id") or f"code:{found['data-code']}"

    def handle_data(self, data: str) -> None:
        if self._key is not None:
            self.numbers[self._key] = int(data.replace(",", ""))  # (1,000,000)
            self._key = None


def _chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        message = "chromium is needed (tests/system/install-debian-packages.sh)"
        if IN_CI:
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    return found


def test_the_html_report_in_a_browser(big_scan: Path, tmp_path: Path) -> None:
    browser = _chromium()
    page = (big_scan / "report.html").as_uri()
    flags = ["--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={tmp_path}"]
    done = subprocess.run(
        [browser, *flags, "--dump-dom", page],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    parser = _Numbers()
    parser.feed(done.stdout)
    report = json.loads((big_scan / "report.json").read_text())
    assert parser.numbers["urls"] == report["urls"] > BIG * 0.99
    assert f'id="urls">{report["urls"]:,}<' in done.stdout  # (as a person reads it)
    assert parser.numbers["invalid"] == report["invalid"]
    shown = {k[5:]: v for k, v in parser.numbers.items() if k.startswith("code:")}
    assert shown == report["codes"]
    assert done.stdout.count("<rect ") == len(report["codes"])


# --- every input format -----------------------------------------------------------------------

URLS = [
    "http://example.com/a",
    "https://user:pw@b.example/x?y=1",
    "ftp://ftp.example.org/pub/file.txt",
    "http://bücher.de/",
    "gopher://gopher.floodgap.com/1/world",
    "https://www.google.com/url?q=https://evil.example/",
]


def test_every_input_format(dask_client: Any, tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    expected = {str(folder / name): write(folder, name, URLS)[1] for name in WRITERS}
    out = tmp_path / "out"
    report = _scan(dask_client, [folder / "*"], out, part_size=4)
    found: dict[str, list[tuple[int, str | None]]] = {}
    for row in _rows(out):
        found.setdefault(row["source"], []).append((row["line"], row["url"]))
    assert found == expected
    assert report["urls"] == sum(len(v) for v in expected.values())
    assert report["errors"] == 1  # the JSONL record without a url


# --- a worker killed, a part that kills its workers, resume ---------------------------------


@pytest.fixture(scope="module")
def mid_input(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("mid") / "urls.txt.gz"
    import gzip

    path.write_bytes(gzip.compress(("\n".join(corpus(3000, seed=5)) + "\n").encode()))
    return path


def test_a_worker_killed_mid_scan_changes_nothing(
    dask_client: Any, mid_input: Path, tmp_path: Path
) -> None:
    calm, killed = tmp_path / "calm", tmp_path / "killed"
    # (without the HTTP libraries' readings: what is tested is the driver, three times
    # faster so)
    _scan(dask_client, [mid_input], calm, part_size=200, readers=False)
    parts = len(list((calm / "rows").glob("part-*")))
    before: dict[str, int] = {}
    held: set[str] = set()
    running: set[str] = set()

    def names(keys: Iterable[Any]) -> set[str]:
        # (a part's task key is scan-part-INDEX-RUN)
        return {
            f"part-{int(str(k).split('-')[2]):05d}.parquet"
            for k in keys
            if str(k).startswith("scan-part-")
        }

    def finished_by_worker() -> dict[str, set[str]]:
        found: dict[str, set[str]] = {}
        for key, addresses in dask_client.who_has().items():
            for address in addresses:
                found.setdefault(address, set()).update(names([key]))
        return {address: parts for address, parts in found.items() if parts}

    def kill_one() -> None:
        # (a worker that has finished a part and holds its aggregate)
        while not (finished := finished_by_worker()):
            time.sleep(0.02)
        before.update(_mtimes(killed))
        address, parts = sorted(finished.items())[0]
        pid = dask_client.run(os.getpid)[address]
        held.update(parts)
        running.update(names(dask_client.processing()[address]))
        os.kill(pid, signal.SIGKILL)

    killer = threading.Thread(target=kill_one)
    killer.start()
    report = _scan(dask_client, [mid_input], killed, part_size=200, readers=False)
    killer.join()
    dask_client.wait_for_workers(2, timeout=60)
    after = _mtimes(killed)
    assert len(before) < parts  # (the worker died with parts still to do)
    assert report["failed_parts"] == []
    assert _files(killed) == _files(calm)
    # the parts the killed worker had finished were read back, not scanned again: at
    # most one it was running could have had its rows written, not yet its aggregate
    rewritten = {name for name, mtime in before.items() if after[name] != mtime}
    assert rewritten <= running
    assert held - running  # (it did die holding finished parts)


def test_a_part_that_kills_its_workers_is_reported(dask_client: Any, tmp_path: Path) -> None:
    urls = [f"http://host{i}.example/page" for i in range(60)]
    urls[24] = "http://poison.example/"
    path = tmp_path / "urls.txt"
    path.write_text("\n".join(urls) + "\n")
    out = tmp_path / "out"
    report = _scan(dask_client, [path], out, part_size=10, row_builder=poisoned_rows)
    dask_client.wait_for_workers(2, timeout=60)
    (failed,) = report["failed_parts"]
    assert {k: failed[k] for k in ("part", "source", "first_line", "count")} == {
        "part": 2,
        "source": str(path),
        "first_line": 21,
        "count": 10,
    }
    assert "KilledWorker" in failed["error"]
    found = _rows(out)
    assert [(r["line"], r["url"]) for r in found] == [(i + 1, u) for i, u in enumerate(urls)]
    lost = [r for r in found if r["error"] is not None]
    assert [r["line"] for r in lost] == list(range(21, 31))
    assert all(r["error"].startswith("not inspected: KilledWorker") for r in lost)
    assert report["urls"] == 60
    assert report["errors"] == 10


def _mtimes(out: Path) -> dict[str, int]:
    return {p.name: p.stat().st_mtime_ns for p in (out / "rows").glob("part-*")}


@pytest.mark.parametrize("how", ["resume", "overwrite"])
def test_a_second_scan_resumes_or_overwrites_the_first(
    dask_client: Any, mid_input: Path, tmp_path: Path, how: str
) -> None:
    out = tmp_path / "out"
    first = _scan(dask_client, [mid_input], out, part_size=750, readers=False)
    before = _mtimes(out)
    (out / "rows" / "part-00002.parquet").unlink()
    time.sleep(0.05)
    again = _scan(dask_client, [mid_input], out, part_size=750, readers=False, **{how: True})
    after = _mtimes(out)
    kept = [name for name in before if before[name] == after.get(name)]
    assert again == first
    if how == "resume":
        assert sorted(kept) == ["part-00000.parquet", "part-00001.parquet", "part-00003.parquet"]
    else:
        assert kept == []


def test_a_scan_into_an_earlier_scan_is_refused_or_replaces_it_whole(
    dask_client: Any, mid_input: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    _scan(dask_client, [mid_input], out, part_size=750, readers=False)
    files = _files(out)
    with pytest.raises(OutputInUse, match=r"holds an earlier scan .*--resume.*--overwrite"):
        _scan(dask_client, [mid_input], out, part_size=1500, readers=False)
    assert _files(out) == files  # (nothing touched)
    with pytest.raises(InputError):  # (an input missing: the earlier scan is kept)
        _scan(dask_client, [tmp_path / "missing.txt"], out, overwrite=True)
    assert _files(out) == files
    report = _scan(dask_client, [mid_input], out, part_size=1500, readers=False, overwrite=True)
    assert report["parts"] == 2
    assert sorted(p.name for p in (out / "rows").glob("part-*")) == [
        "part-00000.parquet",
        "part-00001.parquet",
    ]
    assert len(_rows(out)) == report["urls"]


# --- the command line and the library API ---------------------------------------------------


def test_the_command_line_writes_jsonl_and_markdown(
    dask_client: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "urls.txt"
    path.write_text("\n".join(URLS) + "\n")
    out = tmp_path / "out"
    address = dask_client.scheduler.address
    options = ["--scheduler", address, "--format", "jsonl", "--report", "md"]
    status = main(["scan", str(path), "--out", str(out), *options])
    assert status == 0
    assert "6 URLs" in capsys.readouterr().out
    text = (out / "rows" / "part-00000.jsonl").read_text(encoding="utf-8")
    written = [json.loads(line) for line in text.splitlines()]
    assert written == rows(URLS, str(path)).to_pylist()
    assert (out / "report.md").read_text().startswith("# urlinspector scan")
    # the same DIR again: refused, untouched, unless resumed or overwritten
    written_before = _files(out)
    assert main(["scan", str(path), "--out", str(out), *options]) == 2
    assert "holds an earlier scan" in capsys.readouterr().err
    assert _files(out) == written_before
    assert main(["scan", str(path), "--out", str(out), "--resume", "--overwrite"]) == 2
    assert "either --resume or --overwrite" in capsys.readouterr().err
    assert main(["scan", str(path), "--out", str(out), *options, "--overwrite"]) == 0


def test_scan_bag_and_scan_dataframe(dask_client: Any) -> None:
    import dask.bag as db
    import dask.dataframe as dd
    import pandas as pd

    urls = corpus(300, seed=11)
    expected = rows(urls).column("codes").to_pylist()
    from_bag = scan_bag(db.from_sequence(urls, npartitions=3)).compute()
    frame = dd.from_pandas(pd.DataFrame({"link": urls}), npartitions=4)
    from_frame = scan_dataframe(frame, column="link").compute()
    for got in (from_bag, from_frame):
        assert [list(c) for c in got["codes"]] == expected
        assert list(got["url"]) == urls


def test_the_command_line_starts_its_own_local_cluster(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "urls.txt"
    path.write_text("\n".join(URLS) + "\n")
    out = tmp_path / "out"
    status = main(["scan", str(path), "--out", str(out), "--workers", "1", "--no-readers"])
    assert status == 0
    assert "6 URLs" in capsys.readouterr().out
    assert [r["url"] for r in _rows(out)] == URLS
    assert json.loads((out / "report.json").read_text())["parts"] == 1


def test_the_local_cluster_listens_on_loopback_and_samples_no_stacks(dask_client: Any) -> None:
    import dask

    from urlinspector.scan.driver import LOCAL_CONFIG

    def address(dask_worker: Any) -> str:
        return str(dask_worker.address)

    assert dask_client.scheduler.address.startswith("tcp://127.0.0.1:")
    assert dask_client.dashboard_link.startswith("http://127.0.0.1:")
    for name, value in LOCAL_CONFIG.items():
        assert set(dask_client.run(dask.config.get, name).values()) == {value}
    assert all(a.startswith("tcp://127.0.0.1:") for a in dask_client.run(address).values())


def test_an_interrupted_scan_says_how_to_finish_it(big_input: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    command = [sys.executable, "-m", "urlinspector", "scan", str(big_input), "--out", str(out)]
    command += ["--workers", "1", "--part-size", "5000", "--no-readers"]
    scan = subprocess.Popen(command, stderr=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        while not list((out / "rows").glob("part-*")) and scan.poll() is None:
            time.sleep(0.05)
        scan.send_signal(signal.SIGINT)
        _, err = scan.communicate(timeout=60)
    finally:
        scan.kill()
    assert scan.returncode == 130
    assert "interrupted: the parts finished so far are kept" in err
    finished = len(list((out / "rows").glob("part-*")))
    assert 0 < finished < 20  # (stopped partway: 20 parts in all)
    done = subprocess.run([*command, "--resume"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert len(_rows(out)) == json.loads((out / "report.json").read_text())["urls"]


def _listening() -> set[tuple[str, int]]:
    """The TCP addresses this process listens on."""
    import psutil  # type: ignore[import-untyped]

    return {
        (c.laddr.ip, c.laddr.port)
        for c in psutil.Process().net_connections(kind="tcp")
        if c.status == psutil.CONN_LISTEN
    }


def test_a_cluster_without_a_dashboard_serves_nothing_beyond_loopback() -> None:
    from urlinspector.scan.driver import local_client

    before = _listening()  # (servers other tests of this process started)
    with local_client(1, dashboard=None) as client:
        assert client.dashboard_link is None or "8787" not in client.dashboard_link
        opened = _listening() - before
    assert opened, "the scheduler listens"
    assert all(ip == "127.0.0.1" for ip, _ in opened), opened
    assert all(port != 8787 for _, port in opened), opened
