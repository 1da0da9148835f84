"""The scan's rows as they were, stored: every URL of the test corpus and the tricky URLs
of the tests, with the row :func:`urlinspector.scan.rows` gave each, so that a change to
how rows are made (a faster path, a per-host record) is held to giving the same values.

``python -m tests.unit.scan.golden_rows`` writes :data:`GOLDEN` anew from the code as it
is; ``--diff`` prints, column by column, how today's rows differ from the stored ones
(what a deliberate change of a finding or a column changes) without writing.  The file
keeps each group's URLs with their rows, so the test reads the URLs from it, whatever
the lists below become.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.benchmarks.corpus import corpus, legacy_corpus, pooled_hosts  # noqa: E402

GOLDEN = Path(__file__).with_name("golden_rows.jsonl.gz")

TRICKY = (
    # where browsers, the editions and the libraries part ways (tests/gui/test_one_inspection.py)
    "https://evil.com\\@good.com/",
    "https://paypal.com@198.51.100.7/",
    "http://аррӏе.com/",
    "http://good.com\u200b.evil.com/",
    "https://example.com/\u202egnp.exe",
    "http://example.com../a",
    "http://a..b/",
    "http:/good.com/",
    "http:\\\\evil.com/",
    "https://www.paypal.com.evil.example/login",
    "http://0x7f.1/",
    "http://[::1]@evil.com/",
    "ftp://bob:PW@ftp.example.org/pub/file.txt;type=i",
    "gopher://gopher.example.org:70/7/find%09cats",
    "news:comp.infosystems.www",
    "javascript:alert(document.cookie)",
    "data:text/html,<script>alert(1)</script>",
    "HTTP://EXAMPLE.COM:80/%7Euser/",
    "http://xn--80ak6aa92e.com/",
    "http://good.com:0/",
    "<URL:http://example.com/a b>",
    "//protocol.relative/path",
    "g?y/./x",
    # the components of the serialized URL (tests/unit/core/test_browser.py)
    "https://user:pa:ss@host:8080/p?q#f",
    "https://:pw@host/",
    "http://[v1.x]/",
    "file:///C:/x",
    "file://host/share",
    "foo://",
    "foo:/.//bar",
    "sc:/..//x",
    "mailto:a@b?subject=x#y",
    "http://a/%3F?%23#%23",
    "http://1.2.3.4.5/",
    "ws://h:0/",
    "non-spec://h:65535/p",
    "http://h/\u0000\t\n",
    "  http://h/ \t",
    # hosts judged once and shared (tests/unit/core/test_host_judgement.py)
    "https://l.facebook.com/l.php?u=http%3A%2F%2Fpaypal.com.evil.net%2F",
    "https://www.google.com/url?q=https://evil.example/&sa=D",
    "https://nam02.safelinks.protection.outlook.com/?url=https%3A%2F%2Fevil.example%2Flogin",
    # the same host written otherwise, so a per-host record meets each form
    "http://EXAMPLE.com/",
    "http://example.com./",
    "http://ex%61mple.com/",
    "http://ＥＸＡＭＰＬＥ.com/",
    "http://www.example.com:8080/x",
    "http://user:pw@www.example.com/x",
    "https://www.example.com/%7Euser/./a/../b?b=2&a=1&jsessionid=0123456789abcdef0123456789abcdef",
    "http://www.www2.example.com/A/B/",
    "http://bücher.de/",
    "http://xn--bcher-kva.de/",
    "http://faß.de/",
    "http://[2001:DB8:0:0::1]:8080/",
    "http://127.0.0.1/",
    "http://2130706433/",
    "http://0177.0.0.1/",
    "gopher://0177.1/",
    "gopher://Host.Example/1/World",
    "gopher://b%C3%BCcher.de/",
    "ftp://ftp.example.org:21/pub/",
    "wss://example.com:443/socket",
    "https://a.example/p?",
    "https://a.example/p?&",
    "https://a.example/p?b&a=&a",
    "https://a.example/(S(abcdefghijklmnopqrstuvwx))/default.aspx",
    "http://host/a%2Fb/%2e%2e/c",
    "http://host/a%25252541",
    "http://host/%G1/%7f/\x7f",
    "https://example.com/?q=%E2%82%AC&Q=x",
    "http://example.com\\@evil.example/",
    "http://evil.example\\.good.example/",
)
"""URLs that the row's columns read differently, each kept for a reason."""


class Group(NamedTuple):
    """URLs scanned together, under one edition, with or without the libraries."""

    name: str
    edition: str
    readers: bool
    urls: list[str]


def groups() -> list[Group]:
    """What :data:`GOLDEN` holds: the corpus as it is, its hosts repeated (a log's),
    the legacy-heavy corpus, the tricky URLs, and some under another edition and
    without the libraries."""
    browsing = corpus(2000, seed=1738)
    legacy = legacy_corpus(1000, seed=1994)
    return [
        Group("corpus", "rfc3986", True, browsing),
        Group("pooled", "rfc3986", True, pooled_hosts(corpus(2000, seed=5), 100)),
        Group("legacy", "rfc3986", True, legacy),
        Group("tricky", "rfc3986", True, list(TRICKY)),
        Group("tricky-rfc1738", "rfc1738", True, list(TRICKY)),
        Group("legacy-rfc1738", "rfc1738", True, legacy[:300]),
        Group("no-readers", "rfc3986", False, browsing[:300] + list(TRICKY)),
    ]


def scanned(group: Group) -> list[dict[str, Any]]:
    """The rows of *group*'s URLs, scanned at once (their hosts repeat)."""
    from urlinspector.scan import rows

    table = rows(group.urls, "golden", edition=group.edition, readers=group.readers)
    return [dict(row) for row in table.to_pylist()]


def write(path: Path = GOLDEN) -> None:
    with gzip.open(path, "wt", encoding="utf-8") as out:
        for group in groups():
            head = {"group": group.name, "edition": group.edition, "readers": group.readers}
            out.write(json.dumps(head, ensure_ascii=False) + "\n")
            for row in scanned(group):
                out.write(json.dumps(row, ensure_ascii=False) + "\n")


def stored(path: Path = GOLDEN) -> Iterator[tuple[Group, list[dict[str, Any]]]]:
    """Each stored group (its URLs read from its rows) with its rows."""
    group: Group | None = None
    found: list[dict[str, Any]] = []
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        for line in lines:
            record = json.loads(line)
            if "group" in record:
                if group is not None:
                    yield group._replace(urls=[r["url"] for r in found]), found
                group = Group(record["group"], record["edition"], record["readers"], [])
                found = []
            else:
                found.append(record)
    if group is not None:
        yield group._replace(urls=[r["url"] for r in found]), found


def differences(path: Path = GOLDEN) -> Counter[str]:
    """How many stored rows each column differs in today."""
    count: Counter[str] = Counter()
    for group, before in stored(path):
        for old, new in zip(before, scanned(group), strict=True):
            count.update(name for name in old if old[name] != new[name])
    return count


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--diff", action="store_true", help="count the differences; write nothing")
    args = ap.parse_args(argv)
    if args.diff:
        for name, n in differences().most_common():
            print(f"{n:6d} rows differ in {name}")
        return 0
    write()
    print(f"wrote {GOLDEN}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
