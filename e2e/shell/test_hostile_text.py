"""Hostile text everywhere a person or another site can put it — wish names, memos, tags, places,
journal titles and contents, a linked page's preview (title, description, site name, image and
canonical address), GIF titles, K-culture spots (a release of the data set is a file from
elsewhere), what another app shares (`#/share?title=…&text=…&url=…`), links into the app
(a place's name in the address), recent searches, token names and the User-Agent of a browser or
client — opened on every screen in Chromium, the editors and the map's wish card included:
nothing runs, the page's Content-Security-Policy has nothing to refuse (a listener counts its
violations, and the server's report endpoint logs them), every string is shown as the text it is,
and every link opens only http(s) or this server (X1). The one `javascript:` link allowed is
Settings' bookmarklet, which is this server's own code.

The screens are a table (`visits`): where each is opened, what a person does there, and which
texts it must show, name or hold in its fields."""

import csv
import html
import re
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import pytest
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.keys import Keys

from accessibility import by_role, fill, wait_for_role, wait_until
from flows import PASSWORD, USERNAME, allow_location, category_tab, create_account, nearest_the_middle, say, sign_in
from giphy_standin import KEY, GiphyStandIn
from hostile_text import FOREIGN_ADDRESSES, HOSTILE, MISSING, VIOLATION_LISTENER
from loopback_site import LoopbackSite, send

# Tags hold at most 30 characters.
HOSTILE_TAGS = ["<img src=x onerror=__pwned=1>", "<svg onload=__pwned=1>", "javascript:__pwned=1"]
# A word of every hostile text: searching it finds them all.
WORD = "pwned"
TIMEOUT = 15
# Where the device is for Near me: among the wishes' and spots' places (in Seoul, 37.55…37.62 N).
HERE = (37.58, 126.97)


class HostileSite:
    """Pages on loopback whose metadata is hostile text: `/items/{n}` says HOSTILE[n] everywhere a
    preview reads, and points its picture and canonical address at `javascript:` and `data:`.
    Anything else is not found, so a share of it is named by what was shared, not by a page."""

    def __init__(self):
        self._site = LoopbackSite(self._answer)

    @staticmethod
    def _answer(handler):
        number = handler.path.removeprefix("/items/")
        if not number.isdigit() or int(number) >= len(HOSTILE):
            return handler.send_error(404)
        send(handler, 200, HostileSite.page(HOSTILE[int(number)]).encode(), "text/html; charset=utf-8")

    def url(self, number):
        return f"{self._site.origin}/items/{number}"

    def missing(self, number):
        return f"{self._site.origin}/gone/{number}"

    @staticmethod
    def page(text):
        # Escaped as a real page would carry it: the preview reads the attribute's value, the text itself.
        value = html.escape(text, quote=True)
        return f"""<!doctype html><html><head><title>{value}</title>
            <meta property="og:title" content="{value}"><meta property="og:description" content="{value}">
            <meta property="og:site_name" content="{value}">
            <meta property="og:image" content="javascript:window.__pwned=1">
            <link rel="canonical" href="data:text/html,&lt;script&gt;window.__pwned=1&lt;/script&gt;">
            <link rel="icon" href="javascript:window.__pwned=1"></head><body>{value}</body></html>"""

    def stop(self):
        self._site.stop()


def hostile_spot(text, number):
    """Spot `number` of the hostile release: every field a screen shows is hostile text. Its address
    names Seoul, where it lies (the import drops a spot outside the region its address names)."""
    return {
        "media_type": "drama",
        "title": f"{text} work {number}",
        "place_name": f"{text} spot {number}",
        "place_type": text,
        "description": text,
        "address": f"서울특별시 {text}",
        "lat": 37.552 + number / 100,
        "lng": 126.97,
    }


@pytest.fixture
def site():
    running = HostileSite()
    yield running
    running.stop()


@pytest.fixture
def giphy():
    stand_in = GiphyStandIn(total=len(HOSTILE), titles=HOSTILE)
    yield stand_in
    stand_in.stop()


@pytest.fixture
def spots_file(tmp_path):
    """A release of the K-culture spots data set (`--spots FILE`) of hostile spots: the data comes from elsewhere."""
    path = tmp_path / "spots.csv"
    spots = [hostile_spot(text, number) for number, text in enumerate(HOSTILE)]
    with open(path, "w", newline="", encoding="utf-8") as file:
        writer = csv.DictWriter(file, fieldnames=list(spots[0]))
        writer.writeheader()
        writer.writerows(spots)
    return path


