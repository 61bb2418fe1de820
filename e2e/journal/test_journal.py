"""The Journal in a real browser against the real server (D1–D4): writing entries and seeing
them newest first under month headings, All · Hearted, deleting a hearted entry with both lists
following at once, a draft that survives a reload, photos in the entry's gallery and viewer,
mentioned wishes and a wish's journal entries, and the Journal tab of search. Controls are found by
role and accessible name, words from the app's catalogs."""

import pytest
from selenium.webdriver.common.keys import Keys

from accessibility import by_role, fill, find_by_role, wait_for_role, wait_until, wait_until_gone
from conftest import DESKTOP, PHONE, set_viewport
from flows import allow_location, block_api, create_wish, go_to_tab, say, signed_in, unblock_api
from layout import expect_fits
from photo_steps import LANDSCAPE, SMALL, pick, tile_photo_ids, upload

# Longer than the default: the server renders every upload before the page can show it.
TIMEOUT = 15


def set_value(browser, label, value):
    """Sets a date or time field labelled `label` as its picker would (the typed form depends on the locale)."""
    field = browser.execute_script(
        "const label = [...document.querySelectorAll('label')].find((l) => l.textContent === arguments[0]);"
        "return document.getElementById(label.htmlFor);",
        label,
    )
    browser.execute_script(
        "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input', {bubbles: true}));",
        field,
        value,
    )


def write_entry(browser, en, title, date, contents):
    """Writes an entry through the editor and waits for its own screen."""
    browser.get(browser.current_url.split("#")[0] + "#/journal/new")
    wait_for_role(browser, "heading", en["journal.new.title"])
    fill(browser, en["journal.form.title"], title)
    set_value(browser, en["journal.form.date"], date)
    fill(browser, en["journal.form.contents"], contents)
    find_by_role(browser, "button", en["wish.form.save"]).click()
    wait_for_role(browser, "heading", title)


def entry_titles(browser, en):
    """The titles of the entry cards shown in the Journal list, in order (none while the list is hidden)."""
    return [
        heading.accessible_name
        for grid in by_role(browser, "list", en["nav.journal"])
        for heading in by_role(grid, "heading")
        if heading.tag_name == "h3"
    ]


def wait_for_titles(browser, en, expected, message):
    wait_until(browser, lambda: entry_titles(browser, en) == expected, f"{message}: {entry_titles(browser, en)}")


