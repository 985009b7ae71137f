#!/usr/bin/env bash
# A real streaming replica (hot standby) of the PostgreSQL 15 cluster on 127.0.0.1:5432, for the read-replica test
# (server/test/read-replica.test.ts, docs/operations.md "Read replica").
#
#   .ci/replica.sh start   copies the cluster with pg_basebackup, starts the copy as a hot standby on
#                          REPLICA_PORT (5433), waits until it answers read-only queries, prints its URL
#                          (postgres://<you>@127.0.0.1:5433/postgres) as the last line of stdout
#   .ci/replica.sh stop    stops it and removes its folder (REPLICA_DIR, /tmp/lims-replica-5433)
#
# Idempotent: `start` on a running replica prints its URL again; `stop` with none running does nothing. Needs root
# (it adds `host replication all 127.0.0.1/32 trust` to the cluster's pg_hba.conf if missing, reloads the
# cluster, and runs pg_basebackup and pg_ctl as the postgres OS user). The line stays in pg_hba.conf after stop: it
# lets a local replication client in (the cluster already trusts every local connection).
# The copy is the whole cluster (every database on it): its cost grows with the cluster; the script prints the
# cluster's size and each step's seconds (figures in docs/operations.md "Read replica").
#
#   REPLICA_PRIMARY=own .ci/replica.sh start
#                          the same, but of a throw-away primary cluster of its own (initdb in REPLICA_DIR/primary,
#                          on OWN_PRIMARY_PORT, 5434) instead of the cluster on 5432: pg_basebackup then copies an
#                          empty cluster (about 40 MB) whatever else 5432 holds (a 0.9 GB benchmark database made the
#                          copy 103 s of a CI run), and 5432's pg_hba.conf is left alone. Prints the primary's URL
#                          (postgres://<you>@127.0.0.1:5434/test), then the replica's as the last line; `stop` stops
#                          and removes both. .ci/run uses this.
set -euo pipefail

PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}
PRIMARY_HOST=127.0.0.1
OWN=
if [ "${REPLICA_PRIMARY:-}" = own ]; then OWN=yes; fi
PORT=${REPLICA_PORT:-5433}
DIR=${REPLICA_DIR:-/tmp/lims-replica-$PORT}
DATA=$DIR/data
OWN_DATA=$DIR/primary
if [ -n "$OWN" ]; then
  PRIMARY_PORT=${OWN_PRIMARY_PORT:-5434}
  HBA=$OWN_DATA/pg_hba.conf
else
  PRIMARY_PORT=${PRIMARY_PORT:-5432}
  HBA=${REPLICA_PG_HBA:-/etc/postgresql/15/main/pg_hba.conf}
fi
ME=$(whoami)
URL="postgres://$ME@127.0.0.1:$PORT/postgres"
PRIMARY_URL="postgres://$ME@127.0.0.1:$PRIMARY_PORT/test"

