#!/usr/bin/env bash
# What the tests need beside Node and the workspace, brought from Debian's packages:
#   - PostgreSQL on 127.0.0.1:5432 with trust auth and a database `test` (the server's tests run
#     on it as well as on SQLite; skipped when DATABASE_URL names another server);
#   - Debian's chromium (Playwright and Lighthouse never download a browser here);
#   - a CJK font, so Chinese pages lay out in the browser tests as they do for users;
#   - Debian's v2ray (the node feed's tunnel test runs a real one on loopback);
#   - Debian's haproxy (the three-server test puts it in front of three servers);
#   - Debian's faketime (a browser journey runs the scheduled jobs as they would run minutes
#     later, to see a webhook retried after its back-off).
# As root it installs what is missing and starts PostgreSQL when it is down; otherwise it names
# the one command that does. `tooling/scripts/run test` runs it first; run it alone as
# `sudo tooling/scripts/test-needs.sh`. Quiet when everything is there.
set -euo pipefail

say() { echo "» $*" >&2; }
is_root() { [ "$(id -u)" = 0 ]; }
pg_up() { pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; }
pg_cluster() { ls /etc/postgresql 2>/dev/null | sort -V | tail -n1; }

packages=()
problems=()
own_postgres=1
[ -n "${DATABASE_URL:-}" ] && own_postgres=0

if [ "$own_postgres" = 1 ] && ! pg_up; then
  if ! command -v pg_ctlcluster >/dev/null 2>&1 || [ -z "$(pg_cluster)" ]; then
    packages+=(postgresql)
    problems+=("PostgreSQL is not installed")
  else
    problems+=("PostgreSQL is not running on 127.0.0.1:5432")
  fi
fi
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  packages+=(chromium)
  problems+=("Debian's chromium is missing")
fi
if ! fc-list :lang=zh 2>/dev/null | grep -q .; then
  packages+=(fonts-wqy-microhei)
  problems+=("no Chinese font is installed")
fi
if ! command -v v2ray >/dev/null 2>&1; then
  packages+=(v2ray)
  problems+=("Debian's v2ray is missing")
fi

if ! command -v haproxy >/dev/null 2>&1; then
  packages+=(haproxy)
  problems+=("Debian's haproxy is missing")
fi

if ! command -v faketime >/dev/null 2>&1; then
  packages+=(faketime)
  problems+=("Debian's faketime is missing")
fi

if [ "${#problems[@]}" -gt 0 ] && ! is_root; then
  joined="$(printf '%s; ' "${problems[@]}")"
  echo "The tests cannot run: ${joined%; }. Run once: sudo $0" >&2
  exit 1
fi

if [ "${#packages[@]}" -gt 0 ]; then
  say "installing from Debian's packages: ${packages[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null
fi

installed_now=0
[[ " ${packages[*]} " == *" postgresql "* ]] && installed_now=1
if [ "$own_postgres" = 1 ] && { [ "$installed_now" = 1 ] || ! pg_up; }; then
  cluster="$(pg_cluster)"
  if [ "$installed_now" = 1 ]; then
    # A fresh cluster asks for passwords on TCP; the tests connect as postgres without one,
    # on loopback only (it listens on localhost alone by default).
    hba="/etc/postgresql/$cluster/main/pg_hba.conf"
    rules="$(printf 'host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust\n'; cat "$hba")"
    printf '%s\n' "$rules" >"$hba" # in place: the file keeps its owner and mode
  fi
  say "starting PostgreSQL $cluster"
  # Started (or, when the package's install already started it, reloaded for pg_hba.conf).
  pg_ctlcluster --skip-systemctl-redirect "$cluster" main start >/dev/null 2>&1 ||
    pg_ctlcluster --skip-systemctl-redirect "$cluster" main reload >/dev/null 2>&1 || true
  for _ in $(seq 1 30); do pg_up && break; sleep 1; done
  if ! pg_up; then
    echo "PostgreSQL $cluster did not start: see /var/log/postgresql/postgresql-$cluster-main.log" >&2
    exit 1
  fi
fi

if [ "$own_postgres" = 1 ] && command -v psql >/dev/null 2>&1 &&
  ! psql -h 127.0.0.1 -U postgres -d test -qtAc 'select 1' >/dev/null 2>&1; then
  if is_root && psql -h 127.0.0.1 -U postgres -d postgres -qtAc 'select 1' >/dev/null 2>&1; then
    say "creating the database test"
    psql -h 127.0.0.1 -U postgres -d postgres -qc 'create database test' >/dev/null
  else
    echo "PostgreSQL on 127.0.0.1:5432 does not let user postgres into database test without a password: run the tests with DATABASE_URL=postgres://USER:PASSWORD@127.0.0.1:5432/DATABASE (a database they may fill)" >&2
    exit 1
  fi
fi
