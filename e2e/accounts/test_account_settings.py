"""Settings for accounts (issue 34): an administrator adds a person in Settings → Accounts and sees
their temporary password once, which lets them in only to choose their own; anyone changes their
own password in Settings → Password, which signs out their other devices. In English and Korean,
controls by role and accessible name, words from the catalogs."""

from accessibility import by_role, fill, find_by_role, wait_for_role, wait_until
from conftest import PHONE
from flows import PASSWORD, USERNAME, open_account_menu, say, sign_in, signed_in, tap
from layout import expect_fits

DANA_PASSWORD = "dana picked a long one"


def alerts(browser):
    """The words of every alert shown."""
    return [alert.text for alert in by_role(browser, "alert") if alert.text]


def in_korean(browser, server):
    """The app in Korean from the next page load on, as a person who chose it once."""
    browser.get(server.url("/manifest.webmanifest"))
    browser.execute_script("localStorage.setItem('wishlist.language', 'ko')")


def test_an_administrator_adds_an_account_and_hands_over_its_temporary_password(
    open_server, browser, catalogs, screenshot
):
    en = catalogs["en"]
    signed_in(open_server, browser, en, "/#/settings")
    form = wait_for_role(browser, "form", en["settings.accounts.add"])

    # A username the rules refuse is said under the field, before asking the server.
    fill(form, en["auth.username"], "no")
    tap(browser, find_by_role(form, "button", en["settings.accounts.addSubmit"]))
    wait_until(browser, lambda: en["validation.username.format"] in alerts(browser), "no word on the short username")

    fill(form, en["auth.username"], "Dana")
    tap(browser, find_by_role(form, "button", en["settings.accounts.addSubmit"]))
    field = wait_for_role(browser, "textbox", say(en["settings.accounts.temporary"], name="dana"))
    temporary = wait_until(browser, lambda: field.get_attribute("value"), "no temporary password shown")
    assert len(temporary) == 19
    assert browser.switch_to.active_element == field, "the password to hand over has the focus"
    rows = by_role(wait_for_role(browser, "list", en["settings.accounts.title"]), "listitem")
    [dana] = [row for row in rows if row.text.split("\n")[0] == "dana"]
    assert en["settings.accounts.mustChange"] in dana.text
    assert find_by_role(form, "textbox", en["auth.username"]).get_attribute("value") == "", "the form is ready again"
    expect_fits(browser, PHONE[0], [form, field], "the add-account form")
    screenshot("settings-add-account")

    # The same name again is taken; nothing else is added.
    fill(form, en["auth.username"], "dana")
    tap(browser, find_by_role(form, "button", en["settings.accounts.addSubmit"]))
    wait_until(browser, lambda: en["settings.accounts.taken"] in alerts(browser), "no word that the name is taken")
    status, accounts = open_server.api("GET", "/admin/accounts", token=open_server.token(USERNAME, PASSWORD))
    assert status == 200 and [account["username"] for account in accounts["items"]] == [USERNAME, "dana"]

    # Dana signs in with it and must choose her own before anything else.
    open_account_menu(browser)
    wait_for_role(browser, "button", en["account.signOut"]).click()
    sign_in(browser, en, "dana", temporary)
    wait_for_role(browser, "heading", en["changePassword.title"])
    fill(browser, en["changePassword.current"], temporary)
    fill(browser, en["changePassword.new"], DANA_PASSWORD)
    fill(browser, en["auth.confirmPassword"], DANA_PASSWORD)
    find_by_role(browser, "button", en["changePassword.submit"]).click()
    wait_for_role(browser, "navigation", en["nav.label"])
    assert open_server.token("dana", DANA_PASSWORD)


def test_an_administrator_adds_an_administrator_in_korean(open_server, browser, catalogs, screenshot):
    en, ko = catalogs["en"], catalogs["ko"]
    signed_in(open_server, browser, en, "/#/settings")
    in_korean(browser, open_server)
    browser.get(open_server.url("/#/settings"))
    form = wait_for_role(browser, "form", ko["settings.accounts.add"])
    fill(form, ko["auth.username"], "erin")
    find_by_role(form, "checkbox", ko["settings.accounts.addAdmin"]).click()
    tap(browser, find_by_role(form, "button", ko["settings.accounts.addSubmit"]))
    field = wait_for_role(browser, "textbox", say(ko["settings.accounts.temporary"], name="erin"))
    assert wait_until(browser, lambda: field.get_attribute("value"), "no temporary password shown")
    rows = by_role(wait_for_role(browser, "list", ko["settings.accounts.title"]), "listitem")
    [erin] = [row for row in rows if row.text.split("\n")[0] == "erin"]
    assert ko["account.admin"] in erin.text and ko["settings.accounts.mustChange"] in erin.text
    expect_fits(browser, PHONE[0], [form, field], "the add-account form in Korean")
    screenshot("settings-add-account-korean")


def test_anyone_changes_their_own_password_and_other_devices_are_signed_out(open_server, browser, catalogs, screenshot):
    en, ko = catalogs["en"], catalogs["ko"]
    other_device = signed_in(open_server, browser, en, "/#/settings")
    assert open_server.api("GET", "/me", token=other_device)[0] == 200
    in_korean(browser, open_server)
    browser.get(open_server.url("/#/settings"))
    form = wait_for_role(browser, "form", ko["settings.password.title"])

    # A wrong current password is said under its field, in Korean, and changes nothing.
    fill(form, ko["settings.password.current"], "not my password at all")
    fill(form, ko["changePassword.new"], "a brand new password")
    fill(form, ko["auth.confirmPassword"], "a brand new password")
    tap(browser, find_by_role(form, "button", ko["settings.password.submit"]))
    wait_until(browser, lambda: ko["error.wrong_password"] in alerts(browser), "no word on the wrong password")
    assert open_server.api("GET", "/me", token=other_device)[0] == 200

    # Too short, and a confirmation that differs, are caught before asking.
    fill(form, ko["settings.password.current"], PASSWORD)
    fill(form, ko["changePassword.new"], "short")
    fill(form, ko["auth.confirmPassword"], "shorter")
    tap(browser, find_by_role(form, "button", ko["settings.password.submit"]))
    wait_until(
        browser,
        lambda: {ko["validation.password.short"], ko["validation.confirm.mismatch"]} <= set(alerts(browser)),
        "the short password is let through",
    )

    fill(form, ko["changePassword.new"], "a brand new password")
    fill(form, ko["auth.confirmPassword"], "a brand new password")
    tap(browser, find_by_role(form, "button", ko["settings.password.submit"]))
    wait_until(
        browser,
        lambda: ko["settings.password.changed"] in [status.text for status in by_role(browser, "status")],
        "no word that the password changed",
    )
    assert not alerts(browser)
    assert find_by_role(form, "textbox", ko["settings.password.current"]).get_attribute("value") == ""
    screenshot("settings-password-korean")

    # This browser stays signed in; the other device's token and the old password are done.
    browser.refresh()
    wait_for_role(browser, "heading", ko["settings.password.title"])
    assert open_server.api("GET", "/me", token=other_device)[0] == 401
    assert open_server.api("POST", "/sessions", {"username": USERNAME, "password": PASSWORD})[0] == 401
    assert open_server.token(USERNAME, "a brand new password")
