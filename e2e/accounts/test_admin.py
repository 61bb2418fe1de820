"""Administrators' tools (issue 15): an administrator disables Bob and Bob's open page is signed out
at its next request; in Settings → Accounts the administrator disables (after a confirmation),
enables and resets Bob's password, which is shown once; Bob signs in with the temporary password
and must choose a new one before the app opens. Controls by role and accessible name, words from
the catalogs."""

from accessibility import by_role, fill, find_by_role, wait_for_role, wait_until, wait_until_gone
from conftest import PHONE
from flows import PASSWORD, USERNAME, add_account, create_account, go_to_tab, open_account_menu, say, sign_in, tap
from layout import expect_fits

BOB = "bob"
BOB_PASSWORD = "bob's own long password"
BOB_NEW_PASSWORD = "bob chose this one himself"


def alerts(browser):
    """The words of every alert shown."""
    return [alert.text for alert in by_role(browser, "alert")]


def account_row(browser, en, username):
    """Bob's row of the accounts list."""
    rows = by_role(wait_for_role(browser, "list", en["settings.accounts.title"]), "listitem")
    [row] = [row for row in rows if row.text.split("\n")[0] == username]
    return row


def open_settings(browser, en, username=USERNAME):
    open_account_menu(browser, username)
    wait_for_role(browser, "link", en["account.settings"]).click()
    wait_for_role(browser, "heading", en["settings.accounts.title"])


def test_a_disabled_account_is_signed_out_at_its_next_request(open_server, browser, catalogs):
    en = catalogs["en"]
    create_account(open_server)
    add_account(open_server, BOB, BOB_PASSWORD)
    admin = open_server.token(USERNAME, PASSWORD)
    browser.get(open_server.url("/"))
    sign_in(browser, en, BOB, BOB_PASSWORD)
    # The list's answer, not only the navigation: a list asked for after the disabling below would
    # already be refused, and the page signed out before the test's own next request.
    wait_for_role(browser, "heading", en["wishes.empty.title"])

    status, disabled = open_server.api("POST", f"/admin/accounts/{BOB}/disable", token=admin)
    assert status == 200 and disabled["disabledAt"], disabled

    # Bob's page still shows the app; its next request is refused and it goes back to sign-in.
    nav = wait_for_role(browser, "navigation", en["nav.label"])
    find_by_role(nav, "link", en["nav.favorites"]).click()
    wait_for_role(browser, "heading", en["signIn.title"])
    assert not by_role(browser, "navigation", en["nav.label"])

    # The right password is told the account is disabled; the app stays closed.
    sign_in(browser, en, BOB, BOB_PASSWORD)
    wait_until(
        browser, lambda: alerts(browser) == [en["error.account_disabled"]], "no alert that the account is disabled"
    )
    assert not by_role(browser, "navigation", en["nav.label"])


