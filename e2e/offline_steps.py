"""Steps the offline tests share: waiting for the service worker, reading what the browser keeps
(Cache Storage, IndexedDB), and stopping and starting the server at the same origin."""

from urllib.parse import urlparse

from accessibility import wait_until
from conftest import start_server, stop_server


def wait_for_service_worker(browser):
    """Waits until the service worker is active and controls the page."""
    wait_until(
        browser,
        lambda: browser.execute_script("return Boolean(navigator.serviceWorker.controller)"),
        "no service worker controls the page",
        timeout=60,
    )


def cache_names(browser):
    return browser.execute_async_script("const done = arguments[arguments.length - 1]; caches.keys().then(done);")


def kept_urls(browser, name):
    """The addresses of what the cache `name` keeps."""
    return browser.execute_async_script(
        """const [name, done] = arguments;
        caches.open(name).then((cache) => cache.keys()).then((keys) => done(keys.map((request) => request.url)));""",
        name,
    )


def database_names(browser):
    return browser.execute_async_script(
        "const done = arguments[0]; indexedDB.databases().then((list) => done(list.map((db) => db.name)));"
    )


def make_database(browser, name):
    """Makes an IndexedDB database `name` with one store and one record (as the outbox does)."""
    browser.execute_async_script(
        """const [name, done] = arguments;
        const request = indexedDB.open(name, 1);
        request.onupgradeneeded = () => request.result.createObjectStore("writes", { autoIncrement: true });
        request.onsuccess = () => {
          const db = request.result;
          const write = db.transaction("writes", "readwrite");
          write.objectStore("writes").add({ method: "POST" });
          write.oncomplete = () => { db.close(); done(); };
        };""",
        name,
    )


def wait_until_kept(browser, account, *parts):
    """Waits until the account's answers cache holds an answer whose address contains each of `parts`."""
    name = f"wishlist-{account}-api"

    def kept():
        urls = kept_urls(browser, name) if name in cache_names(browser) else []
        return all(any(part in url for url in urls) for part in parts)

    wait_until(browser, kept, f"{name} does not keep {parts}")


def account_id(server, token):
    status, me = server.api("GET", "/me", token=token)
    assert status == 200, me
    return me["id"]


def stop(server):
    stop_server(server)


def start_again(server, tmp_path, *arguments):
    """Starts the stopped `server` again on its data and at its address (so the browser's origin,
    its service worker and caches, stay the same)."""
    return start_server(tmp_path, *arguments, data_dir=server.data_dir, port=urlparse(server.base_url).port)
