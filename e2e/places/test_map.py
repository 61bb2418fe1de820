"""Places and the map in a real browser against the real server (tiles off): "Add wish here" from
the device's position, a place found in the editor shown as a marker, Near me nearest first,
the Places search category, refused location, and marker loading that waits for the map to
settle (W9, W10, W11, K1, K3, K4, K5). Controls are found by role and accessible name."""

import math
import re

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from accessibility import by_role, fill, find_by_role, wait_for_role, wait_until
from flows import allow_location, create_wish, go_to_tab, signed_in
from module_harness import RUN_IN_MODULE

SEOUL = (37.5665, 126.9780)
JEONJU = {
    "name": "Jeonju",
    "address": "Jeollabuk-do, Republic of Korea",
    "latitude": 35.82194,
    "longitude": 127.14889,
    "source": "search",
}
MARKERS = "/api/v1/map/markers"


def deny_location(browser, server):
    browser.execute_cdp_cmd(
        "Browser.setPermission", {"origin": server.base_url, "permission": {"name": "geolocation"}, "setting": "denied"}
    )


def marker_requests(browser):
    return browser.execute_script(
        "return performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.includes(arguments[0]));",
        MARKERS,
    )


def place_with(server, token, name, latitude, longitude):
    place = {"name": name, "address": None, "latitude": latitude, "longitude": longitude, "source": "manual"}
    return create_wish(server, token, name=name, place=place)


def test_add_wish_here_uses_the_device_place_named_by_the_nearest_city(server, browser, catalogs, screenshot):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    allow_location(browser, server, *SEOUL)
    go_to_tab(browser, en, "nav.map")
    locate = wait_for_role(browser, "button", en["map.locate"])
    locate.click()
    wait_until(browser, lambda: browser.find_elements("css selector", ".map-you-dot"), "no dot marks the position")

    # The second press follows the device (its icon changes), the third stops.
    assert locate.get_attribute("aria-pressed") == "false"
    locate.click()
    wait_until(browser, lambda: locate.get_attribute("aria-pressed") == "true", "follow mode did not turn on")
    screenshot("map-located")
    locate.click()
    wait_until(browser, lambda: locate.get_attribute("aria-pressed") == "false", "follow mode did not turn off")

    find_by_role(browser, "button", en["map.addHere"]).click()
    wait_for_role(browser, "heading", en["wish.new.title"])
    place = wait_for_role(browser, "combobox", en["wish.form.place"])
    assert "Seoul" in place.get_attribute("value")
    fill(browser, en["wish.form.name"], "Palace at night")
    screenshot("wish-new-with-place")
    find_by_role(browser, "button", en["wish.form.save"]).click()
    wait_for_role(browser, "heading", "Palace at night")

    status, listed = server.api("GET", "/wishes", token=token)
    assert status == 200 and len(listed["items"]) == 1
    saved = listed["items"][0]["place"]
    assert "Seoul" in saved["name"] or "서울" in saved["name"], saved
    assert saved["source"] == "device"
    assert (saved["latitude"], saved["longitude"]) == SEOUL


