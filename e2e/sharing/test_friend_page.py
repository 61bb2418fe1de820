"""The friend's page of a shared list (`/s/{token}`), on a phone with no account: reserving and
cancelling a gift, another friend seeing it reserved, the owner looking at their own link and
seeing nothing of it, a reserved gift deleted, private wishes, and the page in Korean."""

import pytest
from sharing_steps import as_friend, card_text, close_wish, make_share, open_list, open_wish, page_text, reserve

from accessibility import by_role, find_by_role, wait_for_role, wait_until, wait_until_gone
from flows import create_wish, say, signed_in, use_language


@pytest.mark.cluster_journey
def test_a_friend_reserves_and_cancels_and_another_friend_sees_it_reserved(server, browser, catalogs, screenshot):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    create_wish(server, token, name="Scarf", memo="Blue, please")
    create_wish(server, token, name="Camera")
    share = make_share(server, token)

    as_friend(browser, server)
    open_list(browser, server, share)
    assert say(en["sharedList.byline"], count=2, owner="alice") in page_text(browser)
    dialog = open_wish(browser, "Camera")
    screenshot("sharing-friend-wish")
    reserve(browser, en, "Aunt Mi", show_name=True, note="With the lens")
    wait_for_role(browser, "button", en["sharedList.cancelReservation"])
    assert en["sharedList.reservedByYou"] in dialog.text
    close_wish(browser, en)
    assert en["sharedList.reservedByYou"] in card_text(browser, "Camera")
    assert en["sharedList.reserved"] not in card_text(browser, "Scarf")
    screenshot("sharing-friend-list")

    # The same phone later: the browser remembers the reservation.
    browser.refresh()
    wait_until(browser, lambda: en["sharedList.reservedByYou"] in card_text(browser, "Camera"), "not remembered")
    kept = browser.execute_script("return {...localStorage}")

    # Another friend's phone sees it taken, by the name the first one let them see, and cannot take it.
    as_friend(browser, server, forget_reservations=True)
    open_list(browser, server, share)
    assert say(en["sharedList.reservedBy"], name="Aunt Mi") in card_text(browser, "Camera")
    open_wish(browser, "Camera")
    assert not by_role(browser, "button", en["sharedList.reserve"])
    assert not by_role(browser, "button", en["sharedList.cancelReservation"])
    close_wish(browser, en)

    # Back on the first phone: cancel, and the gift is free for everyone again.
    browser.execute_script("for (const [k, v] of Object.entries(arguments[0])) localStorage.setItem(k, v)", kept)
    open_list(browser, server, share)
    open_wish(browser, "Camera")
    find_by_role(browser, "button", en["sharedList.cancelReservation"]).click()
    wait_for_role(browser, "button", en["sharedList.reserve"])
    close_wish(browser, en)
    as_friend(browser, server, forget_reservations=True)
    open_list(browser, server, share)
    assert en["sharedList.reserved"] not in card_text(browser, "Camera")


def test_a_reservation_is_refused_when_another_friend_was_first(server, browser, catalogs):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    wish = create_wish(server, token, name="Teapot")
    share = make_share(server, token)
    as_friend(browser, server)
    open_list(browser, server, share)
    open_wish(browser, "Teapot")
    # Meanwhile another friend reserves it.
    token_path = share["url"].rsplit("/s/", 1)[1]
    status, _ = server.api("POST", f"/shared/{token_path}/wishes/{wish['id']}/reservation", {})
    assert status == 201
    reserve(browser, en)
    wait_until(browser, lambda: en["error.already_reserved"] in page_text(browser), "no refusal said")
    assert not by_role(browser, "button", en["sharedList.cancelReservation"])


def test_the_owner_looking_at_their_own_link_sees_no_reservation(server, browser, catalogs):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    wish = create_wish(server, token, name="Record player")
    share = make_share(server, token)
    token_path = share["url"].rsplit("/s/", 1)[1]
    status, _ = server.api(
        "POST", f"/shared/{token_path}/wishes/{wish['id']}/reservation", {"name": "Min", "showName": True}
    )
    assert status == 201

    # Still signed in: the owner opens the link they sent.
    open_list(browser, server, share)
    wait_until(browser, lambda: en["sharedList.ownerNote"] in page_text(browser), "no note that friends see more")
    open_wish(browser, "Record player")
    text = page_text(browser)
    assert "Min" not in text and en["sharedList.reserved"] not in text
    assert not by_role(browser, "button", en["sharedList.reserve"])

    # Nor do the app's own screens say anything of it.
    for path in ["/#/settings/shares", f"/#/wishes/{wish['id']}"]:
        browser.get(server.url(path))
        wait_for_role(browser, "navigation", en["nav.label"])
        wait_until(browser, lambda: "Record player" in page_text(browser) or "Birthday" in page_text(browser), path)
        text = page_text(browser)
        assert "Min" not in text.split() and en["sharedList.reserved"] not in text, path


