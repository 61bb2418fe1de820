"""GIFs in Discover in a real browser against the real server, whose Giphy is a stand-in on
loopback (G1–G10): search as you type in a grid of three a row, paging by scrolling without
asking twice for a page to a plain end, the detail sheet's star and Favorites, the 21st favorite's
warning, saving a GIF as a wish and seeing it play in the wish's gallery and photo viewer (still,
with Play, for people who prefer less motion), Giphy's failures with a retry (a server without a
Giphy key: test_gifs_unavailable.py).
Controls are found by role and accessible name."""

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from accessibility import by_role, find_by_role, names_of, wait_for_role, wait_until
from conftest import set_color_scheme, set_viewport
from flows import say, signed_in, tap, wait_until_layers_left
from giphy_standin import KEY, GiphyStandIn
from layout import expect_fits, rect

# Every API request the page makes, recorded before the app's scripts run.
RECORD_REQUESTS = """
window.apiRequests = [];
const send = window.fetch;
window.fetch = function (input, init) {
  window.apiRequests.push(String(input));
  return send.apply(this, arguments);
};
"""


@pytest.fixture
def giphy():
    stand_in = GiphyStandIn()
    yield stand_in
    stand_in.stop()


@pytest.fixture
def server_arguments(giphy):
    return ["--giphy-key", KEY, "--giphy-url", giphy.url, "--allow-private-addresses"]


def open_section(browser, en, key):
    """Opens Discover's section named by `key` ("discover.gifs", "discover.favorites")."""
    nav = wait_for_role(browser, "navigation", en["nav.label"])
    find_by_role(nav, "link", en["nav.discover"]).click()
    sections = wait_for_role(browser, "navigation", en["discover.sections"])
    find_by_role(sections, "link", en[key]).click()
    # The section's page is drawn anew, links and all.
    wait_until(
        browser,
        lambda: (
            find_by_role(wait_for_role(browser, "navigation", en["discover.sections"]), "link", en[key]).get_attribute(
                "aria-current"
            )
            == "page"
        ),
        f"{en[key]} is not the section shown",
    )


def cells(browser, en, list_key="gifs.results"):
    """The GIF cells (buttons) of the grid named by `list_key`, in order."""
    grid = find_by_role(browser, "list", en[list_key])
    return by_role(grid, "button")


def cell_ids(browser):
    return browser.execute_script(
        "return [...document.querySelectorAll('wl-gif-card')].map((card) => card.getAttribute('record-id'))"
    )


def open_sheet(browser, name, title=None):
    """Opens the detail sheet of the GIF whose cell is called `name` (its title, unless `title`
    says otherwise); returns the dialog."""
    tap(browser, wait_for_role(browser, "button", name))
    return wait_for_role(browser, "dialog", title or name)


def wait_for_text(browser, role, text, *, within=None):
    """The one element with `role` (under `within`) whose text is `text`, once it shows."""
    return wait_until(
        browser,
        lambda: next((e for e in by_role(within or browser, role) if e.text == text), None),
        f"no {role} says {text!r}",
    )


def favorite(server, token, number):
    status, body = server.api("PUT", f"/gifs/favorites/gif{number}", token=token)
    assert status == 200, body


def test_typing_searches_and_scrolling_pages_without_asking_twice_to_a_clear_end(
    server, browser, catalogs, giphy, screenshot
):
    en = catalogs["en"]
    giphy.total = 48
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_REQUESTS})
    signed_in(server, browser, en)
    open_section(browser, en, "discover.gifs")
    wait_for_role(browser, "heading", en["gifs.trending"])
    wait_until(browser, lambda: len(cells(browser, en)) >= 24, "trending shows no GIFs")

    # Enter searches at once and puts the keyboard away.
    search = wait_for_role(browser, "searchbox", en["gifs.search"])
    search.send_keys("cat", Keys.ENTER)
    assert browser.execute_script("return document.activeElement") != search
    wait_for_role(browser, "heading", say(en["gifs.resultsFor"], query="cat"))
    first = wait_until(browser, lambda: (shown := cells(browser, en)) and len(shown) >= 24 and shown, "no results")
    # Three square cells a row: the first 24 in 8 rows of 3, in Giphy's order.
    boxes = [rect(browser, cell) for cell in first[:24]]
    assert len({round(x) for x, _, _, _ in boxes}) == 3, boxes
    assert len({round(y) for _, y, _, _ in boxes}) == 8, boxes
    assert all(abs(width - height) < 1 for _, _, width, height in boxes), boxes
    assert first[0].accessible_name == "Cat 0 GIF" and first[4].accessible_name == en["gifs.untitled"]
    screenshot("gifs-search")

    browser.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
    wait_until(browser, lambda: len(cells(browser, en)) == 48, "the second page did not come")
    end = wait_until(
        browser,
        lambda: [p for p in browser.find_elements(By.CSS_SELECTOR, ".record-grid-end") if p.is_displayed()],
        "no end is said",
    )
    assert end[0].text == en["gifs.end.all"]
    assert cell_ids(browser) == [f"gif{n}" for n in range(48)]
    assert not by_role(browser, "button", en["list.loadMore"])

    searches = [url for url in browser.execute_script("return window.apiRequests") if "/gifs/search" in url]
    offsets = [url.split("offset=")[1].split("&")[0] for url in searches if "q=cat&" in url]
    assert offsets == ["0", "24"], searches
    # No search for "c" or "ca" reached Giphy, and each page was asked once.
    assert [(q["q"], q["offset"]) for _, q in giphy.api_requests("/v1/gifs/search")] == [("cat", "0"), ("cat", "24")]


