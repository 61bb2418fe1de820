"""What a browser receives compressed: the app's script and stylesheet, and a shared list's page with
its script (the friend's phone on a slow connection fetches a third of the bytes). Resource Timing
tells, per response, the bytes on the wire (`encodedBodySize`) beside the bytes decoded
(`decodedBodySize`): fewer on the wire means the browser decoded a compressed body. The service
worker is bypassed, so that every response comes from the server."""

from sharing_steps import as_friend, make_share, open_list, path_of

from accessibility import wait_for_role
from flows import create_wish, signed_in

SIZES = """
return performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))
  .map((entry) => ({name: new URL(entry.name).pathname, encoded: entry.encodedBodySize, decoded: entry.decodedBodySize}))
"""


def sizes(browser):
    return {entry["name"]: entry for entry in browser.execute_script(SIZES)}


def compressed(entries, suffix):
    [entry] = [entry for name, entry in entries.items() if name.endswith(suffix)]
    return 0 < entry["encoded"] < entry["decoded"] / 2


def test_the_browser_receives_the_app_and_a_shared_list_compressed(server, browser, catalogs):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    for index in range(12):
        create_wish(server, token, name=f"Gift idea {index}: something lovely", memo="Size M, the blue one.")
    share = make_share(server, token)
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.setBypassServiceWorker", {"bypass": True})
    browser.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    try:
        browser.get(server.url("/"))
        wait_for_role(browser, "heading", en["nav.wishes"])
        app = sizes(browser)
        assert compressed(app, "/js/shell/wishlist-app.js"), app
        assert compressed(app, "/css/app.css"), app

        as_friend(browser, server)
        open_list(browser, server, share)
        wait_for_role(browser, "button", "Gift idea 11: something lovely")
        page = sizes(browser)
        assert compressed(page, path_of(share)), page
        assert compressed(page, "/js/sharing/shared-list-page.js"), page
        # The page's styles are inline: it asks for no stylesheet.
        assert not [name for name in page if name.endswith(".css")], page
    finally:
        browser.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})
        browser.execute_cdp_cmd("Network.setBypassServiceWorker", {"bypass": False})
