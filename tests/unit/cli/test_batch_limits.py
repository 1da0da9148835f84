"""Batch mode run as real processes: memory bounded whatever the lines' length, and a
worker killed mid-batch loses nothing."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.waiting import wait_until
from urlinspector.cli.common import MAX_INPUT

ROOT = Path(__file__).parents[3]
ENV = {**os.environ, "PYTHONPATH": str(ROOT / "src")}

MEASURED = """
import re, resource, sys
from urlinspector.cli import main
status = main(sys.argv[1:])
sys.stdout.flush()
with open("/proc/self/status") as status_file:
    own = int(re.search(r"VmHWM:\\s*(\\d+)", status_file.read())[1])
workers = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(max(own, workers), file=sys.stderr)
sys.exit(status)
"""
"""The command line, then its peak resident memory (KiB: the largest of its own and
of any worker's) as the last line on stderr.  Its own is VmHWM, not ``ru_maxrss``:
that one keeps, across ``exec``, the peak of the process it was forked from (the test
runner)."""


# --- memory ------------------------------------------------------------------------------------


def long_line(i: int) -> bytes:
    """A URL of almost MAX_INPUT bytes, most of them its path."""
    head = f"http://h{i}.example/".encode()
    return head + b"a" * (MAX_INPUT - len(head) - 16) + b"\n"


LONG_LINES = 24
PEAK_MIB = 400
"""Generous: the interpreter and one 1 MiB line's report and JSON take some 100 MiB
(150 MiB measured for 24 lines, with or without workers)."""


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_long_lines_take_the_memory_of_one(tmp_path: Path, jobs: str) -> None:
    # Before, a chunk (1,000 lines) held every document until the chunk was done, all
    # joined into one more string, and the readings' caches kept each line: 24 lines
    # of 1 MiB took 1.4 GiB.
    path = tmp_path / "long.txt"
    path.write_bytes(b"".join(long_line(i) for i in range(LONG_LINES)))
    out_path = tmp_path / "out.jsonl"
    with out_path.open("wb") as out:
        done = subprocess.run(
            [sys.executable, "-c", MEASURED, "parse", "--jsonl", str(path), "--jobs", jobs],
            stdout=out,
            stderr=subprocess.PIPE,
            env=ENV,
            timeout=600,
            check=False,
        )
    assert done.returncode == 0, done.stderr[-2000:]
    lines = out_path.read_bytes().splitlines()
    assert [json.loads(line)["line"] for line in lines] == list(range(1, LONG_LINES + 1))
    peak_mib = int(done.stderr.decode().splitlines()[-1]) / 1024
    assert peak_mib < PEAK_MIB, f"{peak_mib:.0f} MiB"


# --- a worker killed -----------------------------------------------------------------------


def workers_of(pid: int) -> list[int]:
    """The processes forked by *pid* running its own command line (its workers)."""
    own = Path(f"/proc/{pid}/cmdline").read_bytes()
    children = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        ppid = int(stat.rpartition(")")[2].split()[1])
        if ppid == pid and cmdline == own:
            children.append(int(entry.name))
    return children


def test_a_killed_worker_loses_no_line(tmp_path: Path) -> None:
    # Before, the pool broke (BrokenProcessPool): exit 70 and most lines lost.
    count = 12_000
    inputs = [f"http://h{i}.example/p?q={i}#f" for i in range(1, count + 1)]
    path = tmp_path / "urls.txt"
    path.write_text("".join(text + "\n" for text in inputs))
    out_path = tmp_path / "out.jsonl"
    with out_path.open("wb") as out:
        child = subprocess.Popen(
            [sys.executable, "-m", "urlinspector", "parse", "--jsonl", str(path), "--jobs", "2"],
            stdout=out,
            stderr=subprocess.PIPE,
            env=ENV,
        )
        try:
            victims: list[int] = []

            def at_work() -> bool:
                assert child.poll() is None, "the batch ended before a worker was killed"
                victims[:] = workers_of(child.pid)
                return bool(victims) and out_path.stat().st_size > 0

            wait_until(at_work, timeout=120, what="the workers' first lines")
            os.kill(victims[0], signal.SIGKILL)
            _, err = child.communicate(timeout=600)
        finally:
            if child.poll() is None:
                child.kill()
    assert child.returncode == 0, err.decode()[-2000:]
    documents = [json.loads(line) for line in out_path.read_bytes().splitlines()]
    assert [d["line"] for d in documents] == list(range(1, count + 1))
    for document, text in zip(documents, inputs, strict=True):
        assert document["input"] == text
        assert "error" not in document  # the dead worker's chunk was run again
