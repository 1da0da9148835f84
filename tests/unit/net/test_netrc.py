"""Which login ~/.netrc gives a news server: its own machine entry, never the default."""

from __future__ import annotations

from pathlib import Path

import pytest

from urlinspector.net.nntp import Credentials, netrc_credentials

NETRC = (
    "machine news.example.org login alice password A-SECRET\n"
    "machine 127.0.0.1 login local password L-SECRET\n"
    "default login bob password DEFAULT-SECRET\n"
)


@pytest.mark.parametrize(
    ("host", "expected"),
    [
        ("news.example.org", ("alice", "A-SECRET")),
        ("NEWS.EXAMPLE.ORG", ("alice", "A-SECRET")),
        ("127.0.0.1", ("local", "L-SECRET")),
        ("evil.example", None),  # authenticators() would give bob's password here
        ("default", None),  # the key the netrc module files the default entry under
        ("", None),
    ],
)
def test_only_the_machine_entry_for_the_host(
    tmp_path: Path, host: str, expected: tuple[str, str] | None
) -> None:
    path = tmp_path / "netrc"
    path.write_text(NETRC)
    path.chmod(0o600)
    found = netrc_credentials(host, path)
    assert (None if found is None else (found.user, found.password)) == expected


@pytest.mark.parametrize("clear_text", [False, True])
def test_a_netrc_login_is_not_for_clear_text_unless_allowed(
    tmp_path: Path, clear_text: bool
) -> None:
    path = tmp_path / "netrc"
    path.write_text(NETRC)
    path.chmod(0o600)
    found = netrc_credentials("127.0.0.1", path, clear_text=clear_text)
    assert found == Credentials("local", "L-SECRET", clear_text=clear_text)
