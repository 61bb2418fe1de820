"""Devices in settings (issue 15): every browser signed in to the account and every API token, with
the browser or client it came from; signing another browser out and revoking a token work at once
on the server, a failure is said and can be tried again, and the list follows the language. Controls are found by role and accessible name,
words from the catalogs."""

import pytest

from accessibility import by_role, find_by_role, wait_for_role, wait_until
from flows import PASSWORD, USERNAME, block_api, open_account_menu, say, signed_in, tap, unblock_api, use_language

PHONE_SAFARI = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
    "Version/17.4 Mobile/15E148 Safari/604.1"
)


def device_rows(browser, en, title_key):
    return by_role(wait_for_role(browser, "list", en[title_key]), "listitem")


def test_devices_lists_browsers_and_tokens_and_ends_them(open_server, browser, catalogs, screenshot):
    en, ko = catalogs["en"], catalogs["ko"]
    token = signed_in(open_server, browser, en)
    phone = open_server.session_cookie(USERNAME, PASSWORD, user_agent=PHONE_SAFARI)
    phone_name = say(en["settings.devices.browserOn"], browser="Safari", system="iPhone")

    open_account_menu(browser)
    wait_for_role(browser, "link", en["account.settings"]).click()
    wait_for_role(browser, "heading", en["settings.devices.title"])
    end_phone = wait_for_role(browser, "button", say(en["settings.devices.endNamed"], device=phone_name))
    rows = device_rows(browser, en, "settings.devices.sessions")
    # This browser, the phone, and the test's own: setting the account up and signing in to make its token.
    assert len(rows) == 4
    [this] = [row for row in rows if en["settings.devices.current"] in row.text]
    assert say(en["settings.devices.browserOn"], browser="Chrome", system="Linux") in this.text
    assert not by_role(this, "button"), "this browser is signed out from the account menu, not here"
    [made] = device_rows(browser, en, "settings.devices.tokens")
    assert made.text.startswith("e2e")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", end_phone)
    screenshot("settings-devices")

    # Signing the phone out ends its session on the server.
    tap(browser, end_phone)
    wait_until(
        browser, lambda: len(device_rows(browser, en, "settings.devices.sessions")) == 3, "the phone is still listed"
    )
    assert open_server.api("GET", "/me", cookie=phone)[0] == 401
    assert open_server.api("GET", "/me", token=token)[0] == 200

    # Revoking the token ends it too.
    tap(browser, find_by_role(browser, "button", say(en["settings.devices.revokeNamed"], name="e2e")))
    wait_until(
        browser,
        lambda: (
            [row.text for row in device_rows(browser, en, "settings.devices.tokens")]
            == [en["settings.devices.noTokens"]]
        ),
        "the token is still listed",
    )
    assert open_server.api("GET", "/me", token=token)[0] == 401
    announce = browser.find_element("css selector", '[data-role="devices-announce"]')
    assert announce.get_attribute("textContent") == say(en["settings.devices.revoked"], name="e2e")

    # The list follows the language.
    open_account_menu(browser)
    wait_for_role(browser, "radio", en["language.ko"]).click()
    menu = wait_for_role(browser, "button", USERNAME)
    menu.click()
    assert menu.get_attribute("aria-expanded") == "false"
    wait_for_role(browser, "heading", ko["settings.devices.title"])
    rows = device_rows(browser, ko, "settings.devices.sessions")
    assert any(ko["settings.devices.current"] in row.text for row in rows)
    assert any(say(ko["settings.devices.browserOn"], browser="Chrome", system="Linux") in row.text for row in rows)
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", rows[0])
    screenshot("settings-devices-korean")


def test_a_browser_that_could_not_be_signed_out_says_why_and_can_be_tried_again(open_server, browser, catalogs):
    en = catalogs["en"]
    signed_in(open_server, browser, en)
    phone = open_server.session_cookie(USERNAME, PASSWORD, user_agent=PHONE_SAFARI)
    phone_name = say(en["settings.devices.browserOn"], browser="Safari", system="iPhone")
    open_account_menu(browser)
    wait_for_role(browser, "link", en["account.settings"]).click()
    end_phone = wait_for_role(browser, "button", say(en["settings.devices.endNamed"], device=phone_name))
    sessions = len(device_rows(browser, en, "settings.devices.sessions"))

    block_api(browser)
    tap(browser, end_phone)
    wait_until(
        browser,
        lambda: [alert.text for alert in by_role(browser, "alert")] == [en["error.network"]],
        "no alert that the server is out of reach",
    )
    assert end_phone.get_attribute("aria-busy") is None, "the button stays busy after the failure"
    assert len(device_rows(browser, en, "settings.devices.sessions")) == sessions
    assert open_server.api("GET", "/me", cookie=phone)[0] == 200

    unblock_api(browser)
    tap(browser, end_phone)
    wait_until(
        browser,
        lambda: len(device_rows(browser, en, "settings.devices.sessions")) == sessions - 1,
        "the phone is still listed",
    )
    assert not by_role(browser, "alert"), "the failure is still said after the phone was signed out"
    assert open_server.api("GET", "/me", cookie=phone)[0] == 401


@pytest.mark.parametrize("language", ["en", "ko"])
def test_browsers_of_one_kind_are_told_apart_and_this_one_comes_first(server, browser, catalogs, language, screenshot):
    catalog = catalogs[language]
    signed_in(server, browser, catalogs["en"])
    user_agent = browser.execute_script("return navigator.userAgent")
    for _ in range(2):
        server.session_cookie(USERNAME, PASSWORD, user_agent=user_agent)
    use_language(browser, language)
    browser.get(server.url("/#/settings"))
    wait_for_role(browser, "heading", catalog["settings.devices.title"])
    chrome = say(catalog["settings.devices.browserOn"], browser="Chrome", system="Linux")
    numbered = [say(catalog["settings.devices.numbered"], device=chrome, number=number) for number in (1, 2, 3)]
    rows = wait_until(
        browser,
        lambda: [row for row in device_rows(browser, catalog, "settings.devices.sessions") if chrome in row.text],
        "the browsers are not listed",
    )
    assert len(rows) == 3
    # This browser signed in first of the three, and is listed first, marked and without a Sign out.
    assert rows[0].text.split("\n")[0] == numbered[0]
    assert catalog["settings.devices.current"] in rows[0].text
    assert not by_role(rows[0], "button")
    assert sorted(row.text.split("\n")[0] for row in rows[1:]) == numbered[1:]
    for name in numbered[1:]:
        find_by_role(browser, "button", say(catalog["settings.devices.endNamed"], device=name))
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", rows[0])
    screenshot(f"settings-devices-alike-{language}")
