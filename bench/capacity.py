"""The measure and the model of `make capacity` (bench/capacity starts the server and the database).

For each kind of request, wrk (bench/lua/capacity.lua) sends a fixed number with a few clients,
and the CPU time the server process and PostgreSQL's processes used meanwhile is read from /proc
(utime + stime; for the cluster, the postmaster's own, its exited children's, and each live
child's: backends, WAL writer, checkpointer, autovacuum). Divided by the requests the server
logged, it is each kind's app and database CPU-ms per request; wrk's own CPU is not counted. The
reads take turns, round after round, then the writes, so that the machine's changes of speed fall
on all kinds alike; the table shows each kind's median over the rounds and its spread.

Then the model: an instance of C cores answers at most C * ceiling / app-CPU requests a second,
the database of D cores at most D * ceiling / database-CPU, so N instances on one database answer

    min(N * C * ceiling / app_ms, D * ceiling / db_ms) * 1000 requests/s

for a mix of requests (its costs the weighted mean of the kinds'), the database becoming the limit
past N = D * app_ms / (C * db_ms). Last, a check on this machine: the server pinned to one core,
PostgreSQL and wrk to the other, the mix sent with more clients than cores, the requests/s
measured against the model's.

Variables: CAPACITY_ROUNDS (3), CAPACITY_CLIENTS (4), CAPACITY_MIX (mixes by request count,
separated by ";", of list, search, create and upload; the check sends the first; by default
"list=60,search=25,create=12,upload=3;list=62,search=26,create=12", the same without photos),
CAPACITY_APP_CORES and CAPACITY_DB_CORES (2 each), CAPACITY_CEILING (0.7),
CAPACITY_CHECK_SECONDS (10; 0 skips the check), CAPACITY_CHECK_CLIENTS (8).
"""

import argparse
import os
import re
import statistics
import subprocess
import time

TICKS = os.sysconf("SC_CLK_TCK")
# Requests a round of each kind: a few seconds of work each on this machine.
REQUESTS = {"list": 1500, "kept": 3000, "search": 600, "create": 600, "upload": 20}
KINDS = {
    "list": "list: GET /api/v1/wishes, first page, fresh",
    "kept": "list, kept: the same, read cache",
    "search": "search: GET /api/v1/search?q=WORD, fresh",
    "create": "create: POST /api/v1/wishes",
    "upload": "upload: POST /api/v1/photos, 2 MB JPEG",
}
# The server's log line of each request: method, path (without the query), status, time.
LOGGED = re.compile(r"\b(GET|POST) (/api/v1/\S+) (\d{3}) [\d.]+ms$")
LOGGED_KINDS = {
    ("GET", "/api/v1/wishes"): "list",
    ("GET", "/api/v1/search"): "search",
    ("POST", "/api/v1/wishes"): "create",
    ("POST", "/api/v1/photos"): "upload",
}


def cpu_seconds(pid, children=False):
    """The process's user and system time; with `children`, that of its exited children too."""
    with open(f"/proc/{pid}/stat") as file:
        fields = file.read().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])  # utime, stime
    if children:
        ticks += int(fields[13]) + int(fields[14])  # cutime, cstime
    return ticks / TICKS


def parent_of(pid):
    """The process's parent, None once it has ended."""
    try:
        with open(f"/proc/{pid}/stat") as file:
            return int(file.read().rsplit(")", 1)[1].split()[1])
    except (FileNotFoundError, ProcessLookupError):
        return None


def children_of(pid):
    return [int(entry) for entry in os.listdir("/proc") if entry.isdigit() and parent_of(int(entry)) == pid]


def cluster_cpu_seconds(postmaster):
    """The CPU time of the whole PostgreSQL cluster: the postmaster with its exited children, and
    its live children."""
    total = cpu_seconds(postmaster, children=True)
    for child in children_of(postmaster):
        try:
            total += cpu_seconds(child)
        except (FileNotFoundError, ProcessLookupError):
            pass  # ended meanwhile: its time is in the postmaster's children's
    return total