@pytest.mark.cluster_journey
def test_three_entries_newest_first_heart_the_middle_one_and_delete_it(server, browser, catalogs, screenshot):
    en = catalogs["en"]
    token = signed_in(server, browser, en, "/#/journal")
    wait_for_role(browser, "heading", en["journal.empty.title"])
    screenshot("journal-empty")

    write_entry(browser, en, "Winter walk", "2025-01-10", "Snow on the river.\nCold hands, warm tea.")
    write_entry(browser, en, "Found the bike", "2025-02-14", "The red one, finally.")
    write_entry(browser, en, "Spring picnic", "2025-03-20", "Cherry blossoms by the lake.")
    # Marks this page: a reload would lose it.
    browser.execute_script("window.journalTestPage = true")

    go_to_tab(browser, en, "nav.journal")
    wait_for_titles(browser, en, ["Spring picnic", "Found the bike", "Winter walk"], "not newest first")
    grid = find_by_role(browser, "list", en["nav.journal"])
    months = [heading.accessible_name for heading in by_role(grid, "heading") if heading.tag_name == "h2"]
    assert months == ["March 2025", "February 2025", "January 2025"]
    screenshot("journal-list")

    # Heart the middle one in its own header: the button fills and is named for what it does next.
    next(card for card in by_role(browser, "link") if card.accessible_name.startswith("Found the bike")).click()
    wait_for_role(browser, "heading", "Found the bike")
    heart = wait_for_role(
        browser, "button", say(en["journal.heart"], title="Found the bike"), within=find_by_role(browser, "main")
    )
    heart.click()
    wait_for_role(browser, "button", say(en["journal.unheart"], title="Found the bike"))
    wait_until(
        browser,
        lambda: server.api("GET", "/journal?hearted=true", token=token)[1]["items"],
        "the heart did not reach the server",
    )
    screenshot("journal-entry")

    find_by_role(browser, "button", en["app.back"]).click()
    wait_for_titles(browser, en, ["Spring picnic", "Found the bike", "Winter walk"], "All changed after a heart")
    find_by_role(browser, "radio", en["journal.hearted"]).click()
    wait_for_titles(browser, en, ["Found the bike"], "Hearted does not show only the hearted entry")
    find_by_role(browser, "radio", en["journal.all"]).click()
    wait_for_titles(browser, en, ["Spring picnic", "Found the bike", "Winter walk"], "All lost entries")

    # Delete the hearted entry from its own screen while All is the list behind it.
    next(card for card in by_role(browser, "link") if card.accessible_name.startswith("Found the bike")).click()
    wait_for_role(browser, "heading", "Found the bike")
    find_by_role(browser, "button", en["journal.delete"]).click()
    dialog = wait_for_role(browser, "dialog", say(en["journal.deleteDialog.title"], title="Found the bike"))
    find_by_role(dialog, "button", en["journal.delete"]).click()
    wait_until_gone(browser, "dialog")
    wait_for_titles(browser, en, ["Spring picnic", "Winter walk"], "All still shows the deleted entry")
    find_by_role(browser, "radio", en["journal.hearted"]).click()
    wait_for_role(browser, "heading", en["journal.emptyHearted.title"])
    assert entry_titles(browser, en) == [] and not by_role(browser, "list", en["nav.journal"])
    find_by_role(browser, "radio", en["journal.all"]).click()
    wait_for_titles(browser, en, ["Spring picnic", "Winter walk"], "All broke after switching")
    assert browser.execute_script("return window.journalTestPage === true"), "the page was reloaded"
    assert [entry["title"] for entry in server.api("GET", "/journal", token=token)[1]["items"]] == [
        "Spring picnic",
        "Winter walk",
    ]


def test_a_draft_survives_a_reload_and_can_be_discarded(server, browser, catalogs, screenshot):
    en = catalogs["en"]
    token = signed_in(server, browser, en, "/#/journal/new")
    wait_for_role(browser, "heading", en["journal.new.title"])
    fill(browser, en["journal.form.title"], "Half written")
    fill(browser, en["journal.form.contents"], "It started raining just as")
    set_value(browser, en["journal.form.date"], "2024-11-02")

    browser.refresh()
    wait_for_role(browser, "heading", en["journal.new.title"])
    restored = en["draft.restored"].split("(")[0].strip()
    wait_until(
        browser,
        lambda: [note for note in by_role(browser, "status") if note.text.startswith(restored)],
        "the app does not say it restored the draft",
    )
    assert wait_for_role(browser, "textbox", en["journal.form.title"]).get_attribute("value") == "Half written"
    assert (
        find_by_role(browser, "textbox", en["journal.form.contents"]).get_attribute("value")
        == "It started raining just as"
    )
    assert browser.find_element("id", "journal-date").get_attribute("value") == "2024-11-02"
    screenshot("journal-draft")
    assert server.api("GET", "/journal", token=token)[1]["items"] == []  # nothing was saved

    # Discarding empties the form, and the next reload restores nothing.
    find_by_role(browser, "button", en["draft.discard"]).click()
    wait_until(
        browser,
        lambda: find_by_role(browser, "textbox", en["journal.form.title"]).get_attribute("value") == "",
        "the form kept the draft",
    )
    browser.refresh()
    wait_for_role(browser, "textbox", en["journal.form.title"])
    assert not by_role(browser, "button", en["draft.discard"])

    # The connection drops as Save is pressed: the entry waits in the outbox (shown at once, its
    # draft finished), outlives a reload, and reaches the server once it can be reached.
    fill(browser, en["journal.form.title"], "Written at last")
    block_api(browser)
    find_by_role(browser, "button", en["wish.form.save"]).click()
    wait_for_role(browser, "heading", "Written at last")
    assert server.api("GET", "/journal", token=token)[1]["items"] == []
    unblock_api(browser)
    browser.refresh()
    wait_for_role(browser, "heading", "Written at last")
    wait_until(
        browser,
        lambda: (
            [item["title"] for item in server.api("GET", "/journal", token=token)[1]["items"]] == ["Written at last"]
        ),
        "the entry kept while offline never reached the server",
    )
    assert (
        browser.execute_script("return Object.keys(localStorage).filter((key) => key.includes('journalDraft'))") == []
    )


