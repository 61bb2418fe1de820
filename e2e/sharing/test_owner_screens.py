"""The owner's side of sharing in the app: "Share" on the Wishes tab, or on a wish's tag, makes a
link (its QR code scans as the link, a tag share shows only that tag's wishes), and Settings › Shared links lists, changes,
rotates and revokes links, each taking effect at once for a friend."""

from datetime import UTC, datetime, timedelta

from qr_decoding import decode_qr_png
from sharing_steps import as_friend, make_share, open_list, open_wish, page_text, path_of

from accessibility import by_role, find_by_role, wait_for_role, wait_until
from flows import PASSWORD, USERNAME, create_wish, put_session, say, signed_in, tap, wait_until_layers_left


def test_share_on_the_wishes_tab_makes_a_tag_link_whose_qr_code_scans_as_it(server, browser, catalogs, screenshot):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    create_wish(server, token, name="Tent", tags=["camping"])
    create_wish(server, token, name="Perfume", tags=["birthday"])
    browser.refresh()

    wait_for_role(browser, "button", en["sharing.sheet.openLabel"]).click()
    wait_for_role(browser, "dialog", en["sharing.sheet.title"])
    # The defaults: memos and prices shown, places hidden, reservations allowed.
    assert find_by_role(browser, "checkbox", en["sharing.field.showMemos"]).is_selected()
    assert find_by_role(browser, "checkbox", en["sharing.field.showPrices"]).is_selected()
    assert not find_by_role(browser, "checkbox", en["sharing.field.showPlaces"]).is_selected()
    assert find_by_role(browser, "checkbox", en["sharing.field.allowReservations"]).is_selected()
    what = find_by_role(browser, "combobox", en["sharing.field.what"])
    option = say(en["sharing.field.tagOption"], tag="camping")
    wait_until(browser, lambda: option in what.text, "the tags were not offered")
    what.find_element("xpath", f".//option[. = '{option}']").click()
    assert find_by_role(browser, "textbox", en["sharing.field.title"]).get_attribute("value") == "camping"
    screenshot("sharing-sheet")
    find_by_role(browser, "button", en["sharing.sheet.make"]).click()

    wait_for_role(browser, "heading", en["sharing.sheet.made"])
    link = wait_for_role(browser, "textbox", en["sharing.link.label"]).get_attribute("value")
    assert "/s/" in link
    code = wait_for_role(browser, "img", say(en["sharing.link.qrLabel"], title="camping"))
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", code)
    assert decode_qr_png(code.screenshot_as_png) == [link]
    screenshot("sharing-sheet-link")

    status, shares = server.api("GET", "/shares", token=token)
    assert status == 200 and [(s["tag"], s["showPlaces"], s["url"]) for s in shares["items"]] == [
        ("camping", False, link)
    ]
    find_by_role(browser, "button", en["sharing.sheet.done"]).click()
    wait_until_layers_left(browser)

    as_friend(browser, server)
    browser.get(server.url("/s/" + link.rsplit("/s/", 1)[1]))
    wait_for_role(browser, "button", "Tent")
    assert "Perfume" not in page_text(browser)


def test_share_on_a_tag_of_a_wish_makes_that_tags_link(server, browser, catalogs, screenshot):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    create_wish(server, token, name="Sleeping bag", tags=["camping"])
    kite = create_wish(server, token, name="Kite", tags=["birthday", "outdoors"])
    browser.get(server.url(f"/#/wishes/{kite['id']}"))
    wait_for_role(browser, "heading", "Kite")
    screenshot("sharing-tag-chips")
    tap(browser, find_by_role(browser, "button", say(en["sharing.tag.shareLabel"], tag="birthday")))

    # The sheet opens set to that tag, titled after it.
    wait_for_role(browser, "dialog", en["sharing.sheet.title"])
    what = find_by_role(browser, "combobox", en["sharing.field.what"])
    assert what.get_attribute("value") == "birthday"
    assert find_by_role(browser, "textbox", en["sharing.field.title"]).get_attribute("value") == "birthday"
    # The account's other tags are offered too, the chosen one once.
    option = say(en["sharing.field.tagOption"], tag="camping")
    wait_until(browser, lambda: option in what.text, "the tags were not offered")
    assert what.text.count(say(en["sharing.field.tagOption"], tag="birthday")) == 1
    screenshot("sharing-tag-sheet")
    find_by_role(browser, "button", en["sharing.sheet.make"]).click()
    link = wait_for_role(browser, "textbox", en["sharing.link.label"]).get_attribute("value")
    status, shares = server.api("GET", "/shares", token=token)
    assert status == 200 and [(s["tag"], s["title"], s["url"]) for s in shares["items"]] == [
        ("birthday", "birthday", link)
    ]
    find_by_role(browser, "button", en["sharing.sheet.done"]).click()
    wait_until_layers_left(browser)

    as_friend(browser, server)
    browser.get(server.url("/s/" + link.rsplit("/s/", 1)[1]))
    wait_for_role(browser, "button", "Kite")
    assert "Sleeping bag" not in page_text(browser)


