/**
 * Bounded uploading of JSONEachRow lines. The streaming loader hands rows over synchronously, a
 * chunk of input at a time; a full batch is sealed, and at each chunk boundary (`drain`, awaited by
 * the loader before it reads on) sealed batches are sent with at most IN_FLIGHT inserts in flight:
 * one being parsed by the server while the next is built. Rows held client-side therefore stay
 * below (IN_FLIGHT + 1) batches plus one chunk's rows, whatever the input's size.
 */
import type { ClickHouseHttp } from './http-client.js'

/** Batch bounds: a batch is sealed when either is reached. */
export interface BatchBounds {
  bytes: number
  rows: number
}

/** Rows built but not yet stored by the server, over every uploader of an export. */
export interface HeldRows {
  count: number
  /** @internal Called whenever the count grows (tests check the memory bound). */
  onGrow?: ((count: number) => void) | undefined
}

/**
 * Inserts under way at most.
 *
 * @example
 * ```ts
 * maxHeldRows <= (IN_FLIGHT + 1) * batchRows + rowsOfOneChunk // true
 * ```
 */
export const IN_FLIGHT = 2

/**
 * Collects rows of one table and inserts them in batches.
 *
 * @example
 * ```ts
 * const upload = new BatchUpload(client, 'dmx.whois_stage', { bytes: 8 << 20, rows: 1e6 }, { count: 0 })
 * upload.add('{"key":"a.com",…}\n')
 * await upload.drain()  // after each chunk of input
 * await upload.finish() // at the end: sends the rest, waits for every insert
 * ```
 */
export class BatchUpload {
  readonly #client: ClickHouseHttp
  readonly #table: string
  readonly #bounds: BatchBounds
  readonly #held: HeldRows
  readonly #sealed: string[][] = []
  readonly #pending = new Set<Promise<void>>()
  #lines: string[] = []
  #bytes = 0
  #failure: { error: unknown } | null = null

  /**
   * @param client - the server connection
   * @param table - the qualified table, already validated
   * @param bounds - when a batch is full
   * @param held - the export's count of rows held client-side
   */
  constructor(client: ClickHouseHttp, table: string, bounds: BatchBounds, held: HeldRows) {
    this.#client = client
    this.#table = table
    this.#bounds = bounds
    this.#held = held
  }

  /** Adds one newline-terminated JSON row; seals the batch when full. */
  add(line: string): void {
    this.#lines.push(line)
    this.#bytes += line.length
    const held = this.#held
    held.count++
    held.onGrow?.(held.count)
    if (this.#bytes >= this.#bounds.bytes || this.#lines.length >= this.#bounds.rows) this.#seal()
  }

  /** Sends the sealed batches, waiting whenever IN_FLIGHT inserts are under way; throws a failed insert's error. */
  async drain(): Promise<void> {
    for (let batch = this.#sealed.shift(); batch !== undefined; batch = this.#sealed.shift()) {
      while (this.#pending.size >= IN_FLIGHT) await Promise.race(this.#pending)
      this.#check()
      this.#send(batch)
    }
    this.#check()
  }

  /** Sends the last batch and waits for every insert. */
  async finish(): Promise<void> {
    if (this.#lines.length > 0) this.#seal()
    await this.drain()
    await Promise.all(this.#pending)
    this.#check()
  }

  /** Waits for the inserts under way, ignoring their outcome (after another failure). */
  async settle(): Promise<void> {
    await Promise.allSettled(this.#pending)
  }

  #seal(): void {
    this.#sealed.push(this.#lines)
    this.#lines = []
    this.#bytes = 0
  }

  #send(lines: string[]): void {
    const rows = lines.length
    const sending = this.#client.insert(this.#table, lines.join('')).then(
      () => {
        this.#held.count -= rows
      },
      (error: unknown) => {
        this.#failure ??= { error }
      },
    )
    this.#pending.add(sending)
    void sending.finally(() => this.#pending.delete(sending))
  }

  #check(): void {
    if (this.#failure !== null) throw this.#failure.error
  }
}
