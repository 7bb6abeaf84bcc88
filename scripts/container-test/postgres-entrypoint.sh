#!/bin/sh
# First start: a cluster in $PGDATA with $POSTGRES_USER (password $POSTGRES_PASSWORD) owning
# $POSTGRES_DB, reachable over the network with a password; then the server in the foreground.
set -eu
bin=/usr/lib/postgresql/bin
user=${POSTGRES_USER:-postgres}
db=${POSTGRES_DB:-$user}
mkdir -p "$PGDATA" /var/run/postgresql
chown postgres:postgres "$PGDATA" /var/run/postgresql
chmod 700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  pwfile=$(mktemp)
  printf '%s' "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}" >"$pwfile"
  chown postgres "$pwfile"
  runuser -u postgres -- "$bin/initdb" -D "$PGDATA" -U "$user" --pwfile="$pwfile" \
    --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  if [ "$db" != postgres ]; then
    runuser -u postgres -- "$bin/pg_ctl" -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
    runuser -u postgres -- psql -U "$user" -d postgres -c "CREATE DATABASE \"$db\"" >/dev/null
    runuser -u postgres -- "$bin/pg_ctl" -D "$PGDATA" -m fast -w stop >/dev/null
  fi
fi
if [ "${1:-postgres}" = postgres ]; then
  [ $# -gt 0 ] && shift
  exec runuser -u postgres -- "$bin/postgres" -D "$PGDATA" -c listen_addresses='*' "$@"
fi
exec "$@"
