"""K-culture spots in a real browser against the real server with the bundled spots imported
(K1, K3, K6, K8): Discover's categories and search, a work's or artist's spots, one spot
saved as a wish that then shows in Wishes with its place on the map, and the Map tab's spots
layer whose markers open a spot. Controls are found by role and accessible name."""

from urllib.parse import quote

import pytest
from selenium.webdriver.common.keys import Keys

from accessibility import by_role, find_by_role, names_of, wait_for_role, wait_until
from flows import allow_location, go_to_tab, nearest_the_middle, signed_in, use_language


@pytest.fixture
def server_arguments():
    # Test servers import no spots unless asked (conftest.py); these tests are about the bundled ones.
    return ["--spots", "bundled"]


def first(server, token, path):
    status, answer = server.api("GET", path, token=token)
    assert status == 200 and answer["items"], (status, answer)
    return answer["items"][0]


def link_starting(browser, text):
    """The one visible link whose accessible name starts with `text` (a card names all it shows)."""
    every = by_role(browser, "link")
    named = names_of(every)
    links = [link for link, name in zip(every, named, strict=True) if name.startswith(text)]
    assert len(links) == 1, named
    return links[0]


def erase(field):
    """Empties a text field as a person would, so that the page hears it."""
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.BACKSPACE)


def link_containing(browser, text):
    links = [link for link in by_role(browser, "link") if text in link.accessible_name]
    assert links, f"no link names {text!r}"
    return links[0]


def test_an_artists_spot_found_by_search_is_saved_as_a_wish_with_its_place_on_the_map(
    server, browser, catalogs, screenshot
):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    top_drama = first(server, token, "/spots/titles?type=drama&limit=1")
    bts = first(server, token, "/spots/titles?type=artist&q=BTS")
    spot = first(server, token, f"/spots?type=artist&title={quote(bts['title'])}&limit=1")
    assert spot["wishId"] is None

    go_to_tab(browser, en, "nav.discover")
    sections = wait_for_role(browser, "navigation", en["discover.sections"])
    assert find_by_role(sections, "link", en["discover.spots"]).get_attribute("aria-current") == "page"
    # Dramas come first, the work with the most spots at the top.
    assert wait_for_role(browser, "tab", en["spots.category.drama"]).get_attribute("aria-selected") == "true"
    wait_until(browser, lambda: link_starting(browser, top_drama["title"]), "the dramas are not listed")
    artists = wait_for_role(browser, "tab", en["spots.category.artist"])
    assert artists.get_attribute("aria-selected") == "false"
    artists.click()
    wait_until(browser, lambda: artists.get_attribute("aria-selected") == "true", "Artists is not selected")
    wait_for_role(browser, "searchbox", en["spots.search"]).send_keys("BTS")

    # The artist's card names it, the names people search with, and its number of spots.
    # Read in the wait: the card may be drawn anew for the last letters typed between finding it
    # and reading it.
    name = wait_until(
        browser,
        lambda: (card := link_starting(browser, bts["title"])) and card.accessible_name,
        "BTS's card is not listed",
    )
    assert en["spots.count"].replace("{count}", str(bts["spotCount"])) in name, name
    assert "BTS" in name, name
    screenshot("discover-spots-bts")
    # Found again: the results may have been drawn anew for the last letters typed.
    wait_until(browser, lambda: link_starting(browser, bts["title"]), "BTS's card is not listed").click()

    wait_for_role(browser, "heading", bts["title"])
    wait_for_role(browser, "region", en["spots.mapCount"].replace("{count}", str(min(bts["spotCount"], 24))))
    screenshot("spot-title")
    wait_until(browser, lambda: link_containing(browser, spot["name"]), "the first spot is not listed").click()

    wait_for_role(browser, "heading", spot["name"])
    directions = find_by_role(browser, "link", en["spot.directions"])
    assert f"{spot['latitude']},{spot['longitude']}" in directions.get_attribute("href").replace("%2C", ",")
    assert spot["description"].split("\n")[0].strip() in find_by_role(browser, "main").text
    screenshot("spot")
    wait_for_role(browser, "button", en["spot.save"]).click()
    open_wish = wait_for_role(browser, "link", en["spot.openWish"])

    status, saved = server.api("GET", f"/spots/{spot['id']}", token=token)
    assert status == 200 and saved["wishId"], saved
    assert open_wish.get_attribute("href").endswith(f"#/wishes/{saved['wishId']}")

    # The wish is in Wishes, named after the place, and its place is on the map.
    go_to_tab(browser, en, "nav.wishes")
    wait_until(browser, lambda: link_starting(browser, spot["name"]), "the saved wish is not in Wishes").click()
    wait_for_role(browser, "heading", spot["name"])
    wait_for_role(browser, "link", en["place.showOnMap"]).click()
    wait_for_role(browser, "heading", en["nav.map"])
    wait_for_role(browser, "button", spot["name"])