@pytest.fixture
def server_arguments(giphy, spots_file):
    # Link previews past the default 30 a minute: the editors and the share screens ask for more.
    return [
        "--giphy-key",
        KEY,
        "--giphy-url",
        giphy.url,
        "--allow-private-addresses",
        "--spots",
        str(spots_file),
        "--rate-limit",
        "link-previews=1000",
    ]


def place(text, number):
    return {"name": text, "address": text, "latitude": 37.55 + number / 100, "longitude": 126.97, "source": "manual"}


def tabbed(text):
    """`text` with tabs for its spaces: Devices names a client that is no browser by the first word
    of its User-Agent, so a tabbed string is shown whole (HTML shows each tab as a space)."""
    return text.replace(" ", "\t")


def device_name(user_agent):
    """What Devices shows for a User-Agent with no browser in it (settings-view.js `deviceName`)."""
    return user_agent.split(" ")[0][:60].replace("\t", " ")


def use_token(server, token, user_agent):
    """One request with `token` from a client calling itself `user_agent`, which the token's row then shows."""
    request = urllib.request.Request(
        server.url("/api/v1/me"), headers={"Authorization": f"Bearer {token}", "User-Agent": user_agent}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 200


@dataclass
class World:
    """What the account holds, made through the API: every record's text is hostile."""

    wishes: list
    entries: list
    spots: list
    spot_wishes: list
    # What Settings → Devices shows: sessions' browsers, and tokens' names and clients.
    devices: list
    token_names: list


def made(answer, status=201):
    assert answer[0] == status, answer
    return answer[1]


def prepare(server, token, site):
    wishes = [
        made(
            server.api(
                "POST",
                "/wishes",
                {
                    "name": f"{text} {number}",
                    "memo": text,
                    "tags": [HOSTILE_TAGS[number % len(HOSTILE_TAGS)]],
                    "place": place(text, number),
                    "link": site.url(number),
                    "favorite": True,
                },
                token=token,
            )
        )
        for number, text in enumerate(HOSTILE)
    ]
    entries = [
        made(
            server.api(
                "POST",
                "/journal",
                {
                    "title": f"{text} {number}",
                    "contents": f"{text}\n[x](javascript:window.__pwned=1) {text}",
                    "date": "2025-03-08",
                    "place": place(text, number),
                    "wishIds": [wishes[number]["id"]],
                },
                token=token,
            )
        )
        for number, text in enumerate(HOSTILE)
    ]
    for number in range(len(HOSTILE)):
        status, body = server.api("PUT", f"/gifs/favorites/gif{number}", token=token)
        assert status in (200, 201), body

    listed = made(server.api("GET", "/spots?type=drama&limit=24", token=token), 200)["items"]
    by_name = {spot["name"]: spot for spot in listed}
    spots = [by_name[hostile_spot(text, number)["place_name"]] for number, text in enumerate(HOSTILE)]
    # Saved as wishes: named after the place, its work as a tag, the scene as the memo.
    spot_wishes = [made(server.api("POST", f"/spots/{spot['id']}/wish", token=token)) for spot in spots]

    devices, token_names = [], []
    for number, text in enumerate(HOSTILE):
        browser_agent, client_agent = tabbed(f"{text} browser {number}"), tabbed(f"{text} client {number}")
        cookie = server.session_cookie(USERNAME, PASSWORD, user_agent=browser_agent)
        token_names.append(f"{text} token {number}")
        made_token = made(server.api("POST", "/tokens", {"name": token_names[-1]}, cookie=cookie))["token"]
        use_token(server, made_token, client_agent)
        devices += [device_name(browser_agent), device_name(client_agent)]
    return World(wishes, entries, spots, spot_wishes, devices, token_names)


@dataclass(frozen=True)
class Visit:
    """One screen to check: opened at `path` (None: stays where the last visit left the browser),
    made ready by `then(browser)` as a person would (typing, tapping), then checked for `shown`
    texts on the screen, `labels` in accessible names and `values` in form fields."""

    name: str
    path: str | None
    shown: tuple = ()
    labels: tuple = ()
    values: tuple = ()
    then: Callable | None = None


class Screens:
    """Opens screens and checks each; counts the (hostile text, screen) pairs seen safely."""

    def __init__(self, browser, server):
        self.browser = browser
        self.server = server
        self.screens = []
        self.checked = set()

    def open(self, path):
        self.browser.get(self.server.url(path))

    def visit(self, visit):
        if visit.path is not None:
            self.open(visit.path)
        if visit.then:
            visit.then(self.browser)
        self.check(visit.name, visit.shown, visit.labels, visit.values)

    def check(self, screen, shown=(), labels=(), values=()):
        """Waits until every text in `shown` is on the screen as text, every one of `labels` in an
        accessible name and every one of `values` in a form field, then checks that nothing ran,
        nothing was refused, and no link or picture leads anywhere but http(s)."""
        browser = self.browser
        missing = ([], [], [])

        def complete():
            nonlocal missing
            missing = browser.execute_script(MISSING, list(shown), list(labels), list(values))
            return not any(missing)

        try:
            wait_until(browser, complete, f"{screen}: not every hostile text was there", timeout=TIMEOUT)
        except TimeoutException:
            pytest.fail(
                f"{screen}: not shown as text: {missing[0]}; in no name: {missing[1]}; in no field: {missing[2]}"
            )
        assert browser.execute_script("return window.__pwned") is None, f"{screen}: a script ran"
        violations = browser.execute_script("return window.__violations")
        assert violations == [], f"{screen}: the page's policy refused: {violations}"
        foreign = browser.execute_script(FOREIGN_ADDRESSES)
        assert foreign == [], f"{screen}: links or pictures to other schemes: {foreign}"
        self.screens.append(screen)
        self.checked.update((text, screen) for text in [*shown, *labels, *values])


# What a person does on a screen before it is checked; each takes the browser last (`partial`).


def see(role, name, browser):
    wait_for_role(browser, role, name, timeout=TIMEOUT)


def see_pins(browser):
    wait_until(
        browser,
        lambda: browser.find_elements("css selector", ".map-pin, .map-count"),
        "the map showed no pins",
        timeout=TIMEOUT,
    )


def type_link(en, url, browser):
    wait_for_role(browser, "heading", en["wish.new.title"])
    fill(browser, en["wish.form.link"], url)
    wait_for_role(browser, "region", en["linkPreview.label"], timeout=TIMEOUT)


def mention(en, name, browser):
    """Looks for a wish to mention by its name in the journal editor: the picker lists it."""
    wait_for_role(browser, "heading", en["journal.edit.title"])
    wait_for_role(browser, "combobox", en["journal.form.mentions"], timeout=TIMEOUT).send_keys(name)
    wait_for_role(browser, "option", name, timeout=TIMEOUT)


def tap_wish_pin(en, wish, browser):
    """Taps the wish's pin in the middle of the map (named once the page knows the wish) and waits for its card."""
    pins = wait_until(
        browser,
        lambda: by_role(browser, "button", wish["name"]) + by_role(browser, "button", en["map.unnamedPin"]),
        "no wish's pin on the map",
        timeout=TIMEOUT,
    )
    nearest_the_middle(browser, pins).click()
    wait_for_role(browser, "region", en["map.selected"], timeout=TIMEOUT)


def pick_tab(name, browser):
    tab = wait_for_role(browser, "tab", name, timeout=TIMEOUT)
    tab.click()
    wait_until(browser, lambda: tab.get_attribute("aria-selected") == "true", f"{name} was not selected")


def pick_category(en, key, browser):
    """Opens a category of the search results on screen."""
    tab = wait_until(browser, lambda: category_tab(browser, en, key), f"no {en[key]} tab", timeout=TIMEOUT)
    tab.click()
    wait_until(browser, lambda: tab.get_attribute("aria-selected") == "true", f"{en[key]} was not selected")


def search_for_nothing(en, query, browser):
    """Searches `query`, which finds no place, and opens Places, which says so naming the query."""
    fill(browser, en["search.label"], query)
    # The answer's arrival may move the open tab off an empty one: Places is picked once it has come.
    nothing = say(en["search.nonePlaces"], query=query)
    wait_until(
        browser,
        lambda: nothing in browser.execute_script("return document.body.textContent"),
        f"no answer for {query!r}",
        timeout=TIMEOUT,
    )
    pick_category(en, "search.places", browser)


def empty_search(en, browser):
    """Empties the search field as a person does: the page lists the recent searches."""
    box = wait_for_role(browser, "searchbox", en["search.label"])
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.BACKSPACE)
    wait_for_role(browser, "heading", en["search.recent"], timeout=TIMEOUT)


