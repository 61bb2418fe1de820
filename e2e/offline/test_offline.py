"""The app with its server stopped: the shell from the service worker on every tab, what was seen
shown with the offline banner, each account's kept data deleted when it signs out and never shown
to another account, the update prompt, and installability."""

import base64
from urllib.parse import urlparse

import pytest
from selenium.webdriver.common.by import By

from accessibility import by_role, fill, find_by_role, wait_for_role, wait_until
from conftest import PHOTOS
from flows import TAB_KEYS, add_account, create_wish, go_to_tab, open_account_menu, put_session, signed_in, tap
from offline_steps import (
    account_id,
    cache_names,
    database_names,
    kept_urls,
    make_database,
    start_again,
    stop,
    wait_for_service_worker,
    wait_until_kept,
)
from photo_steps import upload

pytestmark = pytest.mark.service_worker


def main_text(browser):
    return browser.find_element(By.TAG_NAME, "main").text


def banner(browser):
    return browser.find_element(By.TAG_NAME, "wl-offline-banner")


def search_for(browser, en, query, expected):
    box = wait_for_role(browser, "searchbox", en["search.label"])
    box.clear()
    box.send_keys(query)
    wait_for_role(browser, "link", expected, within=wait_for_role(browser, "tabpanel"))


def visit_every_tab(browser, en, *, wish, entry):
    """Opens each tab and settings, checking each shows what it holds."""
    for key in TAB_KEYS:
        go_to_tab(browser, en, key)
        if key == "nav.wishes":
            wait_for_role(browser, "link", wish)
        elif key == "nav.search":
            search_for(browser, en, "teapot", wish)
        elif key == "nav.journal":
            wait_until(browser, lambda: entry in main_text(browser), "the journal entry is not shown")
    browser.execute_script("location.hash = '#/settings'")
    wait_for_role(browser, "heading", en["settings.title"])


def test_the_app_opens_with_the_server_stopped_on_every_tab(server, browser, catalogs):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    create_wish(server, token, name="Green teapot")
    status, body = server.api("POST", "/journal", {"title": "Tea in Jeonju", "date": "2026-06-01"}, token=token)
    assert status == 201, body
    wait_for_service_worker(browser)
    browser.refresh()
    visit_every_tab(browser, en, wish="Green teapot", entry="Tea in Jeonju")
    wait_until_kept(
        browser, account_id(server, token), "/api/v1/me", "/api/v1/wishes", "/api/v1/journal", "/api/v1/search"
    )
    assert not banner(browser).is_displayed()

    stop(server)
    browser.get(server.url("/#/wishes"))
    wait_for_role(browser, "link", "Green teapot")
    wait_until(browser, lambda: banner(browser).is_displayed(), "no offline banner")
    assert en["offline.banner"] in banner(browser).text
    fresh = en["offline.freshAt"].split("{time}")[0]
    assert fresh in banner(browser).text, banner(browser).text
    visit_every_tab(browser, en, wish="Green teapot", entry="Tea in Jeonju")
    assert banner(browser).is_displayed()


def test_the_banner_counts_what_waits_in_the_outbox(server, browser, catalogs):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    create_wish(server, token, name="Green teapot")
    wait_for_service_worker(browser)
    browser.refresh()
    wait_for_role(browser, "link", "Green teapot")
    wait_until_kept(browser, account_id(server, token), "/api/v1/wishes")
    stop(server)
    browser.refresh()
    wait_until(browser, lambda: banner(browser).is_displayed(), "no offline banner")
    assert en["offline.outbox.other"].replace("{count}", "3") not in banner(browser).text
    browser.execute_script("window.dispatchEvent(new CustomEvent('wishlist:outbox', {detail: {count: 3}}))")
    wait_until(
        browser,
        lambda: en["offline.outbox.other"].replace("{count}", "3") in banner(browser).text,
        "the outbox count is not in the banner",
    )


