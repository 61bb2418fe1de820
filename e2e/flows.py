"""Steps the browser tests share: preparing an account, signing in, checking the tab bar, cutting
the page off from the API, and reading catalog messages as the app fills them in."""

import os
import subprocess

from accessibility import by_role, fill, find_by_role, names_of, wait_for_role, wait_until

USERNAME = "alice"
PASSWORD = "correct horse battery"
TAB_KEYS = ["nav.wishes", "nav.favorites", "nav.map", "nav.search", "nav.journal", "nav.discover"]
API_URLS = "*/api/v1/*"


def say(text, **params):
    """A catalog message with its {placeholders} filled in, as the page shows it."""
    for name, value in params.items():
        text = text.replace("{" + name + "}", str(value))
    return text


def create_account(server, username=USERNAME, password=PASSWORD):
    status, body = server.api("POST", "/setup", {"username": username, "password": password})
    assert status == 201, body


def add_account(server, username, password):
    """Adds an account the way an administrator does on the server's machine: `wishlist user add`."""
    subprocess.run(
        [os.environ["WISHLIST_BIN"], "user", "add", username, "--password-stdin", "--data", str(server.data_dir)],
        input=password + "\n",
        text=True,
        check=True,
        capture_output=True,
    )


def sign_in(browser, en, username=USERNAME, password=PASSWORD):
    wait_for_role(browser, "heading", en["signIn.title"])
    fill(browser, en["auth.username"], username)
    fill(browser, en["auth.password"], password)
    find_by_role(browser, "button", en["signIn.submit"]).click()


def expect_tab_bar(browser, catalog, current="nav.wishes"):
    """The main navigation with its six links, the current one marked; returns the nav."""
    nav = wait_for_role(browser, "navigation", catalog["nav.label"])
    links = by_role(nav, "link")
    assert names_of(links) == [catalog[key] for key in TAB_KEYS]
    marked = names_of([link for link in links if link.get_attribute("aria-current") == "page"])
    assert marked == [catalog[current]]
    return nav


def open_account_menu(browser, username=USERNAME):
    button = wait_for_role(browser, "button", username)
    button.click()
    assert button.get_attribute("aria-expanded") == "true"
    return button


def signed_in(server, browser, en, path="/", username=USERNAME, password=PASSWORD):
    """A fresh account, the browser signed in at `path`; returns an API token for preparing data.

    The browser is given a session made through the API, as the sign-in form would have been
    given one: the form itself is tested in test_shell.py, and typing into it cost every test."""
    create_account(server, username, password)
    token = server.token(username, password)
    user_agent = browser.execute_script("return navigator.userAgent")
    put_session(server, browser, server.session_cookie(username, password, user_agent=user_agent))
    browser.get(server.url(path))
    wait_for_role(browser, "navigation", en["nav.label"])
    return token


def put_session(server, browser, cookie):
    """Gives the browser the session cookie `name=value`, with the attributes the server sets on it."""
    name, value = cookie.split("=", 1)
    browser.execute_cdp_cmd(
        "Network.setCookie",
        {"url": server.url("/"), "name": name, "value": value, "path": "/", "httpOnly": True, "sameSite": "Lax"},
    )


def tap(browser, element):
    """Clicks `element` once scrolled to the middle, clear of the bars fixed at the bottom (tabs, an editor's actions)."""
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def wait_until_layers_left(browser, message="a closed layer kept its history entry"):
    """Waits until the history entry of every closed layer (sheet, dialog, viewer) is gone: closing one goes
    Back over its entry, which Chromium does a moment later, so an address opened before that is undone by it."""
    wait_until(browser, lambda: browser.execute_script("return history.state?.wlOverlay") is None, message)


def create_wish(server, token, **fields):
    """Creates a wish through the API and returns it."""
    status, wish = server.api("POST", "/wishes", fields, token=token)
    assert status == 201, wish
    return wish


def category_tab(browser, en, key):
    """The category tab (search results, Discover) whose name starts with its label (a count may follow it)."""
    label = en[key]
    tabs = by_role(browser, "tab")
    named = names_of(tabs)
    found = [tab for tab, name in zip(tabs, named, strict=True) if name.startswith(label)]
    assert len(found) == 1, named
    return found[0]


def go_to_tab(browser, en, key):
    nav = wait_for_role(browser, "navigation", en["nav.label"])
    find_by_role(nav, "link", en[key]).click()
    wait_for_role(browser, "heading", en[key])


def block_api(browser):
    """Makes every API request of the page fail as if the network were down (the server keeps running).
    Past the service worker, whose own requests the page's blocking does not reach, and whose kept
    answers e2e/offline/ tests."""
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.setBypassServiceWorker", {"bypass": True})
    browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": [API_URLS]})


def unblock_api(browser):
    browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    browser.execute_cdp_cmd("Network.setBypassServiceWorker", {"bypass": False})


def allow_location(browser, server, latitude, longitude):
    """Grants the page geolocation and puts the device at (latitude, longitude)."""
    browser.execute_cdp_cmd("Browser.grantPermissions", {"origin": server.base_url, "permissions": ["geolocation"]})
    browser.execute_cdp_cmd(
        "Emulation.setGeolocationOverride", {"latitude": latitude, "longitude": longitude, "accuracy": 30}
    )


def nearest_the_middle(browser, pins):
    """The pin nearest the middle of the map."""
    view = browser.find_element("css selector", ".map-canvas").rect
    middle = (view["x"] + view["width"] / 2, view["y"] + view["height"] / 2)

    def distance(pin):
        box = pin.rect
        return (box["x"] + box["width"] / 2 - middle[0]) ** 2 + (box["y"] + box["height"] / 2 - middle[1]) ** 2

    return min(pins, key=distance)


def use_language(browser, code):
    """Opens the app again in the language `code` ("en", "ko"), as if the person had chosen it before."""
    browser.execute_script("localStorage.setItem('wishlist.language', arguments[0]); location.reload()", code)
    wait_until(
        browser, lambda: browser.execute_script("return document.documentElement.lang") == code, f"not in {code}"
    )
