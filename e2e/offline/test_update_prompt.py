"""A new version of the web app (another asset digest) is installed by the service worker and
offered with a quiet "Updated — reload" line, never while an editor holds unsaved changes; Reload
brings the new version."""

import shutil

import pytest
from selenium.webdriver.common.by import By

from accessibility import fill, find_by_role, wait_for_role, wait_until
from conftest import WEB_DIR, start_server, stop_server
from flows import signed_in, tap
from offline_steps import start_again, wait_for_service_worker

pytestmark = pytest.mark.service_worker


@pytest.fixture
def web_copy(tmp_path):
    """The web app's files in a folder of the test's own, which it may change."""
    copy = tmp_path / "web"
    shutil.copytree(WEB_DIR, copy)
    return copy


def asset_base(browser):
    return browser.execute_script(
        "return new URL(document.querySelector('link[rel=stylesheet]').href).pathname.split('/').slice(0, 3).join('/')"
    )


def update_waits(browser):
    """Asks the browser to look for a new worker; whether one is installed and waiting."""
    return browser.execute_async_script(
        """const done = arguments[0];
        navigator.serviceWorker.getRegistration()
          .then((registration) => registration.update().then(() => Boolean(registration.waiting)))
          .then(done, () => done(false));"""
    )


def prompt(browser):
    return browser.find_element(By.TAG_NAME, "wl-update-prompt")


def test_a_new_version_is_offered_quietly_and_never_mid_edit(tmp_path, browser, catalogs, web_copy):
    en = catalogs["en"]
    server = start_server(tmp_path, "--web-directory", str(web_copy))
    try:
        signed_in(server, browser, en)
        wait_for_service_worker(browser)
        old_base = asset_base(browser)
        browser.execute_script("location.hash = '#/wishes/new'")
        fill(browser, en["wish.form.name"], "Film camera")

        stop_server(server)
        (web_copy / "icons" / "version-note.txt").write_text("A file more: the assets' digest changes.\n")
        server = start_again(server, tmp_path, "--web-directory", str(web_copy))
        wait_until(browser, lambda: update_waits(browser), "no new service worker waits")
        # The editor holds a name not saved yet: no prompt.
        assert not prompt(browser).is_displayed()

        tap(browser, find_by_role(browser, "button", en["wish.form.save"]))
        wait_for_role(browser, "heading", "Film camera")
        wait_until(browser, lambda: prompt(browser).is_displayed(), "no update prompt after the editor closed")
        assert prompt(browser).text.startswith(en["offline.update.text"])

        # Shown, then an editor is opened and typed into: the prompt goes until that is saved too.
        browser.execute_script("location.hash = '#/wishes/new'")
        fill(browser, en["wish.form.name"], "Tripod")
        wait_until(browser, lambda: not prompt(browser).is_displayed(), "the update prompt stayed while typing")
        tap(browser, find_by_role(browser, "button", en["wish.form.save"]))
        wait_for_role(browser, "heading", "Tripod")
        wait_until(browser, lambda: prompt(browser).is_displayed(), "no update prompt after the second save")

        find_by_role(prompt(browser), "button", en["offline.update.reload"]).click()
        wait_until(browser, lambda: asset_base(browser) != old_base, "the page did not reload into the new version")
        wait_for_role(browser, "heading", "Tripod")
        new_index = browser.execute_async_script(
            "const done = arguments[0]; fetch('/', {cache: 'no-store'}).then((answer) => answer.text()).then(done);"
        )
        assert asset_base(browser) in new_index
        assert not prompt(browser).is_displayed()
    finally:
        stop_server(server)
