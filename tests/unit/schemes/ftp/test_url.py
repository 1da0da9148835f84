"""The RFC 1738 command sequences (RFC 1738 §3.2) for the spec's own examples and for names
holding "/", ";", "%" and spaces; login; what is refused before anything is sent."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlinspector.core import parse
from urlinspector.core.escapes import unquote_to_bytes
from urlinspector.core.specific import FtpFields
from urlinspector.schemes.errors import LocalProtocolError
from urlinspector.schemes.ftp.url import (
    DEFAULT_ANONYMOUS_PASSWORD,
    check_argument,
    entry_url,
    guess_typecode,
    plan,
    quote_fsegment,
)


def commands(url: str) -> list[str]:
    return [c.line() for c in plan(parse(url)).commands()]


# --- RFC 1738 §3.2.2's three examples ----------------------------------------------------------


def test_spec_example_percent_2f_is_one_absolute_cwd() -> None:
    """ftp://myname@host.dom/%2Fetc/motd: "CWD /etc" and then "RETR motd"."""
    p = plan(parse("ftp://myname@host.dom/%2Fetc/motd"))
    assert p.cwd == (b"/etc",)
    assert p.name == b"motd"
    assert p.login.user == b"myname"
    assert p.login.password is None
    assert not p.login.anonymous
    assert commands("ftp://myname@host.dom/%2Fetc/motd") == [
        "USER myname",
        "PASS ****",
        "CWD /etc",
        "TYPE I",
        "RETR motd",
    ]


def test_spec_example_relative_cwd() -> None:
    """ftp://myname@host.dom/etc/motd: "CWD etc" and then "RETR motd"."""
    assert plan(parse("ftp://myname@host.dom/etc/motd")).cwd == (b"etc",)
    assert commands("ftp://myname@host.dom/etc/motd")[2:] == ["CWD etc", "TYPE I", "RETR motd"]


def test_spec_example_empty_segment_is_a_null_cwd() -> None:
    """ftp://myname@host.dom//etc/motd: "CWD " with a null argument, then "CWD etc"."""
    p = plan(parse("ftp://myname@host.dom//etc/motd"))
    assert p.cwd == (b"", b"etc")
    steps = p.commands()
    assert [(c.verb, c.argument) for c in steps[2:4]] == [("CWD", b""), ("CWD", b"etc")]
    assert steps[2].line() == "CWD "


# --- names holding reserved characters ----------------------------------------------------


@pytest.mark.parametrize(
    ("url", "cwd", "name"),
    [
        ("ftp://h/a%2Fb/c", (b"a/b",), b"c"),
        ("ftp://h/dir%3Bx/file%3Bv1", (b"dir;x",), b"file;v1"),
        ("ftp://h/100%25/50%25.txt", (b"100%",), b"50%.txt"),
        ("ftp://h/my%20dir/a%20b.txt", (b"my dir",), b"a b.txt"),
        ("ftp://h/a/b/c/d", (b"a", b"b", b"c"), b"d"),
        ("ftp://h/%2F/x", (b"/",), b"x"),
        ("ftp://h/q%3F/x%23y", (b"q?",), b"x#y"),
        ("ftp://h/caf%C3%A9/%E9", ("café".encode(),), b"\xe9"),
    ],
)
def test_each_segment_decoded_on_its_own(url: str, cwd: tuple[bytes, ...], name: bytes) -> None:
    p = plan(parse(url))
    assert (p.cwd, p.name) == (cwd, name)
    steps = p.commands()
    assert [c.argument for c in steps if c.verb == "CWD"] == list(cwd)
    assert steps[-1].verb == "RETR"
    assert steps[-1].argument == name


def test_unescaped_semicolon_stays_in_the_name() -> None:
    """';' is reserved (RFC 1738 §3.2.2); written raw and not as ';type=' the core warns, and
    the name still holds it."""
    url = parse("ftp://h/a;b")
    assert "ftp-semicolon-unescaped" in {d.code for d in url.diagnostics}
    assert plan(url).name == b"a;b"


# --- typecodes ----------------------------------------------------------------------------


def test_typecode_d_is_nlst_of_the_name() -> None:
    p = plan(parse("ftp://h/pub/sub;type=d"))
    assert p.action == "nlst"
    assert commands("ftp://h/pub/sub;type=d")[-2:] == ["CWD pub", "NLST sub"]
    assert p.directory_url == "ftp://h/pub/sub/"


def test_typecode_d_without_name_is_nlst_without_argument() -> None:
    assert commands("ftp://h/pub/;type=d")[-1] == "NLST"
    assert plan(parse("ftp://h/pub/;type=d")).directory_url == "ftp://h/pub/"


