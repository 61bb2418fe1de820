"""Soak (issue 14, "Holding up under load"): a release `wishlist serve` on 100,000 generated wishes,
200 concurrent keep-alive clients on loopback for 60 s, each pausing about half a second between
requests as a person would, in a realistic mix (list pages followed by
their cursors, search, open a wish, favorite and unfavorite, create, edit with If-Match, photo
uploads, journal entries, K-culture spots), then 100,000 wishes created and deleted through the API
by 32 clients (churn), then the same mix again. Any answer but the one the operation expects fails
the run.

Last, each kind of request alone (list, open, search, create, upload; `--kind-seconds` each, a few
clients without pauses): the server's CPU time (user + system, every thread) over the requests of
that kind, in microseconds per request, beside its p50/p99. `--kinds-only` measures just these,
on the generated wishes, for a quick before/after. `--without search,upload` leaves operations out of
the mixes, to see what they cost the others (without the searches, which every write makes fresh, the
p99 of opening a wish fell from 6.0 to 2.4 ms).

For each phase it prints every operation's p50/p99 as the clients saw it and as the server's own
request log timed it, the server's peak memory (VmHWM, reset before each phase) and open files
(/proc/PID/fd, sampled every second), how busy the client processes were (so that a run where the
clients were the bottleneck is visible as such), and the database's size (file + WAL). It exits
non-zero when the second mix shows growth beyond the tolerances below, and ends with a summary
block to paste into a closing note.

Run: WISHLIST_BIN=.build/release/wishlist WISHLIST_BENCH_BIN=.build/release/wishlist-bench \\
     python3 e2e/soak.py      (`make soak` runs it after the crash-safety kills)
"""

import argparse
import http.client
import json
import multiprocessing
import os
import random
import re
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

import processes
from generated_png import png

STARTUP_TIMEOUT = 300  # importing the bundled spots takes a while on a busy machine
REQUEST_TIMEOUT = 120
# Uploads are limited to 120 a minute per account; 200 clients of one account upload more.
RATE_LIMITS = ("uploads=1000000", "link-previews=1000000", "gif-searches=1000000")

# What "no growth" allows, second mix against first (see `compare`):
# - peak RSS +25 %: the database is memory-mapped and each connection's page cache grows with what
#   it touches, so a larger file after churn or another page mix moves RSS by some percent; a leak
#   of even 1 KB per request of the 200,000 churn requests is 200 MB, far beyond 25 % of the base.
RSS_GROWTH = 1.25
# - open files +10: each of the 200 clients holds one connection in both mixes, and the database
#   files are opened once per pooled connection; 10 covers connections the sample caught opening
#   or closing, while a leak of one descriptor per 10,000 requests would show.
FD_GROWTH = 10
# - database file + WAL +10 %, after the churn against after mix 1: the churn leaves as many wishes
#   as it found, so pages its deletes free must be used again by its creates and the WAL must be
#   checkpointed and reused rather than grow. 10 % leaves room for what SQLite keeps that way (a
#   free list, index pages split at other places, full-text segments not merged yet), while
#   keeping the 100,000 deleted wishes would double the file.
DATABASE_GROWTH = 1.10
# - p99 x1.5 (+5 ms): the machine is shared, so tails move by tens of percent between two runs of
#   the same build; a search index or free list degraded by the churn costs multiples. The 5 ms
#   keeps operations of a millisecond or two from failing on scheduling noise alone.
LATENCY_GROWTH = 1.5
LATENCY_SLACK_MS = 5.0
# Operations with fewer requests than this in a phase have no meaningful p99 to compare.
LATENCY_MIN_SAMPLES = 200

SEARCH_WORDS = [
    "bike",
    "camera",
    "lamp",
    "chair",
    "desk",
    "watch",
    "jacket",
    "guitar",
    "tent",
    "mug",
    "red",
    "blue",
    "vintage",
    "leather",
    "tiny",
    "cozy",
    "smart",
    "retro",
    "soft",
    "warm",
    "가방",
    "신발",
    "모자",
    "시계",
    "우산",
    "텐트",
    "책상",
    "램프",
]
SPOT_WORDS = ["서울", "부산", "카페", "BTS", "NCT", "seoul", "맛집", "드라마"]
TAGS = ["soak", "gift", "someday", "선물", "outdoor", "tech"]

# The mix, as weights per request; spots are left out when the server has none.
MIX = {
    "list": 22,
    "search": 16,
    "open": 18,
    "favorite": 8,
    "create": 7,
    "edit": 7,
    "upload": 3,
    "journal-create": 4,
    "journal-list": 6,
    "spots-search": 5,
    "spots-near": 4,
}
# The mean pause between a mix client's requests, exponentially distributed: 200 people tapping
# every half second or so ask for about 400 requests a second. Without it 200 clients firing back to
# back keep every request queued behind the others, and the p99s measure the queue's length, which
# moves with whatever else the machine does, rather than the server.
THINK_SECONDS = 0.5
LIST_DEPTH = 5  # pages a client follows by cursor before starting again from the first


class SoakFailure(Exception):
    """The server broke a promise under load, or grew beyond a tolerance."""


# MARK: The server


