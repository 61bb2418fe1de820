"""Photos in a real browser against the real server: picking several with upload
progress, a file that is not an image, the photo editor, reordering by button and
by drag, the place a photo suggests, the gallery on a wish, the full-screen viewer
with zoom that resets, and the cover on the card (W2, W8, W12, W14, P1–P5).
Controls are found by role and accessible name, words from the app's catalogs."""

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from accessibility import by_role, fill, find_by_role, wait_for_role, wait_until_gone
from conftest import DESKTOP, PHONE, PHOTOS, set_viewport
from flows import create_wish, go_to_tab, say, signed_in
from layout import expect_fits
from module_harness import page  # noqa: F401 (a fixture)
from photo_steps import LANDSCAPE, SMALL, images, pick, tile_photo_ids, upload, wait


def rendered_width(browser, element):
    return browser.execute_script("return arguments[0].getBoundingClientRect().width", element)


def viewer_image(browser, number):
    """The viewer's image of photo `number`."""
    return browser.find_element("css selector", f".photo-viewer-slide:nth-child({number}) img")


@pytest.mark.cluster_journey
def test_add_a_wish_with_two_photos_rotate_one_and_view_them(server, browser, catalogs, screenshot):
    en = catalogs["en"]
    token = signed_in(server, browser, en, "/#/wishes/new")
    wait_for_role(browser, "heading", en["wish.new.title"])
    fill(browser, en["wish.form.name"], "Trip photos")

    # A slow uplink so the progress is there to be seen; the real server still answers.
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": 1_000_000},
    )
    pick(browser, LANDSCAPE, SMALL)
    progress = wait(
        browser,
        lambda: next(
            (
                bar
                for bar in browser.find_elements("css selector", "progress")
                if bar.is_displayed() and bar.accessible_name == say(en["photos.uploading"], number=1)
            ),
            False,
        ),
        "no upload progress for the first photo",
    )
    # The local preview shows at once, before the server has the photo.
    assert images(browser, say(en["photos.photo"], number=1))[0].get_attribute("src").startswith("blob:")
    wait(browser, lambda: int(progress.get_attribute("value")) > 0, "the progress never moved")
    browser.execute_cdp_cmd(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    first, second = tile_photo_ids(browser, en, 2)
    assert not [bar for bar in browser.find_elements("css selector", "progress") if bar.is_displayed()]
    find_by_role(browser, "button", say(en["photos.remove"], number=2))
    cover = browser.find_element("css selector", ".photo-tile-cover")
    assert cover.is_displayed() and cover.text == en["photos.cover"]

    # Both photos were taken somewhere the server knows: the editor offers the place.
    wait_for_role(browser, "button", say(en["photos.place.useNamed"], name="Madrid")).click()
    screenshot("photo-picker")

    # Rotate the second photo a quarter turn: landscape becomes portrait.
    before = server.api("GET", f"/photos/{second}", token=token)[1]
    assert (before["width"], before["height"]) == (640, 480)
    edit_button = find_by_role(browser, "button", say(en["photos.editNamed"], number=2))
    edit_button.click()
    dialog = wait_for_role(browser, "dialog", en["photos.editor.title"])
    screenshot("photo-editor")
    find_by_role(dialog, "button", en["photos.editor.rotateRight"]).click()
    find_by_role(dialog, "button", en["photos.editor.done"]).click()
    wait_until_gone(browser, "dialog")
    # The turn waits for the wish's Save, and the tile says so.
    wait(
        browser,
        lambda: en["photos.editPending"] in browser.find_element("css selector", ".photo-tiles").text,
        "no word",
    )
    assert server.api("GET", f"/photos/{second}", token=token)[1]["edit"] is None
    assert browser.switch_to.active_element == edit_button  # focus came back to where it was
    screenshot("photo-edit-pending")

    find_by_role(browser, "button", en["wish.form.save"]).click()
    wait_for_role(browser, "heading", "Trip photos")
    after = server.api("GET", f"/photos/{second}", token=token)[1]
    assert (after["width"], after["height"], after["edit"]) == (480, 640, {"crop": None, "rotate": 90})
    assert after["urls"]["thumb"] != before["urls"]["thumb"]
    [wish] = server.api("GET", "/wishes", token=token)[1]["items"]
    assert [photo["id"] for photo in wish["photos"]] == [first, second]
    assert wish["place"]["name"] == "Madrid" and wish["place"]["source"] == "photo"

    # The gallery: one photo at a time, "n / total", responsive sources that a phone can use.
    count = wait(
        browser,
        lambda: next(
            (p for p in browser.find_elements("css selector", ".photo-gallery-count") if p.is_displayed()), False
        ),
        "no gallery count",
    )
    assert count.text == say(en["photos.position"], number=1, total=2)
    slide = wait_for_role(browser, "button", say(en["photos.open"], number=1, total=2))
    image = slide.find_element("css selector", "img")
    assert "/medium" in image.get_attribute("srcset") and "/large" in image.get_attribute("srcset")
    assert image.get_attribute("sizes")
    screenshot("photo-gallery")

    # Swiping the strip (here: scrolling it) moves the label along.
    browser.execute_script(
        "const s = document.querySelector('.photo-strip'); s.scrollTo({left: s.clientWidth, behavior: 'instant'})"
    )
    wait(
        browser,
        lambda: count.text == say(en["photos.position"], number=2, total=2),
        "the label did not follow the strip",
    )
    browser.execute_script("document.querySelector('.photo-strip').scrollTo({left: 0, behavior: 'instant'})")
    wait(browser, lambda: count.text == say(en["photos.position"], number=1, total=2), "the label did not come back")

    # The viewer opens at the tapped photo.
    slide.click()
    viewer = wait_for_role(browser, "dialog", en["photos.viewer"])
    label = viewer.find_element("css selector", ".photo-viewer-count")
    assert label.text == say(en["photos.position"], number=1, total=2)
    screenshot("photo-viewer")
    find_by_role(viewer, "button", en["photos.next"]).click()
    wait(browser, lambda: label.text == say(en["photos.position"], number=2, total=2), "Next did not move on")
    second_image = viewer_image(browser, 2)
    rest = rendered_width(browser, second_image)
    find_by_role(viewer, "button", en["photos.zoomIn"]).click()
    wait(browser, lambda: rendered_width(browser, second_image) > rest * 1.5, "Zoom in did not enlarge the photo")

    # Moving to another photo resets the zoom (P4): back on the second, it is at rest again.
    ActionChains(browser).send_keys(Keys.ARROW_LEFT).perform()
    wait(browser, lambda: label.text == say(en["photos.position"], number=1, total=2), "the left arrow did not go back")
    first_image = viewer_image(browser, 1)
    first_rest = rendered_width(browser, first_image)
    ActionChains(browser).send_keys(Keys.ARROW_RIGHT).perform()
    wait(
        browser, lambda: label.text == say(en["photos.position"], number=2, total=2), "the right arrow did not move on"
    )
    wait(browser, lambda: abs(rendered_width(browser, second_image) - rest) < 1, "the zoom was not reset")

    # A double-click zooms in where it lands; another one zooms back out.
    stage = viewer.find_element("css selector", ".photo-viewer-stage")
    ActionChains(browser).double_click(stage).perform()
    wait(browser, lambda: rendered_width(browser, second_image) > rest * 2, "a double-click did not zoom in")
    ActionChains(browser).double_click(stage).perform()
    wait(
        browser, lambda: abs(rendered_width(browser, second_image) - rest) < 1, "a second double-click did not zoom out"
    )
    ActionChains(browser).send_keys(Keys.ARROW_LEFT).perform()
    assert abs(rendered_width(browser, first_image) - first_rest) < 1

    # Escape closes the viewer and puts focus back on the gallery, at the photo last seen.
    ActionChains(browser).send_keys(Keys.ESCAPE).perform()
    wait_until_gone(browser, "dialog")
    assert browser.switch_to.active_element.accessible_name == say(en["photos.open"], number=1, total=2)

    # The card on the Wishes tab shows the cover's thumbnail.
    find_by_role(browser, "button", en["app.back"]).click()
    go_to_tab(browser, en, "nav.wishes")
    card = wait_for_role(browser, "link", "Trip photos")
    wait(
        browser,
        lambda: (
            card.find_element("css selector", "img").get_attribute("src").endswith(wish["photos"][0]["urls"]["thumb"])
        ),
        "the card does not show the cover thumbnail",
    )
    assert "/thumb" in card.find_element("css selector", "img").get_attribute("src")


def test_a_file_that_is_not_an_image_says_so_and_is_not_saved(server, browser, catalogs, tmp_path, screenshot):
    en = catalogs["en"]
    token = signed_in(server, browser, en, "/#/wishes/new")
    wait_for_role(browser, "heading", en["wish.new.title"])
    fill(browser, en["wish.form.name"], "Notes and a photo")
    notes = tmp_path / "shopping-list.jpg"  # named like a photo, but text inside
    notes.write_text("socks, a kettle, a lamp\n")
    pick(browser, SMALL, notes)

    error = wait(
        browser,
        lambda: next((a for a in by_role(browser, "alert") if a.text == en["photos.error.unsupported_image"]), False),
        "no error for the text file",
    )
    tile = error.find_element("xpath", "./ancestor::li")
    assert "shopping-list.jpg" in tile.text
    # The error sits with its own photo, which can be removed.
    find_by_role(tile, "button", say(en["photos.remove"], number=2))
    screenshot("photo-picker-error")
    [good] = tile_photo_ids(browser, en, 1)

    find_by_role(browser, "button", en["wish.form.save"]).click()
    wait_for_role(browser, "heading", "Notes and a photo")
    [wish] = server.api("GET", "/wishes", token=token)[1]["items"]
    assert [photo["id"] for photo in wish["photos"]] == [good]


def test_reordering_by_button_and_by_drag_changes_the_cover(server, browser, catalogs):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    first, second, third = (
        photo["id"] for photo in upload(server, token, LANDSCAPE, SMALL, PHOTOS / "gps" / "DSCN0012.jpg")
    )
    wish = create_wish(server, token, name="Three photos", photoIds=[first, second, third])
    browser.get(server.url(f"/#/wishes/{wish['id']}/edit"))
    wait_for_role(browser, "heading", en["wish.edit.title"])
    assert tile_photo_ids(browser, en, 3) == [first, second, third]

    move = wait_for_role(browser, "button", say(en["photos.moveLeft"], number=2))
    move.click()
    assert tile_photo_ids(browser, en, 3) == [second, first, third]
    # Focus follows the photo: the button now names its new place.
    assert browser.switch_to.active_element.accessible_name == say(en["photos.moveLeft"], number=1)
    status = browser.find_element("css selector", "wl-photo-picker [role=status]")
    assert status.text == say(en["photos.moved"], position=1, total=3)

    # Dragging the third photo onto the first puts it in front.
    [third_image] = images(browser, say(en["photos.photo"], number=3))
    [first_image] = images(browser, say(en["photos.photo"], number=1))
    ActionChains(browser).click_and_hold(third_image).move_by_offset(-10, 0).move_to_element(
        first_image
    ).release().perform()
    assert tile_photo_ids(browser, en, 3) == [third, second, first]

    find_by_role(browser, "button", en["wish.form.save"]).click()
    wait_for_role(browser, "heading", "Three photos")
    saved = server.api("GET", f"/wishes/{wish['id']}", token=token)[1]
    assert [photo["id"] for photo in saved["photos"]] == [third, second, first]
    go_to_tab(browser, en, "nav.wishes")
    card = wait_for_role(browser, "link", "Three photos")
    wait(
        browser,
        lambda: f"/media/{third}/thumb" in card.find_element("css selector", "img").get_attribute("src"),
        "the card does not show the new cover",
    )


def test_crop_in_the_editor_and_reset(server, browser, catalogs):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    [photo] = upload(server, token, SMALL)
    wish = create_wish(server, token, name="Crop me", photoIds=[photo["id"]])
    browser.get(server.url(f"/#/wishes/{wish['id']}/edit"))
    wait_for_role(browser, "button", say(en["photos.editNamed"], number=1)).click()
    dialog = wait_for_role(browser, "dialog", en["photos.editor.title"])
    assert not by_role(dialog, "button", en["photos.editor.reset"])  # nothing to reset yet

    # Square, then the frame's bottom-right corner dragged in, then the frame moved by keyboard.
    find_by_role(dialog, "radio", en["photos.editor.square"]).click()
    frame = dialog.find_element("css selector", ".crop-frame")
    corner = frame.find_element("css selector", '[data-corner="se"]')
    ActionChains(browser).click_and_hold(corner).move_by_offset(-60, -60).release().perform()
    frame.send_keys(Keys.ARROW_RIGHT)
    find_by_role(dialog, "button", en["photos.editor.done"]).click()
    wait_until_gone(browser, "dialog")
    assert server.api("GET", f"/photos/{photo['id']}", token=token)[1]["edit"] is None  # sent with Save
    find_by_role(browser, "button", en["wish.form.save"]).click()
    wait_for_role(browser, "heading", "Crop me")
    edited = server.api("GET", f"/photos/{photo['id']}", token=token)[1]
    crop = edited["edit"]["crop"]
    assert crop["width"] == crop["height"] < 480, crop
    assert crop["x"] > 0 and crop["y"] == 0, crop
    assert (edited["width"], edited["height"]) == (crop["width"], crop["height"])

    # Cancel leaves the photo as it was.
    browser.get(server.url(f"/#/wishes/{wish['id']}/edit"))
    wait_for_role(browser, "button", say(en["photos.editNamed"], number=1)).click()
    dialog = wait_for_role(browser, "dialog", en["photos.editor.title"])
    find_by_role(dialog, "button", en["photos.editor.rotateLeft"]).click()
    find_by_role(dialog, "button", en["photos.editor.cancel"]).click()
    wait_until_gone(browser, "dialog")
    assert server.api("GET", f"/photos/{photo['id']}", token=token)[1]["urls"] == edited["urls"]

    # Reset goes back to the original.
    wait_for_role(browser, "button", say(en["photos.editNamed"], number=1)).click()
    dialog = wait_for_role(browser, "dialog", en["photos.editor.title"])
    find_by_role(dialog, "button", en["photos.editor.reset"]).click()
    wait_until_gone(browser, "dialog")
    find_by_role(browser, "button", en["wish.form.save"]).click()
    wait_for_role(browser, "heading", "Crop me")
    reset = server.api("GET", f"/photos/{photo['id']}", token=token)[1]
    assert (reset["edit"], reset["width"], reset["height"]) == (None, 640, 480)


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_photo_screens_fit_and_have_big_enough_targets(server, browser, catalogs, size):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    set_viewport(browser, *size)
    ids = [photo["id"] for photo in upload(server, token, LANDSCAPE, SMALL)]
    wish = create_wish(server, token, name="Photo targets", photoIds=ids)
    for path, heading in (
        (f"/#/wishes/{wish['id']}", wish["name"]),
        (f"/#/wishes/{wish['id']}/edit", en["wish.edit.title"]),
    ):
        browser.get(server.url(path))
        wait_for_role(browser, "heading", heading)
        wait(browser, lambda: not browser.find_elements("css selector", "[aria-busy=true]"), f"{path} stays busy")
        expect_fits(
            browser, size[0], by_role(browser, "link") + by_role(browser, "button") + by_role(browser, "radio"), path
        )


def test_crop_and_zoom_arithmetic(page):
    result = page(
        "js/photos/photo-geometry.js",
        """
        const original = { width: 400, height: 300 };
        const whole = { x: 0, y: 0, ...original };
        const frame = { x: 10, y: 20, width: 100, height: 50 };
        // A frame on the photo turned a quarter clockwise (a 300×400 canvas) maps back into upright pixels.
        const turned = module.cropFromFrame(frame, whole, 90, original);
        // The same frame after turning the canvas on with it selects the same part of the photo.
        const again = module.turnFrame(frame, { width: 400, height: 300 }, 1);
        return {
          plain: module.cropFromFrame(frame, whole, 0, original),
          turned,
          everything: module.cropFromFrame({ x: 0, y: 0, width: 300, height: 400 }, whole, 90, original),
          inCrop: module.cropFromFrame({ x: 0, y: 0, width: 50, height: 50 }, { x: 100, y: 100, width: 200, height: 100 }, 180, original),
          turnedBack: module.cropFromFrame(again.frame, whole, 90, original),
          square: module.resizeFrame({ x: 0, y: 0, width: 100, height: 100 }, "se", 50, 10, { width: 120, height: 300 }, { square: true }),
          pan: [
            module.clampPan({ x: 500, y: -500 }, 2, { width: 390, height: 290 }, { width: 390, height: 844 }),
            module.clampPan({ x: 5, y: 5 }, 1, { width: 390, height: 290 }, { width: 390, height: 844 }),
          ],
        };
        """,
    )
    assert result["plain"] == {"x": 10, "y": 20, "width": 100, "height": 50}
    assert result["turned"] == {"x": 20, "y": 190, "width": 50, "height": 100}
    assert result["everything"] is None
    assert result["inCrop"] == {"x": 250, "y": 150, "width": 50, "height": 50}
    assert result["turnedBack"] == {"x": 10, "y": 20, "width": 100, "height": 50}
    assert result["square"] == {"x": 0, "y": 0, "width": 120, "height": 120}
    # Zoomed twice: a 780 px wide image pans at most 195 px either way; a 580 px tall one in an 844 px stage stays centred.
    assert result["pan"] == [{"x": 195, "y": 0}, {"x": 0, "y": 0}]


def touch(browser, kind, *points):
    browser.execute_cdp_cmd(
        "Input.dispatchTouchEvent",
        {"type": kind, "touchPoints": [{"x": x, "y": y, "id": index} for index, (x, y) in enumerate(points)]},
    )


def test_pinch_zooms_at_most_six_times_and_panning_stops_at_the_edges(server, browser, catalogs):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    [photo] = upload(server, token, LANDSCAPE)
    wish = create_wish(server, token, name="Pinch me", photoIds=[photo["id"]])
    browser.get(server.url(f"/#/wishes/{wish['id']}"))
    wait_for_role(browser, "button", say(en["photos.open"], number=1, total=1)).click()
    wait_for_role(browser, "dialog", en["photos.viewer"])
    image = viewer_image(browser, 1)
    box = lambda: browser.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom];", image
    )
    rest = rendered_width(browser, image)
    assert rest == PHONE[0]  # a landscape photo fits the phone's width

    # Fingers spread far apart: the zoom stops at 6×.
    touch(browser, "touchStart", (170, 422), (220, 422))
    for step in range(1, 11):
        touch(browser, "touchMove", (170 - step * 16, 422), (220 + step * 16, 422))
    touch(browser, "touchEnd")
    wait(browser, lambda: abs(rendered_width(browser, image) - 6 * rest) < 1, "the pinch did not stop at 6×")

    # One finger drags far right and down: the image's top-left corner stops at the screen's.
    touch(browser, "touchStart", (100, 300))
    for step in range(1, 11):
        touch(browser, "touchMove", (100 + step * 200, 300 + step * 200))
    touch(browser, "touchEnd")
    wait(browser, lambda: [round(value) for value in box()[:2]] == [0, 0], "panning went past the image's edge")

    # Back to fitted by a double-tap; the photo is centred again.
    for _ in range(2):
        touch(browser, "touchStart", (195, 422))
        touch(browser, "touchEnd")
    wait(browser, lambda: abs(rendered_width(browser, image) - rest) < 1, "a double-tap did not zoom out")
    left, top, right, bottom = box()
    assert abs(left) < 1 and abs((top + bottom) / 2 - 422) < 1
