/**
 * The entry of the DNS index worker: takes a frozen observation log (its buffers moved, not
 * copied), builds the MX then the TXT index state, and posts each back (typed arrays moved), while
 * the calling thread builds the reverse index.
 */
import { parentPort } from 'node:worker_threads'
import { buildDnsState } from '../indexes/dns/build.js'
import type { DnsKind } from '../types.js'
import { type FrozenObservations, observationSource } from './observation-log.js'
import { buffersOf } from './spawn-worker.js'

const port = parentPort
if (port === null) throw new Error('domindex: dns-worker.js runs as a worker thread')

port.once('message', (log: FrozenObservations) => {
  try {
    for (const kind of ['mx', 'txt'] as const satisfies readonly DnsKind[]) {
      const state = buildDnsState(kind, observationSource(log, kind))
      port.postMessage({ kind, state }, buffersOf(state))
    }
  } catch (error) {
    port.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) })
  }
})
