/**
 * `--rejects FILE` of `build` and `update`: the kept rejects as JSON Lines, and a note on stderr
 * when more were counted than kept (an engine keeps the first 1,000 in full).
 */
import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import type { Reject } from '../types.js'
import { CommandFailure } from './args.js'
import { formatCount } from './format.js'

/**
 * Writes rejects as `{file, line, reason}` lines, waiting whenever the file's buffer is full.
 *
 * @param path - the file to write (replaced)
 * @param kept - the rejects kept in full
 * @param count - every reject counted, to say when the file holds only the first ones
 * @throws CommandFailure naming the file when it cannot be written
 * @example
 * ```ts
 * await writeRejects('rejects.jsonl', stats.rejects.kept, stats.rejects.count)
 * // rejects.jsonl: {"file":"a.jsonl","line":2,"reason":"..."}
 * ```
 */
export async function writeRejects(path: string, kept: readonly Reject[], count: number): Promise<void> {
  const out = createWriteStream(path)
  try {
    for (const reject of kept) {
      if (!out.write(`${JSON.stringify(reject)}\n`)) await once(out, 'drain')
    }
    out.end()
    await once(out, 'finish')
  } catch (error) {
    out.destroy()
    throw new CommandFailure(
      `cannot write ${path}: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  if (count > kept.length) {
    process.stderr.write(
      `domindex: ${path} holds the first ${formatCount(kept.length)} of ${formatCount(count)} rejects\n`,
    )
  }
}