def test_add_a_photo_to_an_entry_and_swipe_to_it_in_the_viewer(server, browser, catalogs, screenshot):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    [photo] = upload(server, token, LANDSCAPE)
    status, entry = server.api(
        "POST", "/journal", {"title": "Madrid", "date": "2025-05-01", "photoIds": [photo["id"]]}, token=token
    )
    assert status == 201, entry

    # Edited from the entry's page, so saving goes back to it.
    browser.get(server.url(f"/#/journal/{entry['id']}"))
    wait_for_role(browser, "heading", "Madrid")
    browser.get(server.url(f"/#/journal/{entry['id']}/edit"))
    wait_for_role(browser, "heading", en["journal.edit.title"])
    pick(browser, SMALL)
    first, second = tile_photo_ids(browser, en, 2)
    assert first == photo["id"]
    find_by_role(browser, "button", en["wish.form.save"]).click()
    wait_for_role(browser, "heading", "Madrid")
    saved = server.api("GET", f"/journal/{entry['id']}", token=token)[1]
    assert [p["id"] for p in saved["photos"]] == [first, second]

    wait_for_role(browser, "button", say(en["photos.open"], number=1, total=2), timeout=TIMEOUT).click()
    viewer = wait_for_role(browser, "dialog", en["photos.viewer"])
    label = viewer.find_element("css selector", ".photo-viewer-count")
    assert label.text == say(en["photos.position"], number=1, total=2)
    # A finger swipes from right to left across the photo.
    touch = lambda kind, *points: browser.execute_cdp_cmd(
        "Input.dispatchTouchEvent", {"type": kind, "touchPoints": [{"x": x, "y": y, "id": 0} for x, y in points]}
    )
    touch("touchStart", (320, 422))
    for step in range(1, 9):
        touch("touchMove", (320 - step * 30, 422))
    touch("touchEnd")
    wait_until(
        browser,
        lambda: label.text == say(en["photos.position"], number=2, total=2),
        "the swipe did not reach the new photo",
    )
    browser.find_element("tag name", "body").send_keys(Keys.ESCAPE)
    wait_until_gone(browser, "dialog")