def free_port():
    """A loopback port nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until_answering(process, port, path, timeout, what, log):
    """Returns once `GET path` on `port` answers 200; SoakFailure when `process` (`what`) exits first
    or `timeout` seconds pass."""
    deadline = time.monotonic() + timeout
    status = None
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SoakFailure(f"{what} exited with {process.returncode} while starting; see {log}")
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request("GET", path)
            status = connection.getresponse().status
            if status == 200:
                return
        except (OSError, http.client.HTTPException):
            pass
        time.sleep(0.1)  # polling for start-up, not covering a race
    raise SoakFailure(f"{what} did not answer {path} within {timeout} s (last status {status}); see {log}")


class Server:
    """A release `wishlist serve` on a data folder, with its log and its /proc entry."""

    def __init__(self, binary, data, log_path):
        self.binary, self.data, self.log_path = binary, data, log_path
        self.port = free_port()
        self.process = None

    def start(self):
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(
                [
                    self.binary,
                    "serve",
                    "--data",
                    str(self.data),
                    "--listen",
                    f"127.0.0.1:{self.port}",
                    "--tile-url",
                    "none",
                    *[argument for limit in RATE_LIMITS for argument in ("--rate-limit", limit)],
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
            )
        wait_until_answering(self.process, self.port, "/healthz", STARTUP_TIMEOUT, "the server", self.log_path)

    def stop(self):
        """SIGTERM: the server finishes what is in flight and checkpoints the WAL as it closes."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=120)

    def database_bytes(self):
        """(file, WAL) sizes of the database."""
        database = self.data / "wishlist.sqlite"
        wal = Path(str(database) + "-wal")
        return database.stat().st_size, wal.stat().st_size if wal.exists() else 0

    def log_offset(self):
        return self.log_path.stat().st_size

    def mark(self, name):
        """Sends a request the log shows as `GET /soak-mark/NAME 404`, and returns once the log has it:
        every request answered before it is then in the log (which is written in batches)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=REQUEST_TIMEOUT)
        connection.request("GET", f"/soak-mark/{name}")
        connection.getresponse().read()
        connection.close()
        line = f"GET /soak-mark/{name} ".encode()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with open(self.log_path, "rb") as log:
                log.seek(max(0, self.log_offset() - 100_000))
                if line in log.read():
                    return
            time.sleep(0.05)  # waiting for the log writer's next batch
        raise SoakFailure(f"the server log never showed the mark {name}")

    def log_lines(self, start, end):
        with open(self.log_path, "rb") as log:
            log.seek(start)
            return log.read(end - start).decode(errors="replace").splitlines()


@dataclass
class Sample:
    rss_kb: int
    anon_kb: int
    fds: int
    cpu_seconds: float


class ProcessSampler(threading.Thread):
    """Reads the server's memory, open files and CPU time from /proc every second."""

    def __init__(self, pid):
        super().__init__(name="sampler", daemon=True)
        self.pid = pid
        self.samples = []
        self.lock = threading.Lock()
        self.stopped = threading.Event()

    def sample(self):
        status = Path(f"/proc/{self.pid}/status").read_text()
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        kb = lambda name: int(fields[name].split()[0])
        return Sample(
            rss_kb=kb("VmRSS"),
            anon_kb=kb("RssAnon"),
            fds=len(os.listdir(f"/proc/{self.pid}/fd")),
            cpu_seconds=processes.cpu_seconds(self.pid),
        )

    def run(self):
        while not self.stopped.wait(1.0):
            try:
                sample = self.sample()
            except (OSError, KeyError):
                return  # the server is gone
            with self.lock:
                self.samples.append(sample)

    def begin(self):
        """Starts a phase: the peak RSS (VmHWM) is reset to the current RSS, samples start afresh."""
        try:
            Path(f"/proc/{self.pid}/clear_refs").write_text("5")
            self.hwm_reset = True
        except OSError:
            self.hwm_reset = False  # then the peak is the highest per-second sample
        with self.lock:
            self.samples = [self.sample()]

    def end(self):
        """The phase's figures: peak and final RSS, peak and final open files, CPU seconds used."""
        last = self.sample()
        with self.lock:
            samples = self.samples + [last]
        peak = max(sample.rss_kb for sample in samples)
        if self.hwm_reset:
            status = Path(f"/proc/{self.pid}/status").read_text()
            peak = max(peak, int(re.search(r"VmHWM:\s+(\d+)", status).group(1)))
        return {
            "peak_rss_kb": peak,
            "peak_anon_kb": max(s.anon_kb for s in samples),
            "end_rss_kb": last.rss_kb,
            "peak_fds": max(s.fds for s in samples),
            "end_fds": last.fds,
            "cpu_seconds": last.cpu_seconds - samples[0].cpu_seconds,
            "samples": len(samples),
        }

    def stop(self):
        self.stopped.set()


# MARK: Clients (run in worker processes, so that Python's one-core-per-process lock is not the limit)


