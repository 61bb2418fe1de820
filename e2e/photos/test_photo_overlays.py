"""The photo viewer and editor as history entries (issue 34, items 2 and 6): Back and Escape close
them and leave the address where it was, Forward reopens the viewer but not the editor, an editor
closed by Back sends nothing, and "Original size" shows the photo as edited at full size with its
unedited original offered separately. In English and Korean, found by role and name."""

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from accessibility import by_role, find_by_role, wait_for_role, wait_until, wait_until_gone
from flows import create_wish, say, signed_in, wait_until_layers_left
from photo_steps import SMALL, upload


def in_language(browser, code):
    browser.execute_script("localStorage.setItem('wishlist.language', arguments[0])", code)
    browser.refresh()


def press_escape(browser):
    ActionChains(browser).send_keys(Keys.ESCAPE).perform()


def pixels(browser, image):
    """The size in pixels of the file an image shows, as served (not as laid out)."""
    return browser.execute_async_script(
        """const [image, done] = arguments;
        fetch(image.src).then((answer) => answer.blob()).then(createImageBitmap)
          .then((bitmap) => done([bitmap.width, bitmap.height]), (error) => done(String(error)));""",
        image,
    )


def address(browser):
    return browser.current_url.split("#")[1]


@pytest.mark.parametrize("language", ["en", "ko"])
def test_back_and_escape_close_the_viewer_and_forward_reopens_it(server, browser, catalogs, language):
    en, text = catalogs["en"], catalogs[language]
    token = signed_in(server, browser, en)
    [photo] = upload(server, token, SMALL)
    wish = create_wish(server, token, name="Viewer", photoIds=[photo["id"]])
    browser.get(server.url(f"/#/wishes/{wish['id']}"))
    in_language(browser, language)
    page = address(browser)

    wait_for_role(browser, "button", say(text["photos.open"], number=1, total=1)).click()
    wait_for_role(browser, "dialog", text["photos.viewer"])
    browser.back()
    wait_until_gone(browser, "dialog", text["photos.viewer"])
    assert address(browser) == page
    wait_for_role(browser, "heading", "Viewer")

    browser.forward()
    wait_for_role(browser, "dialog", text["photos.viewer"])
    assert address(browser) == page
    press_escape(browser)
    wait_until_gone(browser, "dialog", text["photos.viewer"])
    # Escape went back over the viewer's entry: Back now leaves the wish, as it would have before.
    wait_until_layers_left(browser, "entry left")
    wait_for_role(browser, "button", say(text["photos.open"], number=1, total=1)).click()
    viewer = wait_for_role(browser, "dialog", text["photos.viewer"])
    find_by_role(viewer, "button", text["photos.close"]).click()
    wait_until_gone(browser, "dialog", text["photos.viewer"])
    assert address(browser) == page
    browser.back()
    wait_until(browser, lambda: address(browser) != page, "Back after closing by the button stayed on the wish")


@pytest.mark.parametrize("language", ["en", "ko"])
def test_back_and_escape_close_the_editor_without_saving_and_forward_does_not_reopen_it(
    server, browser, catalogs, language
):
    en, text = catalogs["en"], catalogs[language]
    token = signed_in(server, browser, en)
    [photo] = upload(server, token, SMALL)
    wish = create_wish(server, token, name="Editor", photoIds=[photo["id"]])
    browser.get(server.url(f"/#/wishes/{wish['id']}/edit"))
    in_language(browser, language)
    page = address(browser)

    for close in (browser.back, lambda: press_escape(browser)):
        wait_for_role(browser, "button", say(text["photos.editNamed"], number=1)).click()
        dialog = wait_for_role(browser, "dialog", text["photos.editor.title"])
        find_by_role(dialog, "button", text["photos.editor.rotateRight"]).click()
        close()
        wait_until_gone(browser, "dialog", text["photos.editor.title"])
        assert address(browser) == page
        wait_for_role(browser, "textbox", text["wish.form.name"])
        assert not by_role(browser, "dialog")
        assert not [p for p in browser.find_elements("css selector", ".photo-tile-pending") if p.is_displayed()]

    # Forward does not bring back an editor whose edit was dropped.
    browser.forward()
    wait_until_layers_left(browser, "forward stayed")
    assert not by_role(browser, "dialog")
    find_by_role(browser, "button", text["wish.form.save"]).click()
    wait_for_role(browser, "heading", "Editor")
    assert server.api("GET", f"/photos/{photo['id']}", token=token)[1]["edit"] is None


@pytest.mark.parametrize("language", ["en", "ko"])
def test_original_size_shows_the_edit_at_full_size_and_the_unedited_original_apart(
    server, browser, catalogs, screenshot, language
):
    en, text = catalogs["en"], catalogs[language]
    token = signed_in(server, browser, en)
    [photo] = upload(server, token, SMALL)
    status, edited = server.api(
        "PUT",
        f"/photos/{photo['id']}/edit",
        {"crop": {"x": 40, "y": 0, "width": 400, "height": 300}, "rotate": 90},
        token=token,
    )
    assert status == 200, edited
    wish = create_wish(server, token, name="Full size", photoIds=[photo["id"]])
    browser.get(server.url(f"/#/wishes/{wish['id']}"))
    in_language(browser, language)

    wait_for_role(browser, "button", say(text["photos.open"], number=1, total=1)).click()
    viewer = wait_for_role(browser, "dialog", text["photos.viewer"])
    image = viewer.find_element("css selector", ".photo-viewer-image")
    original_size = find_by_role(viewer, "button", text["photos.originalSize"])
    original_size.click()
    wait_until(browser, lambda: original_size.get_attribute("aria-pressed") == "true", "not pressed")
    wait_until(
        browser, lambda: image.get_attribute("src").endswith(edited["urls"]["full"]), "Original size shows another file"
    )
    assert pixels(browser, image) == [300, 400]  # the crop, turned, at the original's resolution
    screenshot(f"viewer-full-size-{language}")

    unedited = find_by_role(viewer, "button", text["photos.uneditedNamed"])
    unedited.click()
    wait_until(
        browser,
        lambda: image.get_attribute("src").endswith(edited["urls"]["original"]),
        "Before editing does not show the original",
    )
    assert pixels(browser, image) == [640, 480]
    assert unedited.get_attribute("aria-pressed") == "true"
    assert original_size.get_attribute("aria-pressed") == "false"
    # Drawn at the original's proportions, not squeezed into the edit's.
    box = image.rect
    assert box["width"] > box["height"], box
    screenshot(f"viewer-unedited-{language}")
