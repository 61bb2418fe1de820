"""The app shell in a real browser (X1, X2, K7): first-run setup, the tab
bar, signing out and in, a wrong password, the language switch, and the screens still to come."""

import pytest
from selenium.webdriver.common.by import By

from accessibility import by_role, fill, find_by_role, wait_for_role, wait_until, wait_until_gone
from flows import (
    PASSWORD,
    TAB_KEYS,
    USERNAME,
    block_api,
    create_account,
    expect_tab_bar,
    open_account_menu,
    sign_in,
    unblock_api,
)


@pytest.mark.cluster_journey
def test_first_run_setup_sign_out_and_back_in(server, browser, catalogs, screenshot):
    en = catalogs["en"]
    browser.get(server.url())

    wait_for_role(browser, "heading", en["setup.title"])
    screenshot("setup")
    fill(browser, en["auth.username"], USERNAME)
    fill(browser, en["auth.password"], PASSWORD)
    fill(browser, en["auth.confirmPassword"], PASSWORD)
    find_by_role(browser, "button", en["setup.submit"]).click()

    nav = expect_tab_bar(browser, en)
    assert browser.current_url.endswith("#/wishes")
    wait_for_role(browser, "heading", en["nav.wishes"])
    screenshot("wishes")

    find_by_role(nav, "link", en["nav.map"]).click()
    wait_for_role(browser, "heading", en["nav.map"])
    expect_tab_bar(browser, en, current="nav.map")
    assert browser.current_url.endswith("#/map")

    # The session cookie survives a reload: still signed in, still on the same tab.
    browser.refresh()
    expect_tab_bar(browser, en, current="nav.map")

    open_account_menu(browser)
    screenshot("account-menu")
    wait_for_role(browser, "button", en["account.signOut"]).click()

    wait_for_role(browser, "heading", en["signIn.title"])
    assert not by_role(browser, "navigation", en["nav.label"])
    screenshot("sign-in")

    sign_in(browser, en)
    expect_tab_bar(browser, en, current="nav.map")


def test_wrong_password_shows_an_error_alert(server, browser, catalogs, screenshot):
    en = catalogs["en"]
    create_account(server)
    browser.get(server.url())

    sign_in(browser, en, password="not the password")

    alert = wait_for_role(browser, "alert")
    assert alert.text == en["error.invalid_credentials"]
    screenshot("sign-in-error")
    assert not by_role(browser, "navigation", en["nav.label"])

    # The form stays usable: the right password gets in and the alert goes away.
    fill(browser, en["auth.password"], PASSWORD)
    find_by_role(browser, "button", en["signIn.submit"]).click()
    expect_tab_bar(browser, en)
    assert not by_role(browser, "alert")


def test_setup_checks_the_form_before_sending(server, browser, catalogs):
    en = catalogs["en"]
    browser.get(server.url())
    wait_for_role(browser, "heading", en["setup.title"])

    fill(browser, en["auth.username"], "Al")
    fill(browser, en["auth.password"], "short")
    fill(browser, en["auth.confirmPassword"], "different")
    find_by_role(browser, "button", en["setup.submit"]).click()

    wait_until(browser, lambda: len(by_role(browser, "alert")) == 3, "not one alert per field", timeout=5)
    assert sorted(alert.text for alert in by_role(browser, "alert")) == sorted(
        [en["validation.username.format"], en["validation.password.short"], en["validation.confirm.mismatch"]]
    )
    username = find_by_role(browser, "textbox", en["auth.username"])
    assert username.get_attribute("aria-invalid") == "true"
    assert browser.switch_to.active_element == username
    # Nothing was sent: the server still has no account.
    assert server.api("GET", "/setup") == (200, {"setupRequired": True})


def test_show_password_reveals_both_password_fields(server, browser, catalogs, screenshot):
    en = catalogs["en"]
    browser.get(server.url())
    wait_for_role(browser, "heading", en["setup.title"])
    fill(browser, en["auth.password"], PASSWORD)
    fill(browser, en["auth.confirmPassword"], "typo")

    password = find_by_role(browser, "textbox", en["auth.password"])
    confirm = find_by_role(browser, "textbox", en["auth.confirmPassword"])
    assert [password.get_attribute("type"), confirm.get_attribute("type")] == ["password", "password"]

    show = find_by_role(browser, "checkbox", en["auth.showPassword"])
    show.click()
    assert [password.get_attribute("type"), confirm.get_attribute("type")] == ["text", "text"]
    assert [password.get_attribute("value"), confirm.get_attribute("value")] == [PASSWORD, "typo"]
    screenshot("setup-password-shown")

    show.click()
    assert [password.get_attribute("type"), confirm.get_attribute("type")] == ["password", "password"]


def test_switching_to_korean_renames_the_tabs(server, browser, catalogs, screenshot):
    en, ko = catalogs["en"], catalogs["ko"]
    create_account(server)
    browser.get(server.url())
    sign_in(browser, en)
    expect_tab_bar(browser, en)

    open_account_menu(browser)
    wait_for_role(browser, "radio", en["language.ko"]).click()

    expect_tab_bar(browser, ko)
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ko"
    assert [ko[key] for key in TAB_KEYS] != [en[key] for key in TAB_KEYS]
    wait_for_role(browser, "heading", ko["nav.wishes"])
    screenshot("wishes-korean")

    # The choice is remembered across a reload, and switching back works.
    browser.refresh()
    expect_tab_bar(browser, ko)
    open_account_menu(browser)
    wait_for_role(browser, "radio", ko["language.en"]).click()
    expect_tab_bar(browser, en)
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en"


def test_unreachable_server_says_so_and_retries(server, browser, catalogs, screenshot):
    en = catalogs["en"]
    block_api(browser)
    browser.get(server.url())

    wait_for_role(browser, "heading", en["error.network.title"])
    screenshot("network-error")
    retry = find_by_role(browser, "button", en["error.retry"])

    unblock_api(browser)
    retry.click()
    wait_for_role(browser, "heading", en["setup.title"])
    wait_until_gone(browser, "heading", en["error.network.title"])


def test_an_unknown_address_offers_the_way_home(server, browser, catalogs):
    en = catalogs["en"]
    create_account(server)
    browser.get(server.url("/#/no/such/page"))
    sign_in(browser, en)

    wait_for_role(browser, "heading", en["notFound.title"])
    nav = wait_for_role(browser, "navigation", en["nav.label"])
    assert not [link for link in by_role(nav, "link") if link.get_attribute("aria-current")]
    wait_for_role(browser, "link", en["notFound.action"]).click()
    expect_tab_bar(browser, en)


@pytest.mark.parametrize("path", ["/", "/index.html"])
def test_the_bare_address_opens_wishes(server, browser, catalogs, path):
    en = catalogs["en"]
    create_account(server)
    browser.get(server.url(path))
    sign_in(browser, en)
    expect_tab_bar(browser, en)
    assert browser.current_url.endswith("#/wishes")
