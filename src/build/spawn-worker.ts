/**
 * Starts one of domindex's worker threads (the build's parsers and reverse indexers, the
 * spelling-variant indexer): from the compiled JavaScript, or, when running from the TypeScript
 * sources (tests, benchmarks), through tsx's loader.
 */
import { Worker } from 'node:worker_threads'

/** A worker entry: its file under the sources' root, without extension. */
export type WorkerEntry = 'build/parse-worker' | 'build/reverse-worker' | 'segments/suggest-worker'

/**
 * A worker thread running one of the worker entries.
 *
 * @param entry - the entry file, from the sources' root, without extension
 * @example
 * ```ts
 * const worker = spawnWorker('build/parse-worker')
 * ```
 */
export function spawnWorker(entry: WorkerEntry): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(`../${entry}.js`, import.meta.url))
  const source = new URL(`../${entry}.ts`, import.meta.url).href
  // The ESM entry of tsx's API, resolved from this file (a CommonJS resolution would find its .cjs).
  const tsx = import.meta.resolve('tsx/esm/api')
  const code = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}) })`
  return new Worker(code, { eval: true })
}

/**
 * The distinct buffers of every typed array in a plain-data value, for a transfer list.
 *
 * @param value - objects, arrays, typed arrays and scalars
 * @example
 * ```ts
 * buffersOf({ a: new Uint32Array(2), b: [new Uint8Array(1)] }).length // 2
 * ```
 */
export function buffersOf(value: unknown): ArrayBuffer[] {
  const found = new Set<ArrayBuffer>()
  const visit = (v: unknown): void => {
    if (ArrayBuffer.isView(v)) {
      if (v.buffer instanceof ArrayBuffer) found.add(v.buffer)
    } else if (Array.isArray(v)) {
      for (const item of v) if (typeof item === 'object' && item !== null) visit(item)
    } else if (typeof v === 'object' && v !== null) {
      for (const key of Object.keys(v)) visit((v as Record<string, unknown>)[key])
    }
  }
  visit(value)
  return [...found]
}
