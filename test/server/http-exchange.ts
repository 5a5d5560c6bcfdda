/**
 * Two ways the server tests talk HTTP: a request through node:http (status, headers, raw body
 * bytes, no decompression), and raw bytes over a TCP socket for what a well-behaved client never
 * sends (oversized heads, bodies, slow heads, unknown methods).
 */
import { request } from 'node:http'
import { connect } from 'node:net'

/** A response as received. */
export interface Received {
  status: number
  headers: Record<string, string | string[] | undefined>
  /** The body bytes as sent (still gzip-compressed when the server compressed them). */
  body: Buffer
}

/**
 * Sends one request without keep-alive and collects the response.
 *
 * @param url - the full URL
 * @param options - method and headers
 */
export function exchange(
  url: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<Received> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: options.method ?? 'GET',
      headers: options.headers ?? {},
      agent: false,
    })
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

/** What a raw exchange received, and whether the server closed the connection. */
export interface RawReceived {
  text: string
  closed: boolean
}

/**
 * Writes bytes to a fresh connection and collects what comes back until the server closes it or
 * `waitMs` pass.
 *
 * @param port - the server's port
 * @param data - the bytes to write
 * @param waitMs - how long to wait for the server to close
 */
export function rawExchange(port: number, data: string | Buffer, waitMs = 3000): Promise<RawReceived> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(data))
    const chunks: Buffer[] = []
    let closed = false
    const done = (): void => {
      clearTimeout(timer)
      socket.destroy()
      resolve({ text: Buffer.concat(chunks).toString('latin1'), closed })
    }
    const timer = setTimeout(done, waitMs)
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('end', () => {
      closed = true
      done()
    })
    socket.on('close', () => {
      closed = true
      done()
    })
    socket.on('error', () => undefined)
  })
}

/**
 * The status, lower-cased headers and body of the first response in raw text.
 *
 * @param text - what a raw exchange received
 */
export function parseRaw(text: string): { status: number; headers: Map<string, string>; body: string } {
  const end = text.indexOf('\r\n\r\n')
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n')
  const headers = new Map<string, string>()
  for (const line of lines) {
    const colon = line.indexOf(':')
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  const length = Number(headers.get('content-length') ?? 0)
  return {
    status: Number(statusLine.split(' ')[1]),
    headers,
    body: text.slice(end + 4, end + 4 + length),
  }
}
