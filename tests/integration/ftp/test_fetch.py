"""ftp URLs against a real pyftpdlib server: listings, downloads, the RFC 1738 command
sequences, login, refusals, the legacy fall-backs and IPv6."""

from __future__ import annotations

from urllib.parse import quote

import pytest

from tests.integration.ftp.servers import (
    FILES,
    PASSWORD,
    USER,
    PyftpdlibServer,
    big_bytes,
    refuses_logins,
)
from tests.support.ports import unused_port
from tests.support.servers import ScriptedServer, closes
from tests.support.waiting import accepted_before
from urlinspector.core import parse
from urlinspector.net.errors import ConnectFailed, NetError
from urlinspector.net.ftp import FTPReplyError, LoginFailed, fetch
from urlinspector.net.session import Session
from urlinspector.schemes.errors import LocalProtocolError
from urlinspector.schemes.ftp.transcript import Transcript

pytestmark = pytest.mark.integration

ROOT_NAMES = {
    "readme.txt",
    "name with spaces.txt",
    "semi;colon.txt",
    "100%.txt",
    "q?mark#hash.txt",
    "ünïcode.txt",
    "dir.txt",
    "etc",
    "home",
    "pub",
    "binary.dat",
    "big.bin",
    "empty dir",
    "lines",
}


def alice(server: PyftpdlibServer, path: str) -> str:
    return server.url(path, login=f"{USER}:{PASSWORD}")


# --- listings -----------------------------------------------------------------------------


def test_root_listing_uses_mlsd(ftp_server: PyftpdlibServer) -> None:
    result = fetch(parse(ftp_server.url()))
    assert result.listing is not None
    assert result.listing.command == "MLSD"
    by_name = {e.name: e for e in result.listing.entries}
    assert set(by_name) == ROOT_NAMES
    assert by_name["dir.txt"].type == "dir"
    assert by_name["big.bin"].type == "file"
    assert by_name["big.bin"].size == 10 * 1024 * 1024
    assert by_name["readme.txt"].date is not None
    assert by_name["semi;colon.txt"].url == ftp_server.url("semi%3Bcolon.txt")
    assert by_name["q?mark#hash.txt"].url == ftp_server.url("q%3Fmark%23hash.txt")
    assert by_name["100%.txt"].url == ftp_server.url("100%25.txt")
    assert by_name["empty dir"].url == ftp_server.url("empty%20dir/")
    assert "MLSD" in sent_commands(result)


def test_every_listed_file_downloads_by_its_url(ftp_server: PyftpdlibServer) -> None:
    """The entries' URLs escape what RFC 1738 §3.2.2 requires: following each gives the
    file's bytes (names with spaces, ';', '%', '?', '#', UTF-8)."""
    listing = fetch(parse(ftp_server.url())).listing
    assert listing is not None
    for entry in listing.entries:
        if entry.type != "file" or entry.name == "big.bin":
            continue
        result = fetch(parse(entry.url + ";type=i"))
        assert result.data == FILES[entry.name], entry.url


def test_directory_entry_url_lists_it(ftp_server: PyftpdlibServer) -> None:
    listing = fetch(parse(ftp_server.url())).listing
    assert listing is not None
    sub = next(e for e in listing.entries if e.name == "pub")
    inner = fetch(parse(sub.url)).listing
    assert inner is not None
    assert [(e.name, e.type) for e in inner.entries] == [("sub", "dir")]
    deeper = fetch(parse(inner.entries[0].url)).listing
    assert deeper is not None
    assert [e.name for e in deeper.entries] == ["deeper.txt"]
    assert deeper.entries[0].url == ftp_server.url("pub/sub/deeper.txt")


def test_empty_directory(ftp_server: PyftpdlibServer) -> None:
    result = fetch(parse(ftp_server.url("empty%20dir/")))
    assert result.listing is not None
    assert result.listing.entries == ()


def test_typecode_d_is_nlst(ftp_server: PyftpdlibServer) -> None:
    result = fetch(parse(ftp_server.url("pub;type=d")))
    assert result.listing is not None
    assert result.listing.command == "NLST"
    commands = sent_commands(result)
    assert "NLST pub" in commands
    assert [(e.name, e.type, e.url) for e in result.listing.entries] == [
        ("sub", None, ftp_server.url("pub/sub"))
    ]