def test_search_stops_where_giphy_stops_paging_and_says_so(server, browser, catalogs, giphy):
    en = catalogs["en"]
    signed_in(server, browser, en)
    open_section(browser, en, "discover.gifs")
    wait_until(browser, lambda: len(cells(browser, en)) >= 24, "trending shows no GIFs")
    # Trending pages to offset 499: the 21st page (480) is its last; "Load more" reaches it.
    for _ in range(40):
        more = by_role(browser, "button", en["list.loadMore"])
        if not more and by_role(browser, "list", en["gifs.results"]) and len(cells(browser, en)) >= 504:
            break
        if more:
            browser.execute_script("arguments[0].click()", more[0])
        browser.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
        wait_until(
            browser,
            lambda: (
                not browser.execute_script(
                    "return document.querySelector('.gif-grid ul').getAttribute('aria-busy') === 'true'"
                )
            ),
            "a page never came",
        )
    assert len(cells(browser, en)) == 504
    end = [p for p in browser.find_elements(By.CSS_SELECTOR, ".record-grid-end") if p.is_displayed()]
    assert end and end[0].text == en["gifs.end.limit"]


def test_a_favorite_from_its_sheet_leads_favorites_and_leaves_the_grid_at_once(
    server, browser, catalogs, giphy, screenshot
):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    favorite(server, token, 2)

    open_section(browser, en, "discover.gifs")
    sheet = open_sheet(browser, "Cat 1 GIF")
    assert en["gifs.poweredBy"] in sheet.text
    assert (
        find_by_role(sheet, "link", en["gifs.viewOnGiphy"]).get_attribute("href") == "https://giphy.com/gifs/cat-gif1"
    )
    assert say(en["gifs.rating"], rating="G") in sheet.text
    image = find_by_role(sheet, "img", "Cat 1 GIF")
    _, _, width, height = rect(browser, image)
    assert (round(width), round(height)) == (160, 106), "within 160×160, its aspect (200×133) kept"
    star = find_by_role(sheet, "button", say(en["gifs.favorite"], name="Cat 1 GIF"))
    assert star.get_attribute("aria-pressed") == "false"
    star.click()
    wait_until(browser, lambda: star.get_attribute("aria-pressed") == "true", "the star did not fill")
    screenshot("gif-sheet")
    find_by_role(sheet, "button", en["gifs.close"]).click()

    open_section(browser, en, "discover.favorites")
    names = say(en["gifs.favoriteCell"], name="Cat 1 GIF"), say(en["gifs.favoriteCell"], name="Cat 2 GIF")
    wait_until(
        browser, lambda: names_of(cells(browser, en, "gifs.favorites")) == list(names), "the new favorite is not first"
    )
    screenshot("gif-favorites")

    sheet = open_sheet(browser, names[0], "Cat 1 GIF")
    find_by_role(sheet, "button", say(en["gifs.favorite"], name="Cat 1 GIF")).click()
    # Gone from the grid behind the sheet while it is still open.
    wait_until(browser, lambda: cell_ids(browser) == ["gif2"], "the unfavorited GIF is still in Favorites")
    assert sheet.is_displayed()
    # The grid changed before the server answered; the server lets it go too.
    wait_until(
        browser,
        lambda: [item["id"] for item in server.api("GET", "/gifs/favorites", token=token)[1]["items"]] == ["gif2"],
        "the server still keeps the unfavorited GIF",
    )