def test_the_spots_layer_shows_spots_on_the_map_and_a_marker_opens_its_spot(server, browser, catalogs, screenshot):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    spot = first(server, token, "/spots?type=drama&limit=1")
    browser.get(server.url(f"/#/map?lat={spot['latitude']}&lng={spot['longitude']}&z=17"))
    layer = wait_for_role(browser, "button", en["map.spotsLayer"])
    assert layer.get_attribute("aria-pressed") == "false"
    wait_until(
        browser, lambda: browser.find_element("css selector", ".map-view:not([aria-busy])"), "the map never settled"
    )
    assert not by_role(browser, "button", en["map.spotPin"]), "spots show before the layer is on"

    layer.click()
    wait_until(browser, lambda: layer.get_attribute("aria-pressed") == "true", "the layer did not switch on")
    pins = wait_until(browser, lambda: by_role(browser, "button", en["map.spotPin"]), "no spot marker on the map")
    screenshot("map-spots")
    # The spot the map was opened at, in its middle: others near the edges may lie under its controls.
    nearest_the_middle(browser, pins).click()

    wait_for_role(browser, "link", en["spot.directions"])
    assert browser.current_url.split("#")[1].startswith("/spots/"), browser.current_url
    shown = browser.current_url.split("/spots/")[1]
    status, opened = server.api("GET", f"/spots/{shown}", token=token)
    assert status == 200
    wait_for_role(browser, "heading", opened["name"])


@pytest.mark.parametrize("language", ["en", "ko"])
def test_discover_search_looks_in_every_category_with_each_ones_count_as_a_filter(
    server, browser, catalogs, language, screenshot
):
    catalog = catalogs[language]
    token = signed_in(server, browser, catalogs["en"])
    status, bts = server.api("GET", "/spots/titles?q=BTS", token=token)
    assert status == 200 and bts["counts"]["artist"] >= 1, bts
    status, goblin = server.api("GET", "/spots/titles?q=%EB%8F%84%EA%B9%A8%EB%B9%84", token=token)
    assert status == 200 and goblin["counts"]["drama"] >= 1, goblin
    use_language(browser, language)
    go_to_tab(browser, catalog, "nav.discover")
    search = wait_for_role(browser, "searchbox", catalog["spots.search"])

    # From the Dramas tab, an artist is found: the search looks in every category, All selected.
    assert wait_for_role(browser, "tab", catalog["spots.category.drama"]).get_attribute("aria-selected") == "true"
    search.send_keys("BTS")
    total = sum(bts["counts"].values())
    every = wait_until(
        browser, lambda: find_by_role(browser, "tab", f"{catalog['spots.category.all']} {total}"), "no All filter"
    )
    assert every.get_attribute("aria-selected") == "true"
    filters = [f"{catalog['spots.category.' + kind]} {bts['counts'][kind]}" for kind in bts["counts"]]
    assert sorted(names_of(by_role(browser, "tab"))[1:]) == sorted(filters)
    wait_until(browser, lambda: link_starting(browser, bts["items"][0]["title"]), "the artist is not found")
    screenshot(f"discover-search-all-{language}")

    # A filter shows one category's matches.
    find_by_role(browser, "tab", f"{catalog['spots.category.drama']} {bts['counts']['drama']}").click()
    wait_until(
        browser,
        lambda: not any(name.startswith(bts["items"][0]["title"]) for name in names_of(by_role(browser, "link"))),
        "an artist is listed among the dramas",
    )

    # Browsing Artists, then searching a drama: it is found too, and the categories come back once the field is cleared.
    erase(search)
    artists = wait_for_role(browser, "tab", catalog["spots.category.artist"])
    artists.click()
    wait_until(browser, lambda: artists.get_attribute("aria-selected") == "true", "Artists is not selected")
    search.send_keys("도깨비")
    wait_until(browser, lambda: link_starting(browser, goblin["items"][0]["title"]), "the drama is not found")
    erase(search)
    wait_until(
        browser,
        lambda: (
            wait_for_role(browser, "tab", catalog["spots.category.artist"]).get_attribute("aria-selected") == "true"
        ),
        "the category browsed was not kept",
    )
    assert not by_role(browser, "tab", f"{catalog['spots.category.all']} {total}")


