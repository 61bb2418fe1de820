"""Links in a real browser against a server whose previews may reach loopback, where a small page
server of the test plays a shop: the editor's preview that fills only the empty fields and adds
the page's picture, the detail's price with its change and history and "Check again", a share
made while signed out that completes after sign-in, the settings' bookmarklet run on a page, and
the bookmarklet and Shortcut pointing at `--public-url` when the server has one (W7, X4,
X10). Controls are found by role and accessible name, words from the catalogs."""

import json
import urllib.error
import urllib.parse
import urllib.request

import pytest

from accessibility import by_role, fill, find_by_role, wait_for_role, wait_until
from conftest import PHOTOS
from flows import USERNAME, create_account, create_wish, open_account_menu, say, sign_in, signed_in, tap, use_language
from loopback_site import LoopbackSite, send

PICTURE = PHOTOS / "gps" / "DSCN0010.jpg"
TITLE = "Canvas travel bag"
DESCRIPTION = "Goes everywhere, folds flat."
# Fetching the page and rendering its picture take a moment on the server.
TIMEOUT = 15
# Where people reach the server behind a proxy: no test server's address. Plain http keeps the
# session cookie usable on the test's plain-http server (https would make it Secure).
PUBLIC_URL = "http://wishlist.example:8443"


class Shop:
    """A shop's product page and its picture on loopback; `price` may change between visits."""

    def __init__(self):
        self.price = "89000"
        self._site = LoopbackSite(self._answer)

    def _answer(self, handler):
        if handler.path == "/bag.jpg":
            send(handler, 200, PICTURE.read_bytes(), "image/jpeg")
        elif handler.path.startswith("/items/"):
            send(handler, 200, self.page().encode(), "text/html; charset=utf-8")
        else:
            handler.send_error(404)

    def url(self, path):
        return self._site.origin + path

    def page(self):
        offer = json.dumps(
            {"@type": "Product", "offers": {"@type": "Offer", "price": self.price, "priceCurrency": "KRW"}}
        )
        return f"""<!doctype html><html lang="en"><head><title>{TITLE} | Shop</title>
            <meta property="og:title" content="{TITLE}"><meta property="og:image" content="/bag.jpg">
            <meta property="og:site_name" content="Seoul Bags"><meta name="description" content="{DESCRIPTION}">
            <script type="application/ld+json">{offer}</script></head><body><h1>{TITLE}</h1></body></html>"""

    def stop(self):
        self._site.stop()


@pytest.fixture
def shop():
    running = Shop()
    yield running
    running.stop()


def wait(browser, condition, message):
    return wait_until(browser, condition, message, timeout=TIMEOUT)


def wishes(server, token):
    status, body = server.api("GET", "/wishes", token=token)
    assert status == 200, body
    return body["items"]


def short_day(browser, timestamp):
    """A day as the page writes it in a price's change ("3 Nov" / "Nov 3"), by the browser's own Intl."""
    return browser.execute_script(
        "return new Intl.DateTimeFormat('en', {month: 'short', day: 'numeric'}).format(new Date(arguments[0]))",
        timestamp,
    )


def test_a_pasted_link_fills_only_the_empty_fields_and_adds_its_picture(
    open_server, shop, browser, catalogs, screenshot
):
    en = catalogs["en"]
    token = signed_in(open_server, browser, en, "/#/wishes/new")
    wait_for_role(browser, "heading", en["wish.new.title"])
    fill(browser, en["wish.form.name"], "My own name for it")
    fill(browser, en["wish.form.link"], shop.url("/items/1"))

    preview = wait_for_role(browser, "region", en["linkPreview.label"], timeout=TIMEOUT)
    wait(
        browser,
        lambda: TITLE in preview.text and "₩89,000" in preview.text and "Seoul Bags" in preview.text,
        "the preview did not show the page's title, price and site",
    )
    screenshot("wish-link-preview")
    tap(browser, find_by_role(preview, "button", en["linkPreview.fill"]))

    memo = wait_for_role(browser, "textbox", en["wish.form.memo"])
    wait(browser, lambda: memo.get_attribute("value") == DESCRIPTION, "the empty memo was not filled")
    assert wait_for_role(browser, "textbox", en["wish.form.name"]).get_attribute("value") == "My own name for it"
    wait(
        browser, lambda: by_role(browser, "img", say(en["photos.photo"], number=1)), "the page's picture was not added"
    )
    wait(
        browser,
        lambda: not by_role(preview, "button", en["linkPreview.fill"]),
        "the offer stayed with nothing left to fill",
    )

    find_by_role(browser, "button", en["wish.form.save"]).click()
    wait_for_role(browser, "heading", "My own name for it", timeout=TIMEOUT)
    [wish] = wishes(open_server, token)
    assert wish["memo"] == DESCRIPTION and wish["link"] == shop.url("/items/1") and len(wish["photos"]) == 1
    # The price seen in the preview is recorded on the new wish, and its page shows it.
    price = wait_for_role(browser, "region", en["price.title"])
    wait(browser, lambda: "₩89,000" in price.text, "the new wish's page did not show its price")