def test_the_21st_favorite_is_refused_with_a_warning_and_its_star_stays_off(server, browser, catalogs, giphy):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    for number in range(20):
        favorite(server, token, number)
    open_section(browser, en, "discover.gifs")
    wait_until(browser, lambda: len(cells(browser, en)) >= 24, "trending shows no GIFs")
    sheet = open_sheet(browser, "Cat 21 GIF")
    star = find_by_role(sheet, "button", say(en["gifs.favorite"], name="Cat 21 GIF"))
    star.click()
    wait_for_text(browser, "alert", en["gifs.favoritesFull"], within=sheet)
    assert star.get_attribute("aria-pressed") == "false"
    status, answer = server.api("GET", "/gifs/favorites", token=token)
    assert len(answer["items"]) == 20 and "gif21" not in [item["id"] for item in answer["items"]]


def test_an_empty_favorites_says_how_to_add_one(server, browser, catalogs, screenshot):
    en = catalogs["en"]
    signed_in(server, browser, en)
    open_section(browser, en, "discover.favorites")
    wait_for_role(browser, "heading", en["gifs.favorites.empty.title"])
    assert en["gifs.favorites.empty.body"] in find_by_role(browser, "main").text
    screenshot("gif-favorites-empty")
    wait_for_role(browser, "link", en["gifs.browse"]).click()
    wait_for_role(browser, "heading", en["gifs.trending"])


def test_people_who_prefer_less_motion_see_stills_until_they_play_one(server, browser, catalogs, giphy):
    en = catalogs["en"]
    signed_in(server, browser, en)
    set_color_scheme(browser, "light", reduced_motion=True)
    open_section(browser, en, "discover.gifs")
    wait_until(browser, lambda: len(cells(browser, en)) >= 24, "trending shows no GIFs")
    sources = browser.execute_script("return [...document.querySelectorAll('.gif-cell img')].map((image) => image.src)")
    assert sources and all("/200w_s.gif" in source for source in sources), sources
    sheet = open_sheet(browser, "Cat 1 GIF")
    image = find_by_role(sheet, "img", "Cat 1 GIF")
    assert "/200w_s.gif" in image.get_attribute("src")
    play = find_by_role(sheet, "button", en["gifs.play"])
    assert play.get_attribute("aria-pressed") == "false"
    play.click()
    assert "/200w.gif" in image.get_attribute("src")
    assert find_by_role(sheet, "button", en["gifs.pause"]).get_attribute("aria-pressed") == "true"


def test_a_gif_saved_as_a_wish_opens_as_that_wish(server, browser, catalogs, giphy):
    en = catalogs["en"]
    signed_in(server, browser, en)
    open_section(browser, en, "discover.gifs")
    sheet = open_sheet(browser, "Cat 1 GIF")
    tap(browser, find_by_role(sheet, "button", en["gifs.saveAsWish"]))
    wait_for_text(browser, "status", f"{en['gifs.saved']} {en['gifs.openWish']}", within=sheet)
    tap(browser, find_by_role(sheet, "link", en["gifs.openWish"]))
    wait_for_role(browser, "heading", "Cat 1 GIF")
    assert not by_role(browser, "dialog")
    # The sheet closed before the wish opened: Back returns to the GIFs, not to the sheet.
    browser.back()
    wait_for_role(browser, "heading", en["gifs.trending"])
    assert browser.current_url.endswith("#/discover/gifs")
    assert not by_role(browser, "dialog")


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_sheet_closes_on_back_and_escape_and_forward_reopens_it(server, browser, catalogs, giphy, language):
    en, text = catalogs["en"], catalogs[language]
    signed_in(server, browser, en)
    browser.execute_script("localStorage.setItem('wishlist.language', arguments[0])", language)
    browser.refresh()
    open_section(browser, text, "discover.gifs")
    open_sheet(browser, "Cat 1 GIF")
    browser.back()
    wait_until(browser, lambda: not by_role(browser, "dialog"), "Back left the sheet open")
    assert browser.current_url.endswith("#/discover/gifs")
    browser.forward()
    wait_for_role(browser, "dialog", "Cat 1 GIF")
    ActionChains(browser).send_keys(Keys.ESCAPE).perform()
    wait_until(browser, lambda: not by_role(browser, "dialog"), "Escape left the sheet open")
    wait_until_layers_left(browser, "entry kept")
    assert browser.current_url.endswith("#/discover/gifs")


def gif_wish(server, token, number=1):
    """A wish saved from GIF `number` through the API; answers it."""
    status, wish = server.api("POST", f"/gifs/gif{number}/wish", token=token)
    assert status == 201, wish
    assert wish["photos"][0]["animated"] is True
    return wish