def icon_of(element):
    """The drawing of the icon inside `element`."""
    return element.find_element("css selector", "svg").get_attribute("innerHTML")


@pytest.mark.parametrize("language", ["en", "ko"])
def test_near_me_shows_a_place_once_with_every_work_it_is_known_from(server, browser, catalogs, language, screenshot):
    catalog = catalogs[language]
    token = signed_in(server, browser, catalogs["en"])
    plaza = (37.5665, 126.978)
    status, near = server.api("GET", f"/spots/near?lat={plaza[0]}&lng={plaza[1]}&limit=24", token=token)
    assert status == 200
    places = {}
    for spot in near["items"]:
        places.setdefault((spot["name"], round(spot["latitude"], 5), round(spot["longitude"], 5)), []).append(spot)
    shared = max(places.values(), key=len)
    assert len(shared) >= 2, "no place near the plaza is known from several works"
    allow_location(browser, server, *plaza)
    use_language(browser, language)
    browser.get(server.url("/#/map/near"))
    wait_for_role(browser, "tab", catalog["near.spots"]).click()
    name = shared[0]["name"]
    heading = wait_until(browser, lambda: find_by_role(browser, "heading", name), f"{name} is not listed once")
    card = heading.find_element("xpath", "./ancestor::a")
    for other in shared[1:]:
        assert other["title"] in card.text, card.text
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", card)
    screenshot(f"near-spots-by-place-{language}")


@pytest.mark.parametrize("language", ["en", "ko"])
def test_a_saved_spot_is_marked_as_a_wish_not_as_a_favorite(server, browser, catalogs, language):
    catalog = catalogs[language]
    token = signed_in(server, browser, catalogs["en"])
    spot = first(server, token, "/spots?type=drama&limit=1")
    use_language(browser, language)
    browser.get(server.url(f"/#/spots/{spot['id']}"))
    wait_for_role(browser, "button", catalog["spot.save"]).click()
    opened = wait_for_role(browser, "link", catalog["spot.openWish"])
    nav = wait_for_role(browser, "navigation", catalog["nav.label"])
    assert icon_of(opened) == icon_of(find_by_role(nav, "link", catalog["nav.wishes"]))
    assert icon_of(opened) != icon_of(find_by_role(nav, "link", catalog["nav.favorites"]))
    status, saved = server.api("GET", f"/spots/{spot['id']}", token=token)
    assert status == 200
    assert server.api("GET", f"/wishes/{saved['wishId']}", token=token)[1]["favorite"] is False
