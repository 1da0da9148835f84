"""Benchmark: ``urlinspector fetch -o`` against ``curl -o``, downloading the same file
from the same loopback server, in alternating runs: ftp from pyftpdlib, gopher from
gophernicus (run by socat, as inetd would).

Run: ``.venv/bin/python tests/benchmarks/bench_download.py [--mib N] [--rounds R]
[--update-docs]``

Each round runs curl, then urlinspector (then the other order in the next round), each
a separate process writing to a file in a temporary folder; the time is the wall time
of the process (start-up included), the throughput the file's size over the best of
the rounds, the peak memory the process's maximum resident set size (``wait4``).  The
servers run in their own processes, so that the client measured has the CPU it needs.
With ``--update-docs`` the table replaces the "Downloads" section of docs/benchmarks.md
(created when missing).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import platform
import pwd
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MiB = 1024 * 1024
SECTION = "## Downloads"
DOCS = ROOT / "docs" / "benchmarks.md"
TARGET_RATIO = 0.9
TARGET_RSS_MIB = 64


@dataclass
class Run:
    seconds: float
    max_rss_kib: int


@dataclass
class Row:
    protocol: str
    server: str
    size: int
    curl: list[Run]
    ours: list[Run]

    @staticmethod
    def best(runs: list[Run]) -> float:
        return min(r.seconds for r in runs)

    @property
    def ratio(self) -> float:
        """urlinspector's throughput over curl's (best runs)."""
        return self.best(self.curl) / self.best(self.ours)

    def mib_s(self, runs: list[Run]) -> float:
        return self.size / MiB / self.best(runs)

    @property
    def rss_mib(self) -> float:
        return max(r.max_rss_kib for r in self.ours) / 1024


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_listening(port: int, process: subprocess.Popen[bytes], what: str) -> None:
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited at start")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return
        time.sleep(0.05)
    raise RuntimeError(f"{what} did not listen on port {port}")


@contextlib.contextmanager
def _process(argv: list[str], port: int, what: str) -> Iterator[None]:
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        _wait_listening(port, process, what)
        yield
    finally:
        process.terminate()
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextlib.contextmanager
def pyftpdlib(folder: Path) -> Iterator[int]:
    port = _free_port()
    argv = [sys.executable, "-m", "pyftpdlib", "-i", "127.0.0.1", "-p", str(port)]
    with _process([*argv, "-d", str(folder)], port, "pyftpdlib"):
        yield port


@contextlib.contextmanager
def gophernicus(folder: Path) -> Iterator[int]:
    binary = shutil.which("gophernicus") or "/usr/sbin/gophernicus"
    socat = shutil.which("socat")
    if not Path(binary).exists() or socat is None:
        raise RuntimeError("gophernicus and socat are needed (apt-get install gophernicus socat)")
    port = _free_port()
    # -nm: no shared memory, where gophernicus counts each client's bytes over 30 minutes
    # and throttles it past 4 GiB (-k): repeated runs would measure the throttle
    command = f"{binary} -h 127.0.0.1 -p {port} -r {folder} -nv -ns -nf -nd -nm"
    options = ""
    if os.geteuid() == 0:
        pwd.getpwnam("nobody")
        options = ",su=nobody"  # gophernicus refuses to run as root
    argv = [socat, f"TCP-LISTEN:{port},bind=127.0.0.1,reuseaddr,fork", f"EXEC:{command}{options}"]
    with _process(argv, port, "gophernicus"):
        yield port


def timed(argv: list[str]) -> Run:
    """Run *argv*; its wall time and peak resident set size."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    assert process.stderr is not None
    err = process.stderr.read().decode("utf-8", "replace")
    process.stderr.close()
    if process.returncode != 0:
        raise RuntimeError(f"{argv[0]} failed ({process.returncode}): {err.strip()}")
    return Run(seconds, int(usage.ru_maxrss))


