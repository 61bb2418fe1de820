# Sourced by the benchmarks that need PostgreSQL (run.d/25-postgresql, bench/capacity): a throwaway
# PostgreSQL 15 cluster, as the tests make one (Tests/TestSupport/PostgresTestCluster.swift): initdb
# in a new folder, the server on a unix socket there and no TCP port. initdb and the server refuse
# root, so under root both run as Debian's postgres user. Unlike the tests' cluster it keeps
# PostgreSQL's durable defaults (fsync, synchronous commits, 128 MB of shared buffers), as SQLite
# here commits with `synchronous = FULL`. `--pdeathsig` stops it should the script die unasked.
#
# `postgres_start`: makes and starts the cluster with an empty database `wishlist`, and sets
#   POSTGRES_PID (the postmaster, whose children are the backends), POSTGRES_DIR (its folder and
#   socket) and POSTGRES_URL (the database's URL for --database).
# `postgres_sql SQL`: the statement's result in the database, unaligned.
# `postgres_stop [LOG]`: stops it at once (nothing in it is kept) and removes its folder, keeping its
#   log (its checkpoints, for a look afterwards) as LOG if given. Safe to call twice, or before a start.
POSTGRES_PROGRAMS=/usr/lib/postgresql/15/bin
POSTGRES_PID=
POSTGRES_DIR=

postgres_start() {
  local as_owner=() identity=()
  POSTGRES_DIR=$(mktemp -d /tmp/wishlist-bench-pg.XXXXXX) # short: a socket's path must fit in 107 bytes
  if [ "$(id -u)" = 0 ]; then
    chown postgres: "$POSTGRES_DIR"
    as_owner=(/usr/sbin/runuser -u postgres --)
    identity=(--reuid=postgres --regid=postgres --init-groups)
  fi
  "${as_owner[@]}" "$POSTGRES_PROGRAMS/initdb" -D "$POSTGRES_DIR/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 \
    --no-sync > "$POSTGRES_DIR/initdb.log"
  /usr/bin/setpriv "${identity[@]}" --pdeathsig QUIT -- "$POSTGRES_PROGRAMS/postgres" -D "$POSTGRES_DIR/data" \
    -k "$POSTGRES_DIR" -c listen_addresses= > "$POSTGRES_DIR/server.log" 2>&1 &
  POSTGRES_PID=$!
  for _ in $(seq 1 300); do "$POSTGRES_PROGRAMS/pg_isready" -q -h "$POSTGRES_DIR" -U postgres && break; sleep 0.1; done
  "$POSTGRES_PROGRAMS/createdb" -h "$POSTGRES_DIR" -U postgres wishlist
  POSTGRES_URL="postgresql://postgres@/wishlist?host=$POSTGRES_DIR"
}

postgres_sql() { "$POSTGRES_PROGRAMS/psql" -h "$POSTGRES_DIR" -U postgres -d wishlist -Atc "$1"; }

postgres_stop() {
  if [ -n "$POSTGRES_PID" ]; then
    kill -QUIT "$POSTGRES_PID" 2> /dev/null || true # an immediate shutdown
    wait "$POSTGRES_PID" 2> /dev/null || true
    POSTGRES_PID=
  fi
  if [ -n "$POSTGRES_DIR" ]; then
    if [ -n "${1:-}" ]; then cp "$POSTGRES_DIR/server.log" "$1" 2> /dev/null || true; fi
    rm -rf "$POSTGRES_DIR"
    POSTGRES_DIR=
  fi
}
