"""A row's host columns, found once per distinct host (scan/host_columns.py)."""

from __future__ import annotations

import pytest

from tests.unit.scan import require_scan_extra

require_scan_extra()

from urlinspector.core.host_judgement import HostJudge, HostJudgement  # noqa: E402
from urlinspector.core.memo import LONGEST  # noqa: E402
from urlinspector.data import top_domains  # noqa: E402
from urlinspector.present.inspection import parsed  # noqa: E402
from urlinspector.scan import columns, rows  # noqa: E402
from urlinspector.scan import host_columns as host_columns_module  # noqa: E402
from urlinspector.scan.host_columns import (  # noqa: E402
    NO_HOST,
    HostColumns,
    HostRecords,
    host_columns,
)


def _records(size: int = 65_536) -> HostRecords:
    return HostRecords(HostJudge(top_domains()), size)


def test_a_hosts_record_is_made_once_and_reused() -> None:
    records = _records()
    first = records("www.example.co.uk")
    assert records("www.example.co.uk") is first
    assert first.url_host_name == "www.example.co.uk"
    assert first.url_host_registered_domain == "example.co.uk"
    assert first.url_host_private_domain == "example.co.uk"
    assert first.surt_host == "uk,co,example"


def test_the_record_reads_the_judgement_of_the_same_judge() -> None:
    judge = HostJudge(top_domains())
    records = HostRecords(judge)
    record = records("xn--80ak6aa92e.com")
    judged = judge("xn--80ak6aa92e.com")
    assert record.url_host_private_domain == judged.registrable_domain
    assert judged.display is not None
    assert record.host_display == judged.display.shown[0][1]


def test_no_host_and_an_empty_host() -> None:
    records = _records()
    assert records(None) is NO_HOST
    empty = records("")
    assert empty.browser_host == ""
    assert empty.surt_host is None
    assert empty.url_host_name is None
    assert empty.host_display is None


def test_a_long_host_is_made_each_time_and_not_kept() -> None:
    records = _records()
    long = "a" * (LONGEST + 1) + ".com"
    assert records(long) == records(long)
    assert records(long) is not records(long)


def test_records_start_afresh_past_their_size() -> None:
    records = _records(size=2)
    a = records("a.example")
    records("b.example")
    records("c.example")  # (the third: the first two are dropped)
    assert records("a.example") is not a
    assert records("a.example") == a


def test_a_part_makes_each_distinct_hosts_columns_once(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []

    def counted(host: str, judged: HostJudgement) -> HostColumns:
        made.append(host)
        return host_columns(host, judged)

    monkeypatch.setattr(host_columns_module, "host_columns", counted)
    columns._host_records.cache_clear()  # (a worker's records, made afresh for this part)
    hosts = ["once-a.example", "once-b.example", "once-c.example"]
    urls = [f"https://{hosts[i % 3]}/page/{i}?q={i}" for i in range(300)]
    table = rows(urls)
    assert sorted(made) == hosts
    assert table.column("url_host_name").to_pylist() == [hosts[i % 3] for i in range(300)]
    assert table.column("url_surtkey").to_pylist()[:2] == [
        "example,once-a)/page/0?q=0",
        "example,once-b)/page/1?q=1",
    ]


def test_a_part_keeps_nothing_by_the_urls_text() -> None:
    # (a scan's texts seldom repeat: its caches are keyed by host, never by the text)
    before = parsed.cache_info()
    rows([f"https://kept.example/{i}" for i in range(100)])
    after = parsed.cache_info()
    assert (after.hits, after.misses, after.currsize) == (
        before.hits,
        before.misses,
        before.currsize,
    )
