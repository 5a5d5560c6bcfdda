#!/usr/bin/env bash
# Installs what the ClickHouse tests and benchmark need, from Debian's packages: the ClickHouse server
# and client, ZooKeeper's jars (the coordination service `ON CLUSTER` DDL needs) and a Java runtime to
# run them. Idempotent and quiet: does nothing when everything is already there. Needs root (or sudo).
set -euo pipefail

missing=()
command -v clickhouse-server >/dev/null 2>&1 || missing+=(clickhouse-server)
command -v clickhouse-client >/dev/null 2>&1 || missing+=(clickhouse-client)
[ -f /usr/share/java/zookeeper.jar ] || missing+=(libzookeeper-java)
command -v java >/dev/null 2>&1 || missing+=(default-jre-headless)
if [ "${#missing[@]}" -eq 0 ]; then
  exit 0
fi

sudo=()
if [ "$(id -u)" -ne 0 ]; then
  sudo=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq >/dev/null
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
# The package's init scripts may start a system-wide server; the tests run their own on free ports.
if command -v service >/dev/null 2>&1; then
  "${sudo[@]}" service clickhouse-server stop >/dev/null 2>&1 || true
fi
echo "installed: ${missing[*]}"
