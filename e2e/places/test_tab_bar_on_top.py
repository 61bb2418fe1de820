"""The tab bar stays on top of every map (issue 34, item 1): on each screen with a map, with the
K-culture spots layer on, the map scrolled under the tab bar where the screen scrolls, the point at
the middle of each tab is the tab's own, and a real tap on "Wishes" from the Map leaves the Map.
In English and Korean, at phone size."""

from urllib.parse import quote

import pytest

from accessibility import find_by_role, wait_for_role, wait_until
from conftest import PHONE, set_viewport
from flows import create_wish, signed_in

SMALL_PHONE = (390, 520)
SEOUL = {"name": "Seoul", "address": None, "latitude": 37.5665, "longitude": 126.978, "source": "manual"}

# The controls of `bar` (a selector) whose middle is not their own: what covers each.
CONTROLS_COVERED = """
const bar = document.querySelector(arguments[0]);
return [...bar.querySelectorAll("a, button")].filter((control) => control.offsetParent !== null).map((control) => {
  const box = control.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return control.contains(hit) ? null : `${control.textContent.trim() || control.className}: ${hit?.className?.baseVal ?? hit?.className ?? hit}`;
}).filter(Boolean);
"""

# Marks the maps on screen: the next screen's own map is told from them while both are there (a hash
# navigation renders the new screen after it starts; the old one's map may still be found).
MARK_MAPS = "document.querySelectorAll('.leaflet-container').forEach((map) => { map.dataset.e2eSeen = ''; })"
NEW_MAP = ".leaflet-container:not([data-e2e-seen])"

# Scrolls the last of the screen's `maps` (a selector) under `bar` (the tab bar at the bottom, or the top bar);
# true when they overlap.
MAP_UNDER = """
const [selector, atBottom, maps] = arguments;
const map = [...document.querySelectorAll(maps)].at(-1);
const bar = document.querySelector(selector).getBoundingClientRect();
const box = map.getBoundingClientRect();
// Its top just inside the tab bar, or its bottom just inside the top bar.
window.scrollBy({ top: atBottom ? box.top - (bar.top + 20) : box.bottom - (bar.bottom - 20), behavior: "instant" });
const now = map.getBoundingClientRect();
return now.top < bar.bottom && now.bottom > bar.top;
"""

TAB_BAR = ("nav.tabs", True)
TOP_BAR = (".topbar", False)


@pytest.fixture
def server_arguments():
    return ["--spots", "bundled"]


def in_language(browser, code):
    browser.execute_script("localStorage.setItem('wishlist.language', arguments[0])", code)
    browser.refresh()


def spots_layer_on(browser, text):
    layer = wait_for_role(browser, "button", text["map.spotsLayer"])
    if layer.get_attribute("aria-pressed") != "true":
        layer.click()
    wait_until(browser, lambda: layer.get_attribute("aria-pressed") == "true", "the spots layer did not switch on")
    wait_until(browser, lambda: browser.find_elements("css selector", ".leaflet-marker-icon"), "no spot on the map")


def expect_on_top(browser, screen, bar=TAB_BAR):
    """Every control of `bar` takes the taps at its middle, over the map and its markers."""
    wait_until(
        browser,
        lambda: browser.find_elements("css selector", ".leaflet-marker-icon, .leaflet-marker-pane > *"),
        f"{screen}: no marker on the map",
    )
    covered = browser.execute_script(CONTROLS_COVERED, bar[0])
    assert covered == [], f"{screen}: {bar[0]} covered by the map at {covered}"


@pytest.mark.parametrize("language", ["en", "ko"])
def test_every_map_stays_under_the_tab_bar(server, browser, catalogs, screenshot, language):
    en, text = catalogs["en"], catalogs[language]
    token = signed_in(server, browser, en)
    in_language(browser, language)
    status, answer = server.api("GET", "/spots?type=drama&limit=1", token=token)
    assert status == 200 and answer["items"], answer
    spot = answer["items"][0]
    place = {**SEOUL, "latitude": spot["latitude"], "longitude": spot["longitude"]}
    # Long enough to scroll, as a real memo or entry would be, so the small map can pass under the tab bar.
    wish = create_wish(server, token, name="Near the spot", memo="A line\n" * 40, place=place)
    status, entry = server.api(
        "POST",
        "/journal",
        {"title": "A walk", "date": "2025-05-01", "place": SEOUL, "contents": "x\n" * 40},
        token=token,
    )
    assert status == 201, entry

    # The Map tab at the spot, the spots layer on: the clusters and pins reach the tab bar.
    browser.get(server.url(f"/#/map?lat={spot['latitude']}&lng={spot['longitude']}&z=12"))
    spots_layer_on(browser, text)
    expect_on_top(browser, "map")
    screenshot(f"map-spots-tab-bar-{language}")

    screens = {
        "wish": f"/#/wishes/{wish['id']}",
        "entry": f"/#/journal/{entry['id']}",
        "spot": f"/#/spots/{spot['id']}",
        "spot-title": f"/#/discover/spots/{quote(spot['type'], safe='')}/{quote(spot['title'], safe='')}",
    }
    for screen, path in screens.items():
        browser.execute_script(MARK_MAPS)
        browser.get(server.url(path))
        wait_until(browser, lambda: browser.find_elements("css selector", NEW_MAP), f"{screen}: no map")
        # A page with a long memo or entry scrolls its map under the tab bar; one whose map is at
        # the top (a work's spots, above their list) scrolls it under the top bar.
        bar = TOP_BAR if screen == "spot-title" else TAB_BAR
        if not browser.execute_script(MAP_UNDER, *bar, NEW_MAP):
            # Too short to scroll at 844 px: a smaller phone scrolls it.
            set_viewport(browser, *SMALL_PHONE)
            assert browser.execute_script(MAP_UNDER, *bar, NEW_MAP), f"{screen}: the map cannot reach {bar[0]}"
        expect_on_top(browser, screen, bar)
        screenshot(f"{screen}-map-under-bar-{language}")
        set_viewport(browser, *PHONE)


@pytest.mark.parametrize("language", ["en", "ko"])
def test_a_tap_on_wishes_from_the_map_with_spots_on_leaves_the_map(server, browser, catalogs, language):
    en, text = catalogs["en"], catalogs[language]
    token = signed_in(server, browser, en)
    in_language(browser, language)
    status, answer = server.api("GET", "/spots?type=drama&limit=1", token=token)
    spot = answer["items"][0]
    browser.get(server.url(f"/#/map?lat={spot['latitude']}&lng={spot['longitude']}&z=11"))
    spots_layer_on(browser, text)
    expect_on_top(browser, "map")
    nav = wait_for_role(browser, "navigation", text["nav.label"])
    find_by_role(nav, "link", text["nav.wishes"]).click()
    wait_for_role(browser, "heading", text["nav.wishes"])
    assert browser.current_url.split("#")[1] == "/wishes"