def test_the_price_its_change_and_history_and_check_again(open_server, shop, browser, catalogs, screenshot):
    en = catalogs["en"]
    create_account(open_server)
    token = open_server.token(USERNAME, "correct horse battery")
    wish = create_wish(open_server, token, name="Bag", link=shop.url("/items/2"))
    status, first = open_server.api("POST", f"/wishes/{wish['id']}/link/refresh", token=token)
    assert status == 200 and first["price"]["amount"] == 89000, first
    shop.price = "79000"

    browser.get(open_server.url(f"/#/wishes/{wish['id']}"))
    sign_in(browser, en)
    price = wait_for_role(browser, "region", en["price.title"], timeout=TIMEOUT)
    wait(browser, lambda: "₩89,000" in price.text, "the price seen was not shown")
    wait(
        browser,
        lambda: browser.find_element("css selector", ".wish-detail-site").text == "Seoul Bags",
        "the link's site was not named",
    )
    history = price.find_element("css selector", "details")
    assert not history.is_displayed(), "a history of one price is no history"
    tap(browser, find_by_role(price, "button", en["price.refresh"]))

    change = say(
        en["price.change"],
        **{"from": "₩89,000", "to": "₩79,000", "since": short_day(browser, first["price"]["seenAt"])},
    )
    wait(browser, lambda: change in price.text, "the change since the first price was not shown")
    wait(browser, history.is_displayed, "the history did not show with a second price")
    history.find_element("css selector", "summary").click()
    assert say(en["price.history"], count=2) in history.text
    points = [item.text for item in history.find_elements("css selector", "li")]
    assert [point.split("\n")[-1] for point in points] == ["₩79,000", "₩89,000"]
    screenshot("wish-price")
    [kept] = wishes(open_server, token)
    assert [point["amount"] for point in kept["priceHistory"]] == [79000, 89000]


def test_a_share_made_while_signed_out_completes_after_sign_in(open_server, shop, browser, catalogs):
    en = catalogs["en"]
    create_account(open_server)
    browser.get(open_server.url("/"))
    wait_for_role(browser, "heading", en["signIn.title"])
    # What the share sheet does: a POST of the page to /share, here sent from the app's own origin.
    browser.execute_script(
        """const form = document.createElement("form");
           form.method = "post"; form.action = "/share"; form.enctype = "multipart/form-data";
           for (const [name, value] of Object.entries(arguments[0])) {
             const input = document.createElement("input"); input.type = "hidden"; input.name = name; input.value = value;
             form.append(input);
           }
           document.body.append(form); form.submit();""",
        {"title": "Shared title", "text": f"Look at this {shop.url('/items/3')}"},
    )
    sign_in(browser, en)
    # The share waited for the sign-in: it becomes the wish, named from the page.
    wait_for_role(browser, "heading", TITLE, timeout=TIMEOUT)
    token = open_server.token(USERNAME, "correct horse battery")
    [wish] = wishes(open_server, token)
    assert wish["link"] == shop.url("/items/3") and wish["price"]["amount"] == 89000 and len(wish["photos"]) == 1


