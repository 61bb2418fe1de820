"""The outbox (issue 30): writes made while the server cannot be reached wait in IndexedDB, show at
once as "waiting to send", and reach the server exactly once when it can be reached again, each
with its Idempotency-Key; a stale edit shows both versions, a refused write can be discarded."""

import base64

import pytest
from offline.lossy_proxy import LossyProxy

from accessibility import by_role, fill, find_by_role, wait_for_role, wait_until, wait_until_gone
from flows import block_api, go_to_tab, say, signed_in, tap, unblock_api
from offline_steps import wait_for_service_worker
from photo_steps import SMALL, images, pick

pytestmark = pytest.mark.service_worker

# Sending waits for the page's retry timer at worst (2 s, then 4 s…) on top of the server's work.
SEND_TIMEOUT = 30

# Counts the page announces for the banner, noted as they come.
RECORD_COUNTS = """
window.outboxCounts = [];
window.addEventListener("wishlist:outbox", (event) => window.outboxCounts.push(event.detail.count));
"""

# The number of writes kept in the account's outbox database.
COUNT_KEPT = """
const [name, done] = arguments;
const opening = indexedDB.open(name);
opening.onsuccess = () => {
  const db = opening.result;
  if (!db.objectStoreNames.contains("writes")) { db.close(); return done(-1); }
  const counting = db.transaction("writes").objectStore("writes").count();
  counting.onsuccess = () => { db.close(); done(counting.result); };
};
opening.onerror = () => done(-2);
"""


