/**
 * A minimal ClickHouse HTTP client: SQL in the POST body, rows back as JSONEachRow, inserts as
 * JSONEachRow batches. Written on `node:http` rather than `fetch` because of one server habit:
 * ClickHouse closes an idle keep-alive connection after `keep_alive_timeout` (3 s in Debian's
 * config), and a request sent on it at that moment fails with ECONNRESET before the server read a
 * byte. Node marks such a request `reusedSocket`, which tells exactly when a retry on a fresh
 * connection is safe, also for an INSERT; `fetch` hides that. Every body is a string, so it can be
 * sent again.
 */
import http from 'node:http'
import https from 'node:https'

/** Where a ClickHouse server (or a cluster's load balancer) answers HTTP. */
export interface ClickHouseHttpOptions {
  /** The HTTP interface, e.g. `http://127.0.0.1:8123`; `user:password@` in it is sent as Basic auth. */
  url: string
  /** Milliseconds a single request may take before it is abandoned. Default 300,000. */
  timeoutMs?: number
}

/**
 * An error the ClickHouse server returned (or a connection failure), with the server's text.
 *
 * @example
 * ```ts
 * try { await client.query('SELEC 1') } catch (e) { (e as ClickHouseError).status } // 400 or 500
 * ```
 */
export class ClickHouseError extends Error {
  override readonly name = 'ClickHouseError'
  /** The HTTP status, or 0 when no response came. */
  readonly status: number

  constructor(status: number, message: string) {
    super(`domindex: ClickHouse ${status === 0 ? 'unreachable' : `answered ${status}`}: ${message}`)
    this.status = status
  }
}

const RETRYABLE = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED'])
const DEFAULT_MAX_QUERY_SIZE = 262_144

/**
 * Sends SQL to one ClickHouse server over HTTP.
 *
 * @example
 * ```ts
 * const client = new ClickHouseHttp({ url: 'http://127.0.0.1:8123' })
 * await client.rows<{ n: string }>('SELECT count() AS n FROM system.one') // [{ n: '1' }]
 * client.close()
 * ```
 */
export class ClickHouseHttp {
  readonly #base: URL
  readonly #auth: string | undefined
  readonly #agent: http.Agent
  readonly #timeoutMs: number
  readonly #request: typeof http.request

  constructor(options: ClickHouseHttpOptions) {
    const base = new URL(options.url)
    if (base.protocol !== 'http:' && base.protocol !== 'https:') {
      throw new TypeError(`domindex: ClickHouse url must be http: or https:, got ${base.protocol}`)
    }
    this.#auth =
      base.username === ''
        ? undefined
        : `Basic ${Buffer.from(`${decodeURIComponent(base.username)}:${decodeURIComponent(base.password)}`).toString('base64')}`
    base.username = ''
    base.password = ''
    this.#base = base
    const secure = base.protocol === 'https:'
    this.#agent = secure ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true })
    this.#request = secure ? https.request : http.request
    this.#timeoutMs = options.timeoutMs ?? 300_000
  }

  /**
   * Runs a statement and returns the response body.
   *
   * @param sql - the statement, its values already quoted by `sqlString`
   * @param settings - server settings for this statement, sent as URL parameters
   * @example
   * ```ts
   * await client.query('CREATE DATABASE IF NOT EXISTS dmx') // ''
   * ```
   */
  async query(sql: string, settings: Readonly<Record<string, string>> = {}): Promise<string> {
    // wait_end_of_query buffers the result server-side, so an error after the first rows arrives as
    // an error status instead of being appended to a 200 body.
    const size = Buffer.byteLength(sql)
    // The server parses at most max_query_size bytes (256 KiB by default): a longer statement, such
    // as a filter of a thousand long terms, raises the limit for itself. Shards parse the query as
    // the initiator rewrote it, which can be longer (a 390 KB statement measured 1.2x), hence 4x.
    const limit = size * 4 >= DEFAULT_MAX_QUERY_SIZE ? { max_query_size: String(size * 4) } : {}
    return this.#send(sql, { ...settings, ...limit, wait_end_of_query: '1' })
  }

  /**
   * Runs a SELECT and returns its rows, parsed from JSONEachRow.
   *
   * @param sql - a SELECT without a FORMAT clause
   * @example
   * ```ts
   * await client.rows<{ x: number }>('SELECT 1 AS x') // [{ x: 1 }]
   * ```
   */
  async rows<T>(sql: string): Promise<T[]> {
    const text = await this.query(`${sql}\nFORMAT JSONEachRow`)
    const rows: T[] = []
    let start = 0
    while (start < text.length) {
      let end = text.indexOf('\n', start)
      if (end < 0) end = text.length
      if (end > start) rows.push(JSON.parse(text.slice(start, end)) as T)
      start = end + 1
    }
    return rows
  }

  /**
   * Inserts JSONEachRow lines into a table.
   *
   * @param table - the qualified table name, already validated
   * @param body - newline-terminated JSON objects
   * @example
   * ```ts
   * await client.insert('dmx.whois', '{"key":"example.com",...}\n')
   * ```
   */
  async insert(table: string, body: string): Promise<void> {
    // Synchronous distributed inserts: rows are on their shards when this resolves, so a query
    // right after the export sees them, and a shard failure fails the export instead of a log line.
    await this.#send(body, { query: `INSERT INTO ${table} FORMAT JSONEachRow`, insert_distributed_sync: '1' })
  }

  /** Closes idle connections. */
  close(): void {
    this.#agent.destroy()
  }

  async #send(body: string, params: Readonly<Record<string, string>>): Promise<string> {
    const url = new URL(this.#base)
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
    try {
      return await this.#once(url, body, this.#agent)
    } catch (error) {
      // Other pooled connections may be just as stale (the event loop was busy past the server's
      // timeout), so the one retry opens a connection of its own.
      if (error instanceof StaleSocket) return this.#once(url, body, false)
      throw error
    }
  }

  #once(url: URL, body: string, agent: http.Agent | false): Promise<string> {
    return new Promise((resolve, reject) => {
      const headers: http.OutgoingHttpHeaders = {
        'content-type': 'text/plain; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      }
      if (this.#auth !== undefined) headers.authorization = this.#auth
      const req = this.#request(url, { method: 'POST', agent, headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('error', (error) => reject(new ClickHouseError(0, error.message)))
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          const status = res.statusCode ?? 0
          if (status === 200) resolve(text)
          else reject(new ClickHouseError(status, text.trim().slice(0, 2_000)))
        })
      })
      req.setTimeout(this.#timeoutMs, () => req.destroy(new Error(`no answer within ${this.#timeoutMs} ms`)))
      req.on('error', (error: NodeJS.ErrnoException) => {
        // The server closed an idle kept-alive connection just as it was reused: nothing was read.
        if (req.reusedSocket && (RETRYABLE.has(error.code ?? '') || error.message === 'socket hang up')) {
          reject(new StaleSocket())
        } else {
          reject(new ClickHouseError(0, error.message))
        }
      })
      req.end(body)
    })
  }
}

class StaleSocket extends Error {}