def test_signing_out_deletes_the_accounts_caches_and_databases_after_a_warning(server, browser, catalogs):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    account = account_id(server, token)
    create_wish(server, token, name="Green teapot")
    wait_for_service_worker(browser)
    browser.refresh()
    wait_for_role(browser, "link", "Green teapot")
    wait_until_kept(browser, account, "/api/v1/wishes")
    make_database(browser, f"wishlist-{account}-outbox")
    make_database(browser, "someone-elses-database")
    assert f"wishlist-{account}-outbox" in database_names(browser)

    # Writes wait in the outbox: signing out asks first, and Cancel keeps everything.
    browser.execute_script("window.dispatchEvent(new CustomEvent('wishlist:outbox', {detail: {count: 2}}))")
    open_account_menu(browser)
    find_by_role(browser, "button", en["account.signOut"]).click()
    dialog = wait_for_role(browser, "dialog", en["offline.signOut.title"])
    find_by_role(dialog, "button", en["dialog.cancel"]).click()
    wait_for_role(browser, "link", "Green teapot")
    assert f"wishlist-{account}-api" in cache_names(browser)

    open_account_menu(browser)
    find_by_role(browser, "button", en["account.signOut"]).click()
    dialog = wait_for_role(browser, "dialog", en["offline.signOut.title"])
    find_by_role(dialog, "button", en["offline.signOut.confirm"]).click()
    wait_for_role(browser, "heading", en["signIn.title"])
    wait_until(
        browser,
        lambda: not [name for name in cache_names(browser) if name.startswith(f"wishlist-{account}-")],
        "the account's caches are still there",
    )
    wait_until(
        browser,
        lambda: f"wishlist-{account}-outbox" not in database_names(browser),
        "the account's database is still there",
    )
    assert "someone-elses-database" in database_names(browser)


@pytest.mark.parametrize("seen_by", ["the open page", "a page opened after"])
def test_a_session_ended_elsewhere_deletes_what_was_kept(server, browser, catalogs, seen_by):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    account = account_id(server, token)
    create_wish(server, token, name="Green teapot")
    wait_for_service_worker(browser)
    browser.refresh()
    wait_for_role(browser, "link", "Green teapot")
    wait_until_kept(browser, account, "/api/v1/wishes")
    make_database(browser, f"wishlist-{account}-outbox")
    # Signed out on the server (as when the session expires): the next answer is a 401.
    browser.execute_cdp_cmd("Network.clearBrowserCookies", {})
    if seen_by == "the open page":
        nav = wait_for_role(browser, "navigation", en["nav.label"])
        find_by_role(nav, "link", en["nav.favorites"]).click()
    else:
        browser.refresh()
    wait_for_role(browser, "heading", en["signIn.title"])
    wait_until(
        browser,
        lambda: not [name for name in cache_names(browser) if name.startswith(f"wishlist-{account}-")],
        "the account's caches are still there",
    )
    wait_until(
        browser,
        lambda: f"wishlist-{account}-outbox" not in database_names(browser),
        "the account's database is still there",
    )


def test_one_account_never_sees_what_was_kept_for_another(server, browser, catalogs):
    en = catalogs["en"]
    alice_token = signed_in(server, browser, en)
    alice = account_id(server, alice_token)
    secret = create_wish(server, alice_token, name="Alice's secret")
    wait_for_service_worker(browser)
    browser.get(server.url(f"/#/wishes/{secret['id']}"))
    browser.refresh()
    wait_for_role(browser, "heading", "Alice's secret")
    wait_until_kept(browser, alice, f"/api/v1/wishes/{secret['id']}")

    # Bob signs in on the same browser (Alice's session cookie replaced, her caches left as they were).
    add_account(server, "bob", "bob's long password")
    bob_token = server.token("bob", "bob's long password")
    bob = account_id(server, bob_token)
    create_wish(server, bob_token, name="Bob's bike")
    browser.execute_cdp_cmd("Network.clearBrowserCookies", {})
    put_session(server, browser, server.session_cookie("bob", "bob's long password"))
    browser.get(server.url("/#/wishes"))
    browser.refresh()
    wait_for_role(browser, "link", "Bob's bike")
    wait_until_kept(browser, bob, "/api/v1/me", "/api/v1/wishes")
    assert f"wishlist-{alice}-api" in cache_names(browser)

    stop(server)
    browser.refresh()
    wait_for_role(browser, "link", "Bob's bike")
    assert "Alice's secret" not in main_text(browser)
    browser.execute_script(f"location.hash = '#/wishes/{secret['id']}'")
    # The detail of Alice's wish was kept for Alice alone: for Bob, offline, it cannot be had.
    wait_for_role(browser, "heading", en["error.network.title"])
    assert "Alice's secret" not in browser.page_source


def test_the_app_is_installable(server, browser, catalogs):
    en = catalogs["en"]
    signed_in(server, browser, en)
    wait_for_service_worker(browser)
    browser.refresh()
    wait_for_role(browser, "navigation", en["nav.label"])
    errors = browser.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"]
    assert errors == []


