"""A screen's code is loaded when the screen first opens (shell/app-shell.js): the app starts with
the wish list's modules only, and a screen whose module cannot be fetched says so, with a way to
try again, instead of staying blank."""

from accessibility import wait_for_role
from flows import go_to_tab, signed_in, tap


def test_a_screen_loads_its_code_when_first_opened(server, browser, catalogs):
    en = catalogs["en"]
    signed_in(server, browser, en)
    assert not loaded(browser, "journal/journal-view.js")
    go_to_tab(browser, en, "nav.journal")
    wait_for_role(browser, "heading", en["journal.empty.title"])
    assert loaded(browser, "journal/journal-view.js")


def test_a_screen_whose_code_cannot_be_fetched_says_so_and_opens_on_a_retry(server, browser, catalogs, screenshot):
    en = catalogs["en"]
    signed_in(server, browser, en)
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/journal/journal-view.js"]})
    go_to_tab(browser, en, "nav.journal")
    wait_for_role(browser, "heading", en["error.network.title"])
    wait_for_role(browser, "heading", en["nav.journal"])
    screenshot("screen-module-failed")
    browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    tap(browser, wait_for_role(browser, "button", en["error.retry"]))
    wait_for_role(browser, "heading", en["journal.empty.title"])


def loaded(browser, module):
    """Whether the page has fetched the module at `module` (a path under js/)."""
    return browser.execute_script(
        "return performance.getEntriesByType('resource').some((entry) => entry.name.endsWith(arguments[0]))",
        "/js/" + module,
    )
