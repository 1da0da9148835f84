"""Benchmark: ``urlinspector scan`` on Dask against a composed peer and ``parse --jsonl``.

Run: ``.venv/bin/python tests/benchmarks/bench_scan.py [--lines N] [--jsonl-lines M]
[--host-pool H] [--update-docs]``

All read the same file of N URLs (default 1,000,000; the benchmark corpus of
tests/benchmarks/corpus.py, repeated, one URL a line; with ``--host-pool H`` their hosts
drawn again from H of them, as a log repeats its hosts: ``corpus.pooled_hosts``), in
the same run:

- the composed peer: one process that does comparable work with well-known
  libraries: ``urllib.parse.urlsplit``, the browsers' reading by ``ada_url.URL``, the
  registrable domain by ``publicsuffixlist``, and one ``json.dumps`` line a URL (its
  loop timed in the process, without Python's start and the imports);
- the floor of a row: urlinspector's parse and the browsers' reading of each URL in
  one process, timed as the peer's loop is, with nothing built from them (every row
  starts from these two);
- ``urlinspector parse --jsonl`` (one process): the whole ``parse --json`` document,
  on the first M lines (default 100,000: at a few thousand lines a second the whole
  million would take longer than everything else together), its rate scaled to N and
  labelled so;
- ``urlinspector scan`` on a local cluster of one, then two, single-threaded worker
  processes, configured as the command configures its own
  (:func:`urlinspector.scan.driver.local_client`; rows to Parquet, the report),
  with and without the HTTP libraries' readings; the cluster's start (with each
  worker loading what judging a URL needs: :func:`urlinspector.scan.driver.warm_worker`)
  is timed apart, and the peak resident
  memory and the CPU time of each worker are read from the worker itself
  (``getrusage``).

The figures are URLs per second, a URL's cost relative to the peer's (wall time, and
CPU time, which another job on the machine disturbs less), and a projection
of the one-worker rate: URLs per core-hour, and hours for 3 billion URLs (a Common
Crawl month) on N nodes of 16 cores, scaled by the two-worker speed-up measured.
``--update-docs`` writes the table into docs/benchmarks.md between the scan markers.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.benchmarks.bench_batch import write_lines  # noqa: E402
from tests.benchmarks.bench_parse import update_docs  # noqa: E402
from tests.benchmarks.corpus import pooled_hosts  # noqa: E402

START = "<!-- benchmark-scan:start -->"
END = "<!-- benchmark-scan:end -->"
CRAWL = 3_000_000_000
"""URLs in a month of Common Crawl's URL index, about."""
NODE_CORES = 16

PEER = """
import json, sys, time
from urllib.parse import urlsplit
import ada_url
from publicsuffixlist import PublicSuffixList
psl = PublicSuffixList()
out = sys.stdout
wall, cpu = time.perf_counter(), time.process_time()
for line in open(sys.argv[1], encoding="utf-8", errors="surrogateescape"):
    text = line[:-1] if line.endswith("\\n") else line
    if not text:
        continue
    try:
        s = urlsplit(text)
        doc = {"scheme": s.scheme, "host": s.hostname, "port": s.port, "path": s.path,
               "query": s.query}
    except ValueError as exc:
        doc = {"error": str(exc)}
    try:
        url = ada_url.URL(text)
        host = url.hostname
        doc["browser_host"] = host
        doc["registrable_domain"] = psl.privatesuffix(host) if host else None
    except ValueError:
        doc["browser_host"] = None
    out.write(json.dumps(doc, ensure_ascii=False) + "\\n")
out.flush()
print(time.perf_counter() - wall, time.process_time() - cpu, file=sys.stderr)
"""


