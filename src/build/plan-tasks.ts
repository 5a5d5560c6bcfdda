/**
 * Cuts the inputs of a build into parse tasks, in load order. A plain (uncompressed) `.jsonl` or
 * `.ndjson` file larger than the range size becomes byte ranges that threads read at once
 * (load-range.ts); any other file (gzip, JSON arrays, saved envelopes, small files) is one task
 * read whole, because its records cannot be found without reading it from the start.
 */
import { open } from 'node:fs/promises'
import type { Input } from '../ingest/stream.js'
import type { ParseTask } from './parse-task.js'

/** Default range size: large enough to amortise a task, small enough to keep two cores busy. */
export const RANGE_BYTES = 16 << 20

/**
 * The tasks of the inputs, in load order.
 *
 * @param inputs - the checked inputs (stream.ts `inputsOf`), WHOIS first, in the caller's order
 * @param rangeBytes - the range size
 * @example
 * ```ts
 * await planTasks([{ path: 'whois.jsonl', kind: 'whois', declared: undefined, size: 40 << 20 }], 16 << 20)
 * // three tasks: [0, 16 MiB), [16 MiB, 32 MiB), [32 MiB, 40 MiB)
 * ```
 */
export async function planTasks(inputs: readonly Input[], rangeBytes: number): Promise<ParseTask[]> {
  const tasks: ParseTask[] = []
  for (const [source, input] of inputs.entries()) {
    const { path: file, kind, declared, size } = input
    if (size <= rangeBytes || !/\.(jsonl|ndjson)$/i.test(file) || !(await startsUncompressed(file))) {
      tasks.push({ index: tasks.length, source, file, kind, declared })
      continue
    }
    for (let start = 0; start < size; start += rangeBytes) {
      tasks.push({
        index: tasks.length,
        source,
        file,
        kind,
        declared,
        range: { start, end: Math.min(size, start + rangeBytes) },
      })
    }
  }
  return tasks
}

/** False for a gzip file, and for a file that cannot be opened (its whole-file task reports why). */
async function startsUncompressed(path: string): Promise<boolean> {
  try {
    const handle = await open(path, 'r')
    try {
      const head = Buffer.alloc(2)
      const { bytesRead } = await handle.read(head, 0, 2, 0)
      return !(bytesRead === 2 && head[0] === 0x1f && head[1] === 0x8b)
    } finally {
      await handle.close()
    }
  } catch {
    return false
  }
}