class Measure:
    def __init__(self, arguments):
        self.arguments = arguments
        self.server = arguments.server
        self.postgres = arguments.postgres
        self.clients = int(os.environ.get("CAPACITY_CLIENTS", "4"))
        self.run = 0

    def wrk_command(self, kind, count, clients, seconds=120, mix=""):
        """wrk's command and environment: until `count` answers (None: until `seconds` end)."""
        self.run += 1
        environment = dict(
            os.environ,
            TOKEN=self.arguments.token,
            KIND=kind,
            MIX=mix,
            PHOTO=self.arguments.photo,
            RUN=f"{os.getpid()}-{self.run}",
        )
        if count is not None:
            environment["COUNT"] = str(count)
        command = ["wrk", "-t1", f"-c{clients}", f"-d{seconds}s", "-s", "bench/lua/capacity.lua", self.arguments.url]
        return command, environment

    def wrk(self, kind, count, clients):
        command, environment = self.wrk_command(kind, count, clients)
        subprocess.run(command, env=environment, stdout=subprocess.DEVNULL, check=True)

    def logged(self):
        with open(self.arguments.log, errors="replace") as file:
            return sum(1 for _ in file)

    def served(self, since, until=None):
        """The API requests the server logged from line `since` to line `until`: how many of each
        kind, and how many not 2xx."""
        counts = dict.fromkeys(LOGGED_KINDS.values(), 0)
        failed = 0
        with open(self.arguments.log, errors="replace") as file:
            for number, line in enumerate(file):
                if until is not None and number >= until:
                    break
                match = LOGGED.search(line.rstrip("\n"))
                if number < since or not match:
                    continue
                kind = LOGGED_KINDS.get((match.group(1), match.group(2)))
                if kind:
                    counts[kind] += 1
                failed += not match.group(3).startswith("2")
        return counts, failed

    def cpu(self):
        return cpu_seconds(self.server, children=True), cluster_cpu_seconds(self.postgres)

    def measure(self, kind, count, clients):
        """Sends `count` requests of `kind`; the app's and the database's CPU-ms a request,
        requests/s, how many were logged and refused."""
        since = self.logged()
        app_before, db_before = self.cpu()
        started = time.monotonic()
        self.wrk(kind, count, clients)
        elapsed = time.monotonic() - started
        app_after, db_after = self.settle()
        counts, failed = self.served(since)
        served = sum(counts.values())
        return {
            "app": (app_after - app_before) * 1000 / served,
            "db": (db_after - db_before) * 1000 / served,
            "rate": served / elapsed,
            "served": served,
            "failed": failed,
        }

    def settle(self, quiet=0.3):
        """Waits for the requests still in flight when wrk ended (an upload takes seconds on a busy
        machine) to finish, until the server and the database spend less than 3 % of a core for
        `quiet` seconds, and the log is written (every 250 ms); the CPU figures then."""
        app_before, db_before = self.cpu()
        for _ in range(60):
            time.sleep(quiet)
            app_after, db_after = self.cpu()
            if app_after - app_before < 0.03 * quiet and db_after - db_before < 0.03 * quiet:
                break
            app_before, db_before = app_after, db_after
        return app_after, db_after

    def idle(self, seconds=2.0):
        app_before, db_before = self.cpu()
        time.sleep(seconds)
        app_after, db_after = self.cpu()
        return (app_after - app_before) * 1000 / seconds, (db_after - db_before) * 1000 / seconds


def spread(values):
    return f"{statistics.median(values):7.2f} ({min(values):.2f}-{max(values):.2f})"


def parse_mix(text):
    """`list=60,search=25` as each kind's share of the requests."""
    mix = {}
    for part in text.split(","):
        name, weight = part.split("=")
        mix[name.strip()] = float(weight)
    unknown = set(mix) - set(LOGGED_KINDS.values())
    if unknown:
        raise SystemExit(f"CAPACITY_MIX names unknown kinds: {', '.join(sorted(unknown))}")
    total = sum(mix.values())
    return {name: weight / total for name, weight in mix.items()}