def shown_image(browser, image):
    """What `image` shows: the path of the picture the browser chose (`currentSrc`) and whether it
    has fully loaded."""
    return browser.execute_script(
        "const image = arguments[0];"
        "return [new URL(image.currentSrc || 'about:blank').pathname + new URL(image.currentSrc || 'about:blank').search,"
        " image.complete && image.naturalWidth > 0]",
        image,
    )


def test_a_gif_wish_plays_in_its_gallery_and_viewer_and_pauses(server, browser, catalogs, giphy, screenshot):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    wish = gif_wish(server, token)
    photo = wish["photos"][0]
    browser.get(server.url(f"/#/wishes/{wish['id']}"))
    wait_for_role(browser, "heading", "Cat 1 GIF")

    # The gallery plays the animation: the original, the GIF as Giphy sent it, fully loaded.
    slide = wait_for_role(browser, "button", say(en["photos.open"], number=1, total=1))
    gallery_image = slide.find_element(By.CSS_SELECTOR, "img")
    wait_until(
        browser,
        lambda: shown_image(browser, gallery_image) == [photo["urls"]["original"], True],
        "the gallery does not play the GIF",
    )

    tap(browser, slide)
    viewer = wait_for_role(browser, "dialog", en["photos.viewer"])
    image = viewer.find_element(By.CSS_SELECTOR, ".photo-viewer-slide img")
    wait_until(
        browser,
        lambda: shown_image(browser, image) == [photo["urls"]["original"], True],
        "the viewer does not play the GIF",
    )
    pause = find_by_role(viewer, "button", en["photos.pause"])
    assert pause.get_attribute("aria-pressed") == "true"
    assert (
        browser.execute_script(
            "return fetch(arguments[0]).then((answer) => answer.headers.get('content-type'))", photo["urls"]["original"]
        )
        == "image/gif"
    )
    screenshot("gif-wish-viewer")

    # Pause shows the still rendition; Play brings the animation back.
    pause.click()
    play = find_by_role(viewer, "button", en["photos.play"])
    assert play.get_attribute("aria-pressed") == "false"
    wait_until(
        browser, lambda: shown_image(browser, image) == [photo["urls"]["medium"], True], "Pause did not show the still"
    )
    play.click()
    wait_until(
        browser, lambda: shown_image(browser, image) == [photo["urls"]["original"], True], "Play did not play it again"
    )
    assert find_by_role(viewer, "button", en["photos.pause"]).get_attribute("aria-pressed") == "true"


def test_people_who_prefer_less_motion_see_a_gif_wish_still_until_they_play_it(server, browser, catalogs, giphy):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    set_color_scheme(browser, "light", reduced_motion=True)
    wish = gif_wish(server, token)
    photo = wish["photos"][0]
    browser.get(server.url(f"/#/wishes/{wish['id']}"))
    wait_for_role(browser, "heading", "Cat 1 GIF")

    slide = wait_for_role(browser, "button", say(en["photos.open"], number=1, total=1))
    gallery_image = slide.find_element(By.CSS_SELECTOR, "img")
    wait_until(
        browser,
        lambda: shown_image(browser, gallery_image) == [photo["urls"]["medium"], True],
        "no still in the gallery",
    )
    tap(browser, slide)
    viewer = wait_for_role(browser, "dialog", en["photos.viewer"])
    image = viewer.find_element(By.CSS_SELECTOR, ".photo-viewer-slide img")
    wait_until(
        browser, lambda: shown_image(browser, image) == [photo["urls"]["medium"], True], "no still in the viewer"
    )
    play = find_by_role(viewer, "button", en["photos.play"])
    assert play.is_displayed() and play.get_attribute("aria-pressed") == "false"
    # The animation was not even fetched: nothing is about to replace the stills.
    fetched = "return performance.getEntriesByType('resource').some((entry) => entry.name.endsWith(arguments[0]))"
    assert not browser.execute_script(fetched, photo["urls"]["original"])

    play.click()
    wait_until(
        browser, lambda: shown_image(browser, image) == [photo["urls"]["original"], True], "Play did not play the GIF"
    )
    assert find_by_role(viewer, "button", en["photos.pause"]).get_attribute("aria-pressed") == "true"


