"""Whether two trees parse alike: every text, under every edition, gives the same spans,
host kind, diagnostics (in their order), scheme-specific parts and fields.

Run: ``.venv/bin/python tests/benchmarks/compare_parse.py --before SRC``, where SRC is
the ``src`` directory of another checkout (``git archive main src | tar -x -C
/tmp/before``).  The texts are every string in the tests, both benchmark corpora and
generated texts (:mod:`tests.support.url_texts`); a subprocess with ``PYTHONPATH=SRC``
parses them all and prints a digest of each result, this process does the same with
the code it imports, and the two lists are compared.  Prints the counts, and each text
whose results differ with both readings.  Exit status 1 when any differs.

What is compared is read through what both trees have (``url.span(name)``,
``url.host_kind``, the records as tuples), so a change of the records' types or of how
the spans are kept does not show as a difference; a change of any value does.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.support.url_texts import (  # noqa: E402
    corpus_texts,
    generated_texts,
    strings_in_tests,
)
from urlinspector.core import EDITION_IDS, parse  # noqa: E402

NAMES = (
    "uri",
    "scheme",
    "authority",
    "userinfo",
    "user",
    "password",
    "host",
    "port",
    "path",
    "query",
    "fragment",
)


def texts(corpus: int, generated: int) -> list[str]:
    return strings_in_tests() + corpus_texts(corpus) + list(generated_texts(generated))


def reading(text: str, edition: str) -> str:
    """Everything the parse of *text* under *edition* gives, as one line."""
    url = parse(text, edition)
    fields = url.scheme_fields
    return repr(
        (
            tuple(url.span(name) for name in NAMES),  # type: ignore[arg-type]
            url.host_kind,
            tuple(tuple(d) for d in url.diagnostics),
            tuple(tuple(p) for p in url.scheme_parts),
            None if fields is None else (type(fields).__name__, tuple(fields._asdict().items())),
        )
    )


def digests(all_texts: list[str]) -> list[str]:
    return [
        hashlib.sha256(reading(text, edition).encode("utf-8", "surrogatepass")).hexdigest()[:20]
        for edition in EDITION_IDS
        for text in all_texts
    ]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--before", type=Path, help="the src directory of the tree to compare with")
    ap.add_argument("--corpus", type=int, default=20_000, help="URLs of each benchmark corpus")
    ap.add_argument("--generated", type=int, default=300_000, help="generated texts")
    ap.add_argument("--digests", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--show", type=int, nargs="*", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    all_texts = texts(args.corpus, args.generated)
    editions = list(EDITION_IDS)
    if args.digests:  # (the subprocess: this tree's digests, or readings of some)
        if args.show is not None:
            n = len(all_texts)
            print(json.dumps([[reading(all_texts[i % n], editions[i // n])] for i in args.show]))
        else:
            print(json.dumps(digests(all_texts)))
        return 0
    if args.before is None:
        ap.error("--before SRC is needed")
    env = {**os.environ, "PYTHONPATH": str(args.before.resolve())}
    command = [sys.executable, __file__, "--digests", "--corpus", str(args.corpus)]
    command += ["--generated", str(args.generated)]
    before = json.loads(subprocess.run(command, env=env, capture_output=True, check=True).stdout)
    after = digests(all_texts)
    differing = [i for i, (b, a) in enumerate(zip(before, after, strict=True)) if b != a]
    print(
        f"{len(all_texts):,} texts ({len(strings_in_tests()):,} strings of the tests, "
        f"{2 * args.corpus:,} of the benchmark corpora, {args.generated:,} generated) "
        f"under {len(editions)} editions: {len(after):,} parses, {len(differing):,} differ."
    )
    for i in differing[:20]:
        text, edition = all_texts[i % len(all_texts)], editions[i // len(all_texts)]
        shown = subprocess.run(
            [*command, "--show", str(i)], env=env, capture_output=True, check=True
        ).stdout
        print(f"\n{text!r} under {edition}:\n before {json.loads(shown)[0][0]}")
        print(f" after  {reading(text, edition)}")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