def measure_kinds(measure, rounds):
    """Each kind's app and database CPU-ms a request, the median of `rounds`; prints the table."""
    results = {kind: [] for kind in REQUESTS}
    # The reads first: the wishes created, newest, would push those with a photo off the list's
    # first page (its app CPU then 0.33 ms instead of 0.51).
    for group in (("list", "kept", "search"), ("create", "upload")):
        # A first pass of each kind, not counted: the caches, the connections, the statements prepared.
        for kind in group:
            measure.wrk(kind, max(5, REQUESTS[kind] // 10), measure.clients)
        measure.settle()
        for _ in range(rounds):
            for kind in group:
                results[kind].append(measure.measure(kind, REQUESTS[kind], measure.clients))
    print()
    print(f"CPU per request, wrk -t1 -c{measure.clients}, {rounds} rounds: the median (the lowest-highest)")
    print(f"{'':44} {'requests':>8} {'app CPU-ms':>19} {'database CPU-ms':>19} {'requests/s':>19}")
    app = {}
    db = {}
    for kind, rows in results.items():
        app[kind] = statistics.median(row["app"] for row in rows)
        db[kind] = statistics.median(row["db"] for row in rows)
        failed = sum(row["failed"] for row in rows)
        print(
            f"{KINDS[kind]:44} {rows[0]['served']:8} {spread([r['app'] for r in rows])} {spread([r['db'] for r in rows])}"
            f" {spread([r['rate'] for r in rows])}" + (f"  {failed} NOT 2xx" if failed else "")
        )
    print("(requests/s: with wrk and the machine's other work on the same 2 cores; not a measure to trust)")
    return app, db


def model(app, db, mixes, app_cores, db_cores, ceiling):
    """Prints the requests/s of N instances on one database, for each mix and each kind alone."""
    print()
    print(
        f"Model: CPU-bound; instances of {app_cores:g} cores, one database of {db_cores:g} cores, each busy at most"
        f" {ceiling:.0%}; N instances answer min(N * {app_cores:g} * {ceiling:g} / app, {db_cores:g} * {ceiling:g} / database)"
    )
    for mix in mixes:
        app_mix = sum(weight * app[kind] for kind, weight in mix.items())
        db_mix = sum(weight * db[kind] for kind, weight in mix.items())
        instance = app_cores * ceiling * 1000 / app_mix
        database = db_cores * ceiling * 1000 / db_mix
        print(f"the mix {', '.join(f'{kind} {weight:.0%}' for kind, weight in mix.items())}:")
        print(f"  a request of the mix: app {app_mix:.2f} CPU-ms, database {db_mix:.2f} CPU-ms")
        print(
            f"  one instance {instance:.0f} requests/s, the database {database:.0f} requests/s:"
            f" the database is the limit past N = {database / instance:.1f} instances"
        )
        print("  " + "   ".join(f"N={n}: {min(n * instance, database):.0f}/s" for n in (1, 2, 3, 4, 8)))
    print(
        "each kind alone: requests/s of one instance, of the database, and the N past which the database is the limit"
    )
    for kind in REQUESTS:
        instance = app_cores * ceiling * 1000 / app[kind]
        database = db_cores * ceiling * 1000 / db[kind]
        print(f"  {kind:8} {instance:8.0f} {database:8.0f}   N = {database / instance:.1f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--server", type=int, required=True, help="the wishlist serve process")
    parser.add_argument("--postgres", type=int, required=True, help="the postmaster")
    parser.add_argument("--url", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--log", required=True, help="the server's log")
    parser.add_argument("--photo", required=True, help="the JPEG to upload")
    arguments = parser.parse_args()
    rounds = int(os.environ.get("CAPACITY_ROUNDS", "3"))
    mixes_text = os.environ.get(
        "CAPACITY_MIX", "list=60,search=25,create=12,upload=3;list=62,search=26,create=12"
    ).split(";")
    mixes = [parse_mix(text) for text in mixes_text]
    app_cores = float(os.environ.get("CAPACITY_APP_CORES", "2"))
    db_cores = float(os.environ.get("CAPACITY_DB_CORES", "2"))
    ceiling = float(os.environ.get("CAPACITY_CEILING", "0.7"))
    check_seconds = float(os.environ.get("CAPACITY_CHECK_SECONDS", "10"))
    check_clients = int(os.environ.get("CAPACITY_CHECK_CLIENTS", "8"))
    measure = Measure(arguments)

    idle_app, idle_db = measure.idle()
    print(f"idle: app {idle_app:.1f} CPU-ms/s, PostgreSQL {idle_db:.1f} CPU-ms/s (not subtracted below)")
    app, db = measure_kinds(measure, rounds)
    model(app, db, mixes, app_cores, db_cores, ceiling)
    if check_seconds > 0:
        check(measure, app, db, mixes_text[0], check_seconds, check_clients)


def pin(pid, core):
    """Moves every thread of `pid` (and, for the postmaster, every child) onto `core`."""
    subprocess.run(["taskset", "-a", "-p", "-c", str(core), str(pid)], check=True, capture_output=True)


def check(measure, app, db, mix_text, seconds, clients):
    """The model against this machine: the server on core 0 alone, PostgreSQL and wrk on core 1,
    the mix sent without pause by `clients`, enough to keep the server's core busy; measured over
    `seconds` once it runs."""
    pin(measure.server, 0)
    for pid in [measure.postgres, *children_of(measure.postgres)]:
        pin(pid, 1)
    command, environment = measure.wrk_command("mix", None, clients, seconds=int(seconds) + 10, mix=mix_text)
    wrk = subprocess.Popen(["taskset", "-c", "1", *command], env=environment, stdout=subprocess.DEVNULL)
    try:
        time.sleep(3)  # past the start, every client busy
        since = measure.logged()
        app_before, db_before = measure.cpu()
        started = time.monotonic()
        time.sleep(seconds)
        until = measure.logged()
        app_after, db_after = measure.cpu()
        elapsed = time.monotonic() - started
    finally:
        wrk.terminate()
        wrk.wait()
    counts, failed = measure.served(since, until)
    served = sum(counts.values())
    if not served:
        raise SystemExit("the check: no request answered")
    # What the model says these very requests cost, and so how many a second one core answers.
    app_predicted = sum(count * app[kind] for kind, count in counts.items()) / served
    db_predicted = sum(count * db[kind] for kind, count in counts.items()) / served
    app_measured = (app_after - app_before) * 1000 / served
    db_measured = (db_after - db_before) * 1000 / served
    share = (app_after - app_before) / elapsed
    rate = served / elapsed
    predicted = 1000 / max(app_predicted, db_predicted)
    print()
    print(
        f"Check: the server pinned to 1 core, PostgreSQL and wrk to the other; the mix from {clients} clients for {elapsed:.0f} s:"
    )
    print(
        f"  {served} requests ({', '.join(f'{kind} {count}' for kind, count in counts.items())})"
        + (f", {failed} NOT 2xx" if failed else "")
    )
    print(
        f"  CPU-ms a request: app {app_measured:.2f} measured, {app_predicted:.2f} by the model ({app_measured / app_predicted - 1:+.0%});"
        f" database {db_measured:.2f} measured, {db_predicted:.2f} by the model ({db_measured / db_predicted - 1:+.0%})"
    )
    print(
        f"  requests/s: {rate:.0f} measured; the model for a whole core {predicted:.0f} ({rate / predicted - 1:+.0%}),"
        f" for the {share:.0%} of its core the server got beside the machine's other work {predicted * share:.0f}"
        f" ({rate / (predicted * share) - 1:+.0%})"
    )


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:  # Ctrl-C: bench/capacity stops the server and the database
        raise SystemExit(130) from None