@pytest.mark.parametrize(("typecode", "type_"), [("a", "A"), ("i", "I"), ("A", "A"), ("I", "I")])
def test_typecode_a_and_i_are_type_then_retr(typecode: str, type_: str) -> None:
    p = plan(parse(f"ftp://h/x.bin;type={typecode}"))
    assert p.action == "retrieve"
    assert not p.guessed
    assert commands(f"ftp://h/x.bin;type={typecode}")[-2:] == [f"TYPE {type_}", "RETR x.bin"]


@pytest.mark.parametrize(
    ("name", "typecode"),
    [
        (b"README", "a"),
        (b"notes.TXT", "a"),
        (b"index.html", "a"),
        (b"motd", "a"),
        (b"archive.tar.gz", "i"),
        (b"photo.jpg", "i"),
        (b"program", "i"),
    ],
)
def test_no_typecode_is_guessed_from_the_name(name: bytes, typecode: str) -> None:
    """RFC 1738 §3.2.3: the name tells whether the file is shown as text; it comes as
    image (TYPE I) either way, its bytes as the server stores them."""
    assert guess_typecode(name)[0] == typecode
    p = plan(parse("ftp://h/" + quote_fsegment(name)))
    assert p.guessed
    assert p.transfer_type == "I"
    assert p.looks_like_text == (typecode == "a")
    assert any("RFC 1738 §3.2.3" in n for n in p.notes)


def test_directory_urls() -> None:
    p = plan(parse("ftp://u@h:2121/a%2Fb/c%20d/name;type=i#frag"))
    assert p.directory_url == "ftp://u@h:2121/a%2Fb/c%20d/"
    assert p.name_as_directory_url == "ftp://u@h:2121/a%2Fb/c%20d/name/"


@pytest.mark.parametrize(
    ("url", "note"),
    [("ftp://h", "no url-path"), ("ftp://h/", None), ("ftp://h/d/;type=i", "nothing to transfer")],
)
def test_no_name_lists_the_directory(url: str, note: str | None) -> None:
    p = plan(parse(url))
    assert p.action == "list"
    assert p.transfer_type is None
    assert p.commands()[-1].verb == "MLSD"
    if note is not None:
        assert any(note in n for n in p.notes)
    assert p.directory_url.endswith("/")


def test_wrapper_is_not_part_of_the_urls() -> None:
    p = plan(parse("<URL:ftp://h/a/b>"))
    assert p.url == "ftp://h/a/b"
    assert p.directory_url == "ftp://h/a/"


# --- login: RFC 1738 §3.2.1 --------------------------------------------------------------------


def test_anonymous_login_by_default() -> None:
    p = plan(parse("ftp://h/x"))
    assert p.login.anonymous
    assert p.login.user == b"anonymous"
    assert p.anonymous_password == DEFAULT_ANONYMOUS_PASSWORD
    assert plan(parse("ftp://h/x"), anonymous_password="me@example.org").anonymous_password == (
        "me@example.org"
    )


@pytest.mark.parametrize(
    ("url", "user", "password"),
    [
        ("ftp://us%40er:p%3Aw%2F@h/", b"us@er", b"p:w/"),
        ("ftp://foo:@h/", b"foo", b""),  # an empty password is not no password
        ("ftp://@h/", b"", None),  # an empty user is not no user
        ("ftp://foo@h/", b"foo", None),
    ],
)
def test_login_is_decoded(url: str, user: bytes, password: bytes | None) -> None:
    p = plan(parse(url))
    assert (p.login.user, p.login.password, p.login.anonymous) == (user, password, False)


def test_password_never_shown_in_the_plan() -> None:
    lines = commands("ftp://alice:s3cret@h/x")
    assert "PASS ****" in lines
    assert all("s3cret" not in line for line in lines)
    assert "s3cret" not in plan(parse("ftp://alice:s3cret@h/x")).authority


# --- hosts and ports ----------------------------------------------------------------------


def test_hosts_and_ports() -> None:
    p = plan(parse("ftp://[::1]:2121/x"))
    assert (p.host, p.port, p.authority) == ("::1", 2121, "[::1]:2121")
    p = plan(parse("ftp://Example.ORG/x"))
    assert (p.host, p.port, p.authority) == ("Example.ORG", 21, "Example.ORG:21")
    assert plan(parse("ftp://h:/x")).port == 21


# --- refused before anything is sent ------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "part"),
    [
        ("ftp://h/a%0D%0ADELE%20x", "name"),
        ("ftp://h/a%0Ab/x", "directory"),
        ("ftp://h/a%00b", "name"),
        ("ftp://u%0D%0A:p@h/", "user name"),
        ("ftp://u:p%0AQUIT@h/", "password"),
    ],
)
def test_cr_lf_nul_refused(url: str, part: str) -> None:
    with pytest.raises(LocalProtocolError, match=part) as caught:
        plan(parse(url))
    assert "nothing was sent" in str(caught.value)


