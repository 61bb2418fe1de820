"""Find elements the way a person using assistive technology would: by ARIA role
and accessible name, as computed by the browser itself (WebDriver's computed
role and label), not by CSS classes or ids."""

from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

DEFAULT_TIMEOUT = 10

# Elements that can carry each role; the browser's computed role has the final word.
_CANDIDATES = {
    "alert": "[role=alert]",
    "button": "button, [role=button], input[type=button], input[type=submit], input[type=reset]",
    "checkbox": "input[type=checkbox], [role=checkbox]",
    "combobox": "[role=combobox], select",
    "dialog": "dialog, [role=dialog]",
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

# Chromium reports a password field's role as "textbox" in some versions and
# "PasswordField"-like internal names in others; both are a text box to a person.
# Chromium names role="img" by ARIA 1.3's synonym "image".
_ROLE_ALIASES = {"textbox": {"textbox", "passwordfield", "searchbox"}, "img": {"img", "image"}}


def by_role(context, role, name=None):
    """All visible elements under `context` (a driver or an element) with `role`
    and, when given, exactly the accessible `name`."""
    selector = _CANDIDATES.get(role)
    if selector is None:
        raise ValueError(f"no candidate selector for role {role!r}")
    accepted = _ROLE_ALIASES.get(role, {role})
    found = []
    for element in context.find_elements(By.CSS_SELECTOR, selector):
        try:
            if not element.is_displayed():
                continue
            if element.aria_role.lower() not in accepted:
                continue
            if name is not None and element.accessible_name.strip() != name:
                continue
        except StaleElementReferenceException:
            continue
        found.append(element)
    return found


def find_by_role(context, role, name=None):
    """The one visible element with `role` and `name`; raises NoSuchElementException otherwise."""
    found = by_role(context, role, name)
    if len(found) != 1:
        raise NoSuchElementException(f"{len(found)} visible {role!r} named {name!r}, expected exactly one")
    return found[0]


def wait_for_role(driver, role, name=None, *, within=None, timeout=DEFAULT_TIMEOUT):
    """Waits until exactly one visible element with `role` and `name` exists, and returns it."""
    context = within or driver

    def present(_):
        found = by_role(context, role, name)
        return found[0] if len(found) == 1 else False

    return WebDriverWait(
        driver, timeout, ignored_exceptions=(StaleElementReferenceException,)
    ).until(present, message=f"no single visible {role!r} named {name!r}")


def wait_until_gone(driver, role, name=None, *, timeout=DEFAULT_TIMEOUT):
    """Waits until no visible element with `role` and `name` is left."""
    WebDriverWait(driver, timeout, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda _: not by_role(driver, role, name), message=f"{role!r} named {name!r} is still shown"
    )


def wait_until(driver, condition, message, *, timeout=DEFAULT_TIMEOUT):
    """Waits until `condition()` returns something truthy, and returns it. A condition that looks for
    something not rendered yet (an assertion in a finder, an element replaced meanwhile) is asked again."""
    return WebDriverWait(
        driver, timeout, ignored_exceptions=(AssertionError, StaleElementReferenceException)
    ).until(lambda _: condition(), message=message)


def fill(driver, label, text):
    """Types `text` into the text box labelled `label`, replacing what was there."""
    box = wait_for_role(driver, "textbox", label)
    box.clear()
    box.send_keys(text)
    return box
