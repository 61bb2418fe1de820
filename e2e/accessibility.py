"""Find elements the way a person using assistive technology would: by ARIA role
and accessible name, as computed by the browser itself, not by CSS classes or ids.

A lookup asks Chromium's accessibility tree (DevTools' `Accessibility.queryAXTree`, the roles and
names WebDriver's computed role and label report, the name matched by Chromium) and hands the
matches to the page in one script run, which keeps the visible ones (Selenium's own isDisplayed
atom): four round trips whatever the page holds, about 25 ms of the browser's CPU. The matches go
to the page as element references made from their DevTools node ids, the form ChromeDriver gives
its references (`_REFERENCE`); numbering them among the page's candidates instead took three more
round trips and twice the CPU. Asking WebDriver element by element took three round trips per
candidate, and the page's own `computedRole` rebuilds the tree at each element (7 s for 300
buttons).

A wait looks again only when the page may have changed (`_until_the_page_answers`): a lookup is
the costliest thing a test asks of the browser, and three tests share two cores."""

import pkgutil
import re
import time

from selenium.common.exceptions import (
    NoSuchElementException,
    StaleElementReferenceException,
    TimeoutException,
    WebDriverException,
)
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import WebDriverWait

DEFAULT_TIMEOUT = 10
# How often a wait asks whether the page changed (a cheap question), and how long it goes at most
# without looking again at a page that seems unchanged.
POLL_SECONDS = 0.05
RECHECK_SECONDS = 0.5
# Tries of one lookup whose matches were removed under it before it gives up and says "none found".
LOOKUP_TRIES = 5

# Elements that can carry each role; the browser's computed role has the final word.
_CANDIDATES = {
    "alert": "[role=alert]",
    "button": "button, [role=button], input[type=button], input[type=submit], input[type=reset]",
    "checkbox": "input[type=checkbox], [role=checkbox]",
    "combobox": "[role=combobox], select",
    "dialog": "dialog, [role=dialog]",
    "form": "form[aria-label], form[aria-labelledby], [role=form]",
    "heading": "h1, h2, h3, h4, h5, h6, [role=heading]",
    "img": "img, [role=img]",
    "link": "a[href], [role=link]",
    "list": "ul, ol, [role=list]",
    "listitem": "li, [role=listitem]",
    "main": "main, [role=main]",
    "navigation": "nav, [role=navigation]",
    "option": "[role=option], option",
    "radio": "input[type=radio], [role=radio]",
    "region": "section[aria-label], section[aria-labelledby], [role=region]",
    "searchbox": "input[type=search], [role=searchbox]",
    "status": "[role=status]",
    "switch": "[role=switch]",
    "tab": "[role=tab]",
    "tabpanel": "[role=tabpanel]",
    "textbox": "input:not([type]), input[type=text], input[type=email], input[type=password],"
    " input[type=search], input[type=url], textarea, [role=textbox]",
}

# Chromium names role="img" by ARIA 1.3's synonym "image", and a search field is a text box to a person.
_ROLE_ALIASES = {"textbox": {"textbox", "searchbox"}, "img": {"img", "image"}}

# Starts a lookup: counts every change to the page from the first lookup on (elements added or
# removed, attributes, text), so a wait can tell that a page it looked at has not changed; returns
# the page's root element (its WebDriver reference names the document and its DevTools node) and
# whether the page holds the isDisplayed atom yet.
_START = """
if (!window.__e2eChanges) {
  window.__e2eChanges = 0;
  new MutationObserver(() => { window.__e2eChanges += 1; })
    .observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
}
return [document.documentElement, typeof window.__e2eIsDisplayed === "function"];
"""

# What a wait compares between two looks at the page: which document it is, its changes so far, and
# whether an animation or transition is running (which can show or hide an element with no change
# to the page). A DevTools evaluation: a third of a WebDriver script's cost.
_PAGE_STATE = """
[performance.timeOrigin, window.__e2eChanges ?? -1,
 document.getAnimations().some((animation) => animation.playState === "running")]
"""

# Arguments: the elements the accessibility tree matched, the candidates' selector, the context (an
# element, or null for the document) and, the first time on a page, Selenium's isDisplayed atom as
# source (16 KB: sent once, kept by the page). Keeps the visible ones that can carry the role and
# are the page's own: not the parts of the browser's own controls (a date field's picker button).
_PICK = """
const [elements, selector, context, isDisplayedSource] = arguments;
if (isDisplayedSource) window.__e2eIsDisplayed = new Function("return (" + isDisplayedSource + ")")();
return elements.filter((element) => element.getRootNode() === document && element.matches(selector)
  && (!context || context.contains(element))
  && window.__e2eIsDisplayed(element));
"""

# ChromeDriver's reference to an element: its frame, its document, and its DevTools backend node id.
_REFERENCE = re.compile(r"(f\.[0-9A-F]+\.d\.[0-9A-F]+\.e\.)[0-9]+")

_IS_DISPLAYED = pkgutil.get_data("selenium.webdriver.remote", "isDisplayed.js").decode("utf8")