def settle_preview(en, browser):
    preview = wait_for_role(browser, "region", en["linkPreview.label"], timeout=TIMEOUT)
    wait_until(
        browser,
        lambda: not preview.find_elements("css selector", "[aria-busy]"),
        "the preview kept loading",
        timeout=TIMEOUT,
    )


def add_shared_wish(en, browser):
    wait_for_role(browser, "button", en["share.add"]).click()
    # The share screen shows the text too (in its link): only the wish's own screen counts.
    wait_until(
        browser,
        lambda: browser.execute_script("return location.hash").startswith("#/wishes/"),
        "the share made no wish",
        timeout=TIMEOUT,
    )


def hash_query(route, **params):
    return f"/#/{route}?{urllib.parse.urlencode(params)}"


def visits(world, site, en):
    """Every screen with hostile text, in the order they are opened."""
    names = tuple(wish["name"] for wish in world.wishes)
    titles = tuple(entry["title"] for entry in world.entries)
    spot_names = tuple(spot["name"] for spot in world.spots)
    drama = en["spot.type.drama"]

    yield Visit("wishes", "/", names)
    yield Visit("favorites", "/#/favorites", names)
    for number, (wish, text) in enumerate(zip(world.wishes, HOSTILE, strict=True)):
        tag = HOSTILE_TAGS[number % len(HOSTILE_TAGS)]
        yield Visit(f"wish {number}", f"/#/wishes/{wish['id']}", (wish["name"], text, tag))
        # The place's name is the place field's value, its address a line under it.
        yield Visit(
            f"wish {number}: edit",
            f"/#/wishes/{wish['id']}/edit",
            (tag, text),
            values=(wish["name"], text),
            then=partial(see, "heading", en["wish.edit.title"]),
        )
    for number, (wish, spot) in enumerate(zip(world.spot_wishes, world.spots, strict=True)):
        yield Visit(f"wish from spot {number}", f"/#/wishes/{wish['id']}", (spot["name"], spot["description"]))

    yield Visit("search", "/#/search", names, then=partial(fill, label=en["search.label"], text=WORD))
    for key, found in (
        ("search.byTag", names),
        ("search.byText", names),
        ("search.journal", titles),
        ("search.spots", spot_names),
    ):
        yield Visit(f"search: {en[key]}", "/#/search", found, then=partial(pick_category, en, key))
    for number, text in enumerate(HOSTILE):
        yield Visit(
            f"search for {number}",
            "/#/search",
            (say(en["search.nonePlaces"], query=text),),
            then=partial(search_for_nothing, en, text),
        )
    yield Visit(
        "recent searches",
        "/#/search",
        tuple(HOSTILE),
        labels=tuple(say(en["search.deleteRecent"], query=text) for text in HOSTILE),
        then=partial(empty_search, en),
    )

    yield Visit("map", "/#/map", then=see_pins)
    for number, (wish, text) in enumerate(zip(world.wishes, HOSTILE, strict=True)):
        at = {"lat": wish["place"]["latitude"], "lng": wish["place"]["longitude"]}
        # A link into the app may name the place it marks.
        yield Visit(
            f"map: place named {number}", hash_query("map", **at, z=15, name=text), labels=(text,), then=see_pins
        )
        yield Visit(
            f"map: wish card {number}",
            hash_query("map", **at, z=17),
            (wish["name"],),
            then=partial(tap_wish_pin, en, wish),
        )
    for key, found in (
        ("near.wishes", names + tuple(wish["name"] for wish in world.spot_wishes)),
        ("near.spots", spot_names),
        ("nav.journal", titles),
    ):
        yield Visit(f"near me: {en[key]}", "/#/map/near", found, then=partial(pick_tab, en[key]))

    yield Visit("journal", "/#/journal", titles)
    for number, (entry, text) in enumerate(zip(world.entries, HOSTILE, strict=True)):
        mentioned, other = world.wishes[number]["name"], world.wishes[(number + 1) % len(HOSTILE)]["name"]
        yield Visit(
            f"journal entry {number}",
            f"/#/journal/{entry['id']}",
            (entry["title"], text, "[x](javascript:window.__pwned=1)"),
        )
        # The mentioned wish is a chip; the picker lists another found by its name.
        yield Visit(
            f"journal entry {number}: edit",
            f"/#/journal/{entry['id']}/edit",
            (mentioned, other, text),
            labels=(say(en["journal.form.unmention"], name=mentioned),),
            values=(entry["title"], entry["contents"]),
            then=partial(mention, en, other),
        )

    yield Visit("discover: GIFs", "/#/discover/gifs", labels=tuple(HOSTILE))
    yield Visit("discover: favorite GIFs", "/#/discover/favorites", labels=tuple(HOSTILE))
    yield Visit("discover: spots", "/#/discover/spots", tuple(spot["title"] for spot in world.spots))
    for number, spot in enumerate(world.spots):
        yield Visit(
            f"spots of work {number}",
            f"/#/discover/spots/drama/{urllib.parse.quote(spot['title'], safe='')}",
            (spot["name"], f"{drama} · {spot['title']}"),
        )
        yield Visit(
            f"spot {number}",
            f"/#/spots/{spot['id']}",
            (spot["name"], f"{drama} · {spot['title']}", spot["description"], spot["address"]),
            then=partial(see, "link", en["spot.openWish"]),
        )

    for number, text in enumerate(HOSTILE):
        yield Visit(f"link preview {number}", "/#/wishes/new", (text,), then=partial(type_link, en, site.url(number)))
        # A link into the app may carry the new wish's place.
        yield Visit(
            f"new wish with a place {number}",
            hash_query("wishes/new", lat=37.6, lng=126.97, name=text, address=text, source="manual"),
            (text,),
            values=(text,),
            then=partial(see, "heading", en["wish.new.title"]),
        )

    for number, text in enumerate(HOSTILE):
        # Another app shares what it likes: no link at all, or a web link with hostile text in it.
        yield Visit(
            f"share of no link {number}",
            hash_query("share", title=text, text=text, url=text),
            values=(text,),
            then=partial(see, "heading", en["share.nothing"]),
        )
        link = f"{site.missing(number)}?q={text}"
        yield Visit(
            f"share {number}",
            hash_query("share", title=text, text=text, url=link),
            (link,),
            values=(text,),
            then=partial(settle_preview, en),
        )
        # Its page is not found, so the wish is named by the shared title, the text its memo.
        yield Visit(f"shared wish {number}", None, (text,), then=partial(add_shared_wish, en))

    yield Visit(
        "settings",
        "/#/settings",
        (*world.devices, *world.token_names),
        labels=tuple(say(en["settings.devices.revokeNamed"], name=name) for name in world.token_names),
        then=partial(see, "heading", en["settings.title"]),
    )


