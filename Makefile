# The two commands a newcomer needs: `make run` and `make test` (see README.md).
# Each installs what it needs from Debian's packages first, so a fresh Debian 12 machine with
# the Swift toolchain is enough.

SWIFT ?= swift
DATA ?= ./data
LISTEN ?= 127.0.0.1:8080
VENV := .venv
PYTHON := $(VENV)/bin/python
# Python keeps its compiled modules, and pytest its rewritten test modules, under .build even where
# the environment says not to write them: each pytest process compiled the test suite anew,
# 2.3 CPU-s each, and `make test` starts several.
export PYTHONDONTWRITEBYTECODE :=
export PYTHONPYCACHEPREFIX := $(CURDIR)/.build/pycache

# Libraries the server links and serves. libpq-dev (libpq's header, and libpq5, about 1.5 MB with
# nothing the other libraries do not bring already) is for the PostgreSQL module, which loads libpq
# only when given a postgresql:// URL: no database server is needed. libcurl4-openssl-dev is libcurl's
# header for building and libcurl4, which Outbound loads at the first outbound request.
RUN_PACKAGES := pkg-config libsqlite3-dev libmicrohttpd-dev libsodium-dev libvips-dev libgeonames-dev libcurl4-openssl-dev libxml2-dev libarchive-dev libpq-dev \
	libjs-leaflet libjs-leaflet.markercluster
# What `make cluster` adds: PostgreSQL 15's server, of which it starts a cluster in CLUSTER_DATA, and
# haproxy in front of the three instances (scripts/run-cluster, deploy/haproxy.cfg).
CLUSTER_PACKAGES := $(RUN_PACKAGES) postgresql-15 haproxy curl
# What `make capacity` adds (bench/capacity): the load generator, PostgreSQL 15's server, of which it
# starts a throwaway cluster, and Python, which measures and prints the model.
CAPACITY_PACKAGES := $(RUN_PACKAGES) wrk postgresql-15 curl python3 util-linux
# What the tests add: a real browser (headless Chromium) and its driver, Python for the browser tests, CJK fonts
# so the browser's screenshots show Korean text rather than empty boxes, zsh and fish, whose
# completion scripts are tested in them, and PostgreSQL 15's server, of which the tests start a
# throwaway cluster (Tests/TestSupport/PostgresTestCluster.swift), and haproxy, which the e2e
# tests' cluster engine puts in front of three servers (e2e/haproxy_cluster.py).
TEST_PACKAGES := $(RUN_PACKAGES) chromium-headless-shell chromium-driver fonts-noto-cjk libzbar0 python3 python3-venv sqlite3 zsh fish postgresql-15 haproxy
# What the benchmarks add: a load generator, nginx to compare with, the sqlite3 shell, vipsthumbnail,
# xmllint to compare the link-preview parser with, Python, which reads the API's JSON in bench/run.d,
# Chromium with its driver, in which the outbox's drain is timed and the share page is loaded on a
# throttled connection (run.d/80-share-page), with the tests' Python environment, and PostgreSQL 15's
# server, of which run.d/25-postgresql starts a throwaway cluster to measure beside SQLite.
BENCH_PACKAGES := $(RUN_PACKAGES) wrk nginx sqlite3 procps curl libvips-tools libxml2-utils python3 python3-venv chromium chromium-driver postgresql-15

# Browser and API tests run on this many workers, each with its own headless Chromium. On two
# cores, with the machine otherwise idle: three took 326 s and four 378 s; five keep
# the cores 95 % busy.
E2E_WORKERS ?= 3

# The tests' temporary files (data folders, databases, PostgreSQL's test clusters) in memory where
# there is room: on these machines' disk, whose every flush and freed block goes to the host, the
# server's Swift tests took 54 s instead of 36-43 s.
TEST_TMPDIR := $(shell test -w /dev/shm && echo /dev/shm || echo $${TMPDIR:-/tmp})
swift-test swift-test-postgres crash-safety apple-client e2e e2e-alone: export TMPDIR := $(TEST_TMPDIR)
# Each phase in a folder of its own there, removed when it ends (scripts/with-scratch-tmpdir).
SCRATCH := scripts/with-scratch-tmpdir

.PHONY: run cluster deps-cluster capacity deps-capacity test lint soak bench build build-release build-bench deps-run deps-test deps-bench swift-test swift-test-postgres apple-client crash-safety e2e e2e-alone clean check-standalone

run: deps-run build-release
	.build/release/wishlist serve --data $(DATA) --listen $(LISTEN)

# Three instances on one PostgreSQL database behind haproxy, all on loopback (docs/SCALING.md): the
# address to open is CLUSTER_PORT (8080), the instances the three after it; everything is kept in
# CLUSTER_DATA. One Ctrl-C stops it all.
CLUSTER_DATA ?= ./data-cluster
CLUSTER_PORT ?= 8080
cluster: deps-cluster build-release $(VENV)/.installed
	CLUSTER_DATA=$(CLUSTER_DATA) CLUSTER_PORT=$(CLUSTER_PORT) scripts/run-cluster

# Each phase is a target of its own; scripts/run-phases prints the time of each at the end.
test: deps-test $(VENV)/.installed
	scripts/run-phases lint build swift-test+swift-test-postgres+crash-safety+apple-client e2e e2e-alone

# Swift (swift format, in the toolchain, with .swift-format), the web app's JavaScript (biome, from
# PyPI: Debian's eslint 6 cannot read class fields) and the Python (ruff), each against its
# committed configuration; and that the repository stands alone (scripts/check-standalone).
lint: $(VENV)/.installed
	$(SWIFT) format lint --strict --recursive --parallel Package.swift Sources Tests \
		Examples/WishlistExample/Package.swift Examples/WishlistExample/Sources
	$(VENV)/bin/biome lint --error-on-warnings Sources/WishlistServer/Web
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	scripts/check-standalone