def test_a_mentioned_wish_links_both_ways_and_search_finds_the_entry(server, browser, catalogs, screenshot):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    create_wish(server, token, name="Red bike")
    create_wish(server, token, name="Blue kettle")

    browser.get(server.url("/#/journal/new"))
    fill(browser, en["journal.form.title"], "The day I got the bike")
    fill(browser, en["journal.form.contents"], "오늘 드디어 자전거를 샀다")
    box = wait_for_role(browser, "combobox", en["journal.form.mentions"])
    box.send_keys("bike")
    wait_for_role(browser, "option", "Red bike").click()
    wait_for_role(browser, "button", say(en["journal.form.unmention"], name="Red bike"))
    assert box.get_attribute("value") == ""
    screenshot("journal-editor")
    find_by_role(browser, "button", en["wish.form.save"]).click()
    wait_for_role(browser, "heading", "The day I got the bike")

    # The entry links to the wish, and the wish lists the entry.
    wait_for_role(browser, "link", "Red bike").click()
    wait_for_role(browser, "heading", "Red bike")
    section = wait_for_role(browser, "region", en["journal.forWish"], timeout=TIMEOUT)
    wait_until(
        browser,
        lambda: [c for c in by_role(section, "link") if c.accessible_name.startswith("The day I got the bike")],
        "the wish does not list the entry",
    )
    screenshot("wish-with-journal")

    # Search finds the entry by a Korean word inside its contents, under "Journal".
    go_to_tab(browser, en, "nav.search")
    wait_for_role(browser, "searchbox", en["search.label"]).send_keys("자전거", Keys.ENTER)
    tab = wait_until(
        browser,
        lambda: next((t for t in by_role(browser, "tab") if t.accessible_name.startswith(en["search.journal"])), None),
        "no Journal tab in search",
    )
    tab.click()
    panel = wait_for_role(browser, "tabpanel", tab.accessible_name)
    wait_until(
        browser,
        lambda: [c for c in by_role(panel, "link") if c.accessible_name.startswith("The day I got the bike")],
        "search does not show the entry",
    )
    # Hearting it here shows in the Journal's Hearted list.
    find_by_role(panel, "button", say(en["journal.heart"], title="The day I got the bike")).click()
    wait_for_role(panel, "button", say(en["journal.unheart"], title="The day I got the bike"))
    go_to_tab(browser, en, "nav.journal")
    find_by_role(browser, "radio", en["journal.hearted"]).click()
    wait_for_titles(browser, en, ["The day I got the bike"], "the heart from search is not in Hearted")


@pytest.mark.parametrize("size", [PHONE, (320, 640), DESKTOP], ids=["phone", "small-phone", "desktop"])
def test_journal_screens_fit_and_have_big_enough_targets(server, browser, catalogs, size):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    wish = create_wish(server, token, name="A wish with a rather long name to wrap")
    body = {
        "title": "A long title " * 8,
        "date": "2025-04-05",
        "time": "09:15",
        "contents": "word " * 200,
        "wishIds": [wish["id"]],
        "place": {
            "name": "Seoul",
            "address": "Seoul, South Korea",
            "latitude": 37.5665,
            "longitude": 126.978,
            "source": "search",
        },
    }
    status, entry = server.api("POST", "/journal", body, token=token)
    assert status == 201, entry
    set_viewport(browser, *size)

    go_to_tab(browser, en, "nav.journal")
    wait_until(browser, lambda: entry_titles(browser, en), "no entry card")
    expect_fits(browser, size[0], by_role(browser, "link") + by_role(browser, "button"), "the journal list")
    browser.get(server.url(f"/#/journal/{entry['id']}"))
    wait_for_role(browser, "link", wish["name"])
    expect_fits(browser, size[0], by_role(browser, "link") + by_role(browser, "button"), "an entry")
    browser.get(server.url(f"/#/journal/{entry['id']}/edit"))
    wait_for_role(browser, "button", say(en["journal.form.unmention"], name=wish["name"]))
    expect_fits(browser, size[0], by_role(browser, "link") + by_role(browser, "button"), "the entry editor")


def place(name, latitude, longitude):
    return {"name": name, "address": f"{name}, Seoul", "latitude": latitude, "longitude": longitude, "source": "search"}


def pin_classes(browser, name):
    """The classes of the map's pin named `name`, or None while there is none."""
    pins = by_role(browser, "button", name)
    return pins[0].get_attribute("class") if len(pins) == 1 else None


