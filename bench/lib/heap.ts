/**
 * Process set-up shared by the benchmarks that hold large corpora: a big enough heap (by running
 * the script again with `--max-old-space-size`) and an exposed `gc`, so that memory figures are
 * taken after a full collection.
 */
import { spawnSync } from 'node:child_process'
import { getHeapStatistics, setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

/**
 * Makes sure the heap limit is at least `megabytes`: if it is smaller, runs this script again in a
 * child process with the larger limit and `--expose-gc`, and exits with the child's status.
 *
 * @param megabytes - the heap the script needs
 * @example
 * ```ts
 * ensureHeap(4096) // returns at once when the limit is already 4 GiB or more
 * ```
 */
export function ensureHeap(megabytes: number): void {
  if (getHeapStatistics().heap_size_limit / 2 ** 20 >= megabytes) return
  const child = spawnSync(
    process.execPath,
    [
      ...process.execArgv,
      `--max-old-space-size=${megabytes}`,
      '--expose-gc',
      process.argv[1] as string,
      ...process.argv.slice(2),
    ],
    { stdio: 'inherit' },
  )
  process.exit(child.status ?? 1)
}

/**
 * Exposes `globalThis.gc` without asking for a node flag, so that memoryNow() measures live data.
 *
 * @example
 * ```ts
 * exposeGc() // globalThis.gc is now a function
 * ```
 */
export function exposeGc(): void {
  if ((globalThis as { gc?: unknown }).gc !== undefined) return
  setFlagsFromString('--expose-gc')
  ;(globalThis as { gc?: unknown }).gc = runInNewContext('gc')
}