def test_typecode_d_of_a_file_names_the_file(ftp_server: PyftpdlibServer) -> None:
    result = fetch(parse(ftp_server.url("pub/sub/deeper.txt;type=d")))
    assert result.listing is not None
    assert [(e.name, e.url) for e in result.listing.entries] == [
        ("deeper.txt", ftp_server.url("pub/sub/deeper.txt"))
    ]


def test_legacy_server_list_epsv_pasv(legacy_server: PyftpdlibServer) -> None:
    """No MLST in FEAT: LIST, parsed as ls -l; EPSV refused: PASV, whose (wrong)
    address is not trusted; the listing is the same as the modern server's."""
    result = fetch(parse(legacy_server.url()))
    assert result.listing is not None
    assert result.listing.command == "LIST"
    assert {e.format for e in result.listing.entries} == {"unix"}
    assert {e.name for e in result.listing.entries} == ROOT_NAMES
    assert result.listing.unparsed == ()
    commands = sent_commands(result)
    assert commands[-4:] == ("EPSV", "PASV", "LIST", "QUIT")
    notes = " ".join(result.notes) + " ".join(t.text for t in result.transcript)
    assert "192.0.2.1" in notes
    assert "not trusted" in notes


def test_legacy_download_through_pasv(legacy_server: PyftpdlibServer) -> None:
    assert fetch(parse(legacy_server.url("binary.dat"))).data == FILES["binary.dat"]


# --- downloads ----------------------------------------------------------------------------


def test_text_file_without_typecode_comes_as_image(ftp_server: PyftpdlibServer) -> None:
    """No typecode: readme.txt is text by its name, and comes as image (TYPE I), its
    bytes as the server stores them (RFC 1738 §3.2.3 leaves the mode to the client)."""
    result = fetch(parse(ftp_server.url("readme.txt")))
    assert result.transfer_type == "I"
    assert result.plan.looks_like_text
    assert result.data == FILES["readme.txt"]
    assert "TYPE I" in sent_commands(result)


def test_typecode_i_is_exact_with_size_and_progress(ftp_server: PyftpdlibServer) -> None:
    seen: list[tuple[int, int | None]] = []
    result = fetch(
        parse(ftp_server.url("readme.txt;type=i")),
        session=Session(progress=lambda d, t: seen.append((d, t))),
    )
    expected = FILES["readme.txt"]
    assert result.data == expected
    assert result.total == len(expected)
    assert result.received == len(expected)
    assert seen[0] == (0, len(expected))
    assert seen[-1] == (len(expected), len(expected))
    assert sent_commands(result)[-4:] == (
        "SIZE readme.txt",
        "EPSV",
        "RETR readme.txt",
        "QUIT",
    )


def test_binary_guessed_image(ftp_server: PyftpdlibServer) -> None:
    result = fetch(parse(ftp_server.url("binary.dat")))
    assert result.transfer_type == "I"
    assert result.data == FILES["binary.dat"]


def test_big_file_in_memory(ftp_server: PyftpdlibServer) -> None:
    result = fetch(parse(ftp_server.url("big.bin")))
    assert result.data == big_bytes()


@pytest.mark.parametrize(
    "name", ["name with spaces.txt", "semi;colon.txt", "100%.txt", "q?mark#hash.txt", "ünïcode.txt"]
)
def test_names_escaped_by_hand(ftp_server: PyftpdlibServer, name: str) -> None:
    url = ftp_server.url(quote(name.encode(), safe="") + ";type=i")
    result = fetch(parse(url))
    assert result.data == FILES[name]
    assert f"RETR {name}" in sent_commands(result)


def test_percent_2f_inside_a_cwd_argument(ftp_server: PyftpdlibServer) -> None:
    """ "/" escaped inside one segment is one CWD with a "/" in it (RFC 1738 §3.2.2)."""
    result = fetch(parse(ftp_server.url("pub%2Fsub/deeper.txt;type=i")))
    assert "CWD pub/sub" in sent_commands(result)
    assert result.data == FILES["pub/sub/deeper.txt"]


# --- the spec's three examples, with a user whose login directory is not the root ---------


def test_percent_2f_etc_is_absolute(ftp_server: PyftpdlibServer) -> None:
    """ftp://myname@host.dom/%2Fetc/motd: CWD /etc then RETR motd."""
    result = fetch(parse(alice(ftp_server, "%2Fetc/motd;type=i")))
    assert result.data == FILES["etc/motd"]
    commands = sent_commands(result)
    assert "CWD /etc" in commands
    assert "RETR motd" in commands


