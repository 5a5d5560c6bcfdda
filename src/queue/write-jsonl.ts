/**
 * Export of the prioritisation queue for a collector: one `{"domain","queued_at"}` object a line,
 * in queue order. Written to a temporary file beside the target, then renamed, so a collector
 * polling the path never reads half a file.
 */
import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import type { PrioritizedDomain } from './prioritization-queue.js'

/**
 * Writes entries as JSON Lines, atomically.
 *
 * @param path - the file to write (replaced when it exists)
 * @param entries - the queue's entries
 * @returns the number of lines written
 * @example
 * ```ts
 * await writePrioritizedJsonl('queue.jsonl', engine.prioritized()) // 2; the file holds
 * // {"domain":"example.org","queued_at":"2024-05-01T10:00:00Z"}
 * // {"domain":"example.net","queued_at":"2024-05-01T10:00:05Z"}
 * ```
 */
export async function writePrioritizedJsonl(
  path: string,
  entries: readonly PrioritizedDomain[],
): Promise<number> {
  const temporary = `${path}.${process.pid}.${Date.now()}.tmp`
  const out = createWriteStream(temporary)
  try {
    for (const { domain, queued_at } of entries) {
      if (!out.write(`${JSON.stringify({ domain, queued_at })}\n`)) await once(out, 'drain')
    }
    out.end()
    await once(out, 'finish')
    await rename(temporary, path)
  } catch (error) {
    out.destroy()
    await rm(temporary, { force: true })
    throw error
  }
  return entries.length
}
