"""Schemathesis (X1, issue 15 "Fuzzing") against the real server, signed in with an API token
of an account with data of every kind (api_world.py): every operation of /api/v1/openapi.json with
examples, coverage, fuzzing and the stateful phase (the document's `links` lead from each create to
reads, edits and deletes of what it made), all checks. No 5xx, every answer as the document says
(status, content type, headers, body), nothing the document allows refused, nothing it forbids
accepted. The seed is fixed, so a run repeats exactly; the number of cases is printed.

The schemathesis command line is used rather than its Python API: its phases, stateful links and
report come as one, in the form anyone can rerun by hand from the command printed on failure."""

import json
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from api_world import serve_world

# Generated from the API document, not a journey.
pytestmark = pytest.mark.fuzz

CONFIG = Path(__file__).resolve().parent / "schemathesis.toml"
SEED = 20261201
# Cases per operation and phase: the whole run stays within about three minutes on two cores.
MAX_EXAMPLES = 10
TIMEOUT = 600


@pytest.fixture
def world(tmp_path_factory, engine):
    """Per test, after `engine`: a fixture of the module's scope would be made once, on the engine
    of no test (SQLite), and serve every engine's case."""
    yield from serve_world(tmp_path_factory)


def schemathesis_command(world, report):
    return [
        str(Path(sys.executable).parent / "st"),
        "--config-file",
        str(CONFIG),
        "run",
        world.server.url("/api/v1/openapi.json"),
        "--checks",
        "all",
        "--phases",
        "examples,coverage,fuzzing,stateful",
        "--header",
        f"Authorization: Bearer {world.token}",
        "--header",
        "X-Requested-With: wishlist",
        "--max-examples",
        str(MAX_EXAMPLES),
        "--seed",
        str(SEED),
        "--generation-database",
        "none",
        # One worker: hypothesis reads lambdas' source with `ast` on every thread, which trips a CPython 3.11 bug
        # ("AST constructor recursion depth mismatch") when two do it at once.
        "--workers",
        "1",
        "--request-timeout",
        "30",
        "--no-color",
        "--report",
        "ndjson",
        "--report-ndjson-path",
        str(report),
    ]


@pytest.mark.long
def test_every_operation_answers_as_documented(world, tmp_path, capsys):
    report = tmp_path / "schemathesis.ndjson"
    command = schemathesis_command(world, report)
    run = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT)
    cases, tested, stateful = read_report(report)
    _, document = world.api("GET", "/openapi.json")
    # Every operation but the document itself, which schemathesis leaves out.
    documented = {
        f"{method.upper()} {path}"
        for path, item in document["paths"].items()
        for method in item
        if method != "parameters" and path != "/api/v1/openapi.json"
    }
    with capsys.disabled():
        print(
            f"\nschemathesis: {cases} cases, {len(documented & tested)} of {len(documented)} operations "
            f"(and {len(tested - documented)} undocumented methods); stateful: {stateful.scenarios} scenarios, "
            f"{stateful.cases} cases, {stateful.linked} of them following a link; exit {run.returncode}"
        )
    assert run.returncode == 0, (
        f"schemathesis found problems (rerun: {shlex.join(command)}):\n{run.stdout[-20000:]}\n{run.stderr[-5000:]}"
    )
    assert documented <= tested, f"operations no case reached: {sorted(documented - tested)}"
    # schemathesis passes a run whose stateful phase did nothing (no link it could follow, say), yet that
    # phase alone reads, edits and deletes what a create has just made.
    assert stateful.linked, (
        f"the stateful phase followed no link ({stateful.scenarios} scenarios):\n{run.stdout[-5000:]}"
    )
    # The token the run used still works: nothing it did signed the account out half-way.
    status, me = world.api("GET", "/me")
    assert status == 200, me


@dataclass
class StatefulCounts:
    """What the stateful phase did: its scenarios (sequences of calls) that sent a request, their
    cases, and the cases a link filled in with a value from an earlier answer."""

    scenarios: int = 0
    cases: int = 0
    linked: int = 0


def read_report(report):
    """The number of test cases (requests sent) the run recorded, from its ndjson events, the
    operations they were sent to, and the stateful phase's `StatefulCounts`."""
    cases, operations, stateful = 0, set(), StatefulCounts()
    for line in report.read_text().splitlines() if report.exists() else []:
        finished = json.loads(line).get("ScenarioFinished")
        if finished is None:
            continue
        recorded = ((finished.get("recorder") or {}).get("cases") or {}).values()
        for case in recorded:
            cases += 1
            operations.add(f"{case['value']['method'].upper()} {case['value']['path']}")
        if finished.get("phase") == "stateful" and recorded:
            stateful.scenarios += 1
            stateful.cases += len(recorded)
            # A step reached through a link names the case whose answer it read, and whether a value
            # of that answer made it into the request (not so when it was missing from the answer).
            stateful.linked += sum(
                1 for case in recorded if case.get("parent_id") and case.get("is_transition_applied")
            )
    return cases, operations, stateful
