""" "Choose on map" as a history entry (issue 34, item 2): Back and Escape close the picker without
choosing, the address stays the editor's, and Forward does not bring back a question already
dropped. In English and Korean, found by role and name."""

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from accessibility import by_role, wait_for_role, wait_until
from flows import create_wish, signed_in, tap, wait_until_layers_left

JEONJU = {"name": "Jeonju", "address": None, "latitude": 35.82194, "longitude": 127.14889, "source": "search"}


@pytest.mark.parametrize("language", ["en", "ko"])
def test_back_and_escape_close_choose_on_map_without_choosing(server, browser, catalogs, language):
    en, text = catalogs["en"], catalogs[language]
    token = signed_in(server, browser, en)
    wish = create_wish(server, token, name="Picnic", place=JEONJU)
    browser.get(server.url(f"/#/wishes/{wish['id']}/edit"))
    browser.execute_script("localStorage.setItem('wishlist.language', arguments[0])", language)
    browser.refresh()
    page = browser.current_url

    for close in (browser.back, lambda: ActionChains(browser).send_keys(Keys.ESCAPE).perform()):
        tap(browser, wait_for_role(browser, "button", text["place.chooseOnMap"]))
        dialog = wait_for_role(browser, "dialog", text["place.picker.title"])
        name = wait_for_role(browser, "textbox", text["place.picker.name"], within=dialog)
        name.clear()
        name.send_keys("Somewhere else")
        close()
        wait_until(browser, lambda: not by_role(browser, "dialog"), "the picker stayed open")
        assert browser.current_url == page
        assert wait_for_role(browser, "combobox", text["wish.form.place"]).get_attribute("value") == "Jeonju"

    browser.forward()
    wait_until_layers_left(browser, "forward stayed")
    assert not by_role(browser, "dialog")
    assert browser.current_url == page
