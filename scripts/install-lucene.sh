#!/usr/bin/env bash
# Installs what the Apache Lucene peer of the benchmarks (bench/lib/lucene-peer.ts) needs, from
# Debian's packages: Lucene 8 (liblucene8-java, 8.8.1 in bookworm; its jars are named
# /usr/share/java/lucene-*-8.7.0.jar, the peer uses lucene-core only) and a headless JDK to compile
# and run bench/lucene/*.java. Idempotent and quiet: does nothing when both are there. Needs root
# (or sudo).
set -euo pipefail
# shellcheck source=scripts/apt-install.sh
source "$(dirname "$0")/apt-install.sh"

missing=()
compgen -G '/usr/share/java/lucene-core-8*.jar' >/dev/null || missing+=(liblucene8-java)
command -v javac >/dev/null 2>&1 || missing+=(default-jdk-headless)
if [ "${#missing[@]}" -eq 0 ]; then
  exit 0
fi

apt_install "${missing[@]}"
