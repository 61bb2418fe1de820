"""The wish screens in a real browser against the real server: adding with tag
chips, the star and Favorites, editing, search with category tabs and recent
searches, deleting, paging, validation and network failure (W1, W3–W6,
W13, W15, K1, K2, K6, K7). Every check finds controls by role and accessible name."""

import pytest
from selenium.webdriver.common.keys import Keys

from accessibility import by_role, fill, find_by_role, names_of, wait_for_role, wait_until, wait_until_gone
from conftest import DESKTOP, PHONE, set_viewport
from flows import block_api, category_tab, create_wish, go_to_tab, say, signed_in, unblock_api
from layout import expect_fits


def star(browser, en, name):
    return wait_for_role(browser, "button", say(en["wish.favorite"], name=name))


def card_names(browser, en, list_key="nav.wishes"):
    """The wish names shown as cards in the list named by `list_key`, in order."""
    shown = by_role(browser, "list", en[list_key])
    if not shown:
        return []
    return names_of(by_role(shown[0], "link"))


def recent_queries(server, token):
    status, body = server.api("GET", "/recent-searches", token=token)
    assert status == 200, body
    return [item["query"] for item in body["items"]]


def test_add_a_wish_with_three_tags_star_it_and_see_it_in_favorites(server, browser, catalogs, screenshot):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    wait_for_role(browser, "heading", en["wishes.empty.title"])
    screenshot("wishes-empty")

    wait_for_role(browser, "link", en["wish.add"]).click()
    wait_for_role(browser, "heading", en["wish.new.title"])
    fill(browser, en["wish.form.name"], "Red travel bag")
    fill(browser, en["wish.form.memo"], "The one with the leather straps.\nMaybe in navy?")
    fill(browser, en["wish.form.link"], "https://example.com/bag")
    tags = wait_for_role(browser, "textbox", en["wish.form.tags"])
    tags.send_keys("travel", Keys.ENTER)
    tags.send_keys("  big   bags ,")
    tags.send_keys("gift", Keys.ENTER)
    tags.send_keys("Travel", Keys.ENTER)  # a repeat in another case is dropped, as the server would
    tags.send_keys("oops", Keys.ENTER)
    wait_for_role(browser, "button", say(en["tags.remove"], tag="oops"))
    tags.send_keys(Keys.BACKSPACE)  # in the empty field: removes the last chip
    wait_until_gone(browser, "button", say(en["tags.remove"], tag="oops"))
    chips = [name for name in names_of(by_role(browser, "button")) if name.startswith("Remove tag")]
    assert chips == [say(en["tags.remove"], tag=tag) for tag in ("travel", "big bags", "gift")]
    screenshot("wish-new")
    find_by_role(browser, "button", en["wish.form.save"]).click()

    # Save opens the new wish's detail.
    wait_for_role(browser, "heading", "Red travel bag")
    arrow = wait_for_role(browser, "link", en["wish.openLink"])
    assert arrow.get_attribute("href") == "https://example.com/bag"
    assert arrow.get_attribute("target") == "_blank"
    assert set(arrow.get_attribute("rel").split()) == {"noopener", "noreferrer"}
    screenshot("wish-detail")
    status, listed = server.api("GET", "/wishes", token=token)
    assert status == 200 and len(listed["items"]) == 1
    saved = listed["items"][0]
    assert (saved["name"], saved["tags"], saved["memo"]) == (
        "Red travel bag",
        ["travel", "big bags", "gift"],
        "The one with the leather straps.\nMaybe in navy?",
    )

    find_by_role(browser, "button", en["app.back"]).click()
    wait_for_role(browser, "heading", en["nav.wishes"])
    wait_until(browser, lambda: card_names(browser, en) == ["Red travel bag"], "the new wish is not on the Wishes tab")
    card = wait_for_role(browser, "link", "Red travel bag").find_element("xpath", "./ancestor::article")
    assert [chip.text for chip in card.find_elements("css selector", ".tag-chip")] == ["travel", "big bags", "gift"]

    button = star(browser, en, "Red travel bag")
    assert button.get_attribute("aria-pressed") == "false"
    button.click()
    wait_until(browser, lambda: button.get_attribute("aria-pressed") == "true", "the star did not turn on")
    wait_until(
        browser,
        lambda: server.api("GET", f"/wishes/{saved['id']}", token=token)[1]["favorite"],
        "not saved as favorite",
    )
    screenshot("wishes-grid")

    go_to_tab(browser, en, "nav.favorites")
    wait_until(browser, lambda: card_names(browser, en, "nav.favorites") == ["Red travel bag"], "not on Favorites")

    # Unstarring on Favorites takes the card away at once, without a reload.
    star(browser, en, "Red travel bag").click()
    wait_for_role(browser, "heading", en["favorites.empty.title"])
    assert card_names(browser, en, "nav.favorites") == []