# The page's system share sheet and clipboard, recorded instead (neither exists in headless Chromium).
HAND_ON_STUBS = """
navigator.share = async (data) => { window.handedOn = data; };
Object.defineProperty(navigator, "clipboard", { value: { writeText: async (text) => { window.copied = text; } } });
"""


def test_a_new_link_is_copied_or_handed_to_the_system_share_sheet(server, browser, catalogs):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    create_wish(server, token, name="Tent")
    stubs = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HAND_ON_STUBS})
    try:
        browser.refresh()
        wait_for_role(browser, "button", en["sharing.sheet.openLabel"]).click()
        wait_for_role(browser, "dialog", en["sharing.sheet.title"])
        find_by_role(browser, "button", en["sharing.sheet.make"]).click()
        link = wait_for_role(browser, "textbox", en["sharing.link.label"]).get_attribute("value")
        assert "/s/" in link

        find_by_role(browser, "button", en["sharing.link.copy"]).click()
        wait_until(browser, lambda: browser.execute_script("return window.copied") == link, "the link was not copied")
        wait_until(browser, lambda: en["sharing.link.copied"] in page_text(browser), "the copy was not said")
        find_by_role(browser, "button", en["sharing.link.share"]).click()
        wait_until(browser, lambda: browser.execute_script("return window.handedOn"), "the share sheet was not asked")
        assert browser.execute_script("return window.handedOn") == {
            "title": en["sharing.sheet.defaultTitle"],
            "url": link,
        }
    finally:
        browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": stubs["identifier"]})


def test_settings_changes_what_a_share_shows_at_once(server, browser, catalogs, screenshot):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    create_wish(server, token, name="Lamp", memo="The green one")
    share = make_share(server, token)
    browser.get(server.url("/#/settings/shares"))
    wait_for_role(browser, "heading", "Birthday")
    assert en["sharing.shares.notOpened"] in page_text(browser)
    screenshot("sharing-shares")

    find_by_role(browser, "button", say(en["sharing.shares.editNamed"], title="Birthday")).click()
    find_by_role(browser, "checkbox", en["sharing.field.showMemos"]).click()
    title = find_by_role(browser, "textbox", en["sharing.field.title"])
    title.clear()
    title.send_keys("Housewarming")
    screenshot("sharing-shares-edit")
    tap(browser, find_by_role(browser, "button", en["sharing.shares.save"]))
    wait_for_role(browser, "heading", "Housewarming")

    as_friend(browser, server)
    open_list(browser, server, share, "Housewarming")
    open_wish(browser, "Lamp")
    assert "The green one" not in page_text(browser)

    # The friend's visit is counted on the owner's screen.
    status, shares = server.api("GET", "/shares", token=token)
    assert status == 200 and shares["items"][0]["views"] >= 1


def test_rotating_and_revoking_a_link_end_the_old_one_at_once(server, browser, catalogs):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    create_wish(server, token, name="Kite")
    share = make_share(server, token)

    browser.get(server.url("/#/settings/shares"))
    wait_for_role(browser, "button", say(en["sharing.shares.rotateNamed"], title="Birthday")).click()
    wait_for_role(browser, "dialog", say(en["sharing.rotate.title"], title="Birthday"))
    find_by_role(browser, "button", en["sharing.rotate.confirm"]).click()
    new_link = wait_for_role(browser, "textbox", en["sharing.link.label"])
    wait_until(browser, lambda: new_link.get_attribute("value") != share["url"], "no new link")
    rotated = new_link.get_attribute("value")

    as_friend(browser, server)
    browser.get(server.url(path_of(share)))
    wait_for_role(browser, "heading", en["sharedList.gone.title"])
    browser.get(server.url(path_of({"url": rotated})))
    wait_for_role(browser, "button", "Kite")

    # The owner again, signed in.
    put_session(server, browser, server.session_cookie(USERNAME, PASSWORD))
    browser.get(server.url("/#/settings/shares"))
    wait_for_role(browser, "button", say(en["sharing.shares.revokeNamed"], title="Birthday")).click()
    wait_for_role(browser, "dialog", say(en["sharing.revoke.title"], title="Birthday"))
    find_by_role(browser, "button", en["sharing.revoke.confirm"]).click()
    wait_until(browser, lambda: say(en["sharing.shares.revoked"], title="Birthday") in page_text(browser), "not said")
    assert not by_role(browser, "heading", "Birthday")

    as_friend(browser, server)
    browser.get(server.url(path_of({"url": rotated})))
    wait_for_role(browser, "heading", en["sharedList.gone.title"])


def test_an_expired_link_stops_working_and_settings_says_it_ended(server, browser, catalogs):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    create_wish(server, token, name="Hat")
    soon = (datetime.now(UTC) + timedelta(seconds=3)).isoformat(timespec="milliseconds").replace("+00:00", "Z")
    share = make_share(server, token, expiresAt=soon)
    as_friend(browser, server)
    open_list(browser, server, share)

    # Once the end passes, the next visit finds the link dead (the clock runs; nothing is slept).
    def gone():
        browser.get(server.url(path_of(share)))
        return by_role(browser, "heading", en["sharedList.gone.title"])

    wait_until(browser, gone, "the link still works after its end", timeout=20)
