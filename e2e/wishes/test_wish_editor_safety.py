"""The wish editor loses nothing without a word (issue 34, items 2, 4 and 5): what is typed is kept
as a draft through Back and a reload, Cancel asks before dropping it (the question itself closing on
Back and Escape), and a change saved elsewhere meanwhile shows both versions in view, to keep
either or merge field by field. In English and Korean, found by role and name."""

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from accessibility import by_role, fill, find_by_role, wait_for_role, wait_until, wait_until_gone
from flows import create_wish, say, signed_in, tap


def in_language(browser, code):
    browser.execute_script("localStorage.setItem('wishlist.language', arguments[0])", code)
    browser.refresh()


def value_of(browser, label):
    return wait_for_role(browser, "textbox", label).get_attribute("value")


@pytest.mark.parametrize("language", ["en", "ko"])
def test_a_typed_name_and_memo_outlive_back_and_cancel_asks_first(server, browser, catalogs, screenshot, language):
    en, text = catalogs["en"], catalogs[language]
    token = signed_in(server, browser, en)
    wish = create_wish(server, token, name="Lamp", memo="Brass")
    browser.get(server.url(f"/#/wishes/{wish['id']}"))
    in_language(browser, language)
    wait_for_role(browser, "link", text["wish.edit"]).click()
    fill(browser, text["wish.form.name"], "Lamp with shade")
    fill(browser, text["wish.form.memo"], "Brass, tall")

    # Back leaves the editor; opening it again restores what was typed, and says so.
    browser.back()
    wait_for_role(browser, "heading", "Lamp")
    wait_for_role(browser, "link", text["wish.edit"]).click()
    restored = text["draft.restored"].split("(")[0].strip()
    wait_until(
        browser, lambda: [n for n in by_role(browser, "status") if n.text.startswith(restored)], "no restored note"
    )
    assert value_of(browser, text["wish.form.name"]) == "Lamp with shade"
    assert value_of(browser, text["wish.form.memo"]) == "Brass, tall"
    screenshot(f"wish-draft-{language}")

    # Cancel asks; the question closes on Escape and on Back, leaving the editor as it was.
    for close in (lambda: ActionChains(browser).send_keys(Keys.ESCAPE).perform(), browser.back):
        find_by_role(browser, "button", text["wish.form.cancel"]).click()
        wait_for_role(browser, "dialog", text["draft.discardDialog.title"])
        close()
        wait_until_gone(browser, "dialog", text["draft.discardDialog.title"])
        assert value_of(browser, text["wish.form.name"]) == "Lamp with shade"
    find_by_role(browser, "button", text["wish.form.cancel"]).click()
    dialog = wait_for_role(browser, "dialog", text["draft.discardDialog.title"])
    screenshot(f"wish-discard-question-{language}")
    find_by_role(dialog, "button", text["draft.discard"]).click()
    wait_for_role(browser, "heading", "Lamp")
    assert server.api("GET", f"/wishes/{wish['id']}", token=token)[1]["name"] == "Lamp"
    wait_for_role(browser, "link", text["wish.edit"]).click()
    assert value_of(browser, text["wish.form.name"]) == "Lamp"  # the draft is gone
    assert not by_role(browser, "button", text["draft.discard"])


@pytest.mark.parametrize("language", ["en", "ko"])
def test_a_conflict_shows_both_versions_in_view_and_merges_field_by_field(
    server, browser, catalogs, screenshot, language
):
    en, text = catalogs["en"], catalogs[language]
    token = signed_in(server, browser, en)
    wish = create_wish(server, token, name="Kettle", memo="Steel", tags=["kitchen"])
    browser.get(server.url(f"/#/wishes/{wish['id']}/edit"))
    in_language(browser, language)
    fill(browser, text["wish.form.name"], "Kettle (mine)")
    fill(browser, text["wish.form.memo"], "Copper (mine)")
    status, _ = server.api("PATCH", f"/wishes/{wish['id']}", {"name": "Kettle (theirs)", "memo": "Glass"}, token=token)
    assert status == 200

    find_by_role(browser, "button", text["wish.form.save"]).click()
    heading = wait_for_role(browser, "heading", text["conflict.title"])
    # In view and focused, not above the fold.
    wait_until(browser, lambda: browser.switch_to.active_element == heading, "the conflict is not focused")
    top = browser.execute_script("return arguments[0].getBoundingClientRect().top", heading)
    assert 0 <= top < browser.execute_script("return innerHeight"), top
    screenshot(f"wish-conflict-{language}")
    # Both versions of each field that differs.
    yours, theirs = text["conflict.yours"], text["conflict.theirs"]
    assert find_by_role(browser, "radio", f"{yours} Kettle (mine)").is_selected()
    find_by_role(browser, "radio", f"{theirs} Kettle (theirs)")
    tap(browser, find_by_role(browser, "radio", f"{theirs} Glass"))  # merge: my name, their memo
    tap(browser, find_by_role(browser, "button", text["conflict.saveChoices"]))

    wait_for_role(browser, "heading", "Kettle (mine)")
    saved = server.api("GET", f"/wishes/{wish['id']}", token=token)[1]
    assert (saved["name"], saved["memo"], saved["tags"]) == ("Kettle (mine)", "Glass", ["kitchen"])

    # Keep mine: everything typed wins over another change.
    browser.get(server.url(f"/#/wishes/{wish['id']}/edit"))
    fill(browser, text["wish.form.memo"], "Clay")
    server.api("PATCH", f"/wishes/{wish['id']}", {"memo": "Iron"}, token=token)
    find_by_role(browser, "button", text["wish.form.save"]).click()
    wait_for_role(browser, "heading", text["conflict.title"])
    tap(browser, find_by_role(browser, "button", text["conflict.keepMine"]))
    wait_until(
        browser, lambda: server.api("GET", f"/wishes/{wish['id']}", token=token)[1]["memo"] == "Clay", "not kept"
    )


@pytest.mark.parametrize("language", ["en", "ko"])
def test_deleting_asks_in_a_question_that_back_and_escape_close(server, browser, catalogs, language):
    en, text = catalogs["en"], catalogs[language]
    token = signed_in(server, browser, en)
    wish = create_wish(server, token, name="Stool")
    browser.get(server.url(f"/#/wishes/{wish['id']}"))
    in_language(browser, language)
    title = say(text["wish.deleteDialog.title"], name="Stool")
    for close in (lambda: ActionChains(browser).send_keys(Keys.ESCAPE).perform(), browser.back):
        wait_for_role(browser, "button", text["wish.delete"]).click()
        wait_for_role(browser, "dialog", title)
        close()
        wait_until_gone(browser, "dialog", title)
        wait_for_role(browser, "heading", "Stool")
    assert server.api("GET", f"/wishes/{wish['id']}", token=token)[0] == 200