def test_a_place_found_in_the_editor_shows_as_a_marker_that_opens_the_wish(server, browser, catalogs, screenshot):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    wait_for_role(browser, "link", en["wish.add"]).click()
    wait_for_role(browser, "heading", en["wish.new.title"])
    fill(browser, en["wish.form.name"], "Bibimbap")
    box = wait_for_role(browser, "combobox", en["wish.form.place"])
    box.send_keys("Jeonju")
    option = wait_until(
        browser,
        lambda: next((o for o in by_role(browser, "option") if o.accessible_name.startswith("Jeonju")), None),
        "Jeonju is not offered",
    )
    assert box.get_attribute("aria-expanded") == "true"
    screenshot("wish-place-search")
    box.send_keys(Keys.ARROW_DOWN)
    assert box.get_attribute("aria-activedescendant") == option.get_attribute("id")
    box.send_keys(Keys.ENTER)  # picks the option; does not submit the form
    wait_until(browser, lambda: box.get_attribute("aria-expanded") == "false", "the list stayed open")
    assert box.get_attribute("value") == "Jeonju"
    wait_for_role(browser, "heading", en["wish.new.title"])
    find_by_role(browser, "button", en["wish.form.save"]).click()

    wait_for_role(browser, "heading", "Bibimbap")
    place = wait_for_role(browser, "region", en["wish.place"])
    assert "Jeonju" in place.text
    wait_until(
        browser, lambda: browser.find_elements("css selector", ".wish-detail-map .map-pin"), "no pin on the small map"
    )
    screenshot("wish-detail-place")
    status, listed = server.api("GET", "/wishes", token=token)
    saved = listed["items"][0]["place"]
    assert (saved["name"], saved["source"], saved["latitude"], saved["longitude"]) == (
        "Jeonju",
        "search",
        JEONJU["latitude"],
        JEONJU["longitude"],
    )

    go_to_tab(browser, en, "nav.map")
    wait_for_role(browser, "button", "Bibimbap").click()
    card = wait_for_role(browser, "region", en["map.selected"])
    wait_for_role(browser, "link", "Bibimbap", within=card)
    screenshot("map-card")
    find_by_role(card, "link", "Bibimbap").click()
    wait_for_role(browser, "heading", "Bibimbap")
    assert browser.execute_script("return location.hash") == f"#/wishes/{listed['items'][0]['id']}"


def test_near_me_lists_wishes_nearest_first_with_their_distances(server, browser, catalogs, screenshot):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    create_wish(server, token, name="Bibimbap", place=JEONJU)
    place_with(server, token, "Palace", 37.5700, 126.9800)
    create_wish(server, token, name="No place")
    allow_location(browser, server, *SEOUL)
    status, near = server.api("GET", f"/wishes/near?lat={SEOUL[0]}&lng={SEOUL[1]}", token=token)
    assert status == 200
    expected = [(item["wish"]["name"], item["distanceMeters"]) for item in near["items"]]
    assert [name for name, _ in expected] == ["Palace", "Bibimbap"]

    go_to_tab(browser, en, "nav.map")
    wait_for_role(browser, "link", en["map.nearMe"]).click()
    wait_for_role(browser, "heading", en["near.title"])
    cards = lambda: browser.find_elements("css selector", "wl-near-view .wish-card")
    wait_until(browser, lambda: len(cards()) == 2, "Near me does not list the two wishes with a place")
    shown = [
        (
            card.find_element("css selector", ".wish-card-name").text,
            card.find_element("css selector", ".wish-card-note").text,
        )
        for card in cards()
    ]
    assert [name for name, _ in shown] == ["Palace", "Bibimbap"]
    (near_name, near_text), (far_name, far_text) = shown
    # "430 m" for under a kilometre, whole kilometres beyond ten.
    assert near_text == f"{round(expected[0][1] / 10) * 10} m", near_text
    assert far_text == f"{round(expected[1][1] / 1000)} km", far_text
    screenshot("near-me")


def test_distances_read_naturally_in_english_and_korean(server, browser, catalogs):
    browser.execute_cdp_cmd("Page.setBypassCSP", {"enabled": True})
    browser.get(server.url())
    wait_for_role(browser, "heading", catalogs["en"]["setup.title"])
    body = """
        const base = document.querySelector('script[type="module"]').src.replace(/js\\/shell\\/main\\.js$/, "");
        const { formatDistance } = await import(base + "js/places/place-format.js");
        const sample = () => [42, 850, 1234, 12345, 1234567].map(formatDistance);
        const english = sample();
        await module.i18n.setLanguage("ko", { remember: false });
        return { english, korean: sample() };
    """
    answer = browser.execute_async_script(RUN_IN_MODULE, "js/shell/i18n.js", body)
    assert "error" not in answer, answer
    assert answer["value"] == {
        "english": ["42 m", "850 m", "1.2 km", "12 km", "1,235 km"],
        "korean": ["42m", "850m", "1.2km", "12km", "1,235km"],
    }


