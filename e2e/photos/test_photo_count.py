"""The photo picker's count (issue 34): photos whose upload failed are not counted among the
record's photos, but said apart, in English and Korean."""

import pytest

from accessibility import by_role, find_by_role, wait_for_role
from flows import say, signed_in, use_language
from photo_steps import SMALL, pick, tile_photo_ids, wait


@pytest.mark.parametrize("language", ["en", "ko"])
def test_failed_uploads_are_counted_apart(server, browser, catalogs, tmp_path, language, screenshot):
    catalog = catalogs[language]
    signed_in(server, browser, catalogs["en"], "/#/wishes/new")
    use_language(browser, language)
    wait_for_role(browser, "heading", catalog["wish.new.title"])
    notes = []
    for name in ("list.jpg", "receipt.jpg"):  # named like photos, text inside
        notes.append(tmp_path / name)
        notes[-1].write_text("socks, a kettle, a lamp\n")
    pick(browser, SMALL, *notes)
    wait(
        browser,
        lambda: len([a for a in by_role(browser, "alert") if a.text == catalog["photos.error.unsupported_image"]]) == 2,
        "the two text files did not fail",
    )
    tile_photo_ids(browser, catalog, 1)
    main = find_by_role(browser, "main")
    expected = say(catalog["photos.countFailed"], count=1, max=20, failed=2)
    wait(browser, lambda: expected in main.text, "the count does not tell the failed uploads apart")
    assert say(catalog["photos.count"], count=3, max=20) not in main.text
    screenshot(f"photo-count-failed-{language}")

    # Removing the failed ones leaves the plain count.
    for number in (3, 2):
        find_by_role(browser, "button", say(catalog["photos.remove"], number=number)).click()
    wait(
        browser,
        lambda: expected not in main.text and say(catalog["photos.count"], count=1, max=20) in main.text,
        "the count is not 1 of 20",
    )
