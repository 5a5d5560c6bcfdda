/**
 * Writes text lines to a file through a stream, in 64 KiB chunks, waiting for `drain` whenever the
 * stream's buffer is full: memory stays constant however many lines are written.
 */
import { once } from 'node:events'
import { createWriteStream, type WriteStream } from 'node:fs'

const CHUNK = 64 * 1024

/**
 * A buffered, backpressure-respecting line writer.
 *
 * @example
 * ```ts
 * const out = new LineWriter('records.jsonl')
 * await out.line('{"a":1}')
 * await out.close()
 * ```
 */
export class LineWriter {
  readonly #stream: WriteStream
  #buffer = ''
  #failure: Error | undefined
  /** Bytes handed to the stream so far (UTF-8). */
  bytes = 0

  /** @param path - the file to create (replaced if it exists) */
  constructor(path: string) {
    this.#stream = createWriteStream(path)
    this.#stream.on('error', (error: Error) => {
      this.#failure = error
    })
  }

  /** Appends one line (a newline is added). */
  async line(text: string): Promise<void> {
    this.#buffer += `${text}\n`
    if (this.#buffer.length >= CHUNK) await this.#flush()
  }

  /** Writes what is buffered, ends the file and waits until it is closed. */
  async close(): Promise<void> {
    await this.#flush()
    this.#stream.end()
    if (this.#failure === undefined) await once(this.#stream, 'close')
    if (this.#failure !== undefined) throw this.#failure
  }

  async #flush(): Promise<void> {
    if (this.#failure !== undefined) throw this.#failure
    const chunk = this.#buffer
    this.#buffer = ''
    this.bytes += Buffer.byteLength(chunk)
    if (!this.#stream.write(chunk)) await once(this.#stream, 'drain')
  }
}
