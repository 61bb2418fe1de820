"""Hostile text and the page scripts that check what it did, shared by the tests that put it
everywhere (shell/test_hostile_text.py) and into import files (archive/test_import.py)."""

# Each would run a script, or open one, if the page put it into HTML or a link unescaped.
HOSTILE = [
    "<img src=x onerror=window.__pwned=1>",
    '"><script>window.__pwned=1</script>',
    "'><svg onload=window.__pwned=1>",
    "javascript:window.__pwned=1",
    "data:text/html,<script>window.__pwned=1</script>",
    "</script><script>window.__pwned=1</script>",
    "<a href=javascript:window.__pwned=1>x</a>",
]

# Counts the page's CSP violations as they happen (the reports reach the server too, but later).
VIOLATION_LISTENER = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`);
});
"""

# Links and pictures on the page whose address is neither http(s) nor this server's.
FOREIGN_ADDRESSES = """
const ok = (url) => url.protocol === "http:" || url.protocol === "https:";
const links = [...document.querySelectorAll("a[href], area[href]")]
  .filter((a) => !a.matches(".settings-bookmarklet"))
  .map((a) => a.href).filter((href) => !ok(new URL(href, location.href)));
const pictures = [...document.querySelectorAll("img[src], image, iframe, object, embed")]
  .map((e) => e.getAttribute("src") ?? e.getAttribute("href") ?? e.tagName)
  .filter((src) => { try { const url = new URL(src, location.href); return !ok(url) && url.protocol !== "blob:" && !src.startsWith("data:image/"); } catch { return true; } });
return links.concat(pictures);
"""

# Which of the texts `shown`, `labels` and `values` the screen lacks: not shown as text, in no
# accessible name, in no form field (an editor shows a record's text there, not as page text). One
# look at the page for all of them: a look per text made a wait cost the browser several scripts.
MISSING = """
const [shown, labels, values] = arguments;
const text = document.body.innerText;
const names = [...document.querySelectorAll("[aria-label]")].map((element) => element.getAttribute("aria-label"));
const fields = [...document.querySelectorAll("input, textarea")].map((field) => field.value);
return [
  shown.filter((wanted) => !text.includes(wanted)),
  labels.filter((wanted) => !names.some((name) => name.includes(wanted))),
  values.filter((wanted) => !fields.some((value) => value.includes(wanted))),
];
"""
