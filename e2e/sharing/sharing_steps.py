"""Steps the sharing tests share: making a share through the API, opening its link as a friend (a
browser with no account, and with or without the reservations this browser made), and reading a
card of the friend's page."""

from accessibility import find_by_role, wait_for_role, wait_until


def make_share(server, token, **fields):
    """A share made through the API (every wish unless `tag` is given); returns it."""
    status, share = server.api("POST", "/shares", {"title": "Birthday", **fields}, token=token)
    assert status == 201, share
    return share


def path_of(share):
    """The friend's page's path of `share` on the test server (its `url` holds the public address)."""
    return "/s/" + share["url"].rsplit("/s/", 1)[1]


def as_friend(browser, server, *, forget_reservations=False):
    """Makes the browser a friend's: no account (no cookies); with `forget_reservations`, also a
    browser that never reserved anything here (another friend's phone)."""
    browser.execute_cdp_cmd("Network.clearBrowserCookies", {})
    if forget_reservations:
        browser.execute_cdp_cmd(
            "Storage.clearDataForOrigin", {"origin": server.base_url, "storageTypes": "local_storage"}
        )


def open_list(browser, server, share, title="Birthday"):
    """Opens the friend's page of `share` and waits for its heading."""
    browser.get(server.url(path_of(share)))
    return wait_for_role(browser, "heading", title)


def card_text(browser, name):
    """The visible text of the card of the wish named `name` on the friend's page."""
    button = wait_for_role(browser, "button", name)
    return browser.execute_script("return arguments[0].closest('li').innerText", button)


def open_wish(browser, name):
    """Opens the wish named `name` on the friend's page (its cards come after its heading); returns its dialog."""
    wait_for_role(browser, "button", name).click()
    return wait_for_role(browser, "dialog", name)


def reserve(browser, en, name=None, *, show_name=False, note=None):
    """In an open wish's dialog: "I'll get this", the optional fields, then "Reserve it"."""
    find_by_role(browser, "button", en["sharedList.reserve"]).click()
    if name:
        wait_for_role(browser, "textbox", en["sharedList.yourName"]).send_keys(name)
    if note:
        find_by_role(browser, "textbox", en["sharedList.note"]).send_keys(note)
    if show_name:
        find_by_role(browser, "checkbox", en["sharedList.showName"]).click()
    find_by_role(browser, "button", en["sharedList.confirmReserve"]).click()


def close_wish(browser, en):
    find_by_role(browser, "button", en["sharedList.close"]).click()
    # Closing also goes back in the page's history (opening pushed an entry), after the dialog
    # closes: until it has, a page opened next could meet that step back and be loaded twice.
    wait_until(
        browser,
        lambda: browser.execute_script("return !document.querySelector('dialog[open]') && !history.state?.sharedWish"),
        "still open",
    )


def page_text(browser):
    return browser.execute_script("return document.body.innerText")
