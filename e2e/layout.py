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


# What is cut short on screen: a placeholder wider than its field, or a control's label (a button, a
# tab, a link styled as one, a field's label) wider than its box, clipped or spilling out. Each as a
# sentence naming it. Placeholders are measured with the field's own font (a canvas), since a
# field never reports its placeholder's width.
_CLIPPED = r"""
const found = [];
const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
const pen = document.createElement('canvas').getContext('2d');
for (const field of document.querySelectorAll('input, textarea')) {
  if (!shown(field) || !field.placeholder || field.value) continue;
  const style = getComputedStyle(field);
  const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  pen.font = style.font;
  const width = pen.measureText(field.placeholder).width;
  if (width > room + 1) found.push(`the placeholder "${field.placeholder}" (${Math.round(width)} px in ${Math.round(room)})`);
}
const controls = 'button, [role=tab], a.button, .section-switch-link, label, .tab';
// A control partly outside a box that clips it (a row that scrolls sideways): its label shows cut.
const cutBy = (control) => {
  const box = control.getBoundingClientRect();
  for (let up = control.parentElement; up; up = up.parentElement) {
    if (getComputedStyle(up).overflowX === 'visible') continue;
    const row = up.getBoundingClientRect();
    const inside = box.left >= row.left - 1 && box.right <= row.right + 1;
    const outside = box.right <= row.left || box.left >= row.right;
    if (!inside && !outside) return true;
  }
  return false;
};
for (const control of document.querySelectorAll(controls)) {
  if (!shown(control)) continue;
  if (cutBy(control)) {
    found.push(`"${control.textContent.trim().replace(/\s+/g, ' ')}" (cut off by the edge of its row)`);
    continue;
  }
  for (const part of [control, ...control.querySelectorAll('*')]) {
    // Text kept for screen readers only (a 1 px clip) is hidden on purpose, not cut short.
    const spoken = part.clientWidth <= 1 && part.clientHeight <= 1;
    if (part instanceof SVGElement || getComputedStyle(part).display === 'inline' || !shown(part) || spoken) continue;
    if (part.scrollWidth > part.clientWidth + 1) {
      found.push(`"${control.textContent.trim().replace(/\s+/g, ' ')}" (${part.scrollWidth} px in ${part.clientWidth})`);
      break;
    }
  }
}
return found;
"""


def clipped(browser):
    """Placeholders and control labels cut short on the screen shown: a sentence for each."""
    return browser.execute_script(_CLIPPED)


def expect_nothing_clipped(browser, where):
    """Nothing is cut short: every placeholder fits its field, every control's label its box."""
    wait_until(browser, lambda: clipped(browser) == [], f"{where}: {clipped(browser)}")