def test_the_editor_says_an_edit_makes_a_still_and_the_edited_gif_wish_shows_one(server, browser, catalogs, giphy):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    wish = gif_wish(server, token)
    photo_id = wish["photos"][0]["id"]
    browser.get(server.url(f"/#/wishes/{wish['id']}/edit"))
    wait_for_role(browser, "button", say(en["photos.editNamed"], number=1)).click()
    dialog = wait_for_role(browser, "dialog", en["photos.editor.title"])
    # Said before anything is changed, and read out with the crop frame.
    assert en["photos.editor.animation"] in dialog.text
    frame = dialog.find_element(By.CSS_SELECTOR, ".crop-frame")
    described_by = [
        browser.execute_script("return document.getElementById(arguments[0]).textContent", part)
        for part in frame.get_attribute("aria-describedby").split()
    ]
    assert en["photos.editor.animation"] in described_by
    find_by_role(dialog, "button", en["photos.editor.rotateRight"]).click()
    find_by_role(dialog, "button", en["photos.editor.done"]).click()
    wait_until(browser, lambda: not by_role(browser, "dialog"), "the editor stayed open")
    # The turn goes with the wish's Save.
    find_by_role(browser, "button", en["wish.form.save"]).click()
    wait_for_role(browser, "heading", "Cat 1 GIF")
    edited = server.api("GET", f"/photos/{photo_id}", token=token)[1]
    assert edited["animated"] is False and edited["edit"]["rotate"] == 90

    # The wish shows the turned still, and no Play.
    browser.get(server.url(f"/#/wishes/{wish['id']}"))
    wait_for_role(browser, "heading", "Cat 1 GIF")
    slide = wait_for_role(browser, "button", say(en["photos.open"], number=1, total=1))
    tap(browser, slide)
    viewer = wait_for_role(browser, "dialog", en["photos.viewer"])
    image = viewer.find_element(By.CSS_SELECTOR, ".photo-viewer-slide img")
    wait_until(
        browser,
        lambda: shown_image(browser, image) == [edited["urls"]["medium"], True],
        "the viewer does not show the still",
    )
    assert not by_role(viewer, "button", en["photos.play"]) and not by_role(viewer, "button", en["photos.pause"])


def test_share_without_a_share_sheet_copies_the_address(server, browser, catalogs, giphy):
    en = catalogs["en"]
    signed_in(server, browser, en)
    browser.execute_cdp_cmd(
        "Browser.grantPermissions",
        {"origin": server.url("").rstrip("/"), "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]},
    )
    browser.execute_script("delete Navigator.prototype.share")
    open_section(browser, en, "discover.gifs")
    sheet = open_sheet(browser, "Cat 1 GIF")
    tap(browser, find_by_role(sheet, "button", en["gifs.share"]))
    wait_for_text(browser, "status", en["gifs.linkCopied"], within=sheet)
    assert browser.execute_script("return navigator.clipboard.readText()") == "https://giphy.com/gifs/cat-gif1"


def test_an_upstream_error_shows_a_retry_that_works(server, browser, catalogs, giphy, screenshot):
    en = catalogs["en"]
    signed_in(server, browser, en)
    giphy.fail(500)
    open_section(browser, en, "discover.gifs")
    wait_for_text(browser, "alert", f"{en['error.upstream_failed.title']}\n{en['error.upstream_failed.body']}")
    screenshot("gifs-upstream-error")
    giphy.fail(None)
    tap(browser, wait_for_role(browser, "button", en["error.retry"]))
    wait_until(browser, lambda: len(cells(browser, en)) >= 24, "the retry brought no GIFs")
    assert not by_role(browser, "alert")


def test_a_rate_limit_says_when_to_try_again(server, browser, catalogs, giphy):
    en = catalogs["en"]
    signed_in(server, browser, en)
    giphy.fail(429, "30")
    open_section(browser, en, "discover.gifs")
    body = say(en["error.rate_limited.body"], seconds=30)
    wait_for_text(browser, "alert", f"{en['error.rate_limited.title']}\n{body}")


def test_discover_fits_a_320_pixel_phone(server, browser, catalogs, giphy):
    en = catalogs["en"]
    signed_in(server, browser, en)
    set_viewport(browser, 320, 640)
    open_section(browser, en, "discover.gifs")
    wait_until(browser, lambda: len(cells(browser, en)) >= 24, "trending shows no GIFs")
    sections = find_by_role(browser, "navigation", en["discover.sections"])
    expect_fits(browser, 320, by_role(sections, "link") + cells(browser, en)[:3], "Discover's GIFs")
    assert len({round(rect(browser, cell)[0]) for cell in cells(browser, en)[:6]}) == 3
    sheet = open_sheet(browser, "Cat 1 GIF")
    expect_fits(browser, 320, by_role(sheet, "button"), "the GIF sheet")
