/**
 * Writing to the terminal: a whole body as JSON (indented for a person at a terminal, compact for
 * a pipe), and the count of an export's results on stderr (result-output.ts writes the rows).
 */
import { formatCount } from './format.js'
import type { ProgressSink } from './progress.js'
import type { OutputChoice } from './result-output.js'

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
 * Prints an error body: on stdout as the JSON answer, on stderr when stdout holds rows of another
 * format (so a CSV or JSON Lines file never ends in an error object).
 *
 * @returns 1, the exit status of an error answer
 * @example
 * ```ts
 * printError({ format: 'csv', columns: undefined, escapeFormulas: false }, body) // stderr: {"error":...}
 * ```
 */
export function printError(choice: OutputChoice, body: unknown): number {
  if (choice.format === 'json') printJson(body)
  else process.stderr.write(`${JSON.stringify(body)}\n`)
  return 1
}

/**
 * Counts the results of an export (`--all`) on stderr as they are written: a line redrawn every
 * 100 ms on a terminal, a line every 5 s otherwise, and the total at the end.
 *
 * @example
 * ```ts
 * const counter = new ExportCounter(process.stderr)
 * for await (const r of counter.counted(engine.reverseAll({ name: 'acme' }))) write(r)
 * counter.finish() // stderr: domindex query: 1,234 results
 * ```
 */
export class ExportCounter {
  readonly #sink: ProgressSink
  readonly #every: number
  #count = 0
  #last = Date.now()

  /** @param sink - the stream the count goes to */
  constructor(sink: ProgressSink) {
    this.#sink = sink
    this.#every = sink.isTTY === true ? 100 : 5000
  }

  /** The same values, counted as they pass. */
  async *counted<T>(values: AsyncIterable<T>): AsyncIterableIterator<T> {
    for await (const value of values) {
      this.#count++
      if ((this.#count & 255) === 0 && Date.now() - this.#last >= this.#every) this.#draw(false)
      yield value
    }
  }

  /** Writes the total. */
  finish(): void {
    this.#draw(true)
  }

  #draw(last: boolean): void {
    this.#last = Date.now()
    const text = `domindex query: ${formatCount(this.#count)} results${last ? '' : ' so far'}`
    if (this.#sink.isTTY === true) {
      this.#sink.write(`\r${text}\x1b[K${last ? '\n' : ''}`)
    } else this.#sink.write(`${text}\n`)
  }
}
