#!/usr/bin/env bash
# Installs what the Apache Lucene peer of the benchmarks (bench/lib/lucene-peer.ts) needs, from
# Debian's packages: Lucene 8 (liblucene8-java, 8.8.1 in bookworm; its jars are named
# /usr/share/java/lucene-*-8.7.0.jar, the peer uses lucene-core only) and a headless JDK to compile
# and run bench/lucene/*.java. Idempotent and quiet: does nothing when both are there. Needs root
# (or sudo).
set -euo pipefail

missing=()
compgen -G '/usr/share/java/lucene-core-8*.jar' >/dev/null || missing+=(liblucene8-java)
command -v javac >/dev/null 2>&1 || missing+=(default-jdk-headless)
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
echo "installed: ${missing[*]}"