def test_the_bookmarklet_from_settings_shares_a_page_and_a_shortcut_token_works(
    open_server, shop, browser, catalogs, screenshot
):
    en = catalogs["en"]
    token = signed_in(open_server, browser, en)
    open_account_menu(browser)
    wait_for_role(browser, "link", en["account.settings"]).click()
    wait_for_role(browser, "heading", en["settings.title"])
    code = wait_for_role(browser, "textbox", en["settings.bookmarklet.code"]).get_attribute("value")
    assert (
        urllib.parse.unquote(find_by_role(browser, "link", en["settings.bookmarklet.link"]).get_attribute("href"))
        == code
    )
    assert [item.text for item in browser.find_elements("css selector", ".settings-steps li")][4] == say(
        en["settings.shortcut.step5"], origin=open_server.base_url
    )
    screenshot("settings")

    # The bookmarklet, run on a shop's page, opens the share screen; nothing is made until "Add wish".
    browser.get(shop.url("/items/4"))
    assert code.startswith("javascript:")
    browser.execute_script(code[len("javascript:") :])
    preview = wait_for_role(browser, "region", en["linkPreview.label"], timeout=TIMEOUT)
    wait(browser, lambda: TITLE in preview.text, "the share screen did not preview the page")
    assert wishes(open_server, token) == []
    screenshot("share")
    tap(browser, find_by_role(browser, "button", en["share.add"]))
    wait_for_role(browser, "heading", TITLE, timeout=TIMEOUT)
    [wish] = wishes(open_server, token)
    assert wish["link"] == shop.url("/items/4")

    # The Shortcut's token, made in settings, shares with a GET at once.
    browser.get(open_server.url("/#/settings"))
    tap(browser, wait_for_role(browser, "button", en["settings.token.make"]))
    made = wait_for_role(browser, "textbox", en["settings.token.made"]).get_attribute("value")
    request = urllib.request.Request(
        open_server.url("/share?url=" + urllib.parse.quote(shop.url("/items/5"), safe="")),
        headers={"Authorization": f"Bearer {made}"},
    )

    class Stay(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args):
            return None

    with pytest.raises(urllib.error.HTTPError) as answer:
        urllib.request.build_opener(Stay).open(request, timeout=TIMEOUT)
    assert answer.value.code == 303 and answer.value.headers["Location"].startswith("/#/wishes/")
    assert len(wishes(open_server, token)) == 2


@pytest.mark.parametrize("server_arguments", [["--public-url", PUBLIC_URL]])
def test_the_bookmarklet_and_the_shortcut_use_the_public_url(server, browser, catalogs):
    en = catalogs["en"]
    signed_in(server, browser, en)
    open_account_menu(browser)
    wait_for_role(browser, "link", en["account.settings"]).click()
    wait_for_role(browser, "heading", en["settings.title"])

    # The page is read at the server's own address, but what it hands out leads to the public one.
    assert browser.current_url.startswith(server.base_url)
    code = wait_for_role(browser, "textbox", en["settings.bookmarklet.code"]).get_attribute("value")
    href = urllib.parse.unquote(find_by_role(browser, "link", en["settings.bookmarklet.link"]).get_attribute("href"))
    assert href == code
    assert code.startswith(f"javascript:location.href='{PUBLIC_URL}/share?url='"), code
    steps = [item.text for item in by_role(browser, "listitem")]
    assert say(en["settings.shortcut.step5"], origin=PUBLIC_URL) in steps, steps
    assert not [text for text in [code, *steps] if server.base_url in text]


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_share_screen_shows_the_name_the_wish_will_get_and_takes_another(
    open_server, shop, browser, catalogs, language, screenshot
):
    catalog = catalogs[language]
    token = signed_in(open_server, browser, catalogs["en"])
    use_language(browser, language)
    link = shop.url("/items/6")
    query = urllib.parse.urlencode({"url": link, "title": f"{TITLE} | Shop"})
    browser.get(open_server.url(f"/#/share?{query}"))
    name = wait_for_role(browser, "textbox", catalog["share.name"])
    # The page's own title, as its preview reads it, once the preview has come.
    wait(browser, lambda: name.get_attribute("value") == TITLE, "the name is not the page's title")
    screenshot(f"share-name-{language}")

    # An empty name is refused on the spot; the one typed is the wish's.
    name.clear()
    tap(browser, find_by_role(browser, "button", catalog["share.add"]))
    wait_until(
        browser,
        lambda: any(alert.text == catalog["validation.name.required"] for alert in by_role(browser, "alert")),
        "an empty name was sent",
    )
    assert wishes(open_server, token) == []
    name.send_keys("Bag for the Jeju trip")
    tap(browser, find_by_role(browser, "button", catalog["share.add"]))
    wait_for_role(browser, "heading", "Bag for the Jeju trip", timeout=TIMEOUT)
    [wish] = wishes(open_server, token)
    assert (wish["name"], wish["link"]) == ("Bag for the Jeju trip", link)
