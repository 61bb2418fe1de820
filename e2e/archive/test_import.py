"""Export and import in settings (X6, and moving in, X11): a browser's bookmark file and a CSV imported
from the settings screen, the upload's progress, the report with every refused item and its
reason, and the wishes then on the Wishes tab; and a Wishlist export (.zip) brought back the same
way. Controls are found by role and accessible name, words from the catalogs."""

import urllib.request

import pytest

from accessibility import by_role, find_by_role, names_of, wait_for_role, wait_until
from conftest import REPOSITORY
from flows import USERNAME, create_wish, go_to_tab, open_account_menu, say, signed_in, use_language
from hostile_text import FOREIGN_ADDRESSES, HOSTILE, MISSING, VIOLATION_LISTENER

FIXTURES = REPOSITORY / "Tests" / "LinkPreviewTests" / "Fixtures"


def open_settings(browser, en):
    open_account_menu(browser)
    wait_for_role(browser, "link", en["account.settings"]).click()
    wait_for_role(browser, "heading", en["settings.data.title"])


def choose(browser, path):
    """Chooses a file for the import, as the system picker would once "Import a file" is tapped."""
    browser.find_element("css selector", 'wl-export-import input[type="file"]').send_keys(str(path))


def report(browser, catalog, file_name):
    return wait_for_role(browser, "region", say(catalog["settings.import.reportTitle"], file=file_name), timeout=30)


def alert_saying(browser, words):
    """The alert shown whose text has `words` (an alert's words are its content, not its name)."""
    return next((alert for alert in by_role(browser, "alert") if words in alert.text), None)


def card_names(browser, en):
    shown = by_role(browser, "list", en["nav.wishes"])
    return sorted(names_of(by_role(shown[0], "link"))) if shown else []


def test_bookmarks_and_a_csv_move_in_from_settings(open_server, browser, catalogs, tmp_path, screenshot):
    en, ko = catalogs["en"], catalogs["ko"]
    signed_in(open_server, browser, en)
    open_settings(browser, en)
    export = wait_for_role(browser, "link", en["settings.export.link"])
    assert export.get_attribute("href").endswith("/api/v1/export")
    assert export.get_attribute("download") is not None
    choose_button = wait_for_role(browser, "button", en["settings.import.choose"])
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", choose_button)

    # A Firefox bookmark file: six web links imported, the bookmarklet, place: and file: ones refused.
    choose(browser, FIXTURES / "firefox-bookmarks.html")
    shown = report(browser, en, "firefox-bookmarks.html")
    assert en["settings.import.done"] in [status.text for status in by_role(browser, "status")]
    [counts] = by_role(shown, "list")[:1]
    assert [item.text for item in by_role(counts, "listitem")] == [
        say(en["settings.import.counts"], kind=en["settings.import.kind.wishes"], imported=6, skipped=0)
    ]
    refused = find_by_role(shown, "list", say(en["settings.import.refused"], count=3))
    rows = by_role(refused, "listitem")
    assert [row.text.split("\n")[0] for row in rows] == ["Show title", "Most Visited", "My old list"]
    assert all("http://" in row.text for row in rows)
    browser.execute_script("arguments[0].scrollIntoView({block: 'start'})", shown)
    screenshot("settings-import-report")

    # The same file again: everything is already there.
    choose(browser, FIXTURES / "firefox-bookmarks.html")
    wait_until(
        browser,
        lambda: (
            say(en["settings.import.counts"], kind=en["settings.import.kind.wishes"], imported=0, skipped=6)
            in report(browser, en, "firefox-bookmarks.html").text
        ),
        "the second import did not skip every bookmark",
    )

    # A CSV with Korean names, a quoted tag list and a row whose price is not one.
    csv = tmp_path / "wishes.csv"
    csv.write_text(
        'name,link,tags,price\r\n캠핑 의자,https://shop.example/chair,"camping; 캠핑",39000 KRW\r\nLamp,,,cheap\r\n',
        encoding="utf-8",
    )
    choose(browser, csv)
    shown = report(browser, en, "wishes.csv")
    assert (
        say(en["settings.import.counts"], kind=en["settings.import.kind.wishes"], imported=1, skipped=0) in shown.text
    )
    [row] = by_role(find_by_role(shown, "list", say(en["settings.import.refused"], count=1)), "listitem")
    assert row.text.startswith("Row 3: Lamp")

    # The report follows the language.
    open_account_menu(browser)
    wait_for_role(browser, "radio", en["language.ko"]).click()
    wait_for_role(browser, "button", USERNAME).click()
    shown = report(browser, ko, "wishes.csv")
    assert (
        say(ko["settings.import.counts"], kind=ko["settings.import.kind.wishes"], imported=1, skipped=0) in shown.text
    )
    browser.execute_script("arguments[0].scrollIntoView({block: 'start'})", shown)
    screenshot("settings-import-report-korean")
    open_account_menu(browser)
    wait_for_role(browser, "radio", ko["language.en"]).click()
    wait_for_role(browser, "button", USERNAME).click()

    # The wishes are on the Wishes tab.
    go_to_tab(browser, en, "nav.wishes")
    wait_until(
        browser,
        lambda: (
            card_names(browser, en)
            == sorted(
                [
                    "Get Help",
                    "Customize Firefox",
                    "무신사 | 롱 패딩 코트 블랙",
                    "Air fryer 5.5L",
                    "교보문고 — 소년이 온다",
                    "TERTIAL Work lamp & shade",
                    "캠핑 의자",
                ]
            )
        ),
        "the imported wishes are not all on the Wishes tab",
    )