class Client:
    """One person's app: one keep-alive connection, requests one at a time, each timed."""

    def __init__(self, number, clients, port, token, known_ids, images, seed):
        self.number, self.clients, self.port, self.token = number, clients, port, token
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=REQUEST_TIMEOUT)
        self.random = random.Random(seed)
        self.known_ids = known_ids
        self.images = images
        self.latencies = {}
        self.errors = []
        self.cursor, self.depth = None, 0
        self.favorites = set()
        self.own = {}  # id -> version of the wishes this client made
        self.pending_photos = []  # uploaded, put on the next wish made
        self.made = 0
        self.journal_cursor = None

    def call(self, operation, method, path, body=None, headers=None, expect=200):
        """The answer's (headers, JSON) when its status is `expect`; otherwise None, with the error noted."""
        headers = {"Authorization": f"Bearer {self.token}", **(headers or {})}
        if body is not None and not isinstance(body, bytes):
            body = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        started = time.perf_counter()
        try:
            self.connection.request(method, path, body=body, headers=headers)
            response = self.connection.getresponse()
            raw = response.read()
        except (OSError, http.client.HTTPException) as error:
            self.connection.close()  # the next request opens a new connection
            self.errors.append(f"{operation}: {method} {path}: no answer: {error!r}")
            return None
        self.latencies.setdefault(operation, []).append((time.perf_counter() - started) * 1000)
        if response.status != expect:
            self.errors.append(f"{operation}: {method} {path} answered {response.status}, not {expect}: {raw[:300]!r}")
            return None
        answer = (
            json.loads(raw)
            if raw and (response.getheader("Content-Type") or "").startswith("application/json")
            else None
        )
        return response, answer

    # MARK: The mix

    def list(self):
        query = {"limit": 50}
        if self.cursor:
            query["cursor"] = self.cursor
        result = self.call("list", "GET", "/api/v1/wishes?" + urllib.parse.urlencode(query))
        if result:
            page = result[1]
            self.depth += 1
            self.cursor = page["nextCursor"] if self.depth < LIST_DEPTH else None
            if not self.cursor:
                self.depth = 0

    def search(self):
        word = self.random.choice(SEARCH_WORDS)
        self.call("search", "GET", "/api/v1/search?" + urllib.parse.urlencode({"q": word}))

    def open(self):
        self.call("open", "GET", f"/api/v1/wishes/{self.random.choice(self.known_ids)}")

    def favorite(self):
        # Among this client's own share of the known wishes, so no two clients star the same one.
        wish_id = self.random.choice(self.known_ids[self.number :: self.clients])
        if wish_id in self.favorites:
            if self.call("favorite", "DELETE", f"/api/v1/wishes/{wish_id}/favorite"):
                self.favorites.discard(wish_id)
        elif self.call("favorite", "PUT", f"/api/v1/wishes/{wish_id}/favorite"):
            self.favorites.add(wish_id)

    def create(self):
        self.made += 1
        body = {
            "name": f"soak wish {self.number}-{self.made}",
            "tags": self.random.sample(TAGS, 2),
            "memo": "made during the soak",
            "photoIds": self.pending_photos[:20],
        }
        result = self.call("create", "POST", "/api/v1/wishes", body, expect=201)
        if result:
            self.pending_photos = self.pending_photos[20:]
            self.own[result[1]["id"]] = result[1]["version"]

    def edit(self):
        if not self.own:
            return self.create()
        wish_id = self.random.choice(list(self.own))
        body = {"memo": f"edited {self.random.getrandbits(32):x}", "tags": self.random.sample(TAGS, 3)}
        result = self.call(
            "edit", "PATCH", f"/api/v1/wishes/{wish_id}", body, headers={"If-Match": f'"{self.own[wish_id]}"'}
        )
        if result:
            self.own[wish_id] = int(result[0].getheader("ETag").strip('"'))

    def upload(self):
        boundary = f"soak-{self.random.getrandbits(64):x}"
        body = (
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\n'
            f"Content-Type: image/png\r\n\r\n".encode()
            + self.random.choice(self.images)
            + f"\r\n--{boundary}--\r\n".encode()
        )
        result = self.call(
            "upload",
            "POST",
            "/api/v1/photos",
            body,
            headers={"Content-Type": f"multipart/form-data; boundary={boundary}"},
            expect=201,
        )
        if result:
            self.pending_photos += [photo["id"] for photo in result[1]["items"]]

    def journal_create(self):
        day = 1 + self.random.randrange(28)
        body = {"title": f"soak day {self.number}", "date": f"2026-11-{day:02d}", "contents": "written under load"}
        self.call("journal-create", "POST", "/api/v1/journal", body, expect=201)

    def journal_list(self):
        query = {"limit": 20, **({"cursor": self.journal_cursor} if self.journal_cursor else {})}
        result = self.call("journal-list", "GET", "/api/v1/journal?" + urllib.parse.urlencode(query))
        if result:
            self.journal_cursor = result[1]["nextCursor"]

    def spots_search(self):
        self.call(
            "spots-search", "GET", "/api/v1/spots?" + urllib.parse.urlencode({"q": self.random.choice(SPOT_WORDS)})
        )

    def spots_near(self):
        latitude, longitude = 37.45 + self.random.random() * 0.2, 126.9 + self.random.random() * 0.2
        self.call("spots-near", "GET", f"/api/v1/spots/near?lat={latitude:.5f}&lng={longitude:.5f}")

    def run_mix(self, weights, deadline, think_seconds):
        operations = {
            "list": self.list,
            "search": self.search,
            "open": self.open,
            "favorite": self.favorite,
            "create": self.create,
            "edit": self.edit,
            "upload": self.upload,
            "journal-create": self.journal_create,
            "journal-list": self.journal_list,
            "spots-search": self.spots_search,
            "spots-near": self.spots_near,
        }
        names = [name for name, weight in weights.items() for _ in range(weight)]
        if think_seconds:
            # The crowd is already under way when the mix starts: each person is somewhere in a
            # pause (what remains of one is as long, on average, as a whole one). Starting all 200
            # clients on the same millisecond made every mix begin with a burst that set most p99s.
            self.pause(think_seconds, deadline)
        while time.monotonic() < deadline:
            operations[self.random.choice(names)]()
            if think_seconds:
                # A person reads the answer before the next tap: the mix measures the server as
                # people use it, not a queue of requests fired back to back (the churn does that).
                self.pause(think_seconds, deadline)

    def pause(self, think_seconds, deadline):
        """A person's pause, `think_seconds` on average, ending by `deadline` at the latest."""
        time.sleep(min(self.random.expovariate(1 / think_seconds), max(0.0, deadline - time.monotonic())))

    def run_churn(self, count):
        """Makes `count` wishes and deletes each right after, so the number of wishes stays as it was."""
        for _ in range(count):
            self.made += 1
            result = self.call(
                "churn-create",
                "POST",
                "/api/v1/wishes",
                {"name": f"churn {self.number}-{self.made}", "tags": ["churn"], "memo": "to be deleted"},
                expect=201,
            )
            if result:
                self.call("churn-delete", "DELETE", f"/api/v1/wishes/{result[1]['id']}", expect=204)


