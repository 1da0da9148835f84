"""Rows stay value for value what they were: every URL of the test corpus and the tricky
URLs of the tests, scanned as a part is (hosts repeating), against the rows stored in
:data:`tests.unit.scan.golden_rows.GOLDEN` (``python -m tests.unit.scan.golden_rows
--diff`` says which columns a deliberate change of a finding changes; without
``--diff`` it stores today's rows)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.unit.scan import require_scan_extra

require_scan_extra()

from tests.unit.scan.golden_rows import Group, scanned, stored  # noqa: E402

GROUPS = list(stored())


def _differences(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> list[str]:
    assert len(before) == len(after)
    found = []
    for old, new in zip(before, after, strict=True):
        for name, value in old.items():
            if new[name] != value:
                found.append(f"{old['url']!r} {name}: {value!r} -> {new[name]!r}")
    return found


@pytest.mark.parametrize(("group", "before"), GROUPS, ids=[g.name for g, _ in GROUPS])
def test_rows_are_the_stored_ones(group: Group, before: list[dict[str, Any]]) -> None:
    assert _differences(before, scanned(group))[:20] == []


@pytest.mark.parametrize(("group", "before"), GROUPS[:2], ids=[g.name for g, _ in GROUPS[:2]])
def test_a_row_does_not_depend_on_the_rows_before_it(
    group: Group, before: list[dict[str, Any]]
) -> None:
    # (what a worker kept of each host from the URLs before comes out the same)
    backwards = scanned(group._replace(urls=group.urls[::-1]))[::-1]
    for row in backwards:
        row["line"] = None
    expected = [{**row, "line": None} for row in before]
    assert _differences(expected, backwards)[:20] == []


def test_the_stored_rows_cover_hosts_repeated_and_every_kind_of_url() -> None:
    rows = [row for _, before in GROUPS for row in before]
    hosts = [row["browser_host"] for row in rows if row["browser_host"]]
    assert len(rows) > 5000
    assert len(set(hosts)) < len(hosts) / 2
    assert {row["url_protocol"] for row in rows} >= {"http", "https", "ftp", "gopher", "mailto"}
    codes = {code for row in rows for code in row["codes"]}
    assert {"reader-host", "wrapped-link", "browser-host", "active-content"} <= codes