def test_edit_in_detail_updates_the_list_and_stale_edits_are_caught(server, browser, catalogs, screenshot):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    wish = create_wish(server, token, name="Camera", tags=["photo"])
    find_by_role(browser, "button", en["list.refresh"]).click()
    wait_for_role(browser, "link", "Camera").click()

    wait_for_role(browser, "heading", "Camera")
    wait_for_role(browser, "link", en["wish.edit"]).click()
    wait_for_role(browser, "heading", en["wish.edit.title"])
    screenshot("wish-edit")
    name = fill(browser, en["wish.form.name"], "Film camera")
    assert name.get_attribute("value") == "Film camera"
    find_by_role(browser, "button", en["wish.form.save"]).click()
    wait_for_role(browser, "heading", "Film camera")

    # Starring in detail shows on the list's card too (one record, W15).
    star(browser, en, "Film camera").click()
    find_by_role(browser, "button", en["app.back"]).click()
    wait_for_role(browser, "heading", en["nav.wishes"])
    wait_until(browser, lambda: card_names(browser, en) == ["Film camera"], "the list still shows the old name")
    assert star(browser, en, "Film camera").get_attribute("aria-pressed") == "true"

    # Someone else changes the wish while it is open in the editor: saving shows both versions, and
    # taking the other one puts it in the form (test_wish_editor_safety.py
    # covers keeping and merging).
    wait_for_role(browser, "link", "Film camera").click()
    wait_for_role(browser, "link", en["wish.edit"]).click()
    fill(browser, en["wish.form.name"], "Mine")
    status, _ = server.api("PATCH", f"/wishes/{wish['id']}", {"name": "Theirs"}, token=token)
    assert status == 200
    find_by_role(browser, "button", en["wish.form.save"]).click()
    wait_for_role(browser, "heading", en["conflict.title"])
    assert server.api("GET", f"/wishes/{wish['id']}", token=token)[1]["name"] == "Theirs"
    find_by_role(browser, "button", en["conflict.takeTheirs"]).click()
    name = wait_for_role(browser, "textbox", en["wish.form.name"])
    wait_until(browser, lambda: name.get_attribute("value") == "Theirs", "the form did not take the other version")
    wait_until_gone(browser, "heading", en["conflict.title"])
    find_by_role(browser, "button", en["wish.form.save"]).click()
    wait_for_role(browser, "heading", "Theirs")


