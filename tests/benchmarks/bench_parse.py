"""Benchmark: urlinspector's full parse against urllib's urlsplit and rfc3986.

Run: ``.venv/bin/python tests/benchmarks/bench_parse.py [--update-docs]``

All three parse the same deterministic corpus in one run; the figures are
microseconds per URL (best of several rounds) and ratios to urlsplit, so they
compare peers on the same machine at the same moment.  ``--update-docs``
writes the table into docs/benchmarks.md between the benchmark markers.

``--before SRC`` compares two trees instead: the ``src`` directory of another
checkout (say an export of the main branch, ``git archive main src | tar -x -C
/tmp/before``) against the code this script imports.  Round by round, alternating,
a subprocess with ``PYTHONPATH=SRC`` times urlsplit and the parse over both corpora,
then this process does the same; each parse's time is divided by urlsplit's in the
same process and round, so a machine busy with other work slows both sides of
each ratio alike.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from urllib.parse import urlsplit

import rfc3986

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.benchmarks.corpus import (  # noqa: E402
    BROWSING,
    LEGACY_HEAVY,
    Mix,
    corpus,
    long_url,
    tagged_corpus,
)
from urlinspector.core import parse  # noqa: E402

START = "<!-- benchmark:start -->"
END = "<!-- benchmark:end -->"


def per_item_us(func: Callable[[str], object], items: Sequence[str], rounds: int) -> float:
    """Best-of-*rounds* time per item, in microseconds."""
    best = float("inf")
    for _ in range(rounds):
        gc.collect()
        start = time.perf_counter()
        for item in items:
            func(item)
        best = min(best, time.perf_counter() - start)
    return best / len(items) * 1e6


def full_parse(u: str) -> object:
    return parse(u).diagnostics


def parse_and_read(u: str) -> object:
    url = parse(u)
    return (
        url.scheme,
        url.userinfo,
        url.host,
        url.port_number,
        url.path,
        url.query,
        url.fragment,
        url.segments,
        url.specific,
        url.diagnostics,
    )


def rfc3986_validate(u: str) -> object:
    return rfc3986.uri_reference(u).is_valid()


# rfc3986 deprecates is_valid() (in favour of its Validator class) with a warning on
# every call; the benchmark keeps the call the issue names and silences the warning.
warnings.filterwarnings("ignore", "Please use rfc3986.validators.Validator", DeprecationWarning)


KINDS = ("web", "legacy", "relative", "broken")
"""The kinds of URL in a corpus, each with its own row."""


def _table(title: str, tagged: Sequence[tuple[str, str]], rounds: int) -> list[str]:
    """One corpus's rows: the whole corpus, then each kind of URL in it, for
    urlsplit and urlinspector's full parse, with the ratio of the two."""
    urls = [u for _, u in tagged]
    rows: list[tuple[str, Sequence[str]]] = [("all", urls)]
    for kind in KINDS:
        of_kind = [u for k, u in tagged if k == kind]
        if of_kind:
            rows.append((kind, of_kind))
    findings = sum(len(parse(u).diagnostics) for u in urls) / len(urls)
    lines = [
        f"**{title}**: {len(urls):,} URLs, {findings:.2f} findings a URL.",
        "",
        "| URLs | count | urlsplit µs | urlinspector parse µs | ratio |",
        "|---|---:|---:|---:|---:|",
    ]
    for name, items in rows:
        split_us = per_item_us(urlsplit, items, rounds)
        parse_us = per_item_us(full_parse, items, rounds)
        lines.append(
            f"| {name} | {len(items):,} | {split_us:.2f} | {parse_us:.2f} | "
            f"{parse_us / split_us:.2f}x |"
        )
    return lines


def run(size: int, rounds: int) -> str:
    urls = corpus(size)
    # warm caches and compiled tables once, outside the timing
    for u in urls[:200]:
        full_parse(u)
        urlsplit(u)
        rfc3986_validate(u)
    rows = [
        ("urllib.parse.urlsplit", per_item_us(urlsplit, urls, rounds)),
        (
            "urlinspector parse (components, spans, diagnostics)",
            per_item_us(full_parse, urls, rounds),
        ),
        (
            "urlinspector parse, then read every component",
            per_item_us(parse_and_read, urls, rounds),
        ),
        ("rfc3986.uri_reference(u).is_valid()", per_item_us(rfc3986_validate, urls, rounds)),
    ]
    base = rows[0][1]
    big = long_url()
    big_ms = per_item_us(parse, [big] * 20, rounds) / 1000
    lines = [
        f"Corpus: {len(urls):,} URLs (tests/benchmarks/corpus.py, seed 1738); "
        f"best of {rounds} rounds; Python {platform.python_version()} on {platform.machine()}.",
        "",
        "| parser | µs per URL | ratio to urlsplit |",
        "|---|---:|---:|",
    ]
    lines += [f"| {name} | {us:.2f} | {us / base:.2f}x |" for name, us in rows]
    lines += ["", f"One {len(big) // 1024} KiB URL: {big_ms:.2f} ms per parse.", ""]
    lines += _table("The browsing corpus, by kind", tagged_corpus(size), rounds)
    lines.append("")
    lines += _table(
        "The legacy-heavy corpus (seed 1994), by kind",
        tagged_corpus(size, 1994, LEGACY_HEAVY),
        rounds,
    )
    return "\n".join(lines)


