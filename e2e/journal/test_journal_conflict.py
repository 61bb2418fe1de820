"""A journal entry changed elsewhere while it was being edited (issue 34, item 4): Save shows both
versions in the same conflict panel as a wish's, and a choice per field is saved. In English and
Korean, found by role and name."""

import pytest

from accessibility import fill, find_by_role, wait_for_role, wait_until
from flows import signed_in, tap


@pytest.mark.parametrize("language", ["en", "ko"])
def test_an_entry_changed_elsewhere_merges_field_by_field(server, browser, catalogs, screenshot, language):
    en, text = catalogs["en"], catalogs[language]
    token = signed_in(server, browser, en)
    status, entry = server.api(
        "POST", "/journal", {"title": "Rainy day", "date": "2025-05-01", "contents": "Wet"}, token=token
    )
    assert status == 201, entry
    browser.get(server.url(f"/#/journal/{entry['id']}/edit"))
    browser.execute_script("localStorage.setItem('wishlist.language', arguments[0])", language)
    browser.refresh()
    fill(browser, text["journal.form.title"], "Rainy day (mine)")
    fill(browser, text["journal.form.contents"], "Soaked (mine)")
    status, _ = server.api(
        "PATCH", f"/journal/{entry['id']}", {"title": "Rainy day (theirs)", "contents": "Dry"}, token=token
    )
    assert status == 200

    find_by_role(browser, "button", text["wish.form.save"]).click()
    heading = wait_for_role(browser, "heading", text["conflict.title"])
    wait_until(browser, lambda: browser.switch_to.active_element == heading, "the conflict is not focused")
    screenshot(f"entry-conflict-{language}")
    yours, theirs = text["conflict.yours"], text["conflict.theirs"]
    assert find_by_role(browser, "radio", f"{yours} Soaked (mine)").is_selected()
    tap(browser, find_by_role(browser, "radio", f"{theirs} Rainy day (theirs)"))  # their title, my words
    tap(browser, find_by_role(browser, "button", text["conflict.saveChoices"]))

    # Saved, the editor leaves.
    wait_until(browser, lambda: not browser.current_url.endswith("/edit"), "the editor stayed")
    saved = server.api("GET", f"/journal/{entry['id']}", token=token)[1]
    assert (saved["title"], saved["contents"]) == ("Rainy day (theirs)", "Soaked (mine)")