def worker(task, ready, results):
    """A worker process: its share of the clients, each a thread, started together once all are ready."""
    images = [png(task["seed"] * 1000 + n) for n in range(32)]
    clients = [
        Client(
            number,
            task["total_clients"],
            task["port"],
            task["token"],
            task["known_ids"],
            images,
            task["seed"] * 1000 + number,
        )
        for number in task["numbers"]
    ]
    ready.wait()
    started_cpu = resource.getrusage(resource.RUSAGE_SELF)
    started = time.monotonic()
    deadline = started + task.get("seconds", 0)

    def body(client):
        try:
            if task["mode"] == "mix":
                client.run_mix(task["weights"], deadline, task["think"])
            else:
                client.run_churn(task["per_client"][client.number])
        except Exception as error:  # an answer this script cannot read; the run reports it
            client.errors.append(f"client {client.number} stopped: {error!r}")

    threads = [threading.Thread(target=body, args=(client,)) for client in clients]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    usage = resource.getrusage(resource.RUSAGE_SELF)
    latencies = {}
    for client in clients:
        for operation, values in client.latencies.items():
            latencies.setdefault(operation, []).extend(values)
    results.put(
        {
            "latencies": latencies,
            "errors": [error for client in clients for error in client.errors],
            "cpu_seconds": usage.ru_utime + usage.ru_stime - started_cpu.ru_utime - started_cpu.ru_stime,
            "wall_seconds": time.monotonic() - started,
        }
    )


def run_clients(mode, port, token, known_ids, clients, processes, seed, **task):
    """Runs `clients` clients spread over `processes` worker processes; what they measured, merged."""
    context = multiprocessing.get_context("spawn")
    ready = context.Barrier(processes + 1)
    results = context.Queue()
    workers = []
    for index in range(processes):
        numbers = list(range(index, clients, processes))
        work = {
            "mode": mode,
            "port": port,
            "token": token,
            "known_ids": known_ids,
            "numbers": numbers,
            "total_clients": clients,
            "seed": seed * 100 + index,
            **task,
        }
        workers.append(context.Process(target=worker, args=(work, ready, results), daemon=True))
    for process in workers:
        process.start()
    ready.wait(timeout=300)
    started = time.monotonic()
    collected = [results.get() for _ in workers]
    wall = time.monotonic() - started
    for process in workers:
        process.join()
    latencies = {}
    for result in collected:
        for operation, values in result["latencies"].items():
            latencies.setdefault(operation, []).extend(values)
    return {
        "latencies": latencies,
        "errors": [error for result in collected for error in result["errors"]],
        "wall_seconds": wall,
        "client_cpu": [result["cpu_seconds"] / result["wall_seconds"] for result in collected],
    }


# MARK: Figures


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


LOG_LINE = re.compile(r"(GET|POST|PUT|PATCH|DELETE) (\S+) (\d{3}) ([\d.]+)ms$")
UUID = r"[0-9a-fA-F-]{36}"


def operation_of(method, path, churn):
    """The client's name for a request the server logged."""
    if path == "/api/v1/wishes":
        return {"GET": "list", "POST": "churn-create" if churn else "create"}.get(method)
    if re.fullmatch(rf"/api/v1/wishes/{UUID}", path):
        return {"GET": "open", "PATCH": "edit", "DELETE": "churn-delete"}.get(method)
    if re.fullmatch(rf"/api/v1/wishes/{UUID}/favorite", path):
        return "favorite"
    return {
        ("GET", "/api/v1/search"): "search",
        ("POST", "/api/v1/photos"): "upload",
        ("POST", "/api/v1/journal"): "journal-create",
        ("GET", "/api/v1/journal"): "journal-list",
        ("GET", "/api/v1/spots"): "spots-search",
        ("GET", "/api/v1/spots/near"): "spots-near",
    }.get((method, path))


