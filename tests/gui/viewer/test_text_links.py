"""A page's URLs are links; a defanged one (hxxps://evil[.]com) was written so that
nobody follows it by a click, and stays plain text."""

from __future__ import annotations

from typing import Any

from urlinspector.gui.viewer.text_view import TextView


def test_defanged_urls_in_a_page_are_not_links(qtbot: Any) -> None:
    view = TextView()
    qtbot.addWidget(view)
    view.set_text("Blocked: hxxps://evil[.]com/x\nSee https://example.com/report for more.\n")
    assert [f.url for f in view.links] == ["https://example.com/report"]