def test_etc_is_relative_to_the_login_directory(ftp_server: PyftpdlibServer) -> None:
    """ftp://myname@host.dom/etc/motd: CWD etc, from the user's own directory."""
    result = fetch(parse(alice(ftp_server, "etc/motd;type=i")))
    assert result.data == FILES["home/alice/etc/motd"]
    assert "CWD etc" in sent_commands(result)


def test_empty_segment_sends_null_cwd(ftp_server: PyftpdlibServer) -> None:
    """ftp://myname@host.dom//etc/motd: "CWD " with a null argument, then CWD etc.
    pyftpdlib takes the null CWD to mean the root."""
    result = fetch(parse(alice(ftp_server, "/etc/motd;type=i")))
    commands = sent_commands(result)
    i = commands.index("CWD ")
    assert commands[i + 1] == "CWD etc"
    assert result.data == FILES["etc/motd"]


def test_empty_segment_refused_is_shown(legacy_server: PyftpdlibServer) -> None:
    """A server that refuses the null CWD: the transcript shows the 501 and that the
    next CWD was done from the same directory."""
    result = fetch(parse(alice(legacy_server, "/etc/motd;type=i")))
    replies = [t.text for t in result.transcript if t.kind == "reply"]
    assert any(r.startswith("501") for r in replies)
    assert any("empty argument" in n and "same directory" in n for n in result.notes)
    assert result.data == FILES["home/alice/etc/motd"]


# --- a directory named like a file --------------------------------------------------------


def test_directory_named_like_a_file_is_listed(ftp_server: PyftpdlibServer) -> None:
    result = fetch(parse(ftp_server.url("dir.txt")))
    assert result.listing is not None
    assert [(e.name, e.url) for e in result.listing.entries] == [
        ("inside.txt", ftp_server.url("dir.txt/inside.txt"))
    ]
    commands = sent_commands(result)
    assert commands.index("RETR dir.txt") < commands.index("CWD dir.txt")
    assert any("is a directory" in n for n in result.notes)


def test_directory_with_explicit_typecode_is_an_error(ftp_server: PyftpdlibServer) -> None:
    """With ;type=i the URL says it is a file: no guessing, RETR's refusal stands."""
    with pytest.raises(FTPReplyError) as caught:
        fetch(parse(ftp_server.url("dir.txt;type=i")))
    assert caught.value.code == 550
    assert "RETR dir.txt" in str(caught.value)


# --- login --------------------------------------------------------------------------------


def test_wrong_password_is_a_clear_message(ftp_server: PyftpdlibServer) -> None:
    transcript = Transcript()
    with pytest.raises(LoginFailed) as caught:
        fetch(
            parse(ftp_server.url("x", login=f"{USER}:wrong-secret")),
            session=Session(transcript=transcript.add),
        )
    message = str(caught.value)
    assert USER in message
    assert "530" in message
    assert "Check the user name and password" in message
    assert "wrong-secret" not in message
    assert all("wrong-secret" not in line.text for line in transcript.lines)
    assert "PASS ****" in transcript.commands()
    assert transcript.commands()[-1] == "QUIT"


def test_password_asked_when_missing(ftp_server: PyftpdlibServer) -> None:
    asked: list[tuple[str, str]] = []

    def ask(user: str, where: str) -> str:
        asked.append((user, where))
        return PASSWORD

    transcript = Transcript()
    result = fetch(
        parse(ftp_server.url("etc/motd;type=i", login=USER)),
        session=Session(password=ask, transcript=transcript.add),
    )
    assert asked == [(USER, ftp_server.authority)]
    assert result.data == FILES["home/alice/etc/motd"]
    assert all(PASSWORD not in line.text for line in transcript.lines)


def test_no_password_given(ftp_server: PyftpdlibServer) -> None:
    with pytest.raises(LoginFailed, match="none was given"):
        fetch(
            parse(ftp_server.url("x", login=USER)),
            session=Session(password=lambda user, where: None),
        )
    with pytest.raises(LoginFailed, match="none was given"):
        fetch(parse(ftp_server.url("x", login=USER)))


