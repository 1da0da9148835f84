"""Benchmark: batch mode (``urlinspector parse --jsonl``) against a ``urlsplit`` loop.

Run: ``.venv/bin/python tests/benchmarks/bench_batch.py [--lines N] [--rounds N]
[--update-docs]``

Both read the same file of N URLs (default 1,000,000; the benchmark corpus of
tests/benchmarks/corpus.py, one URL a line) and write one JSON document a line to
/dev/null, as whole processes started the same way, in the same run:

- the peer is a Python loop that splits each line with ``urllib.parse.urlsplit`` and
  writes its five fields with ``json.dumps``: the least a batch tool does;
- ``urlinspector parse --jsonl`` writes for each URL the whole ``parse --json``
  document (components with spans and decoded text, segments, scheme-specific
  parts, every diagnostic), with one worker process and with one a core;
- ``--select security`` writes only the URLs with a security finding, the scanning
  use.

The figures are URLs per second (best of the rounds) and the ratio of the peer's
time to each.  ``--update-docs`` writes the table into docs/benchmarks.md between
the batch benchmark markers.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.benchmarks.bench_parse import update_docs  # noqa: E402
from tests.benchmarks.corpus import corpus  # noqa: E402

START = "<!-- benchmark-batch:start -->"
END = "<!-- benchmark-batch:end -->"

PEER = """
import json, sys
from urllib.parse import urlsplit
out = sys.stdout
for line in open(sys.argv[1], encoding="utf-8", errors="surrogateescape"):
    text = line[:-1] if line.endswith("\\n") else line
    if not text:
        continue
    try:
        s = urlsplit(text)
        doc = {"scheme": s.scheme, "netloc": s.netloc, "path": s.path,
               "query": s.query, "fragment": s.fragment}
    except ValueError as exc:
        doc = {"error": str(exc)}
    out.write(json.dumps(doc, ensure_ascii=False) + "\\n")
"""


def write_lines(path: Path, lines: int) -> int:
    """*lines* URLs of the corpus into *path*, one a line; the number written."""
    urls = [u for u in corpus(min(lines, 200_000)) if u and "\n" not in u and "\r" not in u]
    with path.open("w", encoding="utf-8", errors="surrogateescape") as f:
        for i in range(lines):
            f.write(urls[i % len(urls)] + "\n")
    return lines


def best_seconds(argv: list[str], rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        with open(os.devnull, "w") as sink:
            start = time.perf_counter()
            subprocess.run(argv, stdout=sink, check=False)
            best = min(best, time.perf_counter() - start)
    return best


def run(lines: int, rounds: int) -> str:
    cli = [sys.executable, "-m", "urlinspector"]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "urls.txt"
        count = write_lines(path, lines)
        jobs = os.cpu_count() or 1
        rows = [
            ("urlsplit loop + json.dumps", [sys.executable, "-c", PEER, str(path)]),
            ("urlinspector parse --jsonl", [*cli, "parse", "--jsonl", str(path)]),
            (
                f"urlinspector parse --jsonl --jobs {jobs}",
                [*cli, "parse", "--jsonl", str(path), "--jobs", str(jobs)],
            ),
            (
                f"urlinspector parse --jsonl --jobs {jobs} --select security",
                [*cli, "parse", "--jsonl", str(path), "--jobs", str(jobs), "--select", "security"],
            ),
        ]
        times = [(name, best_seconds(argv, rounds)) for name, argv in rows]
    base = times[0][1]
    table = [
        f"{count:,} URLs a line (the parse corpus, repeated); best of {rounds} rounds; whole "
        f"processes writing to /dev/null; {os.cpu_count()} cores; "
        f"Python {platform.python_version()} on {platform.machine()}.",
        "",
        "| command | URLs per second | time relative to the urlsplit loop |",
        "|---|---:|---:|",
    ]
    table += [f"| {name} | {count / s:,.0f} | {s / base:.2f}x |" for name, s in times]
    return "\n".join(table)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--lines", type=int, default=1_000_000)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument(
        "--update-docs", action="store_true", help="write the table into docs/benchmarks.md"
    )
    args = ap.parse_args(argv)
    table = run(args.lines, args.rounds)
    print(table)
    if args.update_docs:
        update_docs(table, START, END)
    return 0


if __name__ == "__main__":
    sys.exit(main())