say() { echo "replica: $*" >&2; }
as_postgres() { runuser -u postgres -- "$@"; }
answers() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
primary() { "$PGBIN/psql" -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -d postgres -XAtqc "$1"; }
replica() { "$PGBIN/psql" -h 127.0.0.1 -p "$PORT" -d postgres -XAtqc "$1"; }
running() { [ -f "$DATA/postmaster.pid" ] && as_postgres "$PGBIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1; }
own_running() { [ -f "$OWN_DATA/postmaster.pid" ] && as_postgres "$PGBIN/pg_ctl" -D "$OWN_DATA" status >/dev/null 2>&1; }

stop() {
  if running; then
    as_postgres "$PGBIN/pg_ctl" -D "$DATA" -m fast -w stop >/dev/null
    say "stopped the replica on port $PORT"
  fi
  if own_running; then
    as_postgres "$PGBIN/pg_ctl" -D "$OWN_DATA" -m immediate -w stop >/dev/null
    say "stopped the throw-away primary on port $PRIMARY_PORT"
  fi
  rm -rf "$DIR"
}

# REPLICA_PRIMARY=own: an empty cluster of the test cluster's PostgreSQL and locale (C.UTF-8), trusting local
# connections (replication included) as the test cluster does, with the caller's role as a superuser and a database
# 'test' for the API's test databases. Nothing in it must survive a crash of the machine: fsync off.
own_primary() {
  local t=$SECONDS
  if answers "$PRIMARY_PORT"; then
    say "port $PRIMARY_PORT is in use by another server: set OWN_PRIMARY_PORT to a free port"
    exit 1
  fi
  as_postgres "$PGBIN/initdb" -D "$OWN_DATA" -U postgres -A trust -E UTF8 --locale=C.UTF-8 --no-sync \
    >"$DIR/initdb.log" 2>&1 || { cat "$DIR/initdb.log" >&2; say "initdb failed"; exit 1; }
  as_postgres tee -a "$OWN_DATA/postgresql.conf" >/dev/null <<EOF
listen_addresses = '127.0.0.1'
port = $PRIMARY_PORT
unix_socket_directories = '$DIR'
fsync = off
synchronous_commit = off
full_page_writes = off
logging_collector = off
EOF
  printf 'local all all trust\nhost all all 127.0.0.1/32 trust\nhost replication all 127.0.0.1/32 trust\n' |
    as_postgres tee "$HBA" >/dev/null
  as_postgres "$PGBIN/pg_ctl" -D "$OWN_DATA" -l "$DIR/primary.log" -w -t 60 start >/dev/null
  if [ "$ME" != postgres ]; then
    as_postgres "$PGBIN/psql" -h "$DIR" -p "$PRIMARY_PORT" -U postgres -d postgres -XAtqc "create role \"$ME\" superuser login"
  fi
  primary 'create database test' >/dev/null
  say "throw-away primary on port $PRIMARY_PORT: initdb and start in $((SECONDS - t)) s"
}

start() {
  local t0=$SECONDS t
  if running && [ "$(replica 'select pg_is_in_recovery()' 2>/dev/null)" = t ]; then
    say "already running on port $PORT ($DATA)"
    if [ -n "$OWN" ]; then echo "$PRIMARY_URL"; fi
    echo "$URL"
    return
  fi
  # A folder left by a killed run (no server answering from it) is removed; a port someone else holds is refused.
  stop
  if answers "$PORT"; then
    say "port $PORT is in use by another server: set REPLICA_PORT to a free port"
    exit 1
  fi
  [ "$(id -u)" = 0 ] || { say "needs root (pg_hba.conf, runuser postgres)"; exit 1; }
  if [ -n "$OWN" ]; then
    mkdir -p "$DIR"
    chown postgres: "$DIR"
    chmod 700 "$DIR"
    own_primary
  fi

  # The primary must let a replication connection in: `host all all` does not match the replication pseudo-database.
  if ! grep -Eq '^[[:space:]]*host[[:space:]]+replication[[:space:]]+all[[:space:]]+127\.0\.0\.1/32[[:space:]]+trust' "$HBA"; then
    echo 'host replication all 127.0.0.1/32 trust' >>"$HBA"
    primary 'select pg_reload_conf()' >/dev/null
    say "added 'host replication all 127.0.0.1/32 trust' to $HBA and reloaded the cluster"
  fi
  say "primary cluster: $(primary "select pg_size_pretty(sum(pg_database_size(datname))) || ' in ' || count(*) || ' databases' from pg_database")"

  mkdir -p "$DIR"
  chown postgres: "$DIR"
  chmod 700 "$DIR"
  # -c fast: an immediate checkpoint (the default spread one can take minutes); -X stream: the WAL written meanwhile
  # comes over a second connection; -R: standby.signal and primary_conninfo, so the copy starts as a standby;
  # --no-sync: a throw-away copy need not reach the disk (with fsync off below, neither does its start: otherwise it
  # fsyncs every file of the copy first, 30 s of a 74 s start on the busy CI machine).
  # The reload above is a signal: the new pg_hba line may take a moment to apply, hence the retries.
  t=$SECONDS
  local tries=0
  until as_postgres "$PGBIN/pg_basebackup" -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -U postgres -D "$DATA" -R -X stream -c fast --no-sync 2>"$DIR/basebackup.log"; do
    tries=$((tries + 1))
    if [ $tries -ge 10 ]; then
      cat "$DIR/basebackup.log" >&2
      say "pg_basebackup failed"
      exit 1
    fi
    rm -rf "$DATA"
    sleep 0.5
  done
  say "pg_basebackup: $((SECONDS - t)) s ($(du -sh "$DATA" | cut -f1) copied)"

  # Debian keeps postgresql.conf and pg_hba.conf in /etc, outside the data folder, so the copy has none: write them.
  # A hot standby needs these at least as high as the primary's, or it refuses to start.
  local same
  same=$(primary "select string_agg(name || ' = ' || setting, E'\n') from pg_settings where name in
    ('max_connections', 'max_worker_processes', 'max_wal_senders', 'max_prepared_transactions', 'max_locks_per_transaction')")
  as_postgres tee "$DATA/postgresql.conf" >/dev/null <<EOF
listen_addresses = '127.0.0.1'
port = $PORT
unix_socket_directories = '$DIR'
hot_standby = on
# The standby tells the primary which rows its queries still read, so a long report is not cancelled when the
# primary's vacuum removes them (docs/operations.md "Read replica").
hot_standby_feedback = on
shared_buffers = 32MB
# A throw-away test replica: nothing it holds must survive a crash of the machine. Never for a real replica.
fsync = off
logging_collector = off
$same
EOF
  printf 'local all all trust\nhost all all 127.0.0.1/32 trust\n' | as_postgres tee "$DATA/pg_hba.conf" >/dev/null
  as_postgres touch "$DATA/pg_ident.conf"

  t=$SECONDS
  as_postgres "$PGBIN/pg_ctl" -D "$DATA" -l "$DIR/server.log" -w -t 60 start >/dev/null
  local waited=0
  until [ "$(replica 'select pg_is_in_recovery()' 2>/dev/null)" = t ]; do
    waited=$((waited + 1))
    if [ $waited -ge 120 ]; then
      cat "$DIR/server.log" >&2
      say "the replica did not accept connections within 60 s"
      exit 1
    fi
    sleep 0.5
  done
  say "started as a hot standby on port $PORT in $((SECONDS - t)) s; streaming: $(primary "select count(*) from pg_stat_replication where state = 'streaming'") sender(s)"
  say "ready in $((SECONDS - t0)) s"
  if [ -n "$OWN" ]; then echo "$PRIMARY_URL"; fi
  echo "$URL"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  url) running && echo "$URL" ;;
  *)
    echo "usage: $0 start|stop|url" >&2
    exit 2
    ;;
esac