def test_entries_with_a_place_are_a_map_layer_that_follows_hearts_edits_and_deletes(
    server, browser, catalogs, screenshot
):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    for title, day, at in (
        ("Temple walk", "2025-05-01", place("Jogyesa", 37.5740, 126.9820)),
        ("Market lunch", "2025-05-02", place("Gwangjang Market", 37.5700, 126.9996)),
    ):
        status, entry = server.api("POST", "/journal", {"title": title, "date": day, "place": at}, token=token)
        assert status == 201, entry
    server.api("POST", "/journal", {"title": "No place", "date": "2025-05-03"}, token=token)
    go_to_tab(browser, en, "nav.journal")
    wait_for_titles(browser, en, ["No place", "Market lunch", "Temple walk"], "the entries did not load")

    browser.get(server.url("/#/map?lat=37.572&lng=126.99&z=14"))
    layer = wait_for_role(browser, "button", en["map.journalLayer"])
    assert layer.get_attribute("aria-pressed") == "false"
    wait_until(
        browser, lambda: browser.find_element("css selector", ".map-view:not([aria-busy])"), "the map never settled"
    )
    assert pin_classes(browser, "Temple walk") is None, "entries show before the layer is on"
    layer.click()
    wait_until(
        browser, lambda: "is-entry" in (pin_classes(browser, "Temple walk") or ""), "no entry marker in its own style"
    )
    wait_for_role(browser, "button", "Market lunch")
    assert pin_classes(browser, "No place") is None
    screenshot("map-journal")

    # Hearting an entry turns its pin the heart's colour.
    find_by_role(browser, "button", "Temple walk").click()
    wait_for_role(browser, "heading", "Temple walk")
    find_by_role(find_by_role(browser, "main"), "button", say(en["journal.heart"], title="Temple walk")).click()
    wait_for_role(browser, "button", say(en["journal.unheart"], title="Temple walk"))
    go_to_tab(browser, en, "nav.map")
    assert wait_for_role(browser, "button", en["map.journalLayer"]).get_attribute("aria-pressed") == "true", (
        "the layer was not remembered"
    )
    wait_until(
        browser,
        lambda: "is-entry-hearted" in (pin_classes(browser, "Temple walk") or ""),
        "the hearted entry's pin did not change",
    )

    # Renaming one renames its pin; deleting the other takes its pin away, without waiting for the map's cache.
    find_by_role(browser, "button", "Temple walk").click()
    wait_for_role(browser, "heading", "Temple walk")
    find_by_role(browser, "link", en["journal.edit"]).click()
    fill(browser, en["journal.form.title"], "Temple walk at dusk")
    find_by_role(browser, "button", en["wish.form.save"]).click()
    wait_for_role(browser, "heading", "Temple walk at dusk")
    go_to_tab(browser, en, "nav.journal")
    next(card for card in by_role(browser, "link") if card.accessible_name.startswith("Market lunch")).click()
    wait_for_role(browser, "heading", "Market lunch")
    find_by_role(browser, "button", en["journal.delete"]).click()
    dialog = wait_for_role(browser, "dialog", say(en["journal.deleteDialog.title"], title="Market lunch"))
    find_by_role(dialog, "button", en["journal.delete"]).click()
    wait_until_gone(browser, "dialog")
    # Deleting leaves the entry's page for the list; going on before that would be undone by it.
    wait_until(browser, lambda: not by_role(browser, "heading", "Market lunch"), "still on the deleted entry")
    go_to_tab(browser, en, "nav.map")
    wait_for_role(browser, "button", "Temple walk at dusk")
    wait_until(browser, lambda: not by_role(browser, "button", "Market lunch"), "the deleted entry is still on the map")


def test_near_me_has_a_journal_tab_nearest_first(server, browser, catalogs):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    for title, at in (
        ("Far away", place("Busan station", 35.1151, 129.0422)),
        ("Round the corner", place("Jogyesa", 37.5740, 126.9820)),
    ):
        status, entry = server.api("POST", "/journal", {"title": title, "date": "2025-06-01", "place": at}, token=token)
        assert status == 201, entry
    allow_location(browser, server, 37.5700, 126.9800)
    browser.get(server.url("/#/map/near"))
    wait_for_role(browser, "tab", en["nav.journal"]).click()
    panel = wait_for_role(browser, "tabpanel", en["nav.journal"])
    titles = lambda: [card.text.split("\n")[0] for card in panel.find_elements("css selector", ".journal-card")]
    wait_until(
        browser, lambda: titles() == ["Round the corner", "Far away"], "Near me does not list the entries nearest first"
    )
    notes = [note.text for note in panel.find_elements("css selector", ".journal-card-note")]
    assert notes[0].endswith(" m") and notes[1].endswith(" km"), notes