def test_search_by_tag_and_by_name_with_recent_searches(server, browser, catalogs, screenshot):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    create_wish(server, token, name="Red travel bag", tags=["luggage"])
    create_wish(server, token, name="Blue shoes", tags=["running"])
    go_to_tab(browser, en, "nav.search")
    box = wait_for_role(browser, "searchbox", en["search.label"])

    box.send_keys("lugg")
    wait_until(
        browser,
        lambda: category_tab(browser, en, "search.byTag").get_attribute("aria-selected") == "true",
        "By tag not chosen",
    )
    panel = wait_for_role(browser, "tabpanel")
    wait_for_role(browser, "link", "Red travel bag", within=panel)
    by_tag = category_tab(browser, en, "search.byTag")
    assert by_tag.get_attribute("aria-selected") == "true"
    assert by_tag.accessible_name == f"{en['search.byTag']} 1"
    assert category_tab(browser, en, "search.byName").accessible_name == f"{en['search.byName']} 0"
    assert panel.accessible_name == by_tag.accessible_name
    screenshot("search-results")

    box.clear()
    box.send_keys("hoe", Keys.ENTER)  # part of a word, at once on Enter
    wait_until(
        browser,
        lambda: category_tab(browser, en, "search.byName").get_attribute("aria-selected") == "true",
        "By name not chosen",
    )
    panel = wait_for_role(browser, "tabpanel")
    wait_for_role(browser, "link", "Blue shoes", within=panel)
    assert not by_role(panel, "link", "Red travel bag")
    # The other tab says plainly that it found nothing.
    category_tab(browser, en, "search.byTag").click()
    wait_for_role(browser, "heading", say(en["search.noneByTag"], query="hoe"))

    # Only settled searches were recorded, not one per keystroke.
    assert recent_queries(server, token) == ["hoe", "lugg"]

    box.clear()
    box.send_keys("x", Keys.BACKSPACE)  # an emptied field (by typing) shows the recent searches
    wait_for_role(browser, "heading", en["search.recent"])
    screenshot("search-recent")
    wait_for_role(browser, "button", "lugg").click()
    assert box.get_attribute("value") == "lugg"
    wait_until(
        browser,
        lambda: category_tab(browser, en, "search.byTag").get_attribute("aria-selected") == "true",
        "By tag not chosen",
    )
    panel = wait_for_role(browser, "tabpanel")
    wait_for_role(browser, "link", "Red travel bag", within=panel)

    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.BACKSPACE)
    wait_for_role(browser, "button", say(en["search.deleteRecent"], query="hoe")).click()
    wait_until_gone(browser, "button", "hoe")
    wait_until(browser, lambda: recent_queries(server, token) == ["lugg"], "the recent search was not deleted")
    find_by_role(browser, "button", en["search.clearAll"]).click()
    wait_for_role(browser, "heading", en["search.empty.title"])
    assert recent_queries(server, token) == []


def test_delete_a_wish_and_it_is_gone_everywhere(server, browser, catalogs, screenshot):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    create_wish(server, token, name="Desk lamp", tags=["home"], favorite=True)
    lamp = create_wish(server, token, name="Old lamp", tags=["home"], favorite=True)

    # Seen on Favorites and in search results first, so both hold it when it goes.
    go_to_tab(browser, en, "nav.favorites")
    wait_until(
        browser, lambda: card_names(browser, en, "nav.favorites") == ["Old lamp", "Desk lamp"], "not both favorites"
    )
    go_to_tab(browser, en, "nav.search")
    wait_for_role(browser, "searchbox", en["search.label"]).send_keys("lamp", Keys.ENTER)
    panel = wait_for_role(browser, "tabpanel")
    wait_for_role(browser, "link", "Old lamp", within=panel).click()

    wait_for_role(browser, "heading", "Old lamp")
    wait_for_role(browser, "button", en["wish.delete"]).click()
    dialog = wait_for_role(browser, "dialog", say(en["wish.deleteDialog.title"], name="Old lamp"))
    screenshot("wish-delete-dialog")
    find_by_role(dialog, "button", en["dialog.cancel"]).click()
    wait_until_gone(browser, "dialog")
    assert server.api("GET", f"/wishes/{lamp['id']}", token=token)[0] == 200

    find_by_role(browser, "button", en["wish.delete"]).click()
    dialog = wait_for_role(browser, "dialog")
    find_by_role(dialog, "button", en["wish.delete"]).click()

    # Back on the search results it came from, without it.
    panel = wait_for_role(browser, "tabpanel")
    wait_for_role(browser, "link", "Desk lamp", within=panel)
    assert not by_role(browser, "link", "Old lamp")
    assert server.api("GET", f"/wishes/{lamp['id']}", token=token)[0] == 404
    go_to_tab(browser, en, "nav.wishes")
    wait_until(browser, lambda: card_names(browser, en) == ["Desk lamp"], "still on Wishes")
    go_to_tab(browser, en, "nav.favorites")
    wait_until(browser, lambda: card_names(browser, en, "nav.favorites") == ["Desk lamp"], "still on Favorites")


