"""Benchmark: urlinspector's RFC 3986 resolution against urllib's urljoin.

Run: ``.venv/bin/python tests/benchmarks/bench_resolve.py [--update-docs]``

Both resolve the same deterministic (base, reference) pairs in one run: bases from the
benchmark corpus (tests/benchmarks/corpus.py), each with the references a page holds
(relative paths, "../" paths, absolute paths, queries, fragments, network paths and
absolute URLs).  The figures are microseconds per pair (best of several rounds) and
ratios to urljoin, so they compare peers on the same machine at the same moment; the
target is a ratio of at most 1.0 for ``resolve(base, ref, "rfc3986", trace=False)``.
The traced route is measured too, to show what a trace costs.  ``--update-docs``
writes the table into docs/benchmarks.md between the resolve-benchmark markers.
"""

from __future__ import annotations

import gc
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from urllib.parse import urljoin

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.benchmarks.bench_parse import bench_main  # noqa: E402
from tests.benchmarks.corpus import KEYS, WORDS, corpus  # noqa: E402
from urlinspector.core.resolution import resolve  # noqa: E402

START = "<!-- resolve-benchmark:start -->"
END = "<!-- resolve-benchmark:end -->"
SEED = 3986
Pair = tuple[str, str]

# schemes whose URLs urljoin resolves against (its uses_relative list) among the corpus's
_BASE_SCHEMES = ("http:", "https:", "ftp:", "gopher:", "file:", "wais:", "nntp:")


def _segment(rng: random.Random) -> str:
    return rng.choice(WORDS)


def _rel_path(rng: random.Random) -> str:
    segs = [_segment(rng) for _ in range(rng.randrange(1, 4))]
    if rng.random() < 0.5:
        segs[-1] += rng.choice((".html", ".png", ".css", ".js", ".gif", ".txt"))
    return "/".join(segs) + ("/" if rng.random() < 0.1 else "")


def _query(rng: random.Random) -> str:
    return "?" + "&".join(
        f"{rng.choice(KEYS)}={rng.randrange(100)}" for _ in range(rng.randrange(1, 3))
    )


def _reference(rng: random.Random, absolute: Sequence[str]) -> str:
    roll = rng.random()
    if roll < 0.30:
        return _rel_path(rng) + (_query(rng) if rng.random() < 0.15 else "")
    if roll < 0.45:
        return "../" * rng.randrange(1, 4) + _rel_path(rng)
    if roll < 0.50:
        return "./" + _rel_path(rng)
    if roll < 0.60:
        return "/" + _rel_path(rng) + (_query(rng) if rng.random() < 0.3 else "")
    if roll < 0.68:
        return _query(rng)
    if roll < 0.75:
        return "#" + rng.choice(("top", "section-2", "Related", "fn1", "main"))
    if roll < 0.80:
        return "//" + rng.choice(("cdn", "static", "www")) + ".example.com/" + _rel_path(rng)
    return rng.choice(absolute)


def pairs(size: int = 20_000, seed: int = SEED) -> list[Pair]:
    """*size* (base, reference) pairs, the same list for the same seed on every machine:
    pages (bases) of the corpus, each with 1 to 40 links."""
    rng = random.Random(seed)
    urls = corpus(max(size, 2000))
    bases = [u for u in urls if u.startswith(_BASE_SCHEMES) and "#" not in u]
    absolute = [u for u in urls if ":" in u.split("/", 1)[0]]
    out: list[Pair] = []
    while len(out) < size:
        base = rng.choice(bases)
        for _ in range(min(rng.randrange(1, 41), size - len(out))):
            out.append((base, _reference(rng, absolute)))
    return out


def per_pair_us(func: Callable[[str, str], object], items: Sequence[Pair], rounds: int) -> float:
    """Best-of-*rounds* time per pair, in microseconds."""
    best = float("inf")
    for _ in range(rounds):
        gc.collect()
        start = time.perf_counter()
        for base, reference in items:
            func(base, reference)
        best = min(best, time.perf_counter() - start)
    return best / len(items) * 1e6


def resolve_lean(base: str, reference: str) -> str:
    return resolve(base, reference, "rfc3986", trace=False).target


def resolve_traced(base: str, reference: str) -> str:
    return resolve(base, reference, "rfc3986").target


def run(size: int, rounds: int) -> str:
    items = pairs(size)
    for base, reference in items[:200]:  # warm caches and compiled tables once
        resolve_lean(base, reference)
        resolve_traced(base, reference)
        urljoin(base, reference)
    same = sum(resolve_lean(b, r) == urljoin(b, r) for b, r in items)
    contenders: list[tuple[str, Callable[[str, str], object]]] = [
        ("urllib.parse.urljoin", urljoin),
        ('urlinspector resolve(..., "rfc3986", trace=False)', resolve_lean),
        ("urlinspector resolve(...) with its trace", resolve_traced),
    ]
    rows = [(name, per_pair_us(func, items, rounds)) for name, func in contenders]
    peer = rows[0][1]
    lines = [
        f"Pairs: {len(items):,} (base, reference) pairs (tests/benchmarks/bench_resolve.py, "
        f"seed {SEED}, bases from the corpus of seed 1738); best of {rounds} rounds; "
        f"Python {platform.python_version()} on {platform.machine()}.",
        "",
        "| resolver | µs per pair | ratio to urljoin |",
        "|---|---:|---:|",
    ]
    lines += [f"| {name} | {us:.2f} | {us / peer:.2f}x |" for name, us in rows]
    lines += [
        "",
        f"The same target as urljoin for {same:,} of {len(items):,} pairs; the others are "
        "urljoin's known divergences from RFC 3986 (tests/unit/core/test_resolve.py).",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    return bench_main(argv, run, __doc__, (START, END))


if __name__ == "__main__":
    sys.exit(main())
