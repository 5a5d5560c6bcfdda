/**
 * The entry of the reverse-index worker: takes the record store's state (its buffers moved, not
 * copied), builds the reverse index from it, and posts back the index state and the store state
 * (typed arrays moved again), while the calling thread builds the DNS indexes.
 */
import { parentPort } from 'node:worker_threads'
import { RecordStore, type RecordStoreState } from '../indexes/record-store.js'
import { ReverseIndex } from '../indexes/reverse/reverse-index.js'
import { buffersOf } from './spawn-worker.js'

const port = parentPort
if (port === null) throw new Error('domindex: reverse-worker.js runs as a worker thread')

port.once('message', (store: RecordStoreState) => {
  try {
    const reverse = ReverseIndex.build(new RecordStore(store)).state
    port.postMessage({ store, reverse }, [...buffersOf(store), ...buffersOf(reverse)])
  } catch (error) {
    port.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) })
  }
})