def test_a_file_of_another_kind_or_not_a_bookmark_file_says_so(open_server, browser, catalogs, tmp_path):
    en = catalogs["en"]
    signed_in(open_server, browser, en)
    open_settings(browser, en)
    notes = tmp_path / "notes.txt"
    notes.write_text("not a list")
    choose(browser, notes)
    wait_until(browser, lambda: alert_saying(browser, en["settings.import.unknownKind"]), "no error for a .txt file")
    page = tmp_path / "page.html"
    page.write_text("<html><body><p>Just a page.</p></body></html>")
    choose(browser, page)
    wait_until(
        browser, lambda: alert_saying(browser, "not a bookmark file"), "no error for a page that is not a bookmark file"
    )
    assert not by_role(browser, "region", say(en["settings.import.reportTitle"], file="page.html"))


def test_hostile_text_in_import_files_is_shown_as_text_and_never_runs(open_server, browser, catalogs, tmp_path):
    """Import files are text another app (or someone) wrote: their names, tags and memos become
    wishes, and refused items are echoed in the report. Neither may run or link anywhere."""
    en = catalogs["en"]
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": VIOLATION_LISTENER})
    signed_in(open_server, browser, en)
    open_settings(browser, en)

    def quoted(text):
        return '"' + text.replace('"', '""') + '"'

    # Each hostile text as a wish's name (kept) and as the name of a row refused for its price.
    rows = ["name,memo,price"]
    for number, text in enumerate(HOSTILE):
        rows.append(f"{quoted(f'{text} {number}')},{quoted(text)},")
        rows.append(f"{quoted(f'{text} refused {number}')},,{quoted(text)}")
    csv = tmp_path / "hostile.csv"
    csv.write_text("\r\n".join(rows) + "\r\n", encoding="utf-8")
    # A bookmark file whose titles are hostile and whose links are javascript: and data:.
    links = "".join(
        f'<DT><A HREF="{href}">{title}</A>\n'
        for title, href in [
            ("&lt;img src=x onerror=window.__pwned=1&gt;", "javascript:window.__pwned=1"),
            (
                "&lt;/script&gt;&lt;script&gt;window.__pwned=1&lt;/script&gt;",
                "data:text/html,&lt;script&gt;window.__pwned=1&lt;/script&gt;",
            ),
        ]
    )
    bookmarks = tmp_path / "hostile.html"
    bookmarks.write_text(
        f"<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<TITLE>Bookmarks</TITLE>\n<DL><p>\n{links}</DL>\n", encoding="utf-8"
    )

    def nothing_ran(screen):
        assert browser.execute_script("return window.__pwned") is None, f"{screen}: a script ran"
        assert browser.execute_script("return window.__violations") == [], f"{screen}: the policy refused something"
        assert browser.execute_script(FOREIGN_ADDRESSES) == [], f"{screen}: a link to another scheme"

    choose(browser, csv)
    shown = report(browser, en, "hostile.csv")
    assert (
        say(en["settings.import.counts"], kind=en["settings.import.kind.wishes"], imported=len(HOSTILE), skipped=0)
        in shown.text
    )
    for number, text in enumerate(HOSTILE):
        assert f"{text} refused {number}" in shown.text, text
    nothing_ran("the CSV's report")

    choose(browser, bookmarks)
    shown = report(browser, en, "hostile.html")
    assert "<img src=x onerror=window.__pwned=1>" in shown.text
    assert "</script><script>window.__pwned=1</script>" in shown.text
    nothing_ran("the bookmark file's report")

    go_to_tab(browser, en, "nav.wishes")
    names = [f"{text} {number}" for number, text in enumerate(HOSTILE)]
    wait_until(
        browser,
        lambda: browser.execute_script(MISSING, names, [], []) == [[], [], []],
        "not every imported hostile name is on the Wishes tab as text",
    )
    nothing_ran("the Wishes tab")