def test_an_administrator_disables_enables_and_resets_in_settings(open_server, browser, catalogs, screenshot):
    en, ko = catalogs["en"], catalogs["ko"]
    create_account(open_server)
    add_account(open_server, BOB, BOB_PASSWORD)
    bobs_token = open_server.token(BOB, BOB_PASSWORD)
    browser.get(open_server.url("/"))
    sign_in(browser, en, USERNAME, PASSWORD)
    wait_for_role(browser, "navigation", en["nav.label"])
    open_settings(browser, en)

    own = account_row(browser, en, USERNAME)
    assert en["settings.accounts.you"] in own.text and en["account.admin"] in own.text
    assert not by_role(own, "button"), "an administrator's own account has no buttons here"
    row = account_row(browser, en, BOB)
    tap(browser, find_by_role(row, "button", say(en["settings.accounts.disableNamed"], name=BOB)))
    screenshot("settings-accounts-disable-dialog")

    # Cancelling changes nothing; confirming disables Bob at once.
    dialog = wait_for_role(browser, "dialog", say(en["settings.accounts.disableTitle"], name=BOB))
    find_by_role(dialog, "button", en["dialog.cancel"]).click()
    wait_until_gone(browser, "dialog")
    assert open_server.api("GET", "/me", token=bobs_token)[0] == 200
    tap(
        browser,
        find_by_role(account_row(browser, en, BOB), "button", say(en["settings.accounts.disableNamed"], name=BOB)),
    )
    dialog = wait_for_role(browser, "dialog", say(en["settings.accounts.disableTitle"], name=BOB))
    find_by_role(dialog, "button", en["settings.accounts.disable"]).click()
    enable = wait_for_role(browser, "button", say(en["settings.accounts.enableNamed"], name=BOB))
    assert en["settings.accounts.disabled"] in account_row(browser, en, BOB).text
    assert open_server.api("GET", "/me", token=bobs_token)[0] == 401
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", enable)
    screenshot("settings-accounts")

    tap(browser, enable)
    wait_for_role(browser, "button", say(en["settings.accounts.disableNamed"], name=BOB))
    assert en["settings.accounts.disabled"] not in account_row(browser, en, BOB).text

    # A reset, confirmed, shows the temporary password once.
    tap(
        browser,
        find_by_role(account_row(browser, en, BOB), "button", say(en["settings.accounts.resetNamed"], name=BOB)),
    )
    dialog = wait_for_role(browser, "dialog", say(en["settings.accounts.resetTitle"], name=BOB))
    find_by_role(dialog, "button", en["settings.accounts.reset"]).click()
    field = wait_for_role(browser, "textbox", say(en["settings.accounts.temporary"], name=BOB))
    temporary = wait_until(browser, lambda: field.get_attribute("value"), "no temporary password shown")
    assert len(temporary) == 19
    wait_until(browser, lambda: en["settings.accounts.mustChange"] in account_row(browser, en, BOB).text, "not marked")
    accounts = wait_for_role(browser, "list", en["settings.accounts.title"])
    expect_fits(browser, PHONE[0], by_role(accounts, "button") + [field], "the accounts section")
    screenshot("settings-accounts-reset")

    # The list follows the language.
    open_account_menu(browser)
    wait_for_role(browser, "radio", en["language.ko"]).click()
    menu = wait_for_role(browser, "button", USERNAME)
    menu.click()
    wait_for_role(browser, "heading", ko["settings.accounts.title"])
    wait_for_role(browser, "textbox", say(ko["settings.accounts.temporary"], name=BOB))
    korean_row = account_row(browser, ko, BOB)
    assert ko["settings.accounts.mustChange"] in korean_row.text
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", korean_row)
    screenshot("settings-accounts-korean")
    open_account_menu(browser)
    wait_for_role(browser, "radio", ko["language.en"]).click()
    wait_for_role(browser, "button", USERNAME).click()

    # Bob signs in with it and must choose a new password before anything else.
    go_to_tab(browser, en, "nav.wishes")
    open_account_menu(browser)
    wait_for_role(browser, "button", en["account.signOut"]).click()
    sign_in(browser, en, BOB, temporary)
    wait_for_role(browser, "heading", en["changePassword.title"])
    assert not by_role(browser, "navigation", en["nav.label"])
    screenshot("change-password")
    fill(browser, en["changePassword.current"], temporary)
    fill(browser, en["changePassword.new"], "short")
    fill(browser, en["auth.confirmPassword"], "short")
    find_by_role(browser, "button", en["changePassword.submit"]).click()
    wait_until(
        browser, lambda: alerts(browser) == [en["validation.password.short"]], "the short password is let through"
    )
    fill(browser, en["changePassword.new"], temporary)
    fill(browser, en["auth.confirmPassword"], temporary)
    find_by_role(browser, "button", en["changePassword.submit"]).click()
    wait_until(browser, lambda: alerts(browser) == [en["error.password_unchanged"]], "the temporary password is kept")
    fill(browser, en["changePassword.new"], BOB_NEW_PASSWORD)
    fill(browser, en["auth.confirmPassword"], BOB_NEW_PASSWORD)
    find_by_role(browser, "button", en["changePassword.submit"]).click()
    wait_for_role(browser, "navigation", en["nav.label"])
    assert open_server.token(BOB, BOB_NEW_PASSWORD)

    # Bob is no administrator: his settings have no accounts section.
    open_account_menu(browser, BOB)
    wait_for_role(browser, "link", en["account.settings"]).click()
    wait_for_role(browser, "heading", en["settings.devices.title"])
    assert not by_role(browser, "heading", en["settings.accounts.title"])
