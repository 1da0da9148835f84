"""The viewer is composed, not forwarded: callers go through its typed parts (the tool
bar, the page stack, the renderer, the navigator, the download list), a scheme handler
is made with the few parts it uses and works without a pane, and whether URLs show
their passwords is each pane's own state."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QLabel, QWidget

from tests.gui.helpers import stop_runner, stop_viewer
from urlinspector.core import parse
from urlinspector.gui.main_window import MainWindow
from urlinspector.gui.palette import Formats
from urlinspector.gui.settings import Settings
from urlinspector.gui.viewer.common import PasswordDisplay
from urlinspector.gui.viewer.downloads import Downloads
from urlinspector.gui.viewer.ftp_view import TranscriptPanel
from urlinspector.gui.viewer.handlers.base import Fetch, Navigation, Shown
from urlinspector.gui.viewer.handlers.file import FileContext, FileHandler
from urlinspector.gui.viewer.handlers.other import OtherHandler
from urlinspector.gui.viewer.history import History
from urlinspector.gui.viewer.install import install_viewer
from urlinspector.gui.viewer.net_options import NetOptions
from urlinspector.gui.viewer.other_schemes import SchemePage
from urlinspector.gui.viewer.pages import PageStack
from urlinspector.gui.viewer.pane import ViewerPane
from urlinspector.gui.viewer.places import Places
from urlinspector.gui.viewer.showing import PageRenderer
from urlinspector.gui.viewer.tasks import (
    FilePage,
    file_save_task,
    file_task,
    ftp_resume_task,
    ftp_task,
    gopher_task,
    news_task,
)
from urlinspector.gui.viewer.workers import VIEW_SESSION, Job, JobContext, JobRunner, JobSignals
from urlinspector.net.errors import TooLarge
from urlinspector.net.limits import CancelToken, Limits
from urlinspector.net.session import Session

pytestmark = pytest.mark.gui

FORMERLY_COPIED = (
    # the pages
    "start_page",
    "gopher_page",
    "text_page",
    "image_page",
    "listing_page",
    "groups_page",
    "overview_page",
    "article_page",
    "scheme_page",
    "message_page",
    "current_page",
    # the tool bar's
    "back_action",
    "forward_action",
    "reload_action",
    "stop_action",
    "up_action",
    "save_action",
    "find_action",
    "find_next_action",
    "find_previous_action",
    "back_menu",
    "forward_menu",
    "info",
    "progress",
    "progress_action",
    "downloads_action",
    # the fetch settings and the parts' dialogs
    "limits",
    "news_server",
    "ftp_auth_tls",
    "clear_text_logins",
    "accepted_certificates",
    "save_dialog",
    "port_warning",
    "search_dialog",
    "password_dialog",
    "ask_dialog",
    "job",
    # the renderer's methods, once forwarded one by one
    "commit",
    "name_link",
    "show_failure",
    "show_text",
    "show_image",
    "show_listing",
    "offer_saved",
    "set_info",
    "info_text",
    "status",
    "restore_state",
)
"""What the pane once copied from its parts or forwarded to them."""


def test_the_pane_copies_none_of_its_parts_attributes(pane: ViewerPane) -> None:
    copied = [name for name in FORMERLY_COPIED if hasattr(pane, name)]
    assert copied == []
    # each is reached through the part it belongs to
    assert pane.pages.text_page.objectName() == "textView"
    assert pane.toolbar.back_action.shortcut().toString() == "Alt+Left"
    assert pane.toolbar.info.objectName() == "viewerInfo"
    assert pane.net.news_server is None
    assert pane.navigator.port_warning is None
    assert pane.downloads.dialog is None
    assert pane.renderer.url is None


def test_the_handler_of_other_schemes_needs_only_its_page(qtbot: Any) -> None:
    page = SchemePage()
    qtbot.addWidget(page)
    step = OtherHandler(page).plan(parse("telnet://bbs.example.org/"))
    assert isinstance(step, Shown)
    assert step.page is page
    assert "telnet" in page.url


@pytest.fixture
def renderer(qtbot: Any) -> Any:
    """A page renderer over its own pages and history, with no pane around it."""
    owner = QWidget()
    qtbot.addWidget(owner)
    passwords = PasswordDisplay()
    pages = PageStack(Formats("light"), passwords)
    history = History()
    runner = JobRunner(owner)
    made = PageRenderer(
        pages,
        history,
        Places(history, {}),
        Downloads(owner, runner, passwords=passwords),
        TranscriptPanel(Formats("light")),
        QLabel(),
        lambda _url: "",
        passwords,
        owner,
    )
    yield made
    stop_runner(runner)


def test_a_handler_fetches_and_shows_with_the_parts_it_is_given(
    renderer: PageRenderer, tmp_path: Path
) -> None:
    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / "a.txt").write_text("a\n")
    pages = renderer.pages
    handler = FileHandler(
        FileContext(renderer, pages.listing_page, pages.message_page, NetOptions())
    )
    url = parse(folder.as_uri() + "/")
    step = handler.plan(url)
    assert isinstance(step, Fetch)
    result = step.task(JobContext(JobSignals(), CancelToken()))
    handler.show(Navigation(url, None, Job(step.task), handler), result)
    assert pages.currentWidget() is pages.listing_page
    assert [row.name for row in pages.listing_page.model.rows] == ["a.txt"]
    assert renderer.history.current is not None
    assert renderer.history.current.url is url


def test_each_viewer_shows_passwords_as_its_window_says(
    qtbot: Any, settings: Settings, window: MainWindow
) -> None:
    other = MainWindow(Settings(settings.store))
    qtbot.addWidget(other)
    first, second = install_viewer(window), install_viewer(other)
    try:
        said: dict[ViewerPane, list[str]] = {first: [], second: []}
        for pane, lines in said.items():
            pane.statusMessage.connect(lines.append)
        window.show_passwords_action.setChecked(True)
        url = "ftp://joe:hunter2@h.example/"
        for pane in (first, second):
            pane.pages.text_page.linkHovered.emit(url)
        assert said[first] == [url]
        assert "hunter2" not in said[second][0]
        assert first.passwords.shown
        assert not second.passwords.shown
    finally:
        stop_viewer(first)
        stop_viewer(second)


def test_a_handler_fetches_with_the_viewers_one_session(
    renderer: PageRenderer, tmp_path: Path
) -> None:
    """The viewer's session (its fetch settings) reaches the network layer through the
    handler and its task: here its memory cap refuses a file one octet too big."""
    (tmp_path / "a.txt").write_bytes(b"x" * 9)
    pages = renderer.pages
    net = NetOptions(session=Session(limits=Limits(max_memory=8)))
    handler = FileHandler(FileContext(renderer, pages.listing_page, pages.message_page, net))
    step = handler.plan(parse((tmp_path / "a.txt").as_uri()))
    assert isinstance(step, Fetch)
    with pytest.raises(TooLarge):
        step.task(JobContext(JobSignals(), CancelToken()))
    net.session = VIEW_SESSION
    step = handler.plan(parse((tmp_path / "a.txt").as_uri()))
    assert isinstance(step, Fetch)
    assert isinstance(step.task(JobContext(JobSignals(), CancelToken())), FilePage)


BUNDLE = {"limits", "tls", "auth_tls", "charset", "fallback_charset", "cancel", "progress"}
"""What a task once took one keyword each of, and now finds in its session."""


@pytest.mark.parametrize(
    "task", [gopher_task, ftp_task, ftp_resume_task, news_task, file_task, file_save_task]
)
def test_each_task_takes_the_session_not_its_fields(task: Callable[..., Any]) -> None:
    parameters = inspect.signature(task).parameters
    assert parameters["session"].annotation in (Session, "Session")
    assert BUNDLE.isdisjoint(parameters)