def compare(url: str, size: int, rounds: int, scratch: Path) -> tuple[list[Run], list[Run]]:
    target = scratch / "downloaded.bin"
    curl = ["curl", "-s", "-o", str(target), url]
    ours = [str(Path(sys.executable).with_name("urlinspector")), "fetch", "-o", str(target)]
    ours += ["--timeout", "600", url]
    curl_runs: list[Run] = []
    our_runs: list[Run] = []
    for n in range(rounds):
        order = [(curl, curl_runs), (ours, our_runs)]
        for argv, runs in order if n % 2 == 0 else reversed(order):
            runs.append(timed(argv))
            if target.stat().st_size != size:
                raise RuntimeError(f"{argv[0]} wrote {target.stat().st_size} bytes, not {size}")
            target.unlink()
    return curl_runs, our_runs


def run(mib: int = 256, rounds: int = 3) -> list[Row]:
    rows: list[Row] = []
    size = mib * MiB
    with tempfile.TemporaryDirectory(prefix="urlinspector-bench-") as name:
        scratch = Path(name)
        served = scratch / "served"
        served.mkdir()
        big = served / "big.bin"
        rng = random.Random(959)
        with big.open("wb") as f:
            for _ in range(mib):
                f.write(rng.randbytes(MiB))
        for path in (scratch, served):
            path.chmod(0o755)  # gophernicus runs as nobody
        big.chmod(0o644)
        with pyftpdlib(served) as port:
            curl, ours = compare(f"ftp://127.0.0.1:{port}/big.bin", size, rounds, scratch)
            rows.append(Row("ftp", "pyftpdlib", size, curl, ours))
        with gophernicus(served) as port:
            curl, ours = compare(f"gopher://127.0.0.1:{port}/9/big.bin", size, rounds, scratch)
            rows.append(Row("gopher", "gophernicus", size, curl, ours))
    return rows


def table(rows: list[Row], rounds: int) -> str:
    lines = [
        SECTION,
        "",
        f"`urlinspector fetch -o` against `curl -o`: {rows[0].size // MiB} MiB from a server "
        f"on 127.0.0.1, best of {rounds} alternating runs each (process start-up included); "
        "peak memory is urlinspector's maximum resident set size.  "
        f"Target: at least {TARGET_RATIO}x curl's throughput, at most {TARGET_RSS_MIB} MiB.  "
        f"Run: `python tests/benchmarks/bench_download.py --update-docs`.",
        "",
        "| protocol | server | curl MiB/s | urlinspector MiB/s | ratio | peak RSS MiB |",
        "|---|---|--:|--:|--:|--:|",
    ]
    for row in rows:
        lines.append(
            f"| {row.protocol} | {row.server} | {row.mib_s(row.curl):.0f} | "
            f"{row.mib_s(row.ours):.0f} | {row.ratio:.2f}x | {row.rss_mib:.0f} |"
        )
    lines += [
        "",
        "gophernicus runs under socat, as inetd would start it (with -nm: no per-client "
        "throttling after 4 GiB); on a shared machine the figures of one run vary, and the "
        "ratio, measured in the same run, is the figure to compare.  urlinspector's time "
        "includes starting Python and importing the program (about 0.16 s on a quiet "
        "machine), which curl does not pay: at this size it is most of the difference.",
        "",
        f"Measured on {platform.python_implementation()} {platform.python_version()}, "
        f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs.",
        "",
    ]
    return "\n".join(lines)


def write_docs(section: str, path: Path = DOCS) -> None:
    """Replace (or add) the Downloads section of *path*, leaving the rest as it is."""
    text = path.read_text("utf-8") if path.exists() else ""
    start = text.find(SECTION + "\n")
    if start < 0:
        text = (text.rstrip("\n") + "\n\n" if text.strip() else "") + section
    else:
        end = text.find("\n## ", start + len(SECTION))
        rest = "" if end < 0 else "\n" + text[end + 1 :]
        text = text[:start] + section.rstrip("\n") + "\n" + rest
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text.rstrip("\n") + "\n", "utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mib", type=int, default=256)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--update-docs", action="store_true")
    args = parser.parse_args(argv)
    rows = run(args.mib, args.rounds)
    section = table(rows, args.rounds)
    print(section)
    if args.update_docs:
        write_docs(section)
    return 0


if __name__ == "__main__":
    sys.exit(main())