def _process_seconds(argv: list[str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of running *argv* to its end."""
    with open(os.devnull, "w") as sink:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(argv, stdout=sink, check=False)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


FLOOR = """
import sys, time
from urlinspector.core import parse
from urlinspector.core.browser import browser_reading
parse("http://example.com/"), browser_reading("http://example.com/")
wall, cpu = time.perf_counter(), time.process_time()
for line in open(sys.argv[1], encoding="utf-8", errors="surrogateescape"):
    text = line[:-1] if line.endswith("\\n") else line
    if text:
        parse(text)
        browser_reading(text)
print(time.perf_counter() - wall, time.process_time() - cpu, file=sys.stderr)
"""
"""The two readings every row starts from, and nothing else (no findings compared, no
host judged, no row built): what a row costs at least, whatever is done after."""


def _loop_seconds(path: Path, script: str = PEER) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of *script*'s loop over *path* (the peer's by
    default): without starting Python and importing, as a scan's time leaves out its
    cluster's start."""
    with open(os.devnull, "w") as sink:
        done = subprocess.run(
            [sys.executable, "-c", script, str(path)],
            stdout=sink,
            stderr=subprocess.PIPE,
            text=True,
            check=True,
        )
    wall, cpu = done.stderr.split()[-2:]
    return float(wall), float(cpu)


def _peak_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


class Scan(NamedTuple):
    start: float
    """Seconds to start the cluster and warm its workers."""
    seconds: float
    """Seconds to scan (wall)."""
    cpu: list[float]
    """Each worker's CPU seconds during the scan."""
    memory: list[float]
    """Each worker's peak resident MiB."""


def scan_seconds(path: Path, workers: int, *, readers: bool = True) -> Scan:
    """One scan of *path* on a fresh local cluster of *workers* processes."""
    from urlinspector.scan import Options, Reading, ScanSettings, run_scan
    from urlinspector.scan.driver import local_client, warm_worker

    with path.open("rb") as f:
        lines = sum(1 for _ in f)
    with tempfile.TemporaryDirectory() as out:
        started = time.perf_counter()
        with local_client(workers, dashboard=None) as client:
            client.run(warm_worker)
            ready = time.perf_counter()
            cpu = client.run(_cpu_seconds)
            options = Options(out, readers=readers)
            part = max(1, -(-lines // (8 * workers)))  # (8 even parts a worker)
            settings = ScanSettings(reading=Reading(part_size=part), progress="none")
            run_scan([str(path)], options, settings, client=client)
            done = time.perf_counter()
            spent = [v - cpu[k] for k, v in client.run(_cpu_seconds).items()]
            memory = sorted(client.run(_peak_rss_mib).values())
    return Scan(ready - started, done - ready, sorted(spent), memory)


def distinct_hosts(urls: list[str]) -> int:
    """How many distinct hosts browsers read in *urls* (ada-url's reading; a URL it
    rejects or without a host counts none)."""
    import ada_url

    hosts = set()
    for text in urls:
        try:
            hosts.add(ada_url.URL(text).hostname)
        except ValueError:
            continue
    hosts.discard("")
    return len(hosts)


def _write(path: Path, lines: int, host_pool: int) -> tuple[int, str]:
    """The URLs to time, into *path*; their number and a description (with their
    distinct hosts: how often a host repeats is what judging each host once gains)."""
    count = write_lines(path, lines)
    urls = path.read_text(encoding="utf-8", errors="surrogateescape").splitlines()
    what = "the parse corpus, repeated"
    if host_pool:
        urls = pooled_hosts(urls, host_pool)
        path.write_text("".join(u + "\n" for u in urls), encoding="utf-8", errors="surrogateescape")
        what += f", its hosts drawn from {host_pool:,} (Zipf)"
    hosts = distinct_hosts(urls)
    ratio = hosts / count if count else 0.0
    return count, f"{what}; {hosts:,} distinct hosts: {ratio:.2%} of the URLs"


def _head(path: Path, lines: int, into: Path) -> None:
    with path.open("rb") as source, into.open("wb") as out:
        for _, line in zip(range(lines), source, strict=False):
            out.write(line)


def run(lines: int, host_pool: int = 0, jsonl_lines: int = 100_000) -> str:
    cli = [sys.executable, "-m", "urlinspector"]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "urls.txt"
        count, what = _write(path, lines, host_pool)
        peer, peer_cpu = _loop_seconds(path)
        floor, floor_cpu = _loop_seconds(path, FLOOR)
        subset = min(jsonl_lines, count)
        head = Path(tmp) / "head.txt"
        _head(path, subset, head)
        jsonl, jsonl_cpu = _process_seconds([*cli, "parse", "--jsonl", str(head)])
        runs = {
            "scan, 1 worker": scan_seconds(path, 1),
            "scan, 2 workers": scan_seconds(path, 2),
            "scan --no-readers, 1 worker": scan_seconds(path, 1, readers=False),
        }
    one = runs["scan, 1 worker"]
    two = runs["scan, 2 workers"]
    speedup = one.seconds / two.seconds
    scaled = f" (timed on the first {subset:,} lines)" if subset < count else ""
    load = ", ".join(f"{v:.1f}" for v in os.getloadavg())
    table = [
        f"{count:,} URLs a line ({what}); one run; {os.cpu_count()} "
        f"cores (load average {load} at the end); Python {platform.python_version()} on "
        f"{platform.machine()}. The scans' time leaves out the cluster's start and the "
        "workers' loading of their lists (in its own column). Wall: elapsed time; CPU: "
        "the process's own (a scan's: its workers', summed).",
        "",
        "| what | URLs per second | cost of a URL relative to the peer (wall) "
        "| (CPU) | cluster start | peak memory per worker |",
        "|---|---:|---:|---:|---:|---:|",
        f"| composed peer (urlsplit + ada_url + publicsuffixlist + json.dumps) "
        f"| {count / peer:,.0f} | 1.00x | 1.00x | | |",
        f"| urlinspector's parse and the browsers' reading alone, one process (no row) "
        f"| {count / floor:,.0f} | {floor / peer:.2f}x | {floor_cpu / peer_cpu:.2f}x | | |",
        f"| urlinspector parse --jsonl{scaled} | {subset / jsonl:,.0f} "
        f"| {jsonl / subset / (peer / count):.2f}x "
        f"| {jsonl_cpu / subset / (peer_cpu / count):.2f}x | | |",
    ]
    for name, scan in runs.items():
        workers = len(scan.memory)
        per_worker = scan.seconds * workers
        mib = ", ".join(f"{m:,.0f} MiB" for m in scan.memory)
        table.append(
            f"| urlinspector {name} | {count / scan.seconds:,.0f} | {per_worker / peer:.2f}x a "
            f"worker | {sum(scan.cpu) / peer_cpu:.2f}x | {scan.start:.1f} s | {mib} |"
        )
    rate = count / one.seconds
    table += [
        "",
        f"Two workers against one: {speedup:.2f}x (wall); the two workers' CPU time "
        f"together against the one's: {sum(two.cpu) / sum(one.cpu):.2f}x. Projection from "
        f"the one-worker rate ({rate:,.0f} URLs a second): {rate * 3600:,.0f} URLs a "
        f"core-hour; {CRAWL / 1e9:.0f} billion URLs on nodes of {NODE_CORES} cores, each "
        f"core scaling as the two workers did ({speedup / 2:.0%} of linear):",
        "",
        "| nodes | time |",
        "|---:|---:|",
    ]
    for nodes in (1, 10, 50, 100):
        cores = nodes * NODE_CORES
        hours = CRAWL / (rate * cores * speedup / 2) / 3600
        table.append(f"| {nodes} | {_duration(hours)} |")
    return "\n".join(table)


def _duration(hours: float) -> str:
    """``4.7 h``, or ``28 min`` under an hour (a tenth of an hour hides too much)."""
    return f"{hours:,.1f} h" if hours >= 1 else f"{hours * 60:.0f} min"


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--lines", type=int, default=1_000_000)
    ap.add_argument(
        "--jsonl-lines",
        type=int,
        default=100_000,
        help="time parse --jsonl on the first M lines only, its rate scaled (default 100,000)",
    )
    ap.add_argument(
        "--host-pool", type=int, default=0, help="draw the URLs' hosts from this many (0: as is)"
    )
    ap.add_argument(
        "--update-docs", action="store_true", help="write the table into docs/benchmarks.md"
    )
    return ap


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    table = run(args.lines, args.host_pool, args.jsonl_lines)
    print(table)
    if args.update_docs:
        update_docs(table, START, END)
    return 0


if __name__ == "__main__":
    sys.exit(main())
