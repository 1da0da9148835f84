"""Benchmark: ``urlinspector fetch -o`` against ``curl -o``, downloading the same file
from the same loopback server, in alternating runs: ftp from pyftpdlib, gopher from
gophernicus, started by socat for each connection as inetd starts it (the connection is
its standard input and output), and again behind a socat that relays its bytes.

Run: ``.venv/bin/python tests/benchmarks/bench_download.py [--sizes ftp:256,...]
[--rounds R] [--update-docs]``

``--sizes`` lists the downloads as ``SERVER:MIB``, SERVER one of :data:`SERVERS`
(default: 256 MiB from each, and 1 GiB by ftp, to show that memory stays bounded
whatever the size).  Each
download is run once by each client to warm up (the file into the page cache, and
urlinspector's bytecode into a cache in the temporary folder, as an installed copy has
it compiled), then in *R* rounds: curl, then urlinspector (the other order in the next
round), each a separate process writing to a file in a temporary folder.  The time is
the wall time of the process (start-up included), the throughput the file's size over
the best of the rounds, the peak memory the process's maximum resident set size
(``wait4``).  The same rounds also download a 1 KiB file from the same server: its best
time is each client's fixed cost (start-up, connection, the server starting to send),
shown beside the ratio; with valgrind installed, urlinspector's download of it is also
counted in instructions (callgrind), which the machine's load does not change, so that
start-up measured on a shared machine can be compared with another run's.  The servers run
in their own processes.  With ``--update-docs`` the table replaces the "Downloads" section
of docs/benchmarks.md (created when missing).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import os
import platform
import pwd
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from tests.support.ports import start_on_free_port, wait_listening

ROOT = Path(__file__).resolve().parents[2]
MiB = 1024 * 1024
SECTION = "## Downloads"
DOCS = ROOT / "docs" / "benchmarks.md"
TARGET_RATIO = 0.9
TARGET_RSS_MIB = 64
DEFAULT_SIZES = "ftp:256,gopher:256,gopher-relay:256,ftp:1024"
SMALL = 1024
"""Bytes of the file whose download time is each client's fixed cost."""


@dataclass(frozen=True)
class Size:
    """One download of the benchmark: *mib* MiB from the server :data:`SERVERS` names
    *setup*."""

    setup: str
    mib: int


def sizes_type(text: str) -> list[Size]:
    """``ftp:256,gopher:256`` -> the downloads it lists."""
    sizes = []
    for item in text.split(","):
        setup, _, mib = item.strip().partition(":")
        if setup not in SERVERS or not mib.isdigit() or int(mib) < 1:
            raise argparse.ArgumentTypeError(
                f"{item!r}: give SERVER:MIB, SERVER one of {', '.join(SERVERS)}"
            )
        sizes.append(Size(setup, int(mib)))
    return sizes


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
    curl_small: list[Run]
    """The rounds' downloads of a :data:`SMALL` file from the same server."""
    ours_small: list[Run]
    instructions: int | None = None
    """The instructions urlinspector's download of the :data:`SMALL` file took
    (callgrind), or None without valgrind."""

    @staticmethod
    def best(runs: list[Run]) -> float:
        return min(r.seconds for r in runs)

    @property
    def ratio(self) -> float:
        """urlinspector's throughput over curl's (best runs)."""
        return self.best(self.curl) / self.best(self.ours)

    @property
    def round_ratios(self) -> list[float]:
        """The ratio of each round (curl's time over urlinspector's in that round)."""
        return [c.seconds / o.seconds for c, o in zip(self.curl, self.ours, strict=True)]

    @property
    def fixed_ms(self) -> tuple[float, float]:
        """curl's and urlinspector's best time for the small file, in milliseconds."""
        return self.best(self.curl_small) * 1000, self.best(self.ours_small) * 1000

    def mib_s(self, runs: list[Run]) -> float:
        return self.size / MiB / self.best(runs)

    @property
    def rss_mib(self) -> float:
        return max(r.max_rss_kib for r in self.ours) / 1024