CORPORA: dict[str, tuple[int, Mix]] = {
    "browsing": (1738, BROWSING),
    "legacy-heavy": (1994, LEGACY_HEAVY),
}
"""The two corpora by name: their seed and mix of kinds (:func:`.corpus.tagged_corpus`)."""


def corpus_times(size: int, rounds: int) -> dict[str, float]:
    """For each corpus of :data:`CORPORA`, the parse's best time of *rounds* rounds over
    urlsplit's best, both timed in this process, round by round one after the other."""
    urls = {
        name: [u for _, u in tagged_corpus(size, seed, mix)]
        for name, (seed, mix) in CORPORA.items()
    }
    for items in urls.values():  # warm caches and compiled tables, outside the timing
        for u in items[:200]:
            full_parse(u)
            urlsplit(u)
    split_us = dict.fromkeys(urls, float("inf"))
    parse_us = dict.fromkeys(urls, float("inf"))
    for _ in range(rounds):
        for name, items in urls.items():
            split_us[name] = min(split_us[name], per_item_us(urlsplit, items, 1))
            parse_us[name] = min(parse_us[name], per_item_us(full_parse, items, 1))
    return {name: parse_us[name] / split_us[name] for name in urls}


def compare_before(before_src: Path, size: int, rounds: int, inner: int = 3) -> str:
    """The ratios of :func:`corpus_times` (*inner* rounds each) for the tree at
    *before_src*, in a subprocess, and for this process's, alternating *rounds* times."""
    env = {**os.environ, "PYTHONPATH": str(before_src)}
    command = [sys.executable, __file__, "--times-json", "--size", str(size)]
    command += ["--rounds", str(inner)]
    before: dict[str, list[float]] = {name: [] for name in CORPORA}
    after: dict[str, list[float]] = {name: [] for name in CORPORA}
    for _ in range(rounds):
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
        for name, ratio in json.loads(done.stdout).items():
            before[name].append(ratio)
        for name, ratio in corpus_times(size, inner).items():
            after[name].append(ratio)

    def shown(ratios: list[float]) -> str:
        return f"{min(ratios):.2f}x to {max(ratios):.2f}x ({statistics.median(ratios):.2f}x)"

    lines = [
        f"Before: {before_src}; after: {Path(parse.__code__.co_filename).parents[2]}. "
        f"{size:,} URLs a corpus; {rounds} alternating runs of each tree, each the best "
        f"of {inner} rounds; Python {platform.python_version()} on {platform.machine()}. "
        "The parse's time over urlsplit's: lowest to highest run (median).",
        "",
        "| corpus | before | after |",
        "|---|---:|---:|",
    ]
    lines += [f"| {name} | {shown(before[name])} | {shown(after[name])} |" for name in CORPORA]
    return "\n".join(lines)


BENCHMARKS_DOC = ROOT / "docs" / "benchmarks.md"
"""Where the tables go: the benchmark figures and their analysis."""


def update_docs(table: str, start: str = START, end: str = END, doc: Path = BENCHMARKS_DOC) -> None:
    """Write *table* into *doc* (docs/benchmarks.md) between the markers *start* and
    *end*, leaving the rest of the file as it is."""
    text = doc.read_text(encoding="utf-8")
    if start not in text or end not in text:
        raise SystemExit(f"{doc} has no {start} / {end} markers")
    new = re.sub(
        re.escape(start) + ".*?" + re.escape(end),
        lambda _: f"{start}\n{table}\n{end}",
        text,
        flags=re.S,
    )
    doc.write_text(new, encoding="utf-8")


def bench_main(
    argv: list[str] | None,
    run_table: Callable[[int, int], str],
    description: str | None,
    markers: tuple[str, str] = (START, END),
) -> int:
    """The command line every benchmark that writes its table shares: --size, --rounds
    and --update-docs (between *markers* in docs/benchmarks.md)."""
    ap = argparse.ArgumentParser(
        description=description, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--size", type=int, default=20_000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument(
        "--update-docs", action="store_true", help="write the table into docs/benchmarks.md"
    )
    args = ap.parse_args(argv)
    table = run_table(args.size, args.rounds)
    print(table)
    if args.update_docs:
        update_docs(table, *markers)
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(add_help=False)
    ap.add_argument("--before", type=Path, help="the src directory of the tree to compare with")
    ap.add_argument("--times-json", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--size", type=int, default=20_000)
    ap.add_argument("--rounds", type=int, default=5)
    args, _ = ap.parse_known_args(argv)
    if args.times_json:  # (the subprocess of --before)
        print(json.dumps(corpus_times(args.size, args.rounds)))
        return 0
    if args.before is not None:
        print(compare_before(args.before.resolve(), args.size, args.rounds))
        return 0
    return bench_main(argv, run, __doc__)


if __name__ == "__main__":
    sys.exit(main())