def found_place(browser, en, query, name):
    """Searches for `query` and gives the link of the place called `name` in the Places category."""
    go_to_tab(browser, en, "nav.search")
    box = wait_for_role(browser, "searchbox", en["search.label"])
    box.clear()
    box.send_keys(query)
    tab = wait_until(
        browser,
        lambda: next((t for t in by_role(browser, "tab") if t.accessible_name.startswith(en["search.places"])), None),
        "no Places tab",
    )
    tab.click()
    wait_until(browser, lambda: tab.get_attribute("aria-selected") == "true", "the Places tab is not selected")
    return wait_until(
        browser,
        lambda: next((link for link in by_role(browser, "link") if link.accessible_name.startswith(name)), None),
        f"{name} is not among the places",
    )


def test_places_search_category_finds_jeonju_and_opens_the_map_there(server, browser, catalogs, screenshot):
    en = catalogs["en"]
    signed_in(server, browser, en)
    jeonju = found_place(browser, en, "jeon", "Jeonju")
    screenshot("search-places")
    jeonju.click()
    wait_for_role(browser, "heading", en["nav.map"])
    wait_for_role(browser, "region", en["map.label"])
    assert re.search(r"lat=35\.8219\d*&lng=127\.1488\d*", browser.execute_script("return location.hash"))


def test_a_found_place_has_its_own_marker_until_the_map_is_left(server, browser, catalogs, screenshot):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    # A wish at the very same spot: its pin is a button, the found place's marker a named picture.
    create_wish(server, token, name="Bibimbap", place=JEONJU)
    find_by_role(browser, "button", en["list.refresh"]).click()
    wait_for_role(browser, "link", "Bibimbap")
    found_place(browser, en, "jeon", "Jeonju").click()
    marker = wait_for_role(browser, "img", "Jeonju")
    assert marker.get_attribute("title") == "Jeonju"
    assert not by_role(browser, "button", "Jeonju")
    wait_for_role(browser, "button", "Bibimbap")
    screenshot("map-found-place")

    # Opening another place moves the marker there.
    found_place(browser, en, "seoul", "Seoul").click()
    wait_for_role(browser, "img", "Seoul")
    assert not by_role(browser, "img", "Jeonju")

    # The Map tab itself shows no found place: a marker would be drawn as the map's controls are.
    go_to_tab(browser, en, "nav.map")
    wait_for_role(browser, "button", en["map.zoomIn"])
    assert not by_role(browser, "img", "Seoul")


def test_refused_location_is_said_plainly(server, browser, catalogs):
    en = catalogs["en"]
    signed_in(server, browser, en)
    deny_location(browser, server)
    go_to_tab(browser, en, "nav.map")
    wait_for_role(browser, "button", en["map.locate"]).click()
    alert = wait_until(
        browser,
        lambda: next((a for a in by_role(browser, "alert") if a.text == en["location.denied"]), None),
        "no message says location is refused",
    )
    assert alert.is_displayed()
    find_by_role(browser, "button", en["map.dismiss"]).click()
    wait_until(
        browser,
        lambda: not any(a.text == en["location.denied"] for a in by_role(browser, "alert")),
        "the message stayed",
    )

    wait_for_role(browser, "link", en["map.nearMe"]).click()
    wait_for_role(browser, "heading", en["near.noLocation"])
    assert any(a.text == en["location.denied"] for a in by_role(browser, "alert"))


