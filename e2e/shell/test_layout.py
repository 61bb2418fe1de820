"""The shell's layout at the reference phone (390×844) and on a desktop
(1280×800): tab bar at the bottom or side bar at the left, nothing wider than
the screen, and every control at least 44×44 px (DESIGN "look and feel")."""

import pytest

from accessibility import by_role, wait_for_role
from conftest import DESKTOP, PHONE, set_viewport
from flows import TAB_KEYS, USERNAME, create_account, sign_in
from layout import expect_fits, rect

SMALL_PHONE = (320, 640)


@pytest.mark.parametrize("size", [PHONE, SMALL_PHONE, DESKTOP], ids=["phone", "small-phone", "desktop"])
def test_every_tab_fits_and_has_big_enough_targets(server, browser, catalogs, screenshot, size):
    en = catalogs["en"]
    create_account(server)
    set_viewport(browser, *size)
    browser.get(server.url())
    sign_in(browser, en)

    for key in TAB_KEYS:
        nav = wait_for_role(browser, "navigation", en["nav.label"])
        link = wait_for_role(browser, "link", en[key], within=nav)
        link.click()
        wait_for_role(browser, "heading", en[key])
        expect_fits(browser, size[0], by_role(browser, "link") + by_role(browser, "button"), key)
        if size != SMALL_PHONE:
            screenshot(key.split(".")[1])

    nav_x, nav_y, nav_width, nav_height = rect(browser, wait_for_role(browser, "navigation", en["nav.label"]))
    width, height = size
    if width < 900:
        # A bottom tab bar: full width, at the foot of the screen.
        assert nav_width == pytest.approx(width, abs=1)
        assert nav_y + nav_height == pytest.approx(height, abs=2)
    else:
        # A side bar at the left, beside the content.
        assert nav_x < 40 and nav_width < width / 3
        heading_x = rect(browser, wait_for_role(browser, "heading", en[TAB_KEYS[-1]]))[0]
        assert heading_x > nav_x + nav_width


def test_account_menu_closes_with_escape_and_returns_focus(server, browser, catalogs):
    en = catalogs["en"]
    create_account(server)
    browser.get(server.url())
    sign_in(browser, en)

    button = wait_for_role(browser, "button", USERNAME)
    button.click()
    sign_out = wait_for_role(browser, "button", en["account.signOut"])
    sign_out.send_keys("\ue00c")  # Escape

    wait_for_role(browser, "navigation", en["nav.label"])
    assert button.get_attribute("aria-expanded") == "false"
    assert not by_role(browser, "button", en["account.signOut"])
    assert browser.switch_to.active_element == button