def _start(argv: Callable[[int], list[str]], what: str) -> tuple[int, subprocess.Popen[bytes]]:
    """``argv(port)`` started on a free port, once it listens there."""

    def start(port: int) -> tuple[int, subprocess.Popen[bytes]]:
        process = subprocess.Popen(argv(port), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_listening(port, process, what, timeout=15)
        return port, process

    return start_on_free_port(start)


@contextlib.contextmanager
def _process(argv: Callable[[int], list[str]], what: str) -> Iterator[int]:
    port, process = _start(argv, what)
    try:
        yield port
    finally:
        process.terminate()
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextlib.contextmanager
def pyftpdlib(folder: Path) -> Iterator[int]:
    def argv(port: int) -> list[str]:
        listen = ["-i", "127.0.0.1", "-p", str(port)]
        return [sys.executable, "-m", "pyftpdlib", *listen, "-d", str(folder)]

    with _process(argv, "pyftpdlib") as port:
        yield port


@contextlib.contextmanager
def gophernicus(folder: Path, *, relay: bool = False) -> Iterator[int]:
    """gophernicus on a free port of 127.0.0.1, one process per connection started by
    socat: with the connection as its standard input and output, as inetd starts it,
    or (*relay*) talking to a socat that copies its bytes to the connection."""
    binary = shutil.which("gophernicus") or "/usr/sbin/gophernicus"
    socat = shutil.which("socat")
    if not Path(binary).exists() or socat is None:
        raise RuntimeError("gophernicus and socat are needed (apt-get install gophernicus socat)")
    options = "" if relay else ",nofork"  # nofork: exec'd on the connection itself
    if os.geteuid() == 0:
        pwd.getpwnam("nobody")
        options += ",su=nobody"  # gophernicus refuses to run as root

    def argv(port: int) -> list[str]:
        # -nm: no shared memory, where gophernicus counts each client's bytes over 30
        # minutes and throttles it past 4 GiB (-k): repeated runs would measure the throttle
        command = f"{binary} -h 127.0.0.1 -p {port} -r {folder} -nv -ns -nf -nd -nm"
        listen = f"TCP-LISTEN:{port},bind=127.0.0.1,reuseaddr,fork"
        return [str(socat), listen, f"EXEC:{command}{options}"]

    with _process(argv, "gophernicus") as port:
        yield port


@dataclass(frozen=True)
class Setup:
    """A server the benchmark downloads from."""

    protocol: str
    server: str
    """What the table calls it."""
    serve: Callable[[Path], contextlib.AbstractContextManager[int]]
    """Starts it on a free port of 127.0.0.1, serving a folder."""
    url: str
    """A file's URL, with ``{port}`` and ``{name}``."""


SERVERS: dict[str, Setup] = {
    "ftp": Setup("ftp", "pyftpdlib", pyftpdlib, "ftp://127.0.0.1:{port}/{name}"),
    "gopher": Setup("gopher", "gophernicus", gophernicus, "gopher://127.0.0.1:{port}/9/{name}"),
    "gopher-relay": Setup(
        "gopher",
        "gophernicus via a relaying socat",
        functools.partial(gophernicus, relay=True),
        "gopher://127.0.0.1:{port}/9/{name}",
    ),
}
"""The servers, by the name ``--sizes`` gives them."""


def timed(argv: list[str], env: dict[str, str] | None = None) -> Run:
    """Run *argv*; its wall time and peak resident set size."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    assert process.stderr is not None
    err = process.stderr.read().decode("utf-8", "replace")
    process.stderr.close()
    if process.returncode != 0:
        raise RuntimeError(f"{argv[0]} failed ({process.returncode}): {err.strip()}")
    return Run(seconds, int(usage.ru_maxrss))


def our_environment(scratch: Path) -> dict[str, str]:
    """urlinspector's environment: its bytecode cached in *scratch* (written by the
    warm-up run), as an installed copy has it compiled, even where
    PYTHONDONTWRITEBYTECODE is set."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(scratch / "pycache")
    return env


def our_fetch(url: str, target: Path) -> list[str]:
    """``urlinspector fetch -o TARGET URL``, the server being on 127.0.0.1."""
    ours = [str(Path(sys.executable).with_name("urlinspector")), "fetch", "-o", str(target)]
    return [*ours, "--timeout", "600", "--allow-local", url]