def test_the_list_loads_more_as_you_scroll(server, browser, catalogs):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    names = [f"Wish {number:02d}" for number in range(1, 31)]
    for name in names:
        create_wish(server, token, name=name)
    find_by_role(browser, "button", en["list.refresh"]).click()

    newest_first = list(reversed(names))
    wait_until(browser, lambda: card_names(browser, en) == newest_first[:24], "the first page is not 24 newest first")
    browser.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
    wait_until(browser, lambda: card_names(browser, en) == newest_first, "scrolling did not load the rest")
    wait_until_gone(browser, "button", en["list.loadMore"])
    pages = browser.execute_script(
        "return performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.includes('/api/v1/wishes?'))"
    )
    # The sign-in load, the refresh, then one request for page two: never the same page twice.
    assert len(pages) == 3, pages
    assert sum("cursor=" in page for page in pages) == 1


def test_load_more_button_works_without_scrolling(server, browser, catalogs):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    for number in range(1, 27):
        create_wish(server, token, name=f"Item {number:02d}")
    # A tall desktop window shows the whole first page, and the observer fetches page two by itself;
    # at phone size the button is the way when scrolling is not happening.
    find_by_role(browser, "button", en["list.refresh"]).click()
    wait_until(browser, lambda: len(card_names(browser, en)) == 24, "no first page")
    more = wait_for_role(browser, "button", en["list.loadMore"])
    browser.execute_script("arguments[0].click()", more)
    wait_until(browser, lambda: len(card_names(browser, en)) == 26, "the button did not load more")


def test_bad_input_is_explained_next_to_its_field_and_nothing_is_saved(server, browser, catalogs, screenshot):
    en = catalogs["en"]
    token = signed_in(server, browser, en, "/#/wishes/new")
    wait_for_role(browser, "heading", en["wish.new.title"])

    fill(browser, en["wish.form.name"], "n" * 201)
    fill(browser, en["wish.form.link"], "ftp://example.com/file")
    wait_for_role(browser, "textbox", en["wish.form.tags"]).send_keys("t" * 31, Keys.ENTER)
    find_by_role(browser, "button", en["wish.form.save"]).click()

    wait_until(browser, lambda: len(by_role(browser, "alert")) == 3, "not three field errors")
    for label, message in (
        ("wish.form.name", "validation.name.long"),
        ("wish.form.link", "validation.link.scheme"),
        ("wish.form.tags", "validation.tag.long"),
    ):
        box = find_by_role(browser, "textbox", en[label])
        assert box.get_attribute("aria-invalid") == "true", label
        described = box.get_attribute("aria-describedby").split()
        errors = [browser.find_element("id", ident) for ident in described if ident.endswith("-error")]
        assert [error.text for error in errors] == [en[message]], label
    assert browser.switch_to.active_element == find_by_role(browser, "textbox", en["wish.form.name"])
    screenshot("wish-form-errors")
    assert server.api("GET", "/wishes", token=token)[1]["items"] == []

    # A name with only spaces is no name; a link without a scheme is not a web address.
    fill(browser, en["wish.form.name"], "   ")
    fill(browser, en["wish.form.link"], "example.com")
    tags = find_by_role(browser, "textbox", en["wish.form.tags"])
    tags.send_keys(Keys.CONTROL, "a")
    tags.send_keys(Keys.BACKSPACE)
    # Leaving the tags field first: its blur commits it and may move what is below before a click lands.
    tags.send_keys(Keys.TAB)
    find_by_role(browser, "button", en["wish.form.save"]).click()
    wait_until(
        browser,
        lambda: (
            sorted(a.text for a in by_role(browser, "alert"))
            == sorted([en["validation.name.required"], en["validation.link.invalid"]])
        ),
        "wrong errors for a blank name and bare link",
    )
    assert server.api("GET", "/wishes", token=token)[1]["items"] == []

    fill(browser, en["wish.form.name"], "Fixed")
    fill(browser, en["wish.form.link"], "https://example.com")
    find_by_role(browser, "button", en["wish.form.save"]).click()
    wait_for_role(browser, "heading", "Fixed")
    assert [wish["name"] for wish in server.api("GET", "/wishes", token=token)[1]["items"]] == ["Fixed"]


