"""Find elements the way a person using assistive technology would: by ARIA role
and accessible name, as computed by the browser itself, not by CSS classes or ids.

A lookup asks Chromium's accessibility tree once (DevTools' `Accessibility.queryAXTree`, the roles
and names WebDriver's computed role and label report) and hands the matches to the page in one
script run, which keeps the visible ones (Selenium's own isDisplayed atom): about six round trips
whatever the page holds. Asking WebDriver element by element took three round trips per candidate,
and the page's own `computedRole` rebuilds the tree at each element (7 s for 300 buttons)."""

import pkgutil

from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, WebDriverException
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import WebDriverWait

DEFAULT_TIMEOUT = 10
# How often a wait asks again: one lookup is a few round trips, so asking often costs little.
POLL_SECONDS = 0.05
# Tries of one lookup whose page changed under it before it gives up and says "none found".
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

# Counts the elements added to or removed from the page, so a lookup can tell that the list of
# candidates it numbered is still the page's. Returns the count so far.
_CHANGES = """
const changes = window.__e2eChanges;
if (!changes) {
  window.__e2eChanges = { count: 0 };
  new MutationObserver(() => { window.__e2eChanges.count += 1; })
    .observe(document, { childList: true, subtree: true });
}
return changes ? changes.count : 0;
"""

# Arguments: the count of changes the lookup started at, the candidates' selector, the positions
# among them that matched, the context (an element, or null for the document) and Selenium's
# isDisplayed atom as source. Null when the page changed meanwhile.
_PICK = """
const [changesBefore, selector, positions, context, isDisplayedSource] = arguments;
if (!window.__e2eChanges || window.__e2eChanges.count !== changesBefore) return null;
const candidates = document.querySelectorAll(selector);
const isDisplayed = new Function("return (" + isDisplayedSource + ")")();
return positions.map((position) => candidates[position])
  .filter((element) => (!context || context.contains(element)) && isDisplayed(element));
"""

_IS_DISPLAYED = pkgutil.get_data("selenium.webdriver.remote", "isDisplayed.js").decode("utf8")


class DocumentReplaced(StaleElementReferenceException):
    """The page navigated while a lookup read its accessibility tree (Chromium answers "unhandled
    inspector error"): stale, like an element of the old page, so the waits look again."""


def _query_tree(driver, root, role):
    try:
        return driver.execute_cdp_cmd("Accessibility.queryAXTree", {"nodeId": root, "role": role})["nodes"]
    except WebDriverException as error:
        if "inspector error" in str(error):
            raise DocumentReplaced(str(error)) from error
        raise


def _matching_nodes(driver, roles, name):
    """The backend ids of the accessibility nodes with one of `roles` and, when given, `name`."""
    root = driver.execute_cdp_cmd("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
    found = []
    for role in roles:
        for node in _query_tree(driver, root, role):
            if node.get("ignored") or "backendDOMNodeId" not in node:
                continue
            if name is not None and node.get("name", {}).get("value", "").strip() != name:
                continue
            found.append(node["backendDOMNodeId"])
    return root, found


def by_role(context, role, name=None):
    """All visible elements under `context` (a driver or an element) with `role`
    and, when given, exactly the accessible `name`."""
    selector = _CANDIDATES.get(role)
    if selector is None:
        raise ValueError(f"no candidate selector for role {role!r}")
    roles = sorted(_ROLE_ALIASES.get(role, {role}))
    within = context if isinstance(context, WebElement) else None
    driver = context.parent if within else context
    for _ in range(LOOKUP_TRIES):
        changes = driver.execute_script(_CHANGES)
        root, matching = _matching_nodes(driver, roles, name)
        if not matching:
            return []
        candidates = driver.execute_cdp_cmd("DOM.querySelectorAll", {"nodeId": root, "selector": selector})["nodeIds"]
        matched = set(
            driver.execute_cdp_cmd("DOM.pushNodesByBackendIdsToFrontend", {"backendNodeIds": matching})["nodeIds"]
        )
        positions = [position for position, node in enumerate(candidates) if node in matched]
        found = driver.execute_script(_PICK, changes, selector, positions, within, _IS_DISPLAYED)
        if found is not None:
            return found
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


def _wait(driver, timeout):
    return WebDriverWait(
        driver, timeout, poll_frequency=POLL_SECONDS, ignored_exceptions=(StaleElementReferenceException,)
    )


def wait_for_role(driver, role, name=None, *, within=None, timeout=DEFAULT_TIMEOUT):
    """Waits until exactly one visible element with `role` and `name` exists, and returns it."""
    context = within or driver

    def present(_):
        found = by_role(context, role, name)
        return found[0] if len(found) == 1 else False

    return _wait(driver, timeout).until(present, message=f"no single visible {role!r} named {name!r}")


def wait_until_gone(driver, role, name=None, *, timeout=DEFAULT_TIMEOUT):
    """Waits until no visible element with `role` and `name` is left."""
    _wait(driver, timeout).until(
        lambda _: not by_role(driver, role, name), message=f"{role!r} named {name!r} is still shown"
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
