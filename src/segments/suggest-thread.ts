/**
 * Builds a kind's value index on a worker thread (suggest-worker.ts), from the snapshot an engine
 * was read from or from a ClickHouse export, so a server keeps answering its other clients
 * meanwhile.
 */

import { spawnWorker } from '../build/spawn-worker.js'
import { builtIndex } from '../pivots/index-arrays.js'
import type { SuggestKind } from '../pivots/suggest-kinds.js'
import type { ValueIndex } from '../pivots/value-index.js'
import type { SuggestAnswer, SuggestJob } from './suggest-worker.js'

/** A built index, with the file written beside the snapshot or why none was. */
export interface ThreadBuilt {
  readonly index: ValueIndex
  readonly saved?: string
  readonly note?: string
}

/**
 * The indexes built on a worker thread (one a kind asked, built in one pass over the records), or
 * null when the snapshot no longer holds the engine's content (the caller builds from its own
 * records).
 *
 * @throws Error when the worker fails
 * @example
 * ```ts
 * await buildOnThread({ source: 'snapshot', path: 'corpus.dmx', fingerprint: '1-9f3a0c1e', kinds: ['email'] }) // Map { 'email' => { index, saved: 'corpus.dmx.suggest/email' } }
 * ```
 */
export function buildOnThread(job: SuggestJob): Promise<Map<SuggestKind, ThreadBuilt> | null> {
  return new Promise((resolve, reject) => {
    const worker = spawnWorker('segments/suggest-worker')
    let done = false
    worker.on('message', (message: SuggestAnswer) => {
      done = true
      void worker.terminate()
      if ('error' in message) reject(new Error(`domindex: the suggestion worker failed: ${message.error}`))
      else if ('stale' in message) resolve(null)
      else {
        resolve(
          new Map(
            message.built.map(({ kind, arrays, ...rest }) => [kind, { index: builtIndex(arrays), ...rest }]),
          ),
        )
      }
    })
    worker.on('error', reject)
    worker.on('exit', (code) => {
      if (!done) reject(new Error(`domindex: the suggestion worker exited early (code ${code})`))
    })
    worker.postMessage(job)
  })
}