def test_renditions_seen_are_kept_for_offline_and_originals_never(server, browser, catalogs):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    account = account_id(server, token)
    [photo] = upload(server, token, PHOTOS / "camera" / "iphone.jpg")
    wish = create_wish(server, token, name="Green teapot", photoIds=[photo["id"]])
    wait_for_service_worker(browser)
    browser.refresh()
    wait_for_role(browser, "link", "Green teapot")
    browser.execute_script(f"location.hash = '#/wishes/{wish['id']}'")
    wait_for_role(browser, "heading", "Green teapot")
    # The original too is asked for, as the viewer would: it passes by.
    browser.execute_async_script(
        "const [url, done] = arguments; fetch(url).then(() => done());", photo["urls"]["original"]
    )
    media = f"wishlist-{account}-media"
    wait_until(
        browser,
        lambda: {"thumb", "medium"} <= {urlparse(url).path.split("/")[3] for url in kept_urls(browser, media)},
        "the thumbnail and medium rendition are not kept",
    )
    assert not [url for url in kept_urls(browser, media) if "/original" in url]

    stop(server)
    browser.execute_script("location.hash = '#/wishes'")
    browser.refresh()
    card = wait_for_role(browser, "link", "Green teapot").find_element("xpath", "./ancestor::article")
    image = card.find_element(By.CSS_SELECTOR, "img")
    wait_until(
        browser, lambda: browser.execute_script("return arguments[0].naturalWidth", image) > 0, "no photo offline"
    )


SHARE_FORM = """
const [photo] = arguments;
const form = document.createElement("form");
form.method = "post";
form.action = "/share";
form.enctype = "multipart/form-data";
for (const [name, value] of [["title", "Shared teapot"], ["text", ""], ["url", "https://example.com/teapot"]]) {
  const field = document.createElement("input");
  field.name = name;
  field.value = value;
  form.append(field);
}
const files = document.createElement("input");
files.type = "file";
files.name = "files";
const chosen = new DataTransfer();
chosen.items.add(new File([Uint8Array.from(atob(photo), (c) => c.charCodeAt(0))], "teapot.jpg", { type: "image/jpeg" }));
files.files = chosen.files;
form.append(files);
document.body.append(form);
form.submit();
"""


def test_a_share_made_with_the_server_away_waits_in_the_outbox_and_arrives_once(server, browser, catalogs, tmp_path):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    wait_for_service_worker(browser)
    browser.refresh()
    wait_until_kept(browser, account_id(server, token), "/api/v1/me")
    stop(server)

    # What the system share sheet does: a multipart POST to the manifest's share target.
    browser.execute_script(SHARE_FORM, base64.b64encode((PHOTOS / "camera" / "canon-40d.jpg").read_bytes()).decode())
    wait_for_role(browser, "heading", en["outbox.title"])
    main = browser.find_element(By.TAG_NAME, "main")
    wait_until(browser, lambda: "Shared teapot" in main.text, "the share does not wait in the outbox")

    server = start_again(server, tmp_path)
    try:
        wait_until(
            browser,
            lambda: (
                [
                    (wish["name"], wish["link"], len(wish["photos"]))
                    for wish in server.api("GET", "/wishes", token=token)[1]["items"]
                ]
                == [("Shared teapot", "https://example.com/teapot", 1)]
            ),
            "the share never arrived",
            timeout=30,
        )
        wait_until(browser, lambda: en["outbox.empty"] in main.text, "the outbox did not empty")
    finally:
        stop(server)


def test_an_edit_made_with_the_server_away_stays_on_screen_through_a_reload(server, browser, catalogs, tmp_path):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    wish = create_wish(server, token, name="Lamp")
    wait_for_service_worker(browser)
    browser.get(server.url(f"/#/wishes/{wish['id']}"))
    wait_for_role(browser, "heading", "Lamp")
    browser.refresh()
    wait_for_role(browser, "heading", "Lamp")
    go_to_tab(browser, en, "nav.wishes")
    wait_until_kept(browser, account_id(server, token), "/api/v1/me", f"/api/v1/wishes/{wish['id']}", "/api/v1/wishes?")
    stop(server)

    browser.get(server.url(f"/#/wishes/{wish['id']}/edit"))
    fill(browser, en["wish.form.name"], "Desk lamp")
    tap(browser, find_by_role(browser, "button", en["wish.form.save"]))
    wait_for_role(browser, "heading", "Desk lamp")

    # The kept answer says "Lamp"; the edit waiting in the outbox is laid over it.
    browser.refresh()
    wait_for_role(browser, "heading", "Desk lamp")
    go_to_tab(browser, en, "nav.wishes")
    wait_until(
        browser,
        lambda: any(link.accessible_name.startswith("Desk lamp") for link in by_role(browser, "link")),
        "the list shows the wish as the server had it",
    )

    server = start_again(server, tmp_path)
    try:
        wait_until(
            browser,
            lambda: [item["name"] for item in server.api("GET", "/wishes", token=token)[1]["items"]] == ["Desk lamp"],
            "the edit never arrived",
            timeout=30,
        )
    finally:
        stop(server)