@pytest.mark.long
def test_hostile_text_is_shown_as_text_and_never_runs_on_any_screen(server, site, giphy, browser, catalogs, capsys):
    en = catalogs["en"]
    create_account(server)
    token = server.token(USERNAME, PASSWORD)

    # Links only ever hold http(s): the API refuses the rest before anything shows them.
    for link in ("javascript:window.__pwned=1", "data:text/html,<script>window.__pwned=1</script>", "vbscript:x"):
        status, body = server.api("POST", "/wishes", {"name": "x", "link": link}, token=token)
        assert status == 400, (link, body)

    world = prepare(server, token, site)
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": VIOLATION_LISTENER})
    allow_location(browser, server, *HERE)
    screens = Screens(browser, server)
    screens.open("/")
    sign_in(browser, en)
    wait_for_role(browser, "navigation", en["nav.label"])

    for visit in visits(world, site, en):
        screens.visit(visit)
    bookmarklet = urllib.parse.unquote(
        browser.find_element("css selector", ".settings-bookmarklet").get_attribute("href")
    )
    assert bookmarklet.startswith(f"javascript:location.href='{server.base_url}/share?url='")

    # The listener and the report endpoint do see a refused inline script: these checks can fail.
    assert not [
        entry
        for entry in browser.get_log("browser")
        if entry["level"] == "SEVERE" and "Failed to load resource" not in entry["message"]
    ]
    browser.execute_script("document.body.insertAdjacentHTML('beforeend', '<img src=x onerror=\"window.__pwned=1\">')")
    wait_until(
        browser,
        lambda: browser.execute_script("return window.__violations.length") > 0,
        "a refused inline handler was not reported to the page",
        timeout=TIMEOUT,
    )
    assert browser.execute_script("return window.__pwned") is None
    wait_until(
        browser,
        lambda: re.search(r"csp: script-src-attr blocked", server.log_path.read_text()),
        "the server was not sent the violation",
        timeout=TIMEOUT,
    )
    # Only that one: nothing before it reached the server either.
    assert len(re.findall(r"^csp: ", server.log_path.read_text(), re.MULTILINE)) == 1, server.log_path.read_text()
    # The browser logged the refusal as an error; it was this test's doing, not the page's.
    refused = [entry["message"] for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert refused and all(
        "Content Security Policy" in message or "Failed to load resource" in message for message in refused
    ), refused

    # Shown by `make test` too (pytest -q keeps a test's output to itself).
    with capsys.disabled():
        print(
            f"\nhostile strings × screens checked: {len(screens.checked)} pairs, "
            f"{len(HOSTILE)} strings on {len(screens.screens)} screens"
        )