def go_offline(browser):
    """No network at all, as in a plane: the page's requests fail and `navigator.onLine` is false.
    The page's requests skip the service worker, whose own requests the page's emulated network
    does not reach: what is tested here is the outbox, not the worker's read cache.

    First the worker is made to finish installing, as it has on a phone used before the flight: its
    fetch of every file of the shell is what puts the screens' modules in the HTTP cache, from which
    the page then opens them offline. Gone offline sooner, a screen first opened offline (the wish
    editor) could not load when the tests beside this one kept the cores busy."""
    wait_for_service_worker(browser)
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.setBypassServiceWorker", {"bypass": True})
    browser.execute_cdp_cmd(
        "Network.emulateNetworkConditions",
        {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
    )


def go_online(browser):
    browser.execute_cdp_cmd("Network.setBypassServiceWorker", {"bypass": False})
    browser.execute_cdp_cmd(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
    )


def api_items(server, token, path):
    status, answer = server.api("GET", path, token=token)
    assert status == 200, answer
    return answer["items"]


def kept_writes(browser, account_id):
    return browser.execute_async_script(COUNT_KEPT, f"wishlist-{account_id}-outbox")


def account_id(server, token):
    status, me = server.api("GET", "/me", token=token)
    assert status == 200, me
    return me["id"]


def card_named(browser, name):
    """The card (the article around the link) whose link's name starts with `name`."""
    links = [link for link in by_role(browser, "link") if link.accessible_name.startswith(name)]
    assert len(links) == 1, f"no card for {name}"
    return links[0].find_element("xpath", "./ancestor::article[1]")


def save(browser, en):
    tap(browser, find_by_role(browser, "button", en["wish.form.save"]))


def test_a_wish_with_a_photo_and_an_entry_written_offline_each_arrive_once(server, browser, catalogs, screenshot):
    en = catalogs["en"]
    token = signed_in(server, browser, en, "/#/wishes")
    wait_for_role(browser, "heading", en["wishes.empty.title"])
    browser.execute_script(RECORD_COUNTS)
    go_offline(browser)

    # A wish with a photo: the photo is kept as a file and shown from it.
    find_by_role(browser, "link", en["wish.add"]).click()
    wait_for_role(browser, "heading", en["wish.new.title"])
    fill(browser, en["wish.form.name"], "Camera")
    pick(browser, SMALL)
    wait_until(
        browser,
        lambda: images(browser, say(en["photos.photo"], number=1))[0].get_attribute("src").startswith("blob:"),
        "the photo kept offline is not shown from its file",
    )
    save(browser, en)
    wait_for_role(browser, "heading", "Camera")

    # The wish made offline is edited again before anything was sent: the edit waits behind its create.
    browser.get(browser.current_url + "/edit")
    wait_for_role(browser, "heading", en["wish.edit.title"])
    fill(browser, en["wish.form.name"], "Camera bag")
    save(browser, en)
    wait_for_role(browser, "heading", "Camera bag")

    go_to_tab(browser, en, "nav.wishes")
    card = wait_until(browser, lambda: card_named(browser, "Camera bag"), "the wish made offline is not listed")
    assert en["outbox.badge.pending"] in card.text
    wait_for_role(browser, "link", say(en["outbox.link"], count=3))

    # A journal entry, written on the plane.
    go_to_tab(browser, en, "nav.journal")
    find_by_role(browser, "link", en["journal.add"]).click()
    wait_for_role(browser, "heading", en["journal.new.title"])
    fill(browser, en["journal.form.title"], "Plane notes")
    save(browser, en)
    wait_for_role(browser, "heading", "Plane notes")
    go_to_tab(browser, en, "nav.journal")
    entry = wait_until(browser, lambda: card_named(browser, "Plane notes"), "the entry written offline is not listed")
    assert en["outbox.badge.pending"] in entry.text
    screenshot("outbox-waiting")
    assert browser.execute_script("return window.outboxCounts.at(-1)") == 4
    assert api_items(server, token, "/wishes") == [] and api_items(server, token, "/journal") == []

    # The connection returns: everything is sent, in order, once.
    go_online(browser)
    wait_until(
        browser,
        lambda: [(w["name"], len(w["photos"])) for w in api_items(server, token, "/wishes")] == [("Camera bag", 1)],
        "the wish and its photo did not arrive once",
        timeout=SEND_TIMEOUT,
    )
    wait_until(
        browser,
        lambda: [e["title"] for e in api_items(server, token, "/journal")] == ["Plane notes"],
        "the entry did not arrive once",
        timeout=SEND_TIMEOUT,
    )
    wait_until(browser, lambda: browser.execute_script("return window.outboxCounts.at(-1)") == 0, "the count stayed up")
    wait_until(browser, lambda: not browser.find_elements("css selector", "wl-outbox-link a"), "the count stayed shown")
    assert en["outbox.badge.pending"] not in card_named(browser, "Plane notes").text
    assert kept_writes(browser, account_id(server, token)) == 0
    # Sent again (another drain, a second tab) it still makes nothing new.
    browser.execute_script("window.dispatchEvent(new Event('online'))")
    assert len(api_items(server, token, "/wishes")) == 1 and len(api_items(server, token, "/journal")) == 1


def test_a_reload_while_offline_keeps_the_outbox(server, browser, catalogs):
    en = catalogs["en"]
    token = signed_in(server, browser, en, "/#/wishes/new")
    wait_for_role(browser, "heading", en["wish.new.title"])
    block_api(browser)
    fill(browser, en["wish.form.name"], "Kept through a reload")
    save(browser, en)
    wait_for_role(browser, "heading", "Kept through a reload")

    browser.refresh()
    wait_for_role(browser, "heading", en["error.network.title"])
    assert kept_writes(browser, account_id(server, token)) == 1
    assert api_items(server, token, "/wishes") == []

    unblock_api(browser)
    find_by_role(browser, "button", en["error.retry"]).click()
    wait_until(
        browser,
        lambda: [w["name"] for w in api_items(server, token, "/wishes")] == ["Kept through a reload"],
        "the wish kept through the reload never arrived",
        timeout=SEND_TIMEOUT,
    )
    # The screen of the wish made offline moved to its server id.
    [wish] = api_items(server, token, "/wishes")
    wait_until(browser, lambda: browser.current_url.endswith(f"#/wishes/{wish['id']}"), "still on the local id")
    wait_for_role(browser, "heading", "Kept through a reload")


class _ThroughProxy:
    """The test server, as the browser reaches it: through `proxy`."""

    def __init__(self, server, proxy):
        self._server = server
        self._proxy = proxy

    def url(self, path="/"):
        return self._proxy.origin + path

    def __getattr__(self, name):
        return getattr(self._server, name)


@pytest.fixture
def proxy(server, browser):
    running = LossyProxy(server.base_url)
    yield running
    browser.get("about:blank")
    browser.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": running.origin, "storageTypes": "all"})
    running.stop()


def test_a_lost_answer_is_sent_again_with_its_key_and_makes_no_duplicate(server, proxy, browser, catalogs):
    en = catalogs["en"]
    through = _ThroughProxy(server, proxy)
    token = signed_in(through, browser, en, "/#/wishes/new")
    wait_for_role(browser, "heading", en["wish.new.title"])
    proxy.lose_next_answer("POST", "/api/v1/wishes")
    fill(browser, en["wish.form.name"], "Sent twice, made once")
    save(browser, en)

    # The create reached the server but its answer was lost: the page keeps it and sends it again.
    wait_until(
        browser,
        lambda: [replayed for _, replayed in proxy.writes_to("POST", "/api/v1/wishes")] == [None, "true"],
        "the lost write was not sent again and replayed",
        timeout=SEND_TIMEOUT,
    )
    [(first_key, _), (second_key, _)] = proxy.writes_to("POST", "/api/v1/wishes")
    assert first_key and first_key == second_key
    assert [w["name"] for w in api_items(server, token, "/wishes")] == ["Sent twice, made once"]
    [wish] = api_items(server, token, "/wishes")
    wait_until(browser, lambda: browser.current_url.endswith(f"#/wishes/{wish['id']}"), "still on the local id")


def test_a_stale_edit_shows_both_versions_and_the_person_chooses(server, browser, catalogs, screenshot):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    status, wish = server.api("POST", "/wishes", {"name": "Lamp", "memo": "For the desk"}, token=token)
    assert status == 201, wish
    browser.get(server.url(f"/#/wishes/{wish['id']}/edit"))
    wait_for_role(browser, "heading", en["wish.edit.title"])
    wait_for_role(browser, "textbox", en["wish.form.name"])  # the wish loaded before the network goes
    go_offline(browser)
    fill(browser, en["wish.form.name"], "Desk lamp")
    save(browser, en)
    wait_for_role(browser, "heading", "Desk lamp")

    # Meanwhile another device renames it.
    status, _ = server.api("PATCH", f"/wishes/{wish['id']}", {"name": "Floor lamp"}, token=token)
    assert status == 200

    go_online(browser)
    go_to_tab(browser, en, "nav.wishes")
    held = say(en["outbox.linkHeld"], count=1)
    wait_for_role(browser, "link", held, timeout=SEND_TIMEOUT).click()
    wait_for_role(browser, "heading", en["outbox.title"])
    find_by_role(browser, "button", en["outbox.compare"]).click()
    panel = wait_for_role(browser, "region", en["conflict.title"])
    assert "Desk lamp" in panel.text and "Floor lamp" in panel.text
    assert "For the desk" not in panel.text  # only what differs
    screenshot("outbox-conflict")
    assert [w["name"] for w in api_items(server, token, "/wishes")] == ["Floor lamp"]  # nothing overwritten yet

    find_by_role(panel, "button", en["conflict.keepMine"]).click()
    wait_until(
        browser,
        lambda: en["outbox.empty"] in browser.find_element("css selector", "main").text,
        "the outbox did not empty",
    )
    assert [w["name"] for w in api_items(server, token, "/wishes")] == ["Desk lamp"]


def test_a_write_refused_for_good_shows_the_server_message_and_is_discarded(server, browser, catalogs, screenshot):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    status, wish = server.api("POST", "/wishes", {"name": "Old chair"}, token=token)
    assert status == 201, wish
    browser.get(server.url(f"/#/wishes/{wish['id']}/edit"))
    wait_for_role(browser, "heading", en["wish.edit.title"])
    wait_for_role(browser, "textbox", en["wish.form.name"])  # the wish loaded before the network goes
    go_offline(browser)
    fill(browser, en["wish.form.name"], "Old armchair")
    save(browser, en)
    wait_for_role(browser, "heading", "Old armchair")
    # Meanwhile it was deleted elsewhere: the edit can never be taken.
    assert server.api("DELETE", f"/wishes/{wish['id']}", token=token)[0] == 204

    go_online(browser)
    browser.get(server.url("/#/outbox"))
    wait_for_role(browser, "heading", en["outbox.title"])
    problem = wait_until(
        browser,
        lambda: [alert for alert in by_role(browser, "alert") if alert.text],
        "the refusal is not shown",
        timeout=SEND_TIMEOUT,
    )[0]
    assert en["outbox.state.failed"] in browser.find_element("css selector", "main").text
    status, gone = server.api("GET", f"/wishes/{wish['id']}", token=token)
    assert status == 404
    assert problem.text in {gone["error"]["message"], en.get(f"error.{gone['error']['code']}")}
    assert not by_role(browser, "button", en["outbox.edit"])  # nothing left to edit
    screenshot("outbox-failed")

    find_by_role(browser, "button", en["outbox.discard"]).click()
    dialog = wait_for_role(browser, "dialog", en["outbox.discardDialog.title"])
    find_by_role(dialog, "button", en["outbox.discard"]).click()
    wait_until(
        browser,
        lambda: en["outbox.empty"] in browser.find_element("css selector", "main").text,
        "the write was not discarded",
    )
    assert kept_writes(browser, account_id(server, token)) == 0


def test_a_share_made_offline_waits_in_the_outbox(server, browser, catalogs):
    en = catalogs["en"]
    token = signed_in(server, browser, en, "/#/wishes")
    wait_for_role(browser, "heading", en["wishes.empty.title"])
    go_offline(browser)
    shared = browser.execute_async_script(
        """
        const [photo, done] = arguments;
        const base = document.querySelector('script[type="module"]').src.replace(/js\\/shell\\/main\\.js$/, "");
        const { outbox } = await import(base + "js/offline/outbox.js");
        const bytes = Uint8Array.from(atob(photo), (c) => c.charCodeAt(0));
        const file = new File([bytes], "shared.jpg", { type: "image/jpeg" });
        const wish = await outbox.enqueueShare({ title: "Shared lamp", text: "Seen at https://example.com/lamp", url: "", files: [file] });
        done({ id: wish.id, name: wish.name, link: wish.link, photos: wish.photos.length, count: outbox.count });
        """,
        base64.b64encode(SMALL.read_bytes()).decode(),
    )
    assert shared["name"] == "Shared lamp" and shared["link"] == "https://example.com/lamp"
    assert shared["photos"] == 1 and shared["count"] == 2
    card = wait_until(browser, lambda: card_named(browser, "Shared lamp"), "the shared wish is not listed")
    assert en["outbox.badge.pending"] in card.text
    assert api_items(server, token, "/wishes") == []

    go_online(browser)
    wait_until(
        browser,
        lambda: (
            [(w["name"], w["link"], len(w["photos"])) for w in api_items(server, token, "/wishes")]
            == [("Shared lamp", "https://example.com/lamp", 1)]
        ),
        "the share never arrived",
        timeout=SEND_TIMEOUT,
    )


def test_a_star_a_heart_and_a_deletion_made_offline_reach_the_server(server, browser, catalogs):
    en = catalogs["en"]
    token = signed_in(server, browser, en, "/#/journal")
    keep = server.api("POST", "/wishes", {"name": "Keep me"}, token=token)[1]
    drop = server.api("POST", "/wishes", {"name": "Drop me"}, token=token)[1]
    entry = server.api("POST", "/journal", {"title": "Diary", "date": "2025-05-01"}, token=token)[1]
    find_by_role(browser, "button", en["list.refresh"]).click()
    wait_for_role(browser, "button", say(en["journal.heart"], title="Diary"))
    go_to_tab(browser, en, "nav.wishes")
    wait_for_role(browser, "button", say(en["wish.favorite"], name="Keep me"))
    go_offline(browser)

    find_by_role(browser, "button", say(en["wish.favorite"], name="Keep me")).click()
    card_named(browser, "Drop me").find_element("css selector", "a").click()
    wait_for_role(browser, "heading", "Drop me")
    wait_for_role(browser, "button", en["wish.delete"]).click()
    dialog = wait_for_role(browser, "dialog", say(en["wish.deleteDialog.title"], name="Drop me"))
    find_by_role(dialog, "button", en["wish.delete"]).click()
    wait_until_gone(browser, "dialog")
    go_to_tab(browser, en, "nav.journal")
    find_by_role(browser, "button", say(en["journal.heart"], title="Diary")).click()
    wait_for_role(browser, "button", say(en["journal.unheart"], title="Diary"))
    go_to_tab(browser, en, "nav.wishes")
    wait_for_role(browser, "link", say(en["outbox.link"], count=3))
    assert not [link for link in by_role(browser, "link") if link.accessible_name.startswith("Drop me")]
    assert server.api("GET", f"/wishes/{keep['id']}", token=token)[1]["favorite"] is False

    go_online(browser)
    wait_until(
        browser,
        lambda: server.api("GET", f"/wishes/{drop['id']}", token=token)[0] == 404,
        "the deletion never arrived",
        timeout=SEND_TIMEOUT,
    )
    wait_until(
        browser,
        lambda: server.api("GET", f"/journal/{entry['id']}", token=token)[1]["hearted"] is True,
        "the heart never arrived",
        timeout=SEND_TIMEOUT,
    )
    assert server.api("GET", f"/wishes/{keep['id']}", token=token)[1]["favorite"] is True
    wait_until(browser, lambda: not browser.find_elements("css selector", "wl-outbox-link a"), "the count stayed shown")


def test_a_refused_create_opens_in_its_editor_again(server, browser, catalogs):
    en = catalogs["en"]
    token = signed_in(server, browser, en, "/#/wishes")
    wait_for_role(browser, "heading", en["wishes.empty.title"])
    go_offline(browser)
    # A name the server refuses (longer than its limit): as if the limit had changed since the
    # page checked it. The form would not let it through, so the service is called directly.
    too_long = "Lamp " + "x" * 300
    browser.execute_async_script(
        """
        const [name, done] = arguments;
        const base = document.querySelector('script[type="module"]').src.replace(/js\\/shell\\/main\\.js$/, "");
        const { wishService } = await import(base + "js/wishes/wish-service.js");
        await wishService.create({ name, memo: "Keep this memo", tags: [] });
        done();
        """,
        too_long,
    )
    go_online(browser)
    wait_for_role(browser, "link", say(en["outbox.linkHeld"], count=1), timeout=SEND_TIMEOUT).click()
    wait_for_role(browser, "heading", en["outbox.title"])
    wait_until(
        browser, lambda: [alert for alert in by_role(browser, "alert") if alert.text], "the refusal is not shown"
    )
    assert api_items(server, token, "/wishes") == []

    # Edit: the write leaves the outbox and becomes the editor's draft, to be put right and saved.
    find_by_role(browser, "button", en["outbox.edit"]).click()
    wait_for_role(browser, "heading", en["wish.new.title"])
    name = find_by_role(browser, "textbox", en["wish.form.name"])
    wait_until(browser, lambda: name.get_attribute("value") == too_long, "the draft did not come back")
    assert find_by_role(browser, "textbox", en["wish.form.memo"]).get_attribute("value") == "Keep this memo"
    fill(browser, en["wish.form.name"], "Lamp")
    save(browser, en)
    wait_for_role(browser, "heading", "Lamp")
    assert [(w["name"], w["memo"]) for w in api_items(server, token, "/wishes")] == [("Lamp", "Keep this memo")]
    assert kept_writes(browser, account_id(server, token)) == 0