def server_figures(lines, churn):
    """Per operation, the server log's times; and every logged answer that is not a 2xx."""
    times, failures = {}, []
    for line in lines:
        match = LOG_LINE.match(line.strip())
        if not match or match.group(2).startswith("/soak-mark/"):
            continue
        method, path, status, milliseconds = match.groups()
        if not status.startswith("2"):
            failures.append(line.strip())
        times.setdefault(operation_of(method, path, churn) or f"{method} {path}", []).append(float(milliseconds))
    return times, failures


@dataclass
class Phase:
    name: str
    seconds: float
    client: dict
    server: dict
    process: dict
    database: tuple
    requests: int = 0
    notes: list = field(default_factory=list)


def run_phase(name, server, sampler, mode, arguments, token, known_ids, clients, **task):
    print(f"\n-- {name}: {clients} clients" + (f", {arguments.seconds:.0f} s" if mode == "mix" else ""), flush=True)
    server.mark(f"{name.replace(' ', '-')}-start")
    start = server.log_offset()
    sampler.begin()
    run = run_clients(mode, server.port, token, known_ids, clients, arguments.processes, arguments.seed, **task)
    process = sampler.end()
    server.mark(f"{name.replace(' ', '-')}-end")
    server_times, failures = server_figures(server.log_lines(start, server.log_offset()), churn=mode == "churn")
    phase = Phase(name, run["wall_seconds"], run["latencies"], server_times, process, server.database_bytes())
    phase.requests = sum(len(values) for values in run["latencies"].values())
    report_phase(phase, run)
    problems = run["errors"] + [f"server log: {line}" for line in failures]
    if problems:
        raise SoakFailure(f"{len(problems)} errors in {name}:\n  " + "\n  ".join(problems[:20]))
    return phase


def report_phase(phase, run):
    print(
        f"{phase.requests} requests in {phase.seconds:.1f} s ({phase.requests / phase.seconds:.0f}/s), "
        f"{len(run['errors'])} errors",
        flush=True,
    )
    print(f"  {'operation':<16}{'requests':>9}   {'client p50':>10} {'p99':>8}   {'server p50':>10} {'p99':>8}  (ms)")
    for operation in sorted(set(phase.client) | set(phase.server)):
        client, server = phase.client.get(operation, []), phase.server.get(operation, [])
        cells = lambda values: (
            f"{percentile(values, 0.5):>10.1f} {percentile(values, 0.99):>8.1f}" if values else f"{'-':>10} {'-':>8}"
        )
        print(f"  {operation:<16}{max(len(client), len(server)):>9}   {cells(client)}   {cells(server)}")
    process = phase.process
    print(
        f"server: peak RSS {process['peak_rss_kb'] / 1024:.0f} MB (anonymous {process['peak_anon_kb'] / 1024:.0f} MB), "
        f"{process['end_rss_kb'] / 1024:.0f} MB at the end; open files peak {process['peak_fds']}, "
        f"{process['end_fds']} at the end; {process['cpu_seconds'] / phase.seconds:.2f} cores busy"
    )
    busiest = max(run["client_cpu"])
    print(
        f"clients: {len(run['client_cpu'])} processes, {sum(run['client_cpu']):.2f} cores busy in all, "
        f"the busiest {busiest * 100:.0f} % of one core"
        + (
            " — a client process near 100 % is the limit, not the server"
            if busiest > 0.9
            else " — no client process was near its limit of one core"
        )
    )
    print(f"database: {describe_bytes(phase.database)}", flush=True)


def describe_bytes(sizes):
    database, wal = sizes
    return f"{(database + wal) / 1e6:.1f} MB (file {database / 1e6:.1f} MB + WAL {wal / 1e6:.1f} MB)"


def compare(before, after, database_before, database_after):
    """Lines of the comparison, and the ones beyond a tolerance."""
    lines, beyond = [], []

    def check(label, was, now, limit, unit, ok):
        line = f"{label:<28}{was:>10.1f} -> {now:>10.1f} {unit:<3} (limit {limit:.1f})"
        lines.append(line + ("" if ok else "   BEYOND"))
        if not ok:
            beyond.append(line)

    rss_before, rss_after = before.process["peak_rss_kb"] / 1024, after.process["peak_rss_kb"] / 1024
    check("peak RSS", rss_before, rss_after, rss_before * RSS_GROWTH, "MB", rss_after <= rss_before * RSS_GROWTH)
    fds_before, fds_after = before.process["peak_fds"], after.process["peak_fds"]
    check("peak open files", fds_before, fds_after, fds_before + FD_GROWTH, "", fds_after <= fds_before + FD_GROWTH)
    size_before, size_after = sum(database_before) / 1e6, sum(database_after) / 1e6
    check(
        "database + WAL",
        size_before,
        size_after,
        size_before * DATABASE_GROWTH,
        "MB",
        size_after <= size_before * DATABASE_GROWTH,
    )
    for operation in sorted(before.server):
        was, now = before.server[operation], after.server.get(operation, [])
        if len(was) < LATENCY_MIN_SAMPLES or len(now) < LATENCY_MIN_SAMPLES:
            continue
        p99_before, p99_after = percentile(was, 0.99), percentile(now, 0.99)
        limit = p99_before * LATENCY_GROWTH + LATENCY_SLACK_MS
        check(f"p99 {operation} (server)", p99_before, p99_after, limit, "ms", p99_after <= limit)
    return lines, beyond


