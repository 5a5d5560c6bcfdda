/**
 * Gatekeeper of the ClickHouse tests: finds the binaries once, and decides what happens when they
 * are missing. In CI (`CI=true`, where `.ci/run` installs them) a missing binary fails the run;
 * elsewhere the ClickHouse tests are skipped with a loud message saying how to install.
 */
import { describe } from 'vitest'
import { type ClusterBinaries, findBinaries } from './local-cluster.js'

const found = findBinaries()

/** The binaries, or null when missing outside CI. */
export const clusterBinaries: ClusterBinaries | null = 'missing' in found ? null : found

if ('missing' in found) {
  const message = `ClickHouse tests need ${found.missing}: run scripts/install-clickhouse.sh (Debian packages clickhouse-server, clickhouse-client, libzookeeper-java and a Java runtime)`
  if (process.env['CI'] === 'true') throw new Error(message)
  console.warn(`\n${'!'.repeat(100)}\nSKIPPING: ${message}\n${'!'.repeat(100)}\n`)
}

/** `describe` when the cluster can run, `describe.skip` otherwise. */
export const describeCluster = clusterBinaries === null ? describe.skip : describe
