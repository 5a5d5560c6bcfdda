/**
 * The HTTP/1.1 server of `domindex serve` (SPEC 15), over node:http, in front of anything with
 * `request()`: the embedded engine or `ClickHouseEngine`. Each request is answered with what
 * `request()` answers for its target, method and `Authorization` header, as JSON with the headers
 * `engine.fetch` gives, gzip-compressed when the client accepts it.
 *
 * Before `request()`, the server refuses on its own: a target over 16 KiB (414) and a GET or HEAD
 * with a body (413); a method other than GET or HEAD goes to `request()`, which answers 401, 404
 * or 405 as it does in-process, so a POST learns to use GET rather than that its body is too
 * large. A request with a body is answered with `connection: close`, so that its body is never
 * read. What the parser refuses (head too large or too slow, unknown method, not HTTP) is
 * answered by `client-errors.ts`.
 *
 * The embedded engine answers synchronously, so requests are answered one at a time, one per turn
 * of the event loop, in the order their heads are parsed (see `#inTurn`); compressing runs on the
 * thread pool, beside the next query.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import type { RequestOptions } from '../api/request.js'
import type { ApiResponse } from '../api/responses.js'
import { type ClientError, clientErrorAnswer, writeRawResponse } from './client-errors.js'
import { type ServerLimits, serverLimits } from './limits.js'
import { BODY_REFUSED, HOST_MISSING, LOADING, targetTooLong } from './refusals.js'
import { logLine } from './request-log.js'
import { acceptsGzip, encodeResponse } from './response-encoding.js'

/** What the server answers through: an engine's `request()`. */
export interface ApiAnswerer {
  request(pathAndQuery: string, options: RequestOptions): Promise<ApiResponse>
}

/** Options of {@link ApiServer}. */
export interface ApiServerOptions {
  /** Receives one line per request (no newline). Default: no log. */
  log?: (line: string) => void
  /** Sizes and timeouts; see {@link ServerLimits} for the defaults. */
  limits?: Partial<ServerLimits>
}

/** Where to listen. */
export interface ListenOptions {
  /** The address to bind, e.g. `127.0.0.1`, `::1` or `0.0.0.0`. */
  host: string
  /** The TCP port; 0 picks a free one. */
  port: number
}

/**
 * An HTTP server answering the API through an engine's `request()`. It can listen before the
 * engine is ready (a port in use is then found before a long load), answering 503 until
 * {@link ApiServer.serve} hands it the engine.
 *
 * @example
 * ```ts
 * const server = new ApiServer({ log: (line) => process.stderr.write(`${line}\n`) })
 * const url = await server.listen({ host: '127.0.0.1', port: 0 }) // 'http://127.0.0.1:41234'
 * server.serve(await Engine.open('corpus.dmx'))
 * // curl 'http://127.0.0.1:41234/v1/domain/mx?host=example.com'
 * await server.close() // finishes the requests in flight
 * ```
 */
export class ApiServer {
  readonly #server: Server
  readonly #limits: ServerLimits
  readonly #log: ((line: string) => void) | undefined
  #target: ApiAnswerer | undefined
  #closing = false
  #inFlight = 0
  /** Connections with a response under way: a parser error there must not write a second one. */
  readonly #answering = new WeakSet<Socket>()
  /** Open connections, closed within the shutdown bound once the server is closing. */
  readonly #sockets = new Set<Socket>()
  /** Requests waiting for their turn, in arrival order. */
  readonly #waiting: (() => void)[] = []
  #turnScheduled = false