# The kinds of request whose CPU cost is measured alone, and the clients that ask for them at once:
# enough to keep both cores busy, few enough that the clients' own Python does not starve the server.
KINDS = ("list", "open", "search", "create", "upload")
KIND_CLIENTS = 8


def run_alone(kind, port, arguments, token, known_ids):
    """`KIND_CLIENTS` clients asking for `kind` only, without pauses, for `--kind-seconds`."""
    return run_clients(
        "mix",
        port,
        token,
        known_ids,
        KIND_CLIENTS,
        arguments.processes,
        arguments.seed,
        seconds=arguments.kind_seconds,
        weights={kind: 1},
        think=0,
    )


def cpu_per_kind(server, sampler, arguments, token, known_ids):
    """Each kind of request alone: {kind: (requests, server CPU µs per request, p50 ms, p99 ms)}."""
    figures = {}
    for kind in arguments.kinds:
        server.mark(f"kind-{kind}-start")
        sampler.begin()
        run = run_alone(kind, server.port, arguments, token, known_ids)
        process = sampler.end()
        if run["errors"]:
            raise SoakFailure(
                f"{len(run['errors'])} errors in the {kind} requests:\n  " + "\n  ".join(run["errors"][:20])
            )
        values = run["latencies"].get(kind, [])
        if values:
            figures[kind] = (
                len(values),
                process["cpu_seconds"] * 1e6 / len(values),
                percentile(values, 0.5),
                percentile(values, 0.99),
            )
    print(f"\n-- each kind alone: {KIND_CLIENTS} clients without pauses, {arguments.kind_seconds:.0f} s each")
    print(f"  {'kind':<10}{'requests':>9}  {'server CPU µs/request':>22}  {'client p50':>10} {'p99':>8}  (ms)")
    for kind, (count, cpu, p50, p99) in figures.items():
        print(f"  {kind:<10}{count:>9}  {cpu:>22.0f}  {p50:>10.1f} {p99:>8.1f}")
    return figures


def nginx_list_beside(arguments, token, known_ids, server):
    """The list kind's clients served by nginx instead, every answer the bytes of the list's first
    page (its cursor leads back to it): what the same requests cost a server that only sends a file,
    in µs of CPU per request. None without nginx."""
    if not shutil.which("nginx"):
        print("nginx is not installed: the list is not compared with it")
        return None
    # A folder of its own, which nginx's workers (another user when run as root) may enter: the
    # soak's scratch folder is private.
    folder = Path(tempfile.mkdtemp(prefix="wishlist-soak-nginx-"))
    os.chmod(folder, 0o755)
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=REQUEST_TIMEOUT)
    connection.request("GET", "/api/v1/wishes?limit=50", headers={"Authorization": f"Bearer {token}"})
    (folder / "list.json").write_bytes(connection.getresponse().read())
    connection.close()
    port = free_port()
    temporary = " ".join(f"{kind}_temp_path {folder};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    (folder / "nginx.conf").write_text(
        f"daemon off; worker_processes auto; pid {folder}/nginx.pid; error_log {folder}/error.log;\n"
        f"events {{ worker_connections 1024; }}\n"
        f"http {{ access_log off; {temporary} default_type application/json;\n"
        f"  server {{ listen 127.0.0.1:{port}; root {folder}; location / {{ try_files /list.json =404; }} }} }}\n"
    )
    os.chmod(folder / "list.json", 0o644)
    nginx = subprocess.Popen(["nginx", "-c", str(folder / "nginx.conf")], stdin=subprocess.DEVNULL)
    try:
        wait_until_answering(nginx, port, "/", 30, "nginx", f"{folder}/error.log")
        workers = processes.children(nginx.pid)
        before = sum(processes.cpu_seconds(pid) for pid in workers)
        run = run_alone("list", port, arguments, token, known_ids)
        cpu = sum(processes.cpu_seconds(pid) for pid in workers) - before
        values = run["latencies"].get("list", [])
        if run["errors"] or not values:
            raise SoakFailure("nginx's list: " + "; ".join(run["errors"][:5]))
        figure = cpu * 1e6 / len(values)
        print(
            f"  {'nginx list':<10}{len(values):>9}  {figure:>22.0f}  {percentile(values, 0.5):>10.1f} "
            f"{percentile(values, 0.99):>8.1f}  (the same clients; every answer the first page, from a file)"
        )
        return figure
    finally:
        nginx.terminate()
        nginx.wait(timeout=30)
        shutil.rmtree(folder, ignore_errors=True)


