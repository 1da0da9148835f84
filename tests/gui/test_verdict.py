"""The verdict line under the address: where browsers go, always visible, in the
warning colour when that is not where the edition's reading leads or when a security
warning is about where the URL goes or what a reader sees (the finding named); the
window title names what browsers contact."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint

from urlinspector.gui.main_window import MainWindow
from urlinspector.gui.widgets.address_bar import description_html


def show(window: MainWindow, text: str) -> None:
    window.inspect(text)
    window.flush()


def warns(window: MainWindow) -> bool:
    return "color:" in window.address_area.verdict.styleSheet()


@pytest.mark.parametrize(
    ("text", "contacted", "edition_host"),
    [
        ("https://evil.com\\@good.com/", "evil.com:443", "good.com"),  # '\' is '/'
        ("http://exa\tmple.com/", "example.com:80", "exa\tmple.com"),  # tab removed
        ("http://ex%61mple.com/", "example.com:80", "ex%61mple.com"),  # host decoded
        ("http://0x7f.1/", "127.0.0.1:80", "0x7f.1"),  # IPv4 number forms
    ],
)
def test_the_verdict_says_where_browsers_go_and_warns(
    window: MainWindow, text: str, contacted: str, edition_host: str
) -> None:
    show(window, text)
    line = window.address_area.verdict.text()
    assert line.startswith("⚠ Browsers contact: " + contacted), line
    assert "not " in line
    assert warns(window)
    assert window.address_area.verdict.isVisible()
    assert window.windowTitle() == contacted.rsplit(":", 1)[0]
    codes = {item.code for item in window.inspector.diagnostics.diagnostics_model.items}
    assert "browser-host" in codes


def test_a_plain_url_gets_a_plain_verdict(window: MainWindow) -> None:
    show(window, "https://www.example.co.uk/a")
    assert window.address_area.verdict.text() == (
        "Browsers contact: www.example.co.uk:443 (registrable domain example.co.uk)"
    )
    assert not warns(window)
    assert window.windowTitle() == "www.example.co.uk"


def test_a_whole_script_look_alike_is_shown_as_browsers_show_it(window: MainWindow) -> None:
    show(window, "http://аррӏе.com/login")  # all Cyrillic
    line = window.address_area.verdict.text()
    assert "xn--" in line
    assert "punycode" in line
    assert warns(window)
    assert window.windowTitle().startswith("xn--")
    assert window.windowTitle() != "аррӏе.com"
    codes = {item.code for item in window.inspector.diagnostics.diagnostics_model.items}
    assert "whole-script-confusable" in codes


def test_the_verdict_never_shows_the_password(window: MainWindow) -> None:
    show(window, "ftp://user:hunter2@h.example/")
    assert "hunter2" not in window.address_area.verdict.text()
    assert "hunter2" not in window.address_area.verdict.toolTip()


def test_an_empty_address_has_no_verdict(window: MainWindow) -> None:
    show(window, "https://a.example/")
    show(window, "")
    assert window.address_area.verdict.text() == ""


def test_tooltip_of_a_non_ascii_host_character_names_it(window: MainWindow) -> None:
    show(window, "http://pаypal.com/")  # a Cyrillic "а"
    d = window.address_area.address.describe(8)
    assert d is not None
    tip = description_html(d)
    assert "U+0430 CYRILLIC SMALL LETTER A" in tip
    assert "Cyrillic" in tip
    ascii_d = window.address_area.address.describe(7)
    assert ascii_d is not None
    assert "U+0070" not in description_html(ascii_d)


@pytest.mark.parametrize(
    ("text", "under"),
    [
        ("https://accounts.google.com.signin.session.verify.attackerdomain.example/", "google.com"),
        ("http://www-paypal-com.evil.example/", "paypal-com"),
    ],
)
def test_an_embedded_brand_is_among_the_diagnostics(
    window: MainWindow, text: str, under: str
) -> None:
    show(window, text)
    items = [
        i
        for i in window.inspector.diagnostics.diagnostics_model.items
        if i.code == "embedded-brand"
    ]
    assert len(items) == 1
    assert "this page is not" in items[0].message
    start, end = items[0].span
    assert text[start:end] == under


def test_a_genuine_subdomain_has_no_embedded_brand(window: MainWindow) -> None:
    show(window, "https://mail.google.com/mail/")
    codes = {item.code for item in window.inspector.diagnostics.diagnostics_model.items}
    assert "embedded-brand" not in codes


@pytest.mark.parametrize(
    ("base", "reference", "line"),
    [
        (
            "http://a/b/c/d;p?q",
            "g;x?y#s",
            "Browsers contact: a:80, resolving g;x?y#s against the base (no registrable domain)",
        ),
        (
            "https://www.example.co.uk/a/b",
            "../c",
            "Browsers contact: www.example.co.uk:443, resolving ../c against the base "
            "(registrable domain example.co.uk)",
        ),
        # an absolute URL is read on its own, whatever the base
        ("http://a/b", "https://example.org/", "Browsers contact: example.org:443 (registrable"),
    ],
)
def test_the_verdict_resolves_a_reference_against_the_base(
    window: MainWindow, base: str, reference: str, line: str
) -> None:
    window.address_area.base.setText(base)
    show(window, reference)
    assert window.address_area.verdict.text().startswith(line), window.address_area.verdict.text()
    assert "give the base" not in window.address_area.verdict.text()
    assert window.address_area.target.text()  # the target is resolved, and the line agrees


def test_the_verdict_asks_for_a_base_only_without_one(window: MainWindow) -> None:
    show(window, "g;x?y#s")
    assert "give the base" in window.address_area.verdict.text()
    window.address_area.base.setText("http://a/b/c/d;p?q")
    window.flush()
    assert window.address_area.verdict.text().startswith(
        "Browsers contact: a:80, resolving g;x?y#s"
    )


def test_a_long_url_inspected_shows_its_host(window: MainWindow) -> None:
    """A URL longer than the bar is shown from its start, where the host is."""
    text = "https://accounts.example.com/?" + "&".join(f"k{i}=v{i}" for i in range(80))
    window.inspect(text)
    window.flush()
    bar = window.address_area.address
    middle = QPoint(0, bar.viewport().height() // 2)
    assert bar.cursorForPosition(middle).position() == 0
    right = QPoint(bar.viewport().width() - 1, bar.viewport().height() // 2)
    assert bar.cursorForPosition(right).position() > len("https://accounts.example.com/")


@pytest.mark.parametrize(
    ("text", "clause"),
    [
        # browsers and the edition agree on 198.51.100.7; a reader sees paypal.com
        ("https://paypal.com@198.51.100.7/", "what looks like a host before the @ is a user name"),
        # the path reads as /abcexe.txt
        (
            "https://example.com/abc\u202etxt.exe",
            "U+202E RIGHT-TO-LEFT OVERRIDE in the path reorders what follows it",
        ),
        ("https://www.paypal.com.evil.example/login", "the host starts with a well-known name"),
        ("http://example.com:25/", "the port is another service's"),
    ],
)
def test_a_security_warning_makes_the_verdict_alarm_and_names_it(
    window: MainWindow, text: str, clause: str
) -> None:
    show(window, text)
    verdict = window.address_area.verdict
    line = verdict.text()
    assert line.startswith("⚠ Browsers contact: "), line
    assert f" — {clause}" in line, line
    warning = window.formats.colour("warning").name()
    assert f"color: {warning}" in verdict.styleSheet()
    assert window.inspection().verdict_line.warns


@pytest.mark.parametrize(
    "text",
    ["ftp://anne:hunter2@ftp.example/", "http://example.com/a%0d%0aSet-Cookie:x"],
)
def test_what_is_sent_leaves_the_verdict_plain(window: MainWindow, text: str) -> None:
    """A password in clear text and an escaped CR LF are warnings on what is sent, not
    on where the URL goes or what a reader sees."""
    show(window, text)
    assert not window.address_area.verdict.text().startswith("⚠")
    assert not warns(window)


def test_the_verdict_goes_plain_again(window: MainWindow) -> None:
    show(window, "https://paypal.com@198.51.100.7/")
    assert warns(window)
    show(window, "https://paypal.com/")
    assert not warns(window)
