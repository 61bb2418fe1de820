"""The spots layer on the Map (issue 34, K3, K8): the person's own wish stays on top of the spots
at Busan and takes its taps, the spots' badges never cover each other nor the map's buttons, and a
chip says the layer is on and switches it off, in English and Korean. Controls are found by role
and accessible name; what is on top is asked of the page (elementFromPoint), as a tap would find it."""

import pytest

from accessibility import by_role, find_by_role, wait_for_role, wait_until
from flows import create_wish, signed_in, use_language

BUSAN = (35.1796, 129.0756)

# Whether the element on top at the middle of `element` is it or inside it: where a tap lands.
ON_TOP = """
const r = arguments[0].getBoundingClientRect();
const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
return arguments[0] === top || arguments[0].contains(top);
"""

# Pairs of count badges on screen whose boxes overlap.
OVERLAPPING = """
const boxes = [...document.querySelectorAll('.map-count')].map((e) => e.getBoundingClientRect())
  .filter((r) => r.width > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth);
let pairs = 0;
for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
  const [a, b] = [boxes[i], boxes[j]];
  if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) pairs++;
}
return [boxes.length, pairs];
"""


@pytest.fixture
def server_arguments():
    return ["--spots", "bundled"]


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_persons_wish_stays_above_the_spots_which_say_they_are_shown(
    server, browser, catalogs, language, screenshot
):
    catalog = catalogs[language]
    token = signed_in(server, browser, catalogs["en"])
    status, near = server.api("GET", f"/spots/near?lat={BUSAN[0]}&lng={BUSAN[1]}&limit=1", token=token)
    assert status == 200
    spot = near["items"][0]
    # The wish stands where a spot does: a spot's pin or badge must not cover it.
    place = {"name": "Haeundae", "address": None, "latitude": spot["latitude"], "longitude": spot["longitude"]}
    create_wish(server, token, name="Sunrise swim", place={**place, "source": "manual"})
    use_language(browser, language)
    browser.get(server.url(f"/#/map?lat={spot['latitude']}&lng={spot['longitude']}&z=13"))
    layer = wait_for_role(browser, "button", catalog["map.spotsLayer"])
    # The map first asks where the wishes are, then draws them: slower than a lookup's usual wait.
    wait_for_role(browser, "button", "Sunrise swim", timeout=30)
    layer_name = say_layer(catalog)
    assert not by_role(browser, "button", layer_name["hide"])

    layer.click()
    wait_until(browser, lambda: layer.get_attribute("aria-pressed") == "true", "the layer did not switch on")
    wait_until(browser, lambda: browser.find_element("css selector", ".map-view:not([aria-busy])"), "never settled")
    wait_until(
        browser, lambda: browser.find_elements("css selector", ".map-pin.is-spot, .map-count.is-spot"), "no spots"
    )
    # Said plainly while on.
    notes = wait_for_role(browser, "list", catalog["map.layersShown"])
    assert layer_name["shown"] in notes.text
    screenshot(f"map-spots-layer-{language}")

    pin = find_by_role(browser, "button", "Sunrise swim")
    assert browser.execute_script(ON_TOP, pin), "a spot covers the person's own wish"
    badges, overlapping = browser.execute_script(OVERLAPPING)
    assert overlapping == 0, f"{overlapping} pairs of {badges} badges overlap"
    for name in (catalog["map.locate"], catalog["map.spotsLayer"], catalog["map.journalLayer"], catalog["map.zoomIn"]):
        assert browser.execute_script(ON_TOP, find_by_role(browser, "button", name)), f"{name} is covered"
    pin.click()
    wait_for_role(browser, "region", catalog["map.selected"])

    # The chip switches the layer off.
    find_by_role(browser, "button", layer_name["hide"]).click()
    wait_until(browser, lambda: layer.get_attribute("aria-pressed") == "false", "the layer did not switch off")
    wait_until(browser, lambda: not by_role(browser, "list", catalog["map.layersShown"]), "the chip stayed")
    wait_until(
        browser,
        lambda: not browser.find_elements("css selector", ".map-pin.is-spot, .map-count.is-spot"),
        "the spots stayed",
    )


def say_layer(catalog):
    layer = catalog["map.spotsLayer"]
    return {
        "shown": catalog["map.layerShown"].replace("{layer}", layer),
        "hide": catalog["map.hideLayer"].replace("{layer}", layer),
    }
