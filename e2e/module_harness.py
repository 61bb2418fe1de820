"""The web app's own modules, run in the browser that runs them (no screen): the `page` fixture
gives `page(path, body)`, which imports the module at `path` and runs `body` with it as `module`."""

import pytest

from accessibility import wait_for_role

# Imports one of the app's modules by its path under the versioned asset base,
# runs `body` with it as `module`, and hands back what `body` returns.
RUN_IN_MODULE = """
const [path, body, done] = arguments;
const base = document.querySelector('script[type="module"]').src.replace(/js\\/shell\\/main\\.js$/, "");
import(base + path)
  .then((module) => new Function("module", `return (async () => { ${body} })();`)(module))
  .then((value) => done({ value }), (error) => done({ error: String(error) }));
"""


@pytest.fixture
def page(server, browser, catalogs):
    # The server's CSP forbids evaluating strings, which this harness needs to run test bodies.
    browser.execute_cdp_cmd("Page.setBypassCSP", {"enabled": True})
    browser.get(server.url())
    wait_for_role(browser, "heading", catalogs["en"]["setup.title"])

    def run(path, body):
        answer = browser.execute_async_script(RUN_IN_MODULE, path, body)
        assert "error" not in answer, answer["error"]
        return answer["value"]

    return run
