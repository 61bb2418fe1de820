"""Where a new place starts on the map (issue 34, W9, W10): "Add wish here" takes the place at the
map's centre (the device's only when the map is centred on it), and "Choose on map" opens at the
photo's place, else the device's when location is allowed, else the last place chosen, never in
the middle of the world. In English and Korean; controls found by role and accessible name."""

import math
import re

import pytest

from accessibility import by_role, fill, find_by_role, wait_for_role, wait_until
from flows import allow_location, signed_in, tap, use_language
from photo_steps import SMALL, pick

SEOUL = (37.5665, 126.9780)
BUSAN = (35.1796, 129.0756)
# The nearest city as the offline gazetteer names it (in English or Korean).
CITY = {"Seoul": re.compile("Seoul|서울"), "Busan": re.compile("Busan|부산")}


def open_picker(browser, catalog):
    tap(browser, wait_for_role(browser, "button", catalog["place.chooseOnMap"]))
    return wait_for_role(browser, "dialog", catalog["place.picker.title"])


def picker_name(browser, catalog, dialog):
    """The name the picker gives its pin, once it has one."""
    field = wait_for_role(browser, "textbox", catalog["place.picker.name"], within=dialog)
    return wait_until(browser, lambda: field.get_attribute("value"), "the pin was never named")


@pytest.mark.parametrize("language", ["en", "ko"])
def test_add_wish_here_takes_the_place_at_the_maps_centre(server, browser, catalogs, language, screenshot):
    catalog = catalogs[language]
    token = signed_in(server, browser, catalogs["en"])
    # The device is in Seoul, but the map shows Busan: the wish is for Busan.
    allow_location(browser, server, *SEOUL)
    use_language(browser, language)
    browser.get(server.url(f"/#/map?lat={BUSAN[0]}&lng={BUSAN[1]}&z=12"))
    wait_for_role(browser, "button", catalog["map.addHere"]).click()
    wait_for_role(browser, "heading", catalog["wish.new.title"])
    place = wait_for_role(browser, "combobox", catalog["wish.form.place"])
    assert CITY["Busan"].search(place.get_attribute("value"))
    screenshot(f"wish-new-here-{language}")
    fill(browser, catalog["wish.form.name"], "Fish market")
    find_by_role(browser, "button", catalog["wish.form.save"]).click()
    wait_for_role(browser, "heading", "Fish market")
    status, listed = server.api("GET", "/wishes", token=token)
    assert status == 200
    saved = listed["items"][0]["place"]
    assert saved["source"] == "manual"
    assert math.isclose(saved["latitude"], BUSAN[0], abs_tol=1e-4)
    assert math.isclose(saved["longitude"], BUSAN[1], abs_tol=1e-4)


@pytest.mark.parametrize("language", ["en", "ko"])
def test_choose_on_map_starts_at_the_device_then_the_last_place_chosen(server, browser, catalogs, language):
    catalog = catalogs[language]
    signed_in(server, browser, catalogs["en"])
    use_language(browser, language)

    browser.get(server.url("/#/wishes/new"))
    # Location allowed: the device's place.
    allow_location(browser, server, *SEOUL)
    dialog = open_picker(browser, catalog)
    assert CITY["Seoul"].search(picker_name(browser, catalog, dialog))
    find_by_role(dialog, "button", catalog["dialog.cancel"]).click()
    wait_until(browser, lambda: not by_role(browser, "dialog"), "the picker stayed open")

    # A place chosen (Busan, from the map), then location off: the next wish starts at Busan.
    browser.get(server.url(f"/#/map?lat={BUSAN[0]}&lng={BUSAN[1]}&z=12"))
    wait_for_role(browser, "button", catalog["map.addHere"]).click()
    place = wait_for_role(browser, "combobox", catalog["wish.form.place"])
    wait_until(browser, lambda: CITY["Busan"].search(place.get_attribute("value")), "Busan was not chosen")
    browser.execute_cdp_cmd(
        "Browser.setPermission", {"origin": server.base_url, "permission": {"name": "geolocation"}, "setting": "denied"}
    )
    browser.get(server.url("/#/wishes"))
    browser.get(server.url("/#/wishes/new"))
    dialog = open_picker(browser, catalog)
    assert CITY["Busan"].search(picker_name(browser, catalog, dialog))


@pytest.mark.parametrize("language", ["en", "ko"])
def test_choose_on_map_starts_at_the_photos_place_before_the_device(server, browser, catalogs, language, screenshot):
    catalog = catalogs[language]
    signed_in(server, browser, catalogs["en"])
    allow_location(browser, server, *SEOUL)
    use_language(browser, language)
    browser.get(server.url("/#/wishes/new"))
    wait_for_role(browser, "heading", catalog["wish.new.title"])
    pick(browser, SMALL)  # taken in Tuscany
    offer = re.compile(re.escape(catalog["photos.place.offer"]).replace(re.escape("{name}"), "(.+)"))
    offered = wait_until(
        browser,
        lambda: next(
            (found.group(1) for found in (offer.fullmatch(text) for text in texts(browser)) if found),
            None,
        ),
        "the photo's place was not offered",
        timeout=20,
    )
    dialog = open_picker(browser, catalog)
    assert picker_name(browser, catalog, dialog) == offered
    screenshot(f"place-picker-photo-{language}")


def texts(browser):
    return browser.execute_script(
        "return [...document.querySelectorAll('p')].filter((p) => p.offsetParent).map((p) => p.textContent.trim())"
    )