def test_cr_lf_refused_in_anonymous_password() -> None:
    with pytest.raises(LocalProtocolError, match="anonymous password"):
        plan(parse("ftp://h/x"), anonymous_password="a\r\nDELE x")


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("http://h/x", "not an ftp URL"),
        ("ftp:/h/x", "start with '//'"),
        ("ftp:///x", "host"),
        ("ftp://h/x;type=q", "typecode"),
        ("ftp://h:99999/x", "port"),
        ("ftp://h:ab/x", "port"),
        ("ftp://h?x", "'/'"),
        ("ftp://a%20b/x", "spaces or control"),
    ],
)
def test_unusable_urls_refused(url: str, message: str) -> None:
    with pytest.raises(LocalProtocolError, match=message):
        plan(parse(url))


def test_check_argument_accepts_other_octets() -> None:
    check_argument(bytes(b for b in range(256) if b not in (0, 10, 13)), "name")


# --- escaping names into URLs -------------------------------------------------------------


def test_quote_fsegment_escapes_what_the_spec_requires() -> None:
    assert quote_fsegment(b"a b/c;d%e?f#g") == "a%20b%2Fc%3Bd%25e%3Ff%23g"
    assert quote_fsegment(b"$-_.+!*'(),:@&=") == "$-_.+!*'(),:@&="
    assert quote_fsegment("~é".encode()) == "%7E%C3%A9"
    assert entry_url("ftp://h/d/", b"x y", True) == "ftp://h/d/x%20y/"


@given(st.binary(max_size=40))
def test_quote_fsegment_round_trips(name: bytes) -> None:
    quoted = quote_fsegment(name)
    assert unquote_to_bytes(quoted) == name
    assert not set(quoted) & set("/;?# ")


@given(st.binary(min_size=1, max_size=40), st.binary(min_size=1, max_size=20))
def test_entry_urls_plan_back_to_the_name(name: bytes, directory: bytes) -> None:
    """A URL built for a listing entry means CWD into the directory, then the entry:
    whatever octets the server sent (CR, LF and NUL are then refused by plan)."""
    base = "ftp://h/" + quote_fsegment(directory) + "/"
    fields = parse(entry_url(base, name, False)).scheme_fields
    assert isinstance(fields, FtpFields)
    assert (fields.cwd, fields.name) == ((directory,), name)
    as_dir = parse(entry_url(base, name, True)).scheme_fields
    assert isinstance(as_dir, FtpFields)
    assert (as_dir.cwd, as_dir.name) == ((directory, name), b"")


def test_a_host_in_a_message_is_quoted_as_it_is() -> None:
    # one backslash stays one; the tab is shown as its escape (%09 in the URL)
    with pytest.raises(LocalProtocolError) as info:
        plan(parse("ftp://a%09\\b/"))
    assert "the host 'a%09\\b' cannot be connected to" in str(info.value)


def test_a_refused_argument_shows_other_controls_as_escapes() -> None:
    with pytest.raises(LocalProtocolError) as info:
        check_argument(b"a\r\x1bb", "name")
    assert "the name 'a%0D\\x1bb' holds CR" in str(info.value)


# --- ftps: an ftp URL over implicit TLS ---------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "port", "cwd", "name", "transfer_type"),
    [
        ("ftps://h/pub/a.txt", 990, (b"pub",), b"a.txt", "I"),
        ("FTPS://h:2990/a%2Fb/c;type=a", 2990, (b"a/b",), b"c", "A"),
        ("ftps://u:p@h/x.bin;type=i", 990, (), b"x.bin", "I"),
    ],
)
def test_ftps_is_read_with_ftp_syntax(
    url: str, port: int, cwd: tuple[bytes, ...], name: bytes, transfer_type: str
) -> None:
    p = plan(parse(url))
    assert (p.scheme, p.implicit_tls, p.port) == ("ftps", True, port)
    assert (p.cwd, p.name, p.transfer_type) == (cwd, name, transfer_type)
    assert p.directory_url.startswith(url.split("://")[0] + "://")


def test_ftp_is_not_implicit_tls() -> None:
    p = plan(parse("ftp://h/x"))
    assert (p.scheme, p.implicit_tls, p.port) == ("ftp", False, 21)


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("ftps://h/x;type=q", "typecode"),
        ("ftps:///x", "host"),
        ("http://h/x", "is not an ftp URL"),
    ],
)
def test_what_ftps_cannot_fetch(url: str, message: str) -> None:
    with pytest.raises(LocalProtocolError, match=message):
        plan(parse(url))


@pytest.mark.parametrize(
    ("url", "warned"),
    [
        ("ftps://h/", False),
        ("ftps://h:990/", False),
        ("ftps://h:25/", True),
        ("ftps://h:2121/", False),
    ],
)
def test_ftps_ports_are_judged_by_990(url: str, warned: bool) -> None:
    from urlinspector.schemes.ports import port_warning

    warning = port_warning(parse(url))
    assert (warning is not None) == warned
    if warning is not None:
        assert "ftps's 990" in warning
