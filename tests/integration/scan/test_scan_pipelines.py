"""``urlinspector scan`` as a pipeline uses it: on a cluster started with ``dask
scheduler`` and ``dask worker``, inputs and output on an S3-compatible server (moto, on
127.0.0.1) read back through s3fs, standard input, one bad file among good ones,
``--resume`` with other settings, Ctrl-C, JSON progress and the dashboard, and the
rows joined with a Common Crawl index table in DuckDB."""

from __future__ import annotations

import gzip
import importlib.util
import io
import json
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.unit.scan import require_scan_extra

require_scan_extra()

import pyarrow.parquet as pq  # noqa: E402

from tests.benchmarks.corpus import corpus  # noqa: E402
from tests.integration.scan.conftest import ExternalCluster  # noqa: E402
from urlinspector.cli import main  # noqa: E402

pytestmark = pytest.mark.integration

URLS = ["http://a.example/1", "https://user:pw@b.example/", "http://Bücher.de/x"]


def _rows(out: Path) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for path in sorted((out / "rows").glob("part-*.parquet")):
        found += pq.read_table(path).to_pylist()
    return found


def _write(path: Path, urls: list[str]) -> Path:
    path.write_text("\n".join(urls) + "\n", encoding="utf-8")
    return path


# --- an object store --------------------------------------------------------------------------


def test_inputs_and_output_on_an_object_store(
    s3_endpoint: str, external_cluster: ExternalCluster, capsys: pytest.CaptureFixture[str]
) -> None:
    import s3fs  # type: ignore[import-untyped]

    fs = s3fs.S3FileSystem(endpoint_url=s3_endpoint)
    fs.mkdir("scans")
    fs.pipe("scans/in/a.txt", ("\n".join(URLS) + "\n").encode())
    fs.pipe("scans/in/b/c.jsonl.gz", gzip.compress(b'{"url": "ftp://ftp.example.org/x"}\n'))
    argv = ["scan", "s3://scans/in/", "--out", "s3://scans/out", "--progress", "none"]
    status = main([*argv, "--scheduler", external_cluster.address, "--report", "md"])
    assert status == 0, capsys.readouterr().err
    assert "report: s3://scans/out/report.html" in capsys.readouterr().out
    names = sorted(fs.find("scans/out"))
    assert "scans/out/report.json" in names
    assert "scans/out/report.html" in names
    assert "scans/out/report.md" in names
    assert "scans/out/_scan.json" in names
    found = []
    for name in names:
        if name.startswith("scans/out/rows/part-"):
            with fs.open(name, "rb") as f:
                found += pq.read_table(f).to_pylist()
    assert [(r["source"], r["line"], r["url"]) for r in found] == [
        ("s3://scans/in/a.txt", 1, URLS[0]),
        ("s3://scans/in/a.txt", 2, URLS[1]),
        ("s3://scans/in/a.txt", 3, URLS[2]),
        ("s3://scans/in/b/c.jsonl.gz", 1, "ftp://ftp.example.org/x"),
    ]
    report = json.loads(fs.cat("scans/out/report.json"))
    assert report["urls"] == 4
    assert not list(Path().glob("s3:*"))  # (no local folder named after the protocol)


def test_a_protocol_without_its_package_is_refused_before_anything_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("fsspec")
    if importlib.util.find_spec("adlfs") is not None:
        pytest.skip("adlfs is installed here: abfs:// has its package")
    path = _write(tmp_path / "urls.txt", URLS)
    status = main(["scan", str(path), "--out", "abfs://container/out", "--workers", "1"])
    err = capsys.readouterr().err
    assert status == 2
    assert "abfs:// file system needs the adlfs package" in err
    assert err.count("\n") == 1


