"""A wish's page shows all of a long name (issue 34): the title keeps two lines, and a name longer
than that is shown whole above the details, on a phone and a desktop."""

import pytest

from accessibility import wait_for_role, wait_until
from conftest import DESKTOP, set_viewport
from flows import create_wish, signed_in
from reusable_browser import PHONE

LONG_NAME = ("Hand-thrown celadon tea bowl with a crackle glaze from the Icheon pottery village " * 3)[:199] + "!"

# The elements showing `text` whole: visible, and neither clamped nor cut.
WHOLE = """
const [text] = arguments;
return [...document.querySelectorAll('main *')].filter((e) => e.textContent === text && e.offsetParent
  && e.scrollHeight <= e.clientHeight + 1 && e.scrollWidth <= e.clientWidth + 1).length;
"""


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_200_character_name_is_shown_in_full(server, browser, catalogs, size, screenshot):
    en = catalogs["en"]
    set_viewport(browser, *size)
    token = signed_in(server, browser, en)
    short = create_wish(server, token, name="Tea bowl")
    wish = create_wish(server, token, name=LONG_NAME)
    assert len(wish["name"]) == 200

    browser.get(server.url(f"/#/wishes/{wish['id']}"))
    wait_for_role(browser, "heading", LONG_NAME)
    wait_until(browser, lambda: browser.execute_script(WHOLE, LONG_NAME) >= 1, "the long name is not shown whole")
    screenshot(f"wish-long-name-{size[0]}")

    # A name that fits the title is not shown twice.
    browser.get(server.url(f"/#/wishes/{short['id']}"))
    wait_for_role(browser, "heading", "Tea bowl")
    wait_until(
        browser,
        lambda: (
            browser.execute_script(
                "return [...document.querySelectorAll('main *')].filter((e) => e.textContent === 'Tea bowl' && e.offsetParent).length"
            )
            == 0
        ),
        "the short name is shown twice",
    )