# The long runs: the server killed 20 times under four writers; then e2e/soak.py against the
# release build (about 20 minutes on a busy 2-core machine): 100,000 generated wishes, 200
# keep-alive clients for 60 s in a mix of every kind of request, 100,000 wishes created and deleted
# by 32 clients, the same 60 s again. It fails on any unexpected answer, and when the second 60 s
# show more than +25 % peak memory, +10 open files, +10 % database size or p99 x1.5 (+5 ms) of the
# first; it prints p50/p99 per operation (clients' and the server log's), peak memory and open
# files, each kind of request's server CPU alone (the list beside nginx sending the same bytes to
# the same clients), and a summary block.
soak: deps-test deps-bench build build-release build-bench $(VENV)/.installed
	WISHLIST_BIN=$(CURDIR)/.build/debug/wishlist $(PYTHON) e2e/crash_safety.py --kills 20
	WISHLIST_BIN=$(CURDIR)/.build/release/wishlist WISHLIST_BENCH_BIN=$(CURDIR)/.build/release/wishlist-bench \
		$(PYTHON) e2e/soak.py

bench: deps-bench build-release build-bench $(VENV)/.installed
	bench/run

# The CPU each kind of request costs the app and PostgreSQL, and the throughput of N instances on one
# database it predicts (docs/SCALING.md, "Capacity"); about 2 minutes.
capacity: deps-capacity build-release build-bench
	bench/capacity

build:
	$(SWIFT) build --build-tests

build-release:
	$(SWIFT) build -c release --static-swift-stdlib --product wishlist

# The data generator of bench/run and e2e/soak.py.
build-bench:
	$(SWIFT) build -c release --static-swift-stdlib --product wishlist-bench

# At most 16 tests at once: unbounded, all 800 start together, and a hundred and more test servers
# alive at once (a thousand threads, 3,000 descriptors on 2 cores) once left a request unanswered
# for the client's whole 60 s; 16 at once finish as soon. The test binary is run itself, as
# `swift test --skip-build` would run it (every test is a swift-testing one): SwiftPM keeps its lock
# on .build in TMPDIR, which is each phase's own here.
swift-test: build
	SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=16 \
		$(SCRATCH) .build/debug/WishlistPackageTests.xctest --testing-library swift-testing

# The server's API tests again, every server's database a new one of a throwaway PostgreSQL cluster
# (TestServer; the store's tests take both engines themselves).
swift-test-postgres: build
	WISHLIST_TEST_ENGINE=postgres SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=16 \
		$(SCRATCH) .build/debug/WishlistPackageTests.xctest --testing-library swift-testing --filter WishlistServerTests

# The Swift client as an iPhone or Mac app would use it: what can be checked of that on Linux,
# then the example app built against the library and run against a new server.
apple-client: build
	$(SCRATCH) scripts/check-apple-client
	WISHLIST_BIN=$(CURDIR)/.build/debug/wishlist $(SCRATCH) scripts/run-client-example

# A real server killed with SIGKILL 5 times under four writers; every acknowledged write is checked
# after each restart (e2e/crash_safety.py; `make soak` kills it 20 times).
crash-safety: build $(VENV)/.installed
	WISHLIST_BIN=$(CURDIR)/.build/debug/wishlist $(SCRATCH) $(PYTHON) e2e/crash_safety.py --kills 5

# Every browser, API and fuzz test but those bound by time, spread over E2E_WORKERS workers
# (pytest-xdist), the API and fuzz tests on each engine, SQLite, PostgreSQL and three servers behind
# haproxy (e2e/conftest.py), ending with the slowest, where time is to be won. The long tests come
# first (conftest.py); `--maxschedchunk 1` hands each worker two tests at a time, so they go two to a
# worker. xdist's usual first hand-out, a fifth of a worker's share each, gave one worker all six
# (292 s of the run's 318 s) while the others ran out of work.
e2e: build $(VENV)/.installed
	WISHLIST_BIN=$(CURDIR)/.build/debug/wishlist $(SCRATCH) $(PYTHON) -m pytest -q -n $(E2E_WORKERS) --maxschedchunk 1 -m "not timing" --durations=12 e2e

# The tests bound by time, alone: beside other tests they would measure those tests' load.
e2e-alone: build $(VENV)/.installed
	WISHLIST_BIN=$(CURDIR)/.build/debug/wishlist $(SCRATCH) $(PYTHON) -m pytest -q -m timing e2e

$(VENV)/.installed: e2e/requirements.txt scripts/requirements-lint.txt
	python3 -m venv $(VENV)
	$(PYTHON) -m pip install --quiet --disable-pip-version-check -r e2e/requirements.txt -r scripts/requirements-lint.txt
	touch $@

deps-run:
	scripts/install-debian-packages $(RUN_PACKAGES)

deps-cluster:
	scripts/install-debian-packages $(CLUSTER_PACKAGES)

deps-capacity:
	scripts/install-debian-packages $(CAPACITY_PACKAGES)

deps-test:
	scripts/install-debian-packages $(TEST_PACKAGES)

deps-bench:
	scripts/install-debian-packages $(BENCH_PACKAGES)

clean:
	rm -rf .build Examples/WishlistExample/.build $(VENV)

# A clone needs nothing beside it: no file points outside the repository, and every feature ID
# cited is defined in docs/FEATURES.md.
check-standalone:
	scripts/check-standalone
