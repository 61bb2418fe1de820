"""Nothing cut short on a phone (issue 34, DESIGN "look and feel"): on every main screen at 390×844,
in English and Korean, every placeholder fits its field and every control's label (buttons, tabs,
links styled as buttons, field labels) fits its box, and Discover's three sections share one row."""

import pytest

from accessibility import by_role, fill, wait_for_role, wait_until
from conftest import PHONE, set_viewport
from flows import allow_location, category_tab, create_wish, signed_in, use_language
from layout import clipped, expect_nothing_clipped, rect

SEOUL = (37.5665, 126.9780)


def screens(wish):
    """The main screens: their address and the key of the heading that says each is shown."""
    return [
        ("/#/wishes", "nav.wishes"),
        ("/#/wishes/new", "wish.new.title"),
        (f"/#/wishes/{wish['id']}", None),
        (f"/#/wishes/{wish['id']}/edit", "wish.edit.title"),
        ("/#/favorites", "nav.favorites"),
        ("/#/map", "nav.map"),
        ("/#/map/near", "near.title"),
        ("/#/search", "nav.search"),
        ("/#/journal", "nav.journal"),
        ("/#/journal/new", "journal.new.title"),
        ("/#/discover/spots", "nav.discover"),
        ("/#/discover/gifs", "nav.discover"),
        ("/#/discover/favorites", "nav.discover"),
        ("/#/settings", "settings.title"),
    ]


@pytest.mark.parametrize("language", ["en", "ko"])
def test_setup_cuts_nothing_short(server, browser, catalogs, language):
    catalog = catalogs[language]
    set_viewport(browser, *PHONE)
    browser.get(server.url())
    use_language(browser, language)
    wait_for_role(browser, "heading", catalog["setup.title"])
    expect_nothing_clipped(browser, "setup")


@pytest.mark.parametrize("language", ["en", "ko"])
def test_no_main_screen_cuts_a_placeholder_or_a_label_short(server, browser, catalogs, language, screenshot):
    catalog = catalogs[language]
    set_viewport(browser, *PHONE)
    token = signed_in(server, browser, catalogs["en"])
    wish = create_wish(server, token, name="Celadon tea bowl", tags=["pottery"], memo="From Icheon")
    allow_location(browser, server, *SEOUL)
    use_language(browser, language)
    for path, heading in screens(wish):
        browser.get(server.url(path))
        wait_for_role(browser, "heading", catalog[heading] if heading else wish["name"])
        expect_nothing_clipped(browser, path)

    # Search's result categories, each with its count.
    browser.get(server.url("/#/search"))
    fill(browser, catalog["search.label"], "tea")
    wait_until(
        browser,
        lambda: category_tab(browser, catalog, "search.byName").accessible_name.endswith(" 1"),
        "the wish was not found",
        # The Places group asks the online geocoder too, which has no internet here to answer.
        timeout=30,
    )
    wait_for_role(browser, "link", wish["name"])
    expect_nothing_clipped(browser, "search results")
    screenshot(f"search-results-{language}")

    # Discover's sections on one row.
    browser.get(server.url("/#/discover/spots"))
    sections = wait_for_role(browser, "navigation", catalog["discover.sections"])
    tops = {round(rect(browser, link)[1]) for link in by_role(sections, "link")}
    assert len(tops) == 1, f"Discover's sections take {len(tops)} rows"
    assert clipped(browser) == []
    screenshot(f"discover-sections-{language}")