class DocumentReplaced(StaleElementReferenceException):
    """The page navigated while a lookup read its accessibility tree (Chromium answers "unhandled
    inspector error"): stale, like an element of the old page, so the waits look again."""


def _query_tree(driver, root, role, name):
    arguments = {"nodeId": root, "role": role}
    if name is not None:
        arguments["accessibleName"] = name
    try:
        return driver.execute_cdp_cmd("Accessibility.queryAXTree", arguments)["nodes"]
    except WebDriverException as error:
        if "inspector error" in str(error):
            raise DocumentReplaced(str(error)) from error
        raise


def by_role(context, role, name=None):
    """All visible elements under `context` (a driver or an element) with `role`
    and, when given, exactly the accessible `name`."""
    selector = _CANDIDATES.get(role)
    if selector is None:
        raise ValueError(f"no candidate selector for role {role!r}")
    within = context if isinstance(context, WebElement) else None
    driver = context.parent if within else context
    for _ in range(LOOKUP_TRIES):
        root_element, has_atom = driver.execute_script(_START)
        reference = _REFERENCE.fullmatch(root_element.id)
        if reference is None:
            raise RuntimeError(f"ChromeDriver's element references changed form ({root_element.id}): see _REFERENCE")
        # The current document's node, not the root element's backend id: a backend id of a document
        # replaced meanwhile crashed the tab, where a replaced node id is an error (DocumentReplaced).
        root = driver.execute_cdp_cmd("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        prefix = reference[1]
        matching = [
            driver.create_web_element(prefix + str(node["backendDOMNodeId"]))
            for role_name in sorted(_ROLE_ALIASES.get(role, {role}))
            for node in _query_tree(driver, root, role_name, name)
            if not node.get("ignored") and "backendDOMNodeId" in node
        ]
        if not matching:
            return []
        try:
            return driver.execute_script(_PICK, matching, selector, within, None if has_atom else _IS_DISPLAYED)
        except StaleElementReferenceException:
            continue  # an element the tree named was removed meanwhile: look again
    return []


def names_of(elements):
    """The accessible names of `elements`."""
    return [element.accessible_name.strip() for element in elements]


def find_by_role(context, role, name=None):
    """The one visible element with `role` and `name`; raises NoSuchElementException otherwise."""
    found = by_role(context, role, name)
    if len(found) != 1:
        raise NoSuchElementException(f"{len(found)} visible {role!r} named {name!r}, expected exactly one")
    return found[0]


def _page_state(driver):
    """What `_PAGE_STATE` says of the page, or None while it cannot say (the page is being replaced)."""
    try:
        answer = driver.execute_cdp_cmd("Runtime.evaluate", {"expression": _PAGE_STATE, "returnByValue": True})
    except WebDriverException:
        return None
    return answer["result"].get("value")


def _until_the_page_answers(driver, look, message, timeout):
    """Returns what `look()` finds truthy, looking again only when the page may have changed: it was
    replaced or changed, an animation is running, or RECHECK_SECONDS passed (for what no change
    event covers). A lookup costs the browser about 25 ms of CPU and asking about the page 1 ms,
    so a wait no longer spends a core asking an unchanged page every POLL_SECONDS."""
    driver = driver.parent if isinstance(driver, WebElement) else driver
    deadline = time.monotonic() + timeout
    while True:
        seen = _page_state(driver)
        looked = time.monotonic()
        try:
            found = look()
        except StaleElementReferenceException:
            found, seen = None, None
        if found:
            return found
        while time.monotonic() < deadline:
            time.sleep(POLL_SECONDS)
            state = _page_state(driver)
            if seen is None or state != seen or state[2] or time.monotonic() - looked >= RECHECK_SECONDS:
                break
        if time.monotonic() >= deadline:
            raise TimeoutException(message)


def wait_for_role(driver, role, name=None, *, within=None, timeout=DEFAULT_TIMEOUT):
    """Waits until exactly one visible element with `role` and `name` exists, and returns it."""
    context = within or driver

    def present():
        found = by_role(context, role, name)
        return found[0] if len(found) == 1 else None

    return _until_the_page_answers(driver, present, f"no single visible {role!r} named {name!r}", timeout)


def wait_until_gone(driver, role, name=None, *, timeout=DEFAULT_TIMEOUT):
    """Waits until no visible element with `role` and `name` is left."""
    _until_the_page_answers(
        driver, lambda: not by_role(driver, role, name), f"{role!r} named {name!r} is still shown", timeout
    )


def wait_until(driver, condition, message, *, timeout=DEFAULT_TIMEOUT):
    """Waits until `condition()` returns something truthy, and returns it. A condition that looks for
    something not rendered yet (an assertion in a finder, an element replaced meanwhile) is asked again."""
    return WebDriverWait(
        driver,
        timeout,
        poll_frequency=POLL_SECONDS,
        ignored_exceptions=(AssertionError, StaleElementReferenceException),
    ).until(lambda _: condition(), message=message)


def fill(driver, label, text):
    """Types `text` into the text box labelled `label`, replacing what was there."""
    box = wait_for_role(driver, "textbox", label)
    box.clear()
    box.send_keys(text)
    return box