def counted_instructions(argv: list[str], env: dict[str, str]) -> int | None:
    """The instructions *argv* takes (valgrind's callgrind; the machine's load does not
    change them), or None when valgrind is not installed."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        return None
    # the console script's interpreter, named: valgrind follows no "#!" line of a venv
    command = [valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable]
    done = subprocess.run([*command, *argv], env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"valgrind failed ({done.returncode}): {done.stderr.strip()[-500:]}")
    found = re.search(r"Collected : (\d+)", done.stderr)
    return int(found.group(1)) if found else None


def compare(url: str, size: int, rounds: int, scratch: Path) -> tuple[list[Run], list[Run]]:
    target = scratch / "downloaded.bin"
    curl = ["curl", "-s", "-o", str(target), url]
    ours = our_fetch(url, target)
    env = our_environment(scratch)
    curl_runs: list[Run] = []
    our_runs: list[Run] = []
    warm_up: list[Run] = []
    for n in range(-1, rounds):
        order = [(curl, None, curl_runs), (ours, env, our_runs)]
        for argv, environment, runs in order if n % 2 == 0 else reversed(order):
            (runs if n >= 0 else warm_up).append(timed(argv, environment))
            if target.stat().st_size != size:
                raise RuntimeError(f"{argv[0]} wrote {target.stat().st_size} bytes, not {size}")
            target.unlink()
    return curl_runs, our_runs


def _make_file(path: Path, size: int) -> None:
    """*size* random bytes (the same every run) at *path*."""
    rng = random.Random(959)
    with path.open("wb") as f:
        for start in range(0, size, MiB):
            f.write(rng.randbytes(min(MiB, size - start)))
    path.chmod(0o644)  # gophernicus runs as nobody


def run(sizes: list[Size] | None = None, rounds: int = 5) -> list[Row]:
    """Measure each of *sizes* (default :data:`DEFAULT_SIZES`) in *rounds* rounds."""
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="urlinspector-bench-") as name:
        scratch = Path(name)
        served = scratch / "served"
        served.mkdir()
        for path in (scratch, served):
            path.chmod(0o755)  # gophernicus runs as nobody
        small_file = served / "small.bin"
        _make_file(small_file, SMALL)
        for size in sizes_type(DEFAULT_SIZES) if sizes is None else sizes:
            served_file = served / f"{size.mib}mib.bin"
            _make_file(served_file, size.mib * MiB)
            setup = SERVERS[size.setup]
            with setup.serve(served) as port:
                url = setup.url.format(port=port, name=served_file.name)
                curl, ours = compare(url, size.mib * MiB, rounds, scratch)
                small_url = setup.url.format(port=port, name=small_file.name)
                curl_small, ours_small = compare(small_url, SMALL, rounds, scratch)
                instructions = counted_instructions(
                    our_fetch(small_url, scratch / "counted.bin"), our_environment(scratch)
                )
            served_file.unlink()
            rows.append(
                Row(
                    setup.protocol,
                    setup.server,
                    size.mib * MiB,
                    curl,
                    ours,
                    curl_small,
                    ours_small,
                    instructions,
                )
            )
    return rows


def _size(n: int) -> str:
    return f"{n // 1024 // MiB} GiB" if n % (1024 * MiB) == 0 else f"{n // MiB} MiB"


def table(rows: list[Row], rounds: int) -> str:
    lines = [
        SECTION,
        "",
        "`urlinspector fetch -o` against `curl -o`: the same file from the same server on "
        f"127.0.0.1, best of {rounds} alternating runs each after one to warm up (process "
        "start-up included); the rounds' column gives the lowest and highest ratio of a "
        "round.  Peak memory is urlinspector's maximum resident set size.  "
        f"Target: at least {TARGET_RATIO}x curl's throughput, at most {TARGET_RSS_MIB} MiB "
        "whatever the size.  "
        "Run: `python tests/benchmarks/bench_download.py --update-docs`.",
        "",
        "| protocol | server | size | curl MiB/s | urlinspector MiB/s | ratio | rounds "
        "| 1 KiB: curl / urlinspector ms | 1 KiB: urlinspector instructions | peak RSS MiB |",
        "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|",
    ]
    for row in rows:
        low, high = min(row.round_ratios), max(row.round_ratios)
        curl_ms, ours_ms = row.fixed_ms
        counted = "-" if row.instructions is None else f"{row.instructions / 1e6:.0f} M"
        lines.append(
            f"| {row.protocol} | {row.server} | {_size(row.size)} | {row.mib_s(row.curl):.0f} "
            f"| {row.mib_s(row.ours):.0f} | {row.ratio:.2f}x | {low:.2f}-{high:.2f}x "
            f"| {curl_ms:.0f} / {ours_ms:.0f} | {counted} | {row.rss_mib:.0f} |"
        )
    lines += [
        "",
        "gophernicus is started by socat for each connection with the connection as its "
        "standard input and output, as inetd starts it; the relaying row puts a socat "
        "between it and the connection, copying 8 KiB at a time, which makes the server "
        "the slowest part (on two CPUs the relay, gophernicus and the client share them), "
        "so that row measures how little a client takes from the server rather than how "
        "fast it reads.  -nm: no shared memory, where gophernicus counts each client's "
        "bytes and throttles it past 4 GiB.  urlinspector runs with its bytecode cached, "
        "as an installed copy has it (the benchmark keeps the cache in its temporary "
        "folder, so it also holds where PYTHONDONTWRITEBYTECODE is set); its time "
        "includes starting Python and importing the program, which curl does not pay: "
        "the 1 KiB column is each client's fixed cost (start-up, connecting, the server "
        "starting to send), which weighs most on the gopher rows, whose transfers are "
        "the shortest; its instructions (valgrind's callgrind, one download) do not "
        "depend on the machine's load, so they compare start-up across runs.  "
        "urlinspector moves an ftp or gopher binary from the socket to the file inside "
        "the kernel (Linux splice: each read wakes when 256 KiB have come and takes up "
        "to 1 MiB).  On a shared machine the figures of one run vary; the ratio, "
        "measured in the same run, is the figure to compare.",
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
    parser.add_argument(
        "--sizes",
        type=sizes_type,
        default=DEFAULT_SIZES,
        metavar="PROTOCOL:MIB,...",
        help=f"the downloads to measure (default {DEFAULT_SIZES})",
    )
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--update-docs", action="store_true")
    args = parser.parse_args(argv)
    rows = run(args.sizes, args.rounds)
    section = table(rows, args.rounds)
    print(section)
    if args.update_docs:
        write_docs(section)
    return 0


if __name__ == "__main__":
    sys.exit(main())
