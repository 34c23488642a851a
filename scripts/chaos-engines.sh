#!/bin/sh
# Installs what the chaos bed runs besides Node: PostgreSQL 15, Patroni, etcd, HAProxy and Prometheus,
# and nginx for tests/chaos/nginx-smoke.ts,
# from Debian's packages (Debian 12: postgresql-15 15.x, patroni 3.0, etcd 3.4, haproxy 2.6, nginx 1.22), and only
# those that are missing, so on a prepared machine it changes nothing. Prints the versions found.
# Needs root (or sudo) only when something is missing.
set -eu

missing=""
need() { # need <package> <test command...>: queue the package when the test fails
  package=$1
  shift
  if ! "$@" >/dev/null 2>&1; then missing="$missing $package"; fi
}
need haproxy command -v haproxy
need patroni command -v patroni
need etcd-server command -v etcd
need etcd-client command -v etcdctl
need prometheus command -v prometheus
need nginx test -x /usr/sbin/nginx
# Debian installs server binaries outside PATH, in the versioned directory patroni.yml's bin_dir names.
need postgresql-15 test -x /usr/lib/postgresql/15/bin/postgres

if [ -n "$missing" ]; then
  echo "Installing:$missing"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update
  # shellcheck disable=SC2086 # one word per package
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $missing
  # The packages start their own services (a PostgreSQL "main" cluster, etcd on 2379, nginx on 80); the
  # bed runs its own processes on free ports, so those may be stopped: systemctl disable --now postgresql etcd nginx.
else
  echo "All chaos engines are installed."
fi

echo "haproxy:    $(haproxy -v | head -n 1)"
echo "patroni:    $(patroni --version)"
echo "etcd:       $(etcd --version | head -n 1)"
echo "etcdctl:    $(etcdctl version | head -n 1)"
echo "prometheus: $(prometheus --version 2>&1 | head -n 1)"
echo "nginx:      $(/usr/sbin/nginx -v 2>&1)"
echo "postgresql: $(/usr/lib/postgresql/15/bin/postgres --version)"
