"""The web app's modules import one another without circles (issue 28): a circle makes a
module's bindings undefined while its partner runs first, a bug that shows only in some load
orders. Reads the sources; no browser or server needed."""

import re
from pathlib import Path

import pytest

from conftest import REPOSITORY

pytestmark = pytest.mark.no_server

JS = REPOSITORY / "Sources" / "WishlistServer" / "Web" / "js"

# Static imports and re-exports, and dynamic `import("./…")` with a literal path.
IMPORT = re.compile(r"""(?:\b(?:import|export)\b[^;"'`]*?\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}/[^"']+)["']""")


def imports_of(module):
    text = module.read_text(encoding="utf-8")
    return [(module.parent / found).resolve() for found in IMPORT.findall(text)]


def graph():
    return {module.resolve(): imports_of(module) for module in JS.rglob("*.js")}


def cycles(edges):
    """Circles as the paths of modules that close them: at least one whenever there is any
    (depth-first, an edge back to a module still open closes one)."""
    found, state, stack = [], {}, []

    def visit(module):
        state[module] = "open"
        stack.append(module)
        for target in edges.get(module, []):
            if state.get(target) == "open":
                found.append(stack[stack.index(target) :] + [target])
            elif target not in state:
                visit(target)
        stack.pop()
        state[module] = "done"

    for module in sorted(edges):
        if module not in state:
            visit(module)
    return found


def test_every_import_names_a_module_that_exists():
    missing = [
        f"{source.relative_to(JS)} → {target}"
        for source, targets in graph().items()
        for target in targets
        if not target.is_file()
    ]
    assert not missing, missing


def test_modules_import_one_another_without_circles():
    circles = [" → ".join(str(module.relative_to(JS)) for module in circle) for circle in cycles(graph())]
    assert not circles, "import circles:\n" + "\n".join(circles)


def test_the_cycle_finder_finds_a_circle():
    a, b, c = Path("/a.js"), Path("/b.js"), Path("/c.js")
    assert cycles({a: [b], b: [c], c: [a]}) == [[a, b, c, a]]
    assert cycles({a: [b, c], b: [c], c: []}) == []