def test_a_wishlist_export_comes_back_from_settings(open_server, browser, catalogs, tmp_path):
    en = catalogs["en"]
    token = signed_in(open_server, browser, en)
    kept = [create_wish(open_server, token, name=name, tags=["moving"]) for name in ("Tent", "캠핑 랜턴")]
    request = urllib.request.Request(open_server.url("/api/v1/export"), headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=30) as response:
        archive = tmp_path / "wishlist-export.zip"
        archive.write_bytes(response.read())
    for wish in kept:
        status, _ = open_server.api("DELETE", f"/wishes/{wish['id']}", token=token)
        assert status == 204

    open_settings(browser, en)
    choose(browser, archive)
    shown = report(browser, en, "wishlist-export.zip")
    assert (
        say(en["settings.import.counts"], kind=en["settings.import.kind.wishes"], imported=2, skipped=0) in shown.text
    )
    go_to_tab(browser, en, "nav.wishes")
    wait_until(
        browser,
        lambda: card_names(browser, en) == sorted(["Tent", "캠핑 랜턴"]),
        "the wishes of the export are not back on the Wishes tab",
    )

    # The same export again: both are already there.
    open_settings(browser, en)
    choose(browser, archive)
    wait_until(
        browser,
        lambda: (
            say(en["settings.import.counts"], kind=en["settings.import.kind.wishes"], imported=0, skipped=2)
            in report(browser, en, "wishlist-export.zip").text
        ),
        "the second import of the export did not find both wishes there",
    )


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_import_report_says_each_refused_row_and_why_in_the_apps_language(
    open_server, browser, catalogs, tmp_path, language, screenshot
):
    catalog = catalogs[language]
    signed_in(open_server, browser, catalogs["en"])
    use_language(browser, language)
    open_settings(browser, catalog)
    csv = tmp_path / "moving-in.csv"
    csv.write_text("name,link,colour,price\r\nChair,,red,10\r\n,https://shop.example/x,,\r\nLamp,,,cheap\r\n")
    choose(browser, csv)
    shown = report(browser, catalog, "moving-in.csv")
    rows = by_role(find_by_role(shown, "list", say(catalog["settings.import.refused"], count=3)), "listitem")
    # Each row: what was refused, then why, both in the app's language (the server's English is not shown).
    assert [row.text.split("\n") for row in rows] == [
        [say(catalog["settings.import.column"], name="colour"), catalog["error.unknown_column"]],
        [say(catalog["settings.import.row"], row=3), catalog["error.name_required"]],
        [say(catalog["settings.import.rowNamed"], row=4, name="Lamp"), catalog["error.price_invalid"]],
    ]
    browser.execute_script("arguments[0].scrollIntoView({block: 'start'})", shown)
    screenshot(f"settings-import-refused-{language}")
