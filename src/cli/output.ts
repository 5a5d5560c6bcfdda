/**
 * Writing results to stdout: a whole body as JSON (indented for a person at a terminal, compact
 * for a pipe), or a stream of JSON Lines that waits for the pipe to drain.
 */
import { once } from 'node:events'

/**
 * Prints one JSON value on stdout: indented when stdout is a terminal, compact otherwise.
 *
 * @param value - a JSON-serialisable value
 * @example
 * ```ts
 * printJson({ page: 0 }) // stdout: {"page":0}
 * ```
 */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, process.stdout.isTTY ? 2 : undefined)}\n`)
}

/**
 * Writes each value as one JSON line, waiting whenever stdout's buffer is full.
 *
 * @param values - the values, in order
 * @returns how many lines were written
 * @example
 * ```ts
 * await writeJsonLines(engine.reverseAll({ name: 'acme' })) // 3; stdout: three lines
 * ```
 */
export async function writeJsonLines(values: AsyncIterable<unknown>): Promise<number> {
  let count = 0
  for await (const value of values) {
    count++
    if (!process.stdout.write(`${JSON.stringify(value)}\n`)) await once(process.stdout, 'drain')
  }
  return count
}