def test_a_friend_hears_that_a_gift_they_reserved_was_removed(server, browser, catalogs):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    wish = create_wish(server, token, name="Kettle")
    create_wish(server, token, name="Mug")
    share = make_share(server, token)
    as_friend(browser, server)
    open_list(browser, server, share)
    open_wish(browser, "Kettle")
    reserve(browser, en)
    wait_for_role(browser, "button", en["sharedList.cancelReservation"])
    close_wish(browser, en)

    status, _ = server.api("DELETE", f"/wishes/{wish['id']}", token=token)
    assert status == 204
    open_list(browser, server, share)
    wait_until(browser, lambda: en["sharedList.removedOne"] in page_text(browser), "the removal was not said")
    assert not by_role(browser, "button", "Kettle")

    # Said once: the next visit has nothing to report.
    open_list(browser, server, share)
    wait_for_role(browser, "button", "Mug")
    assert en["sharedList.removedOne"] not in page_text(browser)


def test_a_private_wish_is_in_no_share_whatever_its_tags(server, browser, catalogs):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    secret = create_wish(server, token, name="Surprise for Mum", tags=["family"])
    create_wish(server, token, name="Board game", tags=["family"])
    share = make_share(server, token, tag="family", title="Family")

    # The owner marks it private in the editor.
    browser.get(server.url(f"/#/wishes/{secret['id']}/edit"))
    switch = wait_for_role(browser, "switch", en["wish.form.private"])
    assert not switch.is_selected()
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", switch)
    switch.click()
    find_by_role(browser, "button", en["wish.form.save"]).click()
    wait_for_role(browser, "heading", "Surprise for Mum")
    status, saved = server.api("GET", f"/wishes/{secret['id']}", token=token)
    assert status == 200 and saved["private"] is True

    as_friend(browser, server)
    open_list(browser, server, share, "Family")
    wait_for_role(browser, "button", "Board game")
    assert "Surprise for Mum" not in page_text(browser)
    assert say(en["sharedList.bylineOne"], owner="alice") in page_text(browser)


def test_the_page_speaks_korean_to_a_korean_browser_and_shows_only_what_the_share_allows(server, browser, catalogs):
    en, ko = catalogs["en"], catalogs["ko"]
    token = signed_in(server, browser, en)
    create_wish(
        server,
        token,
        name="우산",
        memo="긴 우산",
        tags=["비"],
        place={"name": "Home", "address": None, "latitude": 37.5, "longitude": 127.0, "source": "manual"},
    )
    share = make_share(server, token, showMemos=False, allowReservations=False)
    as_friend(browser, server, forget_reservations=True)
    open_list(browser, server, share)
    use_language(browser, "ko")
    wait_until(browser, lambda: say(ko["sharedList.bylineOne"], owner="alice") in page_text(browser), "not in Korean")
    open_wish(browser, "우산")
    text = page_text(browser)
    assert "비" in text
    assert "긴 우산" not in text and "Home" not in text
    assert not by_role(browser, "button", ko["sharedList.reserve"])
    find_by_role(browser, "button", ko["sharedList.close"]).click()
    wait_until_gone(browser, "dialog", "우산")


def test_a_long_list_shows_more_on_request(server, browser, catalogs):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    for index in range(26):
        create_wish(server, token, name=f"Gift {index}")
    share = make_share(server, token)
    as_friend(browser, server)
    open_list(browser, server, share)
    # Newest first: the first page ends before the two oldest.
    wait_for_role(browser, "button", "Gift 25")
    assert not by_role(browser, "button", "Gift 0")
    more = find_by_role(browser, "button", en["sharedList.more"])
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", more)
    more.click()
    wait_for_role(browser, "button", "Gift 0")
    assert say(en["sharedList.byline"], count=26, owner="alice") in page_text(browser)
    assert not by_role(browser, "button", en["sharedList.more"])
