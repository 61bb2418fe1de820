"""GIFs on a server without a Giphy key (issue 34, G1, G6): both GIF sections of Discover say so once,
calmly, and show nothing that cannot work (no search field, no trending, no "Try again", no
"Browse GIFs"), in English and Korean. Controls are found by role and accessible name."""

import pytest

from accessibility import by_role, wait_for_role
from flows import signed_in, use_language


@pytest.mark.parametrize("language", ["en", "ko"])
def test_without_a_key_the_gif_sections_explain_once_and_offer_nothing_that_cannot_work(
    server, browser, catalogs, language, screenshot
):
    catalog = catalogs[language]
    signed_in(server, browser, catalogs["en"])
    use_language(browser, language)

    # No favorites yet: instead of "Browse GIFs", which could only fail, the reason.
    browser.get(server.url("/#/discover/favorites"))
    wait_for_role(browser, "heading", catalog["error.gifs_not_configured.title"])
    assert not by_role(browser, "link", catalog["gifs.browse"])
    screenshot(f"gif-favorites-unavailable-{language}")

    browser.get(server.url("/#/discover/gifs"))
    wait_for_role(browser, "heading", catalog["error.gifs_not_configured.title"])
    assert not by_role(browser, "textbox", catalog["gifs.search"])
    assert not by_role(browser, "heading", catalog["gifs.trending"])
    assert not by_role(browser, "button", catalog["error.retry"])
    assert not by_role(browser, "alert"), "the explanation is calm, not an alarm"
    screenshot(f"gifs-unavailable-{language}")
