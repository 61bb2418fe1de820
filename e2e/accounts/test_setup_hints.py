"""The setup form says each rule once (issue 34): a field's hint states its rule until the field
breaks it, then the error takes the hint's place, in English and Korean."""

import pytest

from accessibility import by_role, fill, find_by_role, wait_for_role, wait_until
from flows import use_language


@pytest.mark.parametrize("language", ["en", "ko"])
def test_an_error_takes_the_place_of_the_hint_that_gave_its_rule(server, browser, catalogs, language, screenshot):
    catalog = catalogs[language]
    browser.get(server.url())
    use_language(browser, language)
    wait_for_role(browser, "heading", catalog["setup.title"])
    page = find_by_role(browser, "main")
    hints = [catalog["auth.usernameHint"], catalog["auth.passwordHint"]]
    assert all(hint in page.text for hint in hints)

    fill(browser, catalog["auth.username"], "Al")
    fill(browser, catalog["auth.password"], "short")
    fill(browser, catalog["auth.confirmPassword"], "short")
    find_by_role(browser, "button", catalog["setup.submit"]).click()
    wait_until(browser, lambda: len(by_role(browser, "alert")) == 2, "not one alert per field at fault")
    shown = page.text
    for hint in hints:
        assert hint not in shown, "the hint is shown beside the error that repeats it"
    for error in (catalog["validation.username.format"], catalog["validation.password.short"]):
        assert shown.count(error) == 1
    username = find_by_role(browser, "textbox", catalog["auth.username"])
    assert username.accessible_name == catalog["auth.username"]
    described = browser.execute_script(
        "return arguments[0].getAttribute('aria-describedby').split(' ')"
        ".map((id) => document.getElementById(id).textContent).join(' ')",
        username,
    )
    assert described == catalog["validation.username.format"]
    screenshot(f"setup-errors-{language}")

    # Put right, the form makes the account.
    fill(browser, catalog["auth.username"], "alice")
    fill(browser, catalog["auth.password"], "long enough password")
    fill(browser, catalog["auth.confirmPassword"], "long enough password")
    find_by_role(browser, "button", catalog["setup.submit"]).click()
    wait_for_role(browser, "navigation", catalog["nav.label"])
