"""Checks of how a screen is laid out (DESIGN "look and feel"): nothing wider than the screen, and
every control a target big enough for a finger."""

from accessibility import wait_until

MIN_TAP = 44


def rect(browser, element):
    """The element's box on screen: [x, y, width, height] in CSS pixels."""
    return browser.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return [r.x, r.y, r.width, r.height];", element
    )


def expect_fits(browser, width, controls, where):
    """Nothing on the page is wider than `width`, the viewport asked for (not innerWidth: a phone
    browser widens that to fit wide content), and each of `controls` is at least MIN_TAP×MIN_TAP.
    Measured once the page's animations have ended: a dialog still popping in is scaled down."""
    wait_until(
        browser,
        lambda: browser.execute_script(
            "return document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)"
        ),
        f"{where} is still animating",
    )
    assert browser.execute_script("return document.documentElement.scrollWidth") <= width, (
        f"{where} is wider than the screen"
    )
    for control in controls:
        _, _, control_width, control_height = rect(browser, control)
        assert control_width >= MIN_TAP and control_height >= MIN_TAP, (
            f"{where}: {control.accessible_name!r} is {control_width}×{control_height}"
        )
