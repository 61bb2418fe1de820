"""The worker's one Chromium is made as new between tests (reusable_browser.py): what one test
left behind (a session, stored data, a blocked network, an emulated screen) is gone for the next."""

import os
import signal

import pytest
import urllib3
from selenium.common.exceptions import WebDriverException

from conftest import made_like_new
from flows import PASSWORD, USERNAME, block_api, put_session, signed_in
from processes import alive, descendants
from reusable_browser import ANIMATION_SPEED, ReusableBrowser
from waiting import wait_until


def test_reset_forgets_what_a_test_left_behind(server, browser, catalogs):
    en = catalogs["en"]
    signed_in(server, browser, en)
    browser.execute_script("localStorage.setItem('left-behind', 'yes')")
    browser.execute_cdp_cmd(
        "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]}
    )
    browser.set_viewport(1280, 800)
    block_api(browser)
    browser.execute_cdp_cmd("Animation.setPlaybackRate", {"playbackRate": 1})

    browser.reset({server.base_url})

    assert browser.current_url == "about:blank"
    assert browser.get_cookies() == []
    browser.get(server.url("/"))  # the app's page, whose viewport is the device's width
    assert browser.execute_script("return localStorage.getItem('left-behind')") is None
    assert browser.execute_script("return [innerWidth, innerHeight]") == [390, 844]
    assert not browser.execute_script("return matchMedia('(prefers-color-scheme: dark)').matches")
    assert browser.execute_cdp_cmd("Animation.getPlaybackRate", {})["playbackRate"] == ANIMATION_SPEED
    # The API answers again: a session given now is honoured by a request the page makes.
    put_session(server, browser, server.session_cookie(USERNAME, PASSWORD))
    status = browser.execute_async_script(
        "const done = arguments[0]; fetch('/api/v1/me').then((r) => done(r.status), () => done(0));"
    )
    assert status == 200


class StuckBrowser:
    """A browser whose reset fails as `failure` says, and that notes that it was discarded."""

    def __init__(self, failure):
        self.failure = failure
        self.discarded = False

    def reset(self, origins):
        raise self.failure

    def discard(self):
        self.discarded = True


@pytest.mark.no_server
def test_a_browser_that_cannot_be_reset_or_stopped_answering_is_replaced():
    new = object()
    for failure in (
        WebDriverException("chrome not reachable"),
        urllib3.exceptions.ReadTimeoutError(None, "/session/x/window/handles", "Read timed out. (read timeout=120)"),
    ):
        stuck = StuckBrowser(failure)
        assert made_like_new(stuck, set(), start=lambda: new) is new
        assert stuck.discarded, failure
    assert made_like_new(None, set(), start=lambda: new) is new


@pytest.mark.no_server
def test_a_discarded_browser_leaves_no_process_even_when_its_driver_hangs():
    browser = ReusableBrowser()
    driver = browser.service.process.pid
    processes = [driver, *descendants(driver)]
    assert len(processes) > 2, "the driver, Chromium and its helpers"
    os.kill(driver, signal.SIGSTOP)  # a driver that answers nothing
    browser.discard()
    wait_until("every process of the browser has ended", lambda: not any(map(alive, processes)), timeout=10)