def test_password_with_newline_from_the_dialog_is_refused(ftp_server: PyftpdlibServer) -> None:
    transcript = Transcript()
    with pytest.raises(LocalProtocolError, match="password"):
        fetch(
            parse(ftp_server.url("x", login=USER)),
            session=Session(password=lambda u, w: "a\r\nDELE x", transcript=transcript.add),
        )
    assert not any("DELE" in line.text for line in transcript.lines)


def test_anonymous_password_is_configurable_and_masked(ftp_server: PyftpdlibServer) -> None:
    transcript = Transcript()
    fetch(
        parse(ftp_server.url()),
        session=Session(transcript=transcript.add),
        anonymous_password="learner@example.org",
    )
    assert "USER anonymous" in transcript.commands()
    assert "PASS ****" in transcript.commands()
    assert all("learner@example.org" not in line.text for line in transcript.lines)


def test_password_in_url(ftp_server: PyftpdlibServer) -> None:
    result = fetch(parse(alice(ftp_server, "")))
    assert result.listing is not None
    assert [e.name for e in result.listing.entries] == ["etc"]  # alice's own directory
    assert all(PASSWORD not in line.text for line in result.transcript)


# --- refusals and failures ----------------------------------------------------------------


def test_missing_file_names_command_and_reply(ftp_server: PyftpdlibServer) -> None:
    with pytest.raises(FTPReplyError) as caught:
        fetch(parse(ftp_server.url("no-such-file.bin")))
    message = str(caught.value)
    assert "RETR no-such-file.bin" in message
    assert "550" in message
    assert ftp_server.authority in message
    assert caught.value.command == "RETR no-such-file.bin"


def test_missing_directory(ftp_server: PyftpdlibServer) -> None:
    with pytest.raises(FTPReplyError, match=r'"CWD nowhere": 550'):
        fetch(parse(ftp_server.url("nowhere/x.txt")))


def test_cr_lf_is_refused_before_connecting() -> None:
    """Nothing reaches the server: not even a connection."""
    server = ScriptedServer(closes)
    try:
        with pytest.raises(LocalProtocolError, match="CR"):
            fetch(parse(server.url("ftp", "/a%0D%0ADELE%20readme.txt")))
        assert accepted_before(server.port, lambda: server.peers) == 0
    finally:
        server.close()


def test_connection_refused() -> None:
    port = unused_port()
    with pytest.raises(ConnectFailed, match=f"127.0.0.1:{port}"):
        fetch(parse(f"ftp://127.0.0.1:{port}/"))


def test_unknown_host() -> None:
    with pytest.raises(ConnectFailed, match="cannot find the host"):
        fetch(parse("ftp://no-such-host.invalid/"))


def test_greeting_refusal() -> None:
    """RFC 959 §5.4: a server may answer the connection with 421 instead of 220."""
    server = ScriptedServer(refuses_logins(b"421 Too many users, try later.\r\n"))
    try:
        with pytest.raises(FTPReplyError, match="turned the connection away: 421 Too many"):
            fetch(parse(server.url("ftp", "/x")))
    finally:
        server.close()


def test_greeting_delayed_by_120() -> None:
    """RFC 959 §5.4: 120 (ready in nnn minutes) comes before the 220."""
    server = ScriptedServer(refuses_logins(b"120 Ready in 1 minute.\r\n220 Ready now.\r\n"))
    try:
        with pytest.raises(LoginFailed):
            fetch(parse(server.url("ftp", "/x")))
    finally:
        server.close()
    assert server.received[0] == b"USER anonymous"


def test_errors_are_net_errors(ftp_server: PyftpdlibServer) -> None:
    with pytest.raises(NetError):
        fetch(parse(ftp_server.url("no-such-file.bin")))


# --- IPv6 ---------------------------------------------------------------------------------


def test_ipv6_listing_and_download(ftp_server_v6: PyftpdlibServer) -> None:
    listing = fetch(parse(ftp_server_v6.url())).listing
    assert listing is not None
    assert {e.name for e in listing.entries} == ROOT_NAMES
    entry = next(e for e in listing.entries if e.name == "semi;colon.txt")
    assert entry.url.startswith("ftp://[::1]:")
    result = fetch(parse(entry.url))
    assert result.data == FILES["semi;colon.txt"]
    assert "EPSV" in sent_commands(result)
    assert "PASV" not in sent_commands(result)


def sent_commands(result: object) -> tuple[str, ...]:
    lines = result.transcript  # type: ignore[attr-defined]
    return tuple(line.text for line in lines if line.kind == "command")
