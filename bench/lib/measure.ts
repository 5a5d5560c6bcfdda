/**
 * Timing helpers shared by the benchmarks: medians and percentiles of repeated runs, memory
 * snapshots, and a fixed-width table printer. Benchmarks report ratios against a baseline run in
 * the same process on the same data.
 */

/** Milliseconds of each of `runs` calls of `fn`, after `warmup` untimed calls. */
export function sample(fn: () => unknown, runs: number, warmup = 1): number[] {
  for (let i = 0; i < warmup; i++) fn()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    fn()
    times.push(performance.now() - t0)
  }
  return times
}

/** The q-quantile (0…1) of a sample, by nearest rank. */
export function quantile(times: readonly number[], q: number): number {
  const sorted = [...times].sort((a, b) => a - b)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))
  return sorted[rank] ?? Number.NaN
}

/** The median of a sample. */
export function median(times: readonly number[]): number {
  return quantile(times, 0.5)
}

/** Resident, heap and external (typed arrays, buffers) bytes. */
export interface Memory {
  rss: number
  heapUsed: number
  external: number
}

/** Heap and resident bytes after a forced collection (run node with --expose-gc for accuracy). */
export function memoryNow(): Memory {
  const gc = (globalThis as { gc?: () => void }).gc
  if (gc !== undefined) {
    gc()
    gc()
  }
  const { rss, heapUsed, external } = process.memoryUsage()
  return { rss, heapUsed, external }
}

/** What a step added: `after − before`, field by field. */
export function memoryGrowth(after: Memory, before: Memory): Memory {
  return {
    rss: after.rss - before.rss,
    heapUsed: after.heapUsed - before.heapUsed,
    external: after.external - before.external,
  }
}

/** Prints rows as an aligned text table and returns the text. */
export function table(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cells = [header, ...rows].map((row) => row.map((c) => (typeof c === 'number' ? formatNumber(c) : c)))
  const widths = header.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? '').length)))
  const text = cells.map((row) => row.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ')).join('\n')
  console.log(text)
  return text
}

function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n)
  if (Math.abs(n) >= 100) return n.toFixed(0)
  if (Math.abs(n) >= 1) return n.toFixed(2)
  return n.toPrecision(3)
}

/**
 * Milliseconds of calls of `fn` after one untimed call: `runs` calls, or fewer once `budgetMs` of
 * timed calls have passed (at least `minRuns`), so that a slow peer at a large scale keeps to a
 * time budget.
 */
export function sampleWithin(fn: () => unknown, runs: number, budgetMs: number, minRuns = 5): number[] {
  fn()
  const times: number[] = []
  let spent = 0
  while (times.length < runs && (times.length < minRuns || spent < budgetMs)) {
    const t0 = performance.now()
    fn()
    const ms = performance.now() - t0
    times.push(ms)
    spent += ms
  }
  return times
}

/** The median and 99th percentile of a batch's time, in ms. */
export interface Latency {
  median: number
  p99: number
}

/** Times `batches` runs of `run` after one untimed run: the median and p99 of a batch. */
export function timeBatches(run: () => void, batches: number): Latency {
  const times: number[] = []
  run()
  for (let i = 0; i < batches; i++) {
    const t0 = performance.now()
    run()
    times.push(performance.now() - t0)
  }
  return { median: median(times), p99: quantile(times, 0.99) }
}