def describe_kinds(figures, nginx=None):
    """One line: each kind's server CPU per request, and nginx's for the list when measured."""
    line = ", ".join(f"{kind} {cpu:.0f}" for kind, (_, cpu, _, _) in figures.items())
    return line + (f" (nginx sending the list's bytes: {nginx:.0f})" if nginx is not None else "")


# MARK: The run


def warm_up(server, arguments, token, known_ids, weights):
    """The mix for a few seconds, unmeasured: mix 1 should not pay for the caches filling alone."""
    run = run_clients(
        "mix",
        server.port,
        token,
        known_ids,
        arguments.clients,
        arguments.processes,
        arguments.seed,
        seconds=arguments.warm_up,
        weights=weights,
        think=arguments.think,
    )
    requests = sum(len(values) for values in run["latencies"].values())
    print(f"\n-- warm-up: {requests} requests in {run['wall_seconds']:.0f} s, {len(run['errors'])} errors", flush=True)
    if run["errors"]:
        raise SoakFailure(f"{len(run['errors'])} errors while warming up:\n  " + "\n  ".join(run["errors"][:20]))


def generate(bench_binary, data, count):
    started = time.monotonic()
    token = (
        subprocess.run(
            [bench_binary, "generate", str(data), str(count)],
            check=True,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        .stdout.decode()
        .strip()
    )
    print(f"generated {count} wishes in {time.monotonic() - started:.0f} s", flush=True)
    return token


def known_wishes(server, token, pages):
    """Ids of the newest `pages` x 100 wishes, which the clients open and star."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=REQUEST_TIMEOUT)
    ids, cursor = [], None
    for _ in range(pages):
        connection.request(
            "GET",
            "/api/v1/wishes?limit=100" + (f"&cursor={cursor}" if cursor else ""),
            headers={"Authorization": f"Bearer {token}"},
        )
        page = json.loads(connection.getresponse().read())
        ids += [wish["id"] for wish in page["items"]]
        cursor = page["nextCursor"]
        if not cursor:
            break
    return ids


def has_spots(server, token):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=REQUEST_TIMEOUT)
    connection.request("GET", "/api/v1/spots/titles?limit=1", headers={"Authorization": f"Bearer {token}"})
    response = connection.getresponse()
    return response.status == 200 and bool(json.loads(response.read())["items"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wishes", type=int, default=100_000, help="wishes generated first (100,000)")
    parser.add_argument("--clients", type=int, default=200, help="concurrent clients in each mix (200)")
    parser.add_argument("--seconds", type=float, default=60, help="length of each mix (60)")
    parser.add_argument(
        "--warm-up",
        type=float,
        default=10,
        help="seconds of the mix before mix 1, not measured, so both mixes meet warm caches (10)",
    )
    parser.add_argument(
        "--think",
        type=float,
        default=THINK_SECONDS,
        help=f"mean pause of a mix client between requests, seconds ({THINK_SECONDS})",
    )
    parser.add_argument(
        "--churn", type=int, default=100_000, help="wishes created and deleted between the mixes (100,000)"
    )
    parser.add_argument("--churn-clients", type=int, default=32, help="concurrent clients of the churn (32)")
    parser.add_argument(
        "--processes",
        type=int,
        default=max(2, min(8, os.cpu_count() or 2)),
        help="client worker processes (one per core, 2 to 8)",
    )
    parser.add_argument("--seed", type=int, default=None, help="the random seed (printed; for repeating a run)")
    parser.add_argument(
        "--kind-seconds", type=float, default=10, help="length of each kind's run alone, for its CPU per request (10)"
    )
    parser.add_argument(
        "--kinds-only", action="store_true", help="measure only each kind's CPU per request: no mixes, no churn"
    )
    parser.add_argument(
        "--kinds",
        type=lambda text: text.split(","),
        default=list(KINDS),
        help=f"the kinds measured alone, comma-separated ({','.join(KINDS)})",
    )
    parser.add_argument(
        "--without",
        type=lambda text: text.split(","),
        default=[],
        help=f"operations left out of the mixes, comma-separated, to see what they cost the others ({','.join(MIX)})",
    )
    arguments = parser.parse_args()
    if unknown := set(arguments.kinds) - set(KINDS):
        parser.error(f"--kinds: no kind {', '.join(sorted(unknown))}; the kinds are {', '.join(KINDS)}")
    if unknown := set(arguments.without) - set(MIX):
        parser.error(f"--without: no operation {', '.join(sorted(unknown))}; the mix's are {', '.join(MIX)}")
    if not set(MIX) - set(arguments.without):
        parser.error("--without: the mixes need at least one operation")
    binary, bench_binary = os.environ.get("WISHLIST_BIN"), os.environ.get("WISHLIST_BENCH_BIN")
    if not binary or not bench_binary:
        sys.exit("set WISHLIST_BIN and WISHLIST_BENCH_BIN to release builds of wishlist and wishlist-bench")
    arguments.seed = arguments.seed if arguments.seed is not None else random.randrange(1 << 31)
    print(
        f"soak: {arguments.wishes} wishes, {arguments.clients} clients x {arguments.seconds:.0f} s "
        f"(pausing {arguments.think} s on average), churn "
        f"{arguments.churn} by {arguments.churn_clients}, {arguments.processes} client processes, seed {arguments.seed}; "
        f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}",
        flush=True,
    )

    scratch = Path(tempfile.mkdtemp(prefix="wishlist-soak-"))
    server = Server(binary, scratch / "data", scratch / "server.log")
    sampler = None
    passed = False
    try:
        token = generate(bench_binary, server.data, arguments.wishes)
        generated = server.database_bytes()
        server.start()
        sampler = ProcessSampler(server.process.pid)
        sampler.start()
        known_ids = known_wishes(server, token, pages=20)
        weights = {name: weight for name, weight in MIX.items() if name not in arguments.without}
        if arguments.without:
            print(f"the mixes leave out {', '.join(arguments.without)}")
        if not has_spots(server, token):
            print("the server has no K-culture spots: the mix leaves them out")
            weights = {name: weight for name, weight in weights.items() if not name.startswith("spots")}
        if not weights:
            raise SoakFailure("--without left the mixes no operation")
        at_start = server.database_bytes()
        print(f"database as generated: {describe_bytes(generated)}; with the server up: {describe_bytes(at_start)}")

        if arguments.kinds_only:
            warm_up(server, arguments, token, known_ids, weights)
            figures = cpu_per_kind(server, sampler, arguments, token, known_ids)
            nginx = nginx_list_beside(arguments, token, known_ids, server) if "list" in figures else None
            print(f"\nserver CPU µs per request: {describe_kinds(figures, nginx)}", flush=True)
            passed = True
            return  # the `finally` below stops the server and removes the scratch folder
        warm_up(server, arguments, token, known_ids, weights)
        first = run_phase(
            "mix 1",
            server,
            sampler,
            "mix",
            arguments,
            token,
            known_ids,
            arguments.clients,
            seconds=arguments.seconds,
            weights=weights,
            think=arguments.think,
        )
        per_client = {
            number: arguments.churn // arguments.churn_clients + (number < arguments.churn % arguments.churn_clients)
            for number in range(arguments.churn_clients)
        }
        churn = run_phase(
            "churn",
            server,
            sampler,
            "churn",
            arguments,
            token,
            known_ids,
            arguments.churn_clients,
            per_client=per_client,
        )
        second = run_phase(
            "mix 2",
            server,
            sampler,
            "mix",
            arguments,
            token,
            known_ids,
            arguments.clients,
            seconds=arguments.seconds,
            weights=weights,
            think=arguments.think,
        )
        kinds = cpu_per_kind(server, sampler, arguments, token, known_ids)
        nginx = nginx_list_beside(arguments, token, known_ids, server) if "list" in kinds else None
        sampler.stop()
        server.stop()
        closed = server.database_bytes()
        print(
            f"\ndatabase after the server stopped (its closing checkpoint truncates the WAL): {describe_bytes(closed)}"
        )

        lines, beyond = compare(first, second, first.database, churn.database)
        summary = [
            f"make soak ({time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {os.cpu_count()} cores, "
            f"load average {os.getloadavg()[0]:.1f}, seed {arguments.seed}):",
            f"{arguments.wishes} wishes; {arguments.clients} clients x {arguments.seconds:.0f} s, "
            f"{arguments.processes} client processes; churn {arguments.churn} creates + deletes by {arguments.churn_clients} clients",
        ]
        for phase in (first, churn, second):
            summary.append(
                f"{phase.name}: {phase.requests} requests, 0 errors, {phase.requests / phase.seconds:.0f}/s; "
                f"peak RSS {phase.process['peak_rss_kb'] / 1024:.0f} MB, peak open files {phase.process['peak_fds']}; "
                f"database {describe_bytes(phase.database)}"
            )
        for phase in (first, second):
            summary.append(
                f"{phase.name} p50/p99 ms (server log): "
                + ", ".join(
                    f"{operation} {percentile(values, 0.5):.1f}/{percentile(values, 0.99):.1f}"
                    for operation, values in sorted(phase.server.items())
                )
            )
        summary.append(
            f"server CPU µs per request, each kind alone ({KIND_CLIENTS} clients, no pauses): {describe_kinds(kinds, nginx)}"
        )
        summary.append(
            f"database as generated {describe_bytes(generated)}; after the run and the closing checkpoint "
            f"{describe_bytes(closed)}"
        )
        summary.append("mix 2 against mix 1 (database: after the churn against after mix 1):")
        summary += ["  " + line for line in lines]
        summary.append("result: " + ("PASSED" if not beyond else f"FAILED, {len(beyond)} beyond tolerance"))
        print("\n==== summary ====\n" + "\n".join(summary) + "\n=================", flush=True)
        passed = not beyond
    except (SoakFailure, OSError, http.client.HTTPException) as failure:
        print(f"soak: FAILED (seed {arguments.seed}): {failure}\nserver log and data: {scratch}", file=sys.stderr)
    finally:
        if sampler:
            sampler.stop()
        server.stop()
        if passed:
            shutil.rmtree(scratch, ignore_errors=True)
        else:
            print(f"server log and data kept in {scratch}", file=sys.stderr)
    sys.exit(0 if passed else 1)


if __name__ == "__main__":
    main()