  constructor(options: ApiServerOptions = {}) {
    this.#limits = serverLimits(options.limits)
    this.#log = options.log
    const limits = this.#limits
    const handler = (req: IncomingMessage, res: ServerResponse): void => {
      void this.#answer(req, res)
    }
    this.#server = createServer(
      {
        maxHeaderSize: limits.maxHeadBytes,
        headersTimeout: limits.headersTimeoutMs,
        requestTimeout: 2 * limits.headersTimeoutMs,
        keepAliveTimeout: limits.keepAliveTimeoutMs,
        connectionsCheckingInterval: limits.timeoutCheckMs,
        // Node's own refusal of a request without Host is a bare 400; #respond answers it in JSON.
        requireHostHeader: false,
      },
      handler,
    )
    this.#server.timeout = limits.idleTimeoutMs
    // `Expect: 100-continue` comes with a body, which is refused: answer without inviting it.
    this.#server.on('checkContinue', handler)
    this.#server.on('connection', (socket: Socket) => {
      this.#sockets.add(socket)
      socket.once('close', () => this.#sockets.delete(socket))
    })
    this.#server.on('clientError', (error: ClientError, socket: Socket) => {
      void this.#refuse(error, socket)
    })
  }

  /**
   * Binds and starts listening.
   *
   * @param options - address and port
   * @returns the server's URL, e.g. `http://127.0.0.1:8080` (`http://[::1]:8080` for IPv6)
   * @throws the listen error, e.g. `EADDRINUSE` when the port is in use
   * @example
   * ```ts
   * await server.listen({ host: '127.0.0.1', port: 0 }) // 'http://127.0.0.1:41234'
   * ```
   */
  listen(options: ListenOptions): Promise<string> {
    const server = this.#server
    return new Promise((resolve, reject) => {
      server.once('error', reject)
      server.listen({ host: options.host, port: options.port }, () => {
        server.off('error', reject)
        // Later errors (accept failing for want of file descriptors) must not end the server.
        server.on('error', (error) => this.#log?.(`domindex: server error: ${error.message}`))
        const { address, family, port } = server.address() as AddressInfo
        resolve(`http://${family === 'IPv6' ? `[${address}]` : address}:${port}`)
      })
    })
  }

  /**
   * Starts answering through `target` (until then every request is a 503).
   *
   * @param target - the engine
   * @example
   * ```ts
   * server.serve(engine)
   * ```
   */
  serve(target: ApiAnswerer): void {
    this.#target = target
  }

  /** The requests being answered now. */
  get inFlight(): number {
    return this.#inFlight
  }

  /**
   * Stops listening, lets the requests in flight finish (each answered with `connection: close`),
   * closes idle connections, and resolves once every connection is closed. Connections are bounded
   * (Node enforces no timeout once a server closes): one without a response under way, such as a
   * client still trickling its request head, is closed after `shutdownMs`; one whose response is
   * still being sent after twice that.
   *
   * @example
   * ```ts
   * process.once('SIGTERM', () => void server.close().then(() => process.exit(0)))
   * ```
   */
  close(): Promise<void> {
    this.#closing = true
    const { shutdownMs } = this.#limits
    const unanswered = setTimeout(() => {
      for (const socket of this.#sockets) if (!this.#answering.has(socket)) socket.destroy()
    }, shutdownMs)
    const all = setTimeout(() => this.#server.closeAllConnections(), 2 * shutdownMs)
    return new Promise((resolve) => {
      this.#server.close(() => {
        clearTimeout(unanswered)
        clearTimeout(all)
        resolve()
      })
      this.#server.closeIdleConnections()
    })
  }

  /**
   * Closes every connection at once, requests in flight included (after {@link ApiServer.close},
   * to stop waiting for them).
   */
  closeNow(): void {
    this.#server.closeAllConnections()
  }

  async #answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const at = new Date()
    const started = performance.now()
    const method = req.method ?? 'GET'
    const target = req.url ?? '/'
    this.#inFlight++
    this.#answering.add(req.socket)
    res.once('close', () => {
      this.#inFlight--
      this.#answering.delete(req.socket)
      const ms = performance.now() - started
      const status = res.headersSent ? res.statusCode : undefined
      const aborted = !res.writableFinished
      this.#log?.(logLine({ at, method, target, status, ms, aborted }))
      // A keep-alive connection that went idle while closing is closed now rather than at its timeout.
      if (this.#closing) setImmediate(() => this.#server.closeIdleConnections())
    })
    try {
      const response = await new Promise<ApiResponse | null>((resolve) => {
        this.#inTurn(() => resolve(req.socket.destroyed ? null : this.#respond(req, method, target)))
      })
      // A client that left while its request waited costs no query (the log says `aborted`).
      if (response === null) return
      const encoded = await encodeResponse(response, acceptsGzip(req.headers['accept-encoding']))
      if (this.#closing || hasBody(req)) encoded.headers['connection'] = 'close'
      if (response === LOADING) encoded.headers['retry-after'] = '1'
      res.writeHead(encoded.status, encoded.headers)
      res.end(encoded.body) // for HEAD, node sends the headers only
    } catch (error) {
      // Not expected: request() never throws and its bodies are plain JSON.
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' })
      const message = `domindex: internal error: ${error instanceof Error ? error.message : String(error)}`
      res.end(JSON.stringify({ error: { code: 'internal', message } }))
    }
  }

  /**
   * Starts `start` in a turn of the event loop of its own, after the requests that arrived before
   * it. The embedded engine answers synchronously, and node:http hands over every request read in
   * one turn before it accepts the next waiting connection: answering them all in that turn let a
   * burst of 64 new connections wait 64 rounds of every admitted connection's query (over a second
   * for the last one at 1 ms a query). One request a turn admits a waiting connection between any
   * two queries. An asynchronous engine (ClickHouse) is only started here: its requests still
   * overlap.
   */
  #inTurn(start: () => void): void {
    this.#waiting.push(start)
    if (!this.#turnScheduled) {
      this.#turnScheduled = true
      setImmediate(this.#nextTurn)
    }
  }

  readonly #nextTurn = (): void => {
    this.#waiting.shift()?.()
    if (this.#waiting.length > 0) setImmediate(this.#nextTurn)
    else this.#turnScheduled = false
  }

  #respond(req: IncomingMessage, method: string, target: string): ApiResponse | Promise<ApiResponse> {
    // Node reads the request line as latin1: one character per byte.
    if (target.length > this.#limits.maxTargetBytes) {
      return targetTooLong(target.length, this.#limits.maxTargetBytes)
    }
    if (req.headers.host === undefined && req.httpVersionMajor === 1 && req.httpVersionMinor >= 1) {
      return HOST_MISSING
    }
    if (this.#target === undefined) return LOADING
    if ((method === 'GET' || method === 'HEAD') && hasBody(req)) return BODY_REFUSED
    const { authorization } = req.headers
    return this.#target.request(target, {
      headers: authorization === undefined ? {} : { authorization },
      method,
    })
  }

  async #refuse(error: ClientError, socket: Socket): Promise<void> {
    const answer = clientErrorAnswer(error, this.#limits)
    if (answer === null || !socket.writable || socket.writableEnded || this.#answering.has(socket)) {
      if (answer === null) socket.destroy()
      return
    }
    // The parser may report again on the bytes that follow; this answer is the only one.
    this.#answering.add(socket)
    await writeRawResponse(socket, answer)
    this.#log?.(logLine({ at: new Date(), method: '-', target: '-', status: answer.status }))
  }
}

/** Whether a request carries a body: a non-zero `Content-Length` or any `Transfer-Encoding`. */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length']
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && Number(length) > 0)
}
