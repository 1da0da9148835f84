"""Messages of net.ftp that are written before anything is sent: values quoted as they
are, with what does not print shown as an escape."""

from __future__ import annotations

import pytest

from urlinspector.core import parse
from urlinspector.net.errors import ConnectFailed
from urlinspector.net.ftp import fetch


def test_a_host_that_idna_refuses_is_quoted_as_it_is() -> None:
    # U+200E LEFT-TO-RIGHT MARK is a format character: never written raw
    with pytest.raises(ConnectFailed) as caught:
        fetch(parse("ftp://\u00e9\u200e.example/"))
    message = str(caught.value)
    assert message.startswith("the host name '\u00e9\\u200e.example' is not a valid domain name")
    assert "\u200e" not in message
