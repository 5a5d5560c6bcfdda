#!/usr/bin/env bash
# Installs what the ClickHouse tests and benchmark need, from Debian's packages: the ClickHouse server
# and client, ZooKeeper's jars (the coordination service `ON CLUSTER` DDL needs) and a Java runtime to
# run them. Idempotent and quiet: does nothing when everything is already there. Needs root (or sudo).
set -euo pipefail
# shellcheck source=scripts/apt-install.sh
source "$(dirname "$0")/apt-install.sh"

missing=()
command -v clickhouse-server >/dev/null 2>&1 || missing+=(clickhouse-server)
command -v clickhouse-client >/dev/null 2>&1 || missing+=(clickhouse-client)
[ -f /usr/share/java/zookeeper.jar ] || missing+=(libzookeeper-java)
command -v java >/dev/null 2>&1 || missing+=(default-jre-headless)
if [ "${#missing[@]}" -eq 0 ]; then
  exit 0
fi

apt_install "${missing[@]}"
# The package's init scripts may start a system-wide server; the tests run their own on free ports.
if command -v service >/dev/null 2>&1; then
  as_root service clickhouse-server stop >/dev/null 2>&1 || true
fi