# Drags quicker than the map's wait before it asks: beside other tests, a drag can take longer.
@pytest.mark.timing
def test_markers_load_once_the_map_settles_not_on_every_move(server, browser, catalogs):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    # A few wishes across Korea, so the first view fits them all.
    for index, (latitude, longitude) in enumerate([(37.57, 126.98), (35.82, 127.15), (35.18, 129.08), (33.5, 126.53)]):
        place_with(server, token, f"Wish {index}", latitude, longitude)
    go_to_tab(browser, en, "nav.map")
    wait_until(
        browser, lambda: len(browser.find_elements("css selector", ".map-pin, .map-count")) >= 2, "no markers drawn"
    )
    wait_until(browser, lambda: len(marker_requests(browser)) >= 1, "no marker request")
    browser.execute_script("performance.clearResourceTimings()")

    canvas = wait_for_role(browser, "region", en["map.label"])
    moves = 8
    for _ in range(moves):
        # Quick drags the same way, each ending in a "moveend" over new ground (no cached answer
        # helps); the map must not ask the server for each one.
        ActionChains(browser, duration=0).move_to_element_with_offset(
            canvas, -90, -150
        ).click_and_hold().move_by_offset(90, 20).move_by_offset(90, 20).release().perform()
    # The map says it is busy from the first move until the markers of where it stopped are drawn.
    wait_until(
        browser,
        lambda: browser.execute_script("return !document.querySelector('.map-view[aria-busy]')"),
        "still loading",
    )
    count = len(marker_requests(browser))
    assert 1 <= count <= 2, f"{count} marker requests for {moves} moves"
    assert all(
        re.search(r"bbox=[-\d.]+%2C[-\d.]+%2C[-\d.]+%2C[-\d.]+&zoom=\d+", url) for url in marker_requests(browser)
    )


def test_choose_on_map_puts_a_named_pin_on_the_wish(server, browser, catalogs, screenshot):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    wish = create_wish(server, token, name="Picnic", place=JEONJU)
    browser.get(server.url(f"/#/wishes/{wish['id']}/edit"))
    wait_for_role(browser, "heading", en["wish.edit.title"])
    assert wait_for_role(browser, "combobox", en["wish.form.place"]).get_attribute("value") == "Jeonju"

    wait_for_role(browser, "button", en["place.chooseOnMap"]).click()
    dialog = wait_for_role(browser, "dialog", en["place.picker.title"])
    name = wait_for_role(browser, "textbox", en["place.picker.name"], within=dialog)
    assert name.get_attribute("value") == "Jeonju"  # the wish's place, until the pin moves
    screenshot("place-picker")
    name.clear()
    find_by_role(dialog, "button", en["place.picker.use"]).click()
    wait_until(
        browser,
        lambda: any(a.text == en["validation.place.name"] for a in by_role(browser, "alert")),
        "an empty name was accepted",
    )
    name.send_keys("Riverside picnic spot")
    find_by_role(dialog, "button", en["place.picker.use"]).click()
    wait_until(browser, lambda: not by_role(browser, "dialog"), "the dialog stayed open")
    assert wait_for_role(browser, "combobox", en["wish.form.place"]).get_attribute("value") == "Riverside picnic spot"
    find_by_role(browser, "button", en["wish.form.save"]).click()
    wait_for_role(browser, "heading", "Picnic")

    status, saved = server.api("GET", f"/wishes/{wish['id']}", token=token)
    assert status == 200
    place = saved["place"]
    assert (place["name"], place["source"]) == ("Riverside picnic spot", "manual")
    assert math.isclose(place["latitude"], JEONJU["latitude"], abs_tol=1e-4)
    assert math.isclose(place["longitude"], JEONJU["longitude"], abs_tol=1e-4)


def test_a_map_opened_first_names_each_pin_after_its_wish(server, browser, catalogs):
    """The map as the first screen of a visit (a bookmark, a reload on the Map tab) has not seen
    the list: its pins still say which wish they are, as a screen reader reads them."""
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    create_wish(server, token, name="Bibimbap in Jeonju", place=JEONJU)
    browser.get(server.url(f"/#/map?lat={JEONJU['latitude']}&lng={JEONJU['longitude']}&z=13"))
    browser.refresh()
    wait_for_role(browser, "button", "Bibimbap in Jeonju", timeout=30)
    assert not by_role(browser, "button", en["map.unnamedPin"])