def test_a_file_url_out_writes_into_that_folder(
    dask_client: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    path = _write(tmp_path / "urls.txt", URLS)
    argv = ["scan", f"file://{path}", "--out", f"file://{tmp_path}/out", "--progress", "none"]
    assert main([*argv, "--scheduler", dask_client.scheduler.address]) == 0
    assert f"report: file://{tmp_path}/out/report.html" in capsys.readouterr().out
    assert [r["source"] for r in _rows(tmp_path / "out")] == [str(path)] * 3
    assert not (tmp_path / "file:").exists()


# --- inputs -----------------------------------------------------------------------------------


def test_standard_input(
    dask_client: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    records = "".join(json.dumps({"url": u}) + "\n" for u in URLS)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(records.encode())))
    out = tmp_path / "out"
    argv = ["scan", "-", "--out", str(out), "--scheduler", dask_client.scheduler.address]
    assert main([*argv, "--progress", "none"]) == 0, capsys.readouterr().err
    assert [(r["source"], r["line"], r["url"]) for r in _rows(out)] == [
        ("-", i + 1, u) for i, u in enumerate(URLS)
    ]
    manifest = json.loads((out / "_scan.json").read_text())
    assert manifest["inputs"][0]["version"].startswith("sha256:")


def _three_inputs(tmp_path: Path) -> list[str]:
    good = _write(tmp_path / "a.txt", URLS)
    whole = gzip.compress("".join(f"http://h{i}.example/\n" for i in range(5000)).encode())
    broken = tmp_path / "b.txt.gz"
    broken.write_bytes(whole[: len(whole) // 2])
    other = _write(tmp_path / "c.txt", ["http://c.example/"])
    return [str(good), str(broken), str(other)]


@pytest.mark.parametrize("on_error", ["fail", "rows", "skip"])
def test_one_bad_file_among_three(
    dask_client: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str], on_error: str
) -> None:
    inputs = _three_inputs(tmp_path)
    out = tmp_path / "out"
    argv = ["scan", *inputs, "--out", str(out), "--on-error", on_error, "--progress", "none"]
    status = main([*argv, "--scheduler", dask_client.scheduler.address])
    captured = capsys.readouterr()
    if on_error == "fail":
        assert status == 2
        assert "b.txt.gz' as text at record" in captured.err
        assert not (out / "rows").exists()
        return
    assert status == 1
    report = json.loads((out / "report.json").read_text())
    (fault,) = report["unreadable_inputs"]
    assert fault["source"] == inputs[1]
    assert fault["written"] == (on_error == "rows")
    found = _rows(out)
    sources = [r["source"] for r in found]
    assert sources.count(inputs[0]) == 3
    assert sources.count(inputs[2]) == 1
    errors = [r for r in found if r["error"] is not None]
    if on_error == "rows":
        (row,) = errors
        assert (row["source"], row["line"]) == (inputs[1], fault["line"])
        assert row["error"].startswith("unreadable input: ")
    else:
        assert errors == []
    assert "1 inputs not read to their end" in captured.out


def test_resume_refuses_other_settings_naming_them(
    dask_client: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path / "urls.txt", URLS)
    out = tmp_path / "out"
    argv = ["scan", str(path), "--out", str(out), "--progress", "none", "--no-readers"]
    argv += ["--scheduler", dask_client.scheduler.address]
    assert main(argv) == 0
    capsys.readouterr()
    assert main([*argv, "--resume", "--part-size", "2"]) == 2
    assert "--part-size 2 (the scan in DIR has 50,000)" in capsys.readouterr().err
    _write(path, [*URLS, "http://d.example/"])
    assert main([*argv, "--resume"]) == 2
    assert f"{path} has changed (size" in capsys.readouterr().err
    time.sleep(0.01)
    _write(path, URLS)  # (the same size as the first time, another modification time)
    assert main([*argv, "--resume"]) == 2
    assert f"{path} has changed (version" in capsys.readouterr().err
    assert main([*argv, "--resume", "--edition", "rfc1738"]) == 2
    assert "--edition rfc1738 (the scan in DIR has rfc3986)" in capsys.readouterr().err


# --- Ctrl-C, progress and the dashboard on a cluster of one's own -------------------------------


def _listing(out: Path) -> dict[str, int]:
    return {str(p.relative_to(out)): p.stat().st_mtime_ns for p in out.rglob("*") if p.is_file()}


def test_ctrl_c_on_an_external_cluster_stops_its_parts(
    external_cluster: ExternalCluster, tmp_path: Path
) -> None:
    urls = corpus(20_000, seed=41)
    path = _write(tmp_path / "urls.txt", urls)
    out = tmp_path / "out"
    command = [sys.executable, "-m", "urlinspector", "scan", str(path), "--out", str(out)]
    command += ["--scheduler", external_cluster.address, "--part-size", "1000", "--no-readers"]
    scan = subprocess.Popen(command, stderr=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        while not list((out / "rows").glob("part-*")) and scan.poll() is None:
            time.sleep(0.05)
        scan.send_signal(signal.SIGINT)
        _, err = scan.communicate(timeout=120)
    finally:
        scan.kill()
    assert scan.returncode == 130, err
    assert '"event": "stopping"' in err  # (off a terminal: JSON progress)
    assert "interrupted: the parts finished so far are kept" in err
    at_exit = _listing(out)
    time.sleep(4)  # (a part takes about a second: one still running would write by now)
    assert _listing(out) == at_exit
    finished = len(list((out / "rows").glob("part-*")))
    assert 0 < finished < 20
    done = subprocess.run([*command, "--resume"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    rows = _rows(out)
    assert [r["line"] for r in rows] == [i + 1 for i, u in enumerate(urls) if u]
    assert len(rows) == json.loads((out / "report.json").read_text())["urls"]


def test_json_progress_and_a_dashboard_that_answers(
    external_cluster: ExternalCluster, tmp_path: Path
) -> None:
    path = _write(tmp_path / "urls.txt", corpus(3000, seed=42))
    command = [
        sys.executable,
        "-m",
        "urlinspector",
        "scan",
        str(path),
        "--out",
        str(tmp_path / "o"),
    ]
    command += ["--scheduler", external_cluster.address, "--part-size", "500", "--no-readers"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    events = [json.loads(line) for line in done.stderr.splitlines()]
    assert events[0]["event"] == "start"
    assert (events[0]["parts"], events[0]["lines"]) == (6, 3000)
    assert events[-1]["event"] == "done"
    assert events[-1]["lines_done"] == events[-1]["lines"] == 3000
    link = events[0]["dashboard"]
    assert link.startswith("http://127.0.0.1:")
    with urllib.request.urlopen(link, timeout=30) as answer:
        assert answer.status == 200
        assert b"<html" in answer.read(4096).lower()


# --- DuckDB: the rows joined with a Common Crawl index table ------------------------------------


def test_rows_join_a_common_crawl_index_table_in_duckdb(dask_client: Any, tmp_path: Path) -> None:
    import duckdb

    path = _write(
        tmp_path / "feed.txt",
        [
            "https://www.example.com/path/index.html",
            "HTTP://Example.COM/path/index.html",
            "http://bücher.de/?b=2&a=1",
            "https://other.example.org/",
        ],
    )
    out = tmp_path / "scan"
    argv = ["scan", str(path), "--out", str(out), "--progress", "none", "--no-readers"]
    assert main([*argv, "--scheduler", dask_client.scheduler.address]) == 0
    # a cc-index-shaped table: its keys as Common Crawl writes them
    db = duckdb.connect()
    db.execute(
        "CREATE TABLE ccindex (url_surtkey VARCHAR NOT NULL, url VARCHAR NOT NULL, "
        "url_host_name VARCHAR NOT NULL, fetch_status SMALLINT NOT NULL)"
    )
    db.execute(
        "INSERT INTO ccindex VALUES "
        "('com,example)/path/index.html', 'https://www.example.com/path/index.html', "
        "'www.example.com', 200), "
        "('de,xn--bcher-kva)/?a=1&b=2', 'http://xn--bcher-kva.de/?a=1&b=2', "
        "'xn--bcher-kva.de', 301)"
    )
    query = (Path(__file__).resolve().parents[3] / "docs" / "scan.md").read_text()
    sql = query.split("```sql\n", 1)[1].split("```", 1)[0]
    sql = sql.replace("'scan-out/rows/*.parquet'", f"'{out}/rows/*.parquet'")
    found = db.execute(sql).fetchall()
    assert sorted(found) == [
        ("HTTP://Example.COM/path/index.html", "example.com", 200),
        ("http://bücher.de/?b=2&a=1", "xn--bcher-kva.de", 301),
        ("https://www.example.com/path/index.html", "www.example.com", 200),
    ]