def test_network_failure_says_so_and_tries_again(server, browser, catalogs, screenshot):
    en = catalogs["en"]
    signed_in(server, browser, en)
    block_api(browser)

    go_to_tab(browser, en, "nav.favorites")
    wait_for_role(browser, "heading", en["error.network.title"])
    screenshot("favorites-offline")
    retry = find_by_role(browser, "button", en["error.retry"])

    unblock_api(browser)
    retry.click()
    wait_for_role(browser, "heading", en["favorites.empty.title"])
    wait_until_gone(browser, "heading", en["error.network.title"])

    # A wish opened while offline says the same, and recovers the same way.
    block_api(browser)
    browser.get(server.url("/#/wishes/00000000-0000-0000-0000-000000000000"))
    wait_for_role(browser, "heading", en["error.network.title"])
    unblock_api(browser)
    find_by_role(browser, "button", en["error.retry"]).click()
    wait_for_role(browser, "heading", en["wish.gone.title"])


def test_an_ended_session_goes_back_to_sign_in(server, browser, catalogs):
    en = catalogs["en"]
    signed_in(server, browser, en)
    wait_for_role(browser, "heading", en["wishes.empty.title"])
    browser.delete_all_cookies()
    find_by_role(browser, "button", en["list.refresh"]).click()
    wait_for_role(browser, "heading", en["signIn.title"])


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_wish_screens_fit_and_have_big_enough_targets(server, browser, catalogs, screenshot, size):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    set_viewport(browser, *size)
    for name, tags, favorite in (
        ("Linen shirt", ["clothes", "summer"], False),
        ("전주 한옥마을", ["여행", "한국"], True),
        ("Noise-cancelling headphones for the long flights", ["travel", "audio", "gift idea"], False),
        ("Pour-over coffee kettle", [], True),
        ("Hiking boots", ["outdoors"], False),
    ):
        create_wish(server, token, name=name, tags=tags, favorite=favorite)
    wish = create_wish(
        server,
        token,
        name="A rather long wish name that needs two lines",
        tags=["one", "two"],
        link="https://example.com/a/very/long/path/that/does/not/fit",
        memo="Memo",
    )
    server.api("GET", "/search?q=long", token=token)
    for path, heading in (
        (f"/#/wishes/{wish['id']}", wish["name"]),
        (f"/#/wishes/{wish['id']}/edit", en["wish.edit.title"]),
        ("/#/search", en["nav.search"]),
        ("/#/wishes", en["nav.wishes"]),
    ):
        browser.get(server.url(path))
        wait_for_role(browser, "heading", heading)
        wait_until(browser, lambda: not browser.find_elements("css selector", "[aria-busy=true]"), f"{path} stays busy")
        expect_fits(
            browser, size[0], by_role(browser, "link") + by_role(browser, "button") + by_role(browser, "tab"), path
        )
    if size == DESKTOP:
        screenshot("wishes-grid-full")
